"""The dice game as an entry of the games registry (:mod:`sagrada.registry`).

:data:`DICE_GAME` describes the game as a whole, apart from any one play of it (as OpenSpiel
separates a ``Game`` from its ``State``s): its name, its options, how to start a state from a
configuration and a seed, the notation of its actions, the sizes an RL user needs, how to read
a record, and the result of a finished position.
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.options import OPTIONS, OptionSpec
from sagrada.games.dice.rules.actions import Action, action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.outcome import Outcome
from sagrada.games.dice.rules.record import GAME_NAME, GameRecord
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import PlayerView, make_view


class DiceGame:
    """Sagrada, the dice-drafting game (base game, solo and the 5 & 6 Player Expansion)."""

    name: Final = GAME_NAME
    title: Final = "Sagrada"
    record_format: Final = 2

    def options(self) -> tuple[OptionSpec, ...]:
        """Return the game's option schema, in declaration order."""
        return OPTIONS

    def config_from_json(self, data: Any) -> GameConfig:
        """Return the configuration written as JSON.

        Raises:
            ConfigError: naming the option at fault.
        """
        return GameConfig.from_json(data)

    def new_state(self, config: GameConfig, seed: int) -> State:
        """Start a game.

        Raises:
            ConfigError: if the seed is not in [0, 2**64).
        """
        return new_game(config, seed)

    def num_players(self, config: GameConfig) -> int:
        """Return the number of seats."""
        return config.players

    def num_distinct_actions(self, config: GameConfig) -> int:
        """Return the size of the action space of a game with ``config``."""
        return config.num_distinct_actions

    def max_game_length(self, config: GameConfig) -> int:
        """Return an upper bound on the decisions of a game with ``config``."""
        return config.max_game_length

    def parse_action(self, text: str) -> Action:
        """Return the action written ``text``.

        Raises:
            InvalidNotationError: naming what is wrong.
        """
        return parse_action(text)

    def action_to_str(self, action: Action) -> str:
        """Return the notation of ``action``."""
        return action_to_str(action)

    def read_record(self, data: Any) -> GameRecord:
        """Read a record of this game from parsed JSON.

        Raises:
            RecordError: naming the field at fault.
        """
        return GameRecord.from_json(data)

    def view(self, state: State, seat: int) -> PlayerView:
        """What ``seat`` may know of ``state`` (-1: a spectator)."""
        return make_view(state, seat)

    def record_of(self, state: State, seed: int) -> GameRecord:
        """The record of ``state``, a game started with ``seed``."""
        return GameRecord.of(state, seed)

    def outcome(self, state: State) -> Outcome:
        """Return the result of a finished game: scores, ranking and winners.

        Raises:
            ValueError: if the game is not over.
        """
        return state.outcome()


#: The dice game's registry entry.
DICE_GAME: Final = DiceGame()
