"""The scoring page (``/score``, issue 30) on a phone (390x844), in a real headless Chromium:
a finished window of a physical game entered by tapping and scored by the server.

One server and one browser for the module; each test opens a fresh tab (its own storage).
Expected totals are worked by hand from the rulebooks:

* the base game's SCORING EXAMPLE (rulebook 001_3237e9a6eb6273e0.txt): 40, as
  ``tests/test_cli_score.py`` works it (10 + 4 + 12 + 17 + 0 - 3);
* a Life window with masterwork dice and Toil objectives (rulebook 004_234c3922e9d01436.txt,
  with HOUSE-CONTENT.md's faces): 20, as ``tests/test_cli_score.py``'s LIFE_INPUT works it;
* a card-game window (rulebook 002_a2583da13b6224b7.txt, "Game end and final scoring"),
  worked below.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from test_cli_score import LIFE_INPUT, RULEBOOK_INPUT
from test_e2e import browser, server  # noqa: F401  (fixtures)
from test_e2e_phone import PHONE, RECORD_SHIFTS, SMALL_TARGETS


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:  # noqa: F811
    """A fresh phone-sized tab (touch, its own storage) recording layout shifts; fails on an
    error thrown in the page."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    context.add_init_script(RECORD_SHIFTS)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"the page threw: {errors}"


def fragment(data: dict[str, Any]) -> str:
    """The address's fragment of an input: base64url of its UTF-8 JSON, without padding."""
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def from_fragment(text: str) -> Any:
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def open_form(page: Page, address: str) -> None:
    page.goto(address)
    expect(page.get_by_test_id("score-cell")).to_have_count(20)


def enter(page: Page, rows: list[str], masterwork: dict[str, Any] | None = None) -> None:
    """Tap each die of ``rows`` (the input's tokens) into the window: its space, then its
    colour and its value; a masterwork die (``O``): its space, the masterwork die, its symbol
    and its rotation."""
    for r, row in enumerate(rows):
        for c, token in enumerate(row.split()):
            if token == "_":
                continue
            cell = f"{'ABCD'[r]}{c + 1}"
            page.locator(f'[data-testid="score-cell"][data-cell="{cell}"]').tap()
            if token == "O":
                assert masterwork is not None
                die = masterwork[cell]
                page.get_by_test_id("score-masterwork").tap()
                page.locator(f'[data-testid="score-symbol"][data-symbol="{die["symbol"]}"]').tap()
                page.get_by_test_id(f"score-rotation-{die['rotation']}").tap()
            else:
                page.locator(f'[data-testid="score-colour"][data-colour="{token[0]}"]').tap()
                page.locator(f'[data-testid="score-value"][data-value="{token[1:]}"]').tap()


def take(page: Page, choice: str, names: list[str]) -> None:
    """Take the cards ``names`` of the choice whose test id is ``choice``."""
    for name in names:
        page.locator(f'[data-testid="{choice}-card"][data-name="{name}"]').tap()


def total(page: Page) -> Any:
    return expect(page.get_by_test_id("score-total"))


