"""No accessibility violation on any page, in English and German (issue 28: axe-core, run by
axe-playwright-python in a real headless Chromium; docs/measuring.md).

One server and one set of games for the whole file: the lobby, a seat's dice game page in play,
the window choice, a Life game (masterwork board and apprentice cards), a spectator's view, the
end screen, the card game's page, the Rules help open, the lobby's dialog to log in, "My games"
of a guest and of an account (its menu open too), the daily challenge of a guest and of an
account, a player's profile and a leaderboard. Motion is off, so no colour is read halfway
through a transition.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from test_e2e import browser, create, server, view  # noqa: F401  (fixtures)
from test_e2e_players import rated_game
from web_helpers import DRAFT, PASSWORD

LANGUAGES = ("en", "de")


@dataclass(frozen=True)
class Shown:
    """A page to check: its address, the test id of what shows it is drawn, the test id of a
    button that opens a dialog to check over it, and the session cookie of the account it is
    seen as (none: a guest's)."""

    address: str
    ready: str
    opens: str | None = None
    session: str | None = None


def seat(server: str, game: dict[str, Any]) -> str:  # noqa: F811
    kind = httpx.get(f"{server}/api/games/{game['id']}").json()["game"]
    path = next(e["page"] for e in httpx.get(f"{server}/api/registry").json() if e["name"] == kind)
    return f"{server}{path}/{game['id']}#token={game['seats'][0]['token']}"


def play(server: str, game: dict[str, Any], *, to_the_end: bool = False) -> None:  # noqa: F811
    """Play seat 0 through the API (a draft, else pass, else the first legal action) until its
    first turn of the game's play, or, ``to_the_end``, until the game is over."""
    token = game["seats"][0]["token"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        mine = view(server, game["id"], token)
        legal = mine["legal_actions"]
        if mine["phase"] == "over" or (legal and mine["phase"] == "play" and not to_the_end):
            return
        if not legal:
            time.sleep(0.02)  # a bot's turn
            continue
        drafts = [action for action in legal if DRAFT.match(action)]
        action = drafts[0] if drafts else "pass" if "pass" in legal else legal[0]
        body = {"token": token, "action": action}
        answer = httpx.post(f"{server}/api/games/{game['id']}/actions", json=body)
        assert answer.status_code == 200, answer.text
    pytest.fail("the game did not get there in time")


@pytest.fixture(scope="module")
def pages(server: str) -> dict[str, Shown]:  # noqa: F811
    bots = {"players": 2, "bots": [None, "easy"]}
    choice = create(server, **bots)
    playing = create(server, **bots)
    play(server, playing)
    life = create(server, **bots, masterwork=True, apprentice=True)
    play(server, life)
    over = create(server, **bots)
    play(server, over, to_the_end=True)
    cards = create(server, game="cards")
    # Watched, never opened as the seat (the tab remembers a seat's token it was given).
    watched = create(server, **bots)
    play(server, watched)
    # An account whose games are the one in play and the one over (their guest seats joined
    # it), with a seat offered to it by another.
    held = [{"game": game["id"], "token": game["seats"][0]["token"]} for game in (playing, over)]
    with httpx.Client(base_url=server, headers={"origin": server}) as guest:
        made = guest.post(
            "/api/accounts", json={"name": "Axe", "password": PASSWORD, "seats": held}
        )
        assert made.status_code == 201, made.text
        session = guest.cookies["sagrada_session"]
    with httpx.Client(base_url=server, headers={"origin": server}) as other:
        other.post("/api/accounts", json={"name": "Other", "password": PASSWORD})
        offer = other.post("/api/games", json={"players": 2, "offers": [None, "Axe"]})
        assert offer.status_code == 201, offer.text
        # The daily challenge: one game of the day finished by another account (its board),
        # the other started by the account (its "Continue").
        days = other.get("/api/daily").json()["games"]
        finished = other.post(f"/api/daily/{days[0]['game']}").json()
        attempt = {"id": finished["id"], "seats": [{"token": finished["token"]}]}
        play(server, attempt, to_the_end=True)
        # A rated game of the two, for the profile and the board.
        with httpx.Client(base_url=server, headers={"origin": server}) as axe:
            axe.cookies.set("sagrada_session", session)
            rated_game(server, other, axe, "Axe")
    with httpx.Client(base_url=server, headers={"origin": server}) as axe:
        axe.cookies.set("sagrada_session", session)
        started = axe.post(f"/api/daily/{days[-1]['game']}")
        assert started.status_code == 201, started.text
    return {
        "lobby": Shown(f"{server}/", "game-list"),
        "dice game in play": Shown(seat(server, playing), "pool-die"),
        "window choice": Shown(seat(server, choice), "window-option-1"),
        "Life game": Shown(seat(server, life), "masterwork-board"),
        "spectator": Shown(f"{server}/game/{watched['id']}", "pool-die"),
        "end screen": Shown(seat(server, over), "score-table"),
        "card game": Shown(seat(server, cards), "tool-card"),
        "Rules help": Shown(f"{server}/", "game-list", opens="help-button"),
        "log-in dialog": Shown(f"{server}/", "game-list", opens="account-button"),
        "my games, a guest's": Shown(f"{server}/me", "me-guest"),
        "my games": Shown(f"{server}/me", "me-game", session=session),
        "account menu": Shown(f"{server}/me", "me-game", opens="account-button", session=session),
        "daily challenge, a guest's": Shown(f"{server}/daily", "daily-guest"),
        "daily challenge": Shown(f"{server}/daily", "daily-game", session=session),
        "profile": Shown(f"{server}/players/Axe", "profile-game"),
        "leaderboard": Shown(f"{server}/leaderboard?mode=2p", "board-me-entry", session=session),
    }


def tab_server(shown: Shown) -> str:
    """The server a page to check is on (the origin of its address)."""
    return "/".join(shown.address.split("/")[:3])


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def tab(browser: Browser, language: str) -> Iterator[Page]:  # noqa: F811
    """One tab per language, reused by every page of it."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 1000}, reduced_motion="reduce", locale=language
    )
    context.add_init_script(f"localStorage.setItem('sagrada.language', '{language}')")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    yield tab
    context.close()


@pytest.mark.parametrize(
    "name",
    [
        "lobby",
        "dice game in play",
        "window choice",
        "Life game",
        "spectator",
        "end screen",
        "card game",
        "Rules help",
        "log-in dialog",
        "my games, a guest's",
        "my games",
        "account menu",
        "daily challenge, a guest's",
        "daily challenge",
        "profile",
        "leaderboard",
    ],
)
def test_no_accessibility_violation_on_the_page(
    tab: Page, language: str, pages: dict[str, Shown], name: str
) -> None:
    shown = pages[name]
    tab.context.clear_cookies()
    if shown.session:
        cookie = {"name": "sagrada_session", "value": shown.session, "url": tab_server(shown)}
        tab.context.add_cookies([cookie])
    # A fresh document each time (a fragment-only change of address would not load one).
    tab.goto("about:blank")
    tab.goto(shown.address)
    expect(tab.get_by_test_id(shown.ready).first).to_be_visible()
    # The page speaks the tab's language (what axe reads is in it).
    expect(tab.locator("html")).to_have_attribute("lang", language)
    if shown.opens:
        opener = tab.get_by_test_id(shown.opens)
        # The account's control is drawn once the server says who is here.
        expect(opener).not_to_be_empty()
        opener.click()
        expect(
            tab.locator("dialog[open], [data-testid=account-menu]:not([hidden])")
        ).to_be_visible()
    tab.wait_for_load_state("networkidle")
    results = Axe().run(tab)
    violations = results.response["violations"]
    found = [
        f"{v['id']} ({v['impact']}): {v['help']}: "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:3])
        for v in violations
    ]
    assert not found, f"{name} ({language}):\n" + "\n".join(found)
