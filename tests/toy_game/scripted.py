"""A generator for the toy game's tests whose rolls are chosen by hand."""

from __future__ import annotations

from sagrada.core.rng import Rng
from toy_game.options import ToyOptions
from toy_game.state import ToyState, new_toy_game


class ScriptedRolls(Rng):
    """A generator that rolls the given values, in order (and nothing else)."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def roll(self) -> int:
        return self.rolls.pop(0)

    def copy(self) -> ScriptedRolls:
        return ScriptedRolls(*self.rolls)


def scripted_game(*rolls: int, **options: int) -> ToyState:
    """A toy game with ``options`` whose rolls are ``rolls``: seat 0's die, seat 1's, then
    the rolls again in the order they are made."""
    return new_toy_game(ToyOptions(**options), 0, ScriptedRolls(*rolls))
