"""The options of a dice game, each declared once, with the checks that need no rule module.

:class:`Options` holds the values a player picks before a game (player count, cards, edition
options, rule modules switched on). Each field is declared with :func:`option`: its default,
its help text, and what values it takes. From these declarations come the option schema
(:data:`OPTIONS`, served as JSON to the lobby and printed by ``sagrada options``), the checks
below, the command-line flags and the server's request model. Checks that depend on the rule
modules (which tool cards a game's deck holds, how many it deals) are made by
:class:`sagrada.games.dice.rules.config.GameConfig`, the class everyone uses; this lower layer
exists so that rule modules can read options without importing the configuration built from them.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import asdict, dataclass, field
from typing import Any, Final, TypeVar

from sagrada.core.content import catalog
from sagrada.core.errors import ConfigError
from sagrada.core.messages import template

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 6
TIE_BREAKS: Final = ("reverse-order", "shared")
PRIVATE_OBJECTIVE_DECKS: Final = ("all", "expansion")

_O = TypeVar("_O", bound="Options")


def _whole(value: object) -> bool:
    """Whether ``value`` is an ``int`` (booleans and floats are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option as the schema describes it.

    Attributes:
        name: the option's name (``solo_tools``; on the command line ``--solo-tools``).
        type: ``"int"``, ``"bool"``, ``"str"`` or ``"list"`` (of card numbers or names).
        default: the default value (JSON-ready; ``None`` for a list means "dealt at random").
        label: a short name for forms and tables, in English (the message ``label_id``).
        help: what the option does, in English (the message ``help_id``).
        help_id: the message id of the help text (``option.solo_tools``), for translations.
        label_id: the message id of the label (``option.solo_tools.label``).
        nullable: whether null is allowed.
        choices: the allowed values, if they are a short list.
        choice_ids: for choices that are words (``"reverse-order"``), the message id of each
            choice's label (``option.tie_break.choice.reverse-order``): a form shows the
            label, never the value.
        minimum / maximum: the allowed range of a whole number.
        items: what a list holds: ``"tool"`` (tool card numbers) or ``"public_objective"``
            (public objective ids); the cards themselves are listed by ``GET /api/cards``.
        max_items: the longest list allowed.
        needs: the option only has an effect when other options have one of these values
            (``{"players": [1]}`` for the solo options).
        group: the part of the game the option belongs to (``"base"``, ``"five_six"``,
            ``"life"``), by which a form groups its controls; None where a game has no groups.
        group_id: the message id of the group's name (``option.group.life``).
    """

    name: str
    type: str
    default: Any
    label: str
    help: str
    help_id: str
    label_id: str
    nullable: bool = False
    choices: tuple[Any, ...] | None = None
    choice_ids: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    items: str | None = None
    max_items: int | None = None
    needs: dict[str, tuple[Any, ...]] | None = None
    group: str | None = None
    group_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the spec as a JSON-ready dict, leaving out what does not apply (name, type,
        default, help and help_id are always there)."""
        always = ("name", "type", "default", "label", "help", "help_id", "label_id")
        data = {k: v for k, v in asdict(self).items() if v is not None or k in always}
        for key in ("choices", "choice_ids"):
            if key in data:
                data[key] = list(data[key])
        if "needs" in data:
            data["needs"] = {name: list(values) for name, values in data["needs"].items()}
        return data


def option(
    default: Any,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    items: str | None = None,
    max_items: int | None = None,
    needs: dict[str, tuple[Any, ...]] | None = None,
    group: str | None = None,
) -> Any:
    """Declare an option field of :class:`Options` (a dataclass field with its schema; its label
    and help text are the messages ``option.<name>.label`` and ``option.<name>``, its group's
    name the message ``option.group.<group>``)."""
    schema = {
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "items": items,
        "max_items": max_items,
        "needs": needs,
        "group": group,
    }
    return field(default=default, metadata={"option": schema})


@dataclass(frozen=True, slots=True)
class Options:
    """The option values of a game; each field's meaning is its ``help`` in :data:`OPTIONS`
    (``sagrada options`` prints them), the message ``option.<name>`` of the catalogue."""

    players: int = option(2, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, group="base")
    tools: tuple[int, ...] | None = option(None, items="tool", max_items=5, group="base")
    public_objectives: tuple[str, ...] | None = option(
        None, items="public_objective", max_items=3, group="base"
    )
    solo_tools: int = option(3, minimum=1, maximum=5, needs={"players": (1,)}, group="base")
    full_bag: bool = option(False, needs={"players": (2, 3)}, group="base")
    solo_private_objectives: int = option(2, choices=(1, 2), needs={"players": (1,)}, group="base")
    tie_break: str = option("reverse-order", choices=TIE_BREAKS, group="base")
    private_pools: bool = option(False, group="five_six")
    expansion: bool = option(False, group="five_six")
    private_objectives: str = option("all", choices=PRIVATE_OBJECTIVE_DECKS, group="five_six")
    apprentice: bool = option(False, group="life")
    masterwork: bool = option(False, group="life")
    masterwork_random: bool = option(False, needs={"masterwork": (True,)}, group="life")
    toil: bool = option(False, group="life")

    def __post_init__(self) -> None:
        for spec in OPTIONS:
            check_option(spec, getattr(self, spec.name))
        cards = catalog()
        if self.tools is not None:
            numbers = []
            for key in self.tools:
                if not (_whole(key) or isinstance(key, str)):
                    raise ConfigError(f"tools: {key!r} is not a tool card number or name")
                try:
                    numbers.append(cards.tool(key).id)
                except KeyError:
                    raise ConfigError(f"tools: no tool card {key!r}") from None
            if len(set(numbers)) != len(numbers):
                raise ConfigError("tools: a tool card is listed twice")
            object.__setattr__(self, "tools", tuple(numbers))
        if self.public_objectives is not None:
            ids = []
            for name in self.public_objectives:
                if not isinstance(name, str):
                    raise ConfigError(f"public_objectives: {name!r} is not an objective name")
                try:
                    ids.append(cards.public(str(name)).id)
                except KeyError:
                    raise ConfigError(f"public_objectives: no public objective {name!r}") from None
            if len(set(ids)) != len(ids):
                raise ConfigError("public_objectives: an objective is listed twice")
            object.__setattr__(self, "public_objectives", tuple(ids))

    @property
    def solo(self) -> bool:
        """Whether this is a solo game."""
        return self.players == 1

    def to_json(self) -> dict[str, Any]:
        """Return the options as a JSON-ready dict."""
        data = asdict(self)
        for key in ("tools", "public_objectives"):
            if data[key] is not None:
                data[key] = list(data[key])
        return data

    @classmethod
    def from_json(cls: type[_O], data: Any) -> _O:
        """Build the options from a dict, as written by :meth:`to_json`.

        Raises:
            ConfigError: naming the field at fault.
        """
        return cls(**option_values(cls, data))


def option_values(options_class: type[Any], data: Any) -> dict[str, Any]:
    """The keyword arguments of an options dataclass (any game's) from its JSON form: only
    its fields, and its list options (``tuple`` fields) as tuples.

    Raises:
        ConfigError: naming the field at fault.
    """
    if not isinstance(data, dict):
        raise ConfigError("the configuration must be a JSON object")
    unknown = sorted(set(data) - set(options_class.__dataclass_fields__))
    if unknown:
        raise ConfigError(f"unknown configuration field {unknown[0]!r}")
    kwargs: dict[str, Any] = dict(data)
    for f in dataclasses.fields(options_class):
        value = kwargs.get(f.name)
        if f.metadata["option"]["items"] is not None and value is not None:  # a list option
            if not isinstance(value, list):
                raise ConfigError(f"{f.name} must be a list or null")
            kwargs[f.name] = tuple(value)
    return kwargs


def check_option(spec: OptionSpec, value: Any) -> None:
    """Refuse a value the spec does not allow (lists are checked by :class:`Options` itself).

    Raises:
        ConfigError: naming the option, what it must be and what it got.
    """
    name = spec.name
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"{name} must be true or false, got {value!r}")
    elif spec.type == "int":
        if spec.choices is not None:
            if not _whole(value) or value not in spec.choices:
                allowed = " or ".join(str(c) for c in spec.choices)
                raise ConfigError(f"{name} must be {allowed}, got {value!r}")
        elif not _whole(value):
            raise ConfigError(f"{name} must be a whole number, got {value!r}")
        low, high = spec.minimum, spec.maximum
        if low is not None and high is not None and not low <= value <= high:
            raise ConfigError(f"{name} must be {low}-{high}, got {value}")
    elif spec.type == "str" and spec.choices is not None and value not in spec.choices:
        raise ConfigError(f"{name} must be one of {', '.join(spec.choices)}, got {value!r}")


