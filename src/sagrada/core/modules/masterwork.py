"""Life's Masterwork module (rulebook 004_234c3922e9d01436.txt, MASTERWORK MODULE).

A board of six spaces, each with a colour slot and a value slot above it and masterwork dice
below: one per space for 1-3 players, two for 4-6 (the second reachable only through the slot
left open). Instead of placing the die drafted this turn, a player may put it into an open slot
it matches (its colour, or its value; the sixth colour slot takes any colour) and take the
masterwork die below, gain the favor tokens shown, and place that die in their window with a
rotation of their choice (``R3/2c``, then ``O90@B4``). The swap is offered only when the
masterwork die can be placed. Each masterwork die scores +5 if the dice its arrows point at meet
its face's requirement, else -2.

The faces, the board's slots and the starting symbols are house content (HOUSE-CONTENT.md,
"Life: Masterwork module"), read from ``content/life.json`` (section ``masterwork``), so an
owner of the box can replace them without code changes. Solo play uses 6 masterwork dice and
gains no favor tokens (docs/rules-clarifications.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from sagrada.core import actions as A
from sagrada.core.actions import NUM_SLOTS, Action, Kind
from sagrada.core.cells import CELL_NAMES, COLUMNS, NUM_CELLS, ROWS, Cell, cell_list, mask_names
from sagrada.core.content import ContentChecker, pack_section
from sagrada.core.dice import (
    COLOUR_LETTERS,
    DIE_COLOUR,
    DIE_NAMES,
    DIE_VALUE,
    ROTATIONS,
    SYMBOLS,
    Die,
    die_rotation,
    die_symbol,
    is_masterwork,
    masterwork_die,
)
from sagrada.core.errors import ContentError
from sagrada.core.hooks import ModuleStep, RuleModule, RulesBuilder, TurnAction
from sagrada.core.messages import Message, msg
from sagrada.core.options import Options
from sagrada.core.scoring import ScorePart
from sagrada.core.table import DRAFTED, Phase, Table
from sagrada.core.window import EMPTY, Window

#: The module's name, its step's name and its component's key on the table.
NAME: Final = "masterwork"
#: The content pack holding the module's content (section ``masterwork``).
PACK: Final = "life"
#: Masterwork dice per board space: one for 1-3 players, two for 4-6 (rulebook, GAME SETUP).
DICE_PER_SPACE: Final = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}
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


@cache
def content() -> MasterworkContent:
    """Return the module's content from the ``life`` content pack."""
    filename, data = pack_section(PACK, NAME)
    if data is None:
        raise ContentError(f"{filename}: no masterwork section")
    return parse_content(filename, data)


# -- faces --------------------------------------------------------------------------------------


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


def masterwork_part(window: Window) -> ScorePart:
    """The points of a window's masterwork dice: +5 each whose face is met, -2 otherwise."""
    data = content()
    cells = [cell for cell in range(NUM_CELLS) if is_masterwork(window.dice[cell])]
    met = sum(1 for cell in cells if face_met(window, cell))
    missed = len(cells) - met
    return ScorePart(
        name=str(msg("score.masterwork")),
        kind="masterwork",
        points=met * data.met_vp + missed * data.missed_vp,
        count=len(cells),
        formula=msg(
            "formula.masterwork",
            met=met,
            missed=missed,
            met_vp=data.met_vp,
            missed_vp=data.missed_vp,
        ),
        cells=tuple(CELL_NAMES[c] for c in cells),
        name_message=msg("score.masterwork"),
    )


# -- the board on the table ------------------------------------------------------------------------


class Board:
    """The masterwork board in a game: the dice left below each space, the symbol of the one
    on top (-1 when none is left), and the die in each slot (-1 while it is open)."""

    __slots__ = ("left", "slots", "symbols")

    def __init__(self, left: list[int], symbols: list[int], slots: list[int]) -> None:
        self.left = left
        self.symbols = symbols
        self.slots = slots

    def copy(self) -> Board:
        return Board(self.left[:], self.symbols[:], self.slots[:])

    def snapshot(self) -> Any:
        return {"left": list(self.left), "symbols": list(self.symbols), "slots": list(self.slots)}

    def dice(self) -> list[Die]:
        """The dice of the bag put into the slots (they leave play)."""
        return [die for die in self.slots if die >= 0]


