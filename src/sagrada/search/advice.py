"""Advice: the actions a bot rates best at a position, each with its estimate (a hint).

Each game's hint bot (the strongest: :class:`~sagrada.games.dice.bots.planner.PlannerBot` for the
dice game, :class:`~sagrada.games.cards.bots.PlanCardBot` for the solo card game) is an
:class:`Adviser`: besides choosing an action it ranks the legal actions and rates the best few.
Adapters (the terminal, ``sagrada hint``, the server's hint) show the ranking without knowing which
game or bot made it.

A value is in points, for the player to move, on one of two scales:

============  ===========================================================================
``margin``    the final score the bot expects less the target (above 0: a win expected)
``relative``  what the bot expects the action to bring compared with the best action: 0 for
              the best, negative for the others (for a bot whose estimates compare actions
              well but are no final score, such as the dice game's: the planner's results
              weigh the target or the best rival's points and a win, the search rates the
              window a round ahead, its open spaces counted as lost)
============  ===========================================================================

What backs a value (its *basis*): ``simulations``, the simulated continuations that began with
the action (the planner's playouts, the search's iterations), or ``positions``, the positions
the card game's plan bot looked at after the action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, TypeAlias

#: How many actions a hint names (fewer when fewer are legal).
HINT_COUNT: Final = 3

Scale: TypeAlias = Literal["margin", "relative"]
Basis: TypeAlias = Literal["simulations", "positions"]


@dataclass(frozen=True, slots=True)
class RatedAction:
    """An action with the value a bot expects from it.

    Attributes:
        action: the action's code.
        value: the expected points on the ``scale``, for the player to move.
        scale: ``"margin"`` (the final score less the target) or ``"relative"`` (against the
            best action: 0 for the best).
        samples: how many of the ``basis`` back the value (at least 1).
        basis: ``"simulations"`` (a search's continuations through the action) or
            ``"positions"`` (the positions a planner looked at after it).
    """

    action: int
    value: float
    scale: Scale
    samples: int
    basis: Basis


class Adviser(Protocol):
    """A bot that rates the legal actions at a position as well as choosing one."""

    name: str

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        """Return one of ``legal``."""
        ...

    def rank(self, view: Any, legal: Sequence[int], count: int = HINT_COUNT) -> list[RatedAction]:
        """Return the best ``count`` of ``legal`` (fewer if fewer are legal), best first, with
        the value each is expected to bring: sorted by value, all on one scale."""
        ...


__all__ = ["HINT_COUNT", "Adviser", "Basis", "RatedAction", "Scale"]
