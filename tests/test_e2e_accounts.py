"""Accounts in the pages, in Chromium (issue 29, "Accounts, optional"; docs/web-api.md,
"Accounts in the pages"): the lobby's "Log in" opens the forms to log in and sign up; signing
up brings the guest games of this browser into the account; "My games" (``/me``) lists the
account's games in any browser, its turn first, and takes it into its seat or an offered one;
the server's reason shows when it refuses. Its own server (the fixtures of test_e2e)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, expect

from test_e2e import (  # noqa: F401  (fixtures)
    browser,
    page,
    seat_address,
    seat_of,
    server,
    view,
)
from test_e2e_languages import MARKED, assert_all_marked, marked, names_of, speak  # noqa: F401
from test_e2e_lobby import PHONE, TARGETS

#: A script for a page's start that adds up how far its layout shifts (in window.__shift).
SHIFTS = """window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shift += entry.value;
  }
}).observe({type: "layout-shift", buffered: true});"""
#: A password of the accounts made here (long enough).
PASSWORD = "correct horse battery"


@contextlib.contextmanager
def account(server: str, name: str) -> Iterator[httpx.Client]:  # noqa: F811
    """A client of a new account ``name``, logged in, sending the pages' ``Origin``."""
    with httpx.Client(base_url=server, headers={"origin": server}) as client:
        made = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        yield client


def make_account(server: str, name: str) -> None:  # noqa: F811
    """Make the account ``name`` (from another browser)."""
    with account(server, name):
        pass


def summary(server: str, game_id: str) -> dict[str, Any]:  # noqa: F811
    return dict(httpx.get(f"{server}/api/games/{game_id}").json())


def account_button(page: Page) -> Locator:  # noqa: F811
    return page.get_by_test_id("account-button")


def fill_in(where: Locator, how: str, name: str, password: str = PASSWORD) -> None:
    """Send the form ``how`` (``log-in``, ``sign-up``) of the account forms in ``where``."""
    where.get_by_test_id(f"account-tab-{how}").click()
    form = where.get_by_test_id(f"{how}-form")
    form.get_by_test_id("account-name").fill(name)
    form.get_by_test_id("account-password").fill(password)
    form.get_by_test_id("account-submit").click()


def enter(page: Page, how: str, name: str, password: str = PASSWORD) -> None:  # noqa: F811
    """Log in or sign up through the top bar's dialog (as a guest)."""
    expect(account_button(page)).to_have_attribute("data-state", "guest")
    account_button(page).click()
    dialog = page.get_by_test_id("account-dialog")
    expect(dialog).to_be_visible()
    fill_in(dialog, how, name, password)


