"""End-game scoring, pinned by hand-worked examples.

Sources cited in the comments:

* "rulebook": rulebook 001_3237e9a6eb6273e0.txt (English base rules), sections
  END GAME SCORING, SCORING EXAMPLE and SOLO PLAY RULES / END GAME SCORING.
* "CARDS.md §2": CARDS.md (card reference), section 2, the exact rule of each public card;
  "CARDS.md §3": section 3, the private cards; "CARDS.md §5.2": the 5 & 6 expansion's
  spaces-type private objectives.
* "5&6 rulebook": rulebook 003_0d63153aaa85498d.txt (5 & 6 Player Expansion), section SCORING
  EXAMPLE (Fence).

Every expected number below was worked out by hand from those texts; the arithmetic is in the
comment next to it. Scoring does not check placement, but the windows are kept legal where
that costs nothing (no equal colours or values orthogonally adjacent).
"""

from __future__ import annotations

import pytest

from helpers import arranged_game
from sagrada.core.cells import parse_cell
from sagrada.core.content import PrivateObjective, PublicObjective, WindowPattern, catalog
from sagrada.core.dice import parse_die
from sagrada.core.errors import ConfigError
from sagrada.core.messages import msg
from sagrada.core.objectives import PUBLIC_RULES, public_rule_ids
from sagrada.core.scoring import (
    ScoreBreakdown,
    ScorePart,
    score_private,
    score_public,
    score_window,
)
from sagrada.core.window import Window
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.views import make_view

BLANK = WindowPattern("blank", 3, 0, (".....", ".....", ".....", "....."))
EMPTY_ROW = "_ _ _ _ _"


def window_of(a: str, b: str, c: str, d: str) -> Window:
    """Build a window from rows A-D of five tokens each: a die like ``R3``, or ``_`` (open)."""
    window = Window(BLANK)
    for r, row in enumerate((a, b, c, d)):
        tokens = row.split()
        assert len(tokens) == 5, row
        for col, token in enumerate(tokens):
            if token != "_":
                window.place(parse_die(token), r * 5 + col)
    return window


def public(name: str) -> PublicObjective:
    return catalog().public(name)


def private(name: str) -> PrivateObjective:
    return catalog().private(name)


def cells(*names: str) -> tuple[str, ...]:
    """The cell names in A1..D5 order, as ScorePart.cells lists them."""
    return tuple(sorted(names, key=parse_cell))


# The rulebook's SCORING EXAMPLE window (Fractal Drops), read off the picture:
#   A: _  G4 R2 Y5 P6
#   B: R3 B1 _  G1 Y2
#   C: P5 G6 _  P6 R3
#   D: B4 Y3 G4 B2 G4
def rulebook_window() -> Window:
    return window_of("_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4")


# A full, legal window whose colour at row r, column c is (r + c) mod 5 in the order R Y G B P,
# so every row and every column holds distinct colours, and whose values also never repeat in a
# row or a column:
#   A: R1 Y2 G3 B4 P5      values per column: 1 3 5 2 | 2 4 6 3 | 3 5 1 4 | 4 6 2 5 | 5 1 3 6
#   B: Y3 G4 B5 P6 R1
#   C: G5 B6 P1 R2 Y3
#   D: B2 P3 R4 Y5 G6
# Counts: each colour 4 dice (one per row). Values: 1 at A1 B5 C3 (3); 2 at A2 C4 D1 (3);
# 3 at A3 B1 C5 D2 (4); 4 at A4 B2 D3 (3); 5 at A5 B3 C1 D4 (4); 6 at B4 C2 D5 (3).
def rainbow_window() -> Window:
    return window_of("R1 Y2 G3 B4 P5", "Y3 G4 B5 P6 R1", "G5 B6 P1 R2 Y3", "B2 P3 R4 Y5 G6")


def empty_window() -> Window:
    return window_of(EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)


# -- the rulebook's scoring example -------------------------------------------------------


def test_rulebook_example_window_is_legal() -> None:
    # The rulebook's example is a finished, legal window: no orthogonal repeats.
    assert rulebook_window().violations() == []


