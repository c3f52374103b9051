"""The dice game's records: ``{format, game, config, seed, actions}`` as JSON, and replaying
them (read and written with the kit's :mod:`sagrada.core.record`).

Format 2 (written since the games registry) names the game (``"game": "sagrada"``); format 1
records, written before, have no game name and are read as records of the dice game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.record import parse_json, read_fields, record_text, replay_actions
from sagrada.games.dice.rules.actions import Action, action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import State, new_game

#: The format written; :data:`READABLE_FORMATS` are read.
FORMAT_VERSION: Final = 2
READABLE_FORMATS: Final = (1, 2)

#: The name of the dice game in the games registry and in records.
GAME_NAME: Final = "sagrada"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as configuration, seed and actions."""

    config: GameConfig
    seed: int
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, state: State, seed: int) -> GameRecord:
        """Return the record of ``state``, a game started with ``seed``."""
        return cls(state.config, seed, tuple(state.history))

    def to_json(self) -> dict[str, Any]:
        """Return the record as a JSON-ready dict."""
        return {
            "format": FORMAT_VERSION,
            "game": GAME_NAME,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [action_to_str(a) for a in self.actions],
        }

    def dumps(self) -> str:
        """Return the record as JSON text, one action per line for readable diffs."""
        return record_text(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record from a parsed JSON value.

        Raises:
            RecordError: naming the field or the action (by index) at fault.
        """
        config, seed, actions = read_fields(
            data, GAME_NAME, READABLE_FORMATS, GameConfig.from_json, parse_action
        )
        return cls(config, seed, actions)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Read a record from JSON text.

        Raises:
            RecordError: if the text is not valid JSON or not a valid record.
        """
        return cls.from_json(parse_json(text))

    def replay(self, upto: int | None = None) -> State:
        """Play the record through (or its first ``upto`` actions) and return the state.

        Raises:
            RecordError: naming the index of the first illegal action and the rule it breaks.
        """
        return replay_actions(new_game(self.config, self.seed), self.actions[:upto])
