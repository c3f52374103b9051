"""Game configuration: everything fixed before the first decision.

A :class:`GameConfig` is frozen and describes a game: the player count, the cards in play (or
``None`` to deal them at random) and the edition options. Together with a seed it determines
the initial state; with the seed and the actions it determines the whole game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from sagrada.core.actions import NUM_ACTIONS
from sagrada.core.content import catalog
from sagrada.core.errors import ConfigError

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 6
ROUNDS: Final = 10
TIE_BREAKS: Final = ("reverse-order", "shared")
PRIVATE_OBJECTIVE_DECKS: Final = ("all", "expansion")
#: Dice of each colour in the bag by player count, standard rules (German edition and the
#: 5 & 6 Player Expansion: 10/14/18/22/26 per colour for 2-6 players; solo uses all 90).
DICE_PER_COLOUR: Final = {1: 18, 2: 10, 3: 14, 4: 18, 5: 22, 6: 26}
#: Dice of each colour in the bag with the Private Dice Pool rules (5 & 6 Player Expansion).
PRIVATE_POOL_DICE_PER_COLOUR: Final = {2: 6, 3: 8, 4: 10, 5: 12, 6: 14}
#: Dice of each colour each player starts with in a Private Dice Pool.
PRIVATE_POOL_DICE: Final = 2
FULL_BAG_PER_COLOUR: Final = 18
#: Tool cards not used with the Private Dice Pool rules, and those used only with them.
NOT_WITH_PRIVATE_POOLS: Final = frozenset({7, 8})
ONLY_WITH_PRIVATE_POOLS: Final = frozenset({13, 14})
#: Upper bound on the decisions of one turn: a draft, a private-pool die, a tool of at most
#: five steps, a pass.
_MAX_DECISIONS_PER_TURN: Final = 8


def _whole(value: object) -> bool:
    """Whether ``value`` is an ``int`` (booleans and floats are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The fixed description of a game.

    Attributes:
        players: 1 (solo) to 6 (5 and 6 need the 5 & 6 Player Expansion, used automatically).
        tools: tool card numbers in play, or ``None`` to deal them at random (3 in a
            multiplayer game, ``solo_tools`` in solo).
        public_objectives: public objective ids (or names) in play, or ``None`` to deal them at
            random (3 in a multiplayer game, 2 in solo).
        solo_tools: solo difficulty: the number of tool cards, 1 (extreme) to 5 (easy).
        full_bag: put all 90 dice in the bag for 2 and 3 players, as the English base
            rulebook says, instead of 50 / 70 (German edition and the 5 & 6 expansion).
        solo_private_objectives: 2 (English: the better one counts) or 1 (German).
        tie_break: after total, private objective points and favor tokens are equal:
            ``"reverse-order"`` (English: the later player in the final round's order wins) or
            ``"shared"`` (German: a shared victory).
        private_pools: the 5 & 6 Player Expansion's Private Dice Pool rules (2-6 players):
            each player has 2 dice of each colour of their own, one turn per round, a draft
            pool of players + 1 dice, tools 7 and 8 out and the expansion's two tools in.
        expansion: add the 5 & 6 Player Expansion's windows and private objectives in a 2-4
            player game (always on for 5-6 players and with private pools).
        private_objectives: which private objective cards are shuffled when the expansion is
            in use: ``"all"`` (base and expansion together) or ``"expansion"`` (its 6 only,
            which puts the expansion in use).
    """

    players: int = 2
    tools: tuple[int, ...] | None = None
    public_objectives: tuple[str, ...] | None = None
    solo_tools: int = 3
    full_bag: bool = False
    solo_private_objectives: int = 2
    tie_break: str = "reverse-order"
    private_pools: bool = False
    expansion: bool = False
    private_objectives: str = "all"

    def __post_init__(self) -> None:
        if not _whole(self.players):
            raise ConfigError(f"players must be a whole number, got {self.players!r}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {self.players}")
        if not _whole(self.solo_tools) or self.solo_tools not in range(1, 6):
            raise ConfigError(f"solo_tools must be 1-5, got {self.solo_tools!r}")
        if not _whole(self.solo_private_objectives) or self.solo_private_objectives not in (1, 2):
            raise ConfigError(
                f"solo_private_objectives must be 1 or 2, got {self.solo_private_objectives!r}"
            )
        if not isinstance(self.full_bag, bool):
            raise ConfigError(f"full_bag must be true or false, got {self.full_bag!r}")
        if self.tie_break not in TIE_BREAKS:
            raise ConfigError(
                f"tie_break must be one of {', '.join(TIE_BREAKS)}, got {self.tie_break!r}"
            )
        for flag in ("private_pools", "expansion"):
            if not isinstance(getattr(self, flag), bool):
                raise ConfigError(f"{flag} must be true or false, got {getattr(self, flag)!r}")
        if self.private_pools and self.solo:
            raise ConfigError("the Private Dice Pool rules are for 2-6 players")
        if self.private_objectives not in PRIVATE_OBJECTIVE_DECKS:
            raise ConfigError(
                f"private_objectives must be one of {', '.join(PRIVATE_OBJECTIVE_DECKS)}, "
                f"got {self.private_objectives!r}"
            )
        if self.full_bag and (self.players >= 5 or self.private_pools):
            raise ConfigError(
                "full_bag is the English base rule for 2-3 players without private pools"
            )
        cards = catalog()
        if self.tools is not None:
            numbers = []
            for key in self.tools:
                if not (_whole(key) or isinstance(key, str)):
                    raise ConfigError(f"tools: {key!r} is not a tool card number or name")
                try:
                    numbers.append(cards.tool(key).id)
                except KeyError:
                    raise ConfigError(f"tools: no tool card {key!r}") from None
            if len(set(numbers)) != len(numbers):
                raise ConfigError("tools: a tool card is listed twice")
            if len(numbers) != self.num_tools:
                raise ConfigError(
                    f"tools: this game uses {self.num_tools} tool cards, got {len(numbers)}"
                )
            for number in numbers:
                if number not in self.tool_deck:
                    name = cards.tool(number).name
                    rules = "without" if number in ONLY_WITH_PRIVATE_POOLS else "with"
                    raise ConfigError(
                        f"tools: {name} (#{number}) is not used {rules} the Private Dice Pool rules"
                    )
            object.__setattr__(self, "tools", tuple(numbers))
        if self.public_objectives is not None:
            ids = []
            for name in self.public_objectives:
                if not isinstance(name, str):
                    raise ConfigError(f"public_objectives: {name!r} is not an objective name")
                try:
                    ids.append(cards.public(str(name)).id)
                except KeyError:
                    raise ConfigError(f"public_objectives: no public objective {name!r}") from None
            if len(set(ids)) != len(ids):
                raise ConfigError("public_objectives: an objective is listed twice")
            if len(ids) != self.num_public_objectives:
                raise ConfigError(
                    f"public_objectives: this game uses {self.num_public_objectives}, "
                    f"got {len(ids)}"
                )
            object.__setattr__(self, "public_objectives", tuple(ids))

    @property
    def solo(self) -> bool:
        """Whether this is a solo game."""
        return self.players == 1

    @property
    def uses_expansion(self) -> bool:
        """Whether the 5 & 6 Player Expansion's cards are in the decks."""
        return (
            self.expansion
            or self.players >= 5
            or self.private_pools
            or self.private_objectives == "expansion"
        )

    @property
    def packs(self) -> tuple[str, ...]:
        """The content packs whose windows are dealt."""
        return ("base", "five-six") if self.uses_expansion else ("base",)

    @property
    def tool_deck(self) -> tuple[int, ...]:
        """The numbers of the tool cards that may be dealt."""
        base = tuple(range(1, 13))
        if self.private_pools:
            return (
                *(n for n in base if n not in NOT_WITH_PRIVATE_POOLS),
                *sorted(ONLY_WITH_PRIVATE_POOLS),
            )
        return base

    @property
    def private_objective_packs(self) -> tuple[str, ...]:
        """The content packs whose private objective cards are shuffled."""
        if not self.uses_expansion:
            return ("base",)
        return ("five-six",) if self.private_objectives == "expansion" else ("base", "five-six")

    @property
    def num_tools(self) -> int:
        """The number of tool cards in play."""
        return self.solo_tools if self.solo else 3

    @property
    def num_public_objectives(self) -> int:
        """The number of public objectives in play."""
        return 2 if self.solo else 3

    @property
    def num_private_objectives(self) -> int:
        """The number of private objectives each player is dealt."""
        return self.solo_private_objectives if self.solo else 1

    @property
    def dice_per_colour(self) -> int:
        """Dice of each colour in the bag at the start."""
        if self.private_pools:
            return PRIVATE_POOL_DICE_PER_COLOUR[self.players]
        return FULL_BAG_PER_COLOUR if self.full_bag else DICE_PER_COLOUR[self.players]

    @property
    def draft_pool_size(self) -> int:
        """Dice drawn each round: 2 per player plus 1 (private pools: 1 per player plus 1);
        4 in solo."""
        if self.solo:
            return 4
        return (1 if self.private_pools else 2) * self.players + 1

    @property
    def turns_per_round(self) -> int:
        """Turns each player takes per round: 2, or 1 with the Private Dice Pool rules."""
        return 1 if self.private_pools else 2

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action space (action codes run from 0 to this minus 1)."""
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in a game."""
        turns = ROUNDS * self.turns_per_round * self.players
        return self.players + turns * _MAX_DECISIONS_PER_TURN

    def to_json(self) -> dict[str, Any]:
        """Return the configuration as a JSON-ready dict."""
        data = asdict(self)
        for key in ("tools", "public_objectives"):
            if data[key] is not None:
                data[key] = list(data[key])
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        """Build a configuration from a dict, as written by :meth:`to_json`.

        Raises:
            ConfigError: naming the field at fault.
        """
        if not isinstance(data, dict):
            raise ConfigError("the configuration must be a JSON object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown configuration field {unknown[0]!r}")
        kwargs: dict[str, Any] = dict(data)
        for key in ("tools", "public_objectives"):
            value = kwargs.get(key)
            if value is not None:
                if not isinstance(value, list):
                    raise ConfigError(f"{key} must be a list or null")
                kwargs[key] = tuple(value)
        return cls(**kwargs)
