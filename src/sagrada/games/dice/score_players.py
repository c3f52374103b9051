"""The dice game's ``sagrada score`` for a table of players: each player's finished window
scored, and the players ranked with the rulebook's tie-breaks; and the command's text answer to
either form of its input (:func:`score_text`: one window, or a table).

The input (a multiplayer game; there is no ``mode``)::

    {"public": ["Column Color Variety", "Light Shades", "Color Variety"],
     "tie_break": "reverse-order",
     "players": [{"name": "Ada", "window": "Virtus", "dice": [...], "private": [...],
                  "favor_tokens": 2, "masterwork": {...}, "apprentice": [...]}, ...]}

``players`` lists 1 to 6 players in the final round's turn order, its start player first; each
one's fields are those of one window (:mod:`sagrada.games.dice.score_input`) but ``public``,
which the table shares, and ``mode``. A name is 1 to 24 printable characters once trimmed, and
no two names are the same ignoring case. ``tie_break`` is the game option's (``reverse-order``, the
default, or ``shared``): the ranking is the one of a game played here
(:func:`sagrada.games.dice.rules.outcome.rank`, rulebook 001_3237e9a6eb6273e0.txt, END GAME
SCORING).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.messages import DEFAULT_LANGUAGE, Message, msg
from sagrada.core.options import MAX_PLAYERS, OPTIONS, TIE_BREAKS
from sagrada.core.scoring import ScoreBreakdown
from sagrada.games.dice.rules.outcome import rank
from sagrada.games.dice.score_input import (
    OPTIONAL_FIELDS,
    REQUIRED_FIELDS,
    ScoreRequest,
    beats_target,
    request_from,
    score_request,
)
from sagrada.textui import CliError, load_json, score_table, target_line

TABLE_FIELDS: Final = ("public", "tie_break", "players")
#: A player's fields: one window's, but those the table shares or has not (a table plays the
#: multiplayer game: no solo target).
PLAYER_FIELDS: Final = (
    "name",
    *(f for f in REQUIRED_FIELDS + OPTIONAL_FIELDS if f not in ("public", "mode", "round_track")),
)
#: The default of the game option that decides the last tie-break.
DEFAULT_TIE_BREAK: Final = next(spec.default for spec in OPTIONS if spec.name == "tie_break")
#: The most characters of a player's name, once trimmed.
MAX_NAME: Final = 24


@dataclass(frozen=True)
class TablePlayer:
    """One player of a table: their name, their parsed window and cards, their score."""

    name: str
    request: ScoreRequest
    score: ScoreBreakdown


@dataclass(frozen=True)
class TableScore:
    """A scored table: the players in the input's order and their ranking.

    Attributes:
        ranking: indexes into ``players`` grouped by place, best first; a group shares a
            place (only with the ``shared`` tie-break).
    """

    players: tuple[TablePlayer, ...]
    ranking: tuple[tuple[int, ...], ...]
    tie_break: str

    def places(self) -> list[int]:
        """Each player's place, from 1; a group that shares a place takes its first."""
        place = [0] * len(self.players)
        ahead = 0
        for group in self.ranking:
            for index in group:
                place[index] = ahead + 1
            ahead += len(group)
        return place

    def to_json(self) -> dict[str, Any]:
        """Return ``{"players": [{"name", "place", "total", "parts"}], "ranking"}``."""
        places = self.places()
        return {
            "players": [
                {"name": p.name, "place": places[i], **p.score.to_json()}
                for i, p in enumerate(self.players)
            ],
            "ranking": [list(group) for group in self.ranking],
        }


def score_text(text: str, as_json: bool, language: str = DEFAULT_LANGUAGE) -> tuple[str, list[str]]:
    """Score the window (or the table of players) described in ``text``: the breakdown (a
    table in ``language``, or JSON, the content's English names in every language) and the
    warnings about a window that breaks the placement rules or favor tokens in solo play.

    Raises:
        CliError: if the input is malformed, naming the field, row or token at fault.
    """
    data = load_json(text)
    if isinstance(data, dict) and "players" in data:
        return score_players_text(data, as_json, language)
    request = request_from(data)
    breakdown = score_request(request)
    warnings = [str(warning) for warning in request_warnings(request)]
    target = request.target
    if as_json:
        answer = breakdown.to_json()
        if target is not None:
            answer |= {"target": target, "won": beats_target(breakdown.total, target)}
        return json.dumps(answer), warnings
    table = score_table(breakdown, language)
    if target is not None:
        won = beats_target(breakdown.total, target)
        table = f"{table}\n{target_line(table, target, won, language)}"
    return table, warnings


