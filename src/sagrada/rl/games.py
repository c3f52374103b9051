"""What the RL adapters take of a game: its entry in the registry, nothing else.

The environments and the OpenSpiel game know a game only through its
:class:`~sagrada.entry.GameEntry` (:mod:`sagrada.registry`): its rules (``entry.game``: the
configuration from options, new states, views, sizes, notation, results), its observation
encoder (``entry.encoder``, loaded by :func:`encoder_for`) and, for OpenSpiel's explicit
chance, its chance model (``entry.chance``). None of them imports a game's modules.

Besides :class:`~sagrada.entry.GameState`, the adapters read of a state its
``describe_decision()`` (what ``render`` shows), and of a finished game's result
(``game.outcome(state)``) what :class:`Result` names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sagrada.encoding_kit import Encoder
from sagrada.entry import GameEntry, GameState, load
from sagrada.registry import default_game, entry


class PlayedState(GameState, Protocol):
    """What the adapters ask of a game's state: a :class:`~sagrada.entry.GameState` that
    says what its decision is."""

    def describe_decision(self) -> object:
        """The decision to take now, for people (its ``str``)."""
        ...


class Score(Protocol):
    """A seat's score breakdown, of which the adapters read the total."""

    @property
    def total(self) -> int:
        """The seat's points."""
        ...


class Result(Protocol):
    """What the adapters read of a finished game's result (``game.outcome(state)``)."""

    @property
    def winners(self) -> Sequence[int]:
        """The seats that won (solo: the player's, ``0``, when the score beat the target)."""
        ...

    @property
    def scores(self) -> Sequence[Score]:
        """Each seat's score."""
        ...

    @property
    def target(self) -> int | None:
        """Solo: the score to beat; else ``None``."""
        ...


def entry_of(game: str | None) -> GameEntry[Any, Any, Any]:
    """The entry of the game called ``game`` (``None``: the registry's default game).

    Raises:
        KeyError: naming the games there are.
    """
    return entry(default_game() if game is None else game)


def encoder_for(game: GameEntry[Any, Any, Any], config: Any) -> Encoder:
    """The observation encoder of ``game`` for ``config`` (loaded through ``game.encoder``).

    Raises:
        ValueError: if the game has no encoder.
    """
    if not game.encoder:
        raise ValueError(f"the game {game.name!r} has no observation encoder")
    encoder: Encoder = load(game.encoder)(config)
    return encoder