def test_rulebook_scoring_example() -> None:
    breakdown = score_window(
        rulebook_window(),
        [public("Column Color Variety"), public("Light Shades"), public("Color Variety")],
        [private("Shades of Purple")],
        favor_tokens=0,
    )
    column_colour, light, colour_variety, purple, favor, open_spaces = breakdown.parts

    # Rulebook: "5 VP from each of column 4 and 5, 10 VP total. 0 points for column 1 and 3
    # since they're incomplete, 0 VP from column 2 since there's a repeated green die."
    assert (column_colour.name, column_colour.kind) == ("Column Color Variety", "public")
    assert (column_colour.points, column_colour.count) == (10, 2)  # 2 columns × 5 VP
    assert str(column_colour.formula) == "2 columns × 5 VP"
    assert column_colour.cells == cells("A4", "B4", "C4", "D4", "A5", "B5", "C5", "D5")

    # Rulebook: "1's at B2, B4. 2's at A3, D4, B5. 4 VP total for two pairs, the third
    # 2-value die is not part of a pair": min(2, 3) = 2 sets × 2 VP = 4. The first two 2s in
    # A1..D5 order are A3 and B5, so D4 is the one left out.
    assert (light.points, light.count) == (4, 2)
    assert str(light.formula) == "2 sets × 2 VP"
    assert light.cells == cells("B2", "B4", "A3", "B5")

    # Rulebook: "Three sets of 1 of each color give 4 VP each, 12 VP total."
    # Colours: R A3 B1 C5 (3), Y A4 B5 D2 (3), G A2 B4 C2 D3 D5 (5), B B2 D1 D4 (3),
    # P A5 C1 C4 (3): min = 3 sets × 4 VP = 12; the first three greens are A2 B4 C2.
    assert (colour_variety.points, colour_variety.count) == (12, 3)
    assert str(colour_variety.formula) == "3 sets × 4 VP"
    assert colour_variety.cells == cells(
        "A3", "B1", "C5", "A4", "B5", "D2", "A2", "B4", "C2", "B2", "D1", "D4", "A5", "C1", "C4"
    )

    # Rulebook: "purple dice (C1, C4, and A5), giving 5 + 6 + 6 = 17 VP". Listed in A1..D5
    # order: A5 (6), C1 (5), C4 (6).
    assert (purple.name, purple.kind) == ("Shades of Purple", "private")
    assert (purple.points, purple.count) == (17, 3)
    assert str(purple.formula) == "6 + 5 + 6"
    assert purple.cells == cells("C1", "C4", "A5")
    assert purple.counted

    # Rulebook: "None remain so 0 VP."
    assert (favor.name, favor.kind, favor.points, favor.count) == ("Favor tokens", "favor", 0, 0)

    # Rulebook: "-1 VP for each open space (A1, B3, and C3), -3 VP total."
    assert (open_spaces.name, open_spaces.kind) == ("Open spaces", "open")
    assert (open_spaces.points, open_spaces.count) == (-3, 3)
    assert str(open_spaces.formula) == "3 spaces × -1 VP"
    assert open_spaces.cells == cells("A1", "B3", "C3")

    # Rulebook: "10 VP + 4 VP + 12 VP + 17 VP + 0 VP - 3 VP = 40 VP Total!"
    assert breakdown.total == 40
    assert breakdown.private_points == 17
    assert breakdown.favor_tokens == 0


def test_breakdown_json_forms() -> None:
    breakdown = score_window(
        rulebook_window(),
        [public("Column Color Variety"), public("Light Shades"), public("Color Variety")],
        [private("Shades of Purple")],
        favor_tokens=0,
    )
    # Same numbers as test_rulebook_scoring_example (rulebook SCORING EXAMPLE).
    assert breakdown.to_json() == {
        "total": 40,
        "parts": [
            {"name": "Column Color Variety", "points": 10},
            {"name": "Light Shades", "points": 4},
            {"name": "Color Variety", "points": 12},
            {"name": "Shades of Purple", "points": 17},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -3},
        ],
    }
    detail = breakdown.detail_json()
    assert detail["total"] == 40
    assert detail["private_points"] == 17
    assert detail["favor_tokens"] == 0
    assert detail["parts"][3] == {
        "name": "Shades of Purple",
        "kind": "private",
        "points": 17,
        "count": 3,
        "formula": "6 + 5 + 6",
        "formula_message": {"id": "formula.values", "params": {"values": "6 + 5 + 6"}},
        "cells": ["A5", "C1", "C4"],
        "counted": True,
        # The card's name as a message, for a page to show in its language.
        "name_message": {"id": "card.private.shades_of_purple.name", "params": {}},
    }
    assert detail["parts"][5]["cells"] == ["A1", "B3", "C3"]


# -- the registry -------------------------------------------------------------------------


def test_every_public_objective_has_a_rule() -> None:
    # CARDS.md §2 lists 10 public objectives of the base game; Life adds 6 (house content).
    # Each card's rule is registered, and every registered rule is some card's.
    publics = catalog().publics
    assert len([o for o in publics if o.pack == "base"]) == 10
    assert len([o for o in publics if o.pack == "life"]) == 6
    assert {o.rule for o in publics} == public_rule_ids() == set(PUBLIC_RULES)


def test_public_objective_without_a_rule_is_refused() -> None:
    unknown = PublicObjective("no_such_rule", "Nothing", "no text", 3)
    with pytest.raises(ConfigError, match="no_such_rule"):
        score_public(rulebook_window(), unknown)


