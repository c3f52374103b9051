"""Solo play (rulebook 001_3237e9a6eb6273e0.txt, SOLO PLAY RULES): 1 to 5 tool cards for the
difficulty, 2 public objectives, 2 private objectives (the better one counts; German: 1), a
Draft Pool of 4 dice, no favor tokens, each tool card used once and paid with a Draft Pool die
of its colour, -3 VP per open space, and a target score: the sum of the Round Track's dice.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.dice import COLOUR_LETTERS, DIE_COLOUR, DIE_NAMES, DIE_VALUE
from sagrada.core.messages import Message, msg
from sagrada.core.options import Options
from sagrada.core.scoring import ScoreBreakdown
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind
from sagrada.games.dice.rules.hooks import PAY_STAGE, RuleModule, RulesBuilder, ToolPayment
from sagrada.games.dice.rules.outcome import Outcome
from sagrada.games.dice.rules.table import Table
from sagrada.games.dice.rules.tools.effect import ToolEffect

#: Dice drawn into the Draft Pool each round in solo play.
SOLO_DRAFT_POOL: Final = 4


def target_score(table: Table) -> int:
    """The solo target: the sum of the values of the dice on the Round Track (payment dice
    have left the game)."""
    return sum(DIE_VALUE[d] for dice in table.track for d in dice)


def target_outcome(table: Table, scores: tuple[ScoreBreakdown, ...]) -> Outcome:
    """Solo: the player wins by scoring more than the target."""
    target = target_score(table)
    return Outcome(scores, ((0,),), (0,) if scores[0].total > target else (), target)


class PaymentDie(ToolPayment):
    """A tool is used once, paid with a Draft Pool die of its colour that leaves the game."""

    def _payers(self, table: Table, slot: int, effect: ToolEffect) -> list[Action]:
        """The Draft Pool dice that can pay for the tool and still leave it usable."""
        colour = table.tools[slot].colour
        out = []
        seen = 0
        pool = table.pool
        for i, die in enumerate(pool):
            if DIE_COLOUR[die] != colour or seen >> die & 1:
                continue
            seen |= 1 << die
            del pool[i]
            usable = effect.can_start(table)
            pool.insert(i, die)
            if usable:
                out.append(A.PAY_BASE + die)
        return out

    def available(self, table: Table, slot: int, effect: ToolEffect) -> bool:
        return not table.tool_spent[slot] and bool(self._payers(table, slot, effect))

    def refusal(self, table: Table, slot: int, effect: ToolEffect) -> Message | None:
        card = table.tools[slot]
        if table.tool_spent[slot]:
            return msg("solo.spent", tool=card.id)
        return msg("solo.needs_die", tool=card.id, colour=COLOUR_LETTERS[card.colour])

    def pay(self, table: Table, slot: int) -> bool:
        table.stage = PAY_STAGE
        return False

    def step_actions(self, table: Table, effect: ToolEffect) -> list[Action]:
        return self._payers(table, table.tool_slot, effect)

    def apply_step(self, table: Table, action: Action) -> None:
        die = A.ARG1[action]
        table.pool.remove(die)
        table.removed.append(die)
        table.tool_spent[table.tool_slot] = True

    def explain_step(self, table: Table, action: Action) -> Message:
        card = table.tools[table.tool_slot]
        colour = COLOUR_LETTERS[card.colour]
        if A.KIND_OF[action] != Kind.PAY:
            return msg("solo.pay_first", tool=card.id, colour=colour)
        die = A.ARG1[action]
        if die not in table.pool:
            return msg("refuse.no_die", die=DIE_NAMES[die], source=msg("source.pool"))
        if DIE_COLOUR[die] != card.colour:
            return msg("solo.colour", tool=card.id, colour=colour)
        return msg("solo.useless", die=DIE_NAMES[die], tool=card.id)

    def step_prompt(self, table: Table) -> Message:
        card = table.tools[table.tool_slot]
        return msg("solo.prompt", tool=card.id, colour=COLOUR_LETTERS[card.colour])


class Solo(RuleModule):
    """Solo play; active with one player."""

    name = "solo"
    title = "solo play"

    def active(self, options: Options) -> bool:
        return options.solo

    def configure(self, rules: RulesBuilder) -> None:
        options = rules.options
        rules.num_tools = options.solo_tools
        rules.num_publics = 2
        rules.num_privates = options.solo_private_objectives
        rules.draft_pool_size = SOLO_DRAFT_POOL
        rules.favor_for = lambda pattern: 0
        rules.payment = PaymentDie()
        rules.solo_scoring = True
        rules.outcome = target_outcome


MODULE: Final[RuleModule] = Solo()
