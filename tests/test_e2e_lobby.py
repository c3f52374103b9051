"""The lobby in Chromium: its one-click starts (issue 28, "one click to play"), "More options"
with each game's form and its presets, "Continue", and its lists (issue: "the lobby fills with
junk"): a page at a time, and the finished games apart, each with its replay. Nothing on it
moves as it loads, and every control is large enough for a finger. Its own server (the
fixtures of test_e2e)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from sagrada.web.routes.games import LOBBY_PAGE
from test_e2e import (  # noqa: F401  (fixtures)
    browser,
    create,
    open_more_options,
    page,
    seat_address,
    seat_of,
    server,
    view,
)

PHONE = {"width": 390, "height": 844}


def summary(address: str, game_id: str) -> dict[str, Any]:
    return dict(httpx.get(f"{address}/api/games/{game_id}").json())


# -- the lists (first: they count the games of a new server) ---------------------------------


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
    open_more_options(page)
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
    open_more_options(page)
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


# -- the first screen ------------------------------------------------------------------------


def test_the_lobby_leads_with_the_four_starts_then_more_options_closed(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    starts = page.get_by_test_id("quick-starts").get_by_role("button")
    expect(starts).to_have_count(4)
    labels = starts.locator(".quick-start-label").all_inner_texts()
    assert labels == ["Play against bots", "Solo", "Card game", "Play with friends"]
    # Every other option is folded away until asked for.
    expect(page.get_by_test_id("more-options")).not_to_have_attribute("open", "")
    expect(page.get_by_test_id("players")).not_to_be_visible()
    expect(page.get_by_test_id("create-game")).not_to_be_visible()


def test_one_click_on_play_against_bots_seats_me_against_a_medium_bot(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("start-bots").click()
    expect(page).to_have_url(seat_address("game"))
    game_id, token = seat_of(page)
    game = summary(server, game_id)
    assert game["players"] == 2
    assert [(s["kind"], s["bot"]) for s in game["seats"]] == [("human", None), ("bot", "medium")]
    assert view(server, game_id, token)["seat"] == 0
    expect(page.get_by_test_id("window-option-1")).to_be_visible()
    # Back in the lobby, the game waits under "Continue", a click from my seat.
    page.goto(server + "/")
    item = page.locator(f'[data-testid="continue-item"][data-game="{game_id}"]')
    expect(item).to_contain_text("Sagrada")
    item.get_by_test_id("continue-game").click()
    expect(page).to_have_url(f"{server}/game/{game_id}")
    assert seat_of(page) == (game_id, token)
    # A new tab on the game's address alone (a bookmark, a link) plays the seat this browser
    # remembers, not a spectator's view of its own game.
    other = page.context.new_page()
    try:
        other.goto(f"{server}/game/{game_id}")
        expect(other.get_by_test_id("turn-indicator")).to_contain_text("Your turn")
        expect(other.get_by_test_id("window-option-1")).to_be_enabled()
    finally:
        other.close()


def test_solo_and_the_card_game_start_with_one_click_each(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("start-solo").click()
    expect(page).to_have_url(seat_address("game"))
    solo = summary(server, seat_of(page)[0])
    assert (solo["game"], solo["players"]) == ("sagrada", 1)
    page.goto(server + "/")
    page.get_by_test_id("start-cards").click()
    expect(page).to_have_url(seat_address("cards"))
    assert summary(server, seat_of(page)[0])["game"] == "cards"


def test_play_with_friends_shows_the_invite_link_then_takes_me_into_my_seat(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("start-friends").click()
    created = page.get_by_test_id("start-created")
    expect(created).to_be_visible()
    links = created.get_by_test_id("invite-link")
    expect(links).to_have_count(1)
    assert "#invite=" in links.input_value()
    created.get_by_test_id("open-seat").click()
    expect(page).to_have_url(seat_address("game"))
    game_id, token = seat_of(page)
    seats = summary(server, game_id)["seats"]
    assert [(s["kind"], s["claimed"]) for s in seats] == [("human", True), ("human", False)]
    assert view(server, game_id, token)["seat"] == 0


# -- "More options" --------------------------------------------------------------------------


def test_the_life_preset_sets_the_life_modules_and_the_game_is_made_with_them(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    open_more_options(page)
    life = ("apprentice", "masterwork", "toil")
    for name in (*life, "expansion", "private-pools"):
        expect(page.get_by_test_id(name)).not_to_be_checked()
    # The options come in groups, named as the rulebooks name them.
    groups = page.get_by_test_id("new-game-form").locator("fieldset.option-group > legend")
    expect(groups).to_have_text(["Base game", "5 & 6 Player Expansion", "Life"])
    page.get_by_test_id("expansion").check()
    page.get_by_test_id("preset-life").click()
    for name in life:
        expect(page.get_by_test_id(name)).to_be_checked()
    # A preset does not mix with another's options.
    expect(page.get_by_test_id("expansion")).not_to_be_checked()
    page.get_by_test_id("preset-base").click()
    for name in life:
        expect(page.get_by_test_id(name)).not_to_be_checked()
    page.get_by_test_id("preset-life").click()
    # Created (seat 2 is a medium bot), the game takes me into my seat at once.
    page.get_by_test_id("create-game").click()
    expect(page).to_have_url(seat_address("game"))
    config = summary(server, seat_of(page)[0])["config"]
    assert [config[name] for name in life] == [True, True, True]
    assert config["expansion"] is False


# -- measured: nothing moves, nothing too small, no statistics -------------------------------


@pytest.mark.parametrize("remembered", [0, 8])
def test_the_lobby_does_not_move_as_it_loads(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    remembered: int,
) -> None:
    # With seats remembered in this browser, "Continue" keeps its room from the first paint
    # (its rows: the six newest games).
    games = [create(server, players=2, bots=[None, "medium"]) for _ in range(remembered)]
    create(server, players=2)  # a game in the list
    tokens = {g["id"]: {"seat": 0, "token": g["seats"][0]["token"]} for g in games}
    page.set_viewport_size(PHONE)
    page.add_init_script(
        f"localStorage.setItem('sagrada.tokens', {json.dumps(json.dumps(tokens))});"
        """window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (!entry.hadRecentInput) window.__shift += entry.value;
          }
        }).observe({type: "layout-shift", buffered: true});"""
    )
    page.goto(server + "/")
    expect(page.get_by_test_id("game-item").first).to_be_visible()
    expect(page.get_by_test_id("continue-item")).to_have_count(min(remembered, 6))
    if remembered:
        expect(page.get_by_test_id("continue")).to_be_visible()
    page.wait_for_timeout(500)
    shift = page.evaluate("window.__shift")
    assert shift <= 0.1, f"the lobby's layout shifted by {shift:.3f} (good is at most 0.1)"


#: The controls a finger taps, measured where it taps them: a check box or radio button by
#: its label.
TARGETS = """() => {
  const small = [];
  const seen = new Set();
  for (const node of document.querySelectorAll(
      "button, a[href], select, input, summary, [role=tab], textarea")) {
    const check = node.matches("input[type=checkbox], input[type=radio]");
    const target = (check && node.closest("label")) || node;
    if (seen.has(target)) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(target).visibility === "hidden") continue;
    if (box.width < 40 || box.height < 40) {
      const what = target.dataset.testid || target.id || target.textContent.trim().slice(0, 30);
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      small.push(`${target.tagName.toLowerCase()} ${what}: ${size}`);
    }
  }
  return small;
}"""


def test_no_tap_target_on_the_lobby_is_under_40_px_on_a_phone(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    create(server, players=2)
    for _ in range(LOBBY_PAGE + 1):  # a second page: the pager's buttons
        create(server, players=2)
    page.set_viewport_size(PHONE)
    page.goto(server + "/")
    expect(page.get_by_test_id("game-item").first).to_be_visible()
    open_more_options(page)
    page.get_by_test_id("tools-chosen").check()  # the tool cards' check boxes
    page.get_by_test_id("public-objectives-chosen").check()
    expect(page.get_by_test_id("page-next")).to_be_visible()
    assert page.evaluate(TARGETS) == []


def test_the_lobby_shows_no_statistics_and_the_help_says_them_in_words(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    open_more_options(page)
    page.get_by_test_id("card-tools").select_option("5")
    page.wait_for_timeout(200)
    text = page.locator("main").inner_text()
    assert "interval" not in text and "%" not in text
    # The rules help says how often the bots beat the target (src/sagrada/content/
    # card_difficulty.json: with 5 tools, plan won 62.5% of its 200 games, about 6 in 10).
    page.get_by_test_id("help-button").click()
    page.get_by_test_id("help-tab-cardgame").click()
    curve = page.get_by_test_id("card-difficulty")
    expect(curve).to_contain_text("With 5 tool cards: the planning bot wins about 6 games in 10")
    assert "interval" not in page.get_by_test_id("help-dialog").inner_text()
