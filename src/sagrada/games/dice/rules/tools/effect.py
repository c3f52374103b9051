"""What every tool effect shares: the step protocol, the registry and the placement helpers.

A tool is a short sequence of decisions. While a card is in use the state keeps its step
(``ctx.stage``), the die in hand (``ctx.held``) and one integer of scratch memory
(``ctx.memo``); the effect lists the legal actions of the current step and applies one,
through the narrow :class:`~sagrada.games.dice.rules.context.TurnContext`. ``start`` and ``apply``
return
whether the card is finished; the turn machine then ends the card (and the turn, if nothing is
left of it).

A card is offered only when its whole sequence can complete (``docs/rules-clarifications.md``,
"Tools are offered only when they can complete"), and each step offers only the choices that
still lead to an end: a player never pays for a card that cannot act.
"""

from __future__ import annotations

from typing import ClassVar, Final

from sagrada.core.cells import (
    CELL_NAMES,
    COLUMNS,
    EDGE,
    FULL,
    NOT_FIRST_COLUMN,
    NOT_LAST_COLUMN,
    NUM_CELLS,
    Mask,
    cell_list,
)
from sagrada.core.compiled import mypyc_attr
from sagrada.core.dice import (
    DIE_COLOUR,
    DIE_NAMES,
    DIE_VALUE,
    NUM_VALUE_CLASSES,
    ROTATIONS,
    Die,
    die_symbol,
    is_masterwork,
    masterwork_die,
)
from sagrada.core.messages import Message, msg
from sagrada.core.moves import do_move, move_targets
from sagrada.core.window import Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind
from sagrada.games.dice.rules.context import TurnContext

# Stages of the "after drafting" tools.
CHOOSE: Final = 0
ADJUST: Final = 1
SWAP: Final = 2
VALUE: Final = 3
PLACE: Final = 4
OWN: Final = 5


@mypyc_attr(allow_interpreted_subclasses=True)
class ToolEffect:
    """The effect of one tool card. Subclasses override the steps they need."""

    number: ClassVar[int] = 0
    #: Whether the card acts on the die drafted this turn (so the turn's draft must be unused).
    after_drafting: ClassVar[bool] = False
    #: Whether the card drafts a die from the Draft Pool and places it, besides the turn's
    #: draft (Running Pliers).
    extra_draft: ClassVar[bool] = False

    def can_start(self, ctx: TurnContext) -> bool:
        """Return whether the card's whole sequence can complete now (cost and turn aside)."""
        return True

    def why_not_startable(self, ctx: TurnContext) -> Message:
        """Explain why :meth:`can_start` is false."""
        return msg("tool.nothing")

    def start(self, ctx: TurnContext) -> bool:
        """Begin the effect once the card is paid for (``ctx.stage`` is 0); return whether
        the card is already finished."""
        return False

    def actions(self, ctx: TurnContext) -> list[Action]:
        """Return the legal actions of the current step."""
        return []

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        """Apply a legal action of the current step; return whether the card is finished."""
        return True

    def prompt(self, ctx: TurnContext) -> Message:
        """Return what the player decides at the current step."""
        return msg("prompt.choose")

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        """Explain why ``action`` is not legal at the current step."""
        return msg("tool.off_step", action=A.action_to_str(action), prompt=self.prompt(ctx))


#: The effect of each tool card, by card number (filled by :func:`register_tool`).
TOOL_EFFECTS: Final[dict[int, ToolEffect]] = {}


def register_tool(effect: type[ToolEffect]) -> None:
    """Register one instance of ``effect`` as the effect of its card number (called after the
    class: a class compiled by mypyc takes no decorator of ours)."""
    instance = effect()
    if instance.number in TOOL_EFFECTS:
        raise ValueError(f"tool card {instance.number} has two effects")
    TOOL_EFFECTS[instance.number] = instance


#: Every cell for every value class: the spaces' value restrictions lifted.
_ANY_VALUE: Final = (FULL,) * NUM_VALUE_CLASSES


