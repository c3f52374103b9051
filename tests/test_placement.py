"""The placement rules of a window, each pinned to the rulebook.

Rulebook (English, second printing), section "PLACING DICE"; German edition, section "Das
Einsetzen der Würfel". The four rules:

1. "Each player's first die of the game must be placed on an edge or corner space."
2. "Every other die must be adjacent to a previously placed die, touching diagonally (different
   row and column) or orthogonally (same row or column)."
3. "The die must match the color or value restriction of the space. White spaces have no
   restrictions."
4. "Dice may never be placed orthogonally adjacent to a die of the same color or the same value."

Tool cards (CARDS.md section 1) relax some of them: Eglomise Brush (#2) ignores the spaces'
colour restrictions, Copper Foil Burnisher (#3) their value restrictions, Cork-backed
Straightedge (#9) places a die where it touches no other die. "You must obey all other placement
restrictions."

Windows are drawn as four rows A-D of five columns 1-5; in the grids "." is a white space,
R Y G B P a colour and 1-6 a value. Every expected set below is worked out by hand.
"""

from __future__ import annotations

import pytest

from helpers import cell_set
from sagrada.core.cells import CELL_NAMES, bit, parse_cell
from sagrada.core.content import WindowPattern, catalog
from sagrada.core.dice import DIE_NAMES, die_colour, die_value, parse_die
from sagrada.core.window import EMPTY, Window

ALL_DICE = range(30)


def problem(window: Window, die: str, cell: str, **relaxations: bool) -> str:
    """Return why ``die`` may not go on ``cell`` ("" if it may), e.g. ``problem(w, "R2", "B4")``."""
    return forbids(window, parse_die(die), parse_cell(cell), **relaxations) or ""


def forbids(window: Window, die: int, cell: int, **relaxations: bool) -> str | None:
    """Return the rule that forbids ``die`` on ``cell``, in English, or ``None``."""
    reason = window.placement_problem(die, cell, **relaxations)
    return None if reason is None else str(reason)


def pattern(name: str, *rows: str) -> WindowPattern:
    """Return the real pattern ``name``, checking its grid is the one the reasoning relies on."""
    found = catalog().window(name)
    assert found.grid == rows
    return found


def window_with(pattern: WindowPattern, *placements: str) -> Window:
    """Return a window holding the given dice, e.g. ``"D1=G6"``, placed legally in that order."""
    window = Window(pattern)
    for placement in placements:
        cell_text, die_text = placement.split("=")
        cell, die = parse_cell(cell_text), parse_die(die_text)
        assert forbids(window, die, cell) is None, placement
        window.place(die, cell)
    assert window.violations() == []
    return window


def sun_catcher() -> WindowPattern:
    return pattern("Sun Catcher", ".B2.Y", ".4.R.", "..5Y.", "G3..P")


def firelight() -> WindowPattern:
    return pattern("Firelight", "3415.", ".62.Y", "...YR", "5.YR6")


def lux_astram() -> WindowPattern:
    return pattern("Lux Astram", ".1GP4", "6P25G", "1G53P", ".....")


# -- rule 1: the first die on an edge or corner ---------------------------------------------------


def test_first_die_must_be_on_an_edge_or_corner() -> None:
    # PLACING DICE, "First die"; German: "Der allererste Würfel ... Rand- oder Eckfeld".
    # Sun Catcher, empty, with a G1:
    #   A  . B 2 . Y     edge cells whose restriction a G1 meets:
    #   B  . 4 . R .     A1 A4 (white), B1 B5, C1 C5 (white), D1 (green), D3 D4 (white).
    #   C  . . 5 Y .     Not A2 (blue), A3 (2), A5 (yellow), D2 (3), D5 (purple).
    #   D  G 3 . . P     The white inner spaces B3 and C2 would take it, but are not edges.
    window = Window(sun_catcher())
    g1 = parse_die("G1")
    assert cell_set(window.legal_cells(g1)) == {
        "A1",
        "A4",
        "B1",
        "B5",
        "C1",
        "C5",
        "D1",
        "D3",
        "D4",
    }
    for inner in ("B3", "C2"):
        assert not window.can_place(g1, parse_cell(inner))
        reason = forbids(window, g1, parse_cell(inner))
        assert reason is not None and "first die" in reason and "edge or corner" in reason


