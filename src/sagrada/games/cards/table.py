"""The card game in progress: every component and the progress of the game, as data.

The pile is kept as two parts: the cards nobody has seen in it (``pile``, in increasing
order; the top one is drawn at random, which is the same as drawing from a shuffled pile) and
under them the cards the player put at the bottom (``bottom``, the lowest first), whose order
the player knows. An empty pile is refilled by shuffling the discarded cards (``discard``:
those paid for tools).
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.rng import Rng
from sagrada.core.window import Window
from sagrada.games.cards.content import Order

#: The phases of a game.
PLAY: Final = 1
OVER: Final = 2
#: The cards drawn at the start of a round, and after Running Pliers.
DRAW: Final = 3
DRAW_MORE: Final = 4
#: A card a view does not show.
UNKNOWN: Final = -1


class CardTable:
    """The components and progress of one card game.

    Attributes:
        config: the options; rng: the game's chance (hidden).
        orders: the three order cards; tools: the numbers of the tool cards in play;
            spent: those used (each is used once, then discarded).
        window: the glass window; hand: the cards drawn this round and not used yet.
        pile, bottom, discard: see the module.
        bar: the turn bar, one stack of cards per round played.
        round: 0-9; turn: 0 or 1 within the round; placed: the cards placed this round;
        tool_used: a tool was used this round;
        more: the next round draws 4 cards (Running Pliers).
        tool: the tool card in use (0: none); stage, memo, held: its progress.
        history: the actions so far.
    """

    FIELDS: Final = (
        "config",
        "rng",
        "orders",
        "tools",
        "spent",
        "window",
        "hand",
        "pile",
        "bottom",
        "discard",
        "bar",
        "round",
        "turn",
        "tool_used",
        "more",
        "tool",
        "stage",
        "memo",
        "phase",
        "history",
    )

    def __init__(
        self,
        config: Any,
        rng: Rng,
        orders: tuple[Order, ...],
        tools: tuple[int, ...],
        window: Window,
    ) -> None:
        self.config = config
        self.rng = rng
        self.orders = orders
        self.tools = tools
        self.spent: list[int] = []
        self.window = window
        self.hand: list[int] = []
        self.pile: list[int] = []
        self.bottom: list[int] = []
        self.discard: list[int] = []
        self.bar: list[list[int]] = []
        self.round = 0
        self.turn = 0
        self.placed = 0
        self.tool_used = False
        self.more = False
        self.tool = 0
        self.stage = 0
        self.memo = 0
        self.phase = PLAY
        self.history: list[int] = []

    def copy_into(self, other: CardTable) -> None:
        """Copy every field into ``other`` (lists copied, cards and orders shared)."""
        other.config = self.config
        other.rng = self.rng.copy()
        other.orders = self.orders
        other.tools = self.tools
        other.spent = self.spent[:]
        other.window = self.window.copy()
        other.hand = self.hand[:]
        other.pile = self.pile[:]
        other.bottom = self.bottom[:]
        other.discard = self.discard[:]
        other.bar = [stack[:] for stack in self.bar]
        other.round = self.round
        other.turn = self.turn
        other.placed = self.placed
        other.tool_used = self.tool_used
        other.more = self.more
        other.tool = self.tool
        other.stage = self.stage
        other.memo = self.memo
        other.phase = self.phase
        other.history = self.history[:]

    # -- the pile ------------------------------------------------------------------------------

    def draw(self) -> int | None:
        """Draw the top card of the pile (refilled from the discarded cards when empty), or
        ``None`` if there is no card left anywhere."""
        self.refill()
        if not self.pile and not self.bottom:
            return None
        if self.pile:
            return self.pile.pop(self.rng.below(len(self.pile)))
        return self.bottom.pop()

    def refill(self) -> None:
        """If the pile is used up, shuffle the discarded cards into a new one ("When the deck
        is used up, the discarded cards are reshuffled to form a new deck")."""
        if not self.pile and not self.bottom and self.discard:
            self.pile = sorted(self.discard)
            self.discard = []

    def to_bottom(self, card: int) -> None:
        """Put ``card`` at the bottom of the pile."""
        self.bottom.insert(0, card)

    def cards(self) -> list[int]:
        """Every card wherever it is (the 30 glass cards: a check)."""
        placed = [c for c in self.window.dice if c >= 0]
        stacked = [c for stack in self.bar for c in stack]
        return sorted([*placed, *stacked, *self.hand, *self.pile, *self.bottom, *self.discard])

    def snapshot(self) -> dict[str, Any]:
        """Every field as plain data (two positions are the same when these are equal)."""
        return {
            "config": self.config.to_json(),
            "rng": self.rng.state,
            "orders": [o.id for o in self.orders],
            "tools": list(self.tools),
            "spent": list(self.spent),
            "window": {"name": self.window.pattern.name, "dice": list(self.window.dice)},
            "hand": list(self.hand),
            "pile": list(self.pile),
            "bottom": list(self.bottom),
            "discard": list(self.discard),
            "bar": [list(s) for s in self.bar],
            "round": self.round,
            "turn": self.turn,
            "placed": self.placed,
            "tool_used": self.tool_used,
            "more": self.more,
            "tool": self.tool,
            "stage": self.stage,
            "memo": self.memo,
            "phase": self.phase,
            "history": list(self.history),
        }
