"""Actions: small integers with a short text notation both ways, declared kind by kind.

Every decision in the game is one action. An action is a plain ``int`` (its stable code, usable
as an index into an action mask) and has a text form for people, logs and records. Codes come
in *kinds*: a kind owns a fixed range of codes, decodes a code into up to two arguments and
writes its text. The dice game's kinds (``docs/notation.md``):

=============  =======================================================  ================
Text           Meaning                                                  Kind
=============  =======================================================  ================
``pass``       end your turn                                            ``PASS``
``stop``       end a tool that allows stopping early (Tap Wheel)        ``STOP``
``return``     put the held die back in the Draft Pool (Flux Remover)   ``RETURN``
``+1``/``-1``  raise or lower the held die's value (Grozing Pliers)     ``INCREASE``/...
``W1``-``W4``  choose window pattern option 1-4 at setup                ``PATTERN``
``=1``-``=6``  set the held die's value (Flux Remover)                  ``VALUE``
``T1``-``T32`` use the tool card with that number                       ``TOOL``
``R3``         take this die from the Draft Pool for a tool             ``CHOOSE``
``$R3``        solo: pay for the tool with this Draft Pool die          ``PAY``
``@B4``        place the held die on B4                                 ``PUT``
``R3@B4``      draft this die from the Draft Pool and place it on B4    ``DRAFT``
``B4>C5``      move the die on B4 to C5                                 ``MOVE``
``r3:R5``      take this die from round 3 of the Round Track            ``TRACK``
``*R3@B4``     place this die from your Private Dice Pool on B4         ``OWN_DRAFT``
``*R3``        take this die from your Private Dice Pool for a tool     ``OWN_CHOOSE``
=============  =======================================================  ================

Codes are laid out kind after kind in the order above. A rule module that needs a new kind of
decision registers it with :func:`register_kind`, which appends its codes after the last ones:
a code never changes meaning. Each kind names the rule module that uses it, so a game's action
space (:func:`action_space_size`) covers only the kinds of its active modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, TypeAlias, TypeGuard

from sagrada.core.cells import CELL_NAMES, NUM_CELLS, parse_cell
from sagrada.core.dice import DIE_NAMES, NUM_FACES, parse_die
from sagrada.core.errors import InvalidNotationError
from sagrada.core.messages import Message, Param, msg

Action: TypeAlias = int

MAX_TOOL: Final = 32
#: Rounds in a game: declared here, where the Round Track's action codes need it, and
#: published with the game's configuration (:data:`sagrada.games.dice.rules.config.ROUNDS`).
ROUNDS: Final = 10


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of decision and the range of codes it owns.

    Attributes:
        id: the kind's number (its place in registration order).
        name: a short lower-case name (``"draft"``), also the name clients see.
        module: the rule module that uses it (``"base"``, ``"solo"``, ...).
        first: its first code; its codes are ``first`` to ``first + size - 1``.
        size: how many codes it owns.
        fields: the names of its two arguments (``("die", "cell")``; ``""`` for an unused one).
        args: the arguments of the code at offset ``n`` within the kind.
        text: the text form of a code, from its two arguments.
        absent: why an action of this kind is refused in a game without its module (``None``
            for the generic "not a decision of this step").
    """

    id: int
    name: str
    module: str
    first: int
    size: int
    fields: tuple[str, str]
    args: Callable[[int], tuple[int, int]]
    text: Callable[[int, int], str]
    absent: Message | None = None

    @property
    def end(self) -> int:
        """One past the kind's last code."""
        return self.first + self.size


#: Every registered kind, in code order.
KINDS: list[ActionKind] = []
#: For each code: its kind's id, first argument and second argument (see each kind's ``args``).
KIND_OF: list[int] = []
ARG1: list[int] = []
ARG2: list[int] = []
_TEXT: list[str] = []
_BY_TEXT: dict[str, Action] = {}


