"""The card game's tool cards (HOUSE-CONTENT.md, "The card game"; the rulebook's table was an
image), each used once, paid with a drawn card of the value it shows, as one of the round's two
turns.

A tool works on :class:`~sagrada.games.cards.table.CardTable` in steps, like the dice game's tools:
``start`` once paid (``True`` if it is already done), then ``actions`` / ``apply`` until
``apply`` returns ``True``. ``can_start`` says whether the whole effect can happen with the
cards in hand (the paying card already out of it): "It is not allowed to use a card for a
tool without using the tool."
"""

from __future__ import annotations

from typing import Final

from sagrada.core.cells import cell_list
from sagrada.core.messages import Message, msg
from sagrada.core.moves import any_move, do_move, move_targets
from sagrada.games.cards import actions as A
from sagrada.games.cards.table import CardTable


def _moves(
    table: CardTable, sources: int, ignore_colour: bool = False, ignore_value: bool = False
) -> list[int]:
    window = table.window
    return [
        A.move(source, target)
        for source in cell_list(sources & window.occupied)
        for target in cell_list(
            move_targets(window, source, ignore_colour=ignore_colour, ignore_value=ignore_value)
        )
    ]


class CardTool:
    """A tool card's effect (the default: nothing to decide)."""

    number = 0

    def can_start(self, table: CardTable) -> bool:
        return True

    def start(self, table: CardTable) -> bool:
        return False

    def actions(self, table: CardTable) -> list[int]:
        return []

    def apply(self, table: CardTable, action: int) -> bool:
        return True

    def prompt(self, table: CardTable) -> Message:
        return msg("prompt.choose")


class MoveOne(CardTool):
    """Move one card, ignoring the space's colour (Eglomise Brush) or value (Copper Foil
    Burnisher) restriction."""

    def __init__(self, number: int, ignore_colour: bool, ignore_value: bool) -> None:
        self.number = number
        self.ignore_colour = ignore_colour
        self.ignore_value = ignore_value

    def can_start(self, table: CardTable) -> bool:
        window = table.window
        return any_move(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )

    def actions(self, table: CardTable) -> list[int]:
        return _moves(table, table.window.occupied, self.ignore_colour, self.ignore_value)

    def apply(self, table: CardTable, action: int) -> bool:
        source, target = A.args(action)
        do_move(
            table.window,
            source,
            target,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )
        return True

    def prompt(self, table: CardTable) -> Message:
        return msg("cards.tool.move")


class GlazingHammer(CardTool):
    """Return the other drawn cards to the bottom of the pile and draw that many new ones."""

    number = 3

    def can_start(self, table: CardTable) -> bool:
        return bool(table.hand)

    def start(self, table: CardTable) -> bool:
        table.refill()  # new cards: from the discarded ones if the pile is used up
        others, table.hand = table.hand, []
        for card in others:
            table.to_bottom(card)
        for _ in others:
            drawn = table.draw()
            if drawn is not None:
                table.hand.append(drawn)
        return True


class Lathekin(CardTool):
    """Move exactly two cards, one after the other."""

    number = 4

    def _first(self, table: CardTable, stop_at_one: bool) -> list[int]:
        window = table.window
        out = []
        for action in _moves(table, window.occupied):
            source, target = A.args(action)
            saved = window.waived_colour, window.waived_value
            do_move(window, source, target)
            second = any_move(window, window.occupied & ~(1 << target))
            do_move(window, target, source)
            window.waived_colour, window.waived_value = saved
            if second:
                out.append(action)
                if stop_at_one:
                    break
        return out

    def can_start(self, table: CardTable) -> bool:
        return bool(self._first(table, stop_at_one=True))

    def actions(self, table: CardTable) -> list[int]:
        if table.stage == 0:
            return self._first(table, stop_at_one=False)
        return _moves(table, table.window.occupied & ~(1 << table.memo))

    def apply(self, table: CardTable, action: int) -> bool:
        source, target = A.args(action)
        do_move(table.window, source, target)
        if table.stage == 0:
            table.stage, table.memo = 1, target
            return False
        return True

    def prompt(self, table: CardTable) -> Message:
        return msg("cards.tool.move_first") if table.stage == 0 else msg("cards.tool.move_second")


