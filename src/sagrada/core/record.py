"""Game records: ``{format, game, config, seed, actions}`` as JSON, and replaying them.

A record is the whole truth of a game: the game's name, its configuration, the seed of its
chance and the actions in text notation. Replaying it gives the identical state.

Format 2 (written since the games registry) names the game (``"game": "sagrada"``); format 1
records, written before, have no game name and are read as records of the dice game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from sagrada.core.actions import Action, action_to_str, parse_action
from sagrada.core.config import GameConfig
from sagrada.core.errors import ConfigError, IllegalActionError, InvalidNotationError, RecordError
from sagrada.core.rng import check_seed
from sagrada.core.state import State, new_game

#: The format written; :data:`READABLE_FORMATS` are read.
FORMAT_VERSION: Final = 2
READABLE_FORMATS: Final = (1, 2)
_C = TypeVar("_C")

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


class Replayable(Protocol):
    """A state actions are applied to (any game's)."""

    def apply(self, action: int) -> None: ...


_S = TypeVar("_S", bound=Replayable)


def replay_actions(state: _S, actions: Sequence[int]) -> _S:
    """Apply a record's ``actions`` to the new ``state`` (any game's) and return it.

    Raises:
        RecordError: naming the index of the first illegal action and the rule it breaks.
    """
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"action {index} ({exc.action}): {exc.rule}") from None
    return state


def record_text(data: dict[str, Any]) -> str:
    """A record's JSON text (any game's), one action per line for readable diffs."""
    lines = [
        "{",
        f'  "format": {data["format"]},',
        f'  "game": {json.dumps(data["game"])},',
        f'  "config": {json.dumps(data["config"])},',
        f'  "seed": {data["seed"]},',
    ]
    texts = [json.dumps(t) for t in data["actions"]]
    if not texts:
        lines.append('  "actions": []')
    else:
        lines.append('  "actions": [')
        lines.extend(f"    {t}," for t in texts[:-1])
        lines.append(f"    {texts[-1]}")
        lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def read_fields(
    data: Any,
    game: str,
    formats: tuple[int, ...],
    config_from_json: Callable[[Any], _C],
    parse: Callable[[str], int],
) -> tuple[_C, int, tuple[int, ...]]:
    """Read the configuration, seed and actions of a record of ``game`` (any game's: its
    configuration and notation readers given).

    Raises:
        RecordError: naming the field or the action (by index) at fault.
    """
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    version = data.get("format")
    if isinstance(version, bool) or version not in formats:
        allowed = " or ".join(map(str, formats))
        raise RecordError(f"format must be {allowed}, got {data.get('format')!r}")
    fields = {"format", "config", "seed", "actions"} | ({"game"} if version >= 2 else set())
    unknown = sorted(set(data) - fields)
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r} in a format {version} game record")
    if version >= 2 and data.get("game") != game:
        raise RecordError(f"game must be {game!r} here, got {data.get('game')!r}")
    try:
        seed = check_seed(data.get("seed"))
    except ConfigError as exc:
        raise RecordError(str(exc)) from None
    try:
        config = config_from_json(data.get("config"))
    except (ConfigError, TypeError) as refused:
        raise RecordError(f"config: {refused}") from None
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise RecordError("actions must be a list of action strings")
    actions = []
    for index, text in enumerate(raw):
        if not isinstance(text, str):
            raise RecordError(f"action {index}: {text!r} is not a string")
        try:
            actions.append(parse(text))
        except InvalidNotationError as bad:
            raise RecordError(f"action {index}: {bad}") from None
    return config, seed, tuple(actions)


def parse_json(text: str) -> Any:
    """Parse the JSON text of a record.

    Raises:
        RecordError: if the text is not valid JSON (saying where), holds a number too long to
            read, or is nested too deeply.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as unreadable:  # a number too long to read
        raise RecordError(f"not a readable record: {unreadable}") from None
    except RecursionError:
        raise RecordError("not a readable record: nested too deeply") from None
