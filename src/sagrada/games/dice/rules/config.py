"""Game configuration: everything fixed before the first decision.

A :class:`GameConfig` is frozen and describes a game: the player count, the cards in play (or
``None`` to deal them at random) and the edition options (declared in
:mod:`sagrada.core.options`). On creation it is checked against the rules of its active rule
modules (:mod:`sagrada.games.dice.rules.rules`), so a configuration that exists can be played.
Together with a seed it determines the initial state; with the seed and the actions, the whole game.
"""

from __future__ import annotations

from dataclasses import dataclass

from sagrada.core.content import catalog
from sagrada.core.errors import ConfigError
from sagrada.core.messages import msg
from sagrada.core.options import MAX_PLAYERS, MIN_PLAYERS, Options
from sagrada.games.dice.rules.actions import ROUNDS
from sagrada.games.dice.rules.hooks import Rules
from sagrada.games.dice.rules.rules import rules_for

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "ROUNDS", "GameConfig"]


@dataclass(frozen=True, slots=True)
class GameConfig(Options):
    """The fixed description of a game: its :class:`~sagrada.core.options.Options`, checked
    against the rules of its active modules.

    Raises:
        ConfigError: naming the option at fault, when the options cannot be played (a tool
            card not in this game's deck, the wrong number of cards, modules that refuse).
    """

    def __post_init__(self) -> None:
        Options.__post_init__(self)
        rules = self.rules
        if self.tools is not None:
            cards = catalog()
            for number in self.tools:
                if number not in rules.tool_deck:
                    name = cards.tool(number).name
                    reason = rules.excluded_tools.get(number)
                    if reason is None:
                        restriction = cards.tool(number).restriction
                        reason = "is not in this game's tool deck" + (
                            f" ({restriction.rstrip('.')})" if restriction else ""
                        )
                    raise ConfigError(f"tools: {name} (#{number}) {reason}")
            if len(self.tools) != rules.num_tools:
                raise ConfigError(
                    msg("config.tool_count", n=rules.num_tools, given=len(self.tools))
                )
        for key in self.public_objectives or ():
            if key not in rules.public_deck:
                objective = catalog().public(key)
                reason = "is not in this game's public objective deck"
                if objective.needs:
                    reason += f" (it needs the {objective.needs} module)"
                elif objective.pack != "base":
                    reason += f" (a card of the {objective.pack} content: switch on its module)"
                raise ConfigError(f"public_objectives: {objective.name} {reason}")
        if self.public_objectives is not None and len(self.public_objectives) != rules.num_publics:
            raise ConfigError(
                msg(
                    "config.public_count",
                    n=rules.num_publics,
                    given=len(self.public_objectives),
                )
            )

    @property
    def rules(self) -> Rules:
        """The rules of this game, from its active rule modules."""
        return rules_for(self)

    @property
    def modules(self) -> tuple[str, ...]:
        """The names of the active rule modules, in the order they configure the game."""
        return self.rules.modules

    @property
    def packs(self) -> tuple[str, ...]:
        """The content packs whose windows are dealt."""
        return tuple(dict.fromkeys(card[0].pack for card in self.rules.window_cards))

    @property
    def tool_deck(self) -> tuple[int, ...]:
        """The numbers of the tool cards that may be dealt."""
        return self.rules.tool_deck

    @property
    def num_tools(self) -> int:
        """The number of tool cards in play."""
        return self.rules.num_tools

    @property
    def num_public_objectives(self) -> int:
        """The number of public objectives in play."""
        return self.rules.num_publics

    @property
    def num_private_objectives(self) -> int:
        """The number of private objectives each player is dealt."""
        return self.rules.num_privates

    @property
    def dice_per_colour(self) -> int:
        """Dice of each colour in the bag at the start."""
        return self.rules.dice_per_colour

    @property
    def draft_pool_size(self) -> int:
        """Dice drawn each round."""
        return self.rules.draft_pool_size

    @property
    def turns_per_round(self) -> int:
        """Turns each player takes per round."""
        return len(self.rules.round_order(self.players, 0)) // self.players

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action space (action codes run from 0 to this minus 1): the codes
        of the kinds the active modules use."""
        return self.rules.num_distinct_actions

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in a game."""
        return self.rules.max_game_length
