"""Beam search over whole turns, for a game whose chance is known in advance.

Where every die (or card) to come is fixed by the game's own seeded chance, a game of one player
is a deterministic optimisation: a clone of the position meets the very dice the game will, so
the search may play through actions that draw or roll. This module is the game-independent part
of such a search; a game brings its positions (:class:`~sagrada.search.pimc.PlanState`), how its
turn ends, a key that says when two positions are the same, and two ratings.

* :func:`turn_ends`: every way of playing from a position to the end of the turn, the positions
  it looks at bounded; each action's branch gets an equal share of what is left of the bound,
  and what a small branch leaves goes on to the branches after it.
* :func:`beam_search`: turn after turn, every position of the beam is played to the end of its
  turn in every way, equal positions kept once, the ``shortlist`` best by a cheap estimate rated
  by a costlier value (usually a playout to the end of the game on the known dice), and the
  ``width`` best by that value form the next beam. Finished games stay in the beam with their
  value and compete with the rest; the search ends when every game in the beam is over.

Such a search sees the future: it may measure what a game allows (a ceiling), and must never
choose for a player who does not know the chance to come.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from sagrada.search.pimc import PlanState

S = TypeVar("S", bound=PlanState)

#: A way of playing from the search's start: its actions and the position they lead to.
Line = tuple[tuple[int, ...], S]


@dataclass(frozen=True, slots=True)
class BeamResult(Generic[S]):
    """The best game a beam search found: its actions from the start, its final position, its
    value, and the positions the search looked at."""

    actions: tuple[int, ...]
    final: S
    value: float
    positions: int


def turn_ends(
    state: S,
    turn_over: Callable[[S, S], bool],
    node_budget: int,
    order: Callable[[S, list[int]], Sequence[int]] | None = None,
) -> tuple[list[Line[S]], int]:
    """The ways of playing from ``state`` to the end of its turn.

    Args:
        state: the position, a turn's decision.
        turn_over: ``turn_over(start, position)``: whether the turn played at ``start`` is
            over at ``position`` (or the game).
        node_budget: the most positions to look at; a branch whose share runs out before its
            turn ends is left out.
        order: the order in which a decision's actions are tried (default: the legal order);
            the branches tried last get what the earlier ones left of their shares, so the
            costly ones (a tool card's steps) are best tried last.

    Returns:
        The ``(actions, position)`` of each way found, and the positions looked at.
    """
    ends: list[Line[S]] = []
    used = _extend(state, state, (), turn_over, node_budget, order, ends)
    return ends, used


def _extend(
    start: S,
    state: S,
    prefix: tuple[int, ...],
    turn_over: Callable[[S, S], bool],
    budget: int,
    order: Callable[[S, list[int]], Sequence[int]] | None,
    ends: list[Line[S]],
) -> int:
    """Add the ways of ending the turn from ``state`` to ``ends``; return the positions used."""
    actions: Sequence[int] = state.legal_actions()
    if order is not None:
        actions = order(state, list(actions))
    used = 0
    count = len(actions)
    for index, action in enumerate(actions):
        share = (budget - used) // (count - index)
        if share < 1:
            continue
        child: S = state.clone()  # type: ignore[assignment]  # clone() is typed as the protocol
        child.apply(action)
        used += 1
        path = (*prefix, action)
        if child.is_over or turn_over(start, child):
            ends.append((path, child))
        elif share > 1:
            used += _extend(start, child, path, turn_over, share - 1, order, ends)
    return used


def beam_search(
    start: S,
    turn_over: Callable[[S, S], bool],
    key: Callable[[S], Hashable],
    estimate: Callable[[S], float],
    value: Callable[[S], float],
    width: int,
    shortlist: int,
    turn_nodes: int,
    order: Callable[[S, list[int]], Sequence[int]] | None = None,
) -> BeamResult[S]:
    """The best game from ``start`` that a beam over whole turns finds.

    Args:
        start: the position to play from (it is not changed).
        turn_over: whether the turn played at the first position is over at the second.
        key: a value equal for two positions exactly when the game goes on the same from both
            (of them, the first found is kept).
        estimate: a cheap rating of a position at the end of a turn; the ``shortlist`` best
            of a layer are rated by ``value``.
        value: the rating the beam keeps its positions by, on the scale of the final result;
            of a finished game, its result.
        width: the positions the beam keeps from one turn to the next.
        shortlist: the positions of a layer rated by ``value`` (at least ``width``).
        turn_nodes: the most positions looked at while playing one position's turn.
        order: the order a decision's actions are tried in (:func:`turn_ends`).

    Returns:
        The finished game of the last beam with the best value.
    """
    beam: list[tuple[float, Line[S]]] = [(value(start), ((), start))]
    positions = 0
    while not all(line[1].is_over for _, line in beam):
        layer: dict[Hashable, Line[S]] = {}
        for _, (actions, state) in beam:
            if state.is_over:
                layer.setdefault(key(state), (actions, state))
                continue
            ends, used = turn_ends(state, turn_over, turn_nodes, order)
            positions += used
            for path, end in ends:
                layer.setdefault(key(end), ((*actions, *path), end))
        lines = list(layer.values())
        if len(lines) > shortlist:
            lines.sort(key=lambda line: estimate(line[1]), reverse=True)
            lines = lines[: max(shortlist, width)]
        rated = [(value(line[1]), line) for line in lines]
        rated.sort(key=_first, reverse=True)
        beam = rated[:width]
    best_value, (actions, final) = beam[0]
    return BeamResult(actions, final, best_value, positions)


def _first(item: tuple[float, Line[S]]) -> float:
    return item[0]
