"""The public objectives' scoring rules: the vocabulary a public objective card names.

Each rule is a small function over a window's bitmasks that returns how many rows, columns,
sets, dice or pips score and the cells whose dice earned them, registered under an id with
:func:`public_rule`. A card (``content/*.json``) names its rule (``"rule"``, by default its own
id) and its VP per unit, so a content file can give any card any rule listed here
(``docs/content.md``). The rules: the base game's ten (CARDS.md section 2), and Life's six Toil
objectives (rulebook 004_234c3922e9d01436.txt, TOIL PUBLIC OBJECTIVES; house content,
HOUSE-CONTENT.md).

Masterwork dice (Life) are orange and show a symbol: orange is a colour of its own for the
variety, diagonal and pair rules, each symbol a value of its own for the variety and pair
rules, and a masterwork die has no number: it breaks any odd/even or colour alternation it
stands in and adds 0 to a sum.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Final, NamedTuple, TypeAlias

from sagrada.core.cells import (
    COLUMN_MASKS,
    COLUMNS,
    ROW_MASKS,
    ROWS,
    Mask,
    diagonal_spread,
    orthogonal_spread,
)
from sagrada.core.content import Catalog, register_card_check
from sagrada.core.dice import DIE_COLOUR, DIE_PIPS, NUM_COLOURS, ORANGE, is_masterwork
from sagrada.core.errors import ContentError
from sagrada.core.window import EMPTY, Window

#: A public objective's rule: the number of rows, columns, sets or dice that score, and the
#: cells whose dice earned them.
PublicRule: TypeAlias = Callable[[Window], tuple[int, Mask]]

#: Scoring rule of each public objective, by the card's id.
PUBLIC_RULES: Final[dict[str, PublicRule]] = {}
#: What one unit of each rule is ("row", "column", "set", "die"), for the formulas.
_UNITS: Final[dict[str, str]] = {}


def public_rule(rule_id: str, unit: str = "set") -> Callable[[PublicRule], PublicRule]:
    """Register the decorated function as the scoring rule of public objective ``rule_id``.

    Args:
        rule_id: the objective's id in the content pack.
        unit: what the rule counts, singular (``"row"``, ``"column"``, ``"set"``, ``"die"``).
    """

    def register(rule: PublicRule) -> PublicRule:
        if rule_id in PUBLIC_RULES:
            raise ValueError(f"public objective rule {rule_id!r} is registered twice")
        PUBLIC_RULES[rule_id] = rule
        _UNITS[rule_id] = unit
        return rule

    return register


def public_unit(rule_id: str) -> str:
    """Return what one unit of a public objective's rule is: ``"row"``, ``"column"``,
    ``"set"`` or ``"die"`` (its points are per unit)."""
    return _UNITS[rule_id]


def public_rule_ids() -> frozenset[str]:
    """Return the ids of the public objectives that have a scoring rule."""
    return frozenset(PUBLIC_RULES)


# -- helpers over masks --------------------------------------------------------------------


def _kinds_present(masks: Sequence[Mask], area: Mask) -> int:
    """Return how many of ``masks`` (one per colour or value) meet ``area``."""
    return sum(1 for mask in masks if mask & area)


def lowest_cells(mask: Mask, n: int) -> Mask:
    """Return the ``n`` lowest cells of ``mask`` (the first in A1..D5 order)."""
    out = 0
    for _ in range(n):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


def _full_lines_with_distinct(
    window: Window, lines: Sequence[Mask], masks: Sequence[Mask], size: int
) -> tuple[int, Mask]:
    """Count the completely filled ``lines`` whose ``size`` dice fall in ``size`` distinct masks."""
    count = 0
    cells = 0
    occupied = window.occupied
    for line in lines:
        if occupied & line == line and _kinds_present(masks, line) == size:
            count += 1
            cells |= line
    return count, cells


def _sets(masks: Sequence[Mask]) -> tuple[int, Mask]:
    """Count the complete sets of one die from each of ``masks`` and the first dice forming them."""
    count = min(mask.bit_count() for mask in masks)
    cells = 0
    for mask in masks:
        cells |= lowest_cells(mask, count)
    return count, cells


# -- the base game's public objectives (CARDS.md section 2) ---------------------------------


@public_rule("row_color_variety", unit="row")
def row_color_variety(window: Window) -> tuple[int, Mask]:
    """Complete rows (5 dice) with no repeated colour."""
    return _full_lines_with_distinct(window, ROW_MASKS, window.by_colour, 5)


@public_rule("column_color_variety", unit="column")
def column_color_variety(window: Window) -> tuple[int, Mask]:
    """Complete columns (4 dice) with no repeated colour."""
    return _full_lines_with_distinct(window, COLUMN_MASKS, window.by_colour, 4)


@public_rule("row_shade_variety", unit="row")
def row_shade_variety(window: Window) -> tuple[int, Mask]:
    """Complete rows (5 dice) with no repeated value."""
    return _full_lines_with_distinct(window, ROW_MASKS, window.by_value[1:], 5)


@public_rule("column_shade_variety", unit="column")
def column_shade_variety(window: Window) -> tuple[int, Mask]:
    """Complete columns (4 dice) with no repeated value."""
    return _full_lines_with_distinct(window, COLUMN_MASKS, window.by_value[1:], 4)


@public_rule("set_values_1_2")
def light_shades(window: Window) -> tuple[int, Mask]:
    """Sets of a 1 and a 2 anywhere."""
    return _sets(window.by_value[1:3])


@public_rule("set_values_3_4")
def medium_shades(window: Window) -> tuple[int, Mask]:
    """Sets of a 3 and a 4 anywhere."""
    return _sets(window.by_value[3:5])


@public_rule("set_values_5_6")
def deep_shades(window: Window) -> tuple[int, Mask]:
    """Sets of a 5 and a 6 anywhere."""
    return _sets(window.by_value[5:7])


@public_rule("set_all_values")
def shade_variety(window: Window) -> tuple[int, Mask]:
    """Sets of one die of each value 1-6 anywhere."""
    return _sets(window.by_value[1:7])


@public_rule("set_all_colors")
def color_variety(window: Window) -> tuple[int, Mask]:
    """Sets of one die of each colour anywhere."""
    return _sets(window.by_colour[:NUM_COLOURS])


@public_rule("color_diagonals", unit="die")
def color_diagonals(window: Window) -> tuple[int, Mask]:
    """Dice diagonally adjacent to at least one die of the same colour, each counted once."""
    cells = 0
    for mask in window.by_colour:
        cells |= mask & diagonal_spread(mask)
    return cells.bit_count(), cells


class LineRule(NamedTuple):
    """The shape of a variety objective: full rows (else columns) with no colour (else value)
    repeated."""

    rows: bool
    colours: bool


class SetRule(NamedTuple):
    """The shape of a set objective: the kinds one set needs, colours 0-4 (else values 1-6)."""

    kinds: tuple[int, ...]
    colours: bool


#: The base game's variety objectives by rule id, as their rules above count them: what the
#: bots' estimates of a line on its way to scoring read (both games' bots, one table).
LINE_RULES: Final[dict[str, LineRule]] = {
    "row_color_variety": LineRule(rows=True, colours=True),
    "column_color_variety": LineRule(rows=False, colours=True),
    "row_shade_variety": LineRule(rows=True, colours=False),
    "column_shade_variety": LineRule(rows=False, colours=False),
}
#: The base game's set objectives by rule id, as their rules above count them.
SET_RULES: Final[dict[str, SetRule]] = {
    "set_values_1_2": SetRule((1, 2), colours=False),
    "set_values_3_4": SetRule((3, 4), colours=False),
    "set_values_5_6": SetRule((5, 6), colours=False),
    "set_all_values": SetRule((1, 2, 3, 4, 5, 6), colours=False),
    "set_all_colors": SetRule((0, 1, 2, 3, 4), colours=True),
}


# -- Life's Toil objectives (house content) ---------------------------------------------


@public_rule("orange_adjacency", unit="die")
def orange_adjacency(window: Window) -> tuple[int, Mask]:
    """Dice of the bag orthogonally adjacent to at least one masterwork die."""
    orange = window.by_colour[ORANGE]
    cells = window.occupied & ~orange & orthogonal_spread(orange)
    return cells.bit_count(), cells


@public_rule("perfect_pairs")
def perfect_pairs(window: Window) -> tuple[int, Mask]:
    """Sets of two dice with the same colour and value; a die counts in one set at most. Two
    masterwork dice showing one symbol are a pair: orange is their colour, the symbol their
    value."""
    count = 0
    cells = 0
    for colour in window.by_colour:
        for value in window.by_value[1:]:
            same = colour & value
            pairs = same.bit_count() // 2
            count += pairs
            cells |= lowest_cells(same, 2 * pairs)
    return count, cells


def _alternates_parity(dice: list[int]) -> bool:
    """Whether the values alternate odd/even along the line (no masterwork die in it)."""
    if any(is_masterwork(d) for d in dice):
        return False
    return all(DIE_PIPS[a] % 2 != DIE_PIPS[b] % 2 for a, b in pairwise(dice))


def _parity_lines(window: Window, masks: tuple[Mask, ...], step: int) -> tuple[int, Mask]:
    count = 0
    cells = 0
    for mask in masks:
        first = (mask & -mask).bit_length() - 1
        length = mask.bit_count()
        dice = [window.dice[first + i * step] for i in range(length)]
        if EMPTY not in dice and _alternates_parity(dice):
            count += 1
            cells |= mask
    return count, cells


@public_rule("alternating_shades", unit="row")
def alternating_shades(window: Window) -> tuple[int, Mask]:
    """Complete rows whose values alternate odd and even from left to right."""
    return _parity_lines(window, ROW_MASKS, 1)


@public_rule("checkerboard_columns", unit="column")
def checkerboard_columns(window: Window) -> tuple[int, Mask]:
    """Complete columns whose values alternate odd and even from top to bottom."""
    return _parity_lines(window, COLUMN_MASKS, COLUMNS)


@public_rule("alternating_colours", unit="row")
def alternating_colours(window: Window) -> tuple[int, Mask]:
    """Complete rows whose dice in columns 1, 3, 5 share one colour and in columns 2, 4
    another (a masterwork die, orange, breaks it)."""
    count = 0
    cells = 0
    for mask in ROW_MASKS:
        first = (mask & -mask).bit_length() - 1
        colours = [DIE_COLOUR[d] if d != EMPTY else -1 for d in window.dice[first : first + 5]]
        odd, even = colours[0], colours[1]
        if (
            -1 not in colours
            and ORANGE not in colours
            and odd != even
            and colours[2] == colours[4] == odd
            and colours[3] == even
        ):
            count += 1
            cells |= mask
    return count, cells


@public_rule("tallest_column", unit="pip")
def tallest_column(window: Window) -> tuple[int, Mask]:
    """The highest sum of values among the complete columns (1 VP per pip); the cells are the
    first such column's."""
    best = 0
    cells = 0
    for mask in COLUMN_MASKS:
        first = (mask & -mask).bit_length() - 1
        dice = [window.dice[first + i * COLUMNS] for i in range(ROWS)]
        if EMPTY in dice:
            continue
        total = sum(DIE_PIPS[d] for d in dice)
        if total > best:
            best, cells = total, mask
    return best, cells


def check_rules(filename: str, cards: Catalog) -> None:
    """A content file's public objectives must name a rule of this vocabulary."""
    for index, card in enumerate(cards.publics):
        if card.rule not in PUBLIC_RULES:
            rules = ", ".join(sorted(PUBLIC_RULES))
            raise ContentError(
                f"{filename}: public_objectives[{index}] {card.name!r}: rule {card.rule!r} is "
                f"not one of {rules}"
            )


register_card_check(check_rules)
