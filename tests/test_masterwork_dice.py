"""Masterwork dice in a window (Life, rulebook 004_234c3922e9d01436.txt, MASTERWORK DICE
PLACEMENT and CLARIFICATIONS): the placement rules and the counting rules they follow.

* They "may be placed in a space with any value restriction but must obey all other placement
  restrictions": a colour restriction refuses them (orange matches no colour).
* They "are orange, so they may be placed next to any other color dice and are considered a
  different color than non-Masterwork Dice": orange is a colour of its own, the same for every
  masterwork die (HOUSE-CONTENT.md, Masterwork module), so two of them may not touch side by
  side.
* "Each different symbol is considered to be a distinct value from the other symbols" and
  "the same value as that symbol on another Masterwork Die, regardless of their rotation";
  "Masterwork Dice may be placed adjacent to any numeric value of dice".
* "Each symbol has a numeric value of 0 when contributing to a sum"; "If a row/column has two
  masterwork dice showing the same symbol, the row/column does not have unique values."
"""

from __future__ import annotations

from helpers import BLANK, cell_set
from sagrada.core.cells import parse_cell
from sagrada.core.content import catalog
from sagrada.core.dice import (
    DIE_PIPS,
    ORANGE,
    SYMBOLS,
    die_name,
    die_rotation,
    die_symbol,
    is_masterwork,
    masterwork_die,
    parse_window_die,
)
from sagrada.core.objectives import PUBLIC_RULES
from sagrada.core.position import make_window
from sagrada.core.scoring import score_private
from sagrada.core.window import Window

CORNER = parse_window_die("Ocorner0")


def forbids(window: Window, die: str, cell: str) -> str | None:
    reason = window.placement_problem(parse_window_die(die), parse_cell(cell))
    return None if reason is None else str(reason)


def test_every_symbol_and_rotation_is_a_die_of_its_own_with_a_name() -> None:
    dice = [masterwork_die(s, r) for s in range(6) for r in (0, 90, 180, 270)]
    assert len(set(dice)) == 24 and all(is_masterwork(d) for d in dice)
    for die in dice:
        assert parse_window_die(die_name(die)) == die
        assert masterwork_die(die_symbol(die), die_rotation(die)) == die
        assert DIE_PIPS[die] == 0
    assert die_name(masterwork_die(SYMBOLS.index("slant"), 270)) == "Oslant270"
    assert not is_masterwork(parse_window_die("P6"))


def test_a_masterwork_die_ignores_value_restrictions_and_obeys_colour_restrictions() -> None:
    # Row A: a 3 on A1, red on A2, a 5 on A3; the rest white.
    window = make_window("3R5.. ..... ..... .....")
    assert forbids(window, "Ocorner0", "A1") is None  # on a value restriction
    assert forbids(window, "Ocorner0", "A2") == "A2 requires a red die"
    window.place(CORNER, parse_cell("A1"))
    assert forbids(window, "Obridge90", "A2") == "A2 requires a red die"


def test_orange_touches_every_colour_and_number_but_not_orange_side_by_side() -> None:
    window = make_window(BLANK, "B2=Ocorner0")
    # Any die of the bag may go beside it, whatever its colour and value.
    for die in ("R1", "Y2", "G3", "B4", "P5", "R6"):
        assert forbids(window, die, "B3") is None, die
    # Another masterwork die is orange too: not beside it, but diagonally it may.
    assert forbids(window, "Oprism0", "B3") == (
        "B3 is orthogonally next to B2, a die of the same colour"
    )
    assert forbids(window, "Oprism0", "C3") is None
    assert window.by_colour[ORANGE] == 1 << parse_cell("B2")


def test_a_symbol_is_a_value_of_its_own_whatever_its_rotation() -> None:
    # Same symbol, other rotation: the same value, so not side by side (diagonally it may,
    # and a different symbol may go anywhere the colour rule allows).
    window = make_window(BLANK, "B2=Ocorner0 B3=R4")
    legal = cell_set(window.legal_cells(parse_window_die("Ocorner90")))
    assert "C2" not in legal and "C3" in legal
    # B4 touches R4 only: a masterwork die may go there, next to a number.
    assert "B4" in legal


def test_a_masterwork_die_adds_nothing_to_a_sum() -> None:
    # Fence (5 & 6 Player Expansion) sums the dice on B1 B3 B5 C1 C3 C5, whatever their colour.
    fence = catalog().private("fence")
    window = make_window(BLANK, "B1=R3 B3=Ocorner0 B5=G5 C1=Y2")
    part = score_private(window, fence)
    assert (part.points, str(part.formula)) == (10, "3 + 0 + 5 + 2")


def test_two_dice_of_one_symbol_break_a_rows_variety_and_two_symbols_make_it() -> None:
    # Row Shade Variety counts complete rows without a repeated value. Row A: 1, corner, 3,
    # bridge, 5 — five different values; row C: 2, slant, 4, crown, 6 — five too. In the
    # second window row A is 1, corner, 3, corner, 5 — corner twice.
    window = make_window(
        BLANK,
        "A1=R1 A2=Ocorner0 A3=G3 A4=Obridge0 A5=P5 C1=Y2 C2=Oslant0 C3=P4 C4=Ocrown0 C5=B6",
    )
    count, cells = PUBLIC_RULES["row_shade_variety"](window)
    assert count == 2
    assert cell_set(cells) == {f"{row}{column}" for row in "AC" for column in "12345"}
    other = make_window(BLANK, "A1=R1 A2=Ocorner0 A3=G3 A4=Ocorner90 A5=P5")
    assert PUBLIC_RULES["row_shade_variety"](other)[0] == 0
    # Row Color Variety: orange is a colour of its own, so R, orange, G, orange, P repeats it.
    assert PUBLIC_RULES["row_color_variety"](other)[0] == 0
    five_colours = make_window(BLANK, "A1=R1 A2=Ocorner0 A3=G3 A4=Y4 A5=P5")
    assert PUBLIC_RULES["row_color_variety"](five_colours)[0] == 1
