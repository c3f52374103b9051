"""Life's two tool cards, used only with the Masterwork module (house content: HOUSE-CONTENT.md,
"Life: tool cards"; numbered 15 and 16 here, their printed numbers being unknown).

* 15 Soldering Iron: move one masterwork die of your window to another space and choose its
  rotation again, obeying every placement restriction (``B4>C5``, then ``O90@C5``).
* 16 Glass Saw: after drafting, put the drafted die into any open slot of the masterwork
  board, ignoring the slot's requirement, and take the masterwork die below as usual: its
  favor tokens, and its placement with a rotation of your choice (``R3``, ``R3/2c``,
  ``O90@B4``).
"""

from __future__ import annotations

from typing import Final

from sagrada.core.cells import CELL_NAMES, cell_list
from sagrada.core.dice import (
    DIE_NAMES,
    ORANGE,
    SYMBOLS,
    die_symbol,
    is_masterwork,
    masterwork_die,
)
from sagrada.core.messages import Message, msg
from sagrada.core.moves import any_move, move_targets
from sagrada.core.window import Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind
from sagrada.games.dice.rules.context import TurnContext
from sagrada.games.dice.rules.masterwork_board import (
    board_of,
    masterwork_placements,
    slot_actions,
    take,
)
from sagrada.games.dice.rules.tools.effect import MovesDice, ToolEffect, distinct, register_tool

#: Stages of Glass Saw.
FIRST: Final = 0
SLOT: Final = 1
PLACE: Final = 2


def _targets(window: Window, source: int) -> int:
    """The cells the masterwork die on ``source`` may move to (lifted, under every rule)."""
    return move_targets(window, source)


def _sources(window: Window) -> list[int]:
    return cell_list(window.by_colour[ORANGE])


class SolderingIron(MovesDice):
    """15: move a masterwork die and choose its rotation again (the rotation step of every
    move of a masterwork die, :class:`~sagrada.games.dice.rules.tools.effect.MovesDice`)."""

    number = 15

    def can_start(self, ctx: TurnContext) -> bool:
        window = ctx.window()
        return any_move(window, window.by_colour[ORANGE])

    def why_not_startable(self, ctx: TurnContext) -> Message:
        return msg("tool.no_masterwork_move")

    def moves(self, ctx: TurnContext) -> list[Action]:
        window = ctx.window()
        return [
            A.move(source, target)
            for source in _sources(window)
            for target in cell_list(_targets(window, source))
        ]

    def move_prompt(self, ctx: TurnContext) -> Message:
        return msg("tool.move_masterwork")

    def explain_step(self, ctx: TurnContext, action: Action) -> Message:
        if A.KIND_OF[action] == Kind.MOVE and not is_masterwork(ctx.window().dice[A.ARG1[action]]):
            return msg("tool.not_masterwork", cell=CELL_NAMES[A.ARG1[action]])
        return super().explain_step(ctx, action)


register_tool(SolderingIron)


class GlassSaw(ToolEffect):
    """16: after drafting, the drafted die buys a masterwork die through any open slot."""

    number = 16
    after_drafting = True

    def _slots(self, ctx: TurnContext, dice: list[int]) -> list[Action]:
        return slot_actions(ctx, dice, any_slot=True)

    def can_start(self, ctx: TurnContext) -> bool:
        # Any die goes into any open slot: a slot open above a die that can be placed will do.
        return bool(ctx.pool) and bool(board_of(ctx).open_slots(ctx.window()))

    def why_not_startable(self, ctx: TurnContext) -> Message:
        if not ctx.pool:
            return msg("tool.pool_empty")
        return msg("tool.no_masterwork_slot")

    def actions(self, ctx: TurnContext) -> list[Action]:
        if ctx.stage == FIRST:
            return [A.choose(die) for die in distinct(ctx.pool)]
        if ctx.stage == SLOT:
            return self._slots(ctx, [ctx.held])
        return masterwork_placements(ctx.window(), ctx.held)

    def apply(self, ctx: TurnContext, action: Action) -> bool:
        if ctx.stage == FIRST:
            die = A.ARG1[action]
            ctx.pool.remove(die)
            ctx.held = die
            ctx.drafted = True
            ctx.stage = SLOT
            return False
        if ctx.stage == SLOT:
            ctx.held = take(ctx, ctx.held, A.ARG2[action])
            ctx.stage = PLACE
            return False
        symbol = die_symbol(ctx.held)
        ctx.window().place(masterwork_die(symbol, A.ARG1[action]), A.ARG2[action])
        ctx.held = -1
        return True

    def prompt(self, ctx: TurnContext) -> Message:
        if ctx.stage == FIRST:
            return msg("tool.choose_die")
        if ctx.stage == SLOT:
            return msg("tool.saw_slot", die=DIE_NAMES[ctx.held])
        return msg("masterwork.place", symbol=SYMBOLS[die_symbol(ctx.held)])

    def explain(self, ctx: TurnContext, action: Action) -> Message:
        kind = A.KIND_OF[action]
        if ctx.stage == FIRST and kind == Kind.CHOOSE and A.ARG1[action] not in ctx.pool:
            return msg("refuse.no_die", die=DIE_NAMES[A.ARG1[action]], source=msg("source.pool"))
        if ctx.stage == SLOT and kind == Kind.SLOT:
            if A.ARG1[action] != ctx.held:
                return msg("tool.saw_slot", die=DIE_NAMES[ctx.held])
            slot = A.ARG2[action]
            state = board_of(ctx)
            if state.slots[slot] >= 0:
                return msg("masterwork.slot_taken", slot=A.slot_words(slot))
            return msg("masterwork.no_die_left", space=slot // 2 + 1)
        if ctx.stage == PLACE and kind == Kind.MASTERWORK:
            problem = ctx.window().placement_problem(ctx.held, A.ARG2[action])
            return problem or msg("refuse.placement")
        return super().explain(ctx, action)


register_tool(GlassSaw)
