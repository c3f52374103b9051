"""The server's reference answers, the same for every person: health, the games it plays, the
option schemas (a game's own and its table's) and what the rules make of option values, the
message catalogues, a game's cards and measured data (docs/web-api.md). Each game's own
answers come from its entry (:class:`sagrada.entry.GameReference`)."""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel

from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.entry import GameEntry
from sagrada.i18n import catalogue_json, languages, negotiate
from sagrada.registry import default_game, entries, entry
from sagrada.web.openapi import errors
from sagrada.web.server import ServerDep
from sagrada.web.session import GameError

router = APIRouter()


class Health(BaseModel):
    """The server is up and its database answers."""

    status: Literal["ok"]


@router.get("/api/health", response_model=Health, responses=errors(503))
async def health(server: ServerDep) -> dict[str, str]:
    """Whether the server is ready: 200 once its database has answered a trivial query, 503
    (``web.database_down``) when it fails or does not answer in time."""
    await server.readiness.check()
    return {"status": "ok"}


def _entry(game: str | None) -> GameEntry[Any, Any, Any]:
    """The registry's entry of ``game`` (the default game's for None).

    Raises:
        GameError: 404 naming the games there are.
    """
    try:
        return entry(game or default_game())
    except KeyError as exc:
        raise GameError(404, str(exc.args[0])) from None


@router.get("/api/registry")
async def registry() -> list[dict[str, Any]]:
    """The games this server plays, the default game first: each one's name, title, the
    address of a seat's page (``page``: ``/game`` means ``/game/ID``), where its page's files
    are (``static``), the message id of a game of its kind in the lobby's list, its bots and
    the bot that gives hints, the lobby's one-click starts of it (``starts``: each one's
    ``name``, ``label`` and ``about`` message ids, the create ``request`` it sends and whether
    it ``invite``s others), the presets of its form (``presets``: ``name``, ``label_id``,
    ``values``) and the address of its form on the scoring page (``scoring``: an ES module,
    or null where it has none)."""
    return [
        {
            "name": e.name,
            "title": e.game.title,
            "page": f"/{e.page.path}",
            "static": f"/static/games/{e.name}/",
            "list_label": e.page.list_label,
            "rounds": e.rounds,
            "bots": list(e.bots.names),
            "hint_bot": e.bots.hint,
            "starts": [start.to_json() for start in e.page.starts],
            "presets": [preset.to_json() for preset in e.page.presets],
            "scoring": f"/static/games/{e.name}/{e.page.scoring}" if e.page.scoring else None,
        }
        for e in entries()
    ]


@router.get("/api/options", responses=errors(404))
async def options_schema(game: str | None = None) -> list[dict[str, Any]]:
    """A game's options (the default game's without ``?game=``): name, type, default,
    allowed values, help (docs/options.md; the solo card game's: docs/card-options.md)."""
    return [spec.to_json() for spec in _entry(game).game.options()]


@router.get("/api/options/table", responses=errors(404))
async def table_options(game: str | None = None) -> list[dict[str, Any]]:
    """The options of a game's table on this server, besides the game's own options:
    name, type, default, allowed values, the values a form offers, label and help
    (docs/web-api.md)."""
    return [option.to_json() for option in _entry(game).bots.table]


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


#: The most option values a check may carry: the most options a game has.
MAX_OPTIONS: Final = max(len(e.game.options()) for e in entries())


@router.post("/api/options/check", responses=errors(400, 404, 413, 422))
async def check_options(
    values: Annotated[dict[str, Any], Body(max_length=MAX_OPTIONS)],
    game: str | None = None,
) -> dict[str, Any]:
    """What the rules make of some option values, for a form to follow as it is filled in:
    the dice game's answer has the tool deck and the number of cards dealt (from every value
    but the chosen cards), the active rule modules, and the error the whole set would give
    (or null); every game's has the error (docs/web-api.md)."""
    return _entry(game).answers().check_options(values)


@router.get("/api/data/{name}", responses=errors(404))
async def measured_data(name: str, game: str | None = None) -> Any:
    """A measured data set a game publishes: the solo card game's ``difficulty`` curve, the
    strongest bot's win rate and mean margin for each number of tool cards
    (docs/card-game.md; made by scripts/card_difficulty.py)."""
    data = _entry(game).answers().data(name)
    if data is None:
        raise GameError(404, f"no data called {name!r} has been measured for this game")
    return data


@router.get("/api/cards", responses=errors(404))
async def cards(game: str | None = None, language: str | None = None) -> dict[str, Any]:
    """A game's cards (the default game's without ``?game=``): the dice game's every tool
    card and objective the server knows, for choosing them in the lobby, and Life's
    apprentice cards; the solo card game's tools and orders. Their names and texts are in
    ``language`` (English without it: the content's own words), each with its message
    (``name_message``, ``text_message``...) where the catalogues translate it, for a page to
    show in its own language."""
    if language is None:
        language = DEFAULT_LANGUAGE
    elif language not in languages():
        raise GameError(404, f"no messages in {language!r}: try one of {languages()}")
    return _entry(game).answers().cards(language)