def test_no_first_die_goes_in_the_middle_whatever_it_is() -> None:
    # Whatever the die and the pattern, an empty window never offers a cell off the border.
    inner = {"B2", "B3", "B4", "C2", "C3", "C4"}
    for name in ("Sun Catcher", "Lux Astram", "Firelight", "Lux Mundi"):
        window = Window(catalog().window(name))
        for die in ALL_DICE:
            assert not cell_set(window.legal_cells(die)) & inner, (name, DIE_NAMES[die])


def test_the_middle_opens_once_a_die_is_placed() -> None:
    # After a first die on C1, the white inner space C2 next to it is fine for a G1 (rule 1
    # applies only to the first die of the game).
    window = window_with(sun_catcher(), "C1=P3")
    assert forbids(window, parse_die("G1"), parse_cell("C2")) is None


# -- rule 2: every later die touches a placed die --------------------------------------------------


def test_later_dice_must_touch_a_placed_die_orthogonally_or_diagonally() -> None:
    # PLACING DICE, "Every other die must be adjacent ..."; German: "Jeden weiteren Würfel ...
    # waagrecht oder senkrecht - oder über Eck - diagonal - angrenzend".
    # Sun Catcher with P3 on A1. A G4 may go where it touches A1: A2 (blue: no), B1 (white,
    # orthogonal: yes), B2 (a 4, diagonal: yes). Neither shares colour or value with P3.
    window = window_with(sun_catcher(), "A1=P3")
    g4 = parse_die("G4")
    assert cell_set(window.legal_cells(g4)) == {"B1", "B2"}
    # A4 is white and on the edge, but touches nothing: only the first die may go anywhere.
    reason = forbids(window, g4, parse_cell("A4"))
    assert reason is not None and "does not touch" in reason and "A4" in reason
    # Two steps along the row does not count as touching: A3 (a 2) with a G2.
    reason = forbids(window, parse_die("G2"), parse_cell("A3"))
    assert reason is not None and "does not touch" in reason


def test_a_diagonal_touch_is_enough() -> None:
    window = window_with(sun_catcher(), "A1=P3")
    assert forbids(window, parse_die("G4"), parse_cell("B2")) is None


# -- rule 3: the space's colour or value restriction -----------------------------------------------


def test_die_must_match_the_space_colour_or_value() -> None:
    # PLACING DICE: "A red space on the window may only be filled by a red die (any value). A
    # space showing a 3 may only be filled by a die showing a 3 (any color)." German: "Der
    # Würfel muss die Vorgaben des Musters erfüllen".
    # Firelight: A1 is a 3 and C5 is red, both on the edge, so an empty window shows the rule.
    window = Window(firelight())
    a1, c5 = parse_cell("A1"), parse_cell("C5")
    for die in ALL_DICE:
        assert window.can_place(die, a1) == (die_value(die) == 3), DIE_NAMES[die]
        assert window.can_place(die, c5) == (die_colour(die) == 0), DIE_NAMES[die]
    assert forbids(window, parse_die("Y4"), c5) == "C5 requires a red die"
    assert forbids(window, parse_die("R4"), a1) == "A1 requires a 3"


def test_white_spaces_accept_any_die() -> None:
    # PLACING DICE: "White spaces have no restrictions" / "Any die may be placed on a white
    # space as long as all the above restrictions are obeyed". Firelight A5 is white.
    window = Window(firelight())
    for die in ALL_DICE:
        assert window.can_place(die, parse_cell("A5")), DIE_NAMES[die]


def test_an_occupied_space_takes_no_die() -> None:
    window = window_with(firelight(), "A5=G2")
    reason = forbids(window, parse_die("B1"), parse_cell("A5"))
    assert reason is not None and "A5" in reason and "already holds a die" in reason
    assert not window.legal_cells(parse_die("B1")) & bit(parse_cell("A5"))


# -- rule 4: never orthogonally next to the same colour or value ---------------------------------


def test_never_orthogonally_next_to_the_same_colour() -> None:
    # PLACING DICE: "Two red dice ... may not be placed side by side". German: "Würfel dürfen
    # niemals waagrecht oder senkrecht an einen Würfel mit derselben Zahl oder Farbe angrenzen".
    # Lux Astram's row D is white; R3 on D1, then an R5 on D2 (white, touching) is refused.
    window = window_with(lux_astram(), "D1=R3")
    reason = forbids(window, parse_die("R5"), parse_cell("D2"))
    assert reason == "D2 is orthogonally next to D1, a die of the same colour"
    assert not window.can_place(parse_die("R5"), parse_cell("D2"))


