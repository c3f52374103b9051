"""Browser tests of the game table, for the defects found when playing it (issue 15).

Each test pins one of them, clicking through the page as a person would, in the headless
Chromium of ``tests/test_e2e.py`` (its server, browser and page fixtures and its helpers):

- colour-blind mode marks colours with shapes that cannot pass for pips, small in a corner of
  dice and spaces, clear of every place a pip can take (dice game and card game);
- the game log sits beside the board (above the fold on a desktop, under the Draft Pool on a
  phone), each line with the round and the player's name; the last move's die (and a moved
  die's origin) is marked in every window, in every player's page, until that player moves
  again;
- the page's own words show no internal codes (seats from 0, ``=1``, ``@B4``, ``W1``, ``R1``);
- the decision line follows each action at once;
- of two equal Draft Pool dice, clicking one selects that one only;
- windows grow on a wide screen.
"""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

import test_e2e as e2e

# The server, browser and page of the browser tests, and their helpers.
server, browser, page = e2e.server, e2e.browser, e2e.page
create, view, my_window = e2e.create, e2e.view, e2e.my_window
wait_for_my_turn = e2e.wait_for_my_turn

#: Characters that read as a pip (a round dot), which no colour-blind glyph may be.
DOTS = set("●•⬤○◉∙·⚫◦oO0°")
#: Internal codes a person must never read: a seat counted from 0, a value choice (``=1``), a
#: placement (``@B4``), a move (``B4>C5``), a window option (``W1``), a tool (``T5``).
CODES = re.compile(r"player \d|=\d|@[A-D]\d|[A-D][1-5]>[A-D][1-5]|\bW[1-4]\b|\bT\d+\b")
#: A round of the card game's turn bar as a code (``R1``) instead of words.
ROUND_CODE = re.compile(r"\bR\d+\b")

#: The box of every die or space face, of its glyph and of the nine places its pips may take.
FACES = """faces => faces.map(face => {
  const box = node => {
    const b = node.getBoundingClientRect();
    return {x: b.left, y: b.top, w: b.width, h: b.height};
  };
  const glyph = face.querySelector(':scope > .glyph');
  return {
    face: box(face),
    glyph: glyph && getComputedStyle(glyph).display !== 'none' ? box(glyph) : null,
    text: glyph ? glyph.textContent : null,
    pips: [...face.querySelectorAll('.pip')].map(box),
  };
})"""


def open_game(page: Page, server: str, **options: Any) -> tuple[str, str]:
    """Create a game, open seat 0's page and choose its first window; answer (id, token)."""
    game = create(server, **options)
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}#token={token}")
    e2e.choose_window(page, 1)
    return game_id, token


def place_a_die(page: Page, server: str, game_id: str, token: str) -> tuple[str, str]:
    """Draft and place a die by clicking (the first legal placement; a turn where no die of
    the pool fits the window, the dice being random, is passed); answer (die, cell)."""
    for _ in range(10):
        wait_for_my_turn(page)
        actions = view(server, game_id, token)["actions"]
        draft = next((a for a in actions if a["kind"] == "draft"), None)
        if draft is not None:
            break
        pass_turn(page, server, game_id, token)
    else:
        pytest.fail("no die could be placed in ten turns")
    page.locator(f'[data-testid="pool-die"][data-die="{draft["die"]}"]').first.click()
    cell = my_window(page).locator(f'[data-cell="{draft["cell"]}"]')
    cell.click()
    expect(cell).to_have_attribute("data-die", draft["die"])
    return draft["die"], draft["cell"]


def pass_turn(page: Page, server: str, game_id: str, token: str) -> None:
    """Click Pass and wait until the server took it."""
    seen = len(view(server, game_id, token)["history"])
    page.get_by_test_id("pass-button").click()
    deadline = time.monotonic() + 10
    while len(view(server, game_id, token)["history"]) == seen:
        assert time.monotonic() < deadline, "the pass was not taken"
        time.sleep(0.02)


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share any area."""
    across = a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
    return across and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def in_a_corner(glyph: dict[str, float], face: dict[str, float]) -> bool:
    """Whether the glyph's centre lies in a corner of the face (the outer quarter both ways)."""
    x = (glyph["x"] + glyph["w"] / 2 - face["x"]) / face["w"]
    y = (glyph["y"] + glyph["h"] / 2 - face["y"]) / face["h"]
    return min(x, 1 - x) < 0.25 and min(y, 1 - y) < 0.25


