"""A player's window: the dice placed on a window pattern, and the placement rules.

The placement rules (rulebook, "Placing Dice"):

1. the first die of the game goes on an edge or corner space;
2. every later die touches a placed die, orthogonally or diagonally;
3. the die matches the space's colour or value restriction, if any;
4. a die is never orthogonally next to a die of the same colour or the same value.

Rules 1-4 are bit operations on 20-bit masks (see :mod:`sagrada.core.cells`).
Tools relax some of them; :meth:`Window.legal_cells` takes the relaxations as flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sagrada.core.cells import (
    CELL_NAMES,
    COLUMNS,
    DIAGONAL,
    EDGE,
    FULL,
    NEIGHBOURS,
    NOT_FIRST_COLUMN,
    NOT_LAST_COLUMN,
    NUM_CELLS,
    ORTHOGONAL,
    Cell,
    Mask,
    cell_list,
)
from sagrada.core.compiled import mypyc_attr
from sagrada.core.content import WindowPattern
from sagrada.core.dice import (
    DIE_COLOUR,
    DIE_NAMES,
    DIE_VALUE,
    NUM_VALUE_CLASSES,
    NUM_WINDOW_COLOURS,
    Die,
)
from sagrada.core.messages import Message, msg

EMPTY: Final = -1


@dataclass(frozen=True, slots=True)
class Breach:
    """A placement rule a window breaks as it stands (:meth:`Window.breaches`).

    Attributes:
        rule: ``"colour"`` or ``"value"`` (a die on a space whose restriction it does not
            meet), ``"same_colour"`` or ``"same_value"`` (two orthogonal neighbours).
        cells: the cells at fault, by name, in A1..D5 order.
        message: what is wrong, for people (``breach.<rule>``).
    """

    rule: str
    cells: tuple[str, ...]
    message: Message


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Window:
    """The dice on one player's window pattern.

    Attributes:
        pattern: the chosen window pattern card side.
        dice: 20 entries, a die or ``EMPTY`` (-1), indexed by cell.
        occupied: mask of cells holding a die.
        by_colour: for each colour (orange, the masterwork dice's, last), the mask of cells
            holding a die of that colour.
        by_value: for each value class (1-6, then the masterwork symbols 7-12; index 0
            unused), the mask of cells showing it.
        waived_colour / waived_value: cells whose die was put there by a tool that ignores the
            space's colour (value) restriction; the restriction is not checked for them.
        free_value: dice placed now ignore the spaces' value restrictions (an effect that
            lasts until its rule module ends it: Life's Steady Hand, for the die placed from a
            pool this turn); a die so placed on a value it does not match is noted in
            ``waived_value``. A die moved is not placed: a move (:meth:`move_cells`,
            :meth:`move_problem`, :meth:`move`) obeys the value restrictions all the same.
    """

    __slots__ = (
        "by_colour",
        "by_value",
        "dice",
        "free_value",
        "occupied",
        "pattern",
        "waived_colour",
        "waived_value",
    )

    def __init__(self, pattern: WindowPattern) -> None:
        self.pattern = pattern
        self.dice: list[int] = [EMPTY] * NUM_CELLS
        self.occupied: Mask = 0
        self.by_colour: list[Mask] = [0] * NUM_WINDOW_COLOURS
        self.by_value: list[Mask] = [0] * NUM_VALUE_CLASSES
        self.waived_colour: Mask = 0
        self.waived_value: Mask = 0
        self.free_value = False

    def copy(self) -> Window:
        """Return an independent copy."""
        other = Window(self.pattern)
        other.dice = self.dice[:]
        other.occupied = self.occupied
        other.by_colour = self.by_colour[:]
        other.by_value = self.by_value[:]
        other.waived_colour = self.waived_colour
        other.waived_value = self.waived_value
        other.free_value = self.free_value
        return other

    # -- placement rules -------------------------------------------------------------------

    def legal_cells(
        self,
        die: Die,
        *,
        ignore_colour: bool = False,
        ignore_value: bool = False,
        isolated: bool = False,
    ) -> Mask:
        """Return the mask of cells where ``die`` may be placed.

        Args:
            die: the die to place.
            ignore_colour: skip the spaces' colour restrictions (Eglomise Brush).
            ignore_value: skip the spaces' value restrictions (Copper Foil Burnisher).
            isolated: the die must go where no die touches it in any of the 8 directions
                (Cork-backed Straightedge) instead of next to a die.
        """
        colour = DIE_COLOUR[die]
        value = DIE_VALUE[die]
        return self._cells(
            colour,
            value,
            self.occupied,
            self.by_colour[colour] | self.by_value[value],
            ignore_colour,
            ignore_value or self.free_value,
            isolated,
        )

    def move_cells(
        self, source: Cell, *, ignore_colour: bool = False, ignore_value: bool = False
    ) -> Mask:
        """Return the mask of the other cells where the die on ``source`` may be moved: where
        it could be placed once lifted, ``free_value`` aside (the window is not changed)."""
        die = self.dice[source]
        colour = DIE_COLOUR[die]
        value = DIE_VALUE[die]
        lifted = ~(1 << source)
        return (
            self._cells(
                colour,
                value,
                self.occupied & lifted,
                (self.by_colour[colour] | self.by_value[value]) & lifted,
                ignore_colour,
                ignore_value,
                False,
            )
            & lifted
        )

    def _cells(
        self,
        colour: int,
        value: int,
        occupied: Mask,
        same: Mask,
        ignore_colour: bool,
        ignore_value: bool,
        isolated: bool,
    ) -> Mask:
        """The cells a die of ``colour`` and ``value`` may go to among the ``occupied`` ones,
        ``same`` being the cells of dice sharing its colour or value."""
        # The hot path of legal-action generation: cells.king_spread and
        # cells.orthogonal_spread written out, to save two calls.
        cells = FULL & ~occupied
        if not ignore_colour:
            cells &= self.pattern.colour_ok[colour]
        if not ignore_value:
            cells &= self.pattern.value_ok[value]
        if occupied == 0:
            cells &= EDGE
        else:
            side = (
                occupied
                | ((occupied << 1) & NOT_FIRST_COLUMN)
                | ((occupied >> 1) & NOT_LAST_COLUMN)
            )
            near = (side | ((side << COLUMNS) & FULL) | (side >> COLUMNS)) & ~occupied
            cells &= ~near if isolated else near
        return cells & ~(
            ((same << 1) & NOT_FIRST_COLUMN)
            | ((same >> 1) & NOT_LAST_COLUMN)
            | ((same << COLUMNS) & FULL)
            | (same >> COLUMNS)
        )

    def can_place(self, die: Die, cell: Cell) -> bool:
        """Return whether ``die`` may be placed on ``cell`` under the normal rules."""
        return bool(self.legal_cells(die) >> cell & 1)

    def placement_problem(
        self,
        die: Die,
        cell: Cell,
        *,
        ignore_colour: bool = False,
        ignore_value: bool = False,
        isolated: bool = False,
    ) -> Message | None:
        """Return the rule that forbids ``die`` on ``cell``, or ``None`` if it may go there."""
        return self._problem(
            die, cell, ignore_colour, ignore_value or self.free_value, isolated=isolated
        )

    def move_problem(
        self, source: Cell, target: Cell, *, ignore_colour: bool = False, ignore_value: bool = False
    ) -> Message | None:
        """Return the rule that forbids moving the die on ``source`` to ``target`` (lifted
        first, placed again under every rule, ``free_value`` aside), or ``None`` if it may
        move there (the window is left as it was)."""
        waived = self.waived_colour, self.waived_value
        die = self.remove(source)
        problem = self._problem(die, target, ignore_colour, ignore_value, isolated=False)
        self._put(die, source)
        self.waived_colour, self.waived_value = waived
        return problem

    def _problem(
        self, die: Die, cell: Cell, ignore_colour: bool, ignore_value: bool, *, isolated: bool
    ) -> Message | None:
        """The rule that forbids ``die`` on ``cell`` with the restrictions given lifted."""
        name = CELL_NAMES[cell]
        colour = DIE_COLOUR[die]
        value = DIE_VALUE[die]
        if self.dice[cell] != EMPTY:
            return msg("place.occupied", cell=name)
        restriction = self.pattern.restriction(cell)
        if not ignore_colour and not self.pattern.colour_ok[colour] >> cell & 1:
            return msg("place.colour", cell=name, colour=restriction)
        if not ignore_value and not self.pattern.value_ok[value] >> cell & 1:
            return msg("place.value", cell=name, value=int(restriction))
        if self.occupied == 0:
            if not EDGE >> cell & 1:
                return msg("place.first")
        elif isolated:
            if NEIGHBOURS[cell] & self.occupied:
                return msg("place.cork", cell=name)
        elif not NEIGHBOURS[cell] & self.occupied:
            return msg("place.isolated", cell=name)
        for other in cell_list(ORTHOGONAL[cell] & self.occupied):
            if DIE_COLOUR[self.dice[other]] == colour:
                return msg("place.same_colour", cell=name, other=CELL_NAMES[other])
            if DIE_VALUE[self.dice[other]] == value:
                return msg("place.same_value", cell=name, other=CELL_NAMES[other])
        return None

    # -- changing the window ---------------------------------------------------------------

    def place(self, die: Die, cell: Cell) -> None:
        """Put ``die`` on ``cell`` without checking the rules (call :meth:`legal_cells` first)."""
        self._put(die, cell)
        if self.free_value and not self.pattern.value_ok[DIE_VALUE[die]] >> cell & 1:
            self.waived_value |= 1 << cell

    def move(self, source: Cell, target: Cell) -> Die:
        """Move the die on ``source`` to ``target`` without checking the rules (call
        :meth:`move_cells` first) and return it. A move is not a placement: ``free_value``
        waives nothing for it, and a restriction waived on ``source`` is not waived on
        ``target`` (the tool that waives one there notes it)."""
        die = self.remove(source)
        self._put(die, target)
        return die

    def _put(self, die: Die, cell: Cell) -> None:
        """Put ``die`` on ``cell``, waiving nothing."""
        b = 1 << cell
        self.dice[cell] = die
        self.occupied |= b
        self.by_colour[DIE_COLOUR[die]] |= b
        self.by_value[DIE_VALUE[die]] |= b

    def remove(self, cell: Cell) -> Die:
        """Take the die off ``cell`` and return it."""
        die = self.dice[cell]
        b = 1 << cell
        self.dice[cell] = EMPTY
        self.occupied &= ~b
        self.by_colour[DIE_COLOUR[die]] &= ~b
        self.by_value[DIE_VALUE[die]] &= ~b
        self.waived_colour &= ~b
        self.waived_value &= ~b
        return die

    # -- reading ---------------------------------------------------------------------------

    @property
    def open_spaces(self) -> int:
        """Return the number of cells without a die."""
        return NUM_CELLS - self.occupied.bit_count()

    def violations(self) -> list[str]:
        """Return every placement rule the window breaks as it stands (empty if none), in
        English: the messages of :meth:`breaches`."""
        return [str(breach.message) for breach in self.breaches()]

    def breaches(self) -> list[Breach]:
        """Return every placement rule the window breaks as it stands (empty if none), each
        with its cells and its message.

        Checks the space restrictions (except where a tool waived them) and the rule that no
        two orthogonal neighbours share a colour or a value. The adjacency rules (edge, touch)
        are checked only when a die is placed, so they are not listed here. A masterwork die
        (Life) meets no colour restriction and every value restriction (the pattern's masks).
        """
        found = []
        for cell in cell_list(self.occupied):
            die = self.dice[cell]
            name = CELL_NAMES[cell]
            restriction = self.pattern.restriction(cell)
            colour_ok = self.pattern.colour_ok[DIE_COLOUR[die]] >> cell & 1
            if not self.waived_colour >> cell & 1 and not colour_ok:
                message = msg("breach.colour", cell=name, die=DIE_NAMES[die], colour=restriction)
                found.append(Breach("colour", (name,), message))
            value_ok = self.pattern.value_ok[DIE_VALUE[die]] >> cell & 1
            if not self.waived_value >> cell & 1 and not value_ok:
                value = int(restriction)
                message = msg("breach.value", cell=name, die=DIE_NAMES[die], value=value)
                found.append(Breach("value", (name,), message))
            for other in cell_list(ORTHOGONAL[cell] & self.occupied):
                if other < cell:
                    continue
                pair = (name, CELL_NAMES[other])
                if DIE_COLOUR[self.dice[other]] == DIE_COLOUR[die]:
                    message = msg("breach.same_colour", cell=name, neighbour=pair[1])
                    found.append(Breach("same_colour", pair, message))
                if DIE_VALUE[self.dice[other]] == DIE_VALUE[die]:
                    message = msg("breach.same_value", cell=name, neighbour=pair[1])
                    found.append(Breach("same_value", pair, message))
        return found

    def rows(self) -> list[str]:
        """Return the window as four rows of tokens: a die (``"R3"``) or the space's restriction."""
        out = []
        for r in range(4):
            tokens = []
            for c in range(5):
                cell = r * 5 + c
                die = self.dice[cell]
                tokens.append(
                    DIE_NAMES[die] if die != EMPTY else "." + self.pattern.restriction(cell)
                )
            out.append(" ".join(tokens))
        return out

    def __repr__(self) -> str:
        return f"Window({self.pattern.name!r}, {' / '.join(self.rows())})"


__all__ = ["DIAGONAL", "EMPTY", "Breach", "Window"]