def request_warnings(request: ScoreRequest) -> list[Message]:
    """What is wrong with a scorable window, in English where it is printed: the placement
    rules it breaks (:meth:`Window.breaches`, all in one warning) and favor tokens in solo
    play."""
    warnings = []
    breaches = request.window.breaches()
    if breaches:
        warnings.append(
            msg("score.warning.breaches", problems="; ".join(str(b.message) for b in breaches))
        )
    if request.solo and request.favor_tokens:
        warnings.append(msg("score.warning.solo_favor"))
    return warnings


def score_players_text(data: Any, as_json: bool, language: str) -> tuple[str, list[str]]:
    """Score a table (``sagrada score`` with ``players``): JSON, or each player's breakdown
    table under their place and name, in ``language``; and the warnings, each naming its
    player.

    Raises:
        CliError: one line naming the player and field at fault.
    """
    table = score_players(data)
    warnings = [
        f"{player.name}: {warning}"
        for player in table.players
        for warning in request_warnings(player.request)
    ]
    if as_json:
        return json.dumps(table.to_json()), warnings
    places = table.places()
    blocks = [
        f"{places[i]}. {table.players[i].name}\n{score_table(table.players[i].score, language)}"
        for group in table.ranking
        for i in group
    ]
    return "\n\n".join(blocks), warnings


def score_players(data: Any) -> TableScore:
    """Check and score a table of players and rank them.

    Raises:
        CliError: one line naming the field, or the player and their field, at fault.
    """
    if not isinstance(data, dict):
        raise CliError("the input must be a JSON object with fields " + ", ".join(TABLE_FIELDS))
    if "mode" in data:
        raise CliError("field 'mode': a table of players plays the multiplayer game (no 'mode')")
    unknown = [key for key in data if key not in TABLE_FIELDS]
    if unknown:
        raise CliError(f"unknown field {unknown[0]!r} (expected {', '.join(TABLE_FIELDS)})")
    if "public" not in data:
        raise CliError("missing field 'public'")
    tie_break = data.get("tie_break", DEFAULT_TIE_BREAK)
    if tie_break not in TIE_BREAKS:
        choices = " or ".join(repr(choice) for choice in TIE_BREAKS)
        raise CliError(f"field 'tie_break': must be {choices}")
    entries = data["players"]
    if not isinstance(entries, list) or not 1 <= len(entries) <= MAX_PLAYERS:
        raise CliError(f"field 'players': must be a list of 1 to {MAX_PLAYERS} players")
    players: list[TablePlayer] = []
    for i, entry in enumerate(entries):
        players.append(_player(entry, i, data["public"], players))
    ranking = rank([p.score for p in players], shared=tie_break == "shared")
    return TableScore(tuple(players), ranking, tie_break)


def _player(entry: Any, index: int, public: Any, before: list[TablePlayer]) -> TablePlayer:
    """Read and score the player at ``index`` of ``players``."""
    where = f"field 'players', player {index + 1}"
    if not isinstance(entry, dict):
        raise CliError(f"{where}: must be an object with fields {', '.join(PLAYER_FIELDS)}")
    unknown = [key for key in entry if key not in PLAYER_FIELDS]
    if unknown:
        raise CliError(
            f"{where}: unknown field {unknown[0]!r} (expected {', '.join(PLAYER_FIELDS)})"
        )
    name = entry.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
        raise CliError(f"{where}: field 'name' must be 1 to {MAX_NAME} characters")
    name = name.strip()
    if not name.isprintable():
        raise CliError(f"{where}: field 'name' must be printable (no line break or tab)")
    if any(p.name.casefold() == name.casefold() for p in before):
        raise CliError(f"{where}: the name {name!r} is taken by another player")
    fields = {key: value for key, value in entry.items() if key != "name"}
    try:
        request = request_from({**fields, "public": public})
    except CliError as exc:
        # The shared field's errors say so; a player's own name the player.
        if str(exc).startswith("field 'public'"):
            raise
        raise CliError(f"{where} ({name}): {exc}") from None
    return TablePlayer(name, request, score_request(request))
