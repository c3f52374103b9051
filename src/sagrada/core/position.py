"""Setting up a window by hand, for every game: dice written as ``"R3 G4"``, and a window with
dice on it (:func:`make_window`), for puzzles, analysis, teaching, tests and the score of a
physical game. The dice game sets up a whole position with
:func:`sagrada.games.dice.rules.position.arrange`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from sagrada.core.cells import parse_cell
from sagrada.core.content import WindowPattern, catalog
from sagrada.core.dice import Die, parse_die, parse_window_die
from sagrada.core.window import Window

#: The pattern of :func:`make_window` when only a grid is given: a made-up card.
CUSTOM_PATTERN_NAME: Final = "Custom"

__all__ = ["CUSTOM_PATTERN_NAME", "dice", "make_window"]


def dice(text: str | Iterable[Die]) -> list[Die]:
    """Return dice written as ``"R3 G4"`` (or already dice) as a list.

    Raises:
        InvalidNotationError: naming a word that is not a die.
    """
    if isinstance(text, str):
        return [parse_die(word) for word in text.split()]
    return list(text)


def make_window(pattern: str, placements: str = "", *, difficulty: int = 4) -> Window:
    """Return a window with dice on it.

    Args:
        pattern: the name of a window pattern card (``"Sol"``), or a grid of four rows of five
            restrictions separated by spaces (``"..R.. ..... 1.... ....."``: ``.`` free,
            ``R Y G B P`` a colour, ``1``-``6`` a value).
        placements: dice on cells, like ``"A1=R3 B2=G4"``.
        difficulty: the difficulty of a grid given by hand.

    Raises:
        KeyError: if no window pattern has that name.
        InvalidNotationError: for a malformed cell or die.
        ValueError: for a malformed grid or a cell given twice.
    """
    rows = pattern.split()
    if len(rows) == 4 and all(len(row) == 5 for row in rows) and " " in pattern.strip():
        card = WindowPattern(
            CUSTOM_PATTERN_NAME, difficulty, 0, (rows[0], rows[1], rows[2], rows[3])
        )
    else:
        card = catalog().window(pattern)
    window = Window(card)
    for placement in placements.split():
        cell_text, _, die_text = placement.partition("=")
        cell = parse_cell(cell_text)
        if window.dice[cell] >= 0:
            raise ValueError(f"{cell_text} is given two dice")
        window.place(parse_window_die(die_text), cell)
    return window
