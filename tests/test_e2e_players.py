"""Profiles and leaderboards in the pages, in Chromium (issue 29, "Profiles and history",
"Leaderboards"; docs/players.md, "Profiles and leaderboards in the pages"): a player's profile
after a finished rated game (its place, its rating's line, its replay), its games a page at a
time, an unknown name said in words; a board's top entries with my place marked, beyond the
top 100 and in it; the links from the account menu, a game's row and a board to a profile.

Rated games are played through the API. A board of more than 100 accounts is more than is
worth playing: its crowd is made with the players' layer's own calls (an account made as a
sign-up makes it, a solo game's end recorded as a game's end records it) on the test's server,
which runs in this process.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from sagrada.players.results import Ending, SeatEnd, record_ending
from sagrada.registry import entries
from sagrada.web.app import create_app
from sagrada.web.limits import Limits
from test_e2e import browser, page, serving  # noqa: F401  (fixtures)
from test_e2e_accounts import SHIFTS, account, account_button
from test_e2e_languages import MARKED, assert_all_marked, marked, names_of, speak  # noqa: F401
from test_e2e_lobby import PHONE, TARGETS
from web_helpers import DRAFT, PASSWORD

#: The first solo ladder of the games (``solo-1``), as the games' entries declare it.
LADDER = next(f"{e.ladder.key}-{e.ladder.levels[0]}" for e in entries() if e.ladder)
GAME = next(e.name for e in entries() if e.ladder)
#: How many entries a board shows (docs/players.md, "Leaderboards").
TOP = 100
#: Game ids of the recorded solo games, each new.
NUMBERS = itertools.count()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A server of this module: its address and its application."""
    database = tmp_path_factory.mktemp("players") / "players.db"
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0.02,
        limits=Limits(games_per_minute=600, thinking_games_per_address=1000),
    )
    with serving(app) as url:
        yield url, app


@pytest.fixture(scope="module")
def server(served: tuple[str, Any]) -> str:
    return served[0]


def cookie_of(client: httpx.Client) -> str:
    return str(client.cookies["sagrada_session"])


def log_in_page(page: Page, server: str, cookie: str) -> None:  # noqa: F811
    """Make the page's browser one where the account of ``cookie`` is logged in."""
    page.context.add_cookies([{"name": "sagrada_session", "value": cookie, "url": server}])


def play_every_seat(server: str, game_id: str, tokens: dict[int, str]) -> None:
    """Play each seat of ``tokens`` (a draft, else pass, else the first legal action) until
    the game is over (each action's answer, the seat's view after it, says who is next)."""
    deadline = time.monotonic() + 60
    current = httpx.get(f"{server}/api/games/{game_id}/view").json()
    while time.monotonic() < deadline:
        if current["phase"] == "over":
            return
        seat = current["current_player"]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        mine = httpx.get(f"{server}/api/games/{game_id}/view", headers=headers).json()
        legal = mine["legal_actions"]
        drafts = [action for action in legal if DRAFT.match(action)]
        action = drafts[0] if drafts else "pass" if "pass" in legal else legal[0]
        body = {"token": tokens[seat], "action": action}
        answer = httpx.post(f"{server}/api/games/{game_id}/actions", json=body)
        assert answer.status_code in (200, 429), answer.text
        if answer.status_code == 200:
            current = answer.json()
    pytest.fail("the game did not end in time")


def rated_game(server: str, first: httpx.Client, second: httpx.Client, name: str) -> str:
    """Play a rated game of two players to its end: ``first`` makes it with a turn limit and
    offers the other seat to ``second`` (the account ``name``), who takes it."""
    options = {"players": 2, "turn_seconds": 600, "offers": [None, name]}
    made = first.post("/api/games", json=options)
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    joined = second.post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.text
    assert httpx.get(f"{server}/api/games/{game_id}").json()["rated"] == "2p"
    tokens = {0: made.json()["seats"][0]["token"], 1: joined.json()["token"]}
    play_every_seat(server, game_id, tokens)
    return str(game_id)


