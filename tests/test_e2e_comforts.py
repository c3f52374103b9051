"""The game page's table comforts in Chromium (issue 15): chat, rematch, the turn's clock,
hints, the live score, the turn alert in the tab's title, a staged turn with Confirm and Undo
(defect 5: a misclick must not commit a turn), a full game's way out, and the lobby's table
options. Each test clicks through the page as a person would; the other seats are played
through the API (docs/web-api.md). Its own server (the fixtures of test_e2e).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from test_e2e import (  # noqa: F401  (fixtures)
    browser,
    cell_words,
    choose_window,
    create,
    my_window,
    open_more_options,
    page,
    seat_address,
    seat_of,
    server,
    view,
    wait_for_my_turn,
)


@pytest.fixture(autouse=True)
def confirm_as_a_player_finds_it(page: Page) -> None:  # noqa: F811
    """The shared page fixture switches "Confirm each turn" off for the older tests; here the
    page starts as a new player finds it (the setting on)."""
    page.add_init_script(
        "if (sessionStorage.getItem('e2e.fresh') === null) {"
        " sessionStorage.setItem('e2e.fresh', '1');"
        " localStorage.removeItem('sagrada.confirmTurn'); }"
    )


#: How long the API helpers wait for the server (bots, rate limits) before failing.
PATIENCE = 30.0


# -- helpers: the other seats, played through the API ------------------------------------------


def post(base: str, path: str, body: dict[str, Any]) -> httpx.Response:
    """POST ``body``, waiting out the per-token rate limit (429) instead of failing on it."""
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = httpx.post(base + path, json=body, timeout=PATIENCE)
        if answer.status_code != 429 or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


def spectator(base: str, game_id: str) -> dict[str, Any]:
    return dict(httpx.get(f"{base}/api/games/{game_id}/view").json())


def two_players(base: str, **options: Any) -> tuple[str, dict[int, str]]:
    """Create a game of two people and take both seats; answer (id, token of each seat)."""
    game = create(base, players=2, **options)
    tokens = {0: game["seats"][0]["token"]}
    joined = post(base, f"/api/games/{game['id']}/join", {"invite": game["seats"][1]["invite"]})
    assert joined.status_code == 200, joined.text
    tokens[1] = joined.json()["token"]
    return game["id"], tokens


def first_draft_or_pass(actions: list[dict[str, Any]]) -> str:
    """The first placement of a Draft Pool die, else a pass, else the first action (a window)."""
    for kind in ("draft", "pass"):
        for action in actions:
            if action["kind"] == kind:
                return str(action["notation"])
    return str(actions[0]["notation"])


def play(
    base: str,
    game_id: str,
    tokens: dict[int, str],
    until: Callable[[dict[str, Any]], bool],
    choose: Callable[[list[dict[str, Any]]], str] = first_draft_or_pass,
) -> dict[str, Any]:
    """Play the seats of ``tokens`` through the API until ``until(spectator view)`` (a bot's
    turn is waited for); answer that view."""
    deadline = time.monotonic() + 120
    while True:
        current = spectator(base, game_id)
        if until(current) or current["phase"] == "over":
            return current
        assert time.monotonic() < deadline, f"still waiting: {current['decision']}"
        token = tokens.get(current["current_player"])
        actions = view(base, game_id, token)["actions"] if token else []
        if not actions:
            time.sleep(0.02)  # a bot's turn (or the view moved on): the server plays it
            continue
        body = {"token": token, "action": choose(actions), "seq": len(current["history"])}
        answer = post(base, f"/api/games/{game_id}/actions", body)
        assert answer.status_code in (200, 409), answer.text


def open_seat(chromium: Browser, url: str) -> Page:
    """A page of its own (another person's browser) at ``url``."""
    other = chromium.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    other.set_default_timeout(15_000)
    other.goto(url)
    return other


def pool_dice(tab: Page) -> list[str]:
    return tab.get_by_test_id("pool-die").evaluate_all("dice => dice.map(d => d.dataset.die)")


# -- chat ----------------------------------------------------------------------------------------


def test_players_chat_markup_shows_as_text_and_spectators_only_read(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    game_id, tokens = two_players(server, names=["Ada", "Bo"])
    page.goto(f"{server}/game/{game_id}#token={tokens[0]}")
    bo = open_seat(browser, f"{server}/game/{game_id}#token={tokens[1]}")
    try:
        expect(page.locator("#connection")).to_have_text("live")
        expect(bo.locator("#connection")).to_have_text("live")
        page.get_by_test_id("chat-input").fill("<b>hello</b> Bo")
        page.get_by_test_id("chat-send").click()
        # Bo sees it at once (over the WebSocket), with Ada's name, as written: no markup.
        message = bo.get_by_test_id("chat-message")
        expect(message).to_have_count(1)
        expect(message).to_have_text("Ada: <b>hello</b> Bo")
        expect(bo.locator('[data-testid="chat-messages"] b')).to_have_count(0)
        expect(page.get_by_test_id("chat-input")).to_have_value("")

        bo.get_by_test_id("chat-input").fill("hi Ada")
        bo.get_by_test_id("chat-input").press("Enter")
        expect(page.get_by_test_id("chat-message").last).to_have_text("Bo: hi Ada")

        # A spectator reads the chat (loaded on opening), and has nothing to write with.
        watcher = open_seat(browser, f"{server}/game/{game_id}")
        try:
            expect(watcher.get_by_test_id("chat-message")).to_have_count(2)
            expect(watcher.get_by_test_id("chat-message").first).to_have_text(
                "Ada: <b>hello</b> Bo"
            )
            expect(watcher.get_by_test_id("chat-input")).to_be_hidden()
            expect(watcher.get_by_test_id("chat-send")).to_be_hidden()
            expect(watcher.get_by_test_id("chat-spectator-note")).to_have_text(
                "Spectators read the chat."
            )
        finally:
            watcher.context.close()
    finally:
        bo.context.close()


# -- rematch -------------------------------------------------------------------------------------


def test_a_rematch_from_the_end_screen_seats_both_players_in_a_new_game(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    game_id, tokens = two_players(server, names=["Ada", "Bo"])
    play(server, game_id, tokens, lambda v: False)
    page.goto(f"{server}/game/{game_id}#token={tokens[0]}")
    bo = open_seat(browser, f"{server}/game/{game_id}#token={tokens[1]}")
    try:
        expect(bo.get_by_test_id("rematch-button")).to_have_text("Rematch")
        page.get_by_test_id("rematch-button").click()
        expect(page).not_to_have_url(re.compile(rf"/game/{re.escape(game_id)}$"))
        expect(page).to_have_url(seat_address("game"))
        again, mine = seat_of(page)
        # Someone asked: Bo's button now joins that game, in Bo's own seat.
        expect(bo.get_by_test_id("rematch-button")).to_have_text("Join the rematch")
        bo.get_by_test_id("rematch-button").click()
        expect(bo).to_have_url(re.compile(rf"/game/{re.escape(again)}$"))
        assert seat_of(bo) != (again, mine)
        seats = httpx.get(f"{server}/api/games/{again}").json()["seats"]
        assert [(s["name"], s["claimed"]) for s in seats] == [("Ada", True), ("Bo", True)]
        expect(page.get_by_test_id("window-option-1")).to_be_visible()
        expect(bo.get_by_test_id("window-option-1")).to_be_visible()
    finally:
        bo.context.close()


def test_the_card_game_offers_a_rematch_too(server: str, page: Page) -> None:  # noqa: F811
    game = create(server, game="cards", tools=3)
    game_id, token = game["id"], game["seats"][0]["token"]

    def place_or_pass(actions: list[dict[str, Any]]) -> str:
        """A card placed when one can be, else a pass (it draws the next cards)."""
        places = [a for a in actions if a["kind"] == "place"]
        passes = [a for a in actions if a["kind"] == "pass"]
        return str((places or passes or actions)[0]["notation"])

    deadline = time.monotonic() + 60
    while (current := view(server, game_id, token))["phase"] != "over":
        assert time.monotonic() < deadline, "the card game did not end"
        body = {"token": token, "action": place_or_pass(current["actions"])}
        assert post(server, f"/api/games/{game_id}/actions", body).status_code == 200
    page.goto(f"{server}/cards/{game_id}#token={token}")
    # Beside the rematch, the way back to the lobby.
    expect(page.get_by_test_id("end-lobby")).to_have_attribute("href", "/")
    page.get_by_test_id("rematch-button").click()
    expect(page).not_to_have_url(re.compile(rf"/cards/{re.escape(game_id)}$"))
    expect(page).to_have_url(seat_address("cards"))
    expect(page.get_by_test_id("drawn-card").first).to_be_visible()


# -- the turn's clock ----------------------------------------------------------------------------


def test_the_clock_counts_down_and_the_log_says_when_time_ran_out(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # The shortest limit (10 s): the window choice at setup is a turn like any other.
    game = create(server, players=2, bots=[None, "easy"], turn_seconds=10)
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}#token={token}")
    clock = page.locator('[data-testid="player"][data-seat="0"] [data-testid="clock"]')
    expect(clock).to_be_visible()
    expect(page.get_by_test_id("turn-clock")).to_be_visible()
    first = clock.inner_text()
    assert re.fullmatch(r"0:(10|0\d)", first), first
    expect(clock).not_to_have_text(first, timeout=3_000)
    later = clock.inner_text()
    assert int(later[-2:]) < int(first[-2:]), (first, later)
    # The bot plays the window choice for me once the time is up, and the log says so.
    line = page.locator('[data-testid="game-log"] li[data-seat="0"]').first
    expect(line).to_contain_text("chose the window", timeout=20_000)
    expect(line).to_contain_text("(time ran out: played by a bot)")
    assert view(server, game_id, token)["timed_out"] == [0]


# -- hints ---------------------------------------------------------------------------------------


def test_the_hint_button_appears_with_hints_on_and_marks_a_legal_action(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    plain = create(server, players=2, bots=[None, "easy"])
    page.goto(f"{server}/game/{plain['id']}#token={plain['seats'][0]['token']}")
    choose_window(page, 1)
    wait_for_my_turn(page)
    expect(page.get_by_test_id("hint-button")).to_be_hidden()

    game = create(server, players=2, bots=[None, "easy"], hints=True)
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}#token={token}")
    choose_window(page, 1)
    wait_for_my_turn(page)
    before = view(server, game_id, token)
    page.get_by_test_id("hint-button").click()
    advice = page.get_by_test_id("hint-advice")
    expect(advice).to_contain_text("The strong bot would: ", timeout=30_000)
    notation = advice.get_attribute("data-notation")
    action = next(a for a in before["actions"] if a["notation"] == notation)
    # Its best three, each with the points it expects against the best (0 for the best).
    expect(advice).to_contain_text("The points it expects of each, against its best:")
    choices = page.get_by_test_id("hint-choice")
    expect(choices).to_have_count(3)
    expect(choices.first).to_have_text(re.compile(r": 0\.0 \(\d+ simulations\)$"))
    expect(choices.nth(2)).to_have_text(re.compile(r": (-\d+\.\d|0\.0) \(\d+ simulations\)$"))
    # What it is taken with is marked: the die and its space, or the tool card, or Pass.
    if action["kind"] == "draft":
        expect(page.get_by_test_id("hint-best")).to_have_text(
            re.compile(rf"place the \w+ {action['die'][1]} on {cell_words(action['cell'])}$")
        )
        expect(my_window(page).locator(f'[data-cell="{action["cell"]}"]')).to_have_class(
            re.compile(r"\bhinted\b")
        )
        die = page.locator(f'[data-testid="pool-die"][data-die="{action["die"]}"].hinted')
        expect(die).to_have_count(1)
        expect(die).to_have_attribute("aria-pressed", "true")
    elif action["kind"] == "tool":
        expect(
            page.locator(f'[data-testid="tool-card"][data-tool="{action["tool"]}"]')
        ).to_have_class(re.compile(r"\bhinted\b"))
    else:
        expect(page.locator(".hinted")).not_to_have_count(0)
    # Another suggestion, clicked, is the one marked.
    second = choices.nth(1)
    second.click()
    expect(second).to_have_attribute("aria-pressed", "true")
    expect(choices.first).to_have_attribute("aria-pressed", "false")
    # The server noted it: the log marks the action played after the hint, whichever it is.
    number = len(before["history"])
    assert view(server, game_id, token)["hinted"] == [number]
    answer = post(
        server,
        f"/api/games/{game_id}/actions",
        {"token": token, "action": second.get_attribute("data-notation"), "seq": number},
    )
    assert answer.status_code == 200, answer.text
    line = page.locator(f'[data-testid="game-log"] li[data-index="{number + 1}"]')
    expect(line).to_contain_text("(hint used)")


def test_the_card_game_page_offers_hints_with_the_margins_it_expects(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # Its hint bot is the planner: each value is the final score less the target it expects
    # (docs/bots.md, "Hints"). The lobby's card game form allows hints.
    page.goto(server + "/")
    open_more_options(page)
    page.get_by_test_id("card-hints").check()
    page.get_by_test_id("create-card-game").click()
    expect(page).to_have_url(seat_address("cards"))
    game_id, token = seat_of(page)
    before = view(server, game_id, token)
    assert before["game"]["hints"] is True
    page.get_by_test_id("hint-button").click()
    advice = page.get_by_test_id("hint-advice")
    expect(advice).to_contain_text("The final score less the target it expects of each:")
    choices = page.get_by_test_id("hint-choice")
    expect(choices).to_have_count(3)
    expect(choices.first).to_have_text(
        re.compile(r": ([-+]\d+|0)\.\d \(\d+ positions? looked at\)$")
    )
    notation = advice.get_attribute("data-notation")
    action = next(a for a in before["actions"] if a["notation"] == notation)
    if action["kind"] == "place":
        # The card is selected for the player: a click on the marked space places it.
        expect(page.get_by_test_id("hint-best")).to_have_text(
            re.compile(rf"place the \w+ {action['card'][1]} on {cell_words(action['cell'])}$")
        )
        card = page.locator(f'[data-testid="drawn-card"][data-card="{action["card"]}"].hinted')
        expect(card).to_have_attribute("aria-pressed", "true")
        cell = page.locator(f'[data-testid="cell"][data-cell="{action["cell"]}"]')
        expect(cell).to_have_class(re.compile(r"\bhinted\b"))
        cell.click()
        expect(page.locator("body")).to_have_attribute("data-seen", "1")
        assert view(server, game_id, token)["history"] == [notation]
    else:
        assert action["kind"] == "tool", action
        expect(
            page.locator(f'[data-testid="tool-card"][data-tool="{action["tool"]}"]')
        ).to_have_class(re.compile(r"\bhinted\b"))
    assert view(server, game_id, token)["hinted"] == [0]


# -- the live score ------------------------------------------------------------------------------


def test_the_live_score_lists_my_points_so_far(server: str, page: Page) -> None:  # noqa: F811
    game = create(server, players=2, bots=[None, "easy"])
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}#token={token}")
    panel = page.get_by_test_id("live-score")
    expect(panel).to_be_hidden()  # at setup there is no window to score
    choose_window(page, 1)
    wait_for_my_turn(page)
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Your points so far")
    score = view(server, game_id, token)["live_score"]
    parts = panel.get_by_test_id("live-score-part")
    expect(parts).to_have_count(len(score["parts"]))
    points = [int(p) for p in panel.get_by_test_id("live-score-points").all_inner_texts()]
    total = int(panel.get_by_test_id("live-score-total").inner_text())
    assert total == score["total"] == sum(points)
    expect(parts.last).to_contain_text("Open spaces")


# -- the turn alert ------------------------------------------------------------------------------


def test_the_tab_title_says_when_it_becomes_my_turn(server: str, page: Page) -> None:  # noqa: F811
    game_id, tokens = two_players(server)
    # Seat 1 to move: whatever seat 0 has to do first is done through the API.
    play(server, game_id, {0: tokens[0]}, lambda v: v["current_player"] == 1)
    page.goto(f"{server}/game/{game_id}#token={tokens[0]}")
    expect(page.get_by_test_id("turn-indicator")).to_contain_text("Player 2")
    expect(page).to_have_title("Sagrada")
    play(server, game_id, {1: tokens[1]}, lambda v: v["current_player"] == 0)
    expect(page).to_have_title("● Your turn — Sagrada")
    # Restored once my turn is over.
    play(server, game_id, {0: tokens[0]}, lambda v: v["current_player"] != 0)
    expect(page).to_have_title("Sagrada")


# -- confirm and undo ----------------------------------------------------------------------------


def test_with_confirm_on_a_placement_waits_for_confirm_and_undo_restores_the_pool(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, players=2, bots=[None, "easy"])
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}#token={token}")
    # On unless the player turned it off.
    expect(page.get_by_test_id("confirm-setting")).to_be_checked()
    choose_window(page, 1)
    wait_for_my_turn(page)
    before = view(server, game_id, token)
    pool = pool_dice(page)
    draft = next(a for a in before["actions"] if a["kind"] == "draft")
    cell = my_window(page).locator(f'[data-cell="{draft["cell"]}"]')

    page.locator(f'[data-testid="pool-die"][data-die="{draft["die"]}"]').first.click()
    cell.click()
    # Shown where it would go, and said not sent: the server's history did not move.
    expect(cell).to_have_attribute("data-die", draft["die"])
    expect(page.get_by_test_id("stage-note")).to_contain_text("Not sent yet: 1 action")
    expect(page.get_by_test_id("log-pending")).to_contain_text("(not sent yet)")
    expect(page.get_by_test_id("pool-die")).to_have_count(len(pool) - 1)
    time.sleep(0.5)
    assert view(server, game_id, token)["history"] == before["history"]

    page.get_by_test_id("undo-button").click()
    expect(page.get_by_test_id("pool-die")).to_have_count(len(pool))
    assert pool_dice(page) == pool
    expect(cell).not_to_have_attribute("data-die", draft["die"])
    expect(page.get_by_test_id("confirm-turn")).to_be_hidden()
    assert view(server, game_id, token)["history"] == before["history"]

    page.locator(f'[data-testid="pool-die"][data-die="{draft["die"]}"]').first.click()
    cell.click()
    expect(cell).to_have_attribute("data-die", draft["die"])
    # While an action is staged, Confirm turn is the one way to end the turn (found when
    # playing it: it sent the staged actions and left the player to pass as well).
    expect(page.get_by_test_id("pass-button")).to_be_hidden()
    page.get_by_test_id("confirm-turn").click()
    expect(page.get_by_test_id("confirm-turn")).to_be_hidden()
    after = view(server, game_id, token)
    played = len(before["history"])
    assert after["history"][played : played + 2] == [draft["notation"], "pass"]
    expect(page.get_by_test_id("log-pending")).to_have_count(0)

    # Turned off (and remembered), an action is sent at once, as before.
    page.get_by_test_id("confirm-setting").uncheck()
    page.reload()
    expect(page.get_by_test_id("confirm-setting")).not_to_be_checked()
    wait_for_my_turn(page)
    mine = view(server, game_id, token)
    page.get_by_test_id("pass-button").click()
    deadline = time.monotonic() + 10
    while len(view(server, game_id, token)["history"]) == len(mine["history"]):
        assert time.monotonic() < deadline, "the pass was not sent"
        time.sleep(0.05)


def test_a_step_that_rolls_dice_is_sent_at_once_with_what_is_staged(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # Flux Remover (11): the die taken goes back to the bag and a new one is drawn, which must
    # not be seen before it counts.
    game = create(server, players=2, bots=[None, "easy"], tools=[11, 2, 3])
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}#token={token}")
    choose_window(page, 1)
    wait_for_my_turn(page)
    before = view(server, game_id, token)["history"]
    page.locator('[data-testid="tool-card"][data-tool="11"]').click()
    expect(page.get_by_test_id("chance-note")).to_have_text(
        "This step is sent at once, without undo: dice are drawn from the bag."
    )
    assert view(server, game_id, token)["history"] == before
    die = page.get_by_test_id("pool-die").first
    taken = die.get_attribute("data-die")
    die.click()
    deadline = time.monotonic() + 10
    while view(server, game_id, token)["history"] == before:
        assert time.monotonic() < deadline, "the step that draws a die was not sent"
        time.sleep(0.05)
    assert view(server, game_id, token)["history"] == [*before, "T11", taken]


# -- a full game ---------------------------------------------------------------------------------


def test_an_invite_to_a_taken_seat_offers_to_watch_or_go_back_to_the_lobby(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, players=2)
    game_id, invite = game["id"], game["seats"][1]["invite"]
    assert post(server, f"/api/games/{game_id}/join", {"invite": invite}).status_code == 200
    page.goto(f"{server}/game/{game_id}#invite={invite}")
    taken = page.get_by_test_id("seat-taken")
    expect(taken).to_be_visible()
    expect(page.get_by_test_id("seat-taken-reason")).to_contain_text("the seat is taken")
    expect(page.get_by_test_id("back-to-lobby")).to_have_attribute("href", "/")
    page.get_by_test_id("watch-this-game").click()
    expect(page).to_have_url(f"{server}/game/{game_id}")
    expect(page.locator("#hint")).to_have_text("You are watching this game.")
    expect(page.get_by_test_id("seat-taken")).to_be_hidden()


# -- the lobby's table options -------------------------------------------------------------------


def test_the_lobby_form_sends_the_time_per_turn_and_hints(server: str, page: Page) -> None:  # noqa: F811
    page.goto(server + "/")
    open_more_options(page)
    # A second person's seat: the lobby shows the invite links and stays (a game against bots
    # would take the creator into their seat at once).
    page.get_by_test_id("seat-kind-1").select_option("person")

    def create_game() -> tuple[dict[str, Any], str]:
        """Click Create game; answer the body the page sent and the new game's id."""
        with page.expect_response(
            lambda r: r.request.method == "POST" and r.url.endswith("/api/games")
        ) as response:
            page.get_by_test_id("create-game").click()
        created = response.value
        assert created.status == 201, created.text()
        game_id = str(created.json()["id"])
        expect(page.get_by_test_id("created-game")).to_contain_text("Game created")
        return dict(created.request.post_data_json), game_id

    # The defaults are not sent.
    body, _ = create_game()
    assert "turn_seconds" not in body and "hints" not in body
    page.get_by_test_id("turn-seconds").select_option(label="3 minutes")
    page.get_by_test_id("hints").check()
    body, game_id = create_game()
    assert body["turn_seconds"] == 180 and body["hints"] is True
    summary = httpx.get(f"{server}/api/games/{game_id}").json()
    assert (summary["turn_seconds"], summary["hints"]) == (180, True)
    page.get_by_test_id("turn-seconds").select_option(label="1 day")
    assert create_game()[0]["turn_seconds"] == 86400
