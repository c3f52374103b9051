"""The card game's cards that are not glass cards: order cards, tool cards and glass windows.

The rulebook's tables were images; the project's tables (``HOUSE-CONTENT.md``, "The card
game") are shipped in ``content/card_game.json`` and labelled house content:

* 9 basic orders: the base game's public objectives but Color Diagonals, with their VP (each
  may score several times, as the objective does);
* 6 unique orders: Shades of Red, Green, Yellow, Blue and Black (the sum of that colour's
  values, as a private objective) and Color Diagonals;
* 9 tool cards, each paid with a drawn card of the value it shows (their effects are
  :mod:`sagrada.games.cards.tools`);
* the glass windows: the base game's 24 window patterns, purple read as black, difficulty as
  printed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Final

from sagrada.core.content import PrivateObjective, PublicObjective, WindowPattern, catalog
from sagrada.core.messages import Message, content_message, msg
from sagrada.core.scoring import ScorePart, score_private, score_public
from sagrada.core.window import Window
from sagrada.games.cards.cards import CARD_COLOURS

#: The content file.
FILENAME: Final = "card_game.json"
#: The kinds of order card.
BASIC: Final = "basic"
UNIQUE: Final = "unique"


@dataclass(frozen=True, slots=True)
class Order:
    """An order card: ``kind`` basic or unique; it scores like a base public objective
    (``public``) or like a private objective of one colour (``shades``)."""

    id: str
    name: str
    kind: str
    public: PublicObjective | None
    shades: PrivateObjective | None

    def score(self, window: Window) -> ScorePart:
        """Score the order for ``window`` (a part of kind ``"order"``)."""
        if self.public is not None:
            part = score_public(window, self.public)
        else:
            assert self.shades is not None
            part = score_private(window, self.shades)
        return replace(
            part,
            kind="order",
            formula=_card_words(part.formula),
            name_message=content_message(f"{self.key}.name", self.name),
        )

    @property
    def vp(self) -> int:
        """The VP per unit (a shades order: 1 per pip)."""
        return self.public.vp if self.public is not None else 1

    @property
    def key(self) -> str:
        """The order's key in the message catalogues: its public objective's
        (``card.public.<id>``), or a shades order's own (``cards.order.<id>``)."""
        return self.public.key if self.public is not None else f"cards.order.{self.id}"

    def words(self) -> dict[str, str]:
        """The order's words by field, in English (its name; its text is its public
        objective's, or made from its colour)."""
        return {"name": self.name}


def _card_words(formula: Message) -> Message:
    """A scoring formula as the card game says it: cards, not dice, and black, not purple."""
    params = formula.params
    if formula.id == "formula.die":
        return msg("cards.formula.card", n=params["n"], vp=params["vp"])
    if formula.id == "formula.no_colour":
        letter = params["colour"]
        name = msg("cards.colour.black") if letter == "P" else msg(f"colour.{letter}")
        return msg("cards.formula.no_colour", name=name)
    return formula


@dataclass(frozen=True, slots=True)
class Tool:
    """A tool card: its number (1-9), name, the value of the card that pays for it, text."""

    number: int
    name: str
    pay: int
    text: str

    @property
    def key(self) -> str:
        """The tool's key in the message catalogues (``cards.tool.<number>``)."""
        return f"cards.tool.{self.number}"

    def words(self) -> dict[str, str]:
        """The tool's words by field, in English: what the catalogues translate."""
        return {"name": self.name, "text": self.text}


@dataclass(frozen=True, slots=True)
class CardContent:
    """Every order, tool and glass window of the card game."""

    orders: tuple[Order, ...]
    tools: tuple[Tool, ...]
    windows: tuple[WindowPattern, ...]
    house: bool

    def order(self, key: str) -> Order:
        """The order with this id or name (case-insensitive).

        Raises:
            KeyError: if there is none (also for a key that is not text: orders have no
                numbers).
        """
        if not isinstance(key, str):
            raise KeyError(key)
        wanted = key.strip().lower()
        for order in self.orders:
            if wanted in (order.id, order.name.lower()):
                return order
        raise KeyError(key)

    def tool(self, key: int | str) -> Tool:
        """The tool with this number or name (case-insensitive).

        Raises:
            KeyError: if there is none.
        """
        for tool in self.tools:
            if key == tool.number or (
                isinstance(key, str) and key.strip().lower() == tool.name.lower()
            ):
                return tool
        raise KeyError(key)

    def card_words(self) -> dict[str, str]:
        """The words of the card game's own cards in English, by their id in the message
        catalogues: its tools' and its shades orders' (the other orders are the dice game's
        public objectives, with their words)."""
        cards: list[Tool | Order] = [*self.tools, *(o for o in self.orders if o.public is None)]
        return {
            f"{card.key}.{field}": english
            for card in cards
            for field, english in card.words().items()
        }

    def window(self, name: str) -> WindowPattern:
        """The glass window called ``name`` (case-insensitive).

        Raises:
            KeyError: if there is none.
        """
        for window in self.windows:
            if window.name.lower() == name.strip().lower():
                return window
        raise KeyError(name)


@cache
def content() -> CardContent:
    """The card game's content (read once)."""
    text = resources.files("sagrada.content").joinpath(FILENAME).read_text(encoding="utf-8")
    data = json.loads(text)
    cards = catalog()
    orders = [
        Order(i, cards.public(i).name, BASIC, cards.public(i), None) for i in data["basic_orders"]
    ]
    for entry in data["unique_orders"]:
        if "public" in entry:
            public = cards.public(entry["public"])
            orders.append(Order(entry["id"], public.name, UNIQUE, public, None))
        else:
            colour = CARD_COLOURS.index(entry["colour"])
            shades = PrivateObjective(entry["id"], entry["name"], colour)
            orders.append(Order(entry["id"], entry["name"], UNIQUE, None, shades))
    tools = tuple(Tool(t["number"], t["name"], t["pay"], t["text"]) for t in data["tools"])
    windows = tuple(w for w in cards.windows if w.pack == "base")
    return CardContent(tuple(orders), tools, windows, bool(data.get("house", False)))
