"""Colours, dice faces and their text form.

A die is a plain ``int`` from 0 to 29, ``colour * 6 + (value - 1)``, so that dice are cheap to
store, compare and use as table indices. Two dice with the same colour and value are
interchangeable everywhere in the rules, so the face *is* the die's identity. Life's orange
masterwork dice, which lie only in windows, follow as codes 30-53: a symbol and a rotation.

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

#: The colour of the masterwork dice (Life's Masterwork module): orange, unlike any die of the
#: bag and the same for every masterwork die (rulebook 004_234c3922e9d01436.txt, MASTERWORK
#: DICE PLACEMENT). Windows keep a mask for it beside the five colours.
ORANGE: Final = 5
#: The colours a window can hold: the five of the bag, and orange.
NUM_WINDOW_COLOURS: Final = 6
#: The six symbols of a masterwork die (its faces carry no number).
SYMBOLS: Final = ("corner", "bridge", "slant", "crown", "split", "prism")
#: The rotations a masterwork die is placed with, clockwise, in degrees.
ROTATIONS: Final = (0, 90, 180, 270)
#: The first masterwork die code: ``MASTERWORK_BASE + symbol * 4 + rotation // 90``.
MASTERWORK_BASE: Final = NUM_FACES
#: Every die code: the 30 faces of the bag's dice, then the 24 masterwork dice as placed.
NUM_DICE: Final = NUM_FACES + len(SYMBOLS) * len(ROTATIONS)
#: The value classes a window tells apart: 1-6, then each symbol (7-12); index 0 unused.
NUM_VALUE_CLASSES: Final = 7 + len(SYMBOLS)

#: Colour of each die, indexed by the die (``ORANGE`` for a masterwork die).
DIE_COLOUR: Final[tuple[int, ...]] = tuple(
    d // 6 if d < NUM_FACES else ORANGE for d in range(NUM_DICE)
)
#: Value class of each die: its value 1-6, or 7 + its symbol for a masterwork die (each symbol
#: is a value of its own, unlike every number and every other symbol). Sums use ``DIE_PIPS``.
DIE_VALUE: Final[tuple[int, ...]] = tuple(
    d % 6 + 1 if d < NUM_FACES else 7 + (d - MASTERWORK_BASE) // 4 for d in range(NUM_DICE)
)
#: What each die adds to a sum of values: its value, or 0 for a masterwork die.
DIE_PIPS: Final[tuple[int, ...]] = tuple(d % 6 + 1 if d < NUM_FACES else 0 for d in range(NUM_DICE))
#: Text form of each die ("R1" ... "P6"; a masterwork die as placed: "Ocorner90").
DIE_NAMES: Final[tuple[str, ...]] = tuple(
    COLOUR_LETTERS[d // 6] + str(d % 6 + 1)
    if d < NUM_FACES
    else f"O{SYMBOLS[(d - MASTERWORK_BASE) // 4]}{ROTATIONS[(d - MASTERWORK_BASE) % 4]}"
    for d in range(NUM_DICE)
)
_DIE_BY_NAME: Final = {name.upper(): d for d, name in enumerate(DIE_NAMES)}


def masterwork_die(symbol: int, rotation: int) -> Die:
    """Return the masterwork die showing ``symbol`` (0-5, see :data:`SYMBOLS`) placed with
    ``rotation`` degrees clockwise (0, 90, 180 or 270).

    >>> die_name(masterwork_die(SYMBOLS.index("prism"), 90))
    'Oprism90'
    """
    if not 0 <= symbol < len(SYMBOLS) or rotation not in ROTATIONS:
        raise ValueError(f"no masterwork die has symbol {symbol} and rotation {rotation}")
    return MASTERWORK_BASE + symbol * 4 + rotation // 90


def is_masterwork(die: Die) -> bool:
    """Return whether ``die`` is a masterwork die."""
    return die >= MASTERWORK_BASE


def die_symbol(die: Die) -> int:
    """Return the symbol (0-5) of a masterwork die."""
    return (die - MASTERWORK_BASE) // 4


def die_rotation(die: Die) -> int:
    """Return the rotation (degrees clockwise) of a masterwork die."""
    return ROTATIONS[(die - MASTERWORK_BASE) % 4]


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
    die = _DIE_BY_NAME.get(text.strip().upper(), NUM_DICE)
    if die >= NUM_FACES:
        raise InvalidNotationError(msg("notation.die", text=repr(text)))
    return die


def parse_window_die(text: str) -> Die:
    """Parse a die as it may lie in a window: a die of the bag (``"R3"``) or a masterwork die
    with its symbol and rotation (``"Ocorner90"``), case-insensitive.

    Raises:
        InvalidNotationError: if ``text`` is neither.
    """
    die = _DIE_BY_NAME.get(text.strip().upper())
    if die is None:
        raise InvalidNotationError(msg("notation.window_die", text=repr(text)))
    return die


def parse_colour(text: str) -> Colour:
    """Parse a colour letter (R Y G B P) or name, case-insensitive."""
    key = text.strip().lower()
    for colour, (letter, name) in enumerate(zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True)):
        if key in (letter.lower(), name):
            return colour
    raise InvalidNotationError(msg("notation.colour", text=repr(text)))
