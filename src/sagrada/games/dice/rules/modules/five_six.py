"""The 5 & 6 Player Expansion's content and player counts (rulebook 003_0d63153aaa85498d.txt):
5 and 6 players with bags of 22 and 26 dice per colour, its 12 window patterns and 6
private objectives (which can also join a 2-4 player game). Its Private Dice Pool rules are
the module ``private_pools``.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.content import catalog
from sagrada.core.errors import ConfigError
from sagrada.core.messages import msg
from sagrada.core.options import Options
from sagrada.games.dice.rules.hooks import RuleModule, RulesBuilder

#: The content pack of this expansion.
PACK: Final = "five-six"
#: Dice of each colour in the bag for 5 and 6 players.
DICE_PER_COLOUR: Final = {5: 22, 6: 26}


class FiveSixExpansion(RuleModule):
    """The expansion's cards and player counts; active for 5-6 players, with the Private Dice
    Pool rules, or when asked for (``expansion``, ``private_objectives="expansion"``)."""

    name = "five-six"
    title = "the 5 & 6 Player Expansion"

    def active(self, options: Options) -> bool:
        return (
            options.expansion
            or options.players >= 5
            or options.private_pools
            or options.private_objectives == "expansion"
        )

    def validate(self, options: Options) -> None:
        if options.full_bag and options.players >= 5:
            raise ConfigError(msg("config.full_bag"))

    def configure(self, rules: RulesBuilder) -> None:
        options = rules.options
        cards = catalog()
        rules.window_cards.extend(cards.window_cards(PACK))
        own = [p for p in cards.privates if p.pack == PACK]
        if options.private_objectives == "expansion":
            rules.private_deck[:] = own
        else:
            rules.private_deck.extend(own)
        if options.players in DICE_PER_COLOUR:
            rules.dice_per_colour = DICE_PER_COLOUR[options.players]


MODULE: Final[RuleModule] = FiveSixExpansion()
