"""The Private Dice Pool rules of the 5 & 6 Player Expansion (rulebook 003_0d63153aaa85498d.txt,
PRIVATE DICE POOL VARIANT), for 2-6 players.

Each player starts with 2 dice of each colour of their own, rolled face up; the bag holds
6-14 dice per colour; each round draws players + 1 dice and every player has one turn, in
which they may place a die from the Draft Pool, place a die of their own and use a tool, each
once and in any order. Tool cards 7 and 8 are not used; the expansion's tools 13 and 14 are.
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.cells import mask_names
from sagrada.core.content import catalog
from sagrada.core.dice import DIE_NAMES, NUM_COLOURS, Die
from sagrada.core.errors import ConfigError
from sagrada.core.messages import msg
from sagrada.core.options import Options
from sagrada.games.dice.rules.actions import Kind
from sagrada.games.dice.rules.hooks import PlaceDie, RuleModule, RulesBuilder
from sagrada.games.dice.rules.table import FIRST_MODULE_BIT, Phase, Table
from sagrada.games.dice.rules.tools import five_six as _tools  # noqa: F401  (registers tools 13-14)

#: Dice of each colour in the bag with these rules, by player count.
DICE_PER_COLOUR: Final = {2: 6, 3: 8, 4: 10, 5: 12, 6: 14}
#: Dice of each colour each player starts with.
OWN_DICE_PER_COLOUR: Final = 2
#: Tool cards not used with these rules, and the pack whose tools only these rules use.
LEFT_OUT_TOOLS: Final = (7, 8)
TOOLS_PACK: Final = "five-six"
#: The bit of ``Table.used`` once the player has placed a die of their own this turn.
PLACED_OWN: Final = FIRST_MODULE_BIT


def _single_pass(players: int, start: int) -> tuple[int, ...]:
    """One turn each per round, in seat order from the start player."""
    return tuple((start + i) % players for i in range(players))


class PlaceOwnDie(PlaceDie):
    """Place a die from your Private Dice Pool in your window."""

    bit = PLACED_OWN
    kind = int(Kind.OWN_DRAFT)
    done_reason = msg("refuse.placed_own")
    source = msg("source.own_pool")
    part = msg("prompt.part.own")

    def dice(self, table: Table) -> list[Die]:
        return table.own_pool


def roll_own_dice(table: Table) -> None:
    """Each player rolls 2 dice of each colour, which come from outside the bag."""
    for player in table.players:
        player.own_pool = [
            colour * 6 + table.rng.roll() - 1
            for colour in range(NUM_COLOURS)
            for _ in range(OWN_DICE_PER_COLOUR)
        ]


def show_own_dice(table: Table, viewer: int, data: dict[str, Any]) -> None:
    """Private Dice Pools lie face up: every view shows every player's, and where the viewer's
    own dice could go."""
    for entry, player in zip(data["players"], table.players, strict=True):
        entry["private_dice_pool"] = [DIE_NAMES[d] for d in player.own_pool]
    if table.phase == Phase.PLAY and viewer >= 0:
        window = table.window(viewer)
        own = table.players[viewer].own_pool
        data["own_placements"] = {
            DIE_NAMES[d]: list(mask_names(window.legal_cells(d))) for d in sorted(set(own))
        }


class PrivatePools(RuleModule):
    """The Private Dice Pool rules; active with the option ``private_pools``."""

    name = "private-pools"
    title = "the Private Dice Pool rules"

    def active(self, options: Options) -> bool:
        return options.private_pools

    def validate(self, options: Options) -> None:
        if options.solo:
            raise ConfigError(msg("config.private_pools_solo"))
        if options.full_bag:
            raise ConfigError(msg("config.full_bag"))

    def configure(self, rules: RulesBuilder) -> None:
        players = rules.options.players
        for number in LEFT_OUT_TOOLS:
            rules.tool_deck.remove(number)
            rules.excluded_tools[number] = f"is not used with {self.title}"
        rules.tool_deck.extend(sorted(t.id for t in catalog().tools if t.pack == TOOLS_PACK))
        rules.dice_per_colour = DICE_PER_COLOUR[players]
        rules.draft_pool_size = players + 1
        rules.round_order = _single_pass
        rules.turn_actions.append(PlaceOwnDie())
        rules.turn_prompt = msg("prompt.turn.private_pools")
        rules.setup_steps.append(roll_own_dice)
        rules.view_hooks.append(show_own_dice)


MODULE: Final[RuleModule] = PrivatePools()
