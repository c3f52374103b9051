"""The lobby's lists in Chromium (issue: "the lobby fills with junk"): a page at a time, and
the finished games apart, each with its replay. Its own server (the fixtures of test_e2e)."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect

from sagrada.web.app import LOBBY_PAGE
from test_e2e import browser, create, page, server  # noqa: F401  (fixtures)


def test_the_lobby_pages_its_games_and_lists_finished_ones_with_their_replay(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    over = create(server, players=2, bots=["random", "random"])["id"]
    for _ in range(LOBBY_PAGE + 2):
        create(server, players=2)
    deadline = time.monotonic() + 60
    while httpx.get(f"{server}/api/games/{over}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    page.goto(server + "/")
    games = page.get_by_test_id("game-item")
    expect(games).to_have_count(LOBBY_PAGE)
    expect(page.get_by_test_id("page-of")).to_have_text(f"Page 1 of 2 ({LOBBY_PAGE + 2} games)")
    expect(page.get_by_test_id("page-prev")).to_be_hidden()
    page.get_by_test_id("page-next").click()
    expect(games).to_have_count(2)
    expect(page.get_by_test_id("page-next")).to_be_hidden()
    page.get_by_test_id("list-finished").click()
    expect(games).to_have_count(1)
    expect(games.first).to_have_attribute("data-game", over)
    replay = games.first.get_by_test_id("watch-game")
    expect(replay).to_have_text("Replay")
    replay.click()
    expect(page).to_have_url(f"{server}/game/{over}")
    expect(page.get_by_test_id("replay-slider")).to_be_visible()