def page_words(page: Page) -> str:
    """The text a person reads in the page's action bar and table. Not the decision line, whose
    words are the engine's catalogue's (their codes are listed in the report of issue 15: not
    the page's to change), nor the title bar, which holds the game's random id."""
    parts = page.locator("#hint, #action-bar .action-row, main").all_inner_texts()
    return "\n".join(parts)


# -- colour-blind glyphs -------------------------------------------------------------------------


def test_colour_blind_glyphs_are_shapes_in_a_corner_clear_of_the_pips(
    server: str, page: Page
) -> None:
    game_id, token = open_game(page, server, players=2, bots=[None, "easy"])
    wait_for_my_turn(page)
    place_a_die(page, server, game_id, token)
    page.get_by_test_id("colour-blind-toggle").click()

    # One glyph per colour, none of them a dot (the bag shows all five).
    glyphs = page.locator('[data-testid="bag"] .glyph').all_text_contents()
    assert len(glyphs) == len(set(glyphs)) == 5
    assert not DOTS & set("".join(glyphs)), glyphs

    dice = page.locator(".face.die").evaluate_all(FACES)
    spaces = page.locator('.face.space[class*="colour-"]').evaluate_all(FACES)
    assert dice and spaces
    for face in dice + spaces:
        assert face["glyph"] is not None, face
        assert face["text"] not in DOTS
        assert in_a_corner(face["glyph"], face["face"]), face
        # Clear of the nine places a pip may take, whatever the die's value.
        assert not any(overlaps(face["glyph"], pip) for pip in face["pips"]), face


def test_the_card_game_shows_its_glyphs_in_colour_blind_mode(server: str, page: Page) -> None:
    game = create(server, game="cards", tools=3)
    page.goto(f"{server}/cards/{game['id']}#token={game['seats'][0]['token']}")
    expect(page.get_by_test_id("drawn-card").first).to_be_visible()
    page.get_by_test_id("colour-blind-toggle").click()
    faces = page.locator(".face.glass-card, .face.glass-space").evaluate_all(FACES)
    coloured = [face for face in faces if face["text"] is not None]
    assert coloured
    for face in coloured:
        assert face["glyph"] is not None, face
        assert face["text"] not in DOTS
        assert in_a_corner(face["glyph"], face["face"]), face


# -- the log and the last move ----------------------------------------------------------------


