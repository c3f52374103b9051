"""The server's reference answers, the same for every game and person: health, the option
schemas (a game's own and its table's) and what the engine makes of option values, the
message catalogues, the cards, and the solo card game's measured difficulty
(docs/web-api.md)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel

from sagrada.core.apprentice_cards import card_data
from sagrada.core.apprentice_cards import content as apprentice_content
from sagrada.core.cells import mask_names
from sagrada.core.config import GameConfig
from sagrada.core.content import catalog
from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.errors import SagradaError
from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.core.options import OPTIONS
from sagrada.i18n import catalogue_json, languages, negotiate
from sagrada.registry import game as game_entry
from sagrada.registry import game_bots
from sagrada.web.openapi import errors
from sagrada.web.session import GameError

#: The solo card game's measured difficulty curve, shown in the lobby.
DIFFICULTY_FILE: Final = "card_difficulty.json"

router = APIRouter()


class Health(BaseModel):
    """The server is up."""

    status: Literal["ok"]


@router.get("/api/health", response_model=Health)
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/api/options", responses=errors(404))
async def options_schema(game: str = "sagrada") -> list[dict[str, Any]]:
    """A game's options: name, type, default, allowed values, help (docs/options.md; the
    solo card game's, ``?game=cards``: docs/card-options.md)."""
    try:
        entry = game_entry(game)
    except KeyError:
        raise GameError(404, f"no game called {game!r} (sagrada or cards)") from None
    return [spec.to_json() for spec in entry.options()]


@router.get("/api/options/table", responses=errors(404))
async def table_options(game: str = "sagrada") -> list[dict[str, Any]]:
    """The options of a game's table on this server, besides the game's own options (the
    solo card game's, ``?game=cards``): name, type, default, allowed values, the values a
    form offers, label and help (docs/web-api.md)."""
    try:
        offered = game_bots(game).table
    except KeyError:
        raise GameError(404, f"no game called {game!r} (sagrada or cards)") from None
    return [option.to_json() for option in offered]


@router.get("/api/messages", responses=errors(404))
async def messages(request: Request, language: str | None = None) -> dict[str, Any]:
    """The message catalogue of a language: the engine's messages (``{"id", "params"}``
    objects) and the pages' own words. Without ``language``, the one of the browser's
    languages (``Accept-Language``) that has a catalogue, else English."""
    if language is None:
        language = negotiate(request.headers.get("accept-language", ""), DEFAULT_LANGUAGE)
    elif language not in languages():
        raise GameError(404, f"no messages in {language!r}: try one of {languages()}")
    return catalogue_json(language)


@router.post("/api/options/check", responses=errors(400, 413, 422))
async def check_options(
    values: Annotated[dict[str, Any], Body(max_length=len(OPTIONS))],
) -> dict[str, Any]:
    """What the engine makes of some option values, for a form to follow as it is filled
    in: the tool deck and the number of cards dealt (from every value but the chosen
    cards), the active rule modules, and the error the whole set would give (or null)."""
    unchosen = {k: v for k, v in values.items() if k not in ("tools", "public_objectives")}
    try:
        rules = GameConfig.from_json(unchosen).rules
    except (SagradaError, TypeError) as exc:
        return {
            "error": str(exc),
            "error_message": _message_of(exc),
            "tool_deck": [],
            "public_deck": [],
            "num_tools": 0,
            "num_public_objectives": 0,
            "modules": [],
        }
    error = error_message = None
    try:
        GameConfig.from_json(values)
    except (SagradaError, TypeError) as exc:
        error, error_message = str(exc), _message_of(exc)
    return {
        "error": error,
        "error_message": error_message,
        "tool_deck": list(rules.tool_deck),
        "public_deck": list(rules.public_deck),
        "num_tools": rules.num_tools,
        "num_public_objectives": rules.num_publics,
        "modules": list(rules.modules),
    }


def _message_of(exc: Exception) -> dict[str, Any] | None:
    """The engine's message for a refusal, for a page to show in its language (or null)."""
    message = getattr(exc, "message", None)
    return message.to_json() if message is not None else None


@router.get("/api/cards/difficulty", responses=errors(404))
async def card_difficulty() -> Any:
    """The solo card game's difficulty curve: the strongest bot's win rate and mean margin
    for each number of tool cards (docs/card-game.md; made by scripts/card_difficulty.py)."""
    path = resources.files("sagrada.content").joinpath(DIFFICULTY_FILE)
    if not path.is_file():
        raise GameError(404, "the difficulty curve has not been measured")
    return json.loads(path.read_text("utf-8"))


@router.get("/api/cards")
async def cards() -> dict[str, Any]:
    """Every tool card and objective the server knows, for choosing them in the lobby,
    and Life's apprentice cards."""
    content = catalog()
    return {
        "tools": [
            {
                "number": t.id,
                "name": t.name,
                "colour": COLOUR_LETTERS[t.colour],
                "pack": t.pack,
                "house": t.house,
            }
            for t in content.tools
        ],
        "public_objectives": [
            {"id": o.id, "name": o.name, "vp": o.vp, "pack": o.pack, "house": o.house}
            for o in content.publics
        ],
        "private_objectives": [
            {
                "id": o.id,
                "name": o.name,
                "pack": o.pack,
                "colour": None if o.colour is None else COLOUR_LETTERS[o.colour],
                "spaces": list(mask_names(o.spaces)),
            }
            for o in content.privates
        ],
        "apprentice_cards": [card_data(card) for card in apprentice_content().cards],
    }
