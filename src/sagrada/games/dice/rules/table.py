"""The data of a game in progress, each field declared once.

:class:`Table` holds what is on the table (windows, dice, cards, tokens) and where the game
stands (phase, round, turn, the tool in use), with no rules. The field lists below are where
the fields are declared: the slots and the plain snapshot (for comparing and hashing
positions) are made from them, and the copy used by ``clone`` copies each field as its kind
says. The copy is written out field by field, as straight-line code that the compiled build
(``docs/compiled.md``) turns into a few machine instructions per field; ``tests/test_table.py``
checks it against the lists. The turn machine (:class:`sagrada.games.dice.rules.state.State`) adds
the rules on top.

A table also implements :class:`~sagrada.games.dice.rules.context.TurnContext`, the narrow view of
the current turn through which tool effects act.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import Any, Final, Protocol

from sagrada.core.compiled import mypyc_attr
from sagrada.core.content import PrivateObjective, PublicObjective, ToolCard, WindowPattern
from sagrada.core.dice import DIE_COLOUR, NUM_FACES, Die
from sagrada.core.options import Options
from sagrada.core.rng import Rng
from sagrada.core.window import Window

#: ``current_player`` once the game is over.
TERMINAL: Final = -1

#: How a field is copied: shared (immutable values and cards), a list copied, a list of lists
#: copied, an object copied with its ``copy()`` (or ``None``), a list of such objects, a dict
#: of such objects (the rule modules' components).
SHARED: Final = "shared"
LIST: Final = "list"
NESTED: Final = "nested"
OBJECT: Final = "object"
OBJECTS: Final = "objects"
COMPONENTS: Final = "components"

#: Bits of ``Table.used``: the parts of a turn already done. Rule modules number their own
#: turn actions from ``FIRST_MODULE_BIT`` on.
DRAFTED: Final = 1
TOOL_USED: Final = 2
FIRST_MODULE_BIT: Final = 4

#: ``Table.tool_slot`` while a tool's effect is used free, without a tool card of the game
#: (``Table.free_tool`` names the card it copies): it is not the turn's tool action.
FREE_TOOL_SLOT: Final = 99


class Phase(IntEnum):
    """The phases of a game."""

    SETUP = 0
    PLAY = 1
    OVER = 2


def _plain(value: Any) -> Any:
    """A value made of ints, strings, lists and dicts only, for snapshots."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if kind is list or kind is tuple:
        if all(type(v) is int for v in value):
            return list(value)
        return [_plain(v) for v in value]
    if isinstance(value, int | str | float):  # IntEnum phases and the like
        return int(value) if isinstance(value, int) else value
    if kind is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    if kind is Rng:
        return value.state
    if isinstance(value, Options):
        return dict(_options_json(value))
    if kind is Window:
        return {
            "pattern": value.pattern.name,
            "dice": value.dice[:],
            "waived": [value.waived_colour, value.waived_value],
            "free_value": value.free_value,
        }
    snapshot = getattr(value, "snapshot", None)
    if snapshot is not None:
        return snapshot()
    ident = getattr(value, "id", None)  # a card
    if ident is not None:
        return ident
    name = getattr(value, "name", None)  # a window pattern
    return name if name is not None else repr(value)


