"""The playout policy of the planners (:mod:`sagrada.games.dice.bots.planner`,
:mod:`sagrada.games.cards.planner`): how a playout picks its placements, rated on the summaries of
a window (:mod:`sagrada.search.window_summary`) kept up to date as dice are placed. The play loops
and the final scores, solo and at a table of 2-4 players, are in
:mod:`sagrada.games.dice.bots.table_playout`.

A playout never uses a tool: each turn the policy drafts the die and space whose *gain* it
rates best. The future dice are given (the planner draws them from a guess of the bag), so
every candidate the planner compares meets the same dice.

The gain of placing a die is the change it makes to an estimate of the window's final worth,
counted only where the die acts, so a turn's choice costs a few microseconds per placement:

* each line (row or column) a variety objective counts: worth its points times
  ``line_decay`` to the power of the dice still missing, nothing once a kind repeats or an open
  space of the line is restricted to a kind the line already has;
* each set objective: its complete sets, plus ``set_spare`` of a set for each kind above the
  rarest one (a start on the next set);
* Color Diagonals: the dice it counts now;
* the private objectives: the better sum plus ``private_other`` times the other;
* the open spaces: each loses ``fill_weight`` × (1 − faces it still allows / 30)², and
  ``dead_weight`` more if it allows none (it will stay open: −3, and a turn's die on the track);
* the target: ``target_weight`` per pip of the die, which no longer goes to the Round Track
  (solo only: a game of several players has no target, and its planner sets it to 0).

With ``pair_turns`` above 0 (not by default), a solo turn with another of the round after it
and fewer than ``pair_turns`` turns of the game after it rates each placement together with
the best one the dice left allow next (:func:`best_pair`; ``-fail_weight`` if none).
"""

from __future__ import annotations

from collections.abc import Sequence

from sagrada.core.cells import DIAGONAL, ORTHOGONAL
from sagrada.core.dice import DIE_COLOUR, DIE_PIPS, DIE_VALUE
from sagrada.search.window_summary import COLUMN_OF, LINES, ROW_OF, Tables, privates_worth


def _set_worth(counts: Sequence[int], spare: float) -> float:
    low = min(counts)
    above = 0
    for count in counts:
        if count > low:
            above += 1
    return low + spare * above / len(counts)


def _needed_elsewhere(tables: Tables, index: int, cell: int, by_colour: bool, bit: int) -> bool:
    """Whether an open space of line ``index`` other than ``cell`` is restricted to the kind
    ``bit`` (a colour's or a value's bit)."""
    mask = LINES[index] & ~tables.occupied & ~(1 << cell)
    model = tables.model
    restriction = model.cell_colour if by_colour else model.cell_value
    while mask:
        low = mask & -mask
        mask ^= low
        kind = restriction[low.bit_length() - 1]
        if kind >= 0 and 1 << kind == bit:
            return True
    return False


def die_gain(tables: Tables, die: int) -> float:
    """The part of a placement's gain that does not depend on the space: the target's pips and
    the private objectives of a colour."""
    model = tables.model
    colour = DIE_COLOUR[die]
    gain = model.weights.target_weight * DIE_PIPS[die]
    if colour in model.private_colours:
        after = tables.private_sums[:]
        for index in range(len(after)):
            if model.private_colours[index] == colour:
                after[index] += DIE_PIPS[die]
        gain += privates_worth(after, model.weights.private_other) - tables.private_worth
    return gain


