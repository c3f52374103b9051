"""The game page says what fits, in words (issue 28, item 7: the defects), in Chromium.

Each test plays as a person finds the page ("Confirm each turn" on, test_e2e_comforts.py's
fixture) and pins one defect: a window choice waits for Confirm; a Life window shows its favor
tokens one way; a draw of apprentice cards is not called a roll; the prompt fits the state
(Confirm, not "pass", while a turn is staged; on another's turn, whose turn it is and what
they are doing); the log shows its newest entry and follows; each masterwork symbol has words
of its own. The other seats are played through the API. Its own server (test_e2e's fixtures).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from test_e2e import (  # noqa: F401  (fixtures)
    APPRENTICE_SEED,
    browser,
    choose_window,
    create,
    create_seeded,
    my_window,
    page,
    server,
    view,
    wait_for_my_turn,
)
from test_e2e_comforts import (  # noqa: F401  (the fixture: Confirm each turn on)
    confirm_as_a_player_finds_it,
    open_seat,
    play,
    two_players,
)


def seat_page(tab: Page, base: str, game: dict[str, Any]) -> tuple[str, str]:
    """Open seat 0's page of ``game``; answer its game id and token."""
    game_id, token = game["id"], game["seats"][0]["token"]
    tab.goto(f"{base}/game/{game_id}#token={token}")
    return game_id, token


def test_with_confirm_on_a_window_choice_waits_for_confirm(server: str, page: Page) -> None:  # noqa: F811
    game = create(server, players=2, bots=[None, "easy"], names=["Ada", "Bot"])
    game_id, token = seat_page(page, server, game)
    options = view(server, game_id, token)["players"][0]["window_options"]
    second, third = page.get_by_test_id("window-option-2"), page.get_by_test_id("window-option-3")
    second.click()
    # The choice is marked and waits: Confirm, and the prompt says so.
    expect(second).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("confirm-turn")).to_be_visible()
    expect(page.get_by_test_id("decision")).to_have_text(
        "Ada: confirm your window, or choose another"
    )
    time.sleep(0.3)
    assert view(server, game_id, token)["players"][0]["window"] is None, "sent without Confirm"
    # Another click changes the choice; Undo would drop it; Confirm sends it.
    third.click()
    expect(third).to_have_attribute("aria-pressed", "true")
    expect(second).to_have_attribute("aria-pressed", "false")
    page.get_by_test_id("confirm-turn").click()
    expect(my_window(page).locator('[data-testid="cell"]')).to_have_count(20)
    assert view(server, game_id, token)["players"][0]["window"]["name"] == options[2]["name"]


def test_a_life_window_option_shows_its_favor_tokens_one_way(server: str, page: Page) -> None:  # noqa: F811
    # Life's apprentice windows give one favor token fewer than their printed difficulty: the
    # option shows what the engine gives, as dots and in words, and nothing that disagrees.
    game = create(server, players=2, bots=[None, "easy"], apprentice=True)
    game_id, token = seat_page(page, server, game)
    options = view(server, game_id, token)["players"][0]["window_options"]
    assert any(option["favor_tokens"] != option["difficulty"] for option in options)
    worth = page.get_by_test_id("window-option-worth")
    expect(worth).to_have_count(len(options))
    for shown, option in zip(worth.all(), options, strict=True):
        n = option["favor_tokens"]
        expect(shown).to_have_text(f"{'●' * n} {n} favor token{'' if n == 1 else 's'}")


