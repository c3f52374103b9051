"""The dice game's observation encoder: the vector a player's view is to the RL adapters.

The entry names it (``GameEntry.encoder``: ``"sagrada.games.dice.encoder:DiceEncoder"``);
:mod:`sagrada.rl` loads it for PettingZoo, Gymnasium and OpenSpiel alike, so their agents see
the same numbers. It reads a view (:func:`sagrada.games.dice.rules.views.make_view`: the viewer's
own private objective, never another's; the bag's counts, never its order), never the game state.
Every entry is a float in ``[0, 1]``: flags and one-hot codes are 0 or 1, counts are divided by
the largest count they can reach (and clipped to 1). Seats are relative to the viewer.

The layout depends on the configuration (the players, the tool cards, Life's modules). For a
2-player base game (``current``, ``start_player`` and ``seats`` grow with the players,
``tools`` with the tool cards in play):

====  =========  ==================  =============================================================
Size  Slice      Name                Meaning
====  =========  ==================  =============================================================
3     0-2        phase               setup, play, over (one-hot)
10    3-12       round               the round 1-10 (one-hot; none once over)
1     13         first_turn          1 in a player's first turn of the round
2     14-15      current             the seat deciding now, relative to the viewer (one-hot)
2     16-17      start_player        the round's start player, relative (one-hot)
8     18-25      turn_done           parts of the turn done: drafted, tool used, module parts
30    26-55      draft_pool          Draft Pool: dice of each face R1..P6 / 13
30    56-85      held_die            the die a tool holds (one-hot)
300   86-385     round_track         Round Track: per round, dice of each face / 13
5     386-390    bag                 dice of each colour left in the bag / dice per colour
102   391-492    tools               per tool card in play (3): its number 1-32 (one-hot), favor
                                     tokens on it / 10, used (solo)
32    493-524    tool_in_use         the tool card in use (one-hot)
10    525-534    tool_stage          its step: payment, then 0-8 (one-hot)
16    535-550    public_objectives   public objectives in play (multi-hot, catalogue order)
11    551-561    private_objectives  the viewer's own (multi-hot, catalogue order)
1264  562-1825   seats               per seat from the viewer's (2 blocks of 632): window dice (20
                                     cells x 18: colour RYGBP+orange, value 1-6 and 6 symbols),
                                     window pattern (20 x 12: colour, value, apprentice space),
                                     has a window, favor tokens / 10, own dice of each face / 13
964   1826-2789  window_options      setup: the viewer's 4 window patterns (20 x 12 each, then
                                     difficulty / 6)
====  =========  ==================  =============================================================

With Life's modules the vector goes on: the Masterwork module adds ``masterwork_board`` (per
space, the masterwork dice left and the symbol on top) and ``masterwork_slots`` (the die in
each slot), the Apprentice module ``apprentice_hand`` (the viewer's cards only),
``apprentice_active`` (each seat's activated cards), ``apprentice_hands`` (how many cards each
seat holds), ``apprentice_discard``, ``apprentice_offer`` (the two cards the viewer looks at)
and ``apprentice_turn`` (the deck's size, a card gained this turn, Steady Hand in effect).
Not in the observation: a tool's scratch memory (the cell or die a multi-step tool remembers).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from sagrada.core.cells import NUM_CELLS
from sagrada.core.content import WindowPattern, catalog
from sagrada.core.dice import (
    DIE_COLOUR,
    DIE_VALUE,
    NUM_FACES,
    NUM_VALUE_CLASSES,
    NUM_WINDOW_COLOURS,
    SYMBOLS,
)
from sagrada.core.window import Window
from sagrada.encoding_kit import TOOL_STAGES, Layout, Vector, ids, pattern_asks
from sagrada.games.dice.rules.actions import MAX_APPRENTICE, MAX_TOOL, NUM_SLOTS
from sagrada.games.dice.rules.apprentice_cards import NAME as APPRENTICE
from sagrada.games.dice.rules.apprentice_table import UNKNOWN, Apprentice
from sagrada.games.dice.rules.config import ROUNDS, GameConfig
from sagrada.games.dice.rules.masterwork_board import NAME as MASTERWORK
from sagrada.games.dice.rules.masterwork_board import Board
from sagrada.games.dice.rules.state import Phase
from sagrada.games.dice.rules.views import PlayerView

#: Window options a player chooses from at setup.
WINDOW_OPTIONS: Final = 4
#: Bits of the turn's progress (``used``) shown: the draft, the tool, the modules' parts.
TURN_BITS: Final = 8
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


class DiceEncoder:
    """Encodes a dice game's views for a configuration (the module's table).

    Seats are relative to the viewer: block 0 is the viewer's own, block 1 the next seat, and
    so on, so one policy can play any seat.
    """

    def __init__(self, config: GameConfig) -> None:
        rules = config.rules
        self.players = config.players
        self.num_tools = rules.num_tools
        self.dice_per_colour = rules.dice_per_colour
        cards = catalog()
        self.public_index = ids([o.id for o in cards.publics])
        self.private_index = ids([o.id for o in cards.privates])
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


def _pattern(out: Vector, start: int, pattern: WindowPattern) -> None:
    for cell, (colour, value) in enumerate(pattern_asks(pattern)):
        base = start + cell * PATTERN_FEATURES
        if colour >= 0:
            out[base + colour] = 1
        if value > 0:
            out[base + 4 + value] = 1
        if pattern.apprentice >> cell & 1:
            out[base + PATTERN_FEATURES - 1] = 1
