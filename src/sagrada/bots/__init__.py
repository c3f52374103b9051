"""Players that decide from a view: the bot protocol and the bots that ship with the engine.

A bot sees only a :class:`~sagrada.core.views.PlayerView` and the legal actions, never the
game state itself, so it cannot read another player's private objective or the bag.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from sagrada.core.actions import Action
from sagrada.core.views import PlayerView


class Bot(Protocol):
    """Anything that chooses an action from a view."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``, the legal actions at the view's decision."""
        ...


class RandomBot:
    """Chooses a uniformly random legal action (the baseline, and the benchmark's player)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return a uniformly random legal action."""
        return self._rng.choice(legal)


#: Bots by name, each built from a seed.
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """Return a new bot called ``name``.

    Raises:
        KeyError: naming the known bots if ``name`` is not one of them.
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise KeyError(f"no bot named {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)