def test_drawing_apprentice_cards_is_not_called_a_roll(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The seed deals a Draft Pool die that may go on D4, an apprentice space (test_e2e.py).
    game = create_seeded(
        server, monkeypatch, APPRENTICE_SEED, players=2, bots=[None, "easy"], apprentice=True
    )
    game_id, token = seat_page(page, server, game)
    choose_window(page, 1)
    wait_for_my_turn(page)
    current = view(server, game_id, token)
    draft = next(a for a in current["actions"] if a["kind"] == "draft" and a["cell"] == "D4")
    page.locator(f'[data-testid="pool-die"][data-die="{draft["die"]}"]').first.click()
    my_window(page).locator('[data-cell="D4"]').click()
    # Staged; looking at the deck's top two cards cannot wait, and the page says why in words
    # that fit: cards are drawn, no die is rolled.
    note = page.get_by_test_id("chance-note")
    expect(note).to_have_text(
        "This step is sent at once, without undo: cards are drawn from the deck."
    )
    expect(note).not_to_contain_text("roll")


def test_a_staged_turn_is_ended_with_confirm_and_the_prompt_says_so(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, players=2, bots=[None, "easy"], names=["Ada", "Bot"])
    game_id, token = seat_page(page, server, game)
    choose_window(page, 1)
    wait_for_my_turn(page)
    current = view(server, game_id, token)
    draft = next(a for a in current["actions"] if a["kind"] == "draft")
    page.locator(f'[data-testid="pool-die"][data-die="{draft["die"]}"]').first.click()
    my_window(page).locator(f'[data-cell="{draft["cell"]}"]').click()
    expect(page.get_by_test_id("confirm-turn")).to_be_visible()
    # "Confirm turn" ends the turn: the prompt says confirm, not pass (Pass is not shown).
    decision = page.get_by_test_id("decision")
    expect(decision).to_contain_text("confirm")
    expect(decision).not_to_contain_text("pass")
    expect(page.get_by_test_id("pass-button")).to_be_hidden()


def test_a_turn_staged_to_its_end_is_still_mine_until_confirmed(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    # Found by a newcomer: after a tool and a placement, which end the turn, the top bar named
    # the next player while "Confirm turn" still waited.
    game = create(server, players=2, bots=[None, "easy"], names=["Ada", "Bot"], tools=[1, 5, 6])
    seat_page(page, server, game)
    choose_window(page, 1)
    wait_for_my_turn(page)
    page.locator('[data-testid="tool-card"][data-tool="1"]').click()  # Grozing Pliers
    page.locator('[data-testid="pool-die"].legal').first.click()
    page.get_by_test_id("choice-button").first.click()
    my_window(page).locator('[data-testid="cell"].legal').first.click()
    expect(page.get_by_test_id("confirm-turn")).to_be_visible()
    expect(page.get_by_test_id("turn-indicator")).to_have_text("Your turn")
    page.get_by_test_id("confirm-turn").click()
    expect(page.get_by_test_id("turn-indicator")).not_to_have_text("Your turn")


def test_on_another_players_turn_the_prompt_says_whose_turn_and_what_they_do(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game_id, tokens = two_players(server, names=["Ada", "Bea"])
    page.goto(f"{server}/game/{game_id}#token={tokens[0]}")
    decision = page.get_by_test_id("decision")
    # Setup: Ada chooses (through the API), then Bea chooses a window.
    play(server, game_id, {0: tokens[0]}, until=lambda v: v["current_player"] == 1)
    expect(decision).to_have_text("Bea is choosing a window")
    # Play: Bea's turn, as Ada sees it (never Bea's prompt: "pass to end your turn").
    play(
        server,
        game_id,
        tokens,
        until=lambda v: v["phase"] == "play" and v["current_player"] == 1,
        choose=lambda actions: str(actions[0]["notation"]),
    )
    expect(decision).to_have_text("Bea is taking their turn")
    expect(decision).not_to_contain_text("your turn")


def log_gap(tab: Page) -> float:
    """How far the log is scrolled from its newest entry (0: the newest is in sight)."""
    return float(
        tab.get_by_test_id("game-log").evaluate(
            "log => log.scrollHeight - log.scrollTop - log.clientHeight"
        )
    )


def test_the_log_shows_its_newest_entry_and_follows_unless_scrolled_up(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    game_id, tokens = two_players(server, names=["Ada", "Bea"])

    def passes(n: int) -> None:
        """``n`` more entries of the log: windows chosen, then passes."""
        start = len(view(server, game_id, tokens[0])["history"])
        play(
            server,
            game_id,
            tokens,
            until=lambda v: len(v["history"]) >= start + n,
            choose=lambda actions: next(
                (str(a["notation"]) for a in actions if a["kind"] in ("pattern", "pass")),
                str(actions[0]["notation"]),
            ),
        )

    passes(30)
    tab = open_seat(browser, f"{server}/game/{game_id}#token={tokens[0]}")
    tab.set_viewport_size({"width": 1366, "height": 768})
    try:
        log = tab.get_by_test_id("game-log")
        expect(log.locator("li")).to_have_count(30)
        assert log.evaluate("log => log.scrollHeight > log.clientHeight"), "the log fits: no test"
        tab.wait_for_function(
            "() => { const log = document.getElementById('log');"
            " return log.scrollHeight - log.scrollTop - log.clientHeight < 2; }"
        )
        # New moves: it follows.
        passes(4)
        expect(log.locator("li")).to_have_count(34)
        tab.wait_for_timeout(300)
        assert log_gap(tab) < 2
        # The reader scrolls up to read: new moves leave them there.
        log.evaluate("log => { log.scrollTop = 0; }")
        tab.wait_for_timeout(100)
        passes(2)
        expect(log.locator("li")).to_have_count(36)
        tab.wait_for_timeout(300)
        assert log.evaluate("log => log.scrollTop") == 0
    finally:
        tab.context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_masterwork_symbol_has_words_of_its_own(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    language: str,
) -> None:
    page.context.add_init_script(f"localStorage.setItem('sagrada.language', '{language}')")
    game = create(server, players=2, bots=[None, "easy"], masterwork=True)
    seat_page(page, server, game)
    faces = page.get_by_test_id("masterwork-legend").get_by_test_id("masterwork-face")
    expect(faces).to_have_count(6)
    # "corner: two arrows at a right angle, ...; the dice its arrows point at must ...": no
    # two symbols are told apart only by their drawn arrows.
    words = [text.split(":", 1)[1].strip() for text in faces.all_inner_texts()]
    assert all(words), words
    assert len(set(words)) == len(words), words


def test_the_rules_help_names_options_and_rulebooks_in_words(server: str, page: Page) -> None:  # noqa: F811
    # No option's name or value as the code sends it, no rulebook's file: their labels and
    # titles.
    page.goto(server + "/")
    page.get_by_test_id("help-button").click()
    page.get_by_test_id("help-tab-options").click()
    options = page.get_by_test_id("help-option")
    expect(options.first).to_be_visible()
    text = " ".join(options.all_inner_texts())
    for code in ("tie_break", "reverse-order", "private_objectives", "solo_tools", "players is"):
        assert code not in text, code
    assert "shared victory (German rules)" in text
    assert "Sagrada, English edition" in text
    page.get_by_test_id("help-tab-rules").click()
    rules = " ".join(page.get_by_test_id("help-section").all_inner_texts())
    assert ".txt" not in rules and "Rulebook: Sagrada, English edition, Overview" in rules
