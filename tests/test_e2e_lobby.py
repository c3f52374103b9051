"""The lobby's lists in Chromium (issue: "the lobby fills with junk"): a page at a time, and
the finished games apart, each with its replay. Its own server (the fixtures of test_e2e)."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect

from sagrada.web.routes.games import LOBBY_PAGE
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


def test_a_name_being_typed_keeps_its_seat_while_the_form_follows_the_options(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # Found when playing it: a name typed into a seat was lost ("Player 2" instead of "Bob")
    # when the engine's answer to the options came back while the name was being typed, as the
    # form was drawn again with every seat row taken out and put back, and the focus with it.
    page.goto(server + "/")
    page.get_by_test_id("players").select_option("3")
    name = page.get_by_test_id("seat-name-1")
    name.click()
    name.press_sequentially("Bo")
    with page.expect_response("**/api/options/check*"):
        # Another option changes meanwhile (a click elsewhere would move the focus itself).
        page.evaluate(
            """() => {
              const box = document.querySelector('[data-testid="hints"]');
              box.checked = true;
              box.dispatchEvent(new Event('change', {bubbles: true}));
            }"""
        )
    page.wait_for_timeout(100)  # the form is drawn again after the answer
    page.keyboard.type("b")
    expect(name).to_have_value("Bob")
    expect(name).to_be_focused()


def test_each_form_shows_the_table_options_the_server_offers_its_game(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # The controls are drawn from GET /api/options/table (sagrada/table_options.py): the dice
    # game's form has the turn clock with the values it offers, and hints; the card game's
    # form has hints alone (its page shows no clock).
    page.goto(server + "/")
    dice = page.get_by_test_id("new-game-form")
    offered = httpx.get(f"{server}/api/options/table").json()[0]["presets"]
    clock = dice.get_by_test_id("turn-seconds").locator("option")
    expect(clock).to_have_text([preset["label"] for preset in offered])
    values = [option.get_attribute("value") for option in clock.all()]
    assert values == [str(preset["value"] or "") for preset in offered]
    expect(dice.get_by_test_id("turn-seconds")).to_have_value("")
    expect(dice.get_by_test_id("hints")).not_to_be_checked()
    cards = page.get_by_test_id("card-game-form")
    expect(cards.get_by_test_id("card-hints")).not_to_be_checked()
    expect(cards.locator("select, input[type=checkbox]")).to_have_count(2)  # tools and hints
