"""The page shell plays the toy game in a real headless Chromium (as ``tests/test_e2e.py``
starts it): the lobby draws the toy game's panel in "More options" from its ``lobby.js``,
which creates a game against a bot and takes the creator into their seat; the seat's page
(the toy game's ``index.html`` and ``main.js`` on the shell's modules) shows the view, opens
the rules help on the game's own tab and is played to the end by clicking, and the replay and
the lobby's list speak the game's own words."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import Page, expect

# The browser, a page that fails on any error thrown in it, and a server made for this module
# (after the toy game's registration, a fixture of this folder).
from test_e2e import (  # noqa: F401
    browser,
    open_more_options,
    page,
    seat_address,
    seat_of,
    server,
    view,
)


def seat_cell(tab: Page, seat: int, name: str) -> Any:
    return tab.locator(f'[data-testid="seat"][data-seat="{seat}"] [data-testid="{name}"]')


def test_the_lobby_creates_a_toy_game_and_its_seat_is_played_to_the_end_by_clicking(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    open_more_options(page)
    panel = page.locator('section[data-game="toy"]')
    expect(panel.get_by_role("heading", name="Secret dice")).to_be_visible()
    # The form is drawn from the toy game's options: their labels are its own messages.
    expect(panel.get_by_text("Points a take gives")).to_be_visible()
    panel.get_by_test_id("toy-take-points").select_option("2")
    panel.get_by_test_id("toy-opponent").select_option("greedy")
    # Created, the game takes me into my seat at once.
    panel.get_by_test_id("create-toy-game").click()
    expect(page).to_have_url(seat_address("toy"))
    game_id, token = seat_of(page)
    expect(page.locator("#game-title")).to_have_text(f"Secret dice {game_id}, round 1 of 2")

    # Seat 0 begins: my die is shown, the bot's is hidden.
    expect(page.locator('[data-testid="seat"][data-seat="0"] th')).to_have_text("Player 1 (You)")
    expect(page.get_by_test_id("decision")).to_have_text(
        "Your turn: take points or roll your secret die again."
    )
    expect(seat_cell(page, 0, "die")).to_have_text(re.compile(r"^[1-6]$"))
    expect(seat_cell(page, 1, "die")).to_have_text("hidden")
    # The rules help opens on the toy game's own tab, drawn by its help.js.
    page.get_by_test_id("help-button").click()
    dialog = page.get_by_test_id("help-dialog")
    expect(page.get_by_test_id("help-tab-toy")).to_have_attribute("aria-selected", "true")
    expect(dialog.get_by_role("heading", name="End of the game")).to_be_visible()
    expect(dialog).to_contain_text("A roll is a gamble: a fresh die is 3.5 on average.")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    for action in ("roll", "take"):  # one roll a player (the default), then a take
        button = page.locator(f'[data-testid="toy-action"][data-action="{action}"]')
        expect(button).to_be_visible(timeout=20_000)
        seen = page.locator("body").get_attribute("data-seen")
        button.click()
        expect(page.locator("body")).not_to_have_attribute("data-seen", seen or "")
    expect(page.get_by_test_id("result-panel")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("decision")).to_have_text("Game over")

    final = view(server, game_id, token)
    assert final["history"][0::2] == ["roll", "take"] and final["points"][0] == 2
    for seat, name in enumerate(("Player 1", "greedy")):
        score = final["scores"][seat]
        expect(page.locator(f'[data-testid="final-score"][data-seat="{seat}"]')).to_have_text(
            f"{name}: {score['points']} points + die {score['die']} = {score['total']}"
        )
        expect(seat_cell(page, seat, "die")).to_have_text(str(score["die"]))
    winners = [("Player 1", "greedy")[seat] for seat in final["winners"]]
    words = (
        f"A tie: {', '.join(winners)} share the win." if len(winners) > 1 else f"{winners[0]} won."
    )
    expect(page.get_by_test_id("winners")).to_have_text(words)

    # The replay's first step: the game as a spectator saw it then, both dice hidden.
    page.get_by_test_id("replay-first").click()
    expect(seat_cell(page, 0, "die")).to_have_text("hidden")
    expect(seat_cell(page, 1, "points")).to_have_text("0")
    page.get_by_test_id("replay-exit").click()
    expect(seat_cell(page, 0, "die")).to_have_text(str(final["scores"][0]["die"]))

    # The lobby lists the finished game in the toy game's words.
    page.goto(server + "/")
    # The tabs work once the lists are drawn (after every game's form).
    expect(page.get_by_test_id("game-list").locator("p, ul").first).to_be_visible()
    page.get_by_test_id("list-finished").click()
    item = page.locator(f'[data-testid="game-item"][data-game="{game_id}"]')
    expect(item).to_contain_text("Secret dice")


def test_the_toy_games_own_start_seats_me_against_its_bot_with_one_click(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # The shell draws the start the toy game's entry declares, after the built-in games' and
    # before those that invite, in the toy game's own words.
    page.goto(server + "/")
    start = page.get_by_test_id("start-toy")
    expect(start).to_contain_text("Secret dice")
    labels = page.get_by_test_id("quick-starts").locator(".quick-start-label").all_inner_texts()
    assert labels[-2:] == ["Secret dice", "Play with friends"]
    start.click()
    expect(page).to_have_url(seat_address("toy"))
    game_id, token = seat_of(page)
    assert view(server, game_id, token)["seat"] == 0
