"""The base game's twelve tool cards (CARDS.md §1), one small class per card.

Readings where the cards are short are those of ``docs/rules-clarifications.md``:

* the "after drafting" tools (1, 5, 6, 9, 10, 11) start by taking a die from the Draft Pool;
  after the effect the die must be placed if it can be, else it goes back to the Draft Pool
  (only Flux Brush's re-roll and Flux Remover's new die can end that way: the other cards offer
  only dice and choices that can be placed);
* moving a die lifts it and places it again under every rule against the other dice, except
  the restriction the card lifts (2: the space's colour, 3: the space's value).
"""

from __future__ import annotations

from sagrada.core import actions as A
from sagrada.core.actions import Action, Kind
from sagrada.core.cells import CELL_NAMES, Mask
from sagrada.core.context import TurnContext
from sagrada.core.dice import DIE_COLOUR, DIE_NAMES, DIE_VALUE, Die
from sagrada.core.tools.effect import (
    ADJUST,
    SWAP,
    VALUE,
    AfterDrafting,
    SwapAfterDrafting,
    ToolEffect,
    any_face_fits,
    any_move,
    do_move,
    explain_move,
    move_actions,
    offer_placement,
    placement_actions,
    register_tool,
)


def _opposite(die: Die) -> Die:
    """The same die turned to its opposite face (values add up to 7)."""
    return (die // 6) * 6 + (7 - DIE_VALUE[die]) - 1


@register_tool
class GrozingPliers(AfterDrafting):
    """1: after drafting, raise or lower the die's value by 1 (a 1 never becomes 6, nor 6 a 1)."""

    number = 1
    fit = "placed after raising or lowering it by 1"

    def _adjustments(self, ctx: TurnContext, die: Die) -> list[Action]:
        window = ctx.window()
        value = DIE_VALUE[die]
        out = []
        if value < 6 and window.legal_cells(die + 1):
            out.append(A.INCREASE)
        if value > 1 and window.legal_cells(die - 1):
            out.append(A.DECREASE)
        return out

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return bool(self._adjustments(ctx, die))

    def affect(self, ctx: TurnContext) -> bool:
        ctx.stage = ADJUST
        return False

    def effect_actions(self, ctx: TurnContext) -> list[Action]:
        return self._adjustments(ctx, ctx.held)

    def apply_effect(self, ctx: TurnContext, action: Action) -> bool:
        ctx.held += 1 if action == A.INCREASE else -1
        return offer_placement(ctx)

    def effect_prompt(self, ctx: TurnContext) -> str:
        return f"raise (+1) or lower (-1) the {DIE_NAMES[ctx.held]}"

    def explain(self, ctx: TurnContext, action: Action) -> str:
        if ctx.stage == ADJUST and action in (A.INCREASE, A.DECREASE):
            value = DIE_VALUE[ctx.held]
            if (action == A.INCREASE and value == 6) or (action == A.DECREASE and value == 1):
                return "a 6 cannot become a 1, nor a 1 a 6"
            changed = ctx.held + (1 if action == A.INCREASE else -1)
            return f"a {DIE_NAMES[changed]} could not be placed anywhere in your window"
        return super().explain(ctx, action)


@register_tool
class LensCutter(SwapAfterDrafting):
    """5: after drafting, swap the die with a die on the Round Track."""

    number = 5
    fit = "swapped for a Round Track die that can be placed"

    def swaps(self, ctx: TurnContext, first_only: bool = False) -> list[Action]:
        window = ctx.window()
        out = []
        for index, dice in enumerate(ctx.track):
            seen = 0
            for die in dice:
                if not seen >> die & 1:
                    seen |= 1 << die
                    if window.legal_cells(die):
                        out.append(A.track(index + 1, die))
                        if first_only:
                            return out
        return out

    def why_not_startable(self, ctx: TurnContext) -> str:
        if not any(ctx.track):
            return "the Round Track has no dice yet"
        if not ctx.pool:
            return "the Draft Pool is empty"
        return "no die on the Round Track could be placed in your window"

    def affect(self, ctx: TurnContext) -> bool:
        ctx.stage = SWAP
        return False

    def apply_effect(self, ctx: TurnContext, action: Action) -> bool:
        dice = ctx.track[A.ARG1[action] - 1]
        dice.remove(A.ARG2[action])
        dice.append(ctx.held)
        ctx.held = A.ARG2[action]
        return offer_placement(ctx)

    def effect_prompt(self, ctx: TurnContext) -> str:
        return f"choose a Round Track die to swap with the {DIE_NAMES[ctx.held]} (like r3:R5)"

    def explain(self, ctx: TurnContext, action: Action) -> str:
        if ctx.stage == SWAP and A.KIND_OF[action] == Kind.TRACK:
            round_number, die = A.ARG1[action], A.ARG2[action]
            if die not in ctx.track[round_number - 1]:
                return f"round {round_number} of the Round Track holds no {DIE_NAMES[die]}"
            return f"the {DIE_NAMES[die]} could not be placed anywhere in your window"
        return super().explain(ctx, action)


@register_tool
class FluxBrush(AfterDrafting):
    """6: after drafting, re-roll the die; if it then fits nowhere it returns to the Draft Pool.

    A die is offered when some value of its colour could be placed: otherwise the re-roll could
    only send it back.
    """

    number = 6
    fit = "placed with some value of its colour"

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return any_face_fits(ctx.window(), die)

    def affect(self, ctx: TurnContext) -> bool:
        ctx.held = ctx.roll(ctx.held)
        return offer_placement(ctx)


@register_tool
class CorkBackedStraightedge(AfterDrafting):
    """9: after drafting, place the die where no die touches it, obeying the space's restriction."""

    number = 9
    isolated = True
    fit = "placed on a space that touches no die"


@register_tool
class GrindingStone(AfterDrafting):
    """10: after drafting, turn the die to its opposite face (values add up to 7)."""

    number = 10
    fit = "placed once turned to its opposite face"

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return bool(ctx.window().legal_cells(_opposite(die)))

    def affect(self, ctx: TurnContext) -> bool:
        ctx.held = _opposite(ctx.held)
        return offer_placement(ctx)


@register_tool
class FluxRemover(AfterDrafting):
    """11: after drafting, return the die to the bag, draw another, choose its value, then
    place it or put it in the Draft Pool (so any die of the Draft Pool can be taken)."""

    number = 11
    may_return = True

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return True

    def affect(self, ctx: TurnContext) -> bool:
        ctx.return_to_bag(ctx.held)
        ctx.held = ctx.draw_die()
        ctx.stage = VALUE
        return False

    def effect_actions(self, ctx: TurnContext) -> list[Action]:
        return [A.set_value(v) for v in range(1, 7)]

    def apply_effect(self, ctx: TurnContext, action: Action) -> bool:
        die = ctx.held
        ctx.held = (die // 6) * 6 + A.ARG1[action] - 1
        return offer_placement(ctx)

    def effect_prompt(self, ctx: TurnContext) -> str:
        colour = DIE_NAMES[ctx.held][0]
        return f"choose the value of the new {colour} die (=1 to =6)"


class _MoveOne(ToolEffect):
    """Move one die, ignoring one kind of space restriction."""

    ignore_colour = False
    ignore_value = False

    def can_start(self, ctx: TurnContext) -> bool:
        window = ctx.window()
        return any_move(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )

    def why_not_startable(self, ctx: TurnContext) -> str:
        return "no die in your window can be moved anywhere"

    def actions(self, ctx: TurnContext) -> list[Action]:
        window = ctx.window()
        return move_actions(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        do_move(
            ctx.window(),
            A.ARG1[action],
            A.ARG2[action],
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )
        return True

    def prompt(self, ctx: TurnContext) -> str:
        return "move a die in your window (like B4>C5)"

    def explain(self, ctx: TurnContext, action: Action) -> str:
        if A.KIND_OF[action] == Kind.MOVE:
            return explain_move(ctx.window(), action, self.ignore_colour, self.ignore_value)
        return super().explain(ctx, action)


@register_tool
class EglomiseBrush(_MoveOne):
    """2: move one die, ignoring the spaces' colour restrictions."""

    number = 2
    ignore_colour = True


@register_tool
class CopperFoilBurnisher(_MoveOne):
    """3: move one die, ignoring the spaces' value restrictions."""

    number = 3
    ignore_value = True


@register_tool
class Lathekin(ToolEffect):
    """4: move exactly two dice, one after the other, obeying every placement rule."""

    number = 4

    def _first_moves(self, ctx: TurnContext, stop_at_one: bool) -> list[Action]:
        window = ctx.window()
        out = []
        for action in move_actions(window, window.occupied):
            source, target = A.ARG1[action], A.ARG2[action]
            waived_colour, waived_value = window.waived_colour, window.waived_value
            do_move(window, source, target)
            second = any_move(window, window.occupied & ~(1 << target))
            die = window.remove(target)
            window.place(die, source)
            window.waived_colour, window.waived_value = waived_colour, waived_value
            if second:
                out.append(action)
                if stop_at_one:
                    break
        return out

    def can_start(self, ctx: TurnContext) -> bool:
        return bool(self._first_moves(ctx, stop_at_one=True))

    def why_not_startable(self, ctx: TurnContext) -> str:
        return "your window has no two dice that can be moved one after the other"

    def actions(self, ctx: TurnContext) -> list[Action]:
        if ctx.stage == 0:
            return self._first_moves(ctx, stop_at_one=False)
        window = ctx.window()
        return move_actions(window, window.occupied & ~(1 << ctx.memo))

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        do_move(ctx.window(), A.ARG1[action], A.ARG2[action])
        if ctx.stage == 0:
            ctx.memo = A.ARG2[action]
            ctx.stage = 1
            return False
        return True

    def prompt(self, ctx: TurnContext) -> str:
        if ctx.stage == 0:
            return "move the first of two dice (like B4>C5)"
        return f"move a second die (not the one now on {CELL_NAMES[ctx.memo]})"

    def explain(self, ctx: TurnContext, action: Action) -> str:
        if A.KIND_OF[action] == Kind.MOVE:
            if ctx.stage == 1 and A.ARG1[action] == ctx.memo:
                return "the second move must move another die"
            problem = explain_move(ctx.window(), action, False, False)
            if problem == "that move is not allowed at this step":
                return "after that move no second die could be moved"
            return problem
        return super().explain(ctx, action)


@register_tool
class GlazingHammer(ToolEffect):
    """7: re-roll every die in the Draft Pool; only on your second turn, before drafting."""

    number = 7

    def can_start(self, ctx: TurnContext) -> bool:
        return not ctx.first_turn and not ctx.drafted and bool(ctx.pool)

    def why_not_startable(self, ctx: TurnContext) -> str:
        if ctx.first_turn:
            return "it may only be used on your second turn of the round"
        if ctx.drafted:
            return "it may only be used before drafting"
        return "the Draft Pool is empty"

    def start(self, ctx: TurnContext) -> bool:
        ctx.pool[:] = [ctx.roll(die) for die in ctx.pool]
        return True


@register_tool
class RunningPliers(ToolEffect):
    """8: on your first turn, after placing a die, draft and place another; skip your second."""

    number = 8

    def _drafts(self, ctx: TurnContext) -> list[Action]:
        return placement_actions(ctx.window(), ctx.pool, A.DRAFT_BASE)

    def can_start(self, ctx: TurnContext) -> bool:
        return ctx.first_turn and ctx.drafted and bool(self._drafts(ctx))

    def why_not_startable(self, ctx: TurnContext) -> str:
        if not ctx.first_turn:
            return "it may only be used on your first turn of the round"
        if not ctx.drafted:
            return "it is used after you have drafted and placed this turn's die"
        return "no die in the Draft Pool can be placed in your window"

    def actions(self, ctx: TurnContext) -> list[Action]:
        return self._drafts(ctx)

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        die = A.ARG1[action]
        ctx.pool.remove(die)
        ctx.window().place(die, A.ARG2[action])
        ctx.skip_second_turn()
        return True

    def prompt(self, ctx: TurnContext) -> str:
        return "draft and place a second die (like R3@B4)"

    def explain(self, ctx: TurnContext, action: Action) -> str:
        if A.KIND_OF[action] == Kind.DRAFT:
            die = A.ARG1[action]
            if die not in ctx.pool:
                return f"there is no {DIE_NAMES[die]} in the Draft Pool"
            return ctx.window().placement_problem(die, A.ARG2[action]) or "not a legal placement"
        return super().explain(ctx, action)


@register_tool
class TapWheel(ToolEffect):
    """12: move up to two dice of one colour that matches a die on the Round Track."""

    number = 12

    def _sources(self, ctx: TurnContext) -> Mask:
        window = ctx.window()
        colours = {DIE_COLOUR[d] for dice in ctx.track for d in dice}
        mask = 0
        for colour in colours:
            mask |= window.by_colour[colour]
        return mask

    def can_start(self, ctx: TurnContext) -> bool:
        return any_move(ctx.window(), self._sources(ctx))

    def why_not_startable(self, ctx: TurnContext) -> str:
        if not any(ctx.track):
            return "the Round Track has no dice yet"
        return "no die of a colour on the Round Track can be moved"

    def actions(self, ctx: TurnContext) -> list[Action]:
        window = ctx.window()
        if ctx.stage == 0:
            return move_actions(window, self._sources(ctx))
        colour = DIE_COLOUR[window.dice[ctx.memo]]
        return [*move_actions(window, window.by_colour[colour] & ~(1 << ctx.memo)), A.STOP]

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        if action == A.STOP:
            return True
        window = ctx.window()
        do_move(window, A.ARG1[action], A.ARG2[action])
        if ctx.stage == 0:
            ctx.memo = A.ARG2[action]
            ctx.stage = 1
            colour = DIE_COLOUR[window.dice[ctx.memo]]
            return not any_move(window, window.by_colour[colour] & ~(1 << ctx.memo))
        return True

    def prompt(self, ctx: TurnContext) -> str:
        if ctx.stage == 0:
            return "move a die whose colour is on the Round Track (like B4>C5)"
        return "move a second die of the same colour, or stop"

    def explain(self, ctx: TurnContext, action: Action) -> str:
        if A.KIND_OF[action] == Kind.MOVE:
            window = ctx.window()
            source = A.ARG1[action]
            if window.dice[source] >= 0:
                colour = DIE_COLOUR[window.dice[source]]
                if ctx.stage == 0 and not any(
                    DIE_COLOUR[d] == colour for t in ctx.track for d in t
                ):
                    return "the moved die's colour must match a die on the Round Track"
                if ctx.stage == 1:
                    if source == ctx.memo:
                        return "the second move must move another die"
                    if colour != DIE_COLOUR[window.dice[ctx.memo]]:
                        return "both dice must be of the same colour"
            return explain_move(window, action, False, False)
        return super().explain(ctx, action)
