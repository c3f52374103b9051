"""Explanations: what the current player decides, and why an action is not legal.

Both are messages for people (the CLI, the server's refusals, records that fail to replay)
and name the rule at stake. They read the table and the rules; they never change anything.
"""

from __future__ import annotations

from sagrada.core import actions as A
from sagrada.core.actions import Action, Kind, action_to_str
from sagrada.core.hooks import PAY_STAGE, Rules
from sagrada.core.messages import Message, msg
from sagrada.core.table import TOOL_USED, Phase, Table
from sagrada.core.tools.effect import TOOL_EFFECTS


def slot_of(table: Table, number: int) -> int:
    """Return the slot of tool card ``number`` in this game, or -1."""
    for slot, card in enumerate(table.tools):
        if card.id == number:
            return slot
    return -1


def why_illegal(table: Table, rules: Rules, action: Action) -> Message:
    """Return the rule that makes ``action`` illegal now (the action is known to be illegal)."""
    if not A.is_action(action):
        return msg("refuse.not_code", code=repr(action))
    if table.phase == Phase.OVER:
        return msg("game.over")
    kind = A.KIND_OF[action]
    if table.phase == Phase.SETUP:
        return msg("refuse.setup")
    if table.tool_slot >= 0:
        number = table.tool_number
        if table.stage == PAY_STAGE:
            return rules.payment.explain_step(table, action)
        return msg("refuse.tool", tool=number, reason=TOOL_EFFECTS[number].explain(table, action))
    if table.step:
        return rules.steps[table.step].explain(table, action)
    turn_action = rules.turn_by_kind.get(kind)
    if turn_action is not None:
        if table.used & turn_action.bit:
            return turn_action.done_reason
        return turn_action.explain(table, action)
    if kind == Kind.TOOL:
        slot = slot_of(table, A.ARG1[action])
        if slot < 0:
            return msg("refuse.tool_absent", number=A.ARG1[action])
        card = table.tools[slot]
        effect = TOOL_EFFECTS[card.id]
        if table.used & TOOL_USED:
            return msg("refuse.tool_used")
        if effect.after_drafting and table.drafted:
            return msg("refuse.after_drafting", tool=card.id)
        refusal = rules.payment.refusal(table, slot, effect)
        if refusal is not None:
            return refusal
        return msg("refuse.tool", tool=card.id, reason=effect.why_not_startable(table))
    action_kind = A.action_kind(action)
    if action_kind.absent is not None and action_kind.module not in rules.modules:
        return action_kind.absent
    return msg("refuse.off_step", action=action_to_str(action))


def describe_decision(table: Table, rules: Rules) -> Message:
    """Return a short sentence saying what the current player decides now."""
    if table.phase == Phase.OVER:
        return msg("game.over")
    who = table.current
    if table.phase == Phase.SETUP:
        return msg("decision.setup", player=who)
    if table.tool_slot >= 0:
        number = table.tool_number
        if table.stage == PAY_STAGE:
            return msg("decision.player", player=who, prompt=rules.payment.step_prompt(table))
        prompt = TOOL_EFFECTS[number].prompt(table)
        return msg("decision.tool", player=who, tool=number, prompt=prompt)
    if table.step:
        return msg("decision.player", player=who, prompt=rules.steps[table.step].prompt(table))
    return msg("decision.player", player=who, prompt=rules.turn_prompt)
