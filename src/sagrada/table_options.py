"""The options of the table a game is played at on the server, each declared once.

Besides a game's own options (:mod:`sagrada.core.options`, :mod:`sagrada.games.cards.options`),
a game created on the server has options of its table: a person's time for a turn
(``turn_seconds``: the game's stand-in bot plays a turn whose time ran out) and ``hints`` (the
game's hint bot's best actions, on request). Each is a :class:`TableOption`: its type, its
default, the values it takes, the values a form offers, and its label and help as message ids.
Each game's bots say which of them the game is offered with
(:attr:`sagrada.registry.GameBots.table`); from those come the server's request models
(``sagrada.web.models``), ``GET /api/options/table`` and the lobby's controls
(docs/web-api.md).

>>> TURN_SECONDS.to_json()["presets"][1]
{'value': 180, 'label': '3 minutes', 'label_id': 'table.turn_seconds.three_minutes'}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from sagrada.core.messages import template

#: The turn limits a game may have, in seconds (ten seconds to a week).
MIN_TURN_SECONDS: Final = 10
MAX_TURN_SECONDS: Final = 7 * 24 * 3600


@dataclass(frozen=True, slots=True)
class Preset:
    """A value a form offers for a table option, with its words (a message id)."""

    value: int | None
    label_id: str

    def to_json(self) -> dict[str, Any]:
        """The preset as a JSON-ready dict: value, label (in English) and label id."""
        return {"value": self.value, "label": template(self.label_id), "label_id": self.label_id}


@dataclass(frozen=True, slots=True)
class TableOption:
    """One option of a game's table.

    Attributes:
        name: the request field (``turn_seconds``).
        type: ``"int"`` or ``"bool"``.
        default: the value when a request leaves the option out.
        label_id: the message id of a form's label for it.
        help_id: the message id of what it does.
        nullable: whether null is allowed (for ``turn_seconds``: no limit).
        minimum / maximum: the range of a whole number.
        presets: the values a form offers, each with its words; any value in the range is
            accepted.
    """

    name: str
    type: str
    default: Any
    label_id: str
    help_id: str
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    presets: tuple[Preset, ...] = ()

    def __post_init__(self) -> None:
        for preset in self.presets:
            if not self.allows(preset.value):
                raise ValueError(f"{self.name}: the preset {preset.value!r} is not allowed")
        if not self.allows(self.default):
            raise ValueError(f"{self.name}: the default {self.default!r} is not allowed")

    @property
    def label(self) -> str:
        """The label, in English."""
        return template(self.label_id)

    @property
    def help(self) -> str:
        """What the option does, in English."""
        return template(self.help_id)

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is a value of the option (the request models refuse the others,
        saying why)."""
        if value is None:
            return self.nullable
        if self.type == "bool":
            return isinstance(value, bool)
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high

    def message_ids(self) -> tuple[str, ...]:
        """Every message id the option names (label, help, the presets' words)."""
        return (self.label_id, self.help_id, *(preset.label_id for preset in self.presets))

    def to_json(self) -> dict[str, Any]:
        """The option as a JSON-ready dict, in the shape of a game option's schema (name,
        type, default, label, help, their ids, nullable; the range and presets where they
        apply)."""
        data: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "label": self.label,
            "help": self.help,
            "label_id": self.label_id,
            "help_id": self.help_id,
            "nullable": self.nullable,
        }
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.presets:
            data["presets"] = [preset.to_json() for preset in self.presets]
        return data


#: A person's time for each turn, or none (null); a form offers no limit, 3 minutes (a game
#: played in one sitting) and a day (a game played over days).
TURN_SECONDS: Final = TableOption(
    "turn_seconds",
    "int",
    None,
    label_id="table.turn_seconds.label",
    help_id="table.turn_seconds",
    nullable=True,
    minimum=MIN_TURN_SECONDS,
    maximum=MAX_TURN_SECONDS,
    presets=(
        Preset(None, "table.turn_seconds.none"),
        Preset(180, "table.turn_seconds.three_minutes"),
        Preset(24 * 3600, "table.turn_seconds.one_day"),
    ),
)
#: Whether players may ask what the game's hint bot would do.
HINTS: Final = TableOption(
    "hints", "bool", False, label_id="table.hints.label", help_id="table.hints"
)
#: The card game's hints: one player, and each action valued against the target.
CARD_HINTS: Final = replace(HINTS, help_id="cards.table.hints")

#: Every table option of the dice game, in the order a form shows them.
TABLE_OPTIONS: Final = (TURN_SECONDS, HINTS)
