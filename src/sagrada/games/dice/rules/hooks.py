"""The hooks of a rule module: what a module may add to or change in a dice game.

A rule module (base game, solo, 5 & 6 Player Expansion, Private Dice Pool rules, and later
Life's modules) is a :class:`RuleModule`: it says when it is active for a game's options, checks
the options it cares about, and *configures* a :class:`RulesBuilder`, adding cards to the decks,
setting numbers, contributing turn actions, setup steps, scoring and view hooks. The active
modules configure the builder one after the other (base game first), and the result is frozen
into :class:`Rules`, which the turn machine consults. The engine never asks which module is
loaded; it calls what the modules put here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from sagrada.core.compiled import mypyc_attr
from sagrada.core.content import PrivateObjective, WindowPattern
from sagrada.core.dice import DIE_NAMES, Die
from sagrada.core.messages import Message, msg
from sagrada.core.options import Options
from sagrada.core.rng import Rng
from sagrada.core.scoring import ScoreBreakdown, ScorePart
from sagrada.games.dice.rules.actions import ARG1, ARG2, KINDS, ROUNDS, Action
from sagrada.games.dice.rules.outcome import Outcome
from sagrada.games.dice.rules.table import FREE_TOOL_SLOT, Table
from sagrada.games.dice.rules.tools.effect import TOOL_EFFECTS, ToolEffect, placement_actions

#: ``stage`` of a tool card whose payment is still to be chosen (a module's payment step).
PAY_STAGE: Final = -1

#: Two sides of one window pattern card.
WindowCard = tuple[WindowPattern, WindowPattern]


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnAction:
    """A part of a turn that a player may do once, at the turn's main decision.

    The base game's draft (take a die from the Draft Pool and place it) is one; the Private
    Dice Pool rules add placing a die of one's own. Using a tool card is the engine's own.

    Attributes:
        bit: the bit of ``Table.used`` set once it is done this turn (0: it may be done any
            number of times).
        kind: the id of the action kind it answers; more_kinds: further kinds it answers
            (Life's apprentice cards: activated or discarded).
        done_reason: why it cannot be done again this turn.
        part: what a turn prompt says of it while it can still be done ("draft and place a
            die"), once another part of the turn is done.
    """

    bit: ClassVar[int] = 0
    kind: ClassVar[int] = -1
    more_kinds: ClassVar[tuple[int, ...]] = ()
    done_reason: ClassVar[Message] = msg("refuse.default")
    part: ClassVar[Message] = msg("prompt.part.draft")

    def actions(self, table: Table) -> list[Action]:
        """Return its legal actions now (it has not been done this turn)."""
        return []

    def allows(self, table: Table, action: Action) -> bool:
        """Return whether ``action`` (of its kind) is among :meth:`actions` now; a part may
        answer without listing them all."""
        return action in self.actions(table)

    def apply(self, table: Table, action: Action) -> None:
        """Apply one of its legal actions."""

    def explain(self, table: Table, action: Action) -> Message:
        """Say why ``action`` (of its kind, while it is still to do) is not legal."""
        return msg("refuse.default")


@mypyc_attr(allow_interpreted_subclasses=True)
class PlaceDie(TurnAction):
    """Take a die from somewhere (:meth:`dice`) and place it in one's window, obeying every
    placement rule: the draft from the Draft Pool, placing a die of one's own."""

    #: Where the dice are, for messages ("the Draft Pool").
    source: ClassVar[Message] = msg("source.pool")

    def dice(self, table: Table) -> list[Die]:
        """Return the dice the action takes from (the list itself: a die is removed from it)."""
        return []

    def actions(self, table: Table) -> list[Action]:
        return placement_actions(table.window(), self.dice(table), KINDS[self.kind].first)

    def allows(self, table: Table, action: Action) -> bool:
        die = ARG1[action]
        return die in self.dice(table) and bool(table.window().legal_cells(die) >> ARG2[action] & 1)

    def apply(self, table: Table, action: Action) -> None:
        die = ARG1[action]
        self.dice(table).remove(die)
        table.window().place(die, ARG2[action])

    def explain(self, table: Table, action: Action) -> Message:
        die = ARG1[action]
        if die not in self.dice(table):
            return msg("refuse.no_die", die=DIE_NAMES[die], source=self.source)
        problem = table.window().placement_problem(die, ARG2[action])
        return problem or msg("refuse.placement")


@mypyc_attr(allow_interpreted_subclasses=True)
class ModuleStep:
    """A decision a rule module asks for during a turn, outside any tool card (Life's
    Apprentice module: choosing the Apprentice card a covered space gives).

    A module starts it by setting ``table.step`` to the step's name (from an ``after_action``
    hook); while it is set, the step lists the legal actions and applies them, and the turn
    cannot end. ``table.stage``, ``held`` and ``memo`` are free for it (no tool is in use).
    """

    def actions(self, table: Table) -> list[Action]:
        """Return the legal actions of the step."""
        return []

    def apply(self, table: Table, action: Action) -> bool:
        """Apply a legal action; return whether the step is finished."""
        return True

    def prompt(self, table: Table) -> Message:
        """Return what the player decides."""
        return msg("prompt.choose")

    def activity(self, table: Table) -> Message:
        """Return what the player is doing, as the other players are told ("gaining an
        apprentice card")."""
        return msg("activity.turn")

    def explain(self, table: Table, action: Action) -> Message:
        """Say why ``action`` is not legal at this step."""
        return msg("refuse.step", prompt=self.prompt(table))


@mypyc_attr(allow_interpreted_subclasses=True)
class ToolPayment:
    """How a player pays for a tool card (the base game: favor tokens)."""

    def available(self, table: Table, slot: int, effect: ToolEffect) -> bool:
        """Return whether the current player may start the tool in ``slot`` now, as far as
        paying goes (the effect's own conditions included where payment changes them)."""
        return True

    def refusal(self, table: Table, slot: int, effect: ToolEffect) -> Message | None:
        """Say why the tool in ``slot`` cannot be paid for, or ``None`` if payment is not the
        reason."""
        return None

    def pay(self, table: Table, slot: int) -> bool:
        """Pay as the tool card in ``slot`` is chosen; return ``True`` if its effect starts now,
        ``False`` if a payment step (``stage == PAY_STAGE``) comes first."""
        return True

    def step_actions(self, table: Table, effect: ToolEffect) -> list[Action]:
        """Return the legal actions of the payment step."""
        return []

    def apply_step(self, table: Table, action: Action) -> None:
        """Apply the payment step's action (the effect starts right after)."""

    def explain_step(self, table: Table, action: Action) -> Message:
        """Say why ``action`` is not legal at the payment step."""
        return msg("refuse.payment")

    def step_prompt(self, table: Table) -> Message:
        """Return what the player decides at the payment step."""
        return msg("prompt.pay")


def close_tool(table: Table) -> None:
    """Clear the tool in use (the turn machine marks the turn's tool action done, unless the
    effect was used free)."""
    table.tool_slot = -1
    table.free_tool = 0
    table.stage = 0
    table.memo = 0


def use_tool_free(table: Table, number: int) -> None:
    """Start the effect of tool card ``number`` without its card: free, and not the turn's
    tool action (Life's Apprentice's tools). Its steps then run like any tool's, with the
    card's own timing and restrictions; the caller checks first that it can complete
    (``TOOL_EFFECTS[number].can_start``)."""
    table.tool_slot = FREE_TOOL_SLOT
    table.free_tool = number
    table.stage = 0
    if TOOL_EFFECTS[number].start(table):
        close_tool(table)


def _snake(players: int, start: int) -> tuple[int, ...]:
    first = [(start + i) % players for i in range(players)]
    return tuple(first + first[::-1])


@dataclass
class RulesBuilder:
    """What the active modules configure, one after the other; frozen into :class:`Rules`.

    Decks and counts:
        window_cards, tool_deck (card numbers, in deck order), public_deck (objective ids),
        private_deck; excluded_tools: tool numbers a module took out, with the reason (for
        messages); num_tools, num_publics, num_privates: how many are dealt.
    Numbers:
        dice_per_colour (the bag at the start), draft_pool_size (dice drawn each round),
        rounds.
    Turn structure:
        round_order(players, start_player) -> the seats' turns this round;
        turn_actions: the once-a-turn parts of the turn's main decision (besides tool use);
        payment: how tool cards are paid for;
        turn_prompt: what the turn's main decision asks (for ``describe_decision``).
    Setup:
        favor_for(pattern): favor tokens a window pattern gives;
        setup_steps: called on the table after the deal, in module order.
    Scoring and the end:
        solo_scoring: score windows by the solo rules; outcome(table, scores).
    During play:
        after_action(table, action): called after every action of the play phase, in module
            order (a module notices what it cares about, such as a space being covered, and
            may start one of its steps);
        steps: the module steps by name (see :class:`ModuleStep`);
        turn_end(table), round_end(table): called as each turn ends (before the next player's)
            and as each round ends (before its leftover dice go to the Round Track).
        hold_turn: whether a turn stays open once every part of it is done, as long as an
            action other than ``pass`` is legal (a module's repeatable turn action: Life's
            apprentice cards, played at any time of one's turn); the player ends it with
            ``pass``;
        decisions_per_turn: an upper bound on the decisions of one turn, averaged over a
            game (for ``max_game_length``); a module that adds decisions raises it.
    Scoring and the end (more):
        score_parts(table, seat) -> the module's own score parts for a seat (counted in the
            total, listed before favor tokens and open spaces).
    Views:
        view_hooks(table, viewer, data): add the module's public parts to a view's JSON.
        redactions(table, viewer): erase from a view's copy of the table what ``viewer`` may
            not know of the module's components (other players' hands, a deck's order),
            keeping what is public (how many cards each holds).
        guesses(table, viewer, rng): fill what a redaction erased with a guess consistent
            with what ``viewer`` knows, drawn with ``rng`` (for searching bots).
    """

    options: Options
    modules: list[str] = field(default_factory=list)
    window_cards: list[WindowCard] = field(default_factory=list)
    tool_deck: list[int] = field(default_factory=list)
    excluded_tools: dict[int, str] = field(default_factory=dict)
    public_deck: list[str] = field(default_factory=list)
    private_deck: list[PrivateObjective] = field(default_factory=list)
    num_tools: int = 3
    num_publics: int = 3
    num_privates: int = 1
    dice_per_colour: int = 18
    draft_pool_size: int = 0
    rounds: int = ROUNDS
    round_order: Callable[[int, int], tuple[int, ...]] = _snake
    turn_actions: list[TurnAction] = field(default_factory=list)
    payment: ToolPayment = field(default_factory=ToolPayment)
    turn_prompt: Message = field(default_factory=lambda: msg("prompt.turn"))
    favor_for: Callable[[WindowPattern], int] = lambda pattern: pattern.difficulty
    setup_steps: list[Callable[[Table], None]] = field(default_factory=list)
    solo_scoring: bool = False
    outcome: Callable[[Table, tuple[ScoreBreakdown, ...]], Outcome] | None = None
    view_hooks: list[Callable[[Table, int, dict[str, Any]], None]] = field(default_factory=list)
    redactions: list[Callable[[Table, int], None]] = field(default_factory=list)
    guesses: list[Callable[[Table, int, Rng], None]] = field(default_factory=list)
    after_action: list[Callable[[Table, Action], None]] = field(default_factory=list)
    steps: dict[str, ModuleStep] = field(default_factory=dict)
    score_parts: list[Callable[[Table, int], list[ScorePart]]] = field(default_factory=list)
    turn_end: list[Callable[[Table], None]] = field(default_factory=list)
    round_end: list[Callable[[Table], None]] = field(default_factory=list)
    hold_turn: bool = False
    #: A draft, a private-pool die, a tool of at most five steps, a pass.
    decisions_per_turn: int = 8


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one game, assembled from its active modules: every field of
    :class:`RulesBuilder` (lists frozen into tuples), and what follows from them.

    Attributes:
        all_used: the bits of ``Table.used`` once every part of a turn is done.
        turn_by_kind: the turn action answering each action kind id.
        num_distinct_actions: the size of the game's action space.
        max_game_length: an upper bound on the decisions of a game.
    """

    options: Options
    modules: tuple[str, ...]
    window_cards: tuple[WindowCard, ...]
    tool_deck: tuple[int, ...]
    excluded_tools: dict[int, str]
    public_deck: tuple[str, ...]
    private_deck: tuple[PrivateObjective, ...]
    num_tools: int
    num_publics: int
    num_privates: int
    dice_per_colour: int
    draft_pool_size: int
    rounds: int
    round_order: Callable[[int, int], tuple[int, ...]]
    turn_actions: tuple[TurnAction, ...]
    payment: ToolPayment
    turn_prompt: Message
    favor_for: Callable[[WindowPattern], int]
    setup_steps: tuple[Callable[[Table], None], ...]
    solo_scoring: bool
    outcome: Callable[[Table, tuple[ScoreBreakdown, ...]], Outcome]
    view_hooks: tuple[Callable[[Table, int, dict[str, Any]], None], ...]
    redactions: tuple[Callable[[Table, int], None], ...]
    guesses: tuple[Callable[[Table, int, Rng], None], ...]
    after_action: tuple[Callable[[Table, Action], None], ...]
    steps: dict[str, ModuleStep]
    score_parts: tuple[Callable[[Table, int], list[ScorePart]], ...]
    turn_end: tuple[Callable[[Table], None], ...]
    round_end: tuple[Callable[[Table], None], ...]
    hold_turn: bool
    decisions_per_turn: int
    all_used: int
    turn_by_kind: dict[int, TurnAction]
    num_distinct_actions: int
    max_game_length: int


@mypyc_attr(allow_interpreted_subclasses=True)
class RuleModule:
    """A rule module: content and hooks that a game switches on by its options.

    Attributes:
        name: the module's id (``"private-pools"``), also the owner named by its action kinds.
        title: its name for people (``"the Private Dice Pool rules"``).
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""

    def active(self, options: Options) -> bool:
        """Return whether a game with ``options`` uses this module."""
        return False

    def validate(self, options: Options) -> None:
        """Refuse options this module cannot play with.

        Raises:
            ConfigError: naming the option at fault.
        """

    def configure(self, rules: RulesBuilder) -> None:
        """Add the module's content and hooks to ``rules`` (``rules.options`` holds the
        options)."""