@contextlib.contextmanager
def another_browser(browser: Browser) -> Iterator[Page]:  # noqa: F811
    """A tab of another browser (nothing of the first one's storage or cookies), failing the
    test on an error thrown in it or a refusal of the Content-Security-Policy."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))

    def refused(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            errors.append(message.text)

    tab.on("console", refused)
    try:
        yield tab
    finally:
        context.close()
    assert not errors, f"the page threw: {errors}"


def test_signing_up_in_the_lobby_brings_this_browsers_guest_game_into_my_games(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("start-bots").click()
    expect(page).to_have_url(seat_address("game"))
    game_id, _ = seat_of(page)
    page.goto(server + "/")
    expect(account_button(page)).to_have_text("Log in")
    enter(page, "sign-up", "Ada")
    expect(account_button(page)).to_have_text("Ada")
    expect(page.get_by_test_id("account-dialog")).to_be_hidden()
    seat = summary(server, game_id)["seats"][0]
    assert (seat["name"], seat["account"]) == ("Ada", True)
    account_button(page).click()
    page.get_by_test_id("account-menu-my-games").click()
    expect(page).to_have_url(server + "/me")
    row = page.get_by_test_id("me-turn").locator(f'[data-game="{game_id}"]')
    expect(row).to_contain_text("Your turn")
    expect(row).to_contain_text("Ada — person")


def test_logging_out_and_in_again_from_the_lobby(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    make_account(server, "Bea")
    page.goto(server + "/")
    # The dialog opens on its name field; Escape closes it, back to the button.
    expect(account_button(page)).to_have_attribute("data-state", "guest")
    account_button(page).click()
    expect(page.get_by_test_id("log-in-form").get_by_test_id("account-name")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("account-dialog")).to_be_hidden()
    expect(account_button(page)).to_be_focused()
    enter(page, "log-in", "bea")  # a name ignores case
    expect(account_button(page)).to_have_text("Bea")
    account_button(page).click()
    expect(page.get_by_test_id("account-menu")).to_be_visible()
    page.get_by_test_id("account-menu-log-out").click()
    expect(account_button(page)).to_have_text("Log in")
    assert page.context.request.get(server + "/api/me").json() == {"account": None}
    page.reload()
    expect(account_button(page)).to_have_text("Log in")
    enter(page, "log-in", "Bea")
    expect(account_button(page)).to_have_text("Bea")
    page.reload()
    expect(account_button(page)).to_have_text("Bea")


def test_a_wrong_password_shows_the_servers_reason_and_logs_nobody_in(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    make_account(server, "Cleo")
    page.goto(server + "/")
    enter(page, "log-in", "Cleo", "not the password at all")
    error = page.get_by_test_id("log-in-form").get_by_test_id("account-error")
    expect(error).to_have_text("Could not log in: wrong name or password.")
    expect(account_button(page)).to_have_text("Log in")
    # A name out of the rules is refused with the rule, in the page's language.
    page.evaluate("localStorage.setItem('sagrada.language', 'de')")
    page.reload()
    enter(page, "sign-up", "Cl")
    error = page.get_by_test_id("sign-up-form").get_by_test_id("account-error")
    expect(error).to_have_text(
        "Das Konto ließ sich nicht anlegen: Name: 3 bis 20 Buchstaben, Ziffern, _ oder -."
    )


def test_my_games_in_another_browser_lists_the_game_on_its_turn_and_opens_its_seat(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    page.goto(server + "/")
    enter(page, "sign-up", "Dora")
    expect(account_button(page)).to_have_text("Dora")
    page.get_by_test_id("start-bots").click()
    expect(page).to_have_url(seat_address("game"))
    game_id, _ = seat_of(page)
    with another_browser(browser) as elsewhere:
        elsewhere.goto(server + "/me")
        guest = elsewhere.get_by_test_id("me-guest")
        expect(guest).to_be_visible()
        fill_in(guest, "log-in", "Dora")
        row = elsewhere.get_by_test_id("me-turn").locator(f'[data-game="{game_id}"]')
        expect(row).to_contain_text("Your turn")
        row.get_by_test_id("play-game").click()
        expect(elsewhere).to_have_url(seat_address("game"))
        assert seat_of(elsewhere)[0] == game_id
        assert view(server, game_id, seat_of(elsewhere)[1])["seat"] == 0
        expect(elsewhere.get_by_test_id("turn-indicator")).to_contain_text("Your turn")
        expect(elsewhere.get_by_test_id("window-option-1")).to_be_enabled()
        # This browser remembers the seat now ("Continue" in the lobby, a reload).
        remembered = json.loads(elsewhere.evaluate("localStorage.getItem('sagrada.tokens')"))
        assert remembered[game_id]["seat"] == 0


def test_the_lobby_of_another_browser_offers_to_continue_the_accounts_games(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    with account(server, "Ned") as ned:
        made = ned.post("/api/games", json={"players": 2, "bots": [None, "random"]})
        assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    with another_browser(browser) as elsewhere:
        elsewhere.goto(server + "/")
        expect(account_button(elsewhere)).to_have_attribute("data-state", "guest")
        account_button(elsewhere).click()
        fill_in(elsewhere.get_by_test_id("account-dialog"), "log-in", "Ned")
        expect(account_button(elsewhere)).to_have_text("Ned")
        elsewhere.goto(server + "/")
        row = elsewhere.get_by_test_id("continue-item").and_(
            elsewhere.locator(f'[data-game="{game_id}"]')
        )
        expect(row).to_be_visible()


def test_a_seat_offered_to_me_is_joined_from_my_games(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    make_account(server, "Fay")
    with account(server, "Eli") as eli:
        offered = eli.post("/api/games", json={"players": 2, "offers": [None, "Fay"]})
        assert offered.status_code == 201, offered.text
    game_id = offered.json()["id"]
    page.goto(server + "/me")
    fill_in(page.get_by_test_id("me-guest"), "log-in", "Fay")
    row = page.get_by_test_id("me-offered").locator(f'[data-game="{game_id}"]')
    expect(row).to_contain_text("Eli — person")
    row.get_by_test_id("join-offered").click()
    expect(page).to_have_url(seat_address("game"))
    joined, token = seat_of(page)
    assert joined == game_id
    assert view(server, game_id, token)["seat"] == 1
    seat = summary(server, game_id)["seats"][1]
    assert (seat["name"], seat["account"], seat["claimed"]) == ("Fay", True, True)


def test_my_games_turns_into_a_guests_page_when_its_session_is_ended_elsewhere(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Nia") as elsewhere:
        page.goto(server + "/me")
        fill_in(page.get_by_test_id("me-guest"), "log-in", "Nia")
        expect(page.get_by_test_id("settings")).to_be_visible()
        assert elsewhere.delete("/api/me/sessions").json() == {"ended": 1}
        # The next look at the account's games (every few seconds) finds no session: the page
        # is a guest's.
        expect(page.get_by_test_id("me-guest")).to_be_visible(timeout=20_000)
        expect(account_button(page)).to_have_text("Log in")


def test_the_settings_keep_an_address_and_end_the_other_sessions(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Gil") as elsewhere:  # another browser, logged in first
        page.goto(server + "/me")
        fill_in(page.get_by_test_id("me-guest"), "log-in", "Gil")
        sessions = page.get_by_test_id("session")
        expect(sessions).to_have_count(2)
        expect(page.locator('[data-testid="session"][data-current="true"]')).to_contain_text(
            "This browser"
        )
        page.get_by_test_id("account-email").fill("gil@example.org")
        page.get_by_test_id("save-email").click()
        expect(page.get_by_test_id("settings-status")).to_have_text("Saved.")
        with page.expect_response(lambda answer: answer.request.method == "PATCH"):
            page.get_by_test_id("account-email-turns").check()
        expect(page.get_by_test_id("settings-status")).to_have_text("Saved.")
        page.get_by_test_id("account-email").fill("not an address")
        page.get_by_test_id("save-email").click()
        expect(page.get_by_test_id("settings-status")).to_have_text(
            "Not saved: email: that is not an e-mail address."
        )
        page.get_by_test_id("end-other-sessions").click()
        status = page.get_by_test_id("settings-status")
        expect(status).to_have_text("Logged out of 1 other browser.")
        expect(sessions).to_have_count(1)
        assert elsewhere.get("/api/me").json() == {"account": None}
        kept = page.context.request.get(server + "/api/me").json()["account"]
        assert (kept["email"], kept["email_turns"]) == ("gil@example.org", True)


def test_no_tap_target_on_my_games_is_under_40_px_on_a_phone(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(server + "/me")
    expect(page.get_by_test_id("me-guest")).to_be_visible()
    assert page.evaluate(TARGETS) == []
    with account(server, "Hal") as hal:
        hal.post("/api/games", json={"players": 2, "bots": [None, "easy"]})
    with account(server, "Ivy") as ivy:
        ivy.post("/api/games", json={"players": 2, "offers": [None, "Hal"]})
    fill_in(page.get_by_test_id("me-guest"), "log-in", "Hal")
    expect(page.get_by_test_id("me-offered").get_by_test_id("join-offered")).to_be_visible()
    expect(page.get_by_test_id("session")).to_have_count(2)
    assert page.evaluate(TARGETS) == []
    account_button(page).click()
    expect(page.get_by_test_id("account-menu")).to_be_visible()
    assert page.evaluate(TARGETS) == []


def test_my_games_does_not_move_as_it_loads(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Oli") as oli:
        for _ in range(3):
            oli.post("/api/games", json={"players": 2, "bots": [None, "easy"]})
        cookie = oli.cookies["sagrada_session"]
    page.context.add_cookies([{"name": "sagrada_session", "value": cookie, "url": server}])
    page.set_viewport_size(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(server + "/me")
    expect(page.get_by_test_id("me-game")).to_have_count(3)
    expect(page.get_by_test_id("session")).to_have_count(1)  # the cookie of this browser
    page.wait_for_timeout(500)
    shift = page.evaluate("window.__shift")
    assert shift <= 0.1, f"My games' layout shifted by {shift:.3f} (good is at most 0.1)"


def test_the_lobby_does_not_move_when_the_account_arrives(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Jo_the_long_name_20") as jo:
        cookie = jo.cookies["sagrada_session"]
    page.context.add_cookies([{"name": "sagrada_session", "value": cookie, "url": server}])
    page.set_viewport_size(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(server + "/")
    expect(account_button(page)).to_have_text("Jo_the_long_name_20")
    box = account_button(page).bounding_box()
    assert box is not None and box["height"] >= 40 and box["x"] + box["width"] <= PHONE["width"]
    page.wait_for_timeout(500)
    shift = page.evaluate("window.__shift")
    assert shift <= 0.1, f"the lobby's layout shifted by {shift:.3f} (good is at most 0.1)"


def test_the_account_pages_show_no_word_of_their_own(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    marked: None,  # noqa: F811
) -> None:
    with account(server, "Kim") as kim:
        kim.post("/api/games", json={"players": 2, "bots": [None, "easy"], "names": ["Kim", "Bo"]})
    with account(server, "Lee") as lee:
        offer = {"players": 2, "names": ["Lee", "Mo"], "offers": [None, "Kim"]}
        lee.post("/api/games", json=offer)
    speak(page, MARKED)
    page.goto(server + "/me")
    guest = page.get_by_test_id("me-guest")
    expect(guest).to_be_visible()
    names = names_of(server) | {"Kim", "Lee", "Mo", "Bo"}
    assert_all_marked(page, names, "my games, a guest's")
    fill_in(guest, "log-in", "Kim")
    expect(page.get_by_test_id("me-offered").get_by_test_id("me-game")).to_be_visible()
    expect(page.get_by_test_id("session")).to_have_count(2)
    # A browser is named as its user agent names it (product names), its whole agent the
    # title of its name.
    agents = (
        page.get_by_test_id("session")
        .locator("strong")
        .evaluate_all(
            "nodes => nodes.flatMap(node => [node.title, ...node.textContent.split(/\\W+/)])"
        )
    )
    names |= set(agents)
    assert_all_marked(page, names, "my games")
    account_button(page).click()
    expect(page.get_by_test_id("account-menu")).to_be_visible()
    assert_all_marked(page, names, "the account's menu")
    page.get_by_test_id("account-menu-log-out").click()
    expect(page.get_by_test_id("me-guest")).to_be_visible()
    page.goto(server + "/")
    enter(page, "sign-up", "x")
    expect(page.get_by_test_id("sign-up-form").get_by_test_id("account-error")).not_to_be_empty()
    assert_all_marked(page, names, "the dialog to log in")
