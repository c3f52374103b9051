"""The card game's greedy policy: the legal action whose result rates best by the card
heuristic (:func:`~sagrada.games.cards.heuristic.evaluate`), a tool looked at through its steps
to its best end. The ``greedy`` bot plays it, the ``search`` bot plays its games out with it and
the planner finishes a turn with it (:mod:`sagrada.games.cards.bots`,
:mod:`sagrada.games.cards.planner`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sagrada.games.cards.heuristic import evaluate
from sagrada.games.cards.state import CardState

#: States a greedy decision may look at inside a tool's steps.
NODE_BUDGET: Final = 400


def best_action(state: CardState, legal: Sequence[int]) -> int:
    """The legal action whose result (a tool's best end) rates best; ties: the lowest code."""
    budget = [NODE_BUDGET]
    scores = {action: _value_after(state, action, budget) for action in legal}
    top = max(scores.values())
    return min(a for a, v in scores.items() if v == top)


def _value_after(state: CardState, action: int, budget: list[int]) -> float:
    child = state.clone()
    child.apply(action)
    budget[0] -= 1
    if not child.tool or budget[0] <= 0:
        return evaluate(child)
    return max(_value_after(child, a, budget) for a in child.legal_actions())