def test_never_orthogonally_next_to_the_same_value() -> None:
    # "... or two dice showing a 3 may not be placed side by side".
    window = window_with(lux_astram(), "D1=R3")
    reason = forbids(window, parse_die("Y3"), parse_cell("D2"))
    assert reason == "D2 is orthogonally next to D1, a die of the same value"
    # Neither colour nor value shared: fine.
    assert forbids(window, parse_die("Y5"), parse_cell("D2")) is None


def test_same_colour_and_value_diagonally_is_fine() -> None:
    # The rule says orthogonally only. Lux Astram with R5 on D4 (white edge space); a second R5:
    #   A  . 1 G P 4     cells touching D4: C3 (a 5), C4 (a 3), C5 (purple), D3, D5 (white).
    #   B  6 P 2 5 G     C4 and C5 refuse an R5 by restriction; D3 and D5 are orthogonally
    #   C  1 G 5 3 P     next to the R5 on D4. C3 is only diagonal to it (its orthogonal
    #   D  . . . R5 .    neighbours B3 C2 C4 D3 are empty): the one legal space.
    window = window_with(lux_astram(), "D4=R5")
    r5 = parse_die("R5")
    assert cell_set(window.legal_cells(r5)) == {"C3"}
    assert forbids(window, r5, parse_cell("C3")) is None
    assert "same colour" in problem(window, "R5", "D3")
    assert "same colour" in problem(window, "R5", "D5")


# -- the rulebook's example, on a window of our own ---------------------------------------------

# Sun Catcher with six dice, placed legally in this order (each touches an earlier one, none
# shares colour or value with an orthogonal neighbour, every restriction met):
#
#        1    2    3    4    5
#   A    .    B    2    .    Y
#   B    .    4    Y2   R    .
#   C    Y2   R1   P5   Y    .
#   D    G6   B3   .    .    P
EXAMPLE = ("D1=G6", "D2=B3", "C2=R1", "C3=P5", "B3=Y2", "C1=Y2")


def test_example_a_red_2_has_three_legal_spaces() -> None:
    # In the spirit of PLACING DICE, "EXAMPLE: This Red 2 die has three spaces that meet all
    # placement restrictions" (the figure itself is not in the text).
    # Empty cells touching a die: A2 A3 A4 B1 B2 B4 C4 D3 D4 (A1 A5 B5 C5 D5 touch nothing).
    # Space restrictions for R2: A2 blue, B2 a 4, C4 yellow: out. A3 is a 2 and B4 red: fine.
    # Orthogonal neighbours: A3 and B4 are next to the Y2 on B3 (same value), B1 is next to the
    # Y2 on C1 (same value); C2's R1 is red but its free neighbour B2 is already out.
    # Left: A4, D3, D4.
    window = window_with(sun_catcher(), *EXAMPLE)
    r2 = parse_die("R2")
    assert cell_set(window.legal_cells(r2)) == {"A4", "D3", "D4"}
    assert "requires a blue die" in problem(window, "R2", "A2")
    assert "requires a 4" in problem(window, "R2", "B2")
    assert forbids(window, r2, parse_cell("B4")) == (
        "B4 is orthogonally next to B3, a die of the same value"
    )
    assert forbids(window, r2, parse_cell("B1")) == (
        "B1 is orthogonally next to C1, a die of the same value"
    )
    assert "does not touch" in problem(window, "R2", "B5")


def test_example_a_blue_6() -> None:
    # The same window, a B6. Touching cells as above. Restrictions: A3 (2), B2 (4), B4 (red),
    # C4 (yellow) are out; A2 is blue: fine. D3 is orthogonally next to the B3 on D2 (same
    # colour). A2 A4 B1 D4 have no blue die and no 6 beside them (the G6 on D1 touches only C1
    # and D2). Left: A2, A4, B1, D4.
    window = window_with(sun_catcher(), *EXAMPLE)
    assert cell_set(window.legal_cells(parse_die("B6"))) == {"A2", "A4", "B1", "D4"}