def board(table: Table) -> Board:
    component = table.components[NAME]
    assert isinstance(component, Board)
    return component


def set_up_board(table: Table) -> None:
    """Put the masterwork dice below the board's spaces: each group of the starting symbols
    shuffled over its spaces, or (option ``masterwork_random``) a rolled symbol on each."""
    data = content()
    per_space = DICE_PER_SPACE[table.config.players]
    symbols: list[int] = []
    if table.config.masterwork_random:
        symbols = [table.rng.below(len(SYMBOLS)) for _ in data.board]
    else:
        for group in data.start:
            shuffled = list(group)
            table.rng.shuffle(shuffled)
            symbols.extend(shuffled)
    table.components[NAME] = Board([per_space] * len(data.board), symbols, [-1] * NUM_SLOTS)


def _fits(die: Die, slot: int) -> bool:
    space = content().board[slot // 2]
    if slot % 2 == 0:
        return space.colour in (ANY_COLOUR, DIE_COLOUR[die])
    return DIE_VALUE[die] == space.value


def _placeable(window: Window, symbol: int) -> bool:
    """Whether a masterwork die of ``symbol`` can go somewhere (its rotation changes nothing
    of where it may go)."""
    return bool(window.legal_cells(masterwork_die(symbol, 0)))


# -- actions ---------------------------------------------------------------------------------------


#: The module's action kinds (declared in :mod:`sagrada.core.actions`, where every kind's
#: codes are laid out once and for all).
SLOT_KIND: Final = A.KINDS[Kind.SLOT]
PLACE_KIND: Final = A.KINDS[Kind.MASTERWORK]
slot_action = A.slot_action
place_action = A.masterwork_action


class DraftToBoard(TurnAction):
    """This turn's draft, put into a slot of the board for the masterwork die below it."""

    bit = DRAFTED
    kind = SLOT_KIND.id
    done_reason = msg("refuse.drafted")

    def actions(self, table: Table) -> list[Action]:
        state = board(table)
        window = table.window()
        open_spaces = [
            space
            for space in range(len(state.left))
            if state.left[space] and _placeable(window, state.symbols[space])
        ]
        out = []
        seen = 0
        for die in table.pool:
            if seen >> die & 1:
                continue
            seen |= 1 << die
            for space in open_spaces:
                for slot in (2 * space, 2 * space + 1):
                    if state.slots[slot] < 0 and _fits(die, slot):
                        out.append(slot_action(die, slot))
        return out

    def apply(self, table: Table, action: Action) -> None:
        die, slot = A.ARG1[action], A.ARG2[action]
        take_masterwork(table, die, slot)

    def explain(self, table: Table, action: Action) -> Message:
        die, slot = A.ARG1[action], A.ARG2[action]
        state = board(table)
        space = slot // 2
        if die not in table.pool:
            return msg("refuse.no_die", die=DIE_NAMES[die], source=msg("source.pool"))
        if state.slots[slot] >= 0:
            return msg("masterwork.slot_taken", slot=_slot_name(slot))
        if not state.left[space]:
            return msg("masterwork.no_die_left", space=space + 1)
        if not _fits(die, slot):
            return msg("masterwork.slot_needs", slot=_slot_name(slot), die=DIE_NAMES[die])
        return msg("masterwork.nowhere", symbol=SYMBOLS[state.symbols[space]])


def _slot_name(slot: int) -> str:
    return f"{slot // 2 + 1}{'cv'[slot % 2]}"


def take_masterwork(table: Table, die: Die, slot: int) -> None:
    """Put ``die`` (from the Draft Pool) into ``slot`` and take the masterwork die below:
    gain the space's favor tokens (not in solo play), reveal the next die of the space if a
    slot above it is still open, and ask where the taken die goes."""
    state = board(table)
    space = slot // 2
    table.pool.remove(die)
    state.slots[slot] = die
    symbol = state.symbols[space]
    state.left[space] -= 1
    if state.left[space] and (state.slots[2 * space] < 0 or state.slots[2 * space + 1] < 0):
        if table.config.masterwork_random:
            state.symbols[space] = table.rng.below(len(SYMBOLS))
    else:
        state.left[space] = 0
        state.symbols[space] = -1
    if not table.config.solo:
        table.players[table.current].favor += content().board[space].favor
    table.held = masterwork_die(symbol, 0)
    table.step = NAME


class PlaceMasterwork(ModuleStep):
    """Place the masterwork die just taken, with a rotation of one's choice."""

    def actions(self, table: Table) -> list[Action]:
        cells = cell_list(table.window().legal_cells(table.held))
        return [place_action(rotation, cell) for rotation in ROTATIONS for cell in cells]

    def apply(self, table: Table, action: Action) -> bool:
        symbol = die_symbol(table.held)
        table.window().place(masterwork_die(symbol, A.ARG1[action]), A.ARG2[action])
        table.held = -1
        return True

    def prompt(self, table: Table) -> Message:
        return msg("masterwork.place", symbol=SYMBOLS[die_symbol(table.held)])

    def explain(self, table: Table, action: Action) -> Message:
        if A.KIND_OF[action] == PLACE_KIND.id:
            problem = table.window().placement_problem(table.held, A.ARG2[action])
            return problem or msg("refuse.placement")
        return super().explain(table, action)


# -- views and scoring ---------------------------------------------------------------------------


def show_board(table: Table, viewer: int, data: dict[str, Any]) -> None:
    """The board (every slot's die, the symbol on top of each space and how many are left),
    and each masterwork die in every window with the cells its arrows point at and whether
    its requirement is met."""
    state = board(table)
    spaces = []
    for space, entry in enumerate(content().board):
        spaces.append(
            {
                "colour": "any" if entry.colour == ANY_COLOUR else COLOUR_LETTERS[entry.colour],
                "value": entry.value,
                "favor": entry.favor,
                "colour_slot": _die_or_none(state.slots[2 * space]),
                "value_slot": _die_or_none(state.slots[2 * space + 1]),
                "symbol": SYMBOLS[state.symbols[space]] if state.symbols[space] >= 0 else None,
                "left": state.left[space],
            }
        )
    data["masterwork"] = {"spaces": spaces, "house": content().house}
    for entry, player in zip(data["players"], table.players, strict=True):
        window = player.window
        if window is None:
            continue
        entry["masterwork_dice"] = [
            {
                "cell": CELL_NAMES[cell],
                "symbol": SYMBOLS[die_symbol(window.dice[cell])],
                "rotation": die_rotation(window.dice[cell]),
                "targets": [
                    None if t is None else CELL_NAMES[t] for t in targets(window.dice[cell], cell)
                ],
                "met": face_met(window, cell),
            }
            for cell in range(NUM_CELLS)
            if is_masterwork(window.dice[cell])
        ]
    if table.phase == Phase.PLAY and viewer == table.current and table.step == NAME:
        data["masterwork_placements"] = list(mask_names(table.window().legal_cells(table.held)))


def _die_or_none(die: int) -> str | None:
    return DIE_NAMES[die] if die >= 0 else None


def score(table: Table, seat: int) -> list[ScorePart]:
    window = table.players[seat].window
    assert window is not None
    return [masterwork_part(window)]


class Masterwork(RuleModule):
    """The Masterwork module; active with the option ``masterwork``."""

    name = NAME
    title = "Life's Masterwork module"

    def active(self, options: Options) -> bool:
        return options.masterwork

    def configure(self, rules: RulesBuilder) -> None:
        content()  # validate the content before any game starts
        rules.turn_actions.append(DraftToBoard())
        rules.steps[NAME] = PlaceMasterwork()
        rules.setup_steps.append(set_up_board)
        rules.score_parts.append(score)
        rules.view_hooks.append(show_board)


MODULE: Final = Masterwork()
