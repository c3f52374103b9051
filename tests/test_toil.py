"""Life's Toil public objectives (rulebook 004_234c3922e9d01436.txt, TOIL PUBLIC OBJECTIVES;
the cards are house content: HOUSE-CONTENT.md, "Life: Toil public objectives").

Every count below is worked out by hand from the window drawn beside it (rows A-D, columns
1-5; ``.`` an open space, ``Ocorner0`` a masterwork die).
"""

from __future__ import annotations

import pytest

from helpers import BLANK, cell_set
from sagrada.core.content import catalog
from sagrada.core.errors import ConfigError
from sagrada.core.objectives import PUBLIC_RULES
from sagrada.core.position import make_window
from sagrada.core.scoring import score_public
from sagrada.games.dice.render import table_text
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import new_game
from sagrada.games.dice.rules.views import make_view

TOIL = (
    "orange_adjacency",
    "perfect_pairs",
    "alternating_shades",
    "checkerboard_columns",
    "alternating_colours",
    "tallest_column",
)


def count(rule: str, placements: str) -> tuple[int, set[str]]:
    found, cells = PUBLIC_RULES[rule](make_window(BLANK, placements))
    return found, cell_set(cells)


def test_orange_adjacency_counts_dice_of_the_bag_beside_a_masterwork_die() -> None:
    #   A  R1 Oc .  .  .      A1 and B2 touch the corner die on A2 side by side; C3, C5 and
    #   B  G2 Y3 .  .  .      D4 touch the bridge die on C4; B1 touches A2 only diagonally.
    #   C  .  .  B5 Ob R6
    #   D  .  .  .  P4 .
    placements = "A1=R1 A2=Ocorner0 B1=G2 B2=Y3 C3=B5 C4=Obridge0 C5=R6 D4=P4"
    assert count("orange_adjacency", placements) == (5, {"A1", "B2", "C3", "C5", "D4"})
    # Two masterwork dice do not count for each other (they are not dice of the bag).
    assert count("orange_adjacency", "A1=Ocorner0 B2=Oslant0") == (0, set())


def test_perfect_pairs_counts_each_die_in_one_set_at_most() -> None:
    # R3 three times: one pair (the third is alone); G5 twice: one pair; B5 and G5 differ in
    # colour, R3 and R4 in value: no pair. 2 sets, cells the first two R3 and both G5.
    placements = "A1=R3 A3=R3 A5=R3 B2=G5 C1=B5 C5=R4 D4=G5"
    assert count("perfect_pairs", placements) == (2, {"A1", "A3", "B2", "D4"})
    # Four dice of one face: two sets.
    assert count("perfect_pairs", "A1=Y2 A3=Y2 C1=Y2 C3=Y2")[0] == 2


def test_perfect_pairs_pairs_two_masterwork_dice_of_one_symbol() -> None:
    # Perfect Pairs (HOUSE-CONTENT.md): "two dice with the same colour and the same value".
    # Masterwork dice are all orange, one colour, and "Each symbol is considered to be the
    # same value as that symbol on another Masterwork Die, regardless of their rotation"
    # (rulebook, MASTERWORK DICE PLACEMENT). The corners on A1 and A3 (turned 0 and 90) are a
    # pair; the split on C1 and the prism on C3 differ in value; the corner and the R1 on
    # D5 differ in colour. 1 set, cells A1 and A3.
    placements = "A1=Ocorner0 A3=Ocorner90 C1=Osplit0 C3=Oprism0 D5=R1"
    assert count("perfect_pairs", placements) == (1, {"A1", "A3"})
    # Three corners and two bridges: one pair of each, the third corner alone.
    more = "A1=Ocorner0 A3=Ocorner180 A5=Ocorner270 C1=Obridge0 C3=Obridge90"
    assert count("perfect_pairs", more) == (2, {"A1", "A3", "C1", "C3"})


def test_alternating_shades_scores_complete_rows_of_alternating_parity() -> None:
    # Row A: 1 2 3 4 5 (odd even odd even odd) scores; row B: 2 5 4 1 6 (even odd even odd
    # even) scores; row C: 1 2 4 3 6 (4 after 2: even even) does not; row D is not complete.
    placements = (
        "A1=R1 A2=G2 A3=B3 A4=Y4 A5=P5 "
        "B1=Y2 B2=P5 B3=G4 B4=R1 B5=B6 "
        "C1=G1 C2=B2 C3=R4 C4=P3 C5=Y6 "
        "D1=R5 D2=Y4 D3=G5"
    )
    found, cells = count("alternating_shades", placements)
    assert found == 2 and cells == {f"{r}{c}" for r in "AB" for c in "12345"}
    # A masterwork die has no number: it breaks the run it stands in.
    assert count("alternating_shades", "A1=R1 A2=G2 A3=Ocorner0 A4=Y4 A5=P5")[0] == 0


