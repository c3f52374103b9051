"""Observation vectors made from what one player may know: a dice game's view, a card game's
view.

Every environment of :mod:`sagrada.rl` encodes its observations here, so PettingZoo,
Gymnasium and OpenSpiel agents see the same numbers. An encoder reads a view
(:func:`sagrada.core.views.make_view`, :func:`sagrada.games.cards.views.make_card_view`), never
the game state: another player's private objective and the bag's order cannot leak into it.

Every entry is a float in ``[0, 1]``: flags and one-hot codes are 0 or 1, counts are divided
by the largest count they can reach (and clipped to 1). The layout, a list of named segments,
depends only on the game's configuration (the players, the tool cards, Life's modules); the
tables of the layouts are in :mod:`sagrada.rl` (the dice game) and :mod:`sagrada.rl.gym_envs`
(the card game), and :meth:`Layout.table` prints them from the code.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from sagrada.core.actions import MAX_APPRENTICE, MAX_TOOL, NUM_SLOTS
from sagrada.core.apprentice_cards import NAME as APPRENTICE
from sagrada.core.apprentice_table import UNKNOWN, Apprentice
from sagrada.core.cells import NUM_CELLS
from sagrada.core.config import ROUNDS, GameConfig
from sagrada.core.content import WindowPattern, catalog
from sagrada.core.dice import (
    COLOUR_LETTERS,
    DIE_COLOUR,
    DIE_VALUE,
    NUM_FACES,
    NUM_VALUE_CLASSES,
    NUM_WINDOW_COLOURS,
    SYMBOLS,
)
from sagrada.core.masterwork_board import NAME as MASTERWORK
from sagrada.core.masterwork_board import Board
from sagrada.core.state import Phase
from sagrada.core.views import PlayerView
from sagrada.core.window import Window
from sagrada.games.cards.cards import NUM_CARDS
from sagrada.games.cards.content import content as card_content
from sagrada.games.cards.views import CardView

Vector = npt.NDArray[np.float32]

#: Window options a player chooses from at setup.
WINDOW_OPTIONS: Final = 4
#: Bits of the turn's progress (``used``) shown: the draft, the tool, the modules' parts.
TURN_BITS: Final = 8
#: Tool steps told apart (the payment step, then steps 0-8).
TOOL_STAGES: Final = 10
#: Favor tokens (on a tool card or a player's) that count as "many" (1.0).
MANY_TOKENS: Final = 10
#: A face's count in a pool or on a round of the track that counts as 1.0.
MAX_FACE_COUNT: Final = 13
#: Per cell of a window: the die's colour (6, orange last) and value class (12: 1-6, then the
#: masterwork symbols).
DIE_FEATURES: Final = NUM_WINDOW_COLOURS + NUM_VALUE_CLASSES - 1
#: Per cell of a window pattern: the colour asked (5), the value asked (6), an apprentice space.
PATTERN_FEATURES: Final = 5 + 6 + 1
#: Apprentice cards in a hand that count as "many" (1.0).
MANY_CARDS: Final = 10
#: The masterwork board's spaces (two slots each).
MASTERWORK_SPACES: Final = NUM_SLOTS // 2


@dataclass(frozen=True, slots=True)
class Segment:
    """A named slice of an observation vector."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """The end of the slice (exclusive)."""
        return self.start + self.size


@dataclass(slots=True)
class Layout:
    """The segments of an observation vector, in order."""

    segments: list[Segment] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a segment; return its start."""
        self.segments.append(Segment(name, self.size, size, meaning))
        self.size += size
        return self.size - size

    def slices(self) -> dict[str, slice]:
        """Each segment's slice, by name."""
        return {s.name: slice(s.start, s.stop) for s in self.segments}

    def table(self, width: int = 61) -> str:
        """The layout as a reStructuredText table (the modules' docstrings show it)."""
        head = ("Size", "Slice", "Name", "Meaning")
        rows = []
        for s in self.segments:
            where = str(s.start) if s.size == 1 else f"{s.start}-{s.stop - 1}"
            lines = textwrap.wrap(s.meaning, width)
            rows.append((str(s.size), where, s.name, lines[0]))
            rows += [("", "", "", line) for line in lines[1:]]
        widths = [max(len(r[i]) for r in [*rows, head]) for i in range(4)]
        rule = "  ".join("=" * w for w in widths)

        def line(cells: tuple[str, ...]) -> str:
            return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

        return "\n".join([rule, line(head), rule, *(line(r) for r in rows), rule])


