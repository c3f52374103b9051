"""The daily challenge's page (``/daily``) in Chromium (issue 29, "The daily challenge";
docs/players.md, "The pages of the players' layer"): an account starts the day's game from the
page, plays a few moves and continues it from the page; a finished attempt shows its score and
its place on the day's board; a guest sees the day and the forms to log in, and no "Play"; the
lobby and the account menu lead to it. Its own server (the fixtures of test_e2e)."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from test_e2e import (  # noqa: F401  (fixtures)
    browser,
    choose_window,
    my_window,
    page,
    seat_of,
    server,
    view,
    wait_for_my_turn,
)
from test_e2e_accounts import SHIFTS, account, account_button, fill_in
from test_e2e_languages import MARKED, assert_all_marked, marked, names_of, speak  # noqa: F401
from test_e2e_lobby import PHONE, TARGETS
from web_helpers import play_humans


def daily_games(server: str) -> list[dict[str, Any]]:  # noqa: F811
    """The day's games, as a guest sees them (GET /api/daily)."""
    games: list[dict[str, Any]] = httpx.get(f"{server}/api/daily").json()["games"]
    return games


def page_path(server: str, game: str) -> str:  # noqa: F811
    """Where the seats' pages of ``game`` are (``/game``, ``/cards``)."""
    return str(
        next(e["page"] for e in httpx.get(f"{server}/api/registry").json() if e["name"] == game)
    )


def log_in_with(page: Page, client: httpx.Client, server: str) -> None:  # noqa: F811
    """Let the page's browser hold the session of ``client`` (an account's)."""
    cookie = client.cookies["sagrada_session"]
    page.context.add_cookies([{"name": "sagrada_session", "value": cookie, "url": server}])


def daily_part(page: Page, game: str) -> Any:  # noqa: F811
    return page.locator(f'[data-testid="daily-game"][data-game="{game}"]')


def place_by_clicking(page: Page, server: str) -> str:  # noqa: F811
    """Draft and place a die of the seat's first legal placement by clicking, on its turn;
    return the cell it went to."""
    wait_for_my_turn(page)
    game_id, token = seat_of(page)
    legal = view(server, game_id, token)["legal_actions"]
    die, cell = next(a for a in legal if re.fullmatch(r"[RYGBP][1-6]@[A-D][1-5]", a)).split("@")
    page.locator(f'[data-testid="pool-die"][data-die="{die}"]').first.click()
    my_window(page).locator(f'[data-cell="{cell}"]').click()
    expect(my_window(page).locator(f'[data-cell="{cell}"]')).to_have_attribute("data-die", die)
    return cell