def test_checkerboard_columns_scores_complete_columns_of_alternating_parity() -> None:
    # Column 1: 1 2 3 4 scores; column 2: 6 5 4 2 (4 then 2) does not; column 3: 5 6 1 2
    # scores; column 4 holds a masterwork die; column 5 is not complete.
    placements = (
        "A1=R1 B1=G2 C1=R3 D1=Y4 "
        "A2=B6 B2=Y5 C2=G4 D2=B2 "
        "A3=P5 B3=R6 C3=B1 D3=G2 "
        "A4=G3 B4=Ocorner0 C4=Y3 D4=R5 "
        "A5=Y2 B5=P1"
    )
    found, cells = count("checkerboard_columns", placements)
    assert found == 2
    assert cells == {"A1", "B1", "C1", "D1", "A3", "B3", "C3", "D3"}


def test_alternating_colours_needs_two_colours_in_turn_along_a_complete_row() -> None:
    # Row A: R G R G R scores; row B: B Y B Y P (column 5 not blue) does not; row C: P Y P Y P
    # scores; row D: orange G orange G orange (masterwork dice) does not.
    placements = (
        "A1=R1 A2=G2 A3=R3 A4=G4 A5=R5 "
        "B1=B1 B2=Y2 B3=B3 B4=Y4 B5=P5 "
        "C1=P6 C2=Y1 C3=P2 C4=Y5 C5=P4 "
        "D1=Ocorner0 D2=G1 D3=Obridge0 D4=G3 D5=Oslant0"
    )
    found, cells = count("alternating_colours", placements)
    assert found == 2 and cells == {f"{r}{c}" for r in "AC" for c in "12345"}


def test_tallest_column_scores_the_highest_sum_of_a_complete_column() -> None:
    # Column 1: 6 + 5 + 6 + 4 = 21; column 2: 1 + 2 + 3 + 1 = 7; column 3 would be 24 but C3
    # is open; column 4: 6 + masterwork (0) + 6 + 5 = 17.
    placements = (
        "A1=R6 B1=G5 C1=B6 D1=Y4 "
        "A2=G1 B2=R2 C2=Y3 D2=P1 "
        "A3=B6 B3=P6 D3=R6 "
        "A4=Y6 B4=Ocorner0 C4=G6 D4=B5"
    )
    assert count("tallest_column", placements) == (21, {"A1", "B1", "C1", "D1"})
    assert count("tallest_column", "A1=R6 B1=G5")[0] == 0  # no complete column


def test_toil_cards_score_per_unit_with_their_formula() -> None:
    tallest = catalog().public("Tallest Column")
    window = make_window(BLANK, "A1=R6 B1=G5 C1=B6 D1=Y4")
    part = score_public(window, tallest)
    assert (part.points, str(part.formula)) == (21, "21 pips × 1 VP")
    pairs = catalog().public("Perfect Pairs")
    part = score_public(make_window(BLANK, "A1=R3 A3=R3"), pairs)
    assert (part.points, str(part.formula)) == (3, "1 set × 3 VP")


def test_the_toil_cards_are_house_content_with_a_rule_each() -> None:
    cards = [catalog().public(rule) for rule in TOIL]
    assert all(card.house and card.pack == "life" for card in cards)
    assert [card.vp for card in cards] == [2, 3, 4, 4, 5, 1]  # HOUSE-CONTENT.md
    assert all(card.rule in PUBLIC_RULES for card in cards)
    assert catalog().public("orange_adjacency").needs == "masterwork"


def test_toil_mixes_its_objectives_into_the_deck_without_orange_adjacency_alone() -> None:
    base = GameConfig(players=2).rules.public_deck
    toil = GameConfig(players=2, toil=True).rules.public_deck
    assert "toil" in GameConfig(players=2, toil=True).modules
    assert set(toil) - set(base) == set(TOIL) - {"orange_adjacency"}
    assert len(base) == 10


def test_a_toil_objective_is_chosen_only_with_toil_and_orange_adjacency_with_masterwork() -> None:
    chosen = ("perfect_pairs", "row_color_variety", "tallest_column")
    assert GameConfig(players=2, toil=True, public_objectives=chosen).public_objectives == chosen
    with pytest.raises(ConfigError, match="Perfect Pairs is not in this game's public"):
        GameConfig(players=2, public_objectives=chosen)
    with pytest.raises(ConfigError, match="needs the masterwork module"):
        GameConfig(
            players=2,
            toil=True,
            public_objectives=("orange_adjacency", "perfect_pairs", "tallest_column"),
        )


def test_views_say_which_cards_are_house_content() -> None:
    chosen = ("perfect_pairs", "row_color_variety", "tallest_column")
    state = new_game(GameConfig(players=2, toil=True, public_objectives=chosen), seed=3)
    publics = make_view(state, 0).to_json()["public_objectives"]
    assert [(p["id"], p["house"], p["unit"]) for p in publics] == [
        ("perfect_pairs", True, "set"),
        ("row_color_variety", False, "row"),
        ("tallest_column", True, "pip"),
    ]


def test_the_terminal_says_which_cards_are_house_content() -> None:
    chosen = ("perfect_pairs", "row_color_variety", "tallest_column")
    state = new_game(GameConfig(players=2, toil=True, public_objectives=chosen), seed=3)
    lines = table_text(make_view(state, 0)).splitlines()
    note = "Perfect Pairs, Tallest Column: house card: the printed card's text is not available"
    assert note in lines
    plain = new_game(GameConfig(players=2), seed=3)
    assert "house card" not in table_text(make_view(plain, 0))
