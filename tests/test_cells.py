"""Window cells: numbering, names, masks and neighbourhoods.

A window is 4 rows (A-D, top to bottom) of 5 columns (1-5, left to right); cells are numbered
row by row, so A1 = 0, A5 = 4, B1 = 5 and D5 = 19. Every expected value below is written out
by hand from that layout.
"""

from __future__ import annotations

import pytest

from helpers import cell_set
from sagrada.core.cells import (
    CELL_NAMES,
    COLUMN_MASKS,
    DIAGONAL,
    EDGE,
    FULL,
    NEIGHBOURS,
    NUM_CELLS,
    ORTHOGONAL,
    ROW_MASKS,
    bit,
    cell_name,
    cells_of,
    diagonal_spread,
    king_spread,
    mask_names,
    orthogonal_spread,
    parse_cell,
)
from sagrada.core.errors import InvalidNotationError


def mask(*cell_names: str) -> int:
    """Return the mask of the named cells."""
    result = 0
    for name in cell_names:
        result |= 1 << parse_cell(name)
    return result


# -- numbering and names ------------------------------------------------------------------------


def test_cells_are_numbered_row_by_row_from_a1() -> None:
    # Row A is 0-4, row B 5-9, row C 10-14, row D 15-19.
    assert NUM_CELLS == 20
    assert CELL_NAMES == (
        "A1", "A2", "A3", "A4", "A5",
        "B1", "B2", "B3", "B4", "B5",
        "C1", "C2", "C3", "C4", "C5",
        "D1", "D2", "D3", "D4", "D5",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("name", "cell"),
    [("A1", 0), ("A5", 4), ("B1", 5), ("B3", 7), ("C1", 10), ("C4", 13), ("D1", 15), ("D5", 19)],
)
def test_cell_names_round_trip(name: str, cell: int) -> None:
    assert parse_cell(name) == cell
    assert cell_name(cell) == name


def test_parse_cell_ignores_case_and_surrounding_spaces() -> None:
    assert parse_cell("b3") == 7
    assert parse_cell("  d5 ") == 19


@pytest.mark.parametrize(
    "text", ["", "A", "3", "E1", "A0", "A6", "Z9", "B33", "3B", "B-3", "AA1", "B 3", "cell"]
)
def test_parse_cell_rejects_what_is_not_a_cell(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="is not a cell") as caught:
        parse_cell(text)
    # The message quotes the input and says what a cell looks like.
    assert repr(text) in str(caught.value)
    assert "A-D" in str(caught.value) and "1-5" in str(caught.value)


def test_invalid_cell_is_also_a_value_error() -> None:
    # Callers that only know the standard library can still catch it.
    with pytest.raises(ValueError):
        parse_cell("E1")


# -- masks --------------------------------------------------------------------------------------


def test_bit_and_cells_of() -> None:
    assert bit(0) == 1
    assert bit(7) == 0b1000_0000
    assert list(cells_of(0)) == []
    # Bits 0, 3 and 19 set: cells A1, A4, D5 in increasing order.
    assert list(cells_of(1 | 8 | 1 << 19)) == [0, 3, 19]
    assert mask_names(0b101) == ("A1", "A3")


def test_full_mask_holds_the_twenty_cells() -> None:
    assert FULL == 0xFFFFF
    assert len(mask_names(FULL)) == 20


def test_row_masks() -> None:
    assert ROW_MASKS[0] == 0b11111
    assert cell_set(ROW_MASKS[0]) == {"A1", "A2", "A3", "A4", "A5"}
    assert cell_set(ROW_MASKS[1]) == {"B1", "B2", "B3", "B4", "B5"}
    assert cell_set(ROW_MASKS[2]) == {"C1", "C2", "C3", "C4", "C5"}
    assert cell_set(ROW_MASKS[3]) == {"D1", "D2", "D3", "D4", "D5"}
    assert len(ROW_MASKS) == 4


def test_column_masks() -> None:
    # Column 1 is cells 0, 5, 10, 15: 1 + 32 + 1024 + 32768.
    assert COLUMN_MASKS[0] == 33825
    assert cell_set(COLUMN_MASKS[0]) == {"A1", "B1", "C1", "D1"}
    assert cell_set(COLUMN_MASKS[2]) == {"A3", "B3", "C3", "D3"}
    assert cell_set(COLUMN_MASKS[4]) == {"A5", "B5", "C5", "D5"}
    assert len(COLUMN_MASKS) == 5


def test_edge_is_every_cell_but_the_six_inner_ones() -> None:
    # Rulebook, PLACING DICE: "Each player's first die of the game must be placed on an edge
    # or corner space". The only spaces off the border are B2 B3 B4 and C2 C3 C4.
    inner = {"B2", "B3", "B4", "C2", "C3", "C4"}
    assert cell_set(EDGE) == set(CELL_NAMES) - inner
    assert len(mask_names(EDGE)) == 14
    # 0xFFFFF minus bits 6 7 8 11 12 13 (64 + 128 + 256 + 2048 + 4096 + 8192 = 14784).
    assert EDGE == 1048575 - 14784


