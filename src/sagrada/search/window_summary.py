"""Summaries of a player's window for the planners' playouts
(:mod:`sagrada.games.dice.bots.planner`, :mod:`sagrada.games.cards.planner`), from which the playout
policy (:mod:`sagrada.search.playout_policy`) rates a placement in a few look-ups.

* :class:`SoloModel`: what does not change during a playout: the window pattern's
  restrictions, the public objectives the policy rates (variety lines, sets, Color Diagonals)
  and their points, the private objectives, and the policy's weights
  (:class:`PolicyWeights`) turned into tables (the decay of a line per die missing, the loss
  expected of an open space by the faces it allows).
* :class:`Tables`: what does, kept up to date as dice are placed (:meth:`Tables.place`): the
  faces each open space still allows, each line's kinds and dice, the counts of each colour
  and value, the dice Color Diagonals counts, the private objectives' sums; and a trial
  placement in the masks alone (:meth:`Tables.put`, :meth:`Tables.take`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from sagrada.core.cells import (
    COLUMN_MASKS,
    COLUMNS,
    DIAGONAL,
    EDGE,
    FULL,
    NOT_FIRST_COLUMN,
    NOT_LAST_COLUMN,
    NUM_CELLS,
    ORTHOGONAL,
    ROW_MASKS,
    diagonal_spread,
    orthogonal_spread,
)
from sagrada.core.content import PrivateObjective, PublicObjective, WindowPattern
from sagrada.core.dice import COLOUR_LETTERS, DIE_COLOUR, DIE_PIPS, DIE_VALUE, NUM_COLOURS
from sagrada.core.objectives import LINE_RULES, SET_RULES
from sagrada.core.window import Window

#: A solo round's turns.
TURNS_PER_ROUND: Final = 2
#: The turns of a solo game.
MAX_TURNS: Final = 20
#: The lines of the window: rows 0-3, then columns 0-4.
LINES: Final[tuple[int, ...]] = ROW_MASKS + COLUMN_MASKS
#: For each cell, its row's and its column's index in :data:`LINES`.
ROW_OF: Final[tuple[int, ...]] = tuple(c // 5 for c in range(NUM_CELLS))
COLUMN_OF: Final[tuple[int, ...]] = tuple(4 + c % 5 for c in range(NUM_CELLS))
#: The public objectives the policy rates (another one still scores at the end of a playout).
RATED_RULES: Final = frozenset(LINE_RULES) | frozenset(SET_RULES) | frozenset({"color_diagonals"})


@dataclass(frozen=True, slots=True)
class PolicyWeights:
    """The playout policy's weights (what each weighs: :mod:`sagrada.search.playout_policy`)."""

    line_decay: float = 0.6
    set_spare: float = 0.4
    private_other: float = 0.3
    fill_weight: float = 3.0
    dead_weight: float = 6.0
    risk_weight: float = 0.0
    pair_turns: int = 0
    fail_weight: float = 6.0
    risk_rate: float = 2.0
    target_weight: float = 0.5


class SoloModel:
    """What a playout needs of one player's game that does not change during it: the window's
    restrictions, the objectives' kinds and points, the policy's weights."""

    def __init__(
        self,
        pattern: WindowPattern,
        publics: Sequence[PublicObjective],
        privates: Sequence[PrivateObjective],
        weights: PolicyWeights,
    ) -> None:
        self.pattern = pattern
        self.publics: tuple[PublicObjective, ...] = tuple(publics)
        self.privates: tuple[PrivateObjective, ...] = tuple(privates)
        self.weights = weights
        self.private_colours: list[int] = [
            o.colour if o.colour is not None else -1 for o in privates
        ]
        self.private_spaces: list[int] = [o.spaces for o in privates]
        self.spaces_privates = any(o.colour is None for o in privates)
        # Line objectives: (first line, last line + 1, by colour, points).
        self.lines: list[tuple[int, int, bool, int]] = []
        self.sets: list[tuple[tuple[int, ...], bool, int]] = []
        self.diagonals = 0
        for objective in publics:
            rule = objective.rule
            if rule in LINE_RULES:
                rows, by_colour = LINE_RULES[rule]
                self.lines.append((0 if rows else 4, 4 if rows else 9, by_colour, objective.vp))
            elif rule in SET_RULES:
                kinds, by_colour = SET_RULES[rule]
                self.sets.append((kinds, by_colour, objective.vp))
            elif rule == "color_diagonals":
                self.diagonals += objective.vp
        # The kind each space is restricted to (-1: none), as a colour and as a value.
        self.cell_colour: list[int] = [-1] * NUM_CELLS
        self.cell_value: list[int] = [-1] * NUM_CELLS
        for cell, char in enumerate("".join(pattern.grid)):
            if char in COLOUR_LETTERS:
                self.cell_colour[cell] = COLOUR_LETTERS.index(char)
            elif char.isdigit():
                self.cell_value[cell] = int(char)
        self.decay: list[float] = [weights.line_decay**m for m in range(6)]
        # The loss expected of an open space by the faces it allows, for each number of
        # turns left in the game after the one being played.
        self.colour_ok: list[int] = list(pattern.colour_ok[:NUM_COLOURS])
        self.value_ok: list[int] = list(pattern.value_ok[:7])
        self.penalties: list[list[float]] = []
        for turns in range(MAX_TURNS + 1):
            row = [
                weights.fill_weight * (1.0 - faces / 30.0) ** 2
                + weights.risk_weight * (1.0 - faces / 30.0) ** (weights.risk_rate * turns)
                for faces in range(31)
            ]
            row[0] += weights.dead_weight
            self.penalties.append(row)


