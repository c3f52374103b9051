"""Moving a die within a window, as tool cards of every game do: the cells it may move to, and
the move itself, noting the restrictions the card waives (the placement rules of a move are
:meth:`sagrada.core.window.Window.move_cells`)."""

from __future__ import annotations

from sagrada.core.cells import Mask
from sagrada.core.dice import DIE_COLOUR, DIE_VALUE
from sagrada.core.window import Window


def move_targets(
    window: Window, source: int, *, ignore_colour: bool = False, ignore_value: bool = False
) -> Mask:
    """Return the cells the die on ``source`` may move to (the window is left unchanged)."""
    return window.move_cells(source, ignore_colour=ignore_colour, ignore_value=ignore_value)


def do_move(
    window: Window,
    source: int,
    target: int,
    *,
    ignore_colour: bool = False,
    ignore_value: bool = False,
) -> None:
    """Move the die on ``source`` to ``target``, noting a restriction the card waives."""
    die = window.move(source, target)
    b = 1 << target
    if ignore_colour and not window.pattern.colour_ok[DIE_COLOUR[die]] & b:
        window.waived_colour |= b
    if ignore_value and not window.pattern.value_ok[DIE_VALUE[die]] & b:
        window.waived_value |= b


def any_move(
    window: Window, sources: Mask, *, ignore_colour: bool = False, ignore_value: bool = False
) -> bool:
    """Return whether any die on ``sources`` can move somewhere."""
    mask = sources & window.occupied
    while mask:  # stops at the first die that can move
        low = mask & -mask
        if window.move_cells(
            low.bit_length() - 1, ignore_colour=ignore_colour, ignore_value=ignore_value
        ):
            return True
        mask ^= low
    return False
