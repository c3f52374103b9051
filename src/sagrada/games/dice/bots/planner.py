"""The planner: perfect-information Monte Carlo over guesses of the bag.

In solo play everything is in sight but the bag, so the planner guesses it
(:func:`~sagrada.games.dice.rules.views.determinize`) and plans:

* at setup, each window option is played out from the start by the fast playouts
  (:mod:`sagrada.games.dice.bots.table_playout`) on the same guesses of every round's dice, and
  the best mean result kept;
* at a turn, every way of playing the turn (a die and its space, a tool through its steps,
  in either order) is rated by the heuristic
  (:func:`sagrada.games.dice.bots.heuristic.evaluate`), the best ``width`` kept, and each is
  played on to the end of the game by the fast playout policy on shared guesses of the dice to
  come (:func:`sagrada.search.pimc.race`); the plan with the best mean result is played to its
  end, unless chance (a re-roll, a die from the bag) intervenes, after which the planner plans
  again.

The result of a playout is the final score less ``target_share`` times the target (1 would be
the margin the solo game is won by; :data:`TARGET_SHARE` by default), plus what the tools not
used yet are worth (:func:`~sagrada.search.window_playout.kept_tools_worth`): playouts
never use a tool, so a tool is used when a plan of this turn with it does better than those
without by more than the tool is worth kept. What a playout is worth, solo and at a table, is
:mod:`sagrada.games.dice.bots.playout_values`'s; this module holds the bot: its budget, its
races and its guesses.

At a table of 2-4 players under the base game's turn rules
(:func:`~sagrada.games.dice.bots.table_playout.plays_at_table`) it plans the same way: a guess
also gives the other players' private objectives, every player's turns are played out by the
same policy on the common Draft Pool (:func:`~sagrada.games.dice.bots.table_playout.play_table`),
and a playout's result is the planner's score less a share of the best other score, plus a bonus
for a win (:func:`~sagrada.games.dice.bots.playout_values.table_result`). The window is chosen by
its setup rating, as the search chooses it, or by playouts (``table_window``).
Games the playouts cannot model (the Private Dice Pool rules, Life's modules, 5 or 6 players)
it plays as the MCTS bot with the same budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from sagrada.games.dice.bots.greedy import GreedyBot
from sagrada.games.dice.bots.heuristic import evaluate
from sagrada.games.dice.bots.mcts import RIVALRY, MctsBot, appeal_choice
from sagrada.games.dice.bots.playout_values import (
    solo_plan_result,
    solo_window_result,
    table_plan_result,
    table_window_result,
)
from sagrada.games.dice.bots.table_playout import plays_at_table
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.state import Phase, State
from sagrada.games.dice.rules.views import PlayerView, determinize
from sagrada.search.advice import HINT_COUNT, RatedAction
from sagrada.search.budget import Budget
from sagrada.search.pimc import (
    Plan,
    RaceResult,
    race,
    race_plans,
    ranked_first_actions,
)
from sagrada.search.plans import PlanFollower
from sagrada.search.window_playout import TOOL_RESERVE
from sagrada.search.window_summary import PolicyWeights, SoloModel

#: How much each pip of the target counts against the score in a playout's result: 1 would be
#: the margin the solo game is won by; half of it scored more and won no less often (docs/bots.md).
TARGET_SHARE = 0.5
#: At a table, the points a playout's win is worth: the search's reward (a win plus 0.02 times
#: the points, :data:`sagrada.games.dice.bots.mcts.MARGIN_WEIGHT`) scaled to points.
WIN_BONUS = 50.0
#: The turn plans compared by playouts at a decision.
DEFAULT_WIDTH = 20
#: The race's patience: the guesses before a plan may be dropped, and the standard errors
#: behind the leader that drop it. More patient than the driver's default (4, 2.0): 44.2
#: against 41.9 points over the same 60 games at 4,000 playouts, in 1.7 times the time.
RACE_SAMPLES = 8
RACE_Z = 2.5
#: The positions a decision may look at while listing the turn's plans.
PLAN_NODES = 3000
#: States a greedy finish of a turn may look at per decision (after a re-roll).
FINISH_NODES = 400


def turn_over(start: State, state: State) -> bool:
    """Whether the turn being played at ``start`` is over at ``state``."""
    return state.phase != Phase.PLAY or state.round != start.round or state.turn != start.turn


class PlannerBot:
    """Perfect-information Monte Carlo planning: solo, and at a table of 2-4 players.

    Args:
        seed: seed of the bot's own randomness (its guesses of the bag).
        iterations: the most playouts per decision.
        seconds: the most time per decision.
        width: how many turn plans the playouts compare.
        target_share: how much each pip of the target counts against the score.
        weights: the playout policy's weights.
        name: the bot's name in results.
        min_samples, z: how soon a race drops a plan (:func:`sagrada.search.pimc.race`).
        tool_reserve: what an unused tool card is worth at the start of the game
            (:func:`sagrada.search.window_playout.kept_tools_worth`).
        rivalry, win_bonus: at a table, a playout's result is the score less ``rivalry``
            times the best other score, plus ``win_bonus`` for a win
            (:func:`~sagrada.games.dice.bots.playout_values.table_result`).
        table_window: at a table, choose the window by playouts (else by its setup rating,
            as the search does).
        guesser: ``guesser(view)``: the game the planner plans on, instead of its own
            guesses (:func:`~sagrada.games.dice.rules.views.determinize`). For experiments only:
            ``scripts/solo_bound.py`` hands it the true game to measure what knowing the
            bag would be worth; no bot of :func:`sagrada.games.dice.bots.make_bot` has one.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        width: int = DEFAULT_WIDTH,
        target_share: float = TARGET_SHARE,
        weights: PolicyWeights | None = None,
        name: str = "planner",
        min_samples: int = RACE_SAMPLES,
        z: float = RACE_Z,
        tool_reserve: float = TOOL_RESERVE,
        rivalry: float = RIVALRY,
        win_bonus: float = WIN_BONUS,
        table_window: bool = False,
        guesser: Callable[[PlayerView], State] | None = None,
    ) -> None:
        self.name = name
        self.budget = Budget(iterations, seconds)
        self.width = width
        self.target_share = target_share
        self.weights = weights if weights is not None else PolicyWeights()
        self.min_samples = min_samples
        self.tool_reserve = tool_reserve
        self.z = z
        self.rivalry = rivalry
        self.win_bonus = win_bonus
        self.table_window = table_window
        self._guesser = guesser
        # A game of several players has no target: the policy does not count the pips.
        self._table_weights = replace(self.weights, target_weight=0.0)
        self._rng = random.Random(seed)
        self._follower = PlanFollower()
        self._greedy = GreedyBot(seed)
        self._others: MctsBot | None = None
        self.last: RaceResult | None = None

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return the first action of the best plan (or the next action of the plan being
        played)."""
        state = view.state
        following = self._follower.next(state.history, legal)
        if following is not None:
            return following
        if len(legal) == 1:
            return legal[0]
        solo = state.config.solo
        if not solo and not plays_at_table(state.rules):
            return self._multiplayer(view, legal)
        if state.phase == Phase.SETUP:
            if solo or self.table_window:
                return legal[self._window_race(view, legal).best]
            return appeal_choice(view, legal)
        plans, outcome = self._turn_race(view)
        return self._follower.start(state.history, plans[outcome.best][0])

    def planned(self) -> tuple[Action, ...]:
        """The rest of the plan after the action :meth:`choose` returned last: the actions it
        plays next, without searching, while the game goes as planned (the history is the
        plan's and the action legal); none if that action ended its plan or was no plan's."""
        return self._follower.pending

    def rank(
        self, view: PlayerView, legal: Sequence[Action], count: int = HINT_COUNT
    ) -> list[RatedAction]:
        """Plan as :meth:`choose` does (the window by playouts at a table too, and a plan
        from scratch mid-turn) and return the ``count`` best actions, the one the planner
        plays first, each with its best plan's mean result against the played plan's on the
        same guesses, at most 0 (:func:`~sagrada.search.pimc.ranked_first_actions`; scale
        ``relative``: a result weighs the target or the best rival's points and a win, so it
        is no final score), and the playouts behind it. Where the turn's best rated plans
        begin with fewer than ``count`` different actions, the race is run again with the
        best plan of the next actions added. Games the playouts cannot model are ranked by
        the search (:meth:`MctsBot.rank`).
        """
        state = view.state
        if not state.config.solo and not plays_at_table(state.rules):
            return self._search().rank(view, legal, count)
        if len(legal) == 1:
            return [RatedAction(legal[0], 0.0, "relative", 1, "simulations")]
        if state.phase == Phase.SETUP:
            race_result = self._window_race(view, legal)
            chosen = legal[race_result.best]
            ranked = sorted(
                (
                    (legal[c], min(race_result.against_best(c), 0.0), race_result.samples[c])
                    for c in range(len(legal))
                    if race_result.samples[c] > 0
                ),
                key=lambda r: (r[0] != chosen, -r[1], -r[2], r[0]),
            )
        else:
            ranked = ranked_first_actions(*self._turn_race(view))
            if len(ranked) < min(count, len(legal)):
                ranked = ranked_first_actions(*self._turn_race(view, count))
        return [
            RatedAction(action, value, "relative", samples, "simulations")
            for action, value, samples in ranked[:count]
        ]

    # -- setup ---------------------------------------------------------------------------------

    def _window_race(self, view: PlayerView, legal: Sequence[Action]) -> RaceResult:
        """The window options raced by playouts from the start of the game."""

        def guess() -> State:
            return self._guess(view)

        if view.state.config.solo:
            value = solo_window_result(view, legal, self.weights, self.target_share, guess)
        else:
            value = table_window_result(
                view, legal, self._table_weights, self.rivalry, self.win_bonus, guess
            )
        result = race(len(legal), value, self.budget, self.min_samples, self.z)
        self.last = result
        return result

    # -- play ----------------------------------------------------------------------------------

    def _turn_race(self, view: PlayerView, firsts: int = 0) -> tuple[list[Plan], RaceResult]:
        """The turn's best rated plans raced by playouts on shared guesses (with at least
        ``firsts`` different first actions, where there are as many)."""
        state = view.state
        player = state.players[view.player]
        window = player.window
        assert window is not None
        model = SoloModel(window.pattern, state.publics, player.privates, self.weights)
        me = view.player
        greedy = self._greedy

        def guess(number: int) -> State:
            return self._guess(view)

        def rate(position: State) -> float:
            return evaluate(position, me)

        def finish(start: State, position: State) -> None:
            while not position.is_over and not turn_over(start, position):
                budget = [FINISH_NODES]
                position.apply(
                    max(
                        position.legal_actions(),
                        key=lambda a: greedy.value_after(position, a, me, budget),
                    )
                )

        if state.config.solo:
            result = solo_plan_result(model, self.target_share, self.tool_reserve)
        else:
            result = table_plan_result(view, self._table_weights, self.rivalry, self.win_bonus)

        plans, race_result = race_plans(
            guess(0),
            guess,
            turn_over,
            rate,
            finish,
            result,
            self.width,
            PLAN_NODES,
            self.budget,
            self.min_samples,
            self.z,
            firsts,
        )
        self.last = race_result
        return plans, race_result

    def _guess(self, view: PlayerView) -> State:
        """A guess of the game in view (the bag, the others' private objectives), by the bot's
        own chance (or the ``guesser``'s game)."""
        if self._guesser is not None:
            return self._guesser(view)
        return determinize(view, self._rng.getrandbits(63))

    # -- other games ---------------------------------------------------------------------------

    def _multiplayer(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self._search().choose(view, legal)

    def _search(self) -> MctsBot:
        """The search that plays the games the playouts cannot model, with the same budget."""
        if self._others is None:
            self._others = MctsBot(
                self._rng.getrandbits(63),
                iterations=self.budget.iterations,
                seconds=self.budget.seconds,
                name=self.name,
            )
        return self._others