# -- Row Color Variety: 6 VP per complete row without a repeated colour (CARDS.md §2) -------


def test_row_color_variety_counts_complete_rows_without_repeated_colour() -> None:
    window = window_of(
        "R1 Y2 G3 B4 P5",  # full, R Y G B P all different: scores
        "G2 R3 Y4 P1 B6",  # full, G R Y P B all different: scores
        "Y5 B1 R6 G5 Y3",  # full, yellow twice (C1, C5): no
        "P6 G4 B2 R1 _",  # all different but D5 open (incomplete row): no
    )
    part = score_public(window, public("Row Color Variety"))
    # 2 rows × 6 VP = 12
    assert (part.points, part.count) == (12, 2)
    assert str(part.formula) == "2 rows × 6 VP"
    assert part.cells == cells("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5")


def test_row_color_variety_on_a_full_rainbow_window() -> None:
    # Every row of the rainbow window holds the 5 colours: 4 rows × 6 VP = 24.
    part = score_public(rainbow_window(), public("Row Color Variety"))
    assert (part.points, part.count) == (24, 4)


def test_row_color_variety_on_the_rulebook_window() -> None:
    # Rows A-C have an open space (A1, B3, C3); row D is B Y G B G, blue and green repeat.
    part = score_public(rulebook_window(), public("Row Color Variety"))
    assert (part.points, part.count, part.cells) == (0, 0, ())
    assert str(part.formula) == "0 rows × 6 VP"


# -- Column Color Variety: 5 VP per complete column without a repeated colour ------------------


def test_column_color_variety_counts_complete_columns_only() -> None:
    window = window_of(
        "R1 G2 B3 Y4 P5",
        "Y2 B1 R4 G5 _",
        "R3 P4 G1 B2 Y6",
        "B4 G6 P2 R1 G3",
    )
    # column 1: R Y R B, red twice: no.      column 2: G B P G, green twice: no.
    # column 3: B R G P, all different: yes. column 4: Y G B R, all different: yes.
    # column 5: P _ Y G, B5 open (incomplete): no.    2 columns × 5 VP = 10
    part = score_public(window, public("Column Color Variety"))
    assert (part.points, part.count) == (10, 2)
    assert str(part.formula) == "2 columns × 5 VP"
    assert part.cells == cells("A3", "B3", "C3", "D3", "A4", "B4", "C4", "D4")


def test_column_color_variety_on_a_full_rainbow_window() -> None:
    # Columns R Y G B | Y G B P | G B P R | B P R Y | P R Y G: 5 columns × 5 VP = 25.
    part = score_public(rainbow_window(), public("Column Color Variety"))
    assert (part.points, part.count) == (25, 5)


def test_a_single_die_missing_spoils_its_column_and_its_row() -> None:
    window = rainbow_window()
    window.remove(parse_cell("C3"))
    # Column 3 and row C are no longer complete: 4 columns × 5 VP = 20, 3 rows × 6 VP = 18.
    assert score_public(window, public("Column Color Variety")).points == 20
    assert score_public(window, public("Row Color Variety")).points == 18


# -- Row Shade Variety: 5 VP per complete row without a repeated value ------------------------


def test_row_shade_variety_counts_complete_rows_without_repeated_value() -> None:
    window = window_of(
        "R1 Y2 G3 B4 P5",  # 1 2 3 4 5: scores
        "G6 B5 P4 R3 Y2",  # 6 5 4 3 2: scores
        "B1 R3 Y6 G1 P4",  # 1 3 6 1 4, two 1s: no
        "Y4 G2 B5 P6 _",  # D5 open: no
    )
    # 2 rows × 5 VP = 10
    part = score_public(window, public("Row Shade Variety"))
    assert (part.points, part.count) == (10, 2)
    assert str(part.formula) == "2 rows × 5 VP"
    assert part.cells == cells("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5")


def test_row_shade_variety_on_a_full_rainbow_window() -> None:
    # Rows 1 2 3 4 5 | 3 4 5 6 1 | 5 6 1 2 3 | 2 3 4 5 6, no repeats: 4 rows × 5 VP = 20.
    part = score_public(rainbow_window(), public("Row Shade Variety"))
    assert (part.points, part.count) == (20, 4)


def test_row_shade_variety_ignores_colours() -> None:
    # Five different colours do not help when two values repeat, and the same rows of
    # different values score whatever their colours: row A R1 Y1 ... has two 1s.
    window = window_of("R1 Y1 G3 B4 P5", "R6 Y5 R4 Y3 R2", EMPTY_ROW, EMPTY_ROW)
    # row A: 1 1 3 4 5, repeated 1: no. row B: 6 5 4 3 2 (colours R Y R Y R): yes. 1 × 5 = 5
    part = score_public(window, public("Row Shade Variety"))
    assert (part.points, part.count) == (5, 1)
    assert part.cells == cells("B1", "B2", "B3", "B4", "B5")


