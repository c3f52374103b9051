"""Life's masterwork board and dice (rulebook 004_234c3922e9d01436.txt, MASTERWORK MODULE):
the content (faces, board slots, starting symbols; house content, HOUSE-CONTENT.md), where a
masterwork die's arrows point and whether its requirement is met, and the board on the table,
from which a die in a slot buys the masterwork die below it.

The Masterwork module (:mod:`sagrada.games.dice.rules.modules.masterwork`) and Life's tools
(:mod:`sagrada.games.dice.rules.tools.life`) both take masterwork dice through :func:`take`, which
acts through the :class:`~sagrada.games.dice.rules.context.TurnContext` only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, cast

from sagrada.core.cells import COLUMNS, ROWS, Cell, Mask, cell_list
from sagrada.core.compiled import mypyc_attr
from sagrada.core.content import ContentChecker, content_cache, pack_section, register_section
from sagrada.core.dice import (
    COLOUR_LETTERS,
    DIE_COLOUR,
    DIE_VALUE,
    NUM_FACES,
    ROTATIONS,
    SYMBOLS,
    Die,
    die_rotation,
    die_symbol,
    masterwork_die,
)
from sagrada.core.errors import ContentError
from sagrada.core.window import EMPTY, Window
from sagrada.games.dice.rules.actions import NUM_SLOTS, Action, masterwork_action, slot_action
from sagrada.games.dice.rules.context import TurnContext

#: The key of the board among the table's components (the module's name), and the section of
#: the content pack that holds its content.
NAME: Final = "masterwork"
PACK: Final = "life"

#: The directions an arrow may point, as (row, column) steps.
DIRECTIONS: Final = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
#: What the dice an arrow points at must be: all of one colour or all of one value; all of
#: different values; all of different colours.
REQUIREMENTS: Final = ("same", "different_values", "different_colours")
#: The colour slot that takes a die of any colour.
ANY_COLOUR: Final = -1


# -- content ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """One symbol of a masterwork die: where its arrows point (unrotated) and what they need."""

    symbol: int
    arrows: tuple[tuple[int, int], ...]
    requirement: str


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the board: its colour slot (``ANY_COLOUR`` for any), value slot and the
    favor tokens for taking its die."""

    colour: int
    value: int
    favor: int


@dataclass(frozen=True, slots=True)
class MasterworkContent:
    """The faces, the points, the board and the starting symbols."""

    faces: tuple[Face, ...]
    met_vp: int
    missed_vp: int
    board: tuple[Space, ...]
    start: tuple[tuple[int, ...], ...]
    house: bool


def parse_content(filename: str, data: Any) -> MasterworkContent:
    """Validate the ``masterwork`` section of a content file.

    Raises:
        ContentError: naming the file and the field at fault.
    """
    check = ContentChecker(filename)
    if not isinstance(data, dict):
        raise check.fail("masterwork", "must be an object")
    faces: dict[int, Face] = {}
    for i, entry in enumerate(check.entries(data, "faces")):
        where = f"masterwork.faces[{i}]"
        name = check.get(entry, where, "symbol", str)
        if name not in SYMBOLS:
            raise check.fail(where, f"symbol must be one of {', '.join(SYMBOLS)}, got {name!r}")
        arrows = check.get(entry, where, "arrows", list)
        if not arrows or any(a not in DIRECTIONS for a in arrows) or len(set(arrows)) < len(arrows):
            directions = " ".join(DIRECTIONS)
            raise check.fail(where, f"arrows must be distinct directions of {directions}")
        requirement = check.get(entry, where, "requirement", str)
        if requirement not in REQUIREMENTS:
            raise check.fail(where, f"requirement must be one of {', '.join(REQUIREMENTS)}")
        symbol = SYMBOLS.index(name)
        if symbol in faces:
            raise check.fail(where, f"symbol {name!r} appears twice")
        faces[symbol] = Face(symbol, tuple(DIRECTIONS[a] for a in arrows), requirement)
    if len(faces) != len(SYMBOLS):
        raise check.fail("masterwork.faces", f"must give each of the {len(SYMBOLS)} symbols")
    board = []
    for i, entry in enumerate(check.entries(data, "board")):
        where = f"masterwork.board[{i}]"
        colour = check.get(entry, where, "colour", str)
        if colour != "any" and (len(colour) != 1 or colour not in COLOUR_LETTERS):
            raise check.fail(where, f"colour must be one of R Y G B P or any, got {colour!r}")
        value = check.get(entry, where, "value", int)
        favor = check.get(entry, where, "favor", int)
        if not 1 <= value <= 6 or favor < 0:
            raise check.fail(where, "value must be 1-6 and favor 0 or more")
        letter = ANY_COLOUR if colour == "any" else COLOUR_LETTERS.index(colour)
        board.append(Space(letter, value, favor))
    if len(board) != NUM_SLOTS // 2:
        raise check.fail("masterwork.board", f"must have {NUM_SLOTS // 2} spaces")
    start = check.get(data, "masterwork", "start", list)
    groups = []
    for group in start:
        if not isinstance(group, list) or not all(s in SYMBOLS for s in group) or not group:
            raise check.fail("masterwork.start", "must be lists of symbols")
        groups.append(tuple(SYMBOLS.index(s) for s in group))
    if sum(len(g) for g in groups) != len(board):
        raise check.fail("masterwork.start", "must give one symbol per board space")
    return MasterworkContent(
        tuple(faces[s] for s in range(len(SYMBOLS))),
        check.get(data, "masterwork", "met_vp", int),
        check.get(data, "masterwork", "missed_vp", int),
        tuple(board),
        tuple(groups),
        check.optional(data, "masterwork", "house", bool, False),
    )


