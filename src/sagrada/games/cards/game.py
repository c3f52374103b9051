"""The solo card game as an entry of the games registry (:mod:`sagrada.registry`), named
``"cards"``, and its records (``{"format": 2, "game": "cards", "config", "seed",
"actions"}``, read and written like the dice game's)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.options import OptionSpec
from sagrada.core.record import read_fields, record_text, replay_actions
from sagrada.games.cards import actions as A
from sagrada.games.cards.options import CARD_OPTIONS, CardOptions
from sagrada.games.cards.state import MAX_DECISIONS_PER_ROUND, CardOutcome, CardState, new_card_game
from sagrada.games.cards.views import CardView, make_card_view

#: The game's name in the registry and in records.
CARD_GAME_NAME: Final = "cards"
RECORD_FORMAT: Final = 2


@dataclass(frozen=True, slots=True)
class CardRecord:
    """A card game as options, seed and actions."""

    config: CardOptions
    seed: int
    actions: tuple[int, ...]

    @classmethod
    def of(cls, state: CardState, seed: int) -> CardRecord:
        """The record of ``state``, a game started with ``seed``."""
        return cls(state.config, seed, tuple(state.history))

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": RECORD_FORMAT,
            "game": CARD_GAME_NAME,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [A.action_to_str(a) for a in self.actions],
        }

    def dumps(self) -> str:
        """The record as JSON text, one action per line."""
        return record_text(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> CardRecord:
        """Read a record from parsed JSON.

        Raises:
            RecordError: naming the field or the action at fault.
        """
        config, seed, actions = read_fields(
            data, CARD_GAME_NAME, (RECORD_FORMAT,), CardOptions.from_json, A.parse_action
        )
        return cls(config, seed, actions)

    def replay(self, upto: int | None = None) -> CardState:
        """Play the record through (or its first ``upto`` actions).

        Raises:
            RecordError: naming the first illegal action and why.
        """
        return replay_actions(new_card_game(self.config, self.seed), self.actions[:upto])


class CardGame:
    """Sagrada, the solo card game."""

    name: Final = CARD_GAME_NAME
    title: Final = "Sagrada: the solo card game"

    def options(self) -> tuple[OptionSpec, ...]:
        return CARD_OPTIONS

    def config_from_json(self, data: Any) -> CardOptions:
        return CardOptions.from_json(data)

    def new_state(self, config: CardOptions, seed: int) -> CardState:
        return new_card_game(config, seed)

    def num_players(self, config: CardOptions) -> int:
        return 1

    def num_distinct_actions(self, config: CardOptions) -> int:
        return A.NUM_ACTIONS

    def max_game_length(self, config: CardOptions) -> int:
        return A.ROUNDS * MAX_DECISIONS_PER_ROUND

    def parse_action(self, text: str) -> int:
        return A.parse_action(text)

    def action_to_str(self, action: int) -> str:
        return A.action_to_str(action)

    def read_record(self, data: Any) -> CardRecord:
        return CardRecord.from_json(data)

    def outcome(self, state: CardState) -> CardOutcome:
        return state.outcome()

    def view(self, state: CardState, seat: int) -> CardView:
        return make_card_view(state, seat)

    def record_of(self, state: CardState, seed: int) -> CardRecord:
        return CardRecord.of(state, seed)


#: The card game's registry entry.
CARD_GAME: Final = CardGame()
