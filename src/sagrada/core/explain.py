"""Explanations: what the current player decides, and why an action is not legal.

Both are written for people (the CLI, the server's refusals, records that fail to replay) and
name the rule at stake. They read the table and the rules; they never change anything.
"""

from __future__ import annotations

from sagrada.core import actions as A
from sagrada.core.actions import Action, Kind, action_to_str
from sagrada.core.hooks import PAY_STAGE, Rules
from sagrada.core.table import TOOL_USED, Phase, Table
from sagrada.core.tools.effect import TOOL_EFFECTS


def slot_of(table: Table, number: int) -> int:
    """Return the slot of tool card ``number`` in this game, or -1."""
    for slot, card in enumerate(table.tools):
        if card.id == number:
            return slot
    return -1


def why_illegal(table: Table, rules: Rules, action: Action) -> str:
    """Return the rule that makes ``action`` illegal now (the action is known to be illegal)."""
    if not A.is_action(action):
        return f"{action!r} is not an action code"
    if table.phase == Phase.OVER:
        return "the game is over"
    kind = A.KIND_OF[action]
    if table.phase == Phase.SETUP:
        return "during setup each player chooses a window pattern option, W1 to W4"
    if table.tool_slot >= 0:
        card = table.tools[table.tool_slot]
        if table.stage == PAY_STAGE:
            return rules.payment.explain_step(table, action)
        return f"{card.name}: {TOOL_EFFECTS[card.id].explain(table, action)}"
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
            return f"tool card {A.ARG1[action]} is not in play"
        card = table.tools[slot]
        effect = TOOL_EFFECTS[card.id]
        if table.used & TOOL_USED:
            return "you have already used a tool card this turn"
        if effect.after_drafting and table.drafted:
            return f"{card.name} acts on the die you draft, and you have already drafted this turn"
        refusal = rules.payment.refusal(table, slot, effect)
        if refusal is not None:
            return refusal
        return f"{card.name}: {effect.why_not_startable(table)}"
    action_kind = A.action_kind(action)
    if action_kind.absent and action_kind.module not in rules.modules:
        return action_kind.absent
    return (
        f"{action_to_str(action)} is not a decision of this step: "
        "draft a die (like R3@B4), use a tool (T1) or pass"
    )


def describe_decision(table: Table, rules: Rules) -> str:
    """Return a short sentence saying what the current player decides now."""
    if table.phase == Phase.OVER:
        return "the game is over"
    if table.phase == Phase.SETUP:
        return f"player {table.current}: choose a window pattern (W1-W4)"
    who = f"player {table.current}"
    if table.tool_slot >= 0:
        card = table.tools[table.tool_slot]
        if table.stage == PAY_STAGE:
            return f"{who}: {rules.payment.step_prompt(table)}"
        return f"{who}: {card.name}: {TOOL_EFFECTS[card.id].prompt(table)}"
    if table.step:
        return f"{who}: {rules.steps[table.step].prompt(table)}"
    return f"{who}: {rules.turn_prompt}"
