"""The toy game's chance model (:class:`sagrada.entry.ChanceModel`): how an adapter that
chooses the game's chance itself plays it (OpenSpiel's explicit chance nodes: each roll a
node of six outcomes, the two dice of the deal first), guesses a game from a view and says
what a view's information state is."""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.rng import Rng
from toy_game.options import ToyOptions
from toy_game.state import ToyState, new_toy_game
from toy_game.views import ToyView, guess_state


class ToyChance:
    """The toy game's chance model."""

    def deal(self, config: ToyOptions, chance: Rng) -> ToyState:
        """A new game whose dice are rolled through ``chance``."""
        return new_toy_game(config, 0, chance)

    def use(self, state: ToyState, chance: Rng) -> None:
        """Make ``chance`` the generator of ``state``'s next rolls."""
        state.rng = chance

    def max_outcomes(self, config: ToyOptions) -> int:
        """A die's six faces."""
        return 6

    def config_of(self, view: ToyView) -> ToyOptions:
        return view.state.config

    def guess(self, view: ToyView, seed: int) -> ToyState:
        """A game consistent with ``view``, the unseen dice rolled with ``seed``."""
        return guess_state(view, seed)

    def information(self, view: ToyView, perfect_recall: bool) -> dict[str, Any]:
        """The view as JSON-ready data, with the public history when ``perfect_recall``."""
        data = view.to_json()
        if not perfect_recall:
            data.pop("history")
        return data


#: The toy game's chance model, as its entry names it.
TOY_CHANCE: Final = ToyChance()