def test_placement_problem_agrees_with_legal_cells() -> None:
    # The two ways of asking must never disagree, for every die and cell of several windows.
    windows = [
        Window(sun_catcher()),
        window_with(sun_catcher(), *EXAMPLE),
        window_with(lux_astram(), "D4=R5"),
        window_with(firelight(), "A5=G2", "B4=R1"),
    ]
    flag_sets = [{}, {"ignore_colour": True}, {"ignore_value": True}, {"isolated": True}]
    for window in windows:
        for flags in flag_sets:
            for die in ALL_DICE:
                legal = window.legal_cells(die, **flags)
                for cell in range(20):
                    reason = forbids(window, die, cell, **flags)
                    where = (window, flags, DIE_NAMES[die], CELL_NAMES[cell], reason)
                    assert (reason is None) == bool(legal >> cell & 1), where


# -- tool relaxations ----------------------------------------------------------------------------


def test_eglomise_brush_ignores_colour_but_not_the_other_rules() -> None:
    # Tool #2: "ignoring the colour restrictions ... You must obey all other placement
    # restrictions"; CARDS.md: the die still may not sit orthogonally next to the same colour
    # or value. The example window and a B6 (normally A2 A4 B1 D4):
    # + B4 (red) and C4 (yellow) now pass; B4's neighbours A4 B5 C4 are empty and B3's Y2 is
    #   neither blue nor a 6; C4's neighbours B4 C5 D4 are empty and C3's P5 is neither.
    # - A3 (a 2) and B2 (a 4) still refuse it: values are still checked.
    # - D3 is still next to the blue B3 on D2; A1 B5 C5 D5 A5 still touch nothing.
    window = window_with(sun_catcher(), *EXAMPLE)
    b6 = parse_die("B6")
    assert cell_set(window.legal_cells(b6, ignore_colour=True)) == {
        "A2",
        "A4",
        "B1",
        "B4",
        "C4",
        "D4",
    }
    assert forbids(window, b6, parse_cell("D3"), ignore_colour=True) == (
        "D3 is orthogonally next to D2, a die of the same colour"
    )
    assert "requires a 2" in problem(window, "B6", "A3", ignore_colour=True)
    assert "does not touch" in problem(window, "B6", "C5", ignore_colour=True)
    # The orthogonal same-value rule too: an R2 on B4 (red space, fine anyway) is next to B3's Y2.
    assert "same value" in problem(window, "R2", "B4", ignore_colour=True)


def test_copper_foil_burnisher_ignores_value_but_not_the_other_rules() -> None:
    # Tool #3: ignores the value restrictions only. The example window and a B6:
    # + A3 (a 2): neighbours A2 A4 empty, B3's Y2 neither blue nor a 6: now legal.
    # + B2 (a 4): neighbours A2 B1 empty, B3's Y2 and C2's R1 neither blue nor a 6: now legal.
    # - B4 (red) and C4 (yellow) still refuse a blue die.
    # - D3 still next to the blue B3 on D2.
    window = window_with(sun_catcher(), *EXAMPLE)
    b6 = parse_die("B6")
    assert cell_set(window.legal_cells(b6, ignore_value=True)) == {
        "A2",
        "A3",
        "A4",
        "B1",
        "B2",
        "D4",
    }
    assert forbids(window, b6, parse_cell("D3"), ignore_value=True) == (
        "D3 is orthogonally next to D2, a die of the same colour"
    )
    assert "requires a red die" in problem(window, "B6", "B4", ignore_value=True)
    assert "does not touch" in problem(window, "B6", "A1", ignore_value=True)
    # A Y4 on B2 (a 4: fine anyway) is refused with or without the tool: B3 holds a yellow die.
    assert "same colour" in problem(window, "Y4", "B2", ignore_value=True)


def test_cork_backed_straightedge_needs_a_space_touching_no_die() -> None:
    # Tool #9: "place the die in a space that is not adjacent to any other die. You must obey
    # all other placement restrictions." In the example window the spaces touching no die in
    # any of the 8 directions are A1, A5, B5, C5, D5 (see the R2 example).
    # A Y6: A1 B5 C5 white, A5 yellow: fine; D5 is purple: refused.
    window = window_with(sun_catcher(), *EXAMPLE)
    y6 = parse_die("Y6")
    assert cell_set(window.legal_cells(y6, isolated=True)) == {"A1", "A5", "B5", "C5"}
    assert forbids(window, y6, parse_cell("D5"), isolated=True) == ("D5 requires a purple die")
    # A space that touches a die, even only diagonally (A4 touches B3), is refused.
    reason = forbids(window, y6, parse_cell("A4"), isolated=True)
    assert reason is not None and "Cork-backed Straightedge" in reason and "A4" in reason
    # A P1: D5 purple fine, A5 yellow refused.
    assert cell_set(window.legal_cells(parse_die("P1"), isolated=True)) == {"A1", "B5", "C5", "D5"}