def test_a_daily_attempt_started_on_the_page_is_continued_from_it(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    dice = next(g["game"] for g in daily_games(server) if page_path(server, g["game"]) == "/game")
    with account(server, "Ada") as ada:
        log_in_with(page, ada, server)
        page.goto(server + "/")
        # The account menu leads to the page.
        expect(account_button(page)).to_have_attribute("data-state", "account")
        account_button(page).click()
        page.get_by_test_id("account-menu-daily").click()
        expect(page).to_have_url(server + "/daily")
        part = daily_part(page, dice)
        expect(part.get_by_test_id("daily-level")).to_have_text(
            "Solo, 3 tool cards · Started by 0 players today"
        )
        expect(part.get_by_test_id("daily-board-none")).to_be_visible()
        part.get_by_test_id("daily-play").click()
        expect(page).to_have_url(re.compile(r"/game/[^/?#]+$"))
        game_id, _ = seat_of(page)
        choose_window(page, 1)
        placed = [place_by_clicking(page, server)]
        # The turn is over once its die is placed and it is passed.
        page.get_by_test_id("pass-button").click()
        placed.append(place_by_clicking(page, server))
        page.goto(server + "/daily")
        part = daily_part(page, dice)
        expect(part.get_by_test_id("daily-level")).to_contain_text("Started by 1 player today")
        expect(part.get_by_test_id("daily-play")).to_have_count(0)
        part.get_by_test_id("daily-continue").click()
        expect(page).to_have_url(re.compile(rf"/game/{game_id}$"))
        for cell in placed:
            expect(my_window(page).locator(f'[data-cell="{cell}"]')).to_have_attribute(
                "data-die", re.compile(r"^[RYGBP][1-6]$")
            )
        wait_for_my_turn(page)


def test_a_finished_attempt_shows_its_score_and_my_place_on_the_days_board(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = daily_games(server)[-1]["game"]
    with account(server, "Bea") as bea:
        started = bea.post(f"/api/daily/{game}")
        assert started.status_code == 201, started.text
        attempt = started.json()
        play_humans(
            bea,  # type: ignore[arg-type]  (an httpx client answers as a TestClient does)
            attempt["id"],
            {attempt["seat"]: attempt["token"]},
            lambda seen: False,
            watch=attempt["token"],
        )
        mine = next(g for g in bea.get("/api/daily").json()["games"] if g["game"] == game)
        points, target = mine["mine"]["points"], mine["mine"]["target"]
        log_in_with(page, bea, server)
        page.goto(server + "/daily")
    part = daily_part(page, game)
    expect(part.get_by_test_id("daily-score")).to_have_text(
        f"Your score: {points - target} ({points} points, target {target})"
    )
    expect(part.get_by_test_id("daily-play")).to_have_count(0)
    row = part.locator('[data-testid="daily-entry"].mine')
    expect(row).to_have_text(re.compile(rf"^1\s*Bea\s*{points - target}\s*{points}$"))
    expect(part.get_by_test_id("daily-my-place")).to_have_text("Your place: 1")
    expect(page.get_by_test_id("daily-streak")).to_have_text(
        "Your daily streak: 1 day in a row (best 1)"
    )


def test_a_guest_sees_the_day_and_logs_in_to_play(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    with account(server, "Cyd"):
        pass
    page.goto(server + "/daily")
    expect(page.get_by_test_id("daily-guest")).to_be_visible()
    expect(page.get_by_test_id("daily-game")).to_have_count(len(daily_games(server)))
    expect(page.get_by_test_id("daily-board")).to_have_count(len(daily_games(server)))
    expect(page.get_by_test_id("daily-play")).to_have_count(0)
    expect(page.get_by_test_id("daily-streak")).to_be_hidden()
    expect(page.get_by_test_id("daily-ends")).to_have_text(
        re.compile(r"^New games at \d\d:\d\d \(in \d+ h \d+ min\)$")
    )
    fill_in(page.get_by_test_id("daily-guest"), "log-in", "Cyd")
    expect(page.get_by_test_id("daily-guest")).to_be_hidden()
    expect(page.get_by_test_id("daily-play")).to_have_count(len(daily_games(server)))
    expect(page.get_by_test_id("daily-streak")).to_have_text(
        "Your daily streak: 0 days in a row (best 0)"
    )


def test_the_day_ends_at_the_next_utc_midnight_in_the_readers_time(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    # A reader in India (UTC+5:30 all year): the day that ends at midnight UTC ends at half
    # past five in the morning, their time.
    context = browser.new_context(timezone_id="Asia/Kolkata")
    try:
        tab = context.new_page()
        tab.goto(server + "/daily")
        expect(tab.get_by_test_id("daily-ends")).to_have_text(
            re.compile(r"^New games at 05:30 \(in \d+ h \d+ min\)$")
        )
    finally:
        context.close()


def test_a_page_shown_before_the_day_ends_shows_the_next_day_after_it(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.clock.install()
    page.goto(server + "/daily")
    expect(page.get_by_test_id("daily-ends")).not_to_be_empty()
    page.evaluate("window.shownFirst = true")
    ends = httpx.get(f"{server}/api/daily").json()["ends"]
    # A minute past the end: the page is asked again (a new document, without the mark).
    page.clock.fast_forward(int((ends - time.time() + 60) * 1000))
    page.wait_for_function("() => window.shownFirst === undefined")
    expect(page.get_by_test_id("daily-game").first).to_be_visible()


def test_the_lobby_links_the_daily_challenge_below_the_starts_without_moving_them(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(server + "/")
    link = page.get_by_test_id("daily-link")
    expect(link).to_contain_text("Daily challenge")
    expect(page.get_by_test_id("start-friends")).to_be_visible()
    starts = page.get_by_test_id("quick-starts").bounding_box()
    box = link.bounding_box()
    assert starts is not None and box is not None
    assert box["y"] >= starts["y"] + starts["height"], "the link is below the quick starts"
    assert box["height"] >= 40 and box["x"] + box["width"] <= PHONE["width"]
    page.wait_for_timeout(500)
    shift = page.evaluate("window.__shift")
    assert shift <= 0.1, f"the lobby's layout shifted by {shift:.3f} (good is at most 0.1)"
    link.click()
    expect(page).to_have_url(server + "/daily")


def test_no_tap_target_on_the_daily_page_is_under_40_px_on_a_phone(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(SHIFTS)
    page.goto(server + "/daily")
    expect(page.get_by_test_id("daily-guest")).to_be_visible()
    expect(page.get_by_test_id("daily-board").first).to_be_visible()
    assert page.evaluate(TARGETS) == []
    with account(server, "Dee") as dee:
        log_in_with(page, dee, server)
    page.goto(server + "/daily")
    expect(page.get_by_test_id("daily-play").first).to_be_visible()
    assert page.evaluate(TARGETS) == []
    page.wait_for_timeout(500)
    shift = page.evaluate("window.__shift")
    assert shift <= 0.1, f"the daily page's layout shifted by {shift:.3f} (good is at most 0.1)"


@pytest.mark.parametrize("who", ["guest", "account"])
def test_the_daily_page_shows_no_word_of_its_own(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    marked: None,  # noqa: F811
    who: str,
) -> None:
    name = f"Eve_{who}"
    with account(server, name) as eve:
        if who == "account":
            log_in_with(page, eve, server)
    speak(page, MARKED)
    page.goto(server + "/daily")
    expect(page.get_by_test_id("daily-board").first).to_be_visible()
    # The names on the day's boards are the accounts' own.
    boards = [httpx.get(server + game["board"]).json() for game in daily_games(server)]
    names = {entry["name"] for board in boards for entry in board["entries"]}
    assert_all_marked(page, names_of(server) | names | {name}, f"the daily page, {who}")