def solo_result(app: Any, name: str, points: int, target: int = 0) -> None:
    """Record the end of a solo game of :data:`LADDER` for the account ``name``, as a game's
    end records it."""
    found = app.state.players.accounts.find(name)
    seat = SeatEnd(0, found.id, None, 1, points, points >= target, False)
    ending = Ending(f"solo{next(NUMBERS)}", GAME, 1, (seat,), target, None, LADDER, None)
    with app.state.store.engine.begin() as conn:
        record_ending(conn, ending)


def test_a_profile_shows_a_rated_games_place_rating_line_and_replay(
    server: str,
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Ada") as ada, account(server, "Bob") as bob:
        game_id = rated_game(server, ada, bob, "Bob")
    played = httpx.get(f"{server}/api/players/ada").json()
    (game,) = played["games"]["list"]
    rating = played["ratings"][0]
    page.goto(f"{server}/players/ada")  # a name ignores case
    expect(page.get_by_test_id("profile-name")).to_have_text("Ada")
    expect(page).to_have_title("Sagrada — Ada")
    row = page.get_by_test_id("profile-game")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(f"place {game['place']} of 2")
    expect(row).to_contain_text(f"{game['points']} points")
    expect(row.get_by_test_id("rated-mark")).to_have_text("Rated: Two players")
    expect(row.get_by_test_id("abandoned-mark")).to_have_count(0)
    two = page.locator('[data-testid="rating"][data-mode="2p"]')
    expect(two.get_by_test_id("rating-value")).to_have_text(str(rating["rating"]["display"]))
    expect(two).to_contain_text("1 rated game")
    # One point of history: a dot, and its words for whoever cannot see it.
    line = two.get_by_test_id("rating-line")
    expect(line).to_have_attribute("data-points", "1")
    expect(line).to_have_attribute(
        "aria-label", f"Rating after one rated game: {rating['rating']['display']}"
    )
    multi = page.locator('[data-testid="rating"][data-mode="multi"]')
    expect(multi.get_by_test_id("rating-value")).to_have_text("Not rated yet")
    wins = "1 now, best 1" if game["won"] else "0 now, best 0"
    expect(page.locator('[data-streak="wins"]')).to_have_text(wins)
    expect(page.get_by_test_id("solo")).to_be_hidden()  # no solo game: said in words
    row.get_by_test_id("replay-game").click()
    expect(page).to_have_url(f"{server}/game/{game_id}")
    expect(page.get_by_test_id("score-table")).to_be_visible()


def test_a_rating_line_has_a_point_per_rated_game_and_says_where_it_went(
    server: str,
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Cyd") as cyd, account(server, "Dee") as dee:
        for _ in range(2):
            rated_game(server, cyd, dee, "Dee")
    history = [
        p["display"] for p in httpx.get(f"{server}/api/players/Cyd").json()["ratings"][0]["history"]
    ]
    page.goto(f"{server}/players/Cyd")
    line = page.locator('[data-mode="2p"]').get_by_test_id("rating-line")
    expect(line).to_have_attribute("data-points", "2")
    expect(line).to_have_attribute(
        "aria-label",
        f"Rating after each of 2 rated games: from {history[0]} to {history[1]}, "
        f"highest {max(history)}, lowest {min(history)}",
    )


def test_a_name_no_account_has_is_said_in_words(
    server: str,
    page: Page,  # noqa: F811
) -> None:
    page.goto(f"{server}/players/Nobody")
    missing = page.get_by_test_id("profile-missing")
    expect(missing).to_be_visible()
    expect(page.get_by_test_id("missing-title")).to_have_text("No player is called Nobody")
    expect(page.get_by_test_id("ratings")).to_be_hidden()


def test_a_profiles_games_come_a_page_at_a_time_newest_first(
    served: tuple[str, Any],
    page: Page,  # noqa: F811
) -> None:
    server, app = served
    with account(server, "Eve"):
        pass
    # 51 solo games, the newest the last recorded (its points 50): a page holds 50.
    for points in range(51):
        solo_result(app, "Eve", points, target=10)
    page.goto(f"{server}/players/Eve")
    games = page.get_by_test_id("profile-game")
    expect(games).to_have_count(50)
    expect(games.first.get_by_test_id("game-points")).to_have_text("50 points, target 10")
    expect(page.get_by_test_id("games-page")).to_have_text("Page 1 of 2")
    # The ladder's scores: the best 50 - 10, the mean of -10 … 40.
    ladder = page.locator(f'[data-ladder="{LADDER}"]')
    expect(ladder).to_have_text("Solo, 1 tool card" + "51" + "40" + "15")
    page.get_by_test_id("games-next").click()
    expect(page).to_have_url(f"{server}/players/Eve?page=2")
    expect(games).to_have_count(1)
    expect(games.first.get_by_test_id("game-points")).to_have_text("0 points, target 10")
    expect(page.get_by_test_id("games-next")).to_have_attribute("aria-disabled", "true")
    page.get_by_test_id("games-previous").click()
    expect(page.get_by_test_id("games-page")).to_have_text("Page 1 of 2")


def test_a_board_marks_my_place_beyond_its_top_100_and_then_in_it(
    served: tuple[str, Any],
    page: Page,  # noqa: F811
) -> None:
    server, app = served
    for number in range(TOP):
        app.state.players.accounts.create(f"Crowd{number:03d}", PASSWORD, "en")
        solo_result(app, f"Crowd{number:03d}", 200 - number)
    with account(server, "Fay") as fay:
        cookie = cookie_of(fay)
    solo_result(app, "Fay", 50)  # below each of the crowd's 200 … 101
    log_in_page(page, server, cookie)
    page.goto(f"{server}/leaderboard?mode={LADDER}")
    expect(page.get_by_test_id("board-entry")).to_have_count(TOP)
    mine = page.get_by_test_id("board-me-entry")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text("101")
    expect(mine).to_contain_text("You")
    expect(page.get_by_test_id("board-me")).to_have_text("Your place: 101")
    # Every name on the board leads to its profile.
    first = page.get_by_test_id("board-entry").first
    expect(first).to_contain_text("Crowd000")
    expect(first.locator("a")).to_have_attribute("href", "/players/Crowd000")
    solo_result(app, "Fay", 300)  # ahead of everyone now
    page.reload()
    expect(page.get_by_test_id("board-me")).to_have_text("Your place: 1")
    rows = page.locator("[data-testid=board-entries] tr")
    expect(rows).to_have_count(TOP)  # no row beyond the top: mine is in it
    expect(rows.first).to_have_attribute("aria-current", "true")
    expect(rows.first).to_contain_text("Fay")
    # A guest is told how to see their place.
    page.context.clear_cookies()
    page.reload()
    expect(page.get_by_test_id("board-me")).to_have_text("Log in to see your place.")
    expect(page.get_by_test_id("board-me-entry")).to_have_count(0)


def test_the_board_is_chosen_from_the_servers_list_and_a_daily_boards_game_too(
    server: str,
    page: Page,  # noqa: F811
) -> None:
    boards = httpx.get(f"{server}/api/leaderboard").json()["boards"]
    page.goto(f"{server}/leaderboard")
    # The server's first board by default (two players' ratings), none named in the page.
    expect(page.get_by_test_id("board-mode")).to_have_value(boards[0]["mode"])
    expect(page.get_by_test_id("board-game")).to_be_hidden()
    options = page.get_by_test_id("board-mode").locator("option")
    expect(options).to_have_count(len(boards))
    # Today's daily challenge, of the first game that has one.
    page.get_by_test_id("board-mode").select_option("daily")
    daily = httpx.get(f"{server}/api/daily").json()
    expect(page.get_by_test_id("board-game")).to_have_value(daily["games"][0]["game"])
    expect(page.get_by_test_id("board-about")).to_contain_text(daily["day"])
    page.get_by_test_id("board-game").select_option(daily["games"][-1]["game"])
    expect(page).to_have_url(f"{server}/leaderboard?mode=daily&game={daily['games'][-1]['game']}")
    page.get_by_test_id("board-mode").select_option(boards[0]["mode"])
    expect(page).to_have_url(f"{server}/leaderboard?mode={boards[0]['mode']}")
    expect(page.get_by_test_id("board-game")).to_be_hidden()
    expect(page.get_by_test_id("board")).to_contain_text("Rating")
    page.go_back()
    expect(page.get_by_test_id("board-game")).to_have_value(daily["games"][-1]["game"])


def test_the_menu_a_games_row_and_a_board_lead_to_profiles(
    server: str,
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Gus") as gus:
        made = gus.post("/api/games", json={"players": 2})  # open: the lobby lists it
        assert made.status_code == 201, made.text
        cookie = cookie_of(gus)
    log_in_page(page, server, cookie)
    page.goto(f"{server}/")
    row = page.locator(f'[data-game="{made.json()["id"]}"]')
    row.get_by_test_id("seat-profile").click()
    expect(page).to_have_url(f"{server}/players/Gus")
    expect(page.get_by_test_id("profile-name")).to_have_text("Gus")
    # Each page asks who is logged in as it starts: its menu is Gus's once the button says so.
    expect(account_button(page)).to_have_text("Gus")
    account_button(page).click()
    page.get_by_test_id("account-menu-leaderboards").click()
    expect(page).to_have_url(f"{server}/leaderboard")
    expect(account_button(page)).to_have_text("Gus")
    account_button(page).click()
    page.get_by_test_id("account-menu-profile").click()
    expect(page).to_have_url(f"{server}/players/Gus")


@pytest.fixture(scope="module")
def veteran(server: str) -> tuple[str, str]:
    """Jan, after a rated game against Kit (played once for the tests that only need an
    account with one): the name and Jan's session cookie."""
    with account(server, "Jan") as jan, account(server, "Kit") as kit:
        rated_game(server, jan, kit, "Kit")
        return "Jan", cookie_of(jan)


@pytest.mark.parametrize("where", ["/players/{name}", "/leaderboard?mode=2p"])
def test_the_pages_fit_a_phone_and_do_not_move_as_they_load(
    server: str,
    page: Page,  # noqa: F811
    where: str,
    veteran: tuple[str, str],
) -> None:
    name, cookie = veteran
    log_in_page(page, server, cookie)
    page.set_viewport_size(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(server + where.format(name=name))
    expect(
        page.locator("[data-testid=profile-game], [data-testid=board-entry]").first
    ).to_be_visible()
    page.wait_for_timeout(500)
    shift = page.evaluate("window.__shift")
    assert shift <= 0.1, f"{where}: the layout shifted by {shift:.3f} (good is at most 0.1)"
    assert page.evaluate(TARGETS) == []


def test_the_pages_show_no_word_of_their_own(
    server: str,
    page: Page,  # noqa: F811
    marked: None,  # noqa: F811
    veteran: tuple[str, str],
) -> None:
    log_in_page(page, server, veteran[1])
    speak(page, MARKED)
    names = names_of(server) | {"Jan", "Kit"}
    page.goto(f"{server}/players/Jan")
    expect(page.get_by_test_id("profile-game")).to_have_count(1)
    assert_all_marked(page, names, "a profile")
    page.goto(f"{server}/players/Nobody")
    expect(page.get_by_test_id("profile-missing")).to_be_visible()
    assert_all_marked(page, names | {"Nobody"}, "no such profile")
    page.goto(f"{server}/leaderboard?mode=2p")
    expect(page.get_by_test_id("board-me-entry")).to_be_visible()
    board = httpx.get(f"{server}/api/leaderboard", params={"mode": "2p"}).json()
    names |= {entry["name"] for entry in board["entries"]}
    assert_all_marked(page, names, "a leaderboard")