def register_kind(
    name: str,
    module: str,
    size: int,
    text: Callable[[int, int], str],
    *,
    fields: tuple[str, str] = ("", ""),
    args: Callable[[int], tuple[int, int]] = lambda n: (n, 0),
    absent: Message | None = None,
) -> ActionKind:
    """Declare a new kind of action; its codes follow every code registered before.

    Args:
        name: a short unique lower-case name.
        module: the rule module that uses the kind.
        size: the number of codes.
        text: the text form of a code from its two arguments; every text must be new
            (case-insensitive).
        fields: the names of the two arguments.
        args: the two arguments of the code at each offset (default: the offset and 0).
        absent: why an action of this kind is refused in a game without its module.

    Raises:
        ValueError: if the name or a text is already taken.
    """
    if any(kind.name == name for kind in KINDS):
        raise ValueError(f"action kind {name!r} is registered twice")
    first = len(KIND_OF)
    kind = ActionKind(len(KINDS), name, module, first, size, fields, args, text, absent)
    texts = []
    for offset in range(size):
        a, b = args(offset)
        texts.append(text(a, b))
        KIND_OF.append(kind.id)
        ARG1.append(a)
        ARG2.append(b)
    for offset, written in enumerate(texts):
        key = written.upper()
        if key in _BY_TEXT:
            raise ValueError(f"action kind {name!r}: the text {written!r} is taken")
        _BY_TEXT[key] = first + offset
    _TEXT.extend(texts)
    KINDS.append(kind)
    return kind