# -- Column Shade Variety: 4 VP per complete column without a repeated value ------------------


def test_column_shade_variety_counts_complete_columns_only() -> None:
    window = window_of(
        "R1 Y2 G3 B4 P5",
        "G3 B4 P5 R6 Y1",
        "Y2 R1 B3 G5 _",
        "B5 G2 R6 P1 Y4",
    )
    # column 1: 1 3 2 5, different: yes.    column 2: 2 4 1 2, two 2s (A2, D2): no.
    # column 3: 3 5 3 6, two 3s (A3, C3): no. column 4: 4 6 5 1, different: yes.
    # column 5: 5 1 _ 4, C5 open: no.       2 columns × 4 VP = 8
    part = score_public(window, public("Column Shade Variety"))
    assert (part.points, part.count) == (8, 2)
    assert str(part.formula) == "2 columns × 4 VP"
    assert part.cells == cells("A1", "B1", "C1", "D1", "A4", "B4", "C4", "D4")


def test_column_shade_variety_on_a_full_rainbow_window() -> None:
    # Columns 1 3 5 2 | 2 4 6 3 | 3 5 1 4 | 4 6 2 5 | 5 1 3 6, no repeats: 5 × 4 VP = 20.
    part = score_public(rainbow_window(), public("Column Shade Variety"))
    assert (part.points, part.count) == (20, 5)


def test_column_shade_variety_on_the_rulebook_window() -> None:
    # Complete columns 2, 4, 5: values 4 1 6 3 (yes), 5 1 6 2 (yes), 6 2 3 4 (yes);
    # columns 1 and 3 have open spaces (A1; B3, C3). 3 columns × 4 VP = 12.
    part = score_public(rulebook_window(), public("Column Shade Variety"))
    assert (part.points, part.count) == (12, 3)
    assert part.cells == cells(
        "A2", "B2", "C2", "D2", "A4", "B4", "C4", "D4", "A5", "B5", "C5", "D5"
    )


# -- Light / Medium / Deep Shades: 2 VP × min(#a, #b) (CARDS.md §2) ---------------------------


def test_light_shades_counts_only_complete_pairs() -> None:
    # 1s at A1, A3, B5 (three); one 2 at A2: min(3, 1) = 1 set × 2 VP = 2.
    window = window_of("R1 Y2 B1 _ _", "_ _ _ _ P1", EMPTY_ROW, EMPTY_ROW)
    part = score_public(window, public("Light Shades"))
    assert (part.points, part.count, str(part.formula)) == (2, 1, "1 set × 2 VP")
    # The first 1 in A1..D5 order (A1) pairs with the only 2 (A2).
    assert part.cells == cells("A1", "A2")


def test_light_shades_with_several_sets() -> None:
    # 1s at A1, A3, B5; 2s at A2, D1, D3: min(3, 3) = 3 sets × 2 VP = 6.
    window = window_of("R1 Y2 B1 _ _", "_ _ _ _ P1", EMPTY_ROW, "G2 _ Y2 _ _")
    part = score_public(window, public("Light Shades"))
    assert (part.points, part.count) == (6, 3)
    assert part.cells == cells("A1", "A2", "A3", "B5", "D1", "D3")


def test_light_shades_without_any_two_scores_nothing() -> None:
    # Four 1s and no 2: min(4, 0) = 0.
    window = window_of("R1 _ Y1 _ G1", EMPTY_ROW, "B1 _ _ _ _", EMPTY_ROW)
    part = score_public(window, public("Light Shades"))
    assert (part.points, part.count, part.cells) == (0, 0, ())


