"""The 5 & 6 Player Expansion's two tool cards (CARDS.md §5.3), used only with the Private Dice
Pool rules: they act on the current player's own dice."""

from __future__ import annotations

from sagrada.core.dice import DIE_NAMES
from sagrada.core.messages import Message, msg
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind
from sagrada.games.dice.rules.context import TurnContext
from sagrada.games.dice.rules.tools.effect import (
    OWN,
    SwapAfterDrafting,
    ToolEffect,
    distinct,
    offer_placement,
    register_tool,
)


def _own_choices(ctx: TurnContext, exclude: int = -1) -> list[Action]:
    """The faces of the current player's Private Dice Pool, skipping position ``exclude``."""
    return [A.OWN_CHOOSE_BASE + die for die in distinct(ctx.own_pool, exclude)]


class StripCutter(SwapAfterDrafting):
    """13: after drafting, swap the drafted die with a die from your Private Dice Pool; the die
    from your pool is then placed."""

    number = 13
    fit = msg("fit.swapped_own")

    def swaps(self, ctx: TurnContext, first_only: bool = False) -> list[Action]:
        window = ctx.window()
        out = []
        for die in distinct(ctx.own_pool):
            if window.legal_cells(die):
                out.append(A.OWN_CHOOSE_BASE + die)
                if first_only:
                    break
        return out

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if not ctx.own_pool:
            return msg("tool.own_empty")
        if not ctx.pool:
            return msg("tool.pool_empty")
        return msg("tool.own_none_fits")

    def affect(self, ctx: TurnContext) -> bool:
        ctx.stage = OWN
        return False

    def apply_effect(self, ctx: TurnContext, action: Action) -> bool:
        own = ctx.own_pool
        die = A.ARG1[action]
        own[own.index(die)] = ctx.held
        ctx.held = die
        return offer_placement(ctx)

    def effect_prompt(self, ctx: TurnContext) -> Message:
        return msg("tool.own_swap", die=DIE_NAMES[ctx.held])

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        if ctx.stage == OWN and A.KIND_OF[action] == Kind.OWN_CHOOSE:
            die = A.ARG1[action]
            if die not in ctx.own_pool:
                return msg("refuse.no_die", die=DIE_NAMES[die], source=msg("source.own_pool"))
            return msg("tool.die_nowhere", die=DIE_NAMES[die])
        return super().explain(ctx, action)


register_tool(StripCutter)


class LeadCameNippers(ToolEffect):
    """14: re-roll one or two dice of your Private Dice Pool."""

    number = 14

    def can_start(self, ctx: TurnContext) -> bool:
        return bool(ctx.own_pool)

    def why_not_startable(self, ctx: TurnContext) -> Message:
        return msg("tool.own_empty")

    def actions(self, ctx: TurnContext) -> list[Action]:
        if ctx.stage == 0:
            return _own_choices(ctx)
        return [*_own_choices(ctx, exclude=ctx.memo), A.STOP]

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        if action == A.STOP:
            return True
        own = ctx.own_pool
        index = (
            own.index(A.ARG1[action])
            if ctx.stage == 0
            else _index_except(own, A.ARG1[action], ctx.memo)
        )
        own[index] = ctx.roll(own[index])
        if ctx.stage == 0 and len(own) > 1:
            ctx.memo = index
            ctx.stage = 1
            return False
        return True

    def prompt(self, ctx: TurnContext) -> Message:
        if ctx.stage == 0:
            return msg("tool.reroll_first")
        return msg("tool.reroll_second")

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        if A.KIND_OF[action] == Kind.OWN_CHOOSE:
            return msg("tool.no_other_own", die=DIE_NAMES[A.ARG1[action]])
        return super().explain(ctx, action)


register_tool(LeadCameNippers)


def _index_except(dice: list[int], die: int, skip: int) -> int:
    """Return the position of ``die`` in ``dice``, not counting position ``skip``."""
    for index, other in enumerate(dice):
        if other == die and index != skip:
            return index
    raise ValueError(f"no {DIE_NAMES[die]} outside position {skip}")
