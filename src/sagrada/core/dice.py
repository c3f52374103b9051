"""Colours, dice faces and their text form.

A die is a plain ``int`` from 0 to 29, ``colour * 6 + (value - 1)``, so that dice are cheap to
store, compare and use as table indices. Two dice with the same colour and value are
interchangeable everywhere in the rules, so the face *is* the die's identity.

>>> die = make_die(RED, 3)
>>> die_name(die), die_colour(die), die_value(die)
('R3', 0, 3)
>>> parse_die("p6") == make_die(PURPLE, 6)
True
"""

from __future__ import annotations

from typing import Final, TypeAlias

from sagrada.core.errors import InvalidNotationError
from sagrada.core.messages import msg

Colour: TypeAlias = int
Die: TypeAlias = int

RED: Final = 0
YELLOW: Final = 1
GREEN: Final = 2
BLUE: Final = 3
PURPLE: Final = 4

COLOURS: Final = (RED, YELLOW, GREEN, BLUE, PURPLE)
COLOUR_LETTERS: Final = "RYGBP"
COLOUR_NAMES: Final = ("red", "yellow", "green", "blue", "purple")
NUM_COLOURS: Final = 5
NUM_FACES: Final = 30

#: Colour of each die face, indexed by the die.
DIE_COLOUR: Final[tuple[int, ...]] = tuple(d // 6 for d in range(NUM_FACES))
#: Value (1-6) of each die face, indexed by the die.
DIE_VALUE: Final[tuple[int, ...]] = tuple(d % 6 + 1 for d in range(NUM_FACES))
#: Text form of each die face ("R1" ... "P6").
DIE_NAMES: Final[tuple[str, ...]] = tuple(
    COLOUR_LETTERS[d // 6] + str(d % 6 + 1) for d in range(NUM_FACES)
)
_DIE_BY_NAME: Final = {name: d for d, name in enumerate(DIE_NAMES)}


def make_die(colour: Colour, value: int) -> Die:
    """Return the die of the given colour (0-4) and value (1-6)."""
    if not 0 <= colour < NUM_COLOURS or not 1 <= value <= 6:
        raise ValueError(f"no die has colour {colour} and value {value}")
    return colour * 6 + value - 1


def die_colour(die: Die) -> Colour:
    """Return the colour of a die."""
    return DIE_COLOUR[die]


def die_value(die: Die) -> int:
    """Return the value (1-6) of a die."""
    return DIE_VALUE[die]


def with_value(die: Die, value: int) -> Die:
    """Return the die of the same colour showing ``value``."""
    return (die // 6) * 6 + value - 1


def die_name(die: Die) -> str:
    """Return the two-character form of a die, colour letter then value: ``"G4"``."""
    return DIE_NAMES[die]


def parse_die(text: str) -> Die:
    """Parse a die written as colour letter and value (``"R3"``, case-insensitive).

    Raises:
        InvalidNotationError: if ``text`` is not a colour letter R Y G B P and a value 1-6.
    """
    die = _DIE_BY_NAME.get(text.strip().upper())
    if die is None:
        raise InvalidNotationError(msg("notation.die", text=repr(text)))
    return die


def parse_colour(text: str) -> Colour:
    """Parse a colour letter (R Y G B P) or name, case-insensitive."""
    key = text.strip().lower()
    for colour, (letter, name) in enumerate(zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True)):
        if key in (letter.lower(), name):
            return colour
    raise InvalidNotationError(msg("notation.colour", text=repr(text)))