def placement_actions(window: Window, dice: list[Die], base: int) -> list[Action]:
    """Return ``base + die * 20 + cell`` for each distinct die of ``dice`` and each cell where it
    may be placed: the draft actions (``base`` = ``DRAFT_BASE``) or own-pool placements.

    The hot path of legal-action generation: :meth:`Window.legal_cells` written out, with the
    part that does not depend on the die (free cells next to a die, or on the edge) computed
    once.
    """
    out: list[Action] = []
    seen = 0
    occupied = window.occupied
    if occupied:
        side = occupied | ((occupied << 1) & NOT_FIRST_COLUMN) | ((occupied >> 1) & NOT_LAST_COLUMN)
        room = (side | ((side << COLUMNS) & FULL) | (side >> COLUMNS)) & ~occupied
    else:
        room = EDGE
    if not room:
        return out
    colour_ok = window.pattern.colour_ok
    value_ok = _ANY_VALUE if window.free_value else window.pattern.value_ok
    by_colour = window.by_colour
    by_value = window.by_value
    for die in dice:
        if seen >> die & 1:
            continue
        seen |= 1 << die
        colour = DIE_COLOUR[die]
        value = DIE_VALUE[die]
        same = by_colour[colour] | by_value[value]
        cells = (
            room
            & colour_ok[colour]
            & value_ok[value]
            & ~(
                ((same << 1) & NOT_FIRST_COLUMN)
                | ((same >> 1) & NOT_LAST_COLUMN)
                | ((same << COLUMNS) & FULL)
                | (same >> COLUMNS)
            )
        )
        start = base + die * NUM_CELLS
        while cells:
            low = cells & -cells
            out.append(start + low.bit_length() - 1)
            cells ^= low
    return out


def distinct(dice: list[Die], exclude: int = -1) -> list[Die]:
    """Return the distinct faces of ``dice`` in order of first appearance, skipping position
    ``exclude``."""
    out = []
    seen = 0
    for index, die in enumerate(dice):
        if index != exclude and not seen >> die & 1:
            seen |= 1 << die
            out.append(die)
    return out


# -- moving dice -----------------------------------------------------------------------------


def move_actions(
    window: Window, sources: Mask, *, ignore_colour: bool = False, ignore_value: bool = False
) -> list[Action]:
    """Return the MOVE actions of the dice on ``sources`` to every cell each may move to."""
    out = []
    for source in cell_list(sources & window.occupied):
        base = A.MOVE_BASE + source * NUM_CELLS
        for target in cell_list(
            move_targets(window, source, ignore_colour=ignore_colour, ignore_value=ignore_value)
        ):
            out.append(base + target)
    return out


def explain_move(
    window: Window, action: Action, ignore_colour: bool, ignore_value: bool
) -> Message:
    """Say why the MOVE ``action`` is not allowed in ``window``."""
    source, target = A.ARG1[action], A.ARG2[action]
    if window.dice[source] < 0:
        return msg("tool.no_die_to_move", cell=CELL_NAMES[source])
    if source == target:
        return msg("tool.same_space")
    problem = window.move_problem(
        source, target, ignore_colour=ignore_colour, ignore_value=ignore_value
    )
    return problem or msg("tool.move_refused")


#: ``ctx.stage`` of a moving card while the player turns the masterwork die it has just moved
#: (on ``ctx.memo``): ``TURN`` plus the card's own step, at which it goes on afterwards. A
#: moving card numbers its own steps below ``TURN``.
TURN: Final = 4


