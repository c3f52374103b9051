"""The greedy bot: the best immediate result of each decision, by the heuristic estimate.

At each decision it tries every legal action on a guess of the hidden information (see
:func:`sagrada.games.dice.rules.views.determinize`) and keeps the one whose result the heuristic
rates best. A tool card is looked at as a whole: the bot searches through the card's own steps
(which die, +1 or -1, where to place it, ...) so that starting a tool is worth what its best
use is worth, favor tokens spent included. Noise (for the ``easy`` level) picks among the
near-best actions at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sagrada.games.dice.bots.heuristic import Evaluator, evaluate, pattern_appeal
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.state import Phase, State
from sagrada.games.dice.rules.views import PlayerView, determinize

#: How many states one decision may evaluate inside a tool's steps before it stops looking deeper.
NODE_BUDGET = 4000


class GreedyBot:
    """One-ply search with a heuristic evaluation; optional noise for weaker play."""

    def __init__(
        self,
        seed: int = 0,
        noise: float = 0.0,
        name: str = "greedy",
        evaluator: Evaluator | None = None,
    ) -> None:
        self.name = name
        self._evaluate = evaluator if evaluator is not None else evaluate
        self._rng = random.Random(seed)
        self._noise = noise

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return the legal action with the best estimated result."""
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, self._rng.randrange(2**63))
        player = view.player
        if state.phase == Phase.SETUP:
            scores = {a: pattern_appeal(state, player, A.ARG1[a]) for a in legal}
        else:
            budget = [NODE_BUDGET]
            scores = {a: self.value_after(state, a, player, budget) for a in legal}
        return self._pick(scores)

    def _pick(self, scores: dict[Action, float]) -> Action:
        best = max(scores.values())
        if self._noise > 0:
            near = [a for a, s in scores.items() if s >= best - self._noise * 4]
            return self._rng.choice(near)
        # Ties: prefer the lowest code (pass last only if strictly equal, as codes sort it first).
        candidates = [a for a, s in scores.items() if s == best]
        if len(candidates) > 1 and A.PASS in candidates:
            candidates.remove(A.PASS)
        return candidates[0]

    def value_after(self, state: State, action: Action, player: int, budget: list[int]) -> float:
        """Rate ``action`` for ``player`` by the estimate of its result (inside a tool card or
        a rule module's step, of its best complete continuation, such as where a masterwork
        die goes); ``budget`` counts down the states looked at."""
        child = state.clone()
        child.apply(action)
        budget[0] -= 1
        inside = child.tool_slot >= 0 or bool(child.step)
        if child.current != player or not inside or child.is_over or budget[0] <= 0:
            return self._evaluate(child, player)
        # Still inside a tool card or a step: it is worth its best continuation.
        return max(self.value_after(child, a, player, budget) for a in child.legal_actions())