def _pair(per: int, first_offset: int = 0) -> Callable[[int], tuple[int, int]]:
    return lambda n: (n // per + first_offset, n % per)


_PASS = register_kind("pass", "base", 1, lambda a, b: "pass")
_STOP = register_kind("stop", "base", 1, lambda a, b: "stop")
_RETURN = register_kind("return", "base", 1, lambda a, b: "return")
_INCREASE = register_kind("increase", "base", 1, lambda a, b: "+1")
_DECREASE = register_kind("decrease", "base", 1, lambda a, b: "-1")
_PATTERN = register_kind("pattern", "base", 4, lambda a, b: f"W{a + 1}", fields=("option", ""))
_VALUE = register_kind(
    "value", "base", 6, lambda a, b: f"={a}", fields=("value", ""), args=lambda n: (n + 1, 0)
)
_TOOL = register_kind(
    "tool", "base", MAX_TOOL, lambda a, b: f"T{a}", fields=("tool", ""), args=lambda n: (n + 1, 0)
)
_CHOOSE = register_kind("choose", "base", NUM_FACES, lambda a, b: DIE_NAMES[a], fields=("die", ""))
_PAY = register_kind("pay", "solo", NUM_FACES, lambda a, b: "$" + DIE_NAMES[a], fields=("die", ""))
_PUT = register_kind(
    "put", "base", NUM_CELLS, lambda a, b: "@" + CELL_NAMES[a], fields=("cell", "")
)
_DRAFT = register_kind(
    "draft",
    "base",
    NUM_FACES * NUM_CELLS,
    lambda a, b: f"{DIE_NAMES[a]}@{CELL_NAMES[b]}",
    fields=("die", "cell"),
    args=_pair(NUM_CELLS),
)
_MOVE = register_kind(
    "move",
    "base",
    NUM_CELLS * NUM_CELLS,
    lambda a, b: f"{CELL_NAMES[a]}>{CELL_NAMES[b]}",
    fields=("from", "to"),
    args=_pair(NUM_CELLS),
)
_TRACK = register_kind(
    "track",
    "base",
    ROUNDS * NUM_FACES,
    lambda a, b: f"r{a}:{DIE_NAMES[b]}",
    fields=("round", "die"),
    args=_pair(NUM_FACES, 1),
)
_OWN_DRAFT = register_kind(
    "own_draft",
    "private-pools",
    NUM_FACES * NUM_CELLS,
    lambda a, b: f"*{DIE_NAMES[a]}@{CELL_NAMES[b]}",
    fields=("die", "cell"),
    args=_pair(NUM_CELLS),
    absent=msg("refuse.own_dice"),
)
_OWN_CHOOSE = register_kind(
    "own_choose",
    "private-pools",
    NUM_FACES,
    lambda a, b: f"*{DIE_NAMES[a]}",
    fields=("die", ""),
    absent=msg("refuse.own_dice"),
)
#: Slots of Life's masterwork board: slot ``2 * space`` is space ``space``'s colour slot,
#: ``2 * space + 1`` its value slot (spaces 0-5, written 1-6: ``R3/2c``, ``R3/3v``).
NUM_SLOTS: Final = 12


def slot_name(slot: int) -> str:
    """The text of a masterwork board slot: its space 1-6, then ``c`` (colour) or ``v``."""
    return f"{slot // 2 + 1}{'cv'[slot % 2]}"


def slot_words(slot: int) -> Message:
    """A masterwork board slot in words: "the colour slot of masterwork space 2".

    >>> str(slot_words(3))
    'the value slot of masterwork space 2'
    """
    return msg(f"masterwork.slot.{('colour', 'value')[slot % 2]}", space=slot // 2 + 1)


_SLOT = register_kind(
    "slot",
    "masterwork",
    NUM_FACES * NUM_SLOTS,
    lambda a, b: f"{DIE_NAMES[a]}/{slot_name(b)}",
    fields=("die", "slot"),
    args=lambda n: (n // NUM_SLOTS, n % NUM_SLOTS),
    absent=msg("refuse.no_masterwork"),
)
_MASTERWORK = register_kind(
    "masterwork",
    "masterwork",
    4 * NUM_CELLS,
    lambda a, b: f"O{a}@{CELL_NAMES[b]}",
    fields=("rotation", "cell"),
    args=lambda n: (90 * (n // NUM_CELLS), n % NUM_CELLS),
    absent=msg("refuse.no_masterwork"),
)

#: Life's apprentice cards are named by their number, 1 to ``MAX_APPRENTICE``.
MAX_APPRENTICE: Final = 32
#: Where an apprentice card is gained from (``gain:deck``: look at the top two and keep one;
#: ``gain:discard``: take the top of the discard pile).
GAIN_SOURCES: Final = ("deck", "discard")

_GAIN = register_kind(
    "gain",
    "apprentice",
    len(GAIN_SOURCES),
    lambda a, b: f"gain:{GAIN_SOURCES[a]}",
    fields=("source", ""),
    absent=msg("refuse.no_apprentice"),
)
#: ``keep:1`` keeps the first of the two cards looked at, ``keep:2`` the second (by place, so
#: that the record of a game does not tell the others which card was kept).
_KEEP = register_kind(
    "keep",
    "apprentice",
    2,
    lambda a, b: f"keep:{a}",
    fields=("choice", ""),
    args=lambda n: (n + 1, 0),
    absent=msg("refuse.no_apprentice"),
)


def _play_kind(play: str) -> ActionKind:
    """The kind playing an apprentice card by ``play`` (activate or discard): ``play:17``."""
    return register_kind(
        play,
        "apprentice",
        MAX_APPRENTICE,
        lambda a, b: f"{play}:{a}",
        fields=("card", ""),
        args=lambda n: (n + 1, 0),
        absent=msg("refuse.no_apprentice"),
    )


_ACTIVATE = _play_kind("activate")
_DISCARD = _play_kind("discard")


class Kind(IntEnum):
    """The dice game's kinds of action declared here, in code order (their ids)."""

    PASS = _PASS.id
    STOP = _STOP.id
    RETURN = _RETURN.id
    INCREASE = _INCREASE.id
    DECREASE = _DECREASE.id
    PATTERN = _PATTERN.id
    VALUE = _VALUE.id
    TOOL = _TOOL.id
    CHOOSE = _CHOOSE.id
    PAY = _PAY.id
    PUT = _PUT.id
    DRAFT = _DRAFT.id
    MOVE = _MOVE.id
    TRACK = _TRACK.id
    OWN_DRAFT = _OWN_DRAFT.id
    OWN_CHOOSE = _OWN_CHOOSE.id
    SLOT = _SLOT.id
    MASTERWORK = _MASTERWORK.id
    GAIN = _GAIN.id
    KEEP = _KEEP.id
    ACTIVATE = _ACTIVATE.id
    DISCARD = _DISCARD.id


#: Number of codes of the kinds declared in this module (modules may register more after).
NUM_ACTIONS: Final = len(KIND_OF)

PASS: Final = _PASS.first
STOP: Final = _STOP.first
RETURN: Final = _RETURN.first
INCREASE: Final = _INCREASE.first
DECREASE: Final = _DECREASE.first
PATTERN_BASE: Final = _PATTERN.first
VALUE_BASE: Final = _VALUE.first
TOOL_BASE: Final = _TOOL.first
CHOOSE_BASE: Final = _CHOOSE.first
PAY_BASE: Final = _PAY.first
PUT_BASE: Final = _PUT.first
DRAFT_BASE: Final = _DRAFT.first
MOVE_BASE: Final = _MOVE.first
TRACK_BASE: Final = _TRACK.first
OWN_DRAFT_BASE: Final = _OWN_DRAFT.first
OWN_CHOOSE_BASE: Final = _OWN_CHOOSE.first
SLOT_BASE: Final = _SLOT.first
MASTERWORK_PLACE_BASE: Final = _MASTERWORK.first
GAIN_BASE: Final = _GAIN.first
KEEP_BASE: Final = _KEEP.first
ACTIVATE_BASE: Final = _ACTIVATE.first
DISCARD_BASE: Final = _DISCARD.first


def pattern(option: int) -> Action:
    """Choose window pattern option ``option`` (0-3)."""
    return PATTERN_BASE + option


def set_value(value: int) -> Action:
    """Set the held die to ``value`` (1-6)."""
    return VALUE_BASE + value - 1


def tool(number: int) -> Action:
    """Use the tool card with this number (1-32)."""
    return TOOL_BASE + number - 1


def choose(die: int) -> Action:
    """Take ``die`` from the Draft Pool for a tool."""
    return CHOOSE_BASE + die


def pay(die: int) -> Action:
    """Solo: pay for a tool with ``die`` from the Draft Pool."""
    return PAY_BASE + die


def put(cell: int) -> Action:
    """Place the held die on ``cell``."""
    return PUT_BASE + cell


def draft(die: int, cell: int) -> Action:
    """Draft ``die`` from the Draft Pool and place it on ``cell``."""
    return DRAFT_BASE + die * NUM_CELLS + cell


def move(source: int, target: int) -> Action:
    """Move the die on ``source`` to ``target``."""
    return MOVE_BASE + source * NUM_CELLS + target


def track(round_number: int, die: int) -> Action:
    """Take ``die`` from round ``round_number`` (1-10) of the Round Track."""
    return TRACK_BASE + (round_number - 1) * NUM_FACES + die


def own_draft(die: int, cell: int) -> Action:
    """Place ``die`` from your Private Dice Pool on ``cell``."""
    return OWN_DRAFT_BASE + die * NUM_CELLS + cell


def own_choose(die: int) -> Action:
    """Take ``die`` from your Private Dice Pool for a tool."""
    return OWN_CHOOSE_BASE + die


def slot_action(die: int, slot: int) -> Action:
    """Put ``die`` from the Draft Pool into slot ``slot`` (0-11) of Life's masterwork board."""
    return SLOT_BASE + die * NUM_SLOTS + slot


def masterwork_action(rotation: int, cell: int) -> Action:
    """Place the masterwork die taken, turned ``rotation`` degrees (0, 90, 180, 270), on
    ``cell``."""
    return MASTERWORK_PLACE_BASE + rotation // 90 * NUM_CELLS + cell


def gain(source: str) -> Action:
    """Gain an apprentice card from ``source``: ``"deck"`` or ``"discard"``."""
    return GAIN_BASE + GAIN_SOURCES.index(source)


def keep(choice: int) -> Action:
    """Keep the first (``choice`` 1) or the second (2) of the two apprentice cards looked at."""
    return KEEP_BASE + choice - 1


def activate(card: int) -> Action:
    """Play apprentice card ``card`` (1-32) by activating it."""
    return ACTIVATE_BASE + card - 1


def discard(card: int) -> Action:
    """Play apprentice card ``card`` (1-32) by discarding it."""
    return DISCARD_BASE + card - 1


def kind_of(action: Action) -> Kind:
    """Return the kind of an action code declared in this module."""
    return Kind(KIND_OF[action])


def action_kind(action: Action) -> ActionKind:
    """Return the kind of any registered action code."""
    return KINDS[KIND_OF[action]]


def is_action(value: object) -> TypeGuard[Action]:
    """Return whether ``value`` is a registered action code (an ``int``, not a ``bool``)."""
    return type(value) is int and 0 <= value < len(KIND_OF)


def _field_value(name: str, value: int) -> int | str:
    if name == "die":
        return DIE_NAMES[value]
    if name in ("cell", "from", "to"):
        return CELL_NAMES[value]
    if name == "option":  # W1 is option 1 (its code stores 0)
        return value + 1
    if name == "slot":  # a masterwork board slot: space 1-6, then c (colour) or v (value)
        return slot_name(value)
    if name == "source":  # where an apprentice card is gained from
        return GAIN_SOURCES[value]
    return value


def action_fields(action: Action) -> dict[str, int | str]:
    """Return an action as structured data: ``notation`` (what to send back), ``kind`` and the
    kind's fields (``die`` and ``cell`` as ``"R3"``/``"B4"``, ``from``/``to``, ``tool``,
    ``value``, ``round``, ``option`` 1-4).

    >>> action_fields(parse_action("R3@B4"))
    {'notation': 'R3@B4', 'kind': 'draft', 'die': 'R3', 'cell': 'B4'}
    >>> action_fields(parse_action("r3:R5"))
    {'notation': 'r3:R5', 'kind': 'track', 'round': 3, 'die': 'R5'}
    """
    kind = KINDS[KIND_OF[action]]
    out: dict[str, int | str] = {"notation": _TEXT[action], "kind": kind.name}
    for name, value in zip(kind.fields, (ARG1[action], ARG2[action]), strict=True):
        if name:
            out[name] = _field_value(name, value)
    return out


def action_message(action: Action) -> Message:
    """Return what ``action`` did, for a game log: the message ``action.<kind>`` with the
    kind's fields as parameters.

    >>> str(action_message(parse_action("R3@B4")))
    'placed the R3 on B4'
    """
    fields: dict[str, Param] = dict(action_fields(action))
    del fields["notation"], fields["kind"]
    if "slot" in fields:  # a masterwork board slot in words, not its notation
        fields["slot"] = slot_words(ARG2[action])
    if "source" in fields:  # where an apprentice card is gained from, in words
        fields["source"] = msg(f"apprentice.source.{fields['source']}")
    return Message(f"action.{KINDS[KIND_OF[action]].name}", fields)


def action_space_size(modules: Iterable[str]) -> int:
    """Return the size of the action space of a game whose active rule modules are ``modules``:
    one past the last code of any kind they use (codes of other kinds in between are never
    legal)."""
    active = set(modules)
    return max(kind.end for kind in KINDS if kind.module in active)


def action_to_str(action: Action) -> str:
    """Return the text form of an action code.

    Raises:
        InvalidNotationError: if ``action`` is not a valid code.
    """
    if not 0 <= action < len(_TEXT):
        raise InvalidNotationError(msg("notation.code", code=action, last=len(_TEXT) - 1))
    return _TEXT[action]


def parse_action(text: str) -> Action:
    """Parse the text form of an action (case-insensitive, surrounding spaces ignored).

    Raises:
        InvalidNotationError: naming what is wrong with ``text``.
    """
    key = text.strip().upper()
    action = _BY_TEXT.get(key)
    if action is not None:
        return action
    raise InvalidNotationError(
        msg("notation.not_action", text=repr(text), why=_diagnose(text.strip()))
    )


def _diagnose(text: str) -> Message:
    """Explain why ``text`` is not an action, as precisely as its shape allows."""
    try:
        if text.startswith("*"):
            text = text[1:]
        if "@" in text:
            left, _, right = text.partition("@")
            if left:
                parse_die(left)
            parse_cell(right)
        elif ">" in text:
            left, _, right = text.partition(">")
            parse_cell(left)
            parse_cell(right)
        elif ":" in text:
            left, _, right = text.partition(":")
            if left.lower() == "keep":
                return msg("notation.keep")
            if left.lower() in ("activate", "discard"):
                return msg("notation.apprentice", last=MAX_APPRENTICE)
            if left.lower() == "gain":
                return msg("notation.gain")
            if not re.fullmatch(r"[rR](10|[1-9])", left):
                return msg("notation.track")
            parse_die(right)
        elif text.startswith("$"):
            parse_die(text[1:])
        elif text[:1] in ("T", "t"):
            return msg("notation.tool", last=MAX_TOOL)
        elif text[:1] in ("W", "w"):
            return msg("notation.pattern")
        elif text.startswith("="):
            return msg("notation.value")
        elif len(text) == 2:
            parse_die(text)
    except InvalidNotationError as exc:
        if exc.message is not None:
            return exc.message
        raise
    return msg("notation.help")


__all__ = [
    "KINDS",
    "NUM_ACTIONS",
    "Action",
    "ActionKind",
    "Kind",
    "action_fields",
    "action_kind",
    "action_message",
    "action_space_size",
    "action_to_str",
    "is_action",
    "kind_of",
    "parse_action",
    "register_kind",
]