def test_the_log_beside_the_board_names_players_and_rounds_and_marks_the_last_move(
    server: str, page: Page, browser: Browser
) -> None:
    game_id, token = open_game(
        page, server, players=2, bots=[None, "easy"], names=["Ada", "Bo"], tools=[2, 3, 4]
    )
    watcher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    try:
        watcher.goto(f"{server}/game/{game_id}")
        die, first = place_a_die(page, server, game_id, token)

        # Beside the windows and above the fold, on a desktop screen.
        log = page.get_by_test_id("game-log")
        expect(log).to_contain_text(f"placed the {e2e.die_words(die)} on {e2e.cell_words(first)}")
        log_left, log_top, window_right = page.evaluate(
            """() => {
              const box = id => document.querySelector(id).getBoundingClientRect();
              const log = box('[data-testid="game-log"]');
              return [log.left, log.top, box('[data-testid="window"][data-seat="0"]').right];
            }"""
        )
        assert window_right <= log_left
        assert log_top < 1000

        # Each line: the round and the player's name.
        lines = log.locator("li")
        expect(lines.last).to_contain_text(
            f"Round 1 Ada placed the {e2e.die_words(die)} on {e2e.cell_words(first)}"
        )
        for line in lines.all():
            name = {"0": "Ada", "1": "Bo"}[line.get_attribute("data-seat") or ""]
            # A window is chosen at setup, before round 1.
            expect(line).to_contain_text(re.compile(rf"^(Round \d+|Setup) {name} "))

        # The die just placed is marked, in the player's page and in a spectator's.
        for seen in (page, watcher):
            expect(my_window(seen).locator(f'[data-cell="{first}"]')).to_have_class(
                re.compile(r"\blast-move\b")
            )

        # A tool moves it (Eglomise Brush): its new cell is marked, and the one it left.
        pass_turn(page, server, game_id, token)
        wait_for_my_turn(page)
        page.locator('[data-testid="tool-card"][data-tool="2"]').click()
        preview = httpx.post(
            f"{server}/api/games/{game_id}/preview", json={"token": token, "actions": ["T2"]}
        ).json()
        move = next(a for a in preview["actions"] if a["kind"] == "move")
        my_window(page).locator(f'[data-cell="{move["from"]}"]').click()
        my_window(page).locator(f'[data-cell="{move["to"]}"]').click()
        for seen in (page, watcher):
            expect(my_window(seen).locator(f'[data-cell="{move["to"]}"]')).to_have_class(
                re.compile(r"\blast-move\b")
            )
            expect(my_window(seen).locator(f'[data-cell="{move["from"]}"]')).to_have_class(
                re.compile(r"\blast-move-from\b")
            )

        # Until the next move: a new die placed is marked instead.
        pass_turn(page, server, game_id, token)
        _, third = place_a_die(page, server, game_id, token)
        for seen in (page, watcher):
            marked = my_window(seen).locator(".cell.last-move")
            expect(marked).to_have_count(1)
            expect(marked).to_have_attribute("data-cell", third)
            expect(my_window(seen).locator(".cell.last-move-from")).to_have_count(0)
    finally:
        watcher.context.close()


