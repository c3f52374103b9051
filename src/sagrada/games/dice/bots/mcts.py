"""The Monte Carlo tree search bot.

Each iteration guesses the hidden information afresh (other players' private objectives, the bag's
future) with :func:`sagrada.games.dice.rules.views.determinize`, walks down a tree of actions
shared by all
guesses (information-set MCTS: a child's statistics count how often it was available), adds one
node, plays the game out with the cheap policy of :mod:`sagrada.games.dice.bots.playout`, and backs
up each player's reward (a win, plus a small share of its points less a share of the best rival's).
Each node also sums the mover's points (the final score, or in solo the margin over the target; the
evaluation where a playout stops early), so that :meth:`MctsBot.rank` can compare what the actions
at the root are expected to bring (a hint).

To keep the tree narrow, a node considers only its most promising actions: at the root the
greedy bot's ranking (a tool card rated by its best use), below it the playout policy's.
The budget is a number of iterations or of seconds per decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from sagrada.games.dice.bots.greedy import GreedyBot
from sagrada.games.dice.bots.heuristic import Evaluator, final_scale_evaluate, pattern_appeal
from sagrada.games.dice.bots.playout import play_out, policy_action
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.state import Phase, State
from sagrada.games.dice.rules.views import PlayerView, determinize
from sagrada.search.advice import HINT_COUNT, RatedAction
from sagrada.search.budget import Budget

#: Weight of the score margin in the reward, next to 1 for a win.
MARGIN_WEIGHT = 0.02
#: How much the best other player's points count against a player's own in the reward: 1 would
#: be the pure margin, 0 plain points. 0.3 won as often as 1.0 and scored 3 points more a game
#: (docs/bots.md): a player who plays only against the others forgets to build a window.
RIVALRY = 0.3

#: A policy for the window choice at setup: the view and the legal options to one of them.
WindowChoice = Callable[[PlayerView, Sequence[Action]], Action]


def appeal_choice(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The window option of the best setup rating (:func:`pattern_appeal`; ties: the first)."""
    return max(legal, key=lambda a: pattern_appeal(view.state, view.player, A.ARG1[a]))


