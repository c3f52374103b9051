"""The toy game as a game of the registry, named ``"toy"``, and its records
(``{"format": 2, "game": "toy", "config", "seed", "actions"}``, read and written with the
platform's record kit, :mod:`sagrada.core.record`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.options import OptionSpec
from sagrada.core.record import read_fields, record_text, replay_actions
from toy_game.options import ToyOptions, toy_options
from toy_game.state import (
    NUM_ACTIONS,
    PLAYERS,
    ROUNDS,
    ToyOutcome,
    ToyState,
    action_to_str,
    new_toy_game,
    parse_action,
)
from toy_game.views import ToyView, make_toy_view

#: The game's name in the registry, in records and on the command line.
TOY_GAME_NAME: Final = "toy"
RECORD_FORMAT: Final = 2


@dataclass(frozen=True, slots=True)
class ToyRecord:
    """A toy game as options, seed and actions."""

    config: ToyOptions
    seed: int
    actions: tuple[int, ...]

    @classmethod
    def of(cls, state: ToyState, seed: int) -> ToyRecord:
        """The record of ``state``, a game started with ``seed``."""
        return cls(state.config, seed, tuple(state.history))

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": RECORD_FORMAT,
            "game": TOY_GAME_NAME,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [action_to_str(a) for a in self.actions],
        }

    def dumps(self) -> str:
        """The record as JSON text, one action per line."""
        return record_text(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> ToyRecord:
        """Read a record from parsed JSON.

        Raises:
            RecordError: naming the field or the action at fault.
        """
        config, seed, actions = read_fields(
            data, TOY_GAME_NAME, (RECORD_FORMAT,), ToyOptions.from_json, parse_action
        )
        return cls(config, seed, actions)

    def replay(self, upto: int | None = None) -> ToyState:
        """Play the record through (or its first ``upto`` actions).

        Raises:
            RecordError: naming the first illegal action and why.
        """
        return replay_actions(new_toy_game(self.config, self.seed), self.actions[:upto])


class ToyGame:
    """Secret dice, the toy game."""

    name: Final = TOY_GAME_NAME
    title: Final = "Secret dice (a toy game)"

    def options(self) -> tuple[OptionSpec, ...]:
        return toy_options()

    def config_from_json(self, data: Any) -> ToyOptions:
        return ToyOptions.from_json(data)

    def new_state(self, config: ToyOptions, seed: int) -> ToyState:
        return new_toy_game(config, seed)

    def num_players(self, config: ToyOptions) -> int:
        return PLAYERS

    def num_distinct_actions(self, config: ToyOptions) -> int:
        return NUM_ACTIONS

    def max_game_length(self, config: ToyOptions) -> int:
        return ROUNDS * PLAYERS

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def action_to_str(self, action: int) -> str:
        return action_to_str(action)

    def read_record(self, data: Any) -> ToyRecord:
        return ToyRecord.from_json(data)

    def outcome(self, state: ToyState) -> ToyOutcome:
        return state.outcome()

    def view(self, state: ToyState, seat: int) -> ToyView:
        return make_toy_view(state, seat)

    def record_of(self, state: ToyState, seed: int) -> ToyRecord:
        return ToyRecord.of(state, seed)


#: The toy game, as its entry names it.
TOY_GAME: Final = ToyGame()
