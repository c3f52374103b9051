"""Life's Toil public objectives (rulebook 004_234c3922e9d01436.txt, TOIL PUBLIC OBJECTIVES).

Six objectives "mixed in with other Public Objectives when randomizing game setup", with the
option ``toil``; Orange Adjacency only with the Masterwork module (the rulebook's note). The
cards are house content (HOUSE-CONTENT.md, "Life: Toil public objectives"): their names,
points and rules are the project's, labelled as such (``content/life.json``); their scoring
rules are in the vocabulary of :mod:`sagrada.core.objectives`, which any card may name.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.content import catalog
from sagrada.core.options import Options
from sagrada.games.dice.rules.hooks import RuleModule, RulesBuilder

#: The content pack of the Toil objectives.
PACK: Final = "life"


class Toil(RuleModule):
    """The Toil objectives join the public objective deck; active with the option ``toil``."""

    name = "toil"
    title = "Life's Toil public objectives"

    def active(self, options: Options) -> bool:
        return options.toil

    def configure(self, rules: RulesBuilder) -> None:
        for objective in catalog().publics:
            if objective.pack == PACK and (not objective.needs or objective.needs in rules.modules):
                rules.public_deck.append(objective.id)


MODULE: Final[RuleModule] = Toil()