class LensCutter(CardTool):
    """Swap a drawn card with a card of the turn bar."""

    number = 5

    def can_start(self, table: CardTable) -> bool:
        return bool(table.hand) and any(table.bar)

    def actions(self, table: CardTable) -> list[int]:
        if table.stage == 0:
            return sorted({A.choose(card) for card in table.hand})
        return sorted({A.bar(i + 1, c) for i, stack in enumerate(table.bar) for c in stack})

    def apply(self, table: CardTable, action: int) -> bool:
        if table.stage == 0:
            table.memo = A.args(action)[0]
            table.stage = 1
            return False
        round_number, card = A.args(action)
        stack = table.bar[round_number - 1]
        stack[stack.index(card)] = table.memo
        table.hand[table.hand.index(table.memo)] = card
        return True

    def prompt(self, table: CardTable) -> Message:
        if table.stage == 0:
            return msg("cards.tool.lens_hand")
        return msg("cards.tool.lens_bar")


class CorkBackedStraightedge(CardTool):
    """Place a drawn card on a space with no card in any of its 8 neighbours: the round's one
    placement besides its tool ("put one of them in his window and use a tool with one card"),
    so only in a round with no card placed yet, and the round ends with it."""

    number = 6

    def actions(self, table: CardTable) -> list[int]:
        window = table.window
        return [
            A.place(card, cell)
            for card in sorted(set(table.hand))
            for cell in cell_list(window.legal_cells(card, isolated=True))
        ]

    def can_start(self, table: CardTable) -> bool:
        window = table.window
        return not table.placed and any(
            window.legal_cells(card, isolated=True) for card in table.hand
        )

    def apply(self, table: CardTable, action: int) -> bool:
        card, cell = A.args(action)
        table.hand.remove(card)
        table.window.place(card, cell)
        table.placed += 1
        table.turn = 1  # both turns of the round are used: the tool and its placement
        return True

    def prompt(self, table: CardTable) -> Message:
        return msg("cards.tool.cork")


class RunningPliers(CardTool):
    """Next round, draw 4 cards instead of 3 (so not in the last round)."""

    number = 7

    def can_start(self, table: CardTable) -> bool:
        return table.round < A.ROUNDS - 1

    def start(self, table: CardTable) -> bool:
        table.more = True
        return True


class FluxRemover(CardTool):
    """Put a drawn card at the bottom of the pile and draw the top card."""

    number = 8

    def can_start(self, table: CardTable) -> bool:
        return bool(table.hand)

    def actions(self, table: CardTable) -> list[int]:
        return sorted({A.choose(card) for card in table.hand})

    def apply(self, table: CardTable, action: int) -> bool:
        card = A.args(action)[0]
        table.hand.remove(card)
        table.refill()  # the top card: from the discarded ones if the pile is used up
        table.to_bottom(card)
        drawn = table.draw()
        if drawn is not None:
            table.hand.append(drawn)
        return True

    def prompt(self, table: CardTable) -> Message:
        return msg("cards.tool.flux")


class TapWheel(CardTool):
    """Move up to two cards of one colour that matches a card in the turn bar."""

    number = 9

    def _sources(self, table: CardTable) -> int:
        mask = 0
        for colour in {c // 6 for stack in table.bar for c in stack}:
            mask |= table.window.by_colour[colour]
        return mask

    def can_start(self, table: CardTable) -> bool:
        return any_move(table.window, self._sources(table))

    def actions(self, table: CardTable) -> list[int]:
        window = table.window
        if table.stage == 0:
            return _moves(table, self._sources(table))
        colour = window.dice[table.memo] // 6
        return [*_moves(table, window.by_colour[colour] & ~(1 << table.memo)), A.STOP]

    def apply(self, table: CardTable, action: int) -> bool:
        if action == A.STOP:
            return True
        window = table.window
        source, target = A.args(action)
        do_move(window, source, target)
        if table.stage == 0:
            table.stage, table.memo = 1, target
            colour = window.dice[target] // 6
            return not any_move(window, window.by_colour[colour] & ~(1 << target))
        return True

    def prompt(self, table: CardTable) -> Message:
        if table.stage == 0:
            return msg("cards.tool.tap_first")
        return msg("cards.tool.tap_second")


#: Every tool card's effect, by number.
TOOLS: Final[dict[int, CardTool]] = {
    tool.number: tool
    for tool in (
        MoveOne(1, ignore_colour=True, ignore_value=False),
        MoveOne(2, ignore_colour=False, ignore_value=True),
        GlazingHammer(),
        Lathekin(),
        LensCutter(),
        CorkBackedStraightedge(),
        RunningPliers(),
        FluxRemover(),
        TapWheel(),
    )
}