class _Node:
    __slots__ = ("available", "children", "points", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.points = 0.0


def _against_rivals(values: Sequence[float], rivalry: float) -> list[float]:
    """Each player's value minus ``rivalry`` times the best value among the others."""
    return [
        value - rivalry * max(v for s, v in enumerate(values) if s != seat)
        for seat, value in enumerate(values)
    ]


def rewards(state: State, rivalry: float = RIVALRY) -> list[float]:
    """Return each player's reward for a finished game: a win plus the score margin."""
    return _finished(state, rivalry)[0]


def _finished(state: State, rivalry: float) -> tuple[list[float], list[float]]:
    """Each player's reward for a finished game, and their points (solo: the margin over the
    target)."""
    outcome = state.outcome()
    totals = [float(s.total) for s in outcome.scores]
    if outcome.target is not None:
        margin = totals[0] - outcome.target
        return [(1.0 if outcome.winners else 0.0) + MARGIN_WEIGHT * margin], [margin]
    return [
        (1.0 if seat in outcome.winners else 0.0) + MARGIN_WEIGHT * difference
        for seat, difference in enumerate(_against_rivals(totals, rivalry))
    ], totals


def estimated_rewards(
    state: State, evaluator: Evaluator = final_scale_evaluate, rivalry: float = RIVALRY
) -> list[float]:
    """Each player's reward for an unfinished game, from the estimates of ``evaluator``
    (final scores; solo: the final margin over the target)."""
    return _estimated(state, evaluator, rivalry)[0]


def _estimated(
    state: State, evaluator: Evaluator, rivalry: float
) -> tuple[list[float], list[float]]:
    """Each player's reward for an unfinished game, and the estimates it comes from."""
    values = [evaluator(state, seat) for seat in range(len(state.players))]
    if state.config.solo:
        return [0.5 + MARGIN_WEIGHT * 2 * values[0]], values
    return [0.5 + MARGIN_WEIGHT * 2 * d for d in _against_rivals(values, rivalry)], values


class MctsBot:
    """Information-set Monte Carlo tree search with a budget per decision.

    Args:
        seed: seed of the bot's own randomness (guesses, playouts, ties).
        iterations: the most iterations per decision.
        seconds: the most time per decision (checked between iterations).
        width: how many actions each node considers.
        exploration: the UCB exploration constant.
        horizon: rounds to play out before the evaluation rates the position (``None``: to
            the end of the game).
        name: the bot's name in results.
        evaluator: rates unfinished positions on the scale of final scores (solo: margins).
        rivalry: how much the best other player's points count against one's own.
        window_choice: how the window is chosen at setup (without searching).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        width: int = 8,
        exploration: float = 0.25,
        horizon: int | None = 1,
        name: str = "mcts",
        evaluator: Evaluator = final_scale_evaluate,
        rivalry: float = RIVALRY,
        window_choice: WindowChoice = appeal_choice,
    ) -> None:
        self.name = name
        self.budget = Budget(iterations, seconds)
        self.width = width
        self.exploration = exploration
        self.horizon = horizon
        self.evaluator = evaluator
        self.rivalry = rivalry
        self.window_choice = window_choice
        self._rng = random.Random(seed)
        self.last_iterations = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return the most visited action of the search."""
        if len(legal) == 1:
            return legal[0]
        if view.state.phase == Phase.SETUP:
            return self.window_choice(view, legal)
        root_candidates = self._root_candidates(view, legal)
        if len(root_candidates) == 1:
            return root_candidates[0]
        root = self._search(view, root_candidates)
        best = max(
            root_candidates, key=lambda a: root.children[a].visits if a in root.children else -1
        )
        return best

    def rank(
        self, view: PlayerView, legal: Sequence[Action], count: int = HINT_COUNT
    ) -> list[RatedAction]:
        """Search as :meth:`choose` does (at the window choice too, and a single action) and
        return the ``count`` root actions of the best mean points, each with its simulations
        and its mean against the best's (scale ``relative``: the evaluation a round ahead
        compares actions in points, but counts open spaces as lost, so it is no final score);
        ties: more simulations, then the lower code.

        :meth:`choose` plays the most simulated action, whose reward also weighs the best
        rival's points and a win: it is nearly always the first of this ranking, not always.
        """
        candidates = self._root_candidates(view, legal)
        root = self._search(view, candidates)
        means = [
            (child.points / child.visits, child.visits, action)
            for action, child in root.children.items()
            if child.visits > 0
        ]
        means.sort(key=lambda m: (-m[0], -m[1], m[2]))
        best = means[0][0]
        return [
            RatedAction(action, mean - best, "relative", visits, "simulations")
            for mean, visits, action in means[:count]
        ]

    def _search(self, view: PlayerView, root_candidates: list[Action]) -> _Node:
        """Run the search from ``view`` over the root's candidates; return the root."""
        rng = self._rng
        root = _Node()
        spending = self.budget.start()
        done = 0
        while done < spending.limit and (done == 0 or not spending.time_is_up()):
            state = determinize(view, rng.getrandbits(63))
            self._iterate(root, state, root_candidates, rng)
            done += 1
        self.last_iterations = done
        return root

    def _root_candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The root's actions worth searching: the greedy ranking's best ``width``."""
        if len(legal) <= self.width:
            return list(legal)
        state = determinize(view, self._rng.getrandbits(63))
        ranker = GreedyBot(evaluator=self.evaluator)
        budget = [2000]
        scored = sorted(
            legal, key=lambda a: ranker.value_after(state, a, view.player, budget), reverse=True
        )
        return scored[: self.width]

    def _candidates(self, state: State, rng: random.Random) -> list[Action]:
        legal = state.legal_actions()
        if len(legal) <= self.width:
            return legal
        # The playout policy's favourite, then a random sample: a cheap, varied shortlist.
        first = policy_action(state, rng)
        others = [a for a in legal if a != first]
        # (random.Random's sample and choice are Python; its random() is C)
        rand = rng.random
        count = self.width - 1
        for i in range(count):  # the first ``count`` of a random shuffle
            j = i + int(rand() * (len(others) - i))
            others[i], others[j] = others[j], others[i]
        return [first, *others[:count]]

    def _iterate(
        self, root: _Node, state: State, root_candidates: list[Action], rng: random.Random
    ) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        candidates = root_candidates
        while True:
            mover = state.current
            untried = []
            children = node.children
            for action in candidates:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = untried[0] if node is root else untried[int(rng.random() * len(untried))]
                child = node.children[action] = _Node()
                child.available = 1
                state.apply(action)
                path.append((child, mover))
                break
            best_value = -math.inf
            action = candidates[0]
            for a in candidates:
                child = node.children[a]
                # Information-set UCB: a child's exploration term grows with how often it was
                # available, not with its parent's visits (it is absent from some guesses).
                value = child.reward / child.visits + self.exploration * math.sqrt(
                    math.log(max(child.available, 1)) / child.visits
                )
                if value > best_value:
                    best_value = value
                    action = a
            node = node.children[action]
            state.apply(action)
            path.append((node, mover))
            if state.is_over:
                break
            candidates = self._candidates(state, rng)
        if self.horizon is None:
            play_out(state, rng)
            result, points = _finished(state, self.rivalry)
        else:
            stop = state.round + self.horizon
            while not state.is_over and state.round < stop:
                state.apply(policy_action(state, rng))
            result, points = (
                _finished(state, self.rivalry)
                if state.is_over
                else _estimated(state, self.evaluator, self.rivalry)
            )
        for child, mover in path:
            child.visits += 1
            child.reward += result[mover]
            child.points += points[mover]
