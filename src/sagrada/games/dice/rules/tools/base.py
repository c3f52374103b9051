"""The base game's twelve tool cards (CARDS.md §1), one small class per card.

Readings where the cards are short are those of ``docs/rules-clarifications.md``:

* the "after drafting" tools (1, 5, 6, 9, 10, 11) start by taking a die from the Draft Pool;
  after the effect the die must be placed if it can be, else it goes back to the Draft Pool
  (only Flux Brush's re-roll and Flux Remover's new die can end that way: the other cards offer
  only dice and choices that can be placed);
* moving a die lifts it and places it again under every rule against the other dice, except
  the restriction the card lifts (2: the space's colour, 3: the space's value); a masterwork
  die moved is then turned as the player chooses
  (:class:`~sagrada.games.dice.rules.tools.effect.MovesDice`).
"""

from __future__ import annotations

from sagrada.core.cells import CELL_NAMES, Mask, cell_list
from sagrada.core.dice import DIE_COLOUR, DIE_NAMES, DIE_VALUE, Die
from sagrada.core.messages import Message, msg
from sagrada.core.moves import any_move, move_targets
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind
from sagrada.games.dice.rules.context import TurnContext
from sagrada.games.dice.rules.tools.effect import (
    ADJUST,
    SWAP,
    VALUE,
    AfterDrafting,
    MovesDice,
    SwapAfterDrafting,
    ToolEffect,
    any_face_fits,
    explain_move,
    move_actions,
    offer_placement,
    placement_actions,
    register_tool,
)