def test_the_log_is_within_reach_on_a_phone(server: str, browser: Browser) -> None:
    game = create(server, players=2, bots=[None, "easy"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = context.new_page()
    try:
        phone.goto(f"{server}/game/{game['id']}#token={game['seats'][0]['token']}")
        e2e.choose_window(phone, 1)
        log = phone.get_by_test_id("game-log")
        expect(log).to_contain_text("chose the window")
        # One tap away: the log's tab above the action bar opens it over the table, in sight
        # without scrolling; nothing wider than the phone.
        expect(log).to_be_hidden()
        phone.get_by_test_id("sheet-tab-log").click()
        expect(log).to_be_visible()
        box = log.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
        assert phone.evaluate("window.scrollY") == 0
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    finally:
        context.close()


# -- no internal codes -------------------------------------------------------------------------


def test_no_internal_codes_in_the_page_during_a_game(server: str, page: Page) -> None:
    # Flux Remover (11): after its die is drawn, a value is chosen with buttons.
    open_game(page, server, players=2, bots=[None, "easy"], tools=[11, 2, 3])
    wait_for_my_turn(page)
    words = page_words(page)
    assert not CODES.search(words), CODES.search(words)

    page.locator('[data-testid="tool-card"][data-tool="11"]').click()
    page.get_by_test_id("pool-die").first.click()
    values = page.locator('[data-testid="choice-button"][data-action^="="]')
    expect(values.first).to_be_visible()
    assert [re.sub(r"\s", "", text) for text in values.all_inner_texts()] == [
        str(n) for n in range(1, 7)
    ]
    words = page_words(page)
    assert not CODES.search(words), CODES.search(words)

    values.first.click()
    legal = my_window(page).locator('[data-testid="cell"].legal')
    choices = page.get_by_test_id("choice-button")
    expect(legal.or_(choices).first).to_be_visible()
    (legal if legal.count() else choices).first.click()
    expect(page.get_by_test_id("game-log")).to_contain_text("set the die to 1")
    words = page_words(page)
    assert not CODES.search(words), CODES.search(words)

    # The notation stays at hand for those who want it.
    page.get_by_test_id("log-notation").check()
    expect(page.get_by_test_id("game-log")).to_contain_text("=1")


def test_the_card_game_turn_bar_names_its_rounds_in_words(server: str, page: Page) -> None:
    game = create(server, game="cards", tools=3)
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/cards/{game_id}#token={token}")
    # Play the first round by clicking (a placement when there is one, else pass).
    deadline = time.monotonic() + 30
    while not view(server, game_id, token)["turn_bar"]:
        assert time.monotonic() < deadline, "the first round did not end"
        current = e2e.wait_until_seen(page, server, game_id, token)
        places = [a for a in current["actions"] if a["kind"] == "place"]
        passes = [a for a in current["actions"] if a["kind"] == "pass"]
        e2e.click_card_action(page, (places or passes or current["actions"])[0])
        while len(view(server, game_id, token)["history"]) == len(current["history"]):
            time.sleep(0.02)
    bar = page.get_by_test_id("bar-stack").first
    expect(bar).to_contain_text("Round 1")
    for shown in ("turn-bar", "pile"):
        text = page.get_by_test_id(shown).inner_text()
        assert not CODES.search(text) and not ROUND_CODE.search(text), text


# -- the decision, the selection, the windows' size -------------------------------------------


def test_the_decision_changes_right_after_a_placement(server: str, page: Page) -> None:
    game_id, token = open_game(page, server, players=2, bots=[None, "easy"], names=["Ada", "Bo"])
    wait_for_my_turn(page)
    decision = page.get_by_test_id("decision")
    expect(decision).to_contain_text("draft and place a die")
    place_a_die(page, server, game_id, token)
    # At once: the die is placed, so drafting is no longer offered.
    expect(decision).not_to_contain_text("draft and place a die", timeout=2_000)
    expect(decision).to_contain_text(re.compile(r"^Ada: .*pass"))


def test_one_of_two_equal_dice_is_selected(
    server: str, page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game whose first Draft Pool holds two equal dice, seat 0 to play first: the game's
    # seed is drawn by the server, so try fixed seeds until one deals it.
    for seed in range(1, 200):
        with monkeypatch.context() as patch:
            patch.setattr(secrets, "randbits", lambda bits, seed=seed: seed)
            game = create(server, players=2, bots=[None, "easy"])
        game_id, token = game["id"], game["seats"][0]["token"]
        deadline = time.monotonic() + 10
        while (current := view(server, game_id, token))["phase"] == "setup":
            assert time.monotonic() < deadline, "the windows were not chosen"
            if current["current_player"] == 0:
                body = {"token": token, "action": "W1", "seq": len(current["history"])}
                httpx.post(f"{server}/api/games/{game_id}/actions", json=body)
            time.sleep(0.02)
        pool = current["draft_pool"]
        twins = [die for die in pool if pool.count(die) > 1]
        if current["current_player"] == 0 and twins:
            break
    else:  # pragma: no cover - the seeds above deal such a pool more than once
        pytest.fail("no game dealt two equal dice")
    page.goto(f"{server}/game/{game_id}#token={token}")
    twin = page.locator(f'[data-testid="pool-die"][data-die="{twins[0]}"]')
    expect(twin).to_have_count(2)
    twin.first.click()
    expect(page.locator('[data-testid="pool-die"].selected')).to_have_count(1)
    expect(twin.first).to_have_attribute("aria-pressed", "true")
    expect(twin.nth(1)).to_have_attribute("aria-pressed", "false")
    twin.nth(1).click()
    expect(twin.first).to_have_attribute("aria-pressed", "false")
    expect(twin.nth(1)).to_have_attribute("aria-pressed", "true")


def test_windows_grow_on_a_wide_screen(server: str, page: Page) -> None:
    open_game(page, server, players=3, bots=[None, "easy", "easy"])
    expect(page.locator('[data-testid="window"][data-seat="1"]')).to_be_visible()
    # The width of a space of my window and of another's (read at once: bots redraw the page).
    widths = """() => ['[data-seat="0"]', '[data-seat="1"]'].map(seat => document.querySelector(
      `[data-testid="window"]${seat} [data-testid="cell"]`).getBoundingClientRect().width)"""
    desktop = page.evaluate(widths)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(
        f"() => ({widths})().every((width, i) => width >= 1.3 * {desktop}[i])", timeout=5_000
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
