"""Bots for the solo card game: ``random``, ``greedy``, ``plan``, ``search`` and ``planner``.

They decide from the player's view (:func:`~sagrada.games.cards.views.make_card_view`: the pile's
unseen cards hidden) and guess what they need with
:func:`~sagrada.games.cards.views.determinize_cards`. They rate positions with
:func:`~sagrada.games.cards.heuristic.evaluate` (the estimated final margin).

* ``random``: any legal action.
* ``greedy``: the action whose result rates best, a tool looked at through its steps to its
  best end.
* ``plan``: every way of playing the rest of the round (both turns, tools through their steps)
  on one guess of the pile, stopping where cards are drawn; the first action of the best. It
  is the game's hint bot (:class:`~sagrada.search.advice.Adviser`): its ranking is the legal
  actions by the value of their best plan, the estimated final margin.
* ``search`` (``search:N``): flat Monte Carlo over guesses of the pile: each legal action is
  followed by ``N`` (default 12) games played to the end by the greedy policy on a fresh guess,
  and the one with the best mean result (the margin over the target, +20 for a win) is taken.
* ``planner`` (``planner:N`` playouts or ``planner:Xs`` seconds a decision, 1 s by default):
  the solo planner (:mod:`sagrada.games.cards.planner`): the turn's best plans raced by fast
  playouts on shared guesses of the pile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from sagrada.games.cards.greedy import best_action
from sagrada.games.cards.heuristic import evaluate
from sagrada.games.cards.planner import PlannerCardBot
from sagrada.games.cards.state import CardState
from sagrada.games.cards.views import CardView, determinize_cards
from sagrada.search.advice import HINT_COUNT, RatedAction
from sagrada.search.budget import Budget

#: The card bots by name (``search:N`` sets the playouts per action).
CARD_BOT_NAMES: Final = ("random", "greedy", "plan", "search", "planner")
#: How much a win is worth beyond its margin, for the search bot.
WIN_BONUS: Final = 20.0
DEFAULT_PLAYOUTS: Final = 12
#: States a planning decision may look at to the round's end.
PLAN_BUDGET: Final = 3000


class CardBot(Protocol):
    name: str

    def choose(self, view: CardView, legal: Sequence[int]) -> int: ...


class RandomCardBot:
    """Any legal action, uniformly."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, view: CardView, legal: Sequence[int]) -> int:
        return self._rng.choice(list(legal))


class GreedyCardBot:
    """The action with the best immediate result by :func:`evaluate`."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self._rng = random.Random(seed)

    def choose(self, view: CardView, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        state = determinize_cards(view, self._rng.randrange(2**63))
        return best_action(state, legal)


class PlanCardBot:
    """The first action of the best way to play the rest of the round."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "plan"
        self._rng = random.Random(seed)

    def choose(self, view: CardView, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        plans = self._plans(view, legal)
        top = max(value for value, _ in plans.values())
        return min(a for a, (value, _) in plans.items() if value == top)

    def rank(
        self, view: CardView, legal: Sequence[int], count: int = HINT_COUNT
    ) -> list[RatedAction]:
        """The ``count`` actions of the best plans, best first (ties: the lower code, so the
        first is :meth:`choose`'s), each with its plan's value (the estimated final margin
        over the target) and the positions looked at after it."""
        plans = self._plans(view, legal)
        ranked = sorted(plans.items(), key=lambda item: (-item[1][0], item[0]))
        return [
            RatedAction(action, value, "margin", positions, "positions")
            for action, (value, positions) in ranked[:count]
        ]

    def _plans(self, view: CardView, legal: Sequence[int]) -> dict[int, tuple[float, int]]:
        """Each action's best plan on one guess of the pile: its value and the positions
        looked at after the action (the budget is shared, in the order of ``legal``)."""
        state = determinize_cards(view, self._rng.randrange(2**63))
        budget = [PLAN_BUDGET]
        plans: dict[int, tuple[float, int]] = {}
        for action in legal:
            before = budget[0]
            plans[action] = (_round_value(state, action, budget), before - budget[0])
        return plans


def planner(
    seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> PlanCardBot:
    """The hint bot, ``plan``: it looks at up to :data:`PLAN_BUDGET` positions a decision,
    whatever the budget of time or iterations asked for a search (which it does not take)."""
    return PlanCardBot(seed)


def _round_value(state: CardState, action: int, budget: list[int]) -> float:
    """The best evaluation reachable from ``action`` before the round ends or cards are drawn
    (what is drawn is one guess's, so the plan stops there)."""
    child = state.clone()
    child.apply(action)
    budget[0] -= 1
    if child.is_over or budget[0] <= 0 or child.rng.state != state.rng.state:
        return evaluate(child)
    if not child.tool and child.round != state.round:
        return evaluate(child)
    return max(_round_value(child, a, budget) for a in child.legal_actions())


class SearchCardBot:
    """Flat Monte Carlo: each action followed by greedy games on guesses of the pile."""

    def __init__(self, seed: int = 0, playouts: int = DEFAULT_PLAYOUTS) -> None:
        self.name = f"search:{playouts}" if playouts != DEFAULT_PLAYOUTS else "search"
        self._rng = random.Random(seed)
        self._playouts = playouts

    def choose(self, view: CardView, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self._playouts):
            guess = determinize_cards(view, self._rng.randrange(2**63))
            for action in legal:  # the same guess for every action: a fair comparison
                game = guess.clone()
                game.apply(action)
                while not game.is_over:
                    game.apply(best_action(game, game.legal_actions()))
                outcome = game.outcome()
                totals[action] += outcome.margin + (WIN_BONUS if outcome.won else 0.0)
        top = max(totals.values())
        return min(a for a, v in totals.items() if v == top)


def make_card_bot(spec: str, seed: int = 0) -> CardBot:
    """A card bot from its spec: ``random``, ``greedy``, ``plan``, ``search``, ``search:N``,
    ``planner``, ``planner:N`` or ``planner:Xs``.

    Raises:
        ValueError: naming the bots there are.
    """
    name, _, budget = spec.strip().lower().partition(":")
    if name == "random" and not budget:
        return RandomCardBot(seed)
    if name == "greedy" and not budget:
        return GreedyCardBot(seed)
    if name == "plan" and not budget:
        return PlanCardBot(seed)
    if name == "search":
        if not budget:
            return SearchCardBot(seed)
        if budget.isdigit() and int(budget) >= 1:
            return SearchCardBot(seed, int(budget))
        raise ValueError(f"search:N needs a number of playouts of at least 1, got {budget!r}")
    if name == "planner":
        limits = Budget.parse(name, budget)
        label = spec.strip().lower()
        return PlannerCardBot(
            seed, iterations=limits.iterations, seconds=limits.seconds, name=label
        )
    known = ", ".join(CARD_BOT_NAMES)
    raise ValueError(f"unknown card bot {spec!r} (card bots: {known}, search:N, planner:N)")