def _opposite(die: Die) -> Die:
    """The same die turned to its opposite face (values add up to 7)."""
    return (die // 6) * 6 + (7 - DIE_VALUE[die]) - 1


class GrozingPliers(AfterDrafting):
    """1: after drafting, raise or lower the die's value by 1 (a 1 never becomes 6, nor 6 a 1)."""

    number = 1
    fit = msg("fit.adjusted")

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

    def effect_prompt(self, ctx: TurnContext) -> Message:
        return msg("tool.adjust", die=DIE_NAMES[ctx.held])

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        if ctx.stage == ADJUST and action in (A.INCREASE, A.DECREASE):
            value = DIE_VALUE[ctx.held]
            if (action == A.INCREASE and value == 6) or (action == A.DECREASE and value == 1):
                return msg("tool.adjust_wraps")
            changed = ctx.held + (1 if action == A.INCREASE else -1)
            return msg("tool.changed_nowhere", die=DIE_NAMES[changed])
        return super().explain(ctx, action)


register_tool(GrozingPliers)


class LensCutter(SwapAfterDrafting):
    """5: after drafting, swap the die with a die on the Round Track."""

    number = 5
    fit = msg("fit.swapped_track")

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

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if not any(ctx.track):
            return msg("tool.track_empty")
        if not ctx.pool:
            return msg("tool.pool_empty")
        return msg("tool.track_none_fits")

    def affect(self, ctx: TurnContext) -> bool:
        ctx.stage = SWAP
        return False

    def apply_effect(self, ctx: TurnContext, action: Action) -> bool:
        dice = ctx.track[A.ARG1[action] - 1]
        dice.remove(A.ARG2[action])
        dice.append(ctx.held)
        ctx.held = A.ARG2[action]
        return offer_placement(ctx)

    def effect_prompt(self, ctx: TurnContext) -> Message:
        return msg("tool.track_swap", die=DIE_NAMES[ctx.held])

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        if ctx.stage == SWAP and A.KIND_OF[action] == Kind.TRACK:
            round_number, die = A.ARG1[action], A.ARG2[action]
            if die not in ctx.track[round_number - 1]:
                return msg("tool.track_missing", round=round_number, die=DIE_NAMES[die])
            return msg("tool.die_nowhere", die=DIE_NAMES[die])
        return super().explain(ctx, action)


register_tool(LensCutter)


class FluxBrush(AfterDrafting):
    """6: after drafting, re-roll the die; if it then fits nowhere it returns to the Draft Pool.

    A die is offered when some value of its colour could be placed: otherwise the re-roll could
    only send it back.
    """

    number = 6
    fit = msg("fit.rerolled")

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return any_face_fits(ctx.window(), die)

    def affect(self, ctx: TurnContext) -> bool:
        ctx.held = ctx.roll(ctx.held)
        return offer_placement(ctx)


register_tool(FluxBrush)


class CorkBackedStraightedge(AfterDrafting):
    """9: after drafting, place the die where no die touches it, obeying the space's restriction."""

    number = 9
    isolated = True
    fit = msg("fit.isolated")


register_tool(CorkBackedStraightedge)


class GrindingStone(AfterDrafting):
    """10: after drafting, turn the die to its opposite face (values add up to 7)."""

    number = 10
    fit = msg("fit.flipped")

    def fits(self, ctx: TurnContext, die: Die) -> bool:
        return bool(ctx.window().legal_cells(_opposite(die)))

    def affect(self, ctx: TurnContext) -> bool:
        ctx.held = _opposite(ctx.held)
        return offer_placement(ctx)


register_tool(GrindingStone)


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

    def effect_prompt(self, ctx: TurnContext) -> Message:
        return msg("tool.new_value", colour=DIE_NAMES[ctx.held][0])


register_tool(FluxRemover)


class _MoveOne(MovesDice):
    """Move one die, ignoring one kind of space restriction."""

    def can_start(self, ctx: TurnContext) -> bool:
        window = ctx.window()
        return any_move(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )

    def why_not_startable(self, ctx: TurnContext) -> Message:
        return msg("tool.no_move")

    def moves(self, ctx: TurnContext) -> list[Action]:
        window = ctx.window()
        return move_actions(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )


class EglomiseBrush(_MoveOne):
    """2: move one die, ignoring the spaces' colour restrictions."""

    number = 2
    ignore_colour = True


register_tool(EglomiseBrush)


class CopperFoilBurnisher(_MoveOne):
    """3: move one die, ignoring the spaces' value restrictions."""

    number = 3
    ignore_value = True


register_tool(CopperFoilBurnisher)


class Lathekin(MovesDice):
    """4: move exactly two dice, one after the other, obeying every placement rule."""

    number = 4

    def _first_moves(self, ctx: TurnContext, stop_at_one: bool) -> list[Action]:
        """The first moves after which a second die can move (the first one found only, if
        ``stop_at_one``: the moves of each die are worked out when it is its turn)."""
        window = ctx.window()
        out = []
        waived_colour, waived_value = window.waived_colour, window.waived_value
        for source in cell_list(window.occupied):
            targets = move_targets(window, source)
            if not targets:
                continue
            die = window.remove(source)  # try each move of this die, then put it back
            found = []
            for target in cell_list(targets):
                window.place(die, target)
                if any_move(window, window.occupied & ~(1 << target)):
                    found.append(A.move(source, target))
                window.remove(target)
                if found and stop_at_one:
                    break
            window.place(die, source)
            window.waived_colour, window.waived_value = waived_colour, waived_value
            out.extend(found)
            if out and stop_at_one:
                return out
        return out

    def can_start(self, ctx: TurnContext) -> bool:
        return bool(self._first_moves(ctx, stop_at_one=True))

    def why_not_startable(self, ctx: TurnContext) -> Message:
        return msg("tool.no_two_moves")

    def moves(self, ctx: TurnContext) -> list[Action]:
        if ctx.stage == 0:
            return self._first_moves(ctx, stop_at_one=False)
        window = ctx.window()
        return move_actions(window, window.occupied & ~(1 << ctx.memo))

    def moved(self, ctx: TurnContext) -> bool:
        if ctx.stage == 0:
            ctx.stage = 1  # the first die is on ctx.memo
            return False
        return True

    def move_prompt(self, ctx: TurnContext) -> Message:
        if ctx.stage == 0:
            return msg("tool.move_first")
        return msg("tool.move_second", cell=CELL_NAMES[ctx.memo])

    def explain_step(self, ctx: TurnContext, action: Action) -> Message:
        if A.KIND_OF[action] == Kind.MOVE:
            if ctx.stage == 1 and A.ARG1[action] == ctx.memo:
                return msg("tool.another_die")
            problem = explain_move(ctx.window(), action, False, False)
            if problem.id == "tool.move_refused":
                return msg("tool.no_second_move")
            return problem
        return super().explain_step(ctx, action)


register_tool(Lathekin)


class GlazingHammer(ToolEffect):
    """7: re-roll every die in the Draft Pool; only on your second turn, before drafting."""

    number = 7

    def can_start(self, ctx: TurnContext) -> bool:
        return not ctx.first_turn and not ctx.drafted and bool(ctx.pool)

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if ctx.first_turn:
            return msg("tool.second_turn_only")
        if ctx.drafted:
            return msg("tool.before_drafting")
        return msg("tool.pool_empty")

    def start(self, ctx: TurnContext) -> bool:
        ctx.pool[:] = [ctx.roll(die) for die in ctx.pool]
        return True


register_tool(GlazingHammer)


class RunningPliers(ToolEffect):
    """8: on your first turn, after placing a die, draft and place another; skip your second."""

    number = 8
    extra_draft = True

    def _drafts(self, ctx: TurnContext) -> list[Action]:
        return placement_actions(ctx.window(), ctx.pool, A.DRAFT_BASE)

    def can_start(self, ctx: TurnContext) -> bool:
        return ctx.first_turn and ctx.drafted and bool(self._drafts(ctx))

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if not ctx.first_turn:
            return msg("tool.first_turn_only")
        if not ctx.drafted:
            return msg("tool.after_placing")
        return msg("tool.pool_none_fits")

    def actions(self, ctx: TurnContext) -> list[Action]:
        return self._drafts(ctx)

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        die = A.ARG1[action]
        ctx.pool.remove(die)
        ctx.window().place(die, A.ARG2[action])
        ctx.skip_second_turn()
        return True

    def prompt(self, ctx: TurnContext) -> Message:
        return msg("tool.second_draft")

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        if A.KIND_OF[action] == Kind.DRAFT:
            die = A.ARG1[action]
            if die not in ctx.pool:
                return msg("refuse.no_die", die=DIE_NAMES[die], source=msg("source.pool"))
            problem = ctx.window().placement_problem(die, A.ARG2[action])
            return problem or msg("refuse.placement")
        return super().explain(ctx, action)


register_tool(RunningPliers)


class TapWheel(MovesDice):
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

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if not any(ctx.track):
            return msg("tool.track_empty")
        return msg("tool.track_no_colour")

    def moves(self, ctx: TurnContext) -> list[Action]:
        window = ctx.window()
        if ctx.stage == 0:
            return move_actions(window, self._sources(ctx))
        colour = DIE_COLOUR[window.dice[ctx.memo]]
        return [*move_actions(window, window.by_colour[colour] & ~(1 << ctx.memo)), A.STOP]

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        if action == A.STOP:
            return True
        return super().apply(ctx, action)

    def moved(self, ctx: TurnContext) -> bool:
        if ctx.stage == 0:
            ctx.stage = 1  # the first die is on ctx.memo: a second of its colour may follow
            window = ctx.window()
            colour = DIE_COLOUR[window.dice[ctx.memo]]
            return not any_move(window, window.by_colour[colour] & ~(1 << ctx.memo))
        return True

    def move_prompt(self, ctx: TurnContext) -> Message:
        if ctx.stage == 0:
            return msg("tool.move_track_colour")
        return msg("tool.move_same_colour")

    def explain_step(self, ctx: TurnContext, action: Action) -> Message:
        if A.KIND_OF[action] == Kind.MOVE:
            window = ctx.window()
            source = A.ARG1[action]
            if window.dice[source] >= 0:
                colour = DIE_COLOUR[window.dice[source]]
                if ctx.stage == 0 and not any(
                    DIE_COLOUR[d] == colour for t in ctx.track for d in t
                ):
                    return msg("tool.colour_not_on_track")
                if ctx.stage == 1:
                    if source == ctx.memo:
                        return msg("tool.another_die")
                    if colour != DIE_COLOUR[window.dice[ctx.memo]]:
                        return msg("tool.colours_differ")
            return explain_move(window, action, False, False)
        return super().explain_step(ctx, action)


register_tool(TapWheel)