def _ids(items: tuple[str, ...] | list[str]) -> dict[str, int]:
    return {key: i for i, key in enumerate(items)}


class DiceEncoder:
    """Encodes a dice game's views for a configuration (see :mod:`sagrada.rl` for the table).

    Seats are relative to the viewer: block 0 is the viewer's own, block 1 the next seat, and
    so on, so one policy can play any seat.
    """

    def __init__(self, config: GameConfig) -> None:
        rules = config.rules
        self.players = config.players
        self.num_tools = rules.num_tools
        self.dice_per_colour = rules.dice_per_colour
        cards = catalog()
        self.public_index = _ids([o.id for o in cards.publics])
        self.private_index = _ids([o.id for o in cards.privates])
        layout = self.layout = Layout()
        self.o_phase = layout.add("phase", 3, "setup, play, over (one-hot)")
        self.o_round = layout.add("round", ROUNDS, "the round 1-10 (one-hot; none once over)")
        self.o_first = layout.add("first_turn", 1, "1 in a player's first turn of the round")
        self.o_current = layout.add(
            "current", self.players, "the seat deciding now, relative to the viewer (one-hot)"
        )
        self.o_start = layout.add(
            "start_player", self.players, "the round's start player, relative (one-hot)"
        )
        self.o_used = layout.add(
            "turn_done", TURN_BITS, "parts of the turn done: drafted, tool used, module parts"
        )
        self.o_pool = layout.add(
            "draft_pool", NUM_FACES, "Draft Pool: dice of each face R1..P6 / 13"
        )
        self.o_held = layout.add("held_die", NUM_FACES, "the die a tool holds (one-hot)")
        self.o_track = layout.add(
            "round_track", ROUNDS * NUM_FACES, "Round Track: per round, dice of each face / 13"
        )
        self.o_bag = layout.add("bag", 5, "dice of each colour left in the bag / dice per colour")
        self.tool_block = MAX_TOOL + 2
        self.o_tools = layout.add(
            "tools",
            self.num_tools * self.tool_block,
            f"per tool card in play ({self.num_tools}): its number 1-{MAX_TOOL} (one-hot), "
            "favor tokens on it / 10, used (solo)",
        )
        self.o_tool_use = layout.add("tool_in_use", MAX_TOOL, "the tool card in use (one-hot)")
        self.o_stage = layout.add(
            "tool_stage", TOOL_STAGES, "its step: payment, then 0-8 (one-hot)"
        )
        self.o_publics = layout.add(
            "public_objectives",
            len(self.public_index),
            "public objectives in play (multi-hot, catalogue order)",
        )
        self.o_privates = layout.add(
            "private_objectives",
            len(self.private_index),
            "the viewer's own (multi-hot, catalogue order)",
        )
        self.seat_block = NUM_CELLS * DIE_FEATURES + NUM_CELLS * PATTERN_FEATURES + 2 + NUM_FACES
        self.o_seats = layout.add(
            "seats",
            self.players * self.seat_block,
            f"per seat from the viewer's ({self.players} blocks of {self.seat_block}): "
            f"window dice (20 cells x {DIE_FEATURES}: colour RYGBP+orange, value 1-6 and 6 "
            f"symbols), window pattern (20 x {PATTERN_FEATURES}: colour, value, apprentice "
            "space), has a window, favor tokens / 10, own dice of each face / 13",
        )
        self.option_block = NUM_CELLS * PATTERN_FEATURES + 1
        self.o_options = layout.add(
            "window_options",
            WINDOW_OPTIONS * self.option_block,
            f"setup: the viewer's {WINDOW_OPTIONS} window patterns (20 x {PATTERN_FEATURES} "
            "each, then difficulty / 6)",
        )

        modules = config.modules
        self.masterwork = MASTERWORK in modules
        if self.masterwork:
            self.o_board = layout.add(
                "masterwork_board",
                MASTERWORK_SPACES * (1 + len(SYMBOLS)),
                f"Life's masterwork board, per space ({MASTERWORK_SPACES}): masterwork dice "
                "left / 2, the symbol on top (one-hot)",
            )
            self.o_slots = layout.add(
                "masterwork_slots",
                NUM_SLOTS * NUM_FACES,
                f"per slot of the board ({NUM_SLOTS}): the die in it (one-hot)",
            )
        self.apprentice = APPRENTICE in modules
        if self.apprentice:
            self.o_hand = layout.add(
                "apprentice_hand", MAX_APPRENTICE, "Life's apprentice cards in the viewer's hand"
            )
            self.o_active = layout.add(
                "apprentice_active",
                self.players * MAX_APPRENTICE,
                "per seat from the viewer's: its activated apprentice cards",
            )
            self.o_hand_sizes = layout.add(
                "apprentice_hands", self.players, "per seat from the viewer's: cards in hand / 10"
            )
            self.o_discard = layout.add(
                "apprentice_discard", MAX_APPRENTICE, "apprentice cards on the discard pile"
            )
            self.o_offer = layout.add(
                "apprentice_offer", MAX_APPRENTICE, "the cards the viewer looks at to keep one"
            )
            self.o_turn = layout.add(
                "apprentice_turn",
                3,
                f"cards in the deck / {MAX_APPRENTICE}, gained a card this turn, "
                "Steady Hand in effect",
            )

    @property
    def size(self) -> int:
        """The length of an observation."""
        return self.layout.size

    def encode(self, view: PlayerView) -> Vector:
        """The observation of ``view``'s player (a spectator sees seat 0's side)."""
        out = np.zeros(self.size, dtype=np.float32)
        s = view.state
        me = max(view.player, 0)
        n = self.players
        out[self.o_phase + int(s.phase)] = 1
        if s.phase == Phase.PLAY:
            out[self.o_round + s.round] = 1
            out[self.o_first] = float(s.first_turn)
            out[self.o_start + (s.start_player - me) % n] = 1
            for bit in range(TURN_BITS):
                out[self.o_used + bit] = s.used >> bit & 1
        if s.current >= 0:
            out[self.o_current + (s.current - me) % n] = 1
        _counts(out, self.o_pool, s.pool, MAX_FACE_COUNT)
        if 0 <= s.held < NUM_FACES:
            out[self.o_held + s.held] = 1
        for r, dice in enumerate(s.track[:ROUNDS]):
            _counts(out, self.o_track + r * NUM_FACES, dice, MAX_FACE_COUNT)
        for colour in range(5):
            out[self.o_bag + colour] = min(s.bag[colour] / self.dice_per_colour, 1.0)
        for slot, card in enumerate(s.tools[: self.num_tools]):
            base = self.o_tools + slot * self.tool_block
            out[base + card.id - 1] = 1
            out[base + MAX_TOOL] = min(s.tool_tokens[slot] / MANY_TOKENS, 1.0)
            out[base + MAX_TOOL + 1] = float(s.tool_spent[slot])
        if s.tool_slot >= 0:
            out[self.o_tool_use + s.tool_number - 1] = 1
            out[self.o_stage + min(s.stage + 1, TOOL_STAGES - 1)] = 1
        for objective in s.publics:
            out[self.o_publics + self.public_index[objective.id]] = 1
        if view.player >= 0:
            for private in s.players[me].privates:
                out[self.o_privates + self.private_index[private.id]] = 1
        for k in range(n):
            player = s.players[(me + k) % n]
            base = self.o_seats + k * self.seat_block
            if player.window is not None:
                _window(out, base, player.window)
                _pattern(out, base + NUM_CELLS * DIE_FEATURES, player.window.pattern)
                out[base + self.seat_block - NUM_FACES - 2] = 1
            out[base + self.seat_block - NUM_FACES - 1] = min(player.favor / MANY_TOKENS, 1.0)
            _counts(out, base + self.seat_block - NUM_FACES, player.own_pool, MAX_FACE_COUNT)
        if view.player >= 0 and s.phase == Phase.SETUP:
            for k, pattern in enumerate(s.players[me].options[:WINDOW_OPTIONS]):
                base = self.o_options + k * self.option_block
                _pattern(out, base, pattern)
                out[base + self.option_block - 1] = min(pattern.difficulty / 6, 1.0)
        if self.masterwork:
            board = s.components.get(MASTERWORK)
            if isinstance(board, Board):
                self._board(out, board)
        if self.apprentice:
            cards = s.components.get(APPRENTICE)
            if isinstance(cards, Apprentice):
                self._apprentice(out, cards, me)
        return out

    def _board(self, out: Vector, board: Board) -> None:
        for space in range(MASTERWORK_SPACES):
            base = self.o_board + space * (1 + len(SYMBOLS))
            out[base] = min(board.left[space] / 2, 1.0)
            if board.symbols[space] >= 0:
                out[base + 1 + board.symbols[space]] = 1
        for slot, die in enumerate(board.slots[:NUM_SLOTS]):
            if 0 <= die < NUM_FACES:
                out[self.o_slots + slot * NUM_FACES + die] = 1

    def _apprentice(self, out: Vector, cards: Apprentice, me: int) -> None:
        n = self.players
        for card in cards.hands[me]:
            if card != UNKNOWN:
                out[self.o_hand + card - 1] = 1
        for k in range(n):
            seat = (me + k) % n
            for card in cards.active[seat]:
                out[self.o_active + k * MAX_APPRENTICE + card - 1] = 1
            out[self.o_hand_sizes + k] = min(len(cards.hands[seat]) / MANY_CARDS, 1.0)
        for card in cards.discard:
            out[self.o_discard + card - 1] = 1
        for card in cards.offer:
            if card != UNKNOWN:
                out[self.o_offer + card - 1] = 1
        out[self.o_turn] = min(len(cards.deck) / MAX_APPRENTICE, 1.0)
        out[self.o_turn + 1] = float(cards.gained)
        out[self.o_turn + 2] = float(cards.steady >= 0)