def option_specs(options_class: type[Any], prefix: str = "option") -> tuple[OptionSpec, ...]:
    """The schema of each option field of a game's options dataclass, from its declaration
    (:func:`option`) and its type; label and help are the messages ``<prefix>.<name>.label``
    and ``<prefix>.<name>`` (another game names its own prefix: ``cards.option``)."""
    hints = typing.get_type_hints(options_class)
    out = []
    for f in dataclasses.fields(options_class):
        hint = hints[f.name]
        args = typing.get_args(hint)
        nullable = isinstance(hint, types.UnionType) and type(None) in args
        base = next(a for a in args if a is not type(None)) if nullable else hint
        origin = typing.get_origin(base) or base
        kind = {int: "int", bool: "bool", str: "str", tuple: "list"}[origin]
        default = list(f.default) if isinstance(f.default, tuple) else f.default
        schema = dict(f.metadata["option"])
        group = schema["group"]
        if kind == "str" and schema["choices"] is not None:
            schema["choice_ids"] = tuple(f"{prefix}.{f.name}.choice.{c}" for c in schema["choices"])
        out.append(
            OptionSpec(
                name=f.name,
                type=kind,
                default=default,
                label=template(f"{prefix}.{f.name}.label"),
                help=template(f"{prefix}.{f.name}"),
                help_id=f"{prefix}.{f.name}",
                label_id=f"{prefix}.{f.name}.label",
                nullable=nullable,
                group_id=None if group is None else f"{prefix}.group.{group}",
                **schema,
            )
        )
    return tuple(out)


