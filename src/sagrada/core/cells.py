"""Window cells and 20-bit masks (bitboards) over them.

Cells are numbered 0-19 row by row: ``A1`` is 0, ``A5`` is 4, ``B1`` is 5, ``D5`` is 19.
Rows ``A``-``D`` run top to bottom, columns ``1``-``5`` left to right. A set of cells is an
``int`` with bit ``cell`` set, so the placement rules reduce to a few bit operations.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, TypeAlias

from sagrada.core.errors import InvalidNotationError
from sagrada.core.messages import msg

Cell: TypeAlias = int
Mask: TypeAlias = int

ROWS: Final = 4
COLUMNS: Final = 5
NUM_CELLS: Final = 20
FULL: Final = (1 << NUM_CELLS) - 1

ROW_LETTERS: Final = "ABCD"
CELL_NAMES: Final[tuple[str, ...]] = tuple(
    ROW_LETTERS[c // COLUMNS] + str(c % COLUMNS + 1) for c in range(NUM_CELLS)
)
_CELL_BY_NAME: Final = {name: c for c, name in enumerate(CELL_NAMES)}

ROW_MASKS: Final[tuple[Mask, ...]] = tuple(0b11111 << (5 * r) for r in range(ROWS))
COLUMN_MASKS: Final[tuple[Mask, ...]] = tuple(
    sum(1 << (5 * r + c) for r in range(ROWS)) for c in range(COLUMNS)
)
#: Cells not in the first (last) column: where a mask shifted right (left) by one may land.
NOT_FIRST_COLUMN: Final = FULL & ~COLUMN_MASKS[0]
NOT_LAST_COLUMN: Final = FULL & ~COLUMN_MASKS[COLUMNS - 1]

#: Cells on the border of the window (where the first die must go).
EDGE: Final[Mask] = ROW_MASKS[0] | ROW_MASKS[ROWS - 1] | COLUMN_MASKS[0] | COLUMN_MASKS[COLUMNS - 1]


def bit(cell: Cell) -> Mask:
    """Return the mask holding only ``cell``."""
    return 1 << cell


def orthogonal_spread(mask: Mask) -> Mask:
    """Return the cells orthogonally adjacent to some cell of ``mask``.

    A cell of ``mask`` is in the result when another cell of ``mask`` is its neighbour.
    """
    return (
        ((mask << 1) & NOT_FIRST_COLUMN)
        | ((mask >> 1) & NOT_LAST_COLUMN)
        | ((mask << COLUMNS) & FULL)
        | (mask >> COLUMNS)
    )


def diagonal_spread(mask: Mask) -> Mask:
    """Return the cells diagonally adjacent to some cell of ``mask`` (same caveat as above)."""
    right = (mask << 1) & NOT_FIRST_COLUMN
    left = (mask >> 1) & NOT_LAST_COLUMN
    sideways = right | left
    return ((sideways << COLUMNS) & FULL) | (sideways >> COLUMNS)


def king_spread(mask: Mask) -> Mask:
    """Return the cells touching any cell of ``mask`` in 8 directions (not ``mask`` itself)."""
    sideways = mask | ((mask << 1) & NOT_FIRST_COLUMN) | ((mask >> 1) & NOT_LAST_COLUMN)
    return (sideways | ((sideways << COLUMNS) & FULL) | (sideways >> COLUMNS)) & ~mask


#: Orthogonal neighbours of each cell.
ORTHOGONAL: Final[tuple[Mask, ...]] = tuple(orthogonal_spread(1 << c) for c in range(NUM_CELLS))
#: Diagonal neighbours of each cell.
DIAGONAL: Final[tuple[Mask, ...]] = tuple(diagonal_spread(1 << c) for c in range(NUM_CELLS))
#: All eight neighbours of each cell.
NEIGHBOURS: Final[tuple[Mask, ...]] = tuple(king_spread(1 << c) for c in range(NUM_CELLS))


def cells_of(mask: Mask) -> Iterator[Cell]:
    """Yield the cells of ``mask`` in increasing order (A1 first)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cell_list(mask: Mask) -> list[Cell]:
    """Return the cells of ``mask`` as a list, in increasing order (faster than iterating)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cell_name(cell: Cell) -> str:
    """Return the name of a cell, ``"A1"`` to ``"D5"``."""
    return CELL_NAMES[cell]


def parse_cell(text: str) -> Cell:
    """Parse a cell name such as ``"B3"`` (case-insensitive).

    Raises:
        InvalidNotationError: if ``text`` is not a row letter A-D followed by a column 1-5.
    """
    cell = _CELL_BY_NAME.get(text.strip().upper())
    if cell is None:
        raise InvalidNotationError(msg("notation.cell", text=repr(text)))
    return cell


def mask_names(mask: Mask) -> tuple[str, ...]:
    """Return the names of the cells of ``mask``, in order."""
    return tuple(CELL_NAMES[c] for c in cells_of(mask))
