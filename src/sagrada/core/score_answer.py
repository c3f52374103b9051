"""The answer to a physical game's window scored for a page (``POST /api/score``): the
breakdown with each part's formula and cells, the warnings with their cells, and the window
read back: its pattern's name and grid, and each cell's die as a structure (colour and value,
or a masterwork die's symbol and rotation), so that a page never reads a die's notation.

>>> from sagrada.core.position import make_window
>>> answer = window_json(make_window("..... ..... ..... .....", "A1=R3"))
>>> answer["cells"][0], answer["cells"][1]
({'colour': 'R', 'value': 3}, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sagrada.core.cells import NUM_CELLS
from sagrada.core.dice import (
    COLOUR_LETTERS,
    DIE_COLOUR,
    DIE_PIPS,
    SYMBOLS,
    die_rotation,
    die_symbol,
    is_masterwork,
)
from sagrada.core.messages import Message
from sagrada.core.scoring import ScoreBreakdown
from sagrada.core.window import EMPTY, Window


def score_answer(
    breakdown: ScoreBreakdown,
    warnings: Sequence[dict[str, Any]],
    window: dict[str, Any],
) -> dict[str, Any]:
    """Return the answer for one window: the total, the tie-break figures, every part with
    its formula, cells and whether it counts (``points`` as ``sagrada score --json`` gives
    them: 0 for a solo private objective that does not count), the ``warnings`` and the
    ``window`` (:func:`window_json`)."""
    answer = breakdown.detail_json()
    for part in answer["parts"]:
        if not part["counted"]:
            part["points"] = 0
    return {**answer, "warnings": list(warnings), "window": window}


def warning_json(message: Message, cells: Sequence[str] = ()) -> dict[str, Any]:
    """A warning as the answer gives it: its English ``text``, its ``message`` and the
    ``cells`` it is about (none for a warning about no cell)."""
    return {"text": str(message), "message": message.to_json(), "cells": list(cells)}


def window_json(
    window: Window, name: str | None = None, letters: str = COLOUR_LETTERS
) -> dict[str, Any]:
    """Return ``{"name", "grid", "cells"}`` of ``window``.

    Args:
        window: the window.
        name: the pattern's name, or ``None`` where it is not known (a blank pattern).
        letters: the colour letters by colour index, in the grid and the cells (the card
            game's black takes purple's place).

    Returns:
        ``grid``: the pattern's four rows (``.`` free, a colour letter, a value);
        ``cells``: 20 entries, A1 to D5: ``None`` for an open space, ``{"colour", "value"}``
        for a die, ``{"symbol", "rotation"}`` for a masterwork die (Life).
    """
    swap = str.maketrans(COLOUR_LETTERS, letters)
    cells: list[dict[str, Any] | None] = []
    for cell in range(NUM_CELLS):
        die = window.dice[cell]
        if die == EMPTY:
            cells.append(None)
        elif is_masterwork(die):
            cells.append({"symbol": SYMBOLS[die_symbol(die)], "rotation": die_rotation(die)})
        else:
            cells.append({"colour": letters[DIE_COLOUR[die]], "value": DIE_PIPS[die]})
    return {
        "name": name,
        "grid": [row.translate(swap) for row in window.pattern.grid],
        "cells": cells,
    }
