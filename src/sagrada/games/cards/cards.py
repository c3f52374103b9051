"""Glass cards: 30 cards, five colours (red, yellow, green, blue, black) by six values.

A card is an ``int`` like a die of the dice game, ``colour * 6 + value - 1``, so that the
window's placement masks and the objectives' scoring read it unchanged: black takes purple's
place (colour 4), as the glass windows read the base patterns' purple as black. It is written
with its colour letter ``R Y G B K`` and its value: ``K5``.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.errors import InvalidNotationError
from sagrada.core.messages import msg

#: The colour letters of the cards, by colour index (black where the dice have purple).
CARD_COLOURS: Final = "RYGBK"
#: Every card, and its name.
NUM_CARDS: Final = 30
CARD_NAMES: Final = tuple(f"{CARD_COLOURS[c // 6]}{c % 6 + 1}" for c in range(NUM_CARDS))
_BY_NAME: Final = {name: card for card, name in enumerate(CARD_NAMES)}


def card_value(card: int) -> int:
    """The value (1-6) of ``card``."""
    return card % 6 + 1


def card_colour(card: int) -> int:
    """The colour index (0-4) of ``card``."""
    return card // 6


def parse_card(text: str) -> int:
    """The card written ``text`` (``"K5"``, case-insensitive).

    Raises:
        InvalidNotationError: if ``text`` is not a colour letter R Y G B K and a value 1-6.
    """
    card = _BY_NAME.get(text.strip().upper())
    if card is None:
        raise InvalidNotationError(msg("cards.notation.card", text=repr(text)))
    return card


def grid_row(row: str) -> str:
    """A window pattern's row as the card game shows it: purple restrictions read as black."""
    return row.replace("P", "K")