@mypyc_attr(allow_interpreted_subclasses=True)
class MovesDice(ToolEffect):
    """A card that moves dice of the window, one move per step (Eglomise Brush, Copper Foil
    Burnisher, Lathekin, Tap Wheel, Soldering Iron).

    "If a Masterwork Die is moved, it may be rotated but must remain showing the same symbol"
    (rulebook 004_234c3922e9d01436.txt, MASTERWORK DICE PLACEMENT): whichever card moves a
    masterwork die, the player then chooses its rotation (``O90@B3``, any of the four, its
    symbol kept) before the card goes on. Subclasses list the moves of each step
    (:meth:`moves`), say what follows a move (:meth:`moved`) and which space restriction
    their moves ignore (``ignore_colour``, ``ignore_value``).
    """

    ignore_colour: ClassVar[bool] = False
    ignore_value: ClassVar[bool] = False

    def moves(self, ctx: TurnContext) -> list[Action]:
        """Return the MOVE actions (and any other action) of the card's current step."""
        return []

    def moved(self, ctx: TurnContext) -> bool:
        """Go on after a move (the die moved is on ``ctx.memo``, a masterwork die turned as the
        player chose); return whether the card is finished."""
        return True

    def move_prompt(self, ctx: TurnContext) -> Message:
        """Return what the player decides at the card's current step."""
        return msg("tool.move")

    def explain_step(self, ctx: TurnContext, action: Action) -> Message:
        """Explain why ``action`` is not legal at the card's current step."""
        if A.KIND_OF[action] == Kind.MOVE:
            return explain_move(ctx.window(), action, self.ignore_colour, self.ignore_value)
        return super().explain(ctx, action)

    def actions(self, ctx: TurnContext) -> list[Action]:
        if ctx.stage >= TURN:
            return [A.masterwork_action(rotation, ctx.memo) for rotation in ROTATIONS]
        return self.moves(ctx)

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        window = ctx.window()
        if ctx.stage >= TURN:
            turn_masterwork(window, ctx.memo, A.ARG1[action])
            ctx.stage -= TURN
            return self.moved(ctx)
        target = A.ARG2[action]
        do_move(
            window,
            A.ARG1[action],
            target,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )
        ctx.memo = target
        if is_masterwork(window.dice[target]):
            ctx.stage += TURN
            return False
        return self.moved(ctx)

    def prompt(self, ctx: TurnContext) -> Message:
        if ctx.stage >= TURN:
            return msg("tool.rotate_masterwork", cell=CELL_NAMES[ctx.memo])
        return self.move_prompt(ctx)

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        if ctx.stage >= TURN:
            if A.KIND_OF[action] == Kind.MASTERWORK:
                return msg("tool.rotate_masterwork", cell=CELL_NAMES[ctx.memo])
            return super().explain(ctx, action)
        return self.explain_step(ctx, action)


def turn_masterwork(window: Window, cell: int, rotation: int) -> None:
    """Turn the masterwork die on ``cell`` to ``rotation`` degrees, its symbol and any waived
    restriction of its space kept."""
    waived = window.waived_colour, window.waived_value
    die = window.remove(cell)
    window.place(masterwork_die(die_symbol(die), rotation), cell)
    window.waived_colour, window.waived_value = waived


