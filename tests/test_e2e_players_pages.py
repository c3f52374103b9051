"""The players' layer in the lobby and "My games", in Chromium (issue 29; docs/players.md,
"The pages of the players' layer"): a seat offered by name from the lobby's panel of a game
just created appears in that account's "My games", and the server's refusal shows in the
page's language; a rated game's row says so; the switch of turn notices by push in the
settings, with the browser's ``PushManager`` stood in for (as in test_e2e_push) and its states:
off, on, blocked by the browser, not available. Its own server (the fixtures of test_e2e)."""

from __future__ import annotations

import base64
import contextlib
import os
import re
from collections.abc import Iterator

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import Browser, Page, expect

from test_e2e import browser, page, server  # noqa: F401  (fixtures)
from test_e2e_accounts import account, another_browser, fill_in
from test_e2e_lobby import PHONE, TARGETS

# -- a seat offered by name -----------------------------------------------------------------


def test_a_seat_offered_from_the_created_panel_appears_in_the_accounts_my_games(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    with account(server, "Fay"):
        pass
    page.goto(server + "/")
    page.get_by_test_id("start-friends").click()
    created = page.get_by_test_id("start-created")
    form = created.get_by_test_id("offer-form")
    expect(form).to_have_count(1)  # the one other person's seat
    form.get_by_test_id("offer-name").fill("Nobody")
    form.get_by_test_id("offer-submit").click()
    expect(form.get_by_test_id("offer-status")).to_have_text(
        "Not offered: no account is called Nobody"
    )
    form.get_by_test_id("offer-name").fill("Fay")
    form.get_by_test_id("offer-submit").click()
    expect(form.get_by_test_id("offer-status")).to_have_text(
        "Offered to Fay: the seat is in their “My games” now."
    )
    game_id = created.get_by_test_id("invite-link").input_value().split("/")[-1].split("#")[0]
    with another_browser(browser) as elsewhere:
        elsewhere.goto(server + "/me")
        fill_in(elsewhere.get_by_test_id("me-guest"), "log-in", "Fay")
        row = elsewhere.get_by_test_id("me-offered").locator(f'[data-game="{game_id}"]')
        expect(row.get_by_test_id("join-offered")).to_be_visible()


def test_an_offers_refusal_is_in_the_pages_language(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.add_init_script("localStorage.setItem('sagrada.language', 'de')")
    page.set_viewport_size(PHONE)
    page.goto(server + "/")
    page.get_by_test_id("start-friends").click()
    form = page.get_by_test_id("start-created").get_by_test_id("offer-form")
    form.get_by_test_id("offer-name").fill("Niemand")
    form.get_by_test_id("offer-submit").click()
    expect(form.get_by_test_id("offer-status")).to_have_text(
        "Nicht angeboten: Kein Konto heißt Niemand"
    )
    assert page.evaluate(TARGETS) == []


# -- the rated badge ------------------------------------------------------------------------


def test_a_rated_games_row_says_it_is_rated_and_in_which_mode(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Gus") as gus:
        # Every person an account, hints off, a time for a turn, a bot of measured rating.
        rated = gus.post(
            "/api/games", json={"players": 2, "bots": [None, "easy"], "turn_seconds": 600}
        ).json()["id"]
        unrated = gus.post("/api/games", json={"players": 2, "bots": [None, "easy"]}).json()["id"]
    assert httpx.get(f"{server}/api/games/{rated}").json()["rated"] == "2p"
    page.goto(server + "/")
    row = page.locator(f'[data-testid="game-item"][data-game="{rated}"]')
    expect(row.get_by_test_id("rated-badge")).to_have_text("Rated: Two players")
    plain = page.locator(f'[data-testid="game-item"][data-game="{unrated}"]')
    expect(plain).to_be_visible()
    expect(plain.get_by_test_id("rated-badge")).to_have_count(0)
    page.evaluate("localStorage.setItem('sagrada.language', 'de')")
    page.reload()
    expect(row.get_by_test_id("rated-badge")).to_have_text("Gewertet: Zwei Spieler")


# -- push in the settings -------------------------------------------------------------------


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def stand_in_push_manager() -> str:
    """A script standing in for the browser's PushManager: its subscription to a made-up push
    service has keys the server takes (a point of P-256, 16 bytes of auth)."""
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return f"""(() => {{
  let held = null;
  PushManager.prototype.getSubscription = async function () {{ return held; }};
  PushManager.prototype.subscribe = async function (options) {{
    const json = {{
      endpoint: "https://push.example.net/wpush/v2/me",
      expirationTime: null,
      keys: {{ p256dh: "{b64url(point)}", auth: "{b64url(os.urandom(16))}" }},
    }};
    held = {{
      endpoint: json.endpoint,
      options: {{ applicationServerKey: new Uint8Array(options.applicationServerKey).buffer }},
      toJSON: () => json,
      unsubscribe: async () => {{ held = null; return true; }},
    }};
    return held;
  }};
}})();"""


#: What the browser says of notifications on a site where the person blocked them.
BLOCKED = "Object.defineProperty(Notification, 'permission', {get: () => 'denied'});"
#: A browser without the Push API.
NO_PUSH = "delete window.PushManager;"


@contextlib.contextmanager
def settings(browser: Browser, server: str, name: str, *scripts: str) -> Iterator[Page]:  # noqa: F811
    """A tab of a new account ``name``'s settings on "My games", notifications allowed to the
    site, its PushManager stood in for, then ``scripts`` run at each page's start."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.grant_permissions(["notifications"], origin=server)
    context.add_init_script(stand_in_push_manager())
    for script in scripts:
        context.add_init_script(script)
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    with account(server, name) as client:
        cookie = client.cookies["sagrada_session"]
    context.add_cookies([{"name": "sagrada_session", "value": cookie, "url": server}])
    tab.goto(server + "/me#settings")
    expect(tab.get_by_test_id("push-settings")).to_be_visible()
    try:
        yield tab
    finally:
        context.close()
    assert not errors, f"the page threw: {errors}"


def test_the_push_switch_turns_notices_on_and_off_in_this_browser(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    with settings(browser, server, "Hana") as tab:
        switch = tab.get_by_test_id("push-switch")
        state = tab.get_by_test_id("push-state")
        expect(state).to_have_text(
            "Off: this browser tells you nothing while no page of the game is open."
        )
        expect(switch).not_to_be_checked()
        expect(tab.get_by_test_id("push-settings")).to_contain_text("E-mail reaches you anywhere")
        with tab.expect_response(lambda r: r.url.endswith("/api/push/subscriptions")) as sent:
            switch.check()
        assert (sent.value.request.method, sent.value.status) == ("POST", 201)
        expect(state).to_have_text(
            "On: this browser shows a notice when a game waits for you, even with its pages closed."
        )
        expect(switch).to_be_checked()
        # Off again: the server forgets this browser's subscription (a 404 had it none).
        with tab.expect_response(lambda r: r.url.endswith("/api/push/subscriptions")) as sent:
            switch.uncheck()
        assert (sent.value.request.method, sent.value.status) == ("DELETE", 204)
        expect(state).to_have_text(re.compile("^Off: "))
        expect(switch).not_to_be_checked()


def test_the_push_switch_says_how_to_allow_notifications_the_browser_blocks(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    with settings(browser, server, "Ines", BLOCKED) as tab:
        expect(tab.get_by_test_id("push-state")).to_have_text(
            re.compile(r"^Notifications are blocked for this site\. To allow them, .* reload")
        )
        expect(tab.get_by_test_id("push-switch")).to_be_disabled()


def test_the_push_switch_says_why_a_browser_without_push_cannot_have_it(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    with settings(browser, server, "Jon", NO_PUSH) as tab:
        expect(tab.get_by_test_id("push-state")).to_have_text(
            re.compile(r"^Not available: this browser cannot receive push messages")
        )
        expect(tab.get_by_test_id("push-switch")).to_be_disabled()
