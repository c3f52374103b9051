"""The card game's planner: the dice game's solo planner (:mod:`sagrada.games.dice.bots.planner`) on
glass cards.

The card game is the solo dice game in other clothes: the same windows and placement rules,
cards coded as dice, orders that score as public objectives (basic orders, Color Diagonals) or
as a private objective (Shades), cards left at the end of a round on the turn bar as dice on the
Round Track. So the planner is the same: every way of playing the turn, rated by the card
heuristic, the best few raced (:func:`sagrada.search.pimc.race_plans`) by playouts of the solo
playout policy (:mod:`sagrada.search.playout_policy`) on shared guesses of the pile; the plan with
the best mean margin (score less target, plus what the tools kept are worth) is played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sagrada.games.cards.actions import ROUNDS, TURNS
from sagrada.games.cards.greedy import best_action
from sagrada.games.cards.heuristic import evaluate
from sagrada.games.cards.state import CardState
from sagrada.games.cards.table import DRAW, DRAW_MORE
from sagrada.games.cards.views import CardView, determinize_cards
from sagrada.search.budget import Budget
from sagrada.search.pimc import RaceResult, race_plans
from sagrada.search.plans import PlanFollower
from sagrada.search.window_playout import TOOL_RESERVE, kept_tools_worth, play_out
from sagrada.search.window_summary import PolicyWeights, SoloModel

#: The turn plans compared by playouts at a decision.
DEFAULT_WIDTH = 20
#: The positions a decision may look at while listing the turn's plans.
PLAN_NODES = 3000
#: The playout policy's weights for the card game (measured with these; docs/card-game.md).
CARD_WEIGHTS = PolicyWeights(
    line_decay=0.6,
    set_spare=0.4,
    private_other=0.3,
    fill_weight=3.0,
    dead_weight=6.0,
    target_weight=0.5,
)


def turn_over(start: CardState, state: CardState) -> bool:
    """Whether the turn being played at ``start`` is over at ``state``."""
    return state.is_over or state.round != start.round or state.turn != start.turn


def solo_model(state: CardState, weights: PolicyWeights) -> SoloModel:
    """The playout policy's view of a card game: its orders as public and private
    objectives."""
    publics = [o.public for o in state.orders if o.public is not None]
    privates = [o.shades for o in state.orders if o.shades is not None]
    return SoloModel(state.window.pattern, publics, privates, weights)


def play_on(model: SoloModel, position: CardState) -> tuple[int, int]:
    """The final score and target of playing ``position`` (at the start of a turn, or over)
    to the end by the playout policy, the pile drawn by the position's own chance."""
    if position.is_over:
        outcome = position.outcome()
        return outcome.score.total, outcome.target
    draw = position.clone()
    futures: list[list[int]] = []
    more = draw.more
    for _ in range(position.round + 1, ROUNDS):
        hand: list[int] = []
        for _ in range(DRAW_MORE if more else DRAW):
            card = draw.draw()
            if card is not None:
                hand.append(card)
        more = False
        futures.append(hand)
    return play_out(
        model,
        position.window.copy(),
        list(position.hand),
        TURNS - position.turn,
        futures,
        position.target(),
    )


class PlannerCardBot:
    """Perfect-information Monte Carlo planning for the card game.

    Args:
        seed: seed of the bot's own randomness (its guesses of the pile).
        iterations: the most playouts per decision.
        seconds: the most time per decision.
        width: how many turn plans the playouts compare.
        weights: the playout policy's weights.
        name: the bot's name in results.
        tool_reserve: what an unused tool card is worth at the start of the game
            (:func:`sagrada.search.window_playout.kept_tools_worth`).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        width: int = DEFAULT_WIDTH,
        weights: PolicyWeights | None = None,
        name: str = "planner",
        tool_reserve: float = TOOL_RESERVE,
    ) -> None:
        self.name = name
        self.budget = Budget(iterations, seconds)
        self.width = width
        self.weights = weights if weights is not None else CARD_WEIGHTS
        self._rng = random.Random(seed)
        self.tool_reserve = tool_reserve
        self._follower = PlanFollower()
        self.last: RaceResult | None = None

    def choose(self, view: CardView, legal: Sequence[int]) -> int:
        """Return the first action of the best plan (or the next action of the plan being
        played)."""
        state = view.state
        following = self._follower.next(state.history, legal)
        if following is not None:
            return following
        if len(legal) == 1:
            return legal[0]
        model = solo_model(state, self.weights)

        def guess(number: int) -> CardState:
            return determinize_cards(view, self._rng.getrandbits(63))

        def finish(start: CardState, position: CardState) -> None:
            while not turn_over(start, position):
                position.apply(best_action(position, position.legal_actions()))

        reserve = self.tool_reserve

        def result(position: CardState) -> float:
            score, target = play_on(model, position)
            value = float(score - target)
            if not position.is_over:
                unused = sum(1 for tool in position.tools if tool not in position.spent)
                turns = (ROUNDS - 1 - position.round) * TURNS + TURNS - position.turn
                value += kept_tools_worth(unused, turns, reserve)
            return value

        plans, race_result = race_plans(
            guess(0),
            guess,
            turn_over,
            evaluate,
            finish,
            result,
            self.width,
            PLAN_NODES,
            self.budget,
        )
        self.last = race_result
        return self._follower.start(state.history, plans[race_result.best][0])

    def planned(self) -> tuple[int, ...]:
        """The rest of the plan after the action :meth:`choose` returned last: the actions it
        plays next, without searching, while the game goes as planned (the history is the
        plan's and the action legal); none if that action ended its plan."""
        return self._follower.pending
