"""Scoring a physical game's window for the scoring page (docs/web-api.md): ``POST
/api/score`` scores the JSON that ``sagrada score`` reads, with each part's cells and each
broken placement rule; ``POST /api/score/read`` reads back the windows of such an input not
complete yet; ``GET /api/score/form`` tells what a game's scoring form offers. Each
game answers through its entry (:meth:`sagrada.entry.GameReference.score` and
:meth:`~sagrada.entry.GameReference.score_form`); a game whose page has no scoring form
(:attr:`sagrada.entry.GamePage.scoring`) is not scored here."""

from __future__ import annotations

from typing import Any, Final

from fastapi import APIRouter, Request

from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.entry import GameEntry, ScoreInputError
from sagrada.i18n import languages
from sagrada.registry import default_game, entry
from sagrada.textui import CliError, load_json
from sagrada.web.openapi import errors
from sagrada.web.session import GameError

router = APIRouter()

#: The request body as the OpenAPI document describes it: the game's scoring input.
SCORE_BODY: Final = {
    "requestBody": {
        "required": True,
        "description": "The JSON that `sagrada score --game NAME` reads (docs/web-api.md)",
        "content": {"application/json": {"schema": {"type": "object"}}},
    }
}


def _scored_game(game: str | None) -> GameEntry[Any, Any, Any]:
    """The registry's entry of ``game`` (the default game's for None), if it can be scored.

    Raises:
        GameError: 404 for a game there is not, or one without a scoring form.
    """
    try:
        found = entry(game or default_game())
    except KeyError as exc:
        raise GameError(404, str(exc.args[0])) from None
    if not found.page.scoring:
        raise GameError(404, f"the game {found.name!r} has no scoring form")
    return found


async def _body(request: Request) -> Any:
    """The request's body, parsed.

    Raises:
        GameError: 400 for a body that is not UTF-8 JSON.
    """
    body = await request.body()
    try:
        return load_json(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise GameError(400, "not valid JSON: the body is not UTF-8") from None
    except CliError as exc:
        raise GameError(400, str(exc)) from None


@router.post("/api/score", responses=errors(400, 404, 413), openapi_extra=SCORE_BODY)
async def score(request: Request, game: str | None = None) -> dict[str, Any]:
    """Score a finished window of a physical game (the default game's without ``?game=``):
    the body is the JSON ``sagrada score --game NAME`` reads (the dice game's also a table of
    players). The answer has the total, the tie-break figures, every part with its formula
    and cells, the warnings (each broken placement rule, with its cells) and the window read
    back; a table's has each player's answer with their place, and the ranking. Bad input is
    refused with the command's one-line reason (400)."""
    found = _scored_game(game)
    data = await _body(request)
    try:
        return found.answers().score(data)
    except ScoreInputError as exc:
        raise GameError(400, str(exc)) from None


@router.post("/api/score/read", responses=errors(400, 404, 413), openapi_extra=SCORE_BODY)
async def read_score_input(request: Request, game: str | None = None) -> dict[str, Any]:
    """Read back the windows of a scoring input that may not be complete yet (the default
    game's without ``?game=``): one window's ``window`` (its pattern's name and grid, each
    cell's die), or a table's ``players`` (each one's ``name`` and ``window``); a window
    whose dice cannot be read is null. Only a body that is not a JSON object is refused
    (400). A page restores a shared link from it when the input cannot be scored yet."""
    found = _scored_game(game)
    data = await _body(request)
    try:
        return found.answers().read_score_input(data)
    except ScoreInputError as exc:
        raise GameError(400, str(exc)) from None


@router.get("/api/score/form", responses=errors(404))
async def score_form(game: str | None = None, language: str | None = None) -> dict[str, Any]:
    """What a game's scoring form offers (the default game's without ``?game=``), its words
    in ``language`` (English without it) or as message ids: the colours and values, the window
    patterns, the cards, the limits (docs/web-api.md)."""
    found = _scored_game(game)
    if language is None:
        language = DEFAULT_LANGUAGE
    elif language not in languages():
        raise GameError(404, f"no messages in {language!r}: try one of {languages()}")
    return found.answers().score_form(language)