def private_sums(model: SoloModel, window: Window) -> list[int]:
    """The pips each private objective of ``model`` counts on ``window`` (the dice of its
    colour, or on its spaces)."""
    sums: list[int] = []
    for index in range(len(model.privates)):
        colour = model.private_colours[index]
        mask = window.by_colour[colour] if colour >= 0 else model.private_spaces[index]
        total = 0
        while mask:
            low = mask & -mask
            die = window.dice[low.bit_length() - 1]
            if die >= 0:
                total += DIE_PIPS[die]
            mask ^= low
        sums.append(total)
    return sums


class Tables:
    """Summaries of a window kept up to date as dice are placed, from which each placement's
    gain is a few look-ups."""

    def __init__(self, model: SoloModel, window: Window, turns: int) -> None:
        self.model = model
        self.window = window
        #: The turns left in the game after the one being played.
        self.turns_after = max(turns - 1, 0)
        # The window's masks, kept here too (read often, and cheaply when compiled).
        self.occupied: int = window.occupied
        self.by_colour: list[int] = window.by_colour[:NUM_COLOURS]
        self.by_value: list[int] = window.by_value[:7]
        self.dice: list[int] = window.dice[:]
        pattern = model.pattern
        empty = FULL & ~window.occupied
        # For each open space, the colours and values it still allows (bit masks).
        self.colours_ok: list[int] = [0] * NUM_CELLS
        self.values_ok: list[int] = [0] * NUM_CELLS
        for colour in range(NUM_COLOURS):
            allowed = (
                empty & pattern.colour_ok[colour] & ~orthogonal_spread(window.by_colour[colour])
            )
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                self.colours_ok[low.bit_length() - 1] |= 1 << colour
        for value in range(1, 7):
            allowed = empty & pattern.value_ok[value] & ~orthogonal_spread(window.by_value[value])
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                self.values_ok[low.bit_length() - 1] |= 1 << value
        # For each line: the colours and values present, its dice, whether a variety
        # objective can still count it, and the kinds its open spaces are restricted to.
        self.line_colours: list[int] = [0] * 9
        self.line_values: list[int] = [0] * 9
        self.line_filled: list[int] = [0] * 9
        self.line_dead_colour: list[bool] = [False] * 9
        self.line_dead_value: list[bool] = [False] * 9
        self.line_need_colour: list[int] = [0] * 9
        self.line_need_value: list[int] = [0] * 9
        if model.lines:
            for index in range(9):
                self._line(index)
        self.value_counts: list[int] = [window.by_value[v].bit_count() for v in range(7)]
        self.colour_counts: list[int] = [window.by_colour[c].bit_count() for c in range(5)]
        counted = 0
        for colour in range(NUM_COLOURS):
            mask = window.by_colour[colour]
            counted |= mask & diagonal_spread(mask)
        self.diagonal_counted = counted
        self.private_sums: list[int] = private_sums(model, window)
        self.private_worth = privates_worth(self.private_sums, model.weights.private_other)

    def _line(self, index: int) -> None:
        """Summarise line ``index`` afresh."""
        model = self.model
        dice = self.dice
        kinds_c = 0
        kinds_v = 0
        dead_c = False
        dead_v = False
        need_c = 0
        need_v = 0
        filled = 0
        mask = LINES[index]
        while mask:
            low = mask & -mask
            cell = low.bit_length() - 1
            mask ^= low
            die = dice[cell]
            if die >= 0:
                filled += 1
                cb = 1 << DIE_COLOUR[die]
                vb = 1 << DIE_VALUE[die]
                if kinds_c & cb:
                    dead_c = True
                if kinds_v & vb:
                    dead_v = True
                kinds_c |= cb
                kinds_v |= vb
            else:
                if model.cell_colour[cell] >= 0:
                    need_c |= 1 << model.cell_colour[cell]
                if model.cell_value[cell] >= 0:
                    need_v |= 1 << model.cell_value[cell]
        self.line_colours[index] = kinds_c
        self.line_values[index] = kinds_v
        self.line_filled[index] = filled
        self.line_dead_colour[index] = dead_c or bool(need_c & kinds_c)
        self.line_dead_value[index] = dead_v or bool(need_v & kinds_v)
        self.line_need_colour[index] = need_c
        self.line_need_value[index] = need_v

    def legal_cells(self, die: int) -> int:
        """The open spaces where ``die`` may be placed by the normal placement rules."""
        colour = DIE_COLOUR[die]
        value = DIE_VALUE[die]
        occupied = self.occupied
        model = self.model
        cells = FULL & ~occupied & model.colour_ok[colour] & model.value_ok[value]
        if occupied == 0:
            return cells & EDGE
        side = occupied | ((occupied << 1) & NOT_FIRST_COLUMN) | ((occupied >> 1) & NOT_LAST_COLUMN)
        cells &= side | ((side << COLUMNS) & FULL) | (side >> COLUMNS)
        return cells & ~orthogonal_spread(self.by_colour[colour] | self.by_value[value])

    def put(self, die: int, cell: int) -> None:
        """Put ``die`` on ``cell`` in the masks only (a trial, undone by :meth:`take`)."""
        bit = 1 << cell
        self.occupied |= bit
        self.by_colour[DIE_COLOUR[die]] |= bit
        self.by_value[DIE_VALUE[die]] |= bit
        self.dice[cell] = die

    def take(self, die: int, cell: int) -> None:
        """Undo :meth:`put`."""
        bit = ~(1 << cell)
        self.occupied &= bit
        self.by_colour[DIE_COLOUR[die]] &= bit
        self.by_value[DIE_VALUE[die]] &= bit
        self.dice[cell] = -1

    def place(self, die: int, cell: int) -> None:
        """Place ``die`` on ``cell`` (a legal placement) and bring the summaries up to date."""
        model = self.model
        self.window.place(die, cell)
        self.put(die, cell)
        colour = DIE_COLOUR[die]
        value = DIE_VALUE[die]
        pips = DIE_PIPS[die]
        self.colours_ok[cell] = 0
        self.values_ok[cell] = 0
        neighbours = ORTHOGONAL[cell]
        while neighbours:
            low = neighbours & -neighbours
            neighbours ^= low
            other = low.bit_length() - 1
            self.colours_ok[other] &= ~(1 << colour)
            self.values_ok[other] &= ~(1 << value)
        if model.lines:
            self._line(ROW_OF[cell])
            self._line(COLUMN_OF[cell])
        self.value_counts[value] += 1
        self.colour_counts[colour] += 1
        same = self.by_colour[colour]
        if same & DIAGONAL[cell]:
            self.diagonal_counted |= (same & DIAGONAL[cell]) | (1 << cell)
        changed = False
        for index in range(len(model.privates)):
            wanted = model.private_colours[index]
            if wanted == colour or (wanted < 0 and model.private_spaces[index] >> cell & 1):
                self.private_sums[index] += pips
                changed = True
        if changed:
            self.private_worth = privates_worth(self.private_sums, model.weights.private_other)


def privates_worth(sums: list[int], other: float) -> float:
    """What the private objectives' sums ``sums`` are worth to the policy: the best one, plus
    ``other`` times each of the others."""
    if not sums:
        return 0.0
    if len(sums) == 1:
        return float(sums[0])
    best = max(sums)
    return best + other * (sum(sums) - best)
