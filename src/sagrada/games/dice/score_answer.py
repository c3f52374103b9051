"""The dice game's answer to ``POST /api/score``: the input that ``sagrada score`` reads (one
window, or a table of players), scored for a page: every part with its formula and cells, each
broken placement rule as a warning with its cells, the window read back, and for a table each
player's place and the ranking (docs/web-api.md)."""

from __future__ import annotations

from typing import Any

from sagrada.core.messages import msg
from sagrada.core.options import MAX_PLAYERS
from sagrada.core.score_answer import score_answer, warning_json, window_json
from sagrada.core.scoring import ScoreBreakdown
from sagrada.entry import ScoreInputError
from sagrada.games.dice.score_input import (
    BLANK_PATTERN,
    ScoreRequest,
    beats_target,
    parse_dice,
    parse_masterwork,
    parse_pattern,
    request_from,
    score_request,
)
from sagrada.games.dice.score_players import score_players
from sagrada.textui import CliError


def score_json(data: Any) -> dict[str, Any]:
    """Score ``data`` (parsed JSON): one window, or a table of players (with ``players``).

    Raises:
        ScoreInputError: the command line's one-line error, naming the field at fault.
    """
    try:
        if isinstance(data, dict) and "players" in data:
            table = score_players(data)
            places = table.places()
            return {
                "players": [
                    {
                        "name": player.name,
                        "place": places[i],
                        **window_answer(player.request, player.score),
                    }
                    for i, player in enumerate(table.players)
                ],
                "ranking": [list(group) for group in table.ranking],
                "tie_break": table.tie_break,
            }
        request = request_from(data)
        return window_answer(request, score_request(request))
    except CliError as exc:
        raise ScoreInputError(str(exc)) from None


def window_answer(request: ScoreRequest, breakdown: ScoreBreakdown) -> dict[str, Any]:
    """One window's answer: the breakdown, a warning per broken placement rule (and one for
    favor tokens in solo play) and the window read back."""
    window = request.window
    warnings = [warning_json(breach.message, breach.cells) for breach in window.breaches()]
    if request.solo and request.favor_tokens:
        warnings.append(warning_json(msg("score.warning.solo_favor")))
    named = None if window.pattern is BLANK_PATTERN else window.pattern.name
    answer = score_answer(breakdown, warnings, window_json(window, named))
    if request.target is not None:
        answer |= {"target": request.target, "won": beats_target(breakdown.total, request.target)}
    return answer


def read_json(data: Any) -> dict[str, Any]:
    """Read back the windows of ``data`` (parsed JSON) as far as their own fields go, the rest
    of the input (its cards, its names' rules) unchecked: ``{"window": W}`` for one window,
    ``{"players": [{"name", "window": W}, ...]}`` for a table, W as :func:`window_json` gives
    it, or None where the dice cannot be read (``POST /api/score/read``: a page restores a
    link whose input is not complete yet).

    Raises:
        ScoreInputError: if ``data`` is not a JSON object.
    """
    if not isinstance(data, dict):
        raise ScoreInputError("the input must be a JSON object")
    if "players" not in data:
        return {"window": read_window(data)}
    players = data["players"] if isinstance(data["players"], list) else []
    return {
        "players": [
            {
                "name": _name(player),
                "window": read_window(player),
            }
            for player in players[:MAX_PLAYERS]
        ]
    }


def read_window(data: Any) -> dict[str, Any] | None:
    """One window of an input read back (its pattern, its dice, its masterwork dice), or None
    where its dice cannot be read; a pattern that is not known reads as a blank window."""
    if not isinstance(data, dict) or "dice" not in data:
        return None
    try:
        pattern = parse_pattern(data["window"]) if "window" in data else BLANK_PATTERN
    except CliError:
        pattern = BLANK_PATTERN
    try:
        masterwork = parse_masterwork(data["masterwork"]) if "masterwork" in data else {}
        window = parse_dice(data["dice"], masterwork, pattern)
    except CliError:
        return None
    return window_json(window, None if pattern is BLANK_PATTERN else pattern.name)


def _name(player: Any) -> str | None:
    """A table's player's name as the input gives it, if it is a string."""
    name = player.get("name") if isinstance(player, dict) else None
    return name if isinstance(name, str) else None