#: The schema of every option, in declaration order.
OPTIONS: Final[tuple[OptionSpec, ...]] = option_specs(Options)


@dataclass(frozen=True, slots=True)
class OptionPreset:
    """A set of option values a form offers to fill in at once ("Life: all modules").

    A preset sets the options it names and puts every option outside the ``"base"`` group
    back to its default, so that presets never mix.

    Attributes:
        name: the preset's name (``life``).
        values: the options it sets, by name, as the create request takes them.
        label_id: the message id of its name for people (``option.preset.life``).
    """

    name: str
    values: tuple[tuple[str, Any], ...]
    label_id: str

    def to_json(self) -> dict[str, Any]:
        """The preset as a form reads it: ``name``, ``label_id`` and ``values``."""
        return {"name": self.name, "label_id": self.label_id, "values": dict(self.values)}


def preset(name: str, prefix: str = "option", **values: Any) -> OptionPreset:
    """Declare a preset of a game's options (its name's message ``<prefix>.preset.<name>``).

    Raises:
        ValueError: if a value names no option of :data:`OPTIONS` (a dice game's preset).
    """
    if prefix == "option":
        known = {spec.name for spec in OPTIONS}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"preset {name!r}: no option {unknown[0]!r}")
    return OptionPreset(name, tuple(values.items()), f"{prefix}.preset.{name}")


#: The dice game's presets, offered by the lobby's "More options": the base game alone (every
#: expansion option at its default), and Life with all three of its modules.
PRESETS: Final[tuple[OptionPreset, ...]] = (
    preset("base"),
    preset("life", apprentice=True, masterwork=True, toil=True),
)