def test_relaxations_apply_only_when_asked() -> None:
    # can_place is the plain rules: the B6 on B4 (red) is refused without Eglomise Brush.
    window = window_with(sun_catcher(), *EXAMPLE)
    assert not window.can_place(parse_die("B6"), parse_cell("B4"))
    assert not window.can_place(parse_die("B6"), parse_cell("A3"))
    assert not window.can_place(parse_die("B6"), parse_cell("A1"))


# -- checking a finished window ------------------------------------------------------------------


def broken_window() -> Window:
    # Sun Catcher, dice put down without checking:
    #   A1 R1, B1 R5: two red dice side by side (rule 4, colour)
    #   B1 R5, C1 G5: two 5s side by side (rule 4, value)
    #   D2 G4 on a space showing 3 (rule 3, value)
    #   D5 Y2 on a purple space (rule 3, colour)
    # Nothing else: A1's other neighbour A2 is empty; C1-D1 empty; D2's neighbours C2 D1 D3 are
    # empty; D5's C5 D4 are empty.
    window = Window(sun_catcher())
    for text in ("A1=R1", "B1=R5", "C1=G5", "D2=G4", "D5=Y2"):
        cell_text, die_text = text.split("=")
        window.place(parse_die(die_text), parse_cell(cell_text))
    return window


def test_violations_lists_pairs_and_restriction_breaches() -> None:
    problems = broken_window().violations()
    assert len(problems) == 4, problems

    def one(*fragments: str) -> None:
        matching = [p for p in problems if all(f in p for f in fragments)]
        assert len(matching) == 1, (fragments, problems)

    one("A1", "B1", "same colour")
    one("B1", "C1", "same value")
    one("D2", "G4", "3")
    one("D5", "Y2", "purple")


def test_waived_restrictions_are_not_violations_but_adjacency_still_is() -> None:
    window = broken_window()
    window.waived_colour |= bit(parse_cell("D5"))  # as if moved there with Eglomise Brush
    window.waived_colour |= bit(parse_cell("D2"))  # a colour waiver does not cover a value
    problems = window.violations()
    assert len(problems) == 3, problems
    assert not any("D5" in p for p in problems)
    window.waived_value |= bit(parse_cell("D2"))  # Copper Foil Burnisher
    problems = window.violations()
    assert len(problems) == 2, problems
    assert all("side by side" in p for p in problems)


def test_remove_clears_waived_flags() -> None:
    window = broken_window()
    d5 = parse_cell("D5")
    window.waived_colour |= bit(d5)
    window.waived_value |= bit(d5)
    assert window.remove(d5) == parse_die("Y2")
    assert window.dice[d5] == EMPTY
    assert not window.occupied & bit(d5)
    assert not window.waived_colour & bit(d5)
    assert not window.waived_value & bit(d5)
    # A die put back without a tool is judged by the space again.
    window.place(parse_die("Y2"), d5)
    assert any("D5" in p for p in window.violations())


def test_open_spaces_and_copy() -> None:
    window = window_with(sun_catcher(), *EXAMPLE)
    assert window.open_spaces == 14
    other = window.copy()
    other.place(parse_die("R2"), parse_cell("A4"))
    assert other.open_spaces == 13
    assert window.open_spaces == 14
    assert window.dice[parse_cell("A4")] == EMPTY
    assert window.legal_cells(parse_die("R2")) != other.legal_cells(parse_die("R2"))


@pytest.mark.parametrize("die_text", ["R2", "B6", "Y6", "P1", "G3"])
def test_remove_undoes_place(die_text: str) -> None:
    window = window_with(sun_catcher(), *EXAMPLE)
    before = window.legal_cells(parse_die(die_text))
    window.place(parse_die("R2"), parse_cell("A4"))
    window.remove(parse_cell("A4"))
    assert window.legal_cells(parse_die(die_text)) == before
