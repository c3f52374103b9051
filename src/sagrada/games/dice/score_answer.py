"""The dice game's answer to ``POST /api/score``: the input that ``sagrada score`` reads (one
window, or a table of players), scored for a page: every part with its formula and cells, each
broken placement rule as a warning with its cells, the window read back, and for a table each
player's place and the ranking (docs/web-api.md)."""

from __future__ import annotations

from typing import Any

from sagrada.core.messages import msg
from sagrada.core.score_answer import score_answer, warning_json, window_json
from sagrada.core.scoring import ScoreBreakdown
from sagrada.entry import ScoreInputError
from sagrada.games.dice.score_input import BLANK_PATTERN, ScoreRequest, request_from, score_request
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
    return score_answer(breakdown, warnings, window_json(window, named))
