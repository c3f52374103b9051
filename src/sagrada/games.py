"""The games registry: every game the platform plays, by name.

A game is an object with the :class:`Game` interface: its name, option schema, how to start a
state from a configuration and a seed, its action notation, the sizes an RL user needs, how to
read its records, and the result of a finished position. The dice game (``"sagrada"``) is the
first entry; another game (the solo card game) registers itself the same way, and the adapters
(records, CLI, server, RL wrappers) find games here instead of importing one by hand.

Records name their game (``"game"``); records of format 1, written before games had names, are
read as records of the dice game.

>>> [game.name for game in games()]
['sagrada', 'cards']
>>> record = read_record('{"format": 1, "config": {"players": 2}, "seed": 7, "actions": ["W1"]}')
>>> len(record.replay().history)
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sagrada.bots import BOT_NAMES, hint_bot, make_bot
from sagrada.bots.advice import Adviser, RatedAction
from sagrada.cardgame.bots import CARD_BOT_NAMES, make_card_bot, planner
from sagrada.cardgame.game import CARD_GAME
from sagrada.core.errors import RecordError
from sagrada.core.game import DICE_GAME
from sagrada.core.record import parse_json
from sagrada.table_options import CARD_HINTS, TABLE_OPTIONS, TableOption


class GameState(Protocol):
    """What every game's state offers: one decision at a time."""

    @property
    def current_player(self) -> int:
        """The seat that decides now (negative once the game is over)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def legal_actions(self) -> list[int]:
        """The legal actions now, in increasing code order."""
        ...

    def apply(self, action: int) -> None:
        """Apply a legal action (an illegal one raises and changes nothing)."""
        ...


class Record(Protocol):
    """A game record: configuration, seed and actions."""

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, naming its game and format."""
        ...

    def replay(self, upto: int | None = None) -> Any:
        """Play the record through (or its first ``upto`` actions) and return the state."""
        ...


class Game(Protocol):
    """A game the platform plays (see :class:`sagrada.core.game.DiceGame`)."""

    @property
    def name(self) -> str:
        """The game's name in the registry and in records."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people."""
        ...

    def options(self) -> Sequence[Any]:
        """The option schema: one entry per option (name, type, default, ...)."""
        ...

    def config_from_json(self, data: Any) -> Any:
        """A configuration from its JSON form."""
        ...

    def new_state(self, config: Any, seed: int) -> Any:
        """A new game."""
        ...

    def num_players(self, config: Any) -> int:
        """The number of seats."""
        ...

    def num_distinct_actions(self, config: Any) -> int:
        """The size of the action space."""
        ...

    def max_game_length(self, config: Any) -> int:
        """An upper bound on the decisions of a game."""
        ...

    def parse_action(self, text: str) -> int:
        """The action written ``text``."""
        ...

    def action_to_str(self, action: int) -> str:
        """The notation of an action."""
        ...

    def read_record(self, data: Any) -> Record:
        """A record of this game from parsed JSON."""
        ...

    def outcome(self, state: Any) -> Any:
        """The result of a finished position."""
        ...

    def view(self, state: Any, seat: int) -> Any:
        """What ``seat`` may know of ``state`` (-1: a spectator): an object with
        ``to_json()`` and ``legal_actions()``, without the hidden information."""
        ...

    def record_of(self, state: Any, seed: int) -> Record:
        """The record of ``state``, a game started with ``seed``."""
        ...


_GAMES: dict[str, Game] = {DICE_GAME.name: DICE_GAME, CARD_GAME.name: CARD_GAME}


class Player(Protocol):
    """A bot of some game: it chooses among the legal actions from a view."""

    name: str

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        """Return one of ``legal``."""
        ...


@dataclass(frozen=True, slots=True)
class GameBots:
    """A game's bots: how they are made from a spec (``"greedy"``, ``"search:4"``), the
    names that may take a seat, the one that plays a person's turn when their time runs out
    (strong, and quick to decide) and the one a hint asks (the strongest): its name, and how
    it is made from a seed and a budget (seconds, or iterations for repeatable answers; a
    bot without such a budget ignores it); and the options of the table the game is offered
    with on the server (:mod:`sagrada.table_options`), which these bots serve."""

    make: Callable[[str, int], Player]
    names: tuple[str, ...]
    stand_in: str
    adviser: Callable[[int, float | None, int | None], Adviser]
    table: tuple[TableOption, ...] = ()

    @property
    def hint(self) -> str:
        """The hint bot's name."""
        return self.adviser(0, None, None).name


#: Each game's bots, by game name. They live outside the engines (the dice game's core
#: imports no bot).
_BOTS: dict[str, GameBots] = {
    DICE_GAME.name: GameBots(
        make_bot, BOT_NAMES, stand_in="medium", adviser=hint_bot, table=TABLE_OPTIONS
    ),
    # The card game's page shows no turn clock: no time limit.
    CARD_GAME.name: GameBots(
        make_card_bot, CARD_BOT_NAMES, stand_in="plan", adviser=planner, table=(CARD_HINTS,)
    ),
}


def game_bots(game_name: str) -> GameBots:
    """The bots of the game called ``game_name``."""
    return _BOTS[game(game_name).name]


def make_player(game_name: str, spec: str, seed: int = 0) -> Player:
    """A bot of the game called ``game_name``.

    Raises:
        ValueError: naming the bots the game has.
    """
    return game_bots(game_name).make(spec, seed)


def make_adviser(
    game_name: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> Adviser:
    """The hint bot of the game called ``game_name`` (its own budget unless one is given)."""
    return game_bots(game_name).adviser(seed, seconds, iterations)


def rated_json(game: Game, rated: RatedAction) -> dict[str, Any]:
    """A rated action as JSON-ready data: its notation, its value (to a hundredth of a
    point), scale, samples and their basis (:mod:`sagrada.bots.advice`)."""
    return {
        "action": game.action_to_str(rated.action),
        "value": round(rated.value, 2),
        "scale": rated.scale,
        "samples": rated.samples,
        "basis": rated.basis,
    }


def register_game(game: Game) -> None:
    """Add a game to the registry.

    Raises:
        ValueError: if a game of that name is registered already.
    """
    if game.name in _GAMES:
        raise ValueError(f"a game called {game.name!r} is registered already")
    _GAMES[game.name] = game


def games() -> tuple[Game, ...]:
    """Return every registered game, in registration order."""
    return tuple(_GAMES.values())


def game(name: str) -> Game:
    """Return the game called ``name``.

    Raises:
        KeyError: naming the games there are.
    """
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"no game called {name!r} (there is {known})") from None


def record_game(data: Any) -> Game:
    """Return the game a parsed record belongs to (format 1: the dice game).

    Raises:
        RecordError: if the record is not an object or names no registered game.
    """
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    if data.get("format") == 1 and "game" not in data:
        return DICE_GAME
    name = data.get("game")
    if not isinstance(name, str):
        raise RecordError(f"a record of format 2 names its game, got {name!r}")
    try:
        return game(name)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None


def read_record(text: str) -> Record:
    """Read a record of any registered game from its JSON text.

    Raises:
        RecordError: if the text is not a valid record of a registered game.
    """
    data = parse_json(text)
    return record_game(data).read_record(data)