def placement_gain(tables: Tables, die: int, cell: int) -> float:
    """The policy's rating of placing ``die`` on the open space ``cell`` (legal there), less
    its :func:`die_gain`."""
    model = tables.model
    colour = DIE_COLOUR[die]
    value = DIE_VALUE[die]
    cb = 1 << colour
    vb = 1 << value
    gain = 0.0
    # Lines of the variety objectives.
    for first, last, by_colour, vp in model.lines:
        index = ROW_OF[cell] if first == 0 else COLUMN_OF[cell]
        if index < first or index >= last:
            continue
        if by_colour:
            if tables.line_dead_colour[index]:
                continue
            kinds = tables.line_colours[index]
            need = tables.line_need_colour[index]
            bit = cb
        else:
            if tables.line_dead_value[index]:
                continue
            kinds = tables.line_values[index]
            need = tables.line_need_value[index]
            bit = vb
        missing = LINES[index].bit_count() - tables.line_filled[index]
        before = vp * model.decay[missing]
        if kinds & bit or (need & bit and _needed_elsewhere(tables, index, cell, by_colour, bit)):
            gain -= before  # a repeat, now or forced by a restricted open space
        else:
            gain += vp * model.decay[missing - 1] - before
    # Set objectives.
    for kinds_of_set, by_colour, vp in model.sets:
        kind = colour if by_colour else value
        if kind not in kinds_of_set:
            continue
        counts = tables.colour_counts if by_colour else tables.value_counts
        spare = model.weights.set_spare
        before_counts = [counts[k] for k in kinds_of_set]
        after_counts = [counts[k] + (1 if k == kind else 0) for k in kinds_of_set]
        gain += vp * (_set_worth(after_counts, spare) - _set_worth(before_counts, spare))
    # Color Diagonals: the dice it counts now.
    if model.diagonals:
        same = tables.by_colour[colour] & DIAGONAL[cell]
        if same:
            gain += model.diagonals * (1 + (same & ~tables.diagonal_counted).bit_count())
    # Private objectives of spaces.
    if model.spaces_privates:
        after = tables.private_sums[:]
        for index in range(len(after)):
            if model.private_colours[index] < 0 and model.private_spaces[index] >> cell & 1:
                after[index] += DIE_PIPS[die]
        sums_worth = privates_worth(after, model.weights.private_other)
        gain += sums_worth - tables.private_worth
    # Open spaces: this one is filled; its open neighbours lose the die's colour and value.
    penalty = model.penalties[tables.turns_after]
    gain += penalty[tables.colours_ok[cell].bit_count() * tables.values_ok[cell].bit_count()]
    neighbours = ORTHOGONAL[cell] & ~tables.occupied
    while neighbours:
        low = neighbours & -neighbours
        other = low.bit_length() - 1
        neighbours ^= low
        colours = tables.colours_ok[other]
        values = tables.values_ok[other]
        before_faces = colours.bit_count() * values.bit_count()
        after_faces = (colours & ~cb).bit_count() * (values & ~vb).bit_count()
        gain += penalty[before_faces] - penalty[after_faces]
    return gain


def best_placement(tables: Tables, pool: Sequence[int]) -> tuple[int, int]:
    """The policy's placement from ``pool``: ``(index in the pool, cell)``, or ``(-1, -1)``
    if no die of the pool can be placed."""
    _, index, cell = _best(tables, pool, -1, -1.0e9, False)
    return index, cell


def best_pair(tables: Tables, pool: Sequence[int]) -> tuple[int, int]:
    """Like :func:`best_placement`, but each placement is rated with the best placement the
    dice left allow on the next turn (``-fail_weight`` if none)."""
    _, index, cell = _best(tables, pool, -1, -1.0e9, True)
    return index, cell


def _best(
    tables: Tables, pool: Sequence[int], skip: int, floor: float, pair: bool
) -> tuple[float, int, int]:
    """The best placement of a die of ``pool`` but the one at index ``skip``: its gain, its
    index in the pool and its cell; ``(floor, -1, -1)`` if none gains more than ``floor``.
    With ``pair``, a placement's gain includes the best placement that the dice left allow
    after it (``-fail_weight`` if none)."""
    fail = tables.model.weights.fail_weight
    best = floor
    choice = -1
    choice_cell = -1
    seen = 0
    for index in range(len(pool)):
        die = pool[index]
        if index == skip or seen >> die & 1:
            continue
        seen |= 1 << die
        cells = tables.legal_cells(die)
        if not cells:
            continue
        base = die_gain(tables, die)
        while cells:
            low = cells & -cells
            cell = low.bit_length() - 1
            cells ^= low
            gain = base + placement_gain(tables, die, cell)
            if pair:
                tables.put(die, cell)
                gain += _best(tables, pool, index, -fail, False)[0]
                tables.take(die, cell)
            if gain > best:
                best = gain
                choice = index
                choice_cell = cell
    return best, choice, choice_cell