# -- neighbourhoods ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "orthogonal", "diagonal"),
    [
        # Corners: two orthogonal neighbours, one diagonal.
        ("A1", {"A2", "B1"}, {"B2"}),
        ("A5", {"A4", "B5"}, {"B4"}),
        ("D1", {"C1", "D2"}, {"C2"}),
        ("D5", {"C5", "D4"}, {"C4"}),
        # Edges: three orthogonal neighbours, two diagonal.
        ("A3", {"A2", "A4", "B3"}, {"B2", "B4"}),
        ("C1", {"B1", "D1", "C2"}, {"B2", "D2"}),
        ("B5", {"A5", "C5", "B4"}, {"A4", "C4"}),
        ("D3", {"D2", "D4", "C3"}, {"C2", "C4"}),
        # Inner cells: four of each.
        ("C3", {"B3", "D3", "C2", "C4"}, {"B2", "B4", "D2", "D4"}),
        ("B2", {"A2", "C2", "B1", "B3"}, {"A1", "A3", "C1", "C3"}),
    ],
)
def test_neighbours_of_a_cell(cell: str, orthogonal: set[str], diagonal: set[str]) -> None:
    c = parse_cell(cell)
    assert cell_set(orthogonal_spread(bit(c))) == orthogonal
    assert cell_set(diagonal_spread(bit(c))) == diagonal
    assert cell_set(king_spread(bit(c))) == orthogonal | diagonal
    # The per-cell tables agree with the spreads.
    assert cell_set(ORTHOGONAL[c]) == orthogonal
    assert cell_set(DIAGONAL[c]) == diagonal
    assert cell_set(NEIGHBOURS[c]) == orthogonal | diagonal


def test_no_wrap_around_between_column_5_and_column_1() -> None:
    # B5 (9) and C1 (10) are consecutive numbers but far apart on the window: a shift by one
    # bit must not carry a neighbour from the end of one row to the start of the next.
    assert "C1" not in cell_set(NEIGHBOURS[parse_cell("B5")])
    assert "B5" not in cell_set(NEIGHBOURS[parse_cell("C1")])
    # Diagonal shifts (by 4 and 6) could wrap too: A5 + 6 = C1, B1 + 4 = B5, D1 - 6 = B5.
    assert cell_set(DIAGONAL[parse_cell("A5")]) == {"B4"}
    assert cell_set(DIAGONAL[parse_cell("B1")]) == {"A2", "C2"}
    assert cell_set(DIAGONAL[parse_cell("D1")]) == {"C2"}
    assert cell_set(DIAGONAL[parse_cell("C5")]) == {"B4", "D4"}
    # Whole columns: column 5's neighbours to the right do not exist, column 1's to the left
    # do not exist.
    assert orthogonal_spread(COLUMN_MASKS[4]) & COLUMN_MASKS[0] == 0
    assert orthogonal_spread(COLUMN_MASKS[0]) & COLUMN_MASKS[4] == 0
    assert king_spread(COLUMN_MASKS[4]) & COLUMN_MASKS[0] == 0
    assert king_spread(COLUMN_MASKS[0]) & COLUMN_MASKS[4] == 0


def test_no_shift_falls_off_the_top_or_bottom() -> None:
    # Below row D and above row A there is nothing: the neighbours of a whole border row are
    # exactly the next row inwards.
    assert king_spread(ROW_MASKS[3]) == ROW_MASKS[2]
    assert king_spread(ROW_MASKS[0]) == ROW_MASKS[1]
    assert diagonal_spread(ROW_MASKS[3]) == ROW_MASKS[2]
    assert diagonal_spread(ROW_MASKS[0]) == ROW_MASKS[1]
    for c in range(NUM_CELLS):
        assert NEIGHBOURS[c] & ~FULL == 0


def test_every_neighbour_is_one_step_away() -> None:
    # A property check written independently of the bit tricks: a neighbour differs by at
    # most one row and one column; orthogonal ones in exactly one of them.
    for c in range(NUM_CELLS):
        row, column = divmod(c, 5)
        for other in cells_of(NEIGHBOURS[c]):
            other_row, other_column = divmod(other, 5)
            assert max(abs(row - other_row), abs(column - other_column)) == 1
        for other in cells_of(ORTHOGONAL[c]):
            other_row, other_column = divmod(other, 5)
            assert abs(row - other_row) + abs(column - other_column) == 1
        for other in cells_of(DIAGONAL[c]):
            other_row, other_column = divmod(other, 5)
            assert abs(row - other_row) == 1 and abs(column - other_column) == 1


def test_neighbour_counts() -> None:
    # Orthogonally adjacent pairs: 4 rows x 4 + 5 columns x 3 = 31, each counted from both
    # ends. Diagonal pairs: two per 2x2 block, 3 x 4 blocks = 24.
    assert sum(m.bit_count() for m in ORTHOGONAL) == 62
    assert sum(m.bit_count() for m in DIAGONAL) == 48
    counts = [m.bit_count() for m in NEIGHBOURS]
    assert counts.count(3) == 4  # the corners
    assert counts.count(5) == 10  # the other border cells
    assert counts.count(8) == 6  # the inner cells


def test_king_spread_of_several_cells_excludes_them() -> None:
    # A1 and B2: around them A2 A3 B1 B3 C1 C2 C3; A1 and B2 themselves are not included.
    assert cell_set(king_spread(mask("A1", "B2"))) == {"A2", "A3", "B1", "B3", "C1", "C2", "C3"}


def test_orthogonal_spread_includes_cells_of_the_mask_that_are_neighbours() -> None:
    # A1 and A2 side by side: A2 neighbours A1 and A1 neighbours A2, so both are in the
    # spread (the documented contract), with A3, B1 and B2.
    assert cell_set(orthogonal_spread(mask("A1", "A2"))) == {"A1", "A2", "A3", "B1", "B2"}
    # A1 and B2 are diagonal neighbours, so each is in the diagonal spread of the other.
    assert cell_set(diagonal_spread(mask("A1", "B2"))) == {"A1", "B2", "A3", "C1", "C3"}


def test_orthogonal_spread_of_separate_cells_is_the_union() -> None:
    # A1 and D5 do not touch: the union of {A2, B1} and {C5, D4}.
    assert cell_set(orthogonal_spread(mask("A1", "D5"))) == {"A2", "B1", "C5", "D4"}
    assert cell_set(diagonal_spread(mask("A1", "D5"))) == {"B2", "C4"}