def _snapshot(obj: Any, fields: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """Every field of ``obj`` as plain data, the fields' copy kinds telling what they hold
    (lists of ints, lists of lists of ints, objects with a snapshot of their own)."""
    out: dict[str, Any] = {}
    for name, kind in fields:
        value = getattr(obj, name)
        if kind == LIST:
            out[name] = list(value)
        elif kind == NESTED:
            out[name] = [list(x) for x in value]
        elif kind == OBJECTS:
            out[name] = [x.snapshot() for x in value]
        elif kind == COMPONENTS:
            out[name] = {key: component.snapshot() for key, component in value.items()}
        elif type(value) is tuple:
            out[name] = _shared_tuple(value)
        else:
            out[name] = _plain(value)
    return out


#: Plain forms of the shared tuples (cards dealt, turn orders) by identity: a game and all its
#: clones share these tuples, so each is converted once. Bounded: cleared when full.
_SHARED_PLAIN: dict[int, tuple[tuple[Any, ...], list[Any]]] = {}


def _shared_tuple(value: tuple[Any, ...]) -> list[Any]:
    entry = _SHARED_PLAIN.get(id(value))
    if entry is None or entry[0] is not value:
        if len(_SHARED_PLAIN) > 4096:
            _SHARED_PLAIN.clear()
        entry = _SHARED_PLAIN[id(value)] = (value, _plain(value))
    return list(entry[1])


@lru_cache(maxsize=256)
def _options_json(options: Options) -> dict[str, Any]:
    return options.to_json()


class Component(Protocol):
    """Something a rule module keeps on the table: it copies itself with the game (``clone``)
    and shows itself as plain data (``snapshot``)."""

    def copy(self) -> Component:
        """Return an independent copy."""
        ...

    def snapshot(self) -> Any:
        """Return its contents as plain data."""
        ...

    def dice(self) -> list[Die]:
        """Return the dice of the bag it holds (they still count among the game's dice)."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class PlayerState:
    """What one player has: window, favor tokens, private objectives, the setup choice, and
    dice of their own (the Private Dice Pool rules deal them; otherwise none)."""

    FIELDS: Final = (
        ("options", SHARED),
        ("privates", SHARED),
        ("window", OBJECT),
        ("favor", SHARED),
        ("own_pool", LIST),
    )
    __slots__ = tuple(name for name, _ in FIELDS)

    options: tuple[WindowPattern, ...]
    privates: tuple[PrivateObjective, ...]
    window: Window | None
    favor: int
    own_pool: list[Die]

    def __init__(
        self,
        options: tuple[WindowPattern, ...],
        privates: tuple[PrivateObjective, ...],
    ) -> None:
        self.options = options
        self.privates = privates
        self.window = None
        self.favor = 0
        self.own_pool = []

    def copy(self) -> PlayerState:
        """Return an independent copy (each of ``FIELDS`` as its kind says)."""
        other = PlayerState(self.options, self.privates)
        window = self.window
        other.window = None if window is None else window.copy()
        other.favor = self.favor
        other.own_pool = self.own_pool[:]
        return other

    def snapshot(self) -> dict[str, Any]:
        """Return every field as plain data."""
        return _snapshot(self, self.FIELDS)


class Table:
    """The components and progress of one game, without the rules.

    Attributes:
        config: the game's options.
        rng: the game's chance (hidden information: views replace it).
        phase: setup, play or over.
        players: each seat's :class:`PlayerState`.
        tools / tool_tokens / tool_spent: the tool cards in play, the favor tokens on each,
            and (solo) whether each has been used.
        publics: the public objectives in play.
        private_deck: the private objective cards the game dealt from.
        bag: dice of each colour left in the bag.
        pool: the Draft Pool.
        track: the Round Track, the dice left over from each round.
        removed: dice out of the game (solo tool payments).
        round: 0-9 (10 once the game is over).
        start_player: the seat that starts this round.
        order: this round's turn order; ``turn`` indexes it and ``current`` is the seat deciding.
        used: the parts of the current turn already done (``DRAFTED``, ``TOOL_USED``, module
            bits).
        skip: seats that miss their second turn this round (bit per seat: Running Pliers).
        tool_slot: the slot of the tool card in use, or -1, or ``FREE_TOOL_SLOT`` while a
            tool's effect is used free (a rule module's card that copies a tool: Life's
            Apprentice's tools); ``stage``, ``held`` and ``memo`` are its step, die in hand and
            scratch memory.
        free_tool: the number of the tool card whose effect is used free, or 0.
        step: the name of the rule module's step in progress (a decision a module asks for,
            such as choosing a card it gives), or ``""``.
        components: what rule modules keep on the table (their decks, boards, hands), by
            module name; each is a :class:`Component`.
        history / actors / rounds: every action applied, the seat that took it and the round
            it was taken in (1-10; 0 for a window chosen at setup).
    """

    FIELDS: Final = (
        ("config", SHARED),
        ("rng", OBJECT),
        ("phase", SHARED),
        ("players", OBJECTS),
        ("tools", SHARED),
        ("tool_tokens", LIST),
        ("tool_spent", LIST),
        ("publics", SHARED),
        ("private_deck", SHARED),
        ("bag", LIST),
        ("pool", LIST),
        ("track", NESTED),
        ("removed", LIST),
        ("round", SHARED),
        ("start_player", SHARED),
        ("order", SHARED),
        ("turn", SHARED),
        ("current", SHARED),
        ("used", SHARED),
        ("skip", SHARED),
        ("tool_slot", SHARED),
        ("free_tool", SHARED),
        ("stage", SHARED),
        ("held", SHARED),
        ("memo", SHARED),
        ("step", SHARED),
        ("components", COMPONENTS),
        ("history", LIST),
        ("actors", LIST),
        ("rounds", LIST),
    )
    __slots__ = tuple(name for name, _ in FIELDS)

    config: Options
    rng: Rng
    phase: Phase
    players: list[PlayerState]
    tools: tuple[ToolCard, ...]
    tool_tokens: list[int]
    tool_spent: list[bool]
    publics: tuple[PublicObjective, ...]
    private_deck: tuple[PrivateObjective, ...]
    bag: list[int]
    pool: list[Die]
    track: list[list[Die]]
    removed: list[Die]
    round: int
    start_player: int
    order: tuple[int, ...]
    turn: int
    current: int
    used: int
    skip: int
    tool_slot: int
    free_tool: int
    stage: int
    held: int
    memo: int
    step: str
    components: dict[str, Component]
    history: list[int]
    actors: list[int]
    rounds: list[int]

    def snapshot(self) -> dict[str, Any]:
        """Return every field as plain data (ints, strings, lists, dicts): two positions are
        the same exactly when their snapshots are equal."""
        return _snapshot(self, Table.FIELDS)

    def copy_table_to(self, other: Table) -> None:
        """Copy every field of the table to ``other``, each as its kind in ``FIELDS`` says
        (the part of ``State.clone`` that is the table's)."""
        other.config = self.config
        other.rng = self.rng.copy()
        other.phase = self.phase
        other.players = [player.copy() for player in self.players]
        other.tools = self.tools
        other.tool_tokens = self.tool_tokens[:]
        other.tool_spent = self.tool_spent[:]
        other.publics = self.publics
        other.private_deck = self.private_deck
        other.bag = self.bag[:]
        other.pool = self.pool[:]
        other.track = [dice[:] for dice in self.track]
        other.removed = self.removed[:]
        other.round = self.round
        other.start_player = self.start_player
        other.order = self.order
        other.turn = self.turn
        other.current = self.current
        other.used = self.used
        other.skip = self.skip
        other.tool_slot = self.tool_slot
        other.free_tool = self.free_tool
        other.stage = self.stage
        other.held = self.held
        other.memo = self.memo
        other.step = self.step
        components = self.components
        other.components = (
            {name: component.copy() for name, component in components.items()} if components else {}
        )
        other.history = self.history[:]
        other.actors = self.actors[:]
        other.rounds = self.rounds[:]

    @property
    def tool_number(self) -> int:
        """The number of the tool card whose effect is in use (while ``tool_slot >= 0``)."""
        if self.tool_slot == FREE_TOOL_SLOT:
            return self.free_tool
        return self.tools[self.tool_slot].id

    # -- the current turn (TurnContext) -------------------------------------------------------

    @property
    def drafted(self) -> bool:
        """Whether this turn's draft from the Draft Pool is used."""
        return bool(self.used & DRAFTED)

    @drafted.setter
    def drafted(self, value: bool) -> None:
        self.used = self.used | DRAFTED if value else self.used & ~DRAFTED

    @property
    def tool_used(self) -> bool:
        """Whether the current player has used a tool card this turn."""
        return bool(self.used & TOOL_USED)

    @property
    def first_turn(self) -> bool:
        """Whether the current turn is the player's first turn of the round."""
        return self.turn < self.config.players

    @property
    def own_pool(self) -> list[Die]:
        """The current player's own dice."""
        return self.players[self.current].own_pool

    def window(self, player: int | None = None) -> Window:
        """Return a player's window (default: the current player's).

        Raises:
            ValueError: during setup, before that player has chosen a window pattern.
        """
        seat = self.current if player is None else player
        window = self.players[seat].window
        if window is None:
            raise ValueError(f"player {seat} has not chosen a window pattern yet")
        return window

    def skip_second_turn(self) -> None:
        """Make the current player miss their second turn of this round."""
        self.skip |= 1 << self.current

    def gain_favor(self, tokens: int) -> None:
        """Give the current player ``tokens`` favor tokens."""
        self.players[self.current].favor += tokens

    # -- chance -------------------------------------------------------------------------------

    def random_below(self, n: int) -> int:
        """Return a random integer in ``range(n)`` from the game's chance."""
        return self.rng.below(n)

    def draw_die(self) -> Die:
        """Draw a random die from the bag and roll it."""
        bag = self.bag
        r = self.rng.below(sum(bag))
        colour = 0
        while r >= bag[colour]:
            r -= bag[colour]
            colour += 1
        bag[colour] -= 1
        return colour * 6 + self.rng.roll() - 1

    def roll(self, die: Die) -> Die:
        """Re-roll ``die``: same colour, a random value."""
        return (die // 6) * 6 + self.rng.roll() - 1

    def return_to_bag(self, die: Die) -> None:
        """Put ``die`` back in the bag."""
        self.bag[DIE_COLOUR[die]] += 1

    # -- dice accounting ----------------------------------------------------------------------

    def dice_counts(self) -> list[int]:
        """Return, per colour, the dice of the bag wherever they are: in the bag, pools, hand,
        windows, Round Track, spent, or held by a rule module (masterwork dice, which are not
        the bag's, are not counted)."""
        counts = self.bag[:]
        dice: list[Die] = [*self.pool, *self.removed]
        for component in self.components.values():
            dice.extend(component.dice())
        if self.held >= 0:
            dice.append(self.held)
        for round_dice in self.track:
            dice.extend(round_dice)
        for player in self.players:
            dice.extend(player.own_pool)
            if player.window is not None:
                dice.extend(d for d in player.window.dice if d >= 0)
        for die in dice:
            if die < NUM_FACES:
                counts[DIE_COLOUR[die]] += 1
        return counts


__all__ = [
    "DRAFTED",
    "FIRST_MODULE_BIT",
    "TERMINAL",
    "TOOL_USED",
    "Component",
    "Phase",
    "PlayerState",
    "Table",
]
