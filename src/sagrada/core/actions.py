"""Actions: small integers with a short text notation both ways.

Every decision in the game is one action. An action is a plain ``int`` (its stable code, usable
as an index into an action mask) and has a text form for people, logs and records. The
notation (``docs/notation.md``):

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

Codes are laid out kind after kind in the order above; new kinds are only ever appended, so a
code never changes meaning.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Final, TypeAlias

from sagrada.core.cells import CELL_NAMES, NUM_CELLS, parse_cell
from sagrada.core.dice import DIE_NAMES, NUM_FACES, parse_die
from sagrada.core.errors import InvalidNotationError

Action: TypeAlias = int

MAX_TOOL: Final = 32
ROUNDS: Final = 10


class Kind(IntEnum):
    """The kinds of action, in code order."""

    PASS = 0
    STOP = 1
    RETURN = 2
    INCREASE = 3
    DECREASE = 4
    PATTERN = 5
    VALUE = 6
    TOOL = 7
    CHOOSE = 8
    PAY = 9
    PUT = 10
    DRAFT = 11
    MOVE = 12
    TRACK = 13
    OWN_DRAFT = 14
    OWN_CHOOSE = 15


_SIZES: Final = (
    (Kind.PASS, 1),
    (Kind.STOP, 1),
    (Kind.RETURN, 1),
    (Kind.INCREASE, 1),
    (Kind.DECREASE, 1),
    (Kind.PATTERN, 4),
    (Kind.VALUE, 6),
    (Kind.TOOL, MAX_TOOL),
    (Kind.CHOOSE, NUM_FACES),
    (Kind.PAY, NUM_FACES),
    (Kind.PUT, NUM_CELLS),
    (Kind.DRAFT, NUM_FACES * NUM_CELLS),
    (Kind.MOVE, NUM_CELLS * NUM_CELLS),
    (Kind.TRACK, ROUNDS * NUM_FACES),
    (Kind.OWN_DRAFT, NUM_FACES * NUM_CELLS),
    (Kind.OWN_CHOOSE, NUM_FACES),
)

_base: dict[Kind, int] = {}
_next = 0
for _kind, _size in _SIZES:
    _base[_kind] = _next
    _next += _size

#: Number of distinct action codes.
NUM_ACTIONS: Final = _next

PASS: Final = _base[Kind.PASS]
STOP: Final = _base[Kind.STOP]
RETURN: Final = _base[Kind.RETURN]
INCREASE: Final = _base[Kind.INCREASE]
DECREASE: Final = _base[Kind.DECREASE]
PATTERN_BASE: Final = _base[Kind.PATTERN]
VALUE_BASE: Final = _base[Kind.VALUE]
TOOL_BASE: Final = _base[Kind.TOOL]
CHOOSE_BASE: Final = _base[Kind.CHOOSE]
PAY_BASE: Final = _base[Kind.PAY]
PUT_BASE: Final = _base[Kind.PUT]
DRAFT_BASE: Final = _base[Kind.DRAFT]
MOVE_BASE: Final = _base[Kind.MOVE]
TRACK_BASE: Final = _base[Kind.TRACK]
OWN_DRAFT_BASE: Final = _base[Kind.OWN_DRAFT]
OWN_CHOOSE_BASE: Final = _base[Kind.OWN_CHOOSE]


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


def _decode_table() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    kinds: list[int] = []
    first: list[int] = []
    second: list[int] = []
    for kind, size in _SIZES:
        for offset in range(size):
            kinds.append(kind)
            if kind in (Kind.DRAFT, Kind.MOVE, Kind.OWN_DRAFT):
                first.append(offset // NUM_CELLS)
                second.append(offset % NUM_CELLS)
            elif kind == Kind.TRACK:
                first.append(offset // NUM_FACES + 1)
                second.append(offset % NUM_FACES)
            elif kind in (Kind.VALUE, Kind.TOOL):
                first.append(offset + 1)
                second.append(0)
            else:
                first.append(offset)
                second.append(0)
    return tuple(kinds), tuple(first), tuple(second)


#: For each code: its kind, first argument and second argument.
#: DRAFT and OWN_DRAFT: (die, cell); MOVE: (source, target); TRACK: (round 1-10, die);
#: VALUE: (value, 0); TOOL: (number, 0); PATTERN: (option 0-3, 0); CHOOSE, PAY and
#: OWN_CHOOSE: (die, 0); PUT: (cell, 0).
KIND_OF, ARG1, ARG2 = _decode_table()


def kind_of(action: Action) -> Kind:
    """Return the kind of an action code."""
    return Kind(KIND_OF[action])


def _format(action: Action) -> str:
    kind = KIND_OF[action]
    a = ARG1[action]
    b = ARG2[action]
    if kind == Kind.PASS:
        return "pass"
    if kind == Kind.STOP:
        return "stop"
    if kind == Kind.RETURN:
        return "return"
    if kind == Kind.INCREASE:
        return "+1"
    if kind == Kind.DECREASE:
        return "-1"
    if kind == Kind.PATTERN:
        return f"W{a + 1}"
    if kind == Kind.VALUE:
        return f"={a}"
    if kind == Kind.TOOL:
        return f"T{a}"
    if kind == Kind.CHOOSE:
        return DIE_NAMES[a]
    if kind == Kind.PAY:
        return "$" + DIE_NAMES[a]
    if kind == Kind.PUT:
        return "@" + CELL_NAMES[a]
    if kind == Kind.DRAFT:
        return f"{DIE_NAMES[a]}@{CELL_NAMES[b]}"
    if kind == Kind.MOVE:
        return f"{CELL_NAMES[a]}>{CELL_NAMES[b]}"
    if kind == Kind.TRACK:
        return f"r{a}:{DIE_NAMES[b]}"
    if kind == Kind.OWN_DRAFT:
        return f"*{DIE_NAMES[a]}@{CELL_NAMES[b]}"
    return f"*{DIE_NAMES[a]}"


_TEXT: Final[tuple[str, ...]] = tuple(_format(a) for a in range(NUM_ACTIONS))
_BY_TEXT: Final = {text.upper(): a for a, text in enumerate(_TEXT)}


def action_to_str(action: Action) -> str:
    """Return the text form of an action code.

    Raises:
        InvalidNotationError: if ``action`` is not a valid code.
    """
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(f"{action} is not an action code (0-{NUM_ACTIONS - 1})")
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
    raise InvalidNotationError(f"{text!r} is not an action: {_diagnose(text.strip())}")


def _diagnose(text: str) -> str:
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
            if not re.fullmatch(r"[rR](10|[1-9])", left):
                return "a Round Track die is a round r1-r10 and a die, like r3:R5"
            parse_die(right)
        elif text.startswith("$"):
            parse_die(text[1:])
        elif text[:1] in ("T", "t"):
            return f"a tool is T and its card number 1-{MAX_TOOL}, like T7"
        elif text[:1] in ("W", "w"):
            return "a window choice is W1 to W4"
        elif text.startswith("="):
            return "a value choice is =1 to =6"
        elif len(text) == 2:
            parse_die(text)
    except InvalidNotationError as exc:
        return str(exc)
    return "see docs/notation.md (e.g. pass, R3@B4, T1, +1, @B4, B4>C5, r3:R5)"


__all__ = [
    "NUM_ACTIONS",
    "Action",
    "Kind",
    "action_to_str",
    "kind_of",
    "parse_action",
]
