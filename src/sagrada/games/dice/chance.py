"""The dice game's chance model: how an adapter that chooses the game's chance itself plays it.

OpenSpiel's game (:mod:`sagrada.rl.openspiel`) makes every random event of the engine a chance
node of its own: each step of a shuffle of the deal, the start player, and for each die drawn
the die taken from the bag then its roll. It plays the engine through a generator of its own,
an :class:`~sagrada.core.rng.Rng` subclass that answers each draw with the outcome it chose
(``new_game(chance=...)``), so a game is exactly the engine's game. The entry names this model
(``GameEntry.chance``); the adapter reaches it only through the entry
(:class:`sagrada.entry.ChanceModel`).
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.rng import Rng
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import PlayerView, determinize

#: What a view's information state leaves out when it is an observation: the public history.
HISTORY_KEYS: Final = ("history", "actors", "rounds")


class DiceChance:
    """The dice game's :class:`~sagrada.entry.ChanceModel`."""

    def deal(self, config: GameConfig, chance: Rng) -> State:
        """A new game dealt through ``chance``
        (:func:`~sagrada.games.dice.rules.state.new_game`)."""
        return new_game(config, chance=chance)

    def use(self, state: State, chance: Rng) -> None:
        """Make ``chance`` the generator of ``state``'s next draws."""
        state.rng = chance

    def max_outcomes(self, config: GameConfig) -> int:
        """The most outcomes a chance node of a game with ``config`` can have: the dice of
        the bag, the longest deck shuffled, the seats, a die's six faces."""
        rules = config.rules
        decks = (rules.private_deck, rules.window_cards, rules.tool_deck, rules.public_deck)
        return max(5 * rules.dice_per_colour, config.players, 6, *(len(d) for d in decks))

    def config_of(self, view: PlayerView) -> GameConfig:
        """The configuration of the game ``view`` shows."""
        return view.state.config

    def guess(self, view: PlayerView, seed: int) -> State:
        """A state consistent with ``view``, its hidden parts guessed
        (:func:`~sagrada.games.dice.rules.views.determinize` with ``seed``)."""
        return determinize(view, seed)

    def information(self, view: PlayerView, perfect_recall: bool) -> dict[str, Any]:
        """The view's state as JSON-ready data (the viewer's own private objective, the bag's
        counts), with the public history of actions when ``perfect_recall``."""
        data: dict[str, Any] = view.state.snapshot()
        if not perfect_recall:
            for key in HISTORY_KEYS:
                data.pop(key)
        return data


#: The dice game's chance model (what its entry names).
DICE_CHANCE: Final = DiceChance()
