"""Explanations: what the current player decides, and why an action is not legal.

Both are messages for people (the CLI, the server's refusals, records that fail to replay)
and name the rule at stake. They read the table and the rules; they never change anything.
"""

from __future__ import annotations

from sagrada.core.messages import Message, msg
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind, action_to_str
from sagrada.games.dice.rules.hooks import PAY_STAGE, Rules
from sagrada.games.dice.rules.table import TOOL_USED, Phase, Table
from sagrada.games.dice.rules.tools.effect import TOOL_EFFECTS


def slot_of(table: Table, number: int) -> int:
    """Return the slot of tool card ``number`` in this game, or -1."""
    for slot, card in enumerate(table.tools):
        if card.id == number:
            return slot
    return -1


def why_illegal(table: Table, rules: Rules, action: object) -> Message:
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


def describe_decision(table: Table, rules: Rules, legal: list[Action] | None = None) -> Message:
    """Return a short sentence saying what the current player decides now (with the ``legal``
    actions, the turn's prompt names only the parts of the turn still possible)."""
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
    return msg("decision.player", player=who, prompt=turn_prompt(table, rules, legal))


def describe_activity(table: Table, rules: Rules) -> Message:
    """Return a sentence saying, to the other players, whose turn it is and what they are doing
    ("Ada is using Grozing Pliers"): what a player sees while another decides."""
    if table.phase == Phase.OVER:
        return msg("game.over")
    who = table.current
    if table.phase == Phase.SETUP:
        what = msg("activity.setup")
    elif table.tool_slot >= 0:
        what = msg("activity.tool", tool=table.tool_number)
    elif table.step:
        what = rules.steps[table.step].activity(table)
    else:
        what = msg("activity.turn")
    return msg("activity.player", player=who, what=what)


def turn_prompt(table: Table, rules: Rules, legal: list[Action] | None) -> Message:
    """What the turn's main decision asks: the rules' prompt for a whole turn while every part
    of it can be done, else the parts left ("use a tool, or pass"; "pass to end your turn")."""
    if legal is None:
        return rules.turn_prompt
    kinds = {A.KIND_OF[action] for action in legal}
    parts: list[Message] = []
    whole = not table.used
    for action in rules.turn_actions:
        if action.kind in kinds or any(kind in kinds for kind in action.more_kinds):
            if action.part not in parts:
                parts.append(action.part)
        elif action.bit:
            whole = False  # a once-a-turn part that cannot be done
    if Kind.TOOL in kinds:
        parts.append(msg("prompt.part.tool"))
    elif not table.used & TOOL_USED and any(True for _ in table.tools):
        whole = False  # no tool can be paid for or used now
    if whole:
        return rules.turn_prompt
    if not parts:
        return msg("prompt.turn.end")
    return _or_list([*parts, msg("prompt.part.pass")])


def _or_list(parts: list[Message]) -> Message:
    """``a, b, or c`` (two parts: ``a or b``)."""
    if len(parts) == 2:
        return msg("prompt.or", a=parts[0], b=parts[1])
    last = msg("prompt.or_last", a=parts[-2], b=parts[-1])
    for part in reversed(parts[:-2]):
        last = msg("prompt.comma", a=part, b=last)
    return last
