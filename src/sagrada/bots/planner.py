"""The planner: perfect-information Monte Carlo over guesses of the bag.

In solo play everything is in sight but the bag, so the planner guesses it
(:func:`~sagrada.core.views.determinize`) and plans:

* at setup, each window option is played out from the start (:mod:`sagrada.bots.solo_playout`)
  on the same guesses of every round's dice, and the best mean result kept;
* at a turn, every way of playing the turn (a die and its space, a tool through its steps,
  in either order) is rated by the heuristic (:func:`sagrada.bots.heuristic.evaluate`), the
  best ``width`` kept, and each is played on to the end of the game by the fast playout policy
  on shared guesses of the dice to come (:func:`sagrada.bots.pimc.race`); the plan with the
  best mean result is played to its end, unless chance (a re-roll, a die from the bag)
  intervenes, after which the planner plans again.

The result of a playout is the final score less ``target_share`` times the target (1 would be
the margin the solo game is won by; :data:`TARGET_SHARE` by default), plus what the tools not
used yet are worth (:func:`~sagrada.bots.solo_playout.kept_tools_worth`): playouts never use
a tool, so a tool is used when a plan of this turn with it does better than those without by
more than the tool is worth kept.

At a table of 2-4 players under the base game's turn rules (:func:`~sagrada.bots.table_playout.
plays_at_table`) it plans the same way: a guess also gives the other players' private
objectives, every player's turns are played out by the same policy on the common Draft Pool
(:func:`~sagrada.bots.table_playout.play_table`), and a playout's result is the planner's score
less a share of the best other score, plus a bonus for a win (:func:`table_result`). The window
is chosen by its setup rating, as the search chooses it, or by playouts (``table_window``).
Games the playouts cannot model (the Private Dice Pool rules, Life's modules, 5 or 6 players)
it plays as the MCTS bot with the same budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from sagrada.bots.advice import HINT_COUNT, RatedAction
from sagrada.bots.greedy import GreedyBot
from sagrada.bots.heuristic import evaluate, pattern_appeal
from sagrada.bots.mcts import RIVALRY, MctsBot, appeal_choice
from sagrada.bots.pimc import (
    Plan,
    PlanFollower,
    RaceResult,
    race,
    race_plans,
    ranked_first_actions,
)
from sagrada.bots.solo_playout import (
    TOOL_RESERVE,
    TURNS_PER_ROUND,
    PolicyWeights,
    SoloModel,
    kept_tools_worth,
)
from sagrada.bots.table_playout import play_out, play_table, plays_at_table, round_turns
from sagrada.core import actions as A
from sagrada.core.actions import Action
from sagrada.core.config import ROUNDS
from sagrada.core.state import Phase, State
from sagrada.core.views import PlayerView, determinize
from sagrada.core.window import Window

#: How much each pip of the target counts against the score in a playout's result: 1 would be
#: the margin the solo game is won by; half of it scored more and won no less often (docs/bots.md).
TARGET_SHARE = 0.5
#: At a table, the points a playout's win is worth: the search's reward (a win plus 0.02 times
#: the points, :data:`sagrada.bots.mcts.MARGIN_WEIGHT`) scaled to points.
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


def turns_left(state: State) -> int:
    """The current player's turns left in this round, the current one included (solo: the
    second turn is skipped after Running Pliers)."""
    order = state.order
    players = state.config.players
    count = 0
    for turn in range(state.turn, len(order)):
        if not (turn >= players and state.skip >> order[turn] & 1):
            count += 1
    return count


def future_pools(state: State, first_round: int) -> list[list[int]]:
    """The Draft Pools of rounds ``first_round`` to the last, drawn from ``state``'s bag by its
    chance (a guess's), without changing it."""
    draw = state.clone()
    size = state.rules.draft_pool_size
    return [[draw.draw_die() for _ in range(size)] for _ in range(first_round, ROUNDS)]


def play_on_table(models: Sequence[SoloModel], position: State) -> list[int]:
    """Each seat's final score after playing ``position`` (a game of several players at the
    start of a turn, or over) to the end by the playout policy, on its own chance's dice;
    ``models[seat]`` is the seat's game."""
    if position.is_over:
        return [score.total for score in position.outcome().scores]
    players = position.config.players
    windows: list[Window] = []
    for player in position.players:
        assert player.window is not None
        windows.append(player.window.copy())
    futures = future_pools(position, position.round + 1)
    orders = [
        position.rules.round_order(players, (position.start_player + k) % players)
        for k in range(1, len(futures) + 1)
    ]
    return play_table(
        models,
        windows,
        [player.favor for player in position.players],
        list(position.pool),
        round_turns(position.order, position.turn, players, position.skip),
        futures,
        orders,
    )


def table_result(scores: Sequence[int], seat: int, rivalry: float, win_bonus: float) -> float:
    """A playout's result for ``seat`` at a table: its score less ``rivalry`` times the best
    other score, plus ``win_bonus`` for a win (half of it for a tie on points)."""
    own = scores[seat]
    rival = max(scores[s] for s in range(len(scores)) if s != seat)
    won = 1.0 if own > rival else 0.5 if own == rival else 0.0
    return own - rivalry * rival + win_bonus * won


def play_on(model: SoloModel, position: State) -> tuple[int, int]:
    """The final score and target of playing ``position`` (a solo game at the start of a turn,
    or over) to the end by the playout policy, on its own chance's dice."""
    if position.is_over:
        outcome = position.outcome()
        return outcome.scores[0].total, outcome.target if outcome.target is not None else 0
    window = position.players[0].window
    assert window is not None
    return play_out(
        model,
        window.copy(),
        list(position.pool),
        turns_left(position),
        future_pools(position, position.round + 1),
        position.target_score(),
    )


class PlannerBot:
    """Perfect-information Monte Carlo planning for solo play.

    Args:
        seed: seed of the bot's own randomness (its guesses of the bag).
        iterations: the most playouts per decision.
        seconds: the most time per decision.
        width: how many turn plans the playouts compare.
        target_share: how much each pip of the target counts against the score.
        weights: the playout policy's weights.
        name: the bot's name in results.
        min_samples, z: how soon a race drops a plan (:func:`sagrada.bots.pimc.race`).
        tool_reserve: what an unused tool card is worth at the start of the game
            (:func:`sagrada.bots.solo_playout.kept_tools_worth`).
        rivalry, win_bonus: at a table, a playout's result is the score less ``rivalry``
            times the best other score, plus ``win_bonus`` for a win (:func:`table_result`).
        table_window: at a table, choose the window by playouts (else by its setup rating,
            as the search does).
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
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a planner needs a budget: iterations, seconds or both")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.target_share = target_share
        self.weights = weights if weights is not None else PolicyWeights()
        self.min_samples = min_samples
        self.tool_reserve = tool_reserve
        self.z = z
        self.rivalry = rivalry
        self.win_bonus = win_bonus
        self.table_window = table_window
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
        if len(legal) == 1:
            return legal[0]
        state = view.state
        solo = state.config.solo
        if not solo and not plays_at_table(state.rules):
            return self._multiplayer(view, legal)
        if state.phase == Phase.SETUP:
            if solo or self.table_window:
                return legal[self._window_race(view, legal).best]
            return appeal_choice(view, legal)
        following = self._follower.next(state.history, legal)
        if following is not None:
            return following
        plans, outcome = self._turn_race(view)
        return self._follower.start(state.history, plans[outcome.best][0])

    def rank(
        self, view: PlayerView, legal: Sequence[Action], count: int = HINT_COUNT
    ) -> list[RatedAction]:
        """Plan as :meth:`choose` does (the window by playouts at a table too, and a plan
        from scratch mid-turn) and return the ``count`` actions of the best mean playout
        result, each against the best's (scale ``relative``: a result weighs the target or the
        best rival's points and a win, so it is no final score) with the playouts behind it.
        An action's mean is its best plan's. Games the playouts cannot model are ranked by
        the search (:meth:`MctsBot.rank`).
        """
        state = view.state
        if not state.config.solo and not plays_at_table(state.rules):
            return self._search().rank(view, legal, count)
        if len(legal) == 1:
            return [RatedAction(legal[0], 0.0, "relative", 1, "simulations")]
        if state.phase == Phase.SETUP:
            race_result = self._window_race(view, legal)
            ranked = sorted(
                (
                    (legal[c], race_result.means[c], race_result.samples[c])
                    for c in range(len(legal))
                    if race_result.samples[c] > 0
                ),
                key=lambda r: (-r[1], -r[2], r[0]),
            )
        else:
            ranked = ranked_first_actions(*self._turn_race(view, count))
        best = ranked[0][1]
        return [
            RatedAction(action, mean - best, "relative", samples, "simulations")
            for action, mean, samples in ranked[:count]
        ]

    # -- setup ---------------------------------------------------------------------------------

    def _window_race(self, view: PlayerView, legal: Sequence[Action]) -> RaceResult:
        """The window options raced by playouts from the start of the game."""
        if view.state.config.solo:
            return self._solo_window_race(view, legal)
        return self._table_window_race(view, legal)

    def _solo_window_race(self, view: PlayerView, legal: Sequence[Action]) -> RaceResult:
        state = view.state
        player = state.players[view.player]
        models = [
            SoloModel(player.options[A.ARG1[a]], state.publics, player.privates, self.weights)
            for a in legal
        ]
        guesses: list[list[list[int]]] = []

        def value(candidate: int, guess: int) -> float:
            if guess == len(guesses):
                guesses.append(future_pools(determinize(view, self._rng.getrandbits(63)), 0))
            futures = guesses[guess]
            model = models[candidate]
            score, target = play_out(model, Window(model.pattern), [], 0, futures, 0)
            return score - self.target_share * target

        result = race(len(legal), value, self.iterations, self.seconds, self.min_samples, self.z)
        self.last = result
        return result

    def _table_window_race(self, view: PlayerView, legal: Sequence[Action]) -> RaceResult:
        me = view.player
        options = view.state.players[me].options
        weights = self._table_weights
        guesses: list[tuple[list[SoloModel], list[int], list[list[int]]]] = []
        orders: list[tuple[int, ...]] = []

        def value(candidate: int, guess: int) -> float:
            if guess == len(guesses):
                state = determinize(view, self._rng.getrandbits(63))
                players = len(state.players)
                if not orders:
                    orders.extend(
                        state.rules.round_order(players, (state.start_player + k) % players)
                        for k in range(ROUNDS)
                    )
                seat_models: list[SoloModel] = []
                seat_favors: list[int] = []
                for seat in range(players):
                    player = state.players[seat]
                    if player.window is not None:
                        pattern = player.window.pattern
                    else:  # not chosen yet (the viewer's own is set by the candidate)
                        option = max(
                            range(len(player.options)),
                            key=lambda o: pattern_appeal(state, seat, o),
                        )
                        pattern = player.options[option]
                    seat_models.append(SoloModel(pattern, state.publics, player.privates, weights))
                    seat_favors.append(state.rules.favor_for(pattern))
                guesses.append((seat_models, seat_favors, future_pools(state, 0)))
            shared_models, shared_favors, futures = guesses[guess]
            pattern = options[A.ARG1[legal[candidate]]]
            models = list(shared_models)
            favors = list(shared_favors)
            models[me] = SoloModel(pattern, view.state.publics, models[me].privates, weights)
            favors[me] = view.state.rules.favor_for(pattern)
            scores = play_table(
                models,
                [Window(m.pattern) for m in models],
                favors,
                list(futures[0]),
                orders[0],
                futures[1:],
                orders[1:],
            )
            return table_result(scores, me, self.rivalry, self.win_bonus)

        result = race(len(legal), value, self.iterations, self.seconds, self.min_samples, self.z)
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
            return determinize(view, self._rng.getrandbits(63))

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

        result = self._solo_result(model) if state.config.solo else self._table_result(view)

        plans, race_result = race_plans(
            guess(0),
            guess,
            turn_over,
            rate,
            finish,
            result,
            self.width,
            PLAN_NODES,
            self.iterations,
            self.seconds,
            self.min_samples,
            self.z,
            firsts,
        )
        self.last = race_result
        return plans, race_result

    def _solo_result(self, model: SoloModel) -> Callable[[State], float]:
        """A solo playout's result: the final score less a share of the target, plus what
        the tools not used yet are worth."""
        share = self.target_share
        reserve = self.tool_reserve

        def result(position: State) -> float:
            score, target = play_on(model, position)
            value = score - share * target
            if not position.is_over:
                unused = position.tool_spent.count(False)
                turns = (ROUNDS - 1 - position.round) * TURNS_PER_ROUND + turns_left(position)
                value += kept_tools_worth(unused, turns, reserve)
            return value

        return result

    def _table_result(self, view: PlayerView) -> Callable[[State], float]:
        """A playout's result at a table (:func:`table_result`); the playouts know each seat's
        window and the private objective the guess gives it (the viewer's own is known)."""
        me = view.player
        state = view.state
        weights = self._table_weights
        patterns = []
        for player in state.players:
            assert player.window is not None
            patterns.append(player.window.pattern)
        models: dict[tuple[int, tuple[str, ...]], SoloModel] = {}
        rivalry = self.rivalry
        bonus = self.win_bonus

        def model_of(position: State, seat: int) -> SoloModel:
            privates = position.players[seat].privates
            key = (seat, tuple(o.id for o in privates))
            model = models.get(key)
            if model is None:
                model = SoloModel(patterns[seat], position.publics, privates, weights)
                models[key] = model
            return model

        def result(position: State) -> float:
            seats = range(len(position.players))
            scores = play_on_table([model_of(position, seat) for seat in seats], position)
            return table_result(scores, me, rivalry, bonus)

        return result

    # -- other games ---------------------------------------------------------------------------

    def _multiplayer(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self._search().choose(view, legal)

    def _search(self) -> MctsBot:
        """The search that plays the games the playouts cannot model, with the same budget."""
        if self._others is None:
            self._others = MctsBot(
                self._rng.getrandbits(63),
                iterations=self.iterations,
                seconds=self.seconds,
                name=self.name,
            )
        return self._others