class CardEncoder:
    """Encodes the solo card game's views (see :mod:`sagrada.rl.gym_envs` for the table)."""

    def __init__(self) -> None:
        cards = card_content()
        self.order_index = _ids([o.id for o in cards.orders])
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
        for cell, (colour, value) in enumerate(_asks(s.window.pattern)):
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


def _counts(out: Vector, start: int, dice: list[int], most: int) -> None:
    for die in dice:
        if 0 <= die < NUM_FACES:
            out[start + die] = min(out[start + die] + 1 / most, 1.0)


def _window(out: Vector, start: int, window: Window) -> None:
    for cell, die in enumerate(window.dice):
        if die >= 0:
            base = start + cell * DIE_FEATURES
            out[base + DIE_COLOUR[die]] = 1
            out[base + NUM_WINDOW_COLOURS + DIE_VALUE[die] - 1] = 1


def _asks(pattern: WindowPattern) -> list[tuple[int, int]]:
    """Each cell's restriction: (colour index or -1, value or 0)."""
    out = []
    for row in pattern.grid:
        for char in row:
            colour = COLOUR_LETTERS.find(char.upper()) if char.isalpha() else -1
            out.append((colour, int(char) if char.isdigit() else 0))
    return out


def _pattern(out: Vector, start: int, pattern: WindowPattern) -> None:
    for cell, (colour, value) in enumerate(_asks(pattern)):
        base = start + cell * PATTERN_FEATURES
        if colour >= 0:
            out[base + colour] = 1
        if value > 0:
            out[base + 4 + value] = 1
        if pattern.apprentice >> cell & 1:
            out[base + PATTERN_FEATURES - 1] = 1
