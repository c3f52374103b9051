"""The toy game's bots: ``random`` and ``greedy``, the hint bot.

They decide from a view (:func:`toy_game.views.make_toy_view`): their own die, never the
other's, nor the game's generator.

* ``random``: any legal action, uniformly.
* ``greedy``: the action with the higher expected gain in points: ``take`` gains
  ``take_points``; ``roll`` gains ``3.5 - die`` on average (a fresh die is 3.5 on average).
  It rolls a 1 or a 2 when a take gives 1 point, only a 1 when it gives 2 (the two never tie:
  ``3.5 - die`` is never whole). As the hint bot (:class:`~sagrada.search.advice.Adviser`) it
  ranks the actions by that gain against the best (the ``relative`` scale), backed by the
  positions after each (one after a take, six after a roll).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from sagrada.search.advice import HINT_COUNT, RatedAction
from toy_game.state import ROLL, TAKE
from toy_game.views import ToyView

#: The bots by name.
TOY_BOT_NAMES: Final = ("random", "greedy")
#: A fresh die's mean.
MEAN_ROLL: Final = 3.5


class RandomToyBot:
    """Any legal action, uniformly."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, view: ToyView, legal: Sequence[int]) -> int:
        return self._rng.choice(list(legal))


class GreedyToyBot:
    """The action with the higher expected gain (the module's documentation)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"

    def choose(self, view: ToyView, legal: Sequence[int]) -> int:
        return self.rank(view, legal, 1)[0].action

    def rank(
        self, view: ToyView, legal: Sequence[int], count: int = HINT_COUNT
    ) -> list[RatedAction]:
        """The legal actions by expected gain, best first, each against the best."""
        gains = {action: self.gain(view, action) for action in legal}
        best = max(gains.values())
        ranked = sorted(legal, key=lambda action: -gains[action])
        return [
            RatedAction(
                action, gains[action] - best, "relative", 6 if action == ROLL else 1, "positions"
            )
            for action in ranked[:count]
        ]

    @staticmethod
    def gain(view: ToyView, action: int) -> float:
        """The points ``action`` gains on average for the viewer."""
        if action == TAKE:
            return float(view.state.config.take_points)
        return MEAN_ROLL - view.state.dice[view.player]


def make_toy_bot(spec: str, seed: int = 0) -> RandomToyBot | GreedyToyBot:
    """A toy bot from its spec: ``random`` or ``greedy``.

    Raises:
        ValueError: naming the bots there are.
    """
    name = spec.strip().lower()
    if name == "random":
        return RandomToyBot(seed)
    if name == "greedy":
        return GreedyToyBot(seed)
    raise ValueError(f"no toy bot called {spec!r} (the bots: {', '.join(TOY_BOT_NAMES)})")


def hint_bot(
    seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> GreedyToyBot:
    """The hint bot, ``greedy`` (it reckons exactly: no budget to take)."""
    return GreedyToyBot(seed)