def test_medium_shades() -> None:
    # Row A: G3 P4 R3 Y4 B3: three 3s (A1, A3, A5), two 4s (A2, A4): min = 2 sets × 2 VP = 4.
    window = window_of("G3 P4 R3 Y4 B3", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    part = score_public(window, public("Medium Shades"))
    assert (part.points, part.count) == (4, 2)
    assert part.cells == cells("A1", "A2", "A3", "A4")


def test_medium_shades_on_the_rainbow_window() -> None:
    # 3s at A3 B1 C5 D2 (4), 4s at A4 B2 D3 (3): min = 3 sets × 2 VP = 6; the first three
    # 3s in A1..D5 order are A3, B1, C5.
    part = score_public(rainbow_window(), public("Medium Shades"))
    assert (part.points, part.count) == (6, 3)
    assert part.cells == cells("A3", "B1", "C5", "A4", "B2", "D3")


def test_deep_shades_on_the_rulebook_window() -> None:
    # 5s at A4 (Y5), C1 (P5); 6s at A5, C2, C4: min(2, 3) = 2 sets × 2 VP = 4; the first two
    # 6s are A5 and C2.
    part = score_public(rulebook_window(), public("Deep Shades"))
    assert (part.points, part.count) == (4, 2)
    assert part.cells == cells("A4", "C1", "A5", "C2")


def test_deep_shades_needs_both_values() -> None:
    # Three 6s and no 5: 0. Then one 5 added: min(1, 3) = 1 set × 2 VP = 2.
    window = window_of("R6 _ G6 _ B6", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert score_public(window, public("Deep Shades")).points == 0
    window.place(parse_die("Y5"), parse_cell("D3"))
    part = score_public(window, public("Deep Shades"))
    assert (part.points, part.count, part.cells) == (2, 1, cells("A1", "D3"))


def test_light_shades_on_the_rainbow_window() -> None:
    # 1s at A1 B5 C3 (3), 2s at A2 C4 D1 (3): 3 sets × 2 VP = 6.
    assert score_public(rainbow_window(), public("Light Shades")).points == 6


def test_deep_shades_on_the_rainbow_window() -> None:
    # 5s at A5 B3 C1 D4 (4), 6s at B4 C2 D5 (3): 3 sets × 2 VP = 6.
    assert score_public(rainbow_window(), public("Deep Shades")).points == 6


# -- Shade Variety: 5 VP × min over the values 1..6 -----------------------------------------


def test_shade_variety_on_the_rulebook_window() -> None:
    # 1: B2 B4 (2); 2: A3 B5 D4 (3); 3: B1 C5 D2 (3); 4: A2 D1 D3 D5 (4); 5: A4 C1 (2);
    # 6: A5 C2 C4 (3)  (2+3+3+4+2+3 = 17 dice). min = 2 sets × 5 VP = 10.
    part = score_public(rulebook_window(), public("Shade Variety"))
    assert (part.points, part.count, str(part.formula)) == (10, 2, "2 sets × 5 VP")
    # The first two dice of each value in A1..D5 order.
    assert part.cells == cells(
        "B2", "B4", "A3", "B5", "B1", "C5", "A2", "D1", "A4", "C1", "A5", "C2"
    )


def test_shade_variety_on_the_rainbow_window() -> None:
    # Counts 3 3 4 3 4 3 for the values 1..6: min = 3 sets × 5 VP = 15.
    part = score_public(rainbow_window(), public("Shade Variety"))
    assert (part.points, part.count) == (15, 3)


def test_shade_variety_needs_every_value() -> None:
    # Values 1-5 twice each but no 6: min = 0.
    window = window_of("R1 Y2 G3 B4 P5", EMPTY_ROW, "Y1 G2 B3 P4 R5", EMPTY_ROW)
    assert score_public(window, public("Shade Variety")).points == 0
    # One 6 added: each value at least once, min = 1 set × 5 VP = 5.
    window.place(parse_die("G6"), parse_cell("D1"))
    part = score_public(window, public("Shade Variety"))
    assert (part.points, part.count) == (5, 1)
    assert part.cells == cells("A1", "A2", "A3", "A4", "A5", "D1")


# -- Color Variety: 4 VP × min over the five colours -----------------------------------------


def test_color_variety_on_the_rainbow_window() -> None:
    # Each colour 4 times: 4 sets × 4 VP = 16.
    part = score_public(rainbow_window(), public("Color Variety"))
    assert (part.points, part.count, str(part.formula)) == (16, 4, "4 sets × 4 VP")


def test_color_variety_needs_every_colour() -> None:
    # Reds, yellows, greens and blues but no purple: 0.
    window = window_of("R1 Y2 G3 B4 R5", "Y6 G1 B2 R3 Y4", EMPTY_ROW, EMPTY_ROW)
    assert score_public(window, public("Color Variety")).points == 0
    # One purple added at D1: min(R 3, Y 3, G 2, B 2, P 1) = 1 set × 4 VP = 4, made of the
    # first die of each colour: A1 (R), A2 (Y), A3 (G), A4 (B), D1 (P).
    window.place(parse_die("P6"), parse_cell("D1"))
    part = score_public(window, public("Color Variety"))
    assert (part.points, part.count) == (4, 1)
    assert part.cells == cells("A1", "A2", "A3", "A4", "D1")


# -- Color Diagonals: 1 VP per die diagonally next to a die of its colour ---------------------


def test_color_diagonals_on_the_rulebook_window() -> None:
    # Same-colour diagonal neighbours: A4 Y5 / B5 Y2 (yellow), C2 G6 / D3 G4 (green); no
    # other die has a diagonal neighbour of its colour (checked die by die). 4 dice × 1 VP.
    part = score_public(rulebook_window(), public("Color Diagonals"))
    assert (part.points, part.count, str(part.formula)) == (4, 4, "4 dice × 1 VP")
    assert part.cells == cells("A4", "B5", "C2", "D3")


def test_color_diagonals_counts_each_die_once_in_a_chain() -> None:
    window = window_of("R1 Y2 _ _ _", "Y3 R4 _ _ _", "_ _ R1 _ _", EMPTY_ROW)
    # Red chain A1 - B2 - C3: B2 has two red diagonal partners but counts once: 3 dice.
    # Yellow A2 - B1: 2 dice. Total 5 dice × 1 VP = 5 (counting pairs would give 3 pairs).
    part = score_public(window, public("Color Diagonals"))
    assert (part.points, part.count) == (5, 5)
    assert part.cells == cells("A1", "B2", "C3", "A2", "B1")


def test_color_diagonals_a_die_between_four_partners_counts_once() -> None:
    # Green X: A1, A3, C1, C3 around B2. Each of the 5 dice has a green diagonal partner:
    # 5 dice × 1 VP = 5 (B2 has four partners, still 1 VP).
    window = window_of("G1 _ G2 _ _", "_ G3 _ _ _", "G4 _ G5 _ _", EMPTY_ROW)
    part = score_public(window, public("Color Diagonals"))
    assert (part.points, part.count) == (5, 5)
    assert part.cells == cells("A1", "A3", "B2", "C1", "C3")


def test_color_diagonals_ignores_orthogonal_neighbours() -> None:
    # Red A1 and B1 are orthogonal neighbours (an illegal window, still scored): not diagonal,
    # so 0. The card counts diagonals only (CARDS.md §2: hejmsdz's orthogonal reading is a bug).
    window = window_of("R1 _ _ _ _", "R2 _ _ _ _", EMPTY_ROW, EMPTY_ROW)
    assert score_public(window, public("Color Diagonals")).points == 0
    # A blue die diagonal to a red one (B2 next to A1) does not count either.
    window.place(parse_die("B3"), parse_cell("B2"))
    assert score_public(window, public("Color Diagonals")).points == 0
    # A red die at C2 is diagonal to B1 (red): B1 and C2 count, A1 (only orthogonal to B1,
    # diagonal to B2 blue) does not: 2.
    window.place(parse_die("R4"), parse_cell("C2"))
    part = score_public(window, public("Color Diagonals"))
    assert (part.points, part.cells) == (2, cells("B1", "C2"))


def test_color_diagonals_on_the_rainbow_window() -> None:
    # The colour (r + c) mod 5 is constant along each up-right diagonal, so every die with a
    # neighbour up-right or down-left counts. Only A1 (no row above, no column to its left)
    # and D5 (no row below, no column to its right) have neither. Down-right neighbours differ
    # by 2 colours mod 5, never equal. 20 - 2 = 18 dice × 1 VP.
    part = score_public(rainbow_window(), public("Color Diagonals"))
    assert (part.points, part.count) == (18, 18)
    assert "A1" not in part.cells and "D5" not in part.cells


# -- private objectives (CARDS.md §3: sum of the values of one colour) -------------------------


@pytest.mark.parametrize(
    ("name", "points", "formula", "dice"),
    [
        # red at A3 (2), B1 (3), C5 (3): 2 + 3 + 3 = 8
        ("Shades of Red", 8, "2 + 3 + 3", ("A3", "B1", "C5")),
        # yellow at A4 (5), B5 (2), D2 (3): 5 + 2 + 3 = 10
        ("Shades of Yellow", 10, "5 + 2 + 3", ("A4", "B5", "D2")),
        # green at A2 (4), B4 (1), C2 (6), D3 (4), D5 (4): 4 + 1 + 6 + 4 + 4 = 19
        ("Shades of Green", 19, "4 + 1 + 6 + 4 + 4", ("A2", "B4", "C2", "D3", "D5")),
        # blue at B2 (1), D1 (4), D4 (2): 1 + 4 + 2 = 7
        ("Shades of Blue", 7, "1 + 4 + 2", ("B2", "D1", "D4")),
        # purple at A5 (6), C1 (5), C4 (6): 17, as the rulebook's SCORING EXAMPLE says
        ("Shades of Purple", 17, "6 + 5 + 6", ("A5", "C1", "C4")),
    ],
)
def test_colour_private_objectives_on_the_rulebook_window(
    name: str, points: int, formula: str, dice: tuple[str, ...]
) -> None:
    # Cross-check: 8 + 10 + 19 + 7 + 17 = 61 = the sum of all 17 dice (rows 17, 7, 20, 17).
    part = score_private(rulebook_window(), private(name))
    assert part.kind == "private"
    assert (part.points, part.count, part.cells) == (points, len(dice), dice)
    assert str(part.formula) == formula


def test_private_objective_accepts_the_printed_card_name() -> None:
    # Cards read "Shades of Purple • Private" (CARDS.md §3).
    assert private("Shades of Purple • Private") == private("shades of purple")


def test_colour_private_objective_without_dice_of_its_colour() -> None:
    window = window_of("G4 _ _ _ _", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    part = score_private(window, private("Shades of Red"))
    assert (part.points, part.count, part.cells) == (0, 0, ())
    assert str(part.formula) == "no red dice"


def test_spaces_private_objective_fence() -> None:
    # 5&6 rulebook, SCORING EXAMPLE: "Fence would sum the values for dice in the specified
    # spaces. B1 and C1 giving 3 and 5, B3 and C3 giving 0 each, B5 and C5 giving 2 and 3 =
    # 13 VP total." The window is the base rulebook's example window (same Fractal Drops, same
    # dice: B1 R3, C1 P5, B5 Y2, C5 R3, B3 and C3 open). (The text's grid transcription in
    # that file is garbled, C1 6 and B5 1, but its sum is 13 too.) 3 + 5 + 0 + 0 + 2 + 3 = 13.
    fence_spaces = sum(1 << parse_cell(name) for name in ("B1", "B3", "B5", "C1", "C3", "C5"))
    fence = PrivateObjective("fence", "Fence", None, fence_spaces, "5-6")
    part = score_private(rulebook_window(), fence)
    assert (part.name, part.points, part.count) == ("Fence", 13, 4)
    # In A1..D5 order: B1 3, B5 2, C1 5, C5 3; any colour counts.
    assert str(part.formula) == "3 + 2 + 5 + 3"
    assert part.cells == cells("B1", "B5", "C1", "C5")


def test_spaces_private_objective_on_an_empty_window() -> None:
    fence = PrivateObjective("fence", "Fence", None, 0b11111 << 5, "5-6")
    part = score_private(empty_window(), fence)
    assert (part.points, part.count, part.cells) == (0, 0, ())


# -- favor tokens and open spaces -------------------------------------------------------------


def test_favor_tokens_score_one_each() -> None:
    # Rulebook: "Favor Tokens - 1 Victory Point for each unspent token." The scoring example
    # with 2 tokens left: 40 + 2 = 42.
    breakdown = score_window(
        rulebook_window(),
        [public("Column Color Variety"), public("Light Shades"), public("Color Variety")],
        [private("Shades of Purple")],
        favor_tokens=2,
    )
    favor = breakdown.parts[4]
    assert (favor.name, favor.points, favor.count, str(favor.formula)) == (
        "Favor tokens",
        2,
        2,
        "2 tokens × 1 VP",
    )
    assert breakdown.total == 42
    assert breakdown.favor_tokens == 2


def test_empty_window_loses_one_point_per_space() -> None:
    # Rulebook: "Players Lose 1 Victory Point for each open space": 20 × -1 = -20; no dice,
    # so every objective gives 0.
    breakdown = score_window(
        empty_window(),
        [public("Row Color Variety"), public("Shade Variety"), public("Color Diagonals")],
        [private("Shades of Red")],
        favor_tokens=0,
    )
    assert [part.points for part in breakdown.parts] == [0, 0, 0, 0, 0, -20]
    assert breakdown.parts[-1].count == 20
    assert len(breakdown.parts[-1].cells) == 20
    assert breakdown.total == -20


def test_empty_window_with_favor_tokens() -> None:
    # -20 for the open spaces + 3 favor tokens = -17.
    breakdown = score_window(empty_window(), [], [private("Shades of Red")], favor_tokens=3)
    assert breakdown.total == -17
    assert [part.name for part in breakdown.parts] == [
        "Shades of Red",
        "Favor tokens",
        "Open spaces",
    ]


def test_full_window_has_no_open_space_penalty() -> None:
    breakdown = score_window(rainbow_window(), [], [private("Shades of Blue")], favor_tokens=0)
    open_spaces = breakdown.parts[-1]
    assert (open_spaces.points, open_spaces.count, open_spaces.cells) == (0, 0, ())
    # Blue at A4 (4), B3 (5), C2 (6), D1 (2): 4 + 5 + 6 + 2 = 17.
    assert breakdown.total == 17


# -- solo play (rulebook, SOLO PLAY RULES / END GAME SCORING) ---------------------------------


def test_solo_open_spaces_cost_three_and_favor_tokens_are_ignored() -> None:
    # Rulebook solo: "Favor Tokens are not used" and "you lose 3 Victory Points for each open
    # space". The scoring example's window with 2 public objectives and Shades of Purple:
    # 10 (Column Color Variety) + 4 (Light Shades) + 17 + 0 favor - 3 × 3 = 22.
    breakdown = score_window(
        rulebook_window(),
        [public("Column Color Variety"), public("Light Shades")],
        [private("Shades of Purple")],
        favor_tokens=5,
        solo=True,
    )
    favor, open_spaces = breakdown.parts[-2:]
    assert (favor.points, favor.count) == (0, 0)
    assert breakdown.favor_tokens == 0
    assert (open_spaces.points, open_spaces.count) == (-9, 3)
    assert str(open_spaces.formula) == "3 spaces × -3 VP"
    assert breakdown.total == 22


def test_solo_empty_window() -> None:
    # 20 open spaces × -3 VP = -60.
    breakdown = score_window(empty_window(), [], [private("Shades of Red")], 0, solo=True)
    assert breakdown.total == -60


def test_solo_only_the_better_private_objective_counts() -> None:
    # Rulebook solo: "selecting only one of the two Private Objectives". On the example
    # window Purple gives 17 and Green 4 + 1 + 6 + 4 + 4 = 19: Green counts.
    # Total: 10 + 4 + 19 - 9 = 24; Purple's 17 is shown but not added.
    breakdown = score_window(
        rulebook_window(),
        [public("Column Color Variety"), public("Light Shades")],
        [private("Shades of Purple"), private("Shades of Green")],
        favor_tokens=0,
        solo=True,
    )
    purple, green = breakdown.parts[2:4]
    assert (purple.name, purple.points, purple.counted) == ("Shades of Purple", 17, False)
    assert (green.name, green.points, green.counted) == ("Shades of Green", 19, True)
    assert breakdown.private_points == 19
    assert breakdown.total == 24


def test_solo_tied_private_objectives_the_first_counts() -> None:
    # R6 and B6: Blue 6 and Red 6 tie; the first listed (Blue) counts.
    # 6 - 18 open spaces × 3 = 6 - 54 = -48.
    window = window_of("R6 B6 _ _ _", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    breakdown = score_window(
        window, [], [private("Shades of Blue"), private("Shades of Red")], 0, solo=True
    )
    blue, red = breakdown.parts[0:2]
    assert (blue.points, blue.counted) == (6, True)
    assert (red.points, red.counted) == (6, False)
    assert breakdown.private_points == 6
    assert breakdown.total == -48


def test_multiplayer_counts_every_private_objective_given() -> None:
    # Outside solo nothing is dropped: Red 8 + Blue 7 on the example window, - 3 open = 12.
    breakdown = score_window(
        rulebook_window(), [], [private("Shades of Red"), private("Shades of Blue")], 0
    )
    assert all(part.counted for part in breakdown.parts)
    assert breakdown.private_points == 15
    assert breakdown.total == 12


def test_negative_favor_tokens_are_refused() -> None:
    with pytest.raises(ValueError, match="favor"):
        score_window(empty_window(), [], [], favor_tokens=-1)


def test_score_values_are_frozen() -> None:
    part = ScorePart("Open spaces", "open", 0, 0, msg("formula.open", n=0, penalty=1), ())
    breakdown = ScoreBreakdown((part,), 0, 0, 0)
    with pytest.raises(AttributeError):
        part.points = 3  # type: ignore[misc]  # the point of the test: frozen dataclass
    with pytest.raises(AttributeError):
        breakdown.total = 3  # type: ignore[misc]  # the point of the test: frozen dataclass


def test_a_player_sees_their_own_points_so_far_and_nobody_elses_private() -> None:
    # Rulebook 001 (base), Scoring: public objectives, the private objective's colour, favor
    # tokens, -1 per open space, as the window stands mid-game. Row A holds five colours: Row
    # Color Variety 1 row x 6 = 6; Light Shades one 1 and one 2: 1 set x 2 = 2; no column is
    # full: Column Shade Variety 0; Shades of Green: the G3 = 3; 2 favor tokens = 2; 15 open
    # spaces = -15. Total 6 + 2 + 0 + 3 + 2 - 15 = -2.
    publics = ("row_color_variety", "light_shades", "column_shade_variety")
    state = arranged_game(
        GameConfig(players=2, public_objectives=publics),
        3,
        placements="A1=R1 A2=Y2 A3=G3 A4=B4 A5=P5",
        favor=2,
    )
    seat = state.current
    green = next(o for o in catalog().privates if o.id == "shades_of_green")
    state.players[seat].privates = (green,)
    live = make_view(state, seat).to_json()["live_score"]
    assert [(p["name"], p["points"]) for p in live["parts"]] == [
        ("Row Color Variety", 6),
        ("Light Shades", 2),
        ("Column Shade Variety", 0),
        ("Shades of Green", 3),
        ("Favor tokens", 2),
        ("Open spaces", -15),
    ]
    assert live["total"] == -2
    # The other player's live score holds their own private objective, never this one's.
    other = make_view(state, 1 - seat).to_json()["live_score"]
    theirs = [o.name for o in state.players[1 - seat].privates]
    assert [p["name"] for p in other["parts"] if p["kind"] == "private"] == theirs
    assert "live_score" not in make_view(state, -1).to_json()
