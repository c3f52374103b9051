"""The base game (rulebook 001_3237e9a6eb6273e0.txt): its cards, the bag by player count, the
Draft Pool draft, favor tokens paying for tools, the snake turn order and the ranking.

Every game uses this module; the others change what it sets up.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.content import catalog
from sagrada.core.dice import Die
from sagrada.core.messages import Message, msg
from sagrada.core.options import Options
from sagrada.games.dice.rules.actions import Kind
from sagrada.games.dice.rules.hooks import PlaceDie, RuleModule, RulesBuilder, ToolPayment
from sagrada.games.dice.rules.outcome import ranked_outcome
from sagrada.games.dice.rules.table import DRAFTED, Table
from sagrada.games.dice.rules.tools import base as _tools  # noqa: F401  (registers tools 1-12)
from sagrada.games.dice.rules.tools.effect import ToolEffect

#: Dice of each colour in the bag by player count (German edition and the 5 & 6 Player
#: Expansion: 10/14/18 per colour for 2-4 players; solo uses all 90).
DICE_PER_COLOUR: Final = {1: 18, 2: 10, 3: 14, 4: 18}
#: All 90 dice, as the English base rulebook says for every player count (option full_bag).
FULL_BAG_PER_COLOUR: Final = 18


class DraftFromPool(PlaceDie):
    """Draft a die from the Draft Pool and place it in your window (rulebook, GAMEPLAY)."""

    bit = DRAFTED
    kind = int(Kind.DRAFT)
    done_reason = msg("refuse.drafted")
    source = msg("source.pool")

    def dice(self, table: Table) -> list[Die]:
        return table.pool


def tool_cost(table: Table, slot: int) -> int:
    """What the tool in ``slot`` costs now: 1 favor token if it has none on it, else 2."""
    return 1 if table.tool_tokens[slot] == 0 else 2


class FavorTokens(ToolPayment):
    """Tools cost favor tokens, put on the card (rulebook, TOOL CARDS & FAVOR TOKENS)."""

    def available(self, table: Table, slot: int, effect: ToolEffect) -> bool:
        if table.players[table.current].favor < tool_cost(table, slot):
            return False
        return effect.can_start(table)

    def refusal(self, table: Table, slot: int, effect: ToolEffect) -> Message | None:
        cost = tool_cost(table, slot)
        favor = table.players[table.current].favor
        if favor < cost:
            return msg("refuse.cost", tool=table.tools[slot].id, n=cost, favor=favor)
        return None

    def pay(self, table: Table, slot: int) -> bool:
        cost = tool_cost(table, slot)
        table.players[table.current].favor -= cost
        table.tool_tokens[slot] += cost
        return True


class BaseGame(RuleModule):
    """The base game's rules and cards; active in every game."""

    name = "base"
    title = "the base game"

    def active(self, options: Options) -> bool:
        return True

    def configure(self, rules: RulesBuilder) -> None:
        options = rules.options
        cards = catalog()
        rules.window_cards.extend(cards.window_cards("base"))
        rules.tool_deck.extend(sorted(t.id for t in cards.tools if t.pack == "base"))
        rules.public_deck.extend(p.id for p in cards.publics if p.pack == "base")
        rules.private_deck.extend(p for p in cards.privates if p.pack == "base")
        players = options.players
        rules.dice_per_colour = (
            FULL_BAG_PER_COLOUR if options.full_bag else DICE_PER_COLOUR.get(players, 0)
        )
        rules.draft_pool_size = 2 * players + 1
        rules.turn_actions.append(DraftFromPool())
        rules.payment = FavorTokens()
        rules.outcome = ranked_outcome


MODULE: Final[RuleModule] = BaseGame()
