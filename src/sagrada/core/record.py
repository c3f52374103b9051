"""Game records as every game writes them: ``{format, game, config, seed, actions}`` as JSON,
read field by field, written one action per line, and replayed.

A record is the whole truth of a game: the game's name, its configuration, the seed of its
chance and the actions in text notation. Replaying it gives the identical state. Each game
reads and writes its own records with these (the dice game's:
:class:`sagrada.games.dice.rules.record.GameRecord`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from sagrada.core.errors import ConfigError, IllegalActionError, InvalidNotationError, RecordError
from sagrada.core.rng import check_seed

_C = TypeVar("_C")


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