# -- the "after drafting" cards ----------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class AfterDrafting(ToolEffect):
    """A card that takes a die from the Draft Pool, changes it, then places it.

    Subclasses say which dice can be taken (:meth:`fits`: the change can end in a placement)
    and how the die changes (:meth:`affect`, and for a card with a choice
    :meth:`effect_actions` / :meth:`apply_effect`).
    """

    after_drafting = True
    #: The die must go where no die touches it (Cork-backed Straightedge).
    isolated: ClassVar[bool] = False
    #: The player may put the die back in the Draft Pool instead of placing it (Flux Remover).
    may_return: ClassVar[bool] = False
    #: What a die must allow to be taken, after "could be" (see :meth:`fits`).
    fit: ClassVar[Message] = msg("fit.placed")

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        """Return whether the card's sequence, started by taking ``die``, can end with a die
        placed (or as the card allows otherwise)."""
        return bool(ctx.window().legal_cells(die, isolated=self.isolated))

    def choices(self, ctx: TurnContext) -> list[Die]:
        """Return the distinct Draft Pool dice the card can take."""
        return [die for die in distinct(ctx.pool) if self.fits(ctx, die)]

    def can_start(self, ctx: TurnContext) -> bool:
        seen = 0
        for die in ctx.pool:
            if not seen >> die & 1:
                seen |= 1 << die
                if self.fits(ctx, die):
                    return True
        return False

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if not ctx.pool:
            return msg("tool.pool_empty")
        return msg("tool.none_fits", fit=self.fit)

    def actions(self, ctx: TurnContext) -> list[Action]:
        if ctx.stage == CHOOSE:
            return [A.CHOOSE_BASE + die for die in self.choices(ctx)]
        if ctx.stage == PLACE:
            out = [A.PUT_BASE + cell for cell in cell_list(ctx.memo)]
            if self.may_return:
                out.append(A.RETURN)
            return out
        return self.effect_actions(ctx)

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        if ctx.stage == CHOOSE:
            die = A.ARG1[action]
            ctx.pool.remove(die)
            ctx.held = die
            ctx.drafted = True
            return self.affect(ctx)
        if ctx.stage == PLACE:
            if action == A.RETURN:
                ctx.pool.append(ctx.held)
            else:
                ctx.window().place(ctx.held, A.ARG1[action])
            ctx.held = -1
            return True
        return self.apply_effect(ctx, action)

    def affect(self, ctx: TurnContext) -> bool:
        """Change the held die (or ask how), then offer the placement; return whether the
        card is finished."""
        return offer_placement(ctx, self.isolated)

    def effect_actions(self, ctx: TurnContext) -> list[Action]:
        """Return the legal actions of the card's own step."""
        return []

    def apply_effect(self, ctx: TurnContext, action: Action) -> bool:
        """Apply an action of the card's own step; return whether the card is finished."""
        return offer_placement(ctx, self.isolated)

    def prompt(self, ctx: TurnContext) -> Message:
        if ctx.stage == CHOOSE:
            return msg("tool.choose_die")
        if ctx.stage == PLACE:
            held = DIE_NAMES[ctx.held]
            if self.may_return:
                return msg("tool.place_or_return", die=held)
            return msg("tool.place", die=held)
        return self.effect_prompt(ctx)

    def effect_prompt(self, ctx: TurnContext) -> Message:
        """Return what the player decides at the card's own step."""
        return msg("prompt.choose")

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        kind = A.KIND_OF[action]
        if ctx.stage == CHOOSE and kind == Kind.CHOOSE:
            die = A.ARG1[action]
            if die not in ctx.pool:
                return msg("refuse.no_die", die=DIE_NAMES[die], source=msg("source.pool"))
            return msg("tool.does_not_fit", die=DIE_NAMES[die], fit=self.fit)
        if ctx.stage == PLACE and kind == Kind.PUT:
            problem = ctx.window().placement_problem(
                ctx.held, A.ARG1[action], isolated=self.isolated
            )
            return problem or msg("tool.not_legal_space", cell=CELL_NAMES[A.ARG1[action]])
        return super().explain(ctx, action)


@mypyc_attr(allow_interpreted_subclasses=True)
class SwapAfterDrafting(AfterDrafting):
    """A card that swaps the drafted die for another die, which is then placed: whichever die
    is drafted, the card can complete exactly when one of the dice it may swap in fits."""

    def swaps(self, ctx: TurnContext, first_only: bool = False) -> list[Action]:
        """Return the swap actions whose incoming die can be placed (at most one if
        ``first_only``)."""
        return []

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return bool(self.swaps(ctx, first_only=True))

    def choices(self, ctx: TurnContext) -> list[Die]:
        return distinct(ctx.pool) if self.fits(ctx, -1) else []

    def can_start(self, ctx: TurnContext) -> bool:
        return bool(ctx.pool) and self.fits(ctx, -1)

    def effect_actions(self, ctx: TurnContext) -> list[Action]:
        return self.swaps(ctx)


def offer_placement(ctx: TurnContext, isolated: bool = False) -> bool:
    """Move to the placement step for the held die, or return it to the Draft Pool if it fits
    nowhere; return whether the card is finished (the die went back)."""
    cells = ctx.window().legal_cells(ctx.held, isolated=isolated)
    if cells == 0:
        ctx.pool.append(ctx.held)
        ctx.held = -1
        return True
    ctx.memo = cells
    ctx.stage = PLACE
    return False


def any_face_fits(window: Window, die: Die) -> bool:
    """Return whether some value of ``die``'s colour could be placed in ``window``."""
    colour = DIE_COLOUR[die] * 6
    return any(window.legal_cells(colour + value) for value in range(6))