@content_cache
def content() -> MasterworkContent:
    """Return the module's content from the ``life`` content pack."""
    filename, data = pack_section(PACK, NAME)
    if data is None:
        raise ContentError(f"{filename}: no masterwork section")
    return parse_content(filename, data)


# -- faces --------------------------------------------------------------------------------------


def arrows(die: Die) -> list[str]:
    """Return the directions the arrows of masterwork ``die`` point (``"N"``, ``"SE"``...),
    its rotation applied clockwise."""
    face = content().faces[die_symbol(die)]
    turns = die_rotation(die) // 90
    names = {step: name for name, step in DIRECTIONS.items()}
    out = []
    for dr, dc in face.arrows:
        for _ in range(turns):
            dr, dc = dc, -dr
        out.append(names[(dr, dc)])
    return out


def targets(die: Die, cell: Cell) -> list[Cell | None]:
    """Return the cells the arrows of masterwork ``die`` on ``cell`` point at (``None`` for
    an arrow that points off the window), its rotation applied clockwise."""
    face = content().faces[die_symbol(die)]
    turns = die_rotation(die) // 90
    row, column = divmod(cell, COLUMNS)
    out: list[Cell | None] = []
    for dr, dc in face.arrows:
        for _ in range(turns):
            dr, dc = dc, -dr
        r, c = row + dr, column + dc
        out.append(r * COLUMNS + c if 0 <= r < ROWS and 0 <= c < COLUMNS else None)
    return out


def face_met(window: Window, cell: Cell) -> bool:
    """Return whether the masterwork die on ``cell`` has its requirement met: every arrow
    points at a die, and those dice are all of one colour or one value (``same``), all of
    different values, or all of different colours."""
    die = window.dice[cell]
    pointed = []
    for target in targets(die, cell):
        if target is None or window.dice[target] == EMPTY:
            return False
        pointed.append(window.dice[target])
    colours = {DIE_COLOUR[d] for d in pointed}
    values = {DIE_VALUE[d] for d in pointed}
    requirement = content().faces[die_symbol(die)].requirement
    if requirement == "same":
        return len(colours) == 1 or len(values) == 1
    if requirement == "different_values":
        return len(values) == len(pointed)
    return len(colours) == len(pointed)


# -- the board on the table ------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Board:
    """The masterwork board in a game: the dice left below each space, the symbol of the one
    on top (-1 when none is left), the die in each slot (-1 while it is open), and two rules
    of this game: whether a die taken gives its space's favor tokens (not in solo play) and
    whether a second die's symbol is rolled (the random option). ``open`` is the mask (bit
    ``slot``) of the open slots above a die left, kept up to date by :func:`take`."""

    __slots__ = ("favor", "left", "open", "random", "slots", "symbols")

    def __init__(
        self, left: list[int], symbols: list[int], slots: list[int], favor: bool, random: bool
    ) -> None:
        self.left = left
        self.symbols = symbols
        self.slots = slots
        self.favor = favor
        self.random = random
        self.open = self.open_above_dice()

    def copy(self) -> Board:
        other = Board(self.left[:], self.symbols[:], self.slots[:], self.favor, self.random)
        other.open = self.open
        return other

    def snapshot(self) -> Any:
        return {"left": list(self.left), "symbols": list(self.symbols), "slots": list(self.slots)}

    def dice(self) -> list[Die]:
        """The dice of the bag put into the slots (they leave play)."""
        return [die for die in self.slots if die >= 0]

    def open_above_dice(self) -> Mask:
        """The mask (bit ``slot``) of the open slots above a masterwork die left."""
        mask = 0
        for space, left in enumerate(self.left):
            if left:
                for slot in (2 * space, 2 * space + 1):
                    if self.slots[slot] < 0:
                        mask |= 1 << slot
        return mask

    def open_slots(self, window: Window) -> Mask:
        """The mask of the open slots above a masterwork die that could be placed in
        ``window``."""
        mask = self.open
        if mask and not placeable(window):
            return 0
        return mask