def test_the_rulebook_scoring_example_tapped_in_scores_40_and_back_returns_to_it(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score")
    enter(tab, RULEBOOK_INPUT["dice"])
    take(tab, "score-private", RULEBOOK_INPUT["private"])
    take(tab, "score-public", RULEBOOK_INPUT["public"])
    total(tab).to_have_text("40")
    # The address holds the input that `sagrada score` reads.
    kept = from_fragment(tab.evaluate("location.hash.slice(1)"))
    assert kept["dice"] == RULEBOOK_INPUT["dice"] and kept["public"] == RULEBOOK_INPUT["public"]
    # Choosing a part lights the dice that earned it: Shades of Purple, the three purple dice.
    tab.locator('[data-testid="score-part"][data-kind="private"]').tap()
    lit = tab.locator('[data-testid="score-cell"].scored')
    expect(lit).to_have_count(3)
    assert lit.evaluate_all("cells => cells.map((c) => c.dataset.cell)") == ["A5", "C1", "C4"]
    # Starting again is a step of the history: Back returns to the scored window.
    tab.get_by_test_id("score-reset").tap()
    total(tab).to_have_text("–")
    tab.go_back()
    total(tab).to_have_text("40")
    expect(tab.locator('[data-testid="score-cell"] .face.die')).to_have_count(17)


def test_a_shared_link_restores_the_window_and_scores_it(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score#{fragment(RULEBOOK_INPUT)}")
    total(tab).to_have_text("40")
    # The dice read back from the server's answer, each on its space.
    expect(tab.locator('[data-testid="score-cell"] .face.die')).to_have_count(17)
    expect(
        tab.locator('[data-testid="score-cell"][data-cell="A5"] .face.die.colour-P')
    ).to_have_count(1)
    expect(tab.locator('[data-testid="score-public-card"][aria-pressed="true"]')).to_have_count(3)
    # The server out of reach: the page says that scoring needs it, and keeps what was entered.
    tab.route("**/api/score?*", lambda route: route.abort())
    expect(tab.get_by_test_id("score-offline")).to_be_hidden()
    tab.get_by_test_id("score-favor-more").tap()
    expect(tab.get_by_test_id("score-offline")).to_be_visible()
    assert from_fragment(tab.evaluate("location.hash.slice(1)"))["favor_tokens"] == 1
    expect(tab.locator('[data-testid="score-cell"] .face.die')).to_have_count(17)


def cell(page: Page, name: str) -> Any:
    return page.locator(f'[data-testid="score-cell"][data-cell="{name}"]')


def test_fixing_a_whole_die_stays_on_it_and_half_a_die_is_said_not_scored(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score#{fragment(RULEBOOK_INPUT)}")
    total(tab).to_have_text("40")
    # A2 (green 4) made blue, then 5: A2 is blue 5, still chosen; A3 keeps its red 2.
    cell(tab, "A2").tap()
    tab.locator('[data-testid="score-colour"][data-colour="B"]').tap()
    tab.locator('[data-testid="score-value"][data-value="5"]').tap()
    expect(cell(tab, "A2")).to_have_attribute("aria-pressed", "true")
    expect(cell(tab, "A2").locator(".face.die.colour-B")).to_have_count(1)
    expect(cell(tab, "A3").locator(".face.die.colour-R")).to_have_count(1)
    assert from_fragment(tab.evaluate("location.hash.slice(1)"))["dice"][0] == "_ B5 R2 Y5 P6"
    # Half a die (a colour alone on A1) is not an open space: it is marked and said, unscored.
    cell(tab, "A1").tap()
    tab.locator('[data-testid="score-colour"][data-colour="Y"]').tap()
    expect(cell(tab, "A1")).to_have_class(re.compile(r"\bunfinished\b"))
    expect(tab.get_by_test_id("score-missing")).to_contain_text("row 1, column 1")
    total(tab).to_have_text("–")
    # Back steps over the half die to the last whole state: A2 blue 4.
    tab.go_back()
    expect(cell(tab, "A2").locator(".face.die.colour-B")).to_have_count(1)
    expect(cell(tab, "A1").locator(".face.die")).to_have_count(0)
    assert from_fragment(tab.evaluate("location.hash.slice(1)"))["dice"][0] == "_ B4 R2 Y5 P6"


def test_a_link_shared_before_the_private_objective_keeps_its_dice_and_says_what_is_missing(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    early = {**RULEBOOK_INPUT, "private": []}
    open_form(tab, f"{server}/score#{fragment(early)}")
    # The dice read back by the server (POST /api/score/read), each on its space.
    expect(tab.locator('[data-testid="score-cell"] .face.die')).to_have_count(17)
    expect(tab.get_by_test_id("score-missing")).not_to_be_empty()
    expect(tab.get_by_test_id("score-problem")).to_be_empty()
    assert from_fragment(tab.evaluate("location.hash.slice(1)"))["dice"] == early["dice"]
    # Choosing the private objective scores it: the rulebook's 40.
    take(tab, "score-private", RULEBOOK_INPUT["private"])
    total(tab).to_have_text("40")


def test_a_life_window_with_masterwork_dice_tapped_in_scores_20(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score")
    tab.get_by_test_id("score-masterwork-on").check()
    enter(tab, LIFE_INPUT["dice"], LIFE_INPUT["masterwork"])
    take(tab, "score-private", LIFE_INPUT["private"])
    take(tab, "score-public", LIFE_INPUT["public"])
    for _ in range(LIFE_INPUT["favor_tokens"]):
        tab.get_by_test_id("score-favor-more").tap()
    total(tab).to_have_text("20")
    kept = from_fragment(tab.evaluate("location.hash.slice(1)"))
    assert kept["masterwork"] == LIFE_INPUT["masterwork"]


# A table of three windows, in the final round's turn order: Ada and Cy the rulebook's example
# (40, 17 of it from Shades of Purple), Bea the same dice with Shades of Red (R2 + R3 + R3 = 8:
# 40 - 17 + 8 = 31). Rulebook 001, END OF GAME: "Ties are broken by most points from Private
# Objectives, most remaining Favor Tokens, then finally by reverse player order in the final
# round": Ada and Cy tie on all but the order, so the later one wins: Cy, then Ada, then Bea.
# Moved last, Ada is the later one and wins. Shared (the German rule): Ada and Cy share first.
TABLE = {
    "public": RULEBOOK_INPUT["public"],
    "players": [
        {"name": name, "dice": RULEBOOK_INPUT["dice"], "private": [private], "favor_tokens": 0}
        for name, private in (
            ("Ada", "Shades of Purple"),
            ("Bea", "Shades of Red"),
            ("Cy", "Shades of Purple"),
        )
    ],
}


def test_a_table_of_players_is_ranked_by_the_rulebooks_tie_breaks(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score#{fragment(TABLE)}")
    ranking = tab.get_by_test_id("score-rank")
    expect(ranking).to_have_text(["1. Cy: 40", "2. Ada: 40", "3. Bea: 31"])
    expect(tab.get_by_test_id("score-player-total")).to_have_text(["40", "31", "40"])
    later = tab.get_by_test_id("score-player-down")
    later.nth(0).tap()  # Ada after Bea
    later.nth(1).tap()  # Ada after Cy: last
    expect(ranking).to_have_text(["1. Ada: 40", "2. Cy: 40", "3. Bea: 31"])
    tab.get_by_test_id("score-tie-break-shared").tap()
    expect(ranking).to_have_text(["1. Cy, Ada: 40", "3. Bea: 31"])
    assert [
        p["name"] for p in from_fragment(tab.evaluate("location.hash.slice(1)"))["players"]
    ] == ["Bea", "Cy", "Ada"]


# The card game's window: the rulebook example's window with black for purple, laid out with
# the orders Row Color Variety and Light Shades (basic) and Shades of Black (unique), and a
# turn bar of two rounds (3; 1 and 5). Worked by hand (rulebook 002, "Game end and final
# scoring"; the basic orders score as the base game's public objectives):
# - Row Color Variety (6 per row of five cards with no repeated colour): rows A, B and C have
#   an open space, row D repeats blue and green: 0.
# - Light Shades (2 per set of a 1 and a 2): two 1s (B2, B4) and three 2s (A3, B5, D4): 2 × 2 = 4.
# - Shades of Black (the pips of the black cards): A5 6 + C1 5 + C4 6 = 17.
# - Open spaces A1, B3, C3: 3 × -3 = -9. Score 0 + 4 + 17 - 9 = 12.
# - Target: 3 + 1 + 5 = 9; 12 reaches it: won.
# The game has one card of each colour and value: R3 (B1, C5), G4 (A2, D3, D5) and K6 (A5, C4)
# are there twice or more, which is scored anyway, with a warning for each card: the three
# warnings name those seven spaces.
CARD_ROWS = ["_ G4 R2 Y5 K6", "R3 B1 _ G1 Y2", "K5 G6 _ K6 R3", "B4 Y3 G4 B2 G4"]
CARD_ORDERS = ["Row Color Variety", "Light Shades", "Shades of Black"]


def test_a_card_game_window_tapped_in_scores_12_against_its_target_of_9(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score?game=cards")
    enter(tab, CARD_ROWS)
    take(tab, "score-order-basic", CARD_ORDERS[:2])
    take(tab, "score-order-unique", CARD_ORDERS[2:])
    rounds = tab.get_by_test_id("score-round")
    for round_index, values in ((0, [3]), (1, [1, 5])):
        rounds.nth(round_index).tap()
        for value in values:
            tab.get_by_test_id("score-bar-value").nth(value - 1).tap()
    total(tab).to_have_text("12")
    expect(tab.get_by_test_id("score-target")).to_contain_text("9")
    expect(tab.get_by_test_id("score-warning")).to_have_count(3)
    warned = tab.locator('[data-testid="score-cell"].warned')
    cells = warned.evaluate_all("cells => cells.map((c) => c.dataset.cell)")
    assert cells == ["A2", "A5", "B1", "C4", "C5", "D3", "D5"]
    kept = from_fragment(tab.evaluate("location.hash.slice(1)"))
    assert kept["turn_bar"][:3] == [[3], [1, 5], []]


CARD_INPUT = {"cards": CARD_ROWS, "orders": CARD_ORDERS, "turn_bar": [[3], [1, 5]]}


def test_shared_links_of_a_life_window_and_a_card_game_window_score_them(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    # The Life window (20, worked in tests/test_cli_score.py): its nine dice come back on their
    # spaces, the two masterwork dice among them.
    open_form(tab, f"{server}/score#{fragment(LIFE_INPUT)}")
    total(tab).to_have_text("20")
    expect(tab.locator('[data-testid="score-cell"] .face.die')).to_have_count(9)
    expect(tab.locator('[data-testid="score-cell"] .face.die.masterwork')).to_have_count(2)
    # The card game's window (12 against a target of 9, worked above).
    open_form(tab, f"{server}/score?game=cards#{fragment(CARD_INPUT)}")
    total(tab).to_have_text("12")
    expect(tab.get_by_test_id("score-target")).to_contain_text("9")
    expect(tab.get_by_test_id("score-warning")).to_have_count(3)


def test_a_solo_window_wins_when_its_total_beats_the_round_tracks_dice(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    # The rulebook's window in solo with Color Variety alone scores 20 (tests/test_cli_score.py
    # works it). The Round Track's dice tapped in, 6 and 5, 4 and 3, then 1: a target of 19,
    # beaten (rulebook 001, SOLO PLAY RULES: a total greater than the Target Score wins).
    solo = {**RULEBOOK_INPUT, "public": ["Color Variety"], "mode": "solo"}
    open_form(tab, f"{server}/score#{fragment(solo)}")
    total(tab).to_have_text("20")
    expect(tab.get_by_test_id("score-target")).to_have_text("")
    rounds = tab.get_by_test_id("score-round-track").get_by_test_id("score-round")
    expect(rounds).to_have_count(10)
    values = tab.get_by_test_id("score-round-track").get_by_test_id("score-bar-value")
    for round_index, pips in ((0, [6, 5]), (1, [4, 3]), (2, [1])):
        rounds.nth(round_index).tap()
        for n in pips:
            values.nth(n - 1).tap()
    expect(tab.get_by_test_id("score-target")).to_have_text("Target 19: won")
    kept = from_fragment(tab.evaluate("location.hash.slice(1)"))
    assert kept["round_track"][:4] == [[6, 5], [4, 3], [1], []]
    # In a multiplayer game the Round Track is no target: it is not asked for.
    tab.get_by_test_id("score-mode-multiplayer").tap()
    expect(tab.get_by_test_id("score-round-track")).to_be_hidden()


def test_the_page_has_no_accessibility_violation_no_small_tap_target_and_no_layout_shift(
    tab: Page,
    server: str,  # noqa: F811
) -> None:
    open_form(tab, f"{server}/score#{fragment(RULEBOOK_INPUT)}")
    total(tab).to_have_text("40")
    tab.wait_for_load_state("networkidle")
    shifts: list[dict[str, Any]] = tab.evaluate("window.shifts")
    assert sum(shift["value"] for shift in shifts) <= 0.1, shifts
    assert tab.evaluate(SMALL_TARGETS, 40) == []
    # Axe on the example in both languages, then on a solo window (a private objective that
    # does not count) and the card game's window with its warning, in German. The solo window
    # (rulebook 001, SOLO PLAY RULES: "selecting only one of the two Private Objectives",
    # "you lose 3 Victory Points for each open space"): Column Color Variety 10 + Light Shades
    # 4 + Shades of Purple 17 (better than Shades of Red's 2 + 3 + 3 = 8) - 3 × 3 = 22.
    solo = {**RULEBOOK_INPUT, "mode": "solo", "public": RULEBOOK_INPUT["public"][:2]}
    solo["private"] = [*RULEBOOK_INPUT["private"], "Shades of Red"]
    cards = {"cards": CARD_ROWS, "orders": CARD_ORDERS, "turn_bar": [[3], [1, 5]]}
    shown = {
        "example en": ("en", f"/score#{fragment(RULEBOOK_INPUT)}", "40"),
        "example de": ("de", f"/score#{fragment(RULEBOOK_INPUT)}", "40"),
        "solo de": ("de", f"/score#{fragment(solo)}", "22"),
        "card game de": ("de", f"/score?game=cards#{fragment(cards)}", "12"),
    }
    found = {}
    for name, (language, address, points) in shown.items():
        tab.evaluate(f"localStorage.setItem('sagrada.language', '{language}')")
        tab.goto("about:blank")
        open_form(tab, server + address)
        expect(tab.locator("html")).to_have_attribute("lang", language)
        total(tab).to_have_text(points)
        violations = Axe().run(tab).response["violations"]
        found[name] = [f"{v['id']}: {v['help']}" for v in violations]
    assert found == {name: [] for name in shown}
