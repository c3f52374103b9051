"""The games registry: every game the platform plays, by name, as its :class:`GameEntry`.

The games of this distribution are listed in :data:`BUILT_IN`; a game in another distribution
registers itself through the entry-point group ``sagrada.games`` (:data:`ENTRY_POINT_GROUP`),
whose entries name a :class:`~sagrada.entry.GameEntry` (``"package.module:ENTRY"``), or at run
time with :func:`register_game`. The first game is the default one of the command line and the
server. Adapters find games here and know them only through their entries.

Records name their game (``"game"``); records of format 1, written before games had names, are
read as records of the default game (the dice game).

>>> [game.name for game in games()]
['sagrada', 'cards']
>>> record = read_record('{"format": 1, "config": {"players": 2}, "seed": 7, "actions": ["W1"]}')
>>> len(record.replay().history)
1
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any, Final

from sagrada.core.errors import RecordError
from sagrada.core.messages import add_messages, remove_messages
from sagrada.core.record import parse_json
from sagrada.entry import Game, GameBots, GameEntry, Player, Record, load
from sagrada.search.advice import Adviser, RatedAction

#: The games of this distribution, the default one first (imported when the registry is).
BUILT_IN: Final = ("sagrada.games.dice.entry:ENTRY", "sagrada.games.cards.entry:ENTRY")
#: The entry-point group through which another distribution adds its games.
ENTRY_POINT_GROUP: Final = "sagrada.games"

_ENTRIES: dict[str, GameEntry[Any, Any, Any]] = {}


def register_game(entry: GameEntry[Any, Any, Any]) -> None:
    """Add a game to the registry.

    Its own messages (``entry.messages``) join the catalogues.

    Raises:
        ValueError: if another game of that name is registered already, or one of its
            messages is another's.
    """
    known = _ENTRIES.get(entry.name)
    if known is not None and known is not entry:
        raise ValueError(f"a game called {entry.name!r} is registered already")
    for language, messages in entry.messages.items():
        add_messages(language, messages)
    _ENTRIES[entry.name] = entry


def unregister_game(name: str) -> None:
    """Take a game out of the registry (a test's own game, once its test is done), and its
    own messages out of the catalogues."""
    entry = _ENTRIES.pop(name, None)
    if entry is not None:
        remove_messages({m for messages in entry.messages.values() for m in messages})


def register_plugins() -> None:
    """Register the games the installed distributions declare in :data:`ENTRY_POINT_GROUP`
    (done when the registry is first imported; again for a distribution installed since). A
    plugin that does not load is a broken installation: its error is raised as it is.

    Raises:
        TypeError: if an entry point names something other than a :class:`GameEntry`.
        ValueError: if a plugin's game has the name of another registered game.
    """
    for point in entry_points(group=ENTRY_POINT_GROUP):
        entry = point.load()
        if not isinstance(entry, GameEntry):
            raise TypeError(f"entry point {point.name!r} names {entry!r}, not a GameEntry")
        register_game(entry)


for _reference in BUILT_IN:
    register_game(load(_reference))
register_plugins()


def entries() -> tuple[GameEntry[Any, Any, Any], ...]:
    """Every registered game's entry, in registration order (the default game first)."""
    return tuple(_ENTRIES.values())


def entry(name: str) -> GameEntry[Any, Any, Any]:
    """The entry of the game called ``name``.

    Raises:
        KeyError: naming the games there are.
    """
    try:
        return _ENTRIES[name]
    except KeyError:
        known = ", ".join(sorted(_ENTRIES))
        raise KeyError(f"no game called {name!r} (there is {known})") from None


def default_game() -> str:
    """The name of the default game (the first registered)."""
    return next(iter(_ENTRIES))


def games() -> tuple[Game[Any, Any, Any], ...]:
    """Return every registered game, in registration order."""
    return tuple(e.game for e in _ENTRIES.values())


def game(name: str) -> Game[Any, Any, Any]:
    """Return the game called ``name``.

    Raises:
        KeyError: naming the games there are.
    """
    return entry(name).game


def game_bots(game_name: str) -> GameBots:
    """The bots of the game called ``game_name``."""
    return entry(game_name).bots


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


def rated_json(game: Game[Any, Any, Any], rated: RatedAction) -> dict[str, Any]:
    """A rated action as JSON-ready data: its notation, its value (to a hundredth of a
    point), scale, samples and their basis (:mod:`sagrada.search.advice`)."""
    return {
        "action": game.action_to_str(rated.action),
        "value": round(rated.value, 2),
        "scale": rated.scale,
        "samples": rated.samples,
        "basis": rated.basis,
    }


def record_game(data: Any) -> Game[Any, Any, Any]:
    """Return the game a parsed record belongs to (format 1: the default game).

    Raises:
        RecordError: if the record is not an object or names no registered game.
    """
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    if data.get("format") == 1 and "game" not in data:
        return game(default_game())
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
