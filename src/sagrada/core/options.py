"""The options of a dice game, each declared once, with the checks that need no rule module.

:class:`Options` holds the values a player picks before a game (player count, cards, edition
options, rule modules switched on). Checks that depend on the rule modules (which tool cards a
game's deck holds, how many cards it deals) are made by :class:`sagrada.core.config.GameConfig`,
the class everyone uses; this lower layer exists so that rule modules can read options without
importing the configuration that is built from them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final, TypeVar

from sagrada.core.content import catalog
from sagrada.core.errors import ConfigError

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 6
TIE_BREAKS: Final = ("reverse-order", "shared")
PRIVATE_OBJECTIVE_DECKS: Final = ("all", "expansion")

_O = TypeVar("_O", bound="Options")


def _whole(value: object) -> bool:
    """Whether ``value`` is an ``int`` (booleans and floats are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Options:
    """The option values of a game.

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
        if self.private_objectives not in PRIVATE_OBJECTIVE_DECKS:
            raise ConfigError(
                f"private_objectives must be one of {', '.join(PRIVATE_OBJECTIVE_DECKS)}, "
                f"got {self.private_objectives!r}"
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
            object.__setattr__(self, "public_objectives", tuple(ids))

    @property
    def solo(self) -> bool:
        """Whether this is a solo game."""
        return self.players == 1

    def to_json(self) -> dict[str, Any]:
        """Return the options as a JSON-ready dict."""
        data = asdict(self)
        for key in ("tools", "public_objectives"):
            if data[key] is not None:
                data[key] = list(data[key])
        return data

    @classmethod
    def from_json(cls: type[_O], data: Any) -> _O:
        """Build the options from a dict, as written by :meth:`to_json`.

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
