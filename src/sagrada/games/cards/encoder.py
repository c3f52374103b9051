"""The solo card game's observation encoder: the vector the player's view is to the RL
adapters.

The entry names it (``GameEntry.encoder``: ``"sagrada.games.cards.encoder:CardEncoder"``);
:mod:`sagrada.rl` loads it (``Sagrada/Cards-v0``). It reads the player's view
(:func:`sagrada.games.cards.views.make_card_view`: the pile's order never in it). Every entry
is a float in ``[0, 1]``:

====  =======  ==============  =====================================================
Size  Slice    Name            Meaning
====  =======  ==============  =====================================================
10    0-9      round           the round 1-10 (one-hot; none once over)
2     10-11    turn            the turn of the round, 1 or 2 (one-hot)
220   12-231   window_cards    per cell: the card's colour (R Y G B K) and value 1-6
220   232-451  window_pattern  per cell: the colour and value it asks
30    452-481  hand            the cards drawn and not used (multi-hot)
300   482-781  turn_bar        per round played: the cards left (multi-hot)
30    782-811  discard         cards paid for tools (multi-hot)
30    812-841  pile_bottom     cards the player put under the pile (multi-hot)
1     842      pile_size       cards in the pile / 30
15    843-857  orders          orders in play (multi-hot)
9     858-866  tools           tool cards in play (multi-hot)
9     867-875  tools_used      tool cards used (multi-hot)
9     876-884  tool_in_use     the tool card in use (one-hot)
10    885-894  tool_stage      its step: payment, then 0-8 (one-hot)
1     895      tool_used       1 once a tool is used this round
====  =======  ==============  =====================================================
"""

from __future__ import annotations

import numpy as np

from sagrada.core.cells import NUM_CELLS
from sagrada.encoding_kit import TOOL_STAGES, Layout, Vector, ids, pattern_asks
from sagrada.games.cards.actions import ROUNDS
from sagrada.games.cards.cards import NUM_CARDS
from sagrada.games.cards.content import content as card_content
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.views import CardView


class CardEncoder:
    """Encodes the solo card game's views (the module's table).

    Args:
        options: the game's options; the layout is the same whatever they are (every tool
            card and order has its place), so they may be left out.
    """

    def __init__(self, options: CardOptions | None = None) -> None:
        cards = card_content()
        self.order_index = ids([o.id for o in cards.orders])
        self.tool_numbers = [t.number for t in cards.tools]
        tools = len(self.tool_numbers)
        layout = self.layout = Layout()
        self.o_round = layout.add("round", ROUNDS, "the round 1-10 (one-hot; none once over)")
        self.o_turn = layout.add("turn", 2, "the turn of the round, 1 or 2 (one-hot)")
        self.o_window = layout.add(
            "window_cards",
            NUM_CELLS * 11,
            "per cell: the card's colour (R Y G B K) and value 1-6",
        )
        self.o_pattern = layout.add(
            "window_pattern", NUM_CELLS * 11, "per cell: the colour and value it asks"
        )
        self.o_hand = layout.add("hand", NUM_CARDS, "the cards drawn and not used (multi-hot)")
        self.o_bar = layout.add(
            "turn_bar", ROUNDS * NUM_CARDS, "per round played: the cards left (multi-hot)"
        )
        self.o_discard = layout.add("discard", NUM_CARDS, "cards paid for tools (multi-hot)")
        self.o_bottom = layout.add(
            "pile_bottom", NUM_CARDS, "cards the player put under the pile (multi-hot)"
        )
        self.o_pile = layout.add("pile_size", 1, "cards in the pile / 30")
        self.o_orders = layout.add("orders", len(self.order_index), "orders in play (multi-hot)")
        self.o_tools = layout.add("tools", tools, "tool cards in play (multi-hot)")
        self.o_spent = layout.add("tools_used", tools, "tool cards used (multi-hot)")
        self.o_tool = layout.add("tool_in_use", tools, "the tool card in use (one-hot)")
        self.o_stage = layout.add(
            "tool_stage", TOOL_STAGES, "its step: payment, then 0-8 (one-hot)"
        )
        self.o_tool_used = layout.add("tool_used", 1, "1 once a tool is used this round")

    @property
    def size(self) -> int:
        """The length of an observation."""
        return self.layout.size

    def encode(self, view: CardView) -> Vector:
        """The observation of the player's view."""
        out = np.zeros(self.size, dtype=np.float32)
        s = view.state
        if not s.is_over:
            out[self.o_round + s.round] = 1
            out[self.o_turn + min(s.turn, 1)] = 1
        for cell, card in enumerate(s.window.dice):
            if card >= 0:
                out[self.o_window + cell * 11 + card // 6] = 1
                out[self.o_window + cell * 11 + 5 + card % 6] = 1
        for cell, (colour, value) in enumerate(pattern_asks(s.window.pattern)):
            if colour >= 0:
                out[self.o_pattern + cell * 11 + colour] = 1
            if value > 0:
                out[self.o_pattern + cell * 11 + 4 + value] = 1
        for card in s.hand:
            out[self.o_hand + card] = 1
        for r, stack in enumerate(s.bar[:ROUNDS]):
            for card in stack:
                out[self.o_bar + r * NUM_CARDS + card] = 1
        for card in s.discard:
            out[self.o_discard + card] = 1
        for card in s.bottom:
            out[self.o_bottom + card] = 1
        out[self.o_pile] = min((len(s.pile) + len(s.bottom)) / NUM_CARDS, 1.0)
        for order in s.orders:
            out[self.o_orders + self.order_index[order.id]] = 1
        for number in s.tools:
            out[self.o_tools + self.tool_numbers.index(number)] = 1
        for number in s.spent:
            out[self.o_spent + self.tool_numbers.index(number)] = 1
        if s.tool:
            out[self.o_tool + self.tool_numbers.index(s.tool)] = 1
            out[self.o_stage + min(s.stage + 1, TOOL_STAGES - 1)] = 1
        out[self.o_tool_used] = float(s.tool_used)
        return out