def board_of(ctx: TurnContext) -> Board:
    """Return the game's masterwork board."""
    return cast(Board, ctx.components[NAME])  # set by the module's setup; on a hot path


def fits(die: Die, slot: int) -> bool:
    """Whether ``die`` matches ``slot``: the colour slot's colour (any, for the sixth) or
    the value slot's value."""
    return bool(_fitting()[slot] >> die & 1)


@content_cache
def _fitting() -> tuple[int, ...]:
    """For each slot, the mask of the dice (bit ``die``) that match it."""
    out = []
    for space in content().board:
        out.append(
            sum(1 << d for d in range(NUM_FACES) if space.colour in (ANY_COLOUR, DIE_COLOUR[d]))
        )
        out.append(sum(1 << d for d in range(NUM_FACES) if DIE_VALUE[d] == space.value))
    return tuple(out)


#: A masterwork die to ask where masterwork dice may go: every symbol and rotation may go to
#: the same cells (they are all orange, and a symbol is a value only masterwork dice show, so
#: the rules against their neighbours are the colour rule's).
_PROBE: Final = masterwork_die(0, 0)


def placeable(window: Window) -> bool:
    """Whether a masterwork die can go somewhere in ``window`` (whatever its symbol and
    rotation: they change nothing of where it may go)."""
    return bool(window.legal_cells(_PROBE))


def slot_actions(ctx: TurnContext, dice: list[Die], *, any_slot: bool = False) -> list[Action]:
    """The actions putting one of ``dice`` into an open slot it matches (any open slot if
    ``any_slot``: Glass Saw) for a masterwork die that can be placed."""
    open_mask = board_of(ctx).open_slots(ctx.window())
    if not open_mask:
        return []
    codes = _slot_codes(any_slot)
    out: list[Action] = []
    seen = 0
    for die in dice:
        if seen >> die & 1:
            continue
        seen |= 1 << die
        for slot, code in codes[die]:
            if open_mask >> slot & 1:
                out.append(code)
    return out


@content_cache
def _slot_codes(any_slot: bool) -> tuple[tuple[tuple[int, Action], ...], ...]:
    """For each die, each slot it matches (every slot if ``any_slot``) with the code putting
    the die there."""
    fitting = _slots_by_die()
    return tuple(
        tuple(
            (slot, slot_action(die, slot))
            for slot in range(NUM_SLOTS)
            if any_slot or fitting[die] >> slot & 1
        )
        for die in range(NUM_FACES)
    )


@content_cache
def _slots_by_die() -> tuple[int, ...]:
    """For each die, the mask of the slots (bit ``slot``) it matches."""
    fitting = _fitting()
    return tuple(
        sum(1 << slot for slot in range(len(fitting)) if fitting[slot] >> die & 1)
        for die in range(NUM_FACES)
    )


#: The code placing a masterwork die turned by each rotation on A1 (the next cells follow).
_ROTATION_CODES: Final = tuple(masterwork_action(rotation, 0) for rotation in ROTATIONS)


def masterwork_placements(window: Window, die: Die) -> list[Action]:
    """The actions placing the masterwork die ``die`` (any rotation) where it may go."""
    cells = cell_list(window.legal_cells(die))
    return [first + cell for first in _ROTATION_CODES for cell in cells]


def take(ctx: TurnContext, die: Die, slot: int) -> Die:
    """Put ``die`` (already out of the Draft Pool) into ``slot`` and take the masterwork die
    below: gain the space's favor tokens (not in solo play) and reveal the next die of the
    space if a slot above it is still open. Return the die taken (rotation 0) for the player
    to place."""
    state = board_of(ctx)
    space = slot // 2
    state.slots[slot] = die
    symbol = state.symbols[space]
    state.left[space] -= 1
    if state.left[space] and (state.slots[2 * space] < 0 or state.slots[2 * space + 1] < 0):
        if state.random:
            state.symbols[space] = ctx.random_below(len(SYMBOLS))
    else:
        state.left[space] = 0
        state.symbols[space] = -1
    state.open = state.open_above_dice()
    if state.favor:
        ctx.gain_favor(content().board[space].favor)
    return masterwork_die(symbol, 0)


# A content file may give the masterwork board and faces (the owner's printed ones).
register_section(NAME, parse_content)
