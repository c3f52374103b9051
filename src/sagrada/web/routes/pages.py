"""The pages: the lobby, a seat's page of each game (at its entry's address: ``/game/ID``,
``/cards/ID``), each game's page files (``/static/games/NAME/``) and the shell's
(``/static/``). The pages hold no rules: they render what the server sends. A redirect
never carries an old link's token (its address's ``?token=``): the pages keep it out of
addresses (docs/web-api.md, "Tokens")."""

from __future__ import annotations

import contextlib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from sagrada.entry import GameEntry
from sagrada.registry import entries
from sagrada.registry import entry as game_entry
from sagrada.web.rooms import GameError
from sagrada.web.server import server_of

#: What an old link to a seat's page may carry in its query, never to be echoed: the seat's
#: token, an invite code (a page keeps them in the address's fragment or the tab's storage).
SECRETS: Final = frozenset({"token", "invite"})


def static_dir() -> Path:
    """The shell's files: the lobby, the help, what every game's page shares."""
    return Path(str(resources.files("sagrada.web").joinpath("static")))


def page(path: Path | Traversable) -> Response:
    """A page's HTML, never cached (a new version of the server serves its new pages)."""
    if not path.is_file():
        return JSONResponse({"detail": "the pages are not installed"}, status_code=404)
    return HTMLResponse(path.read_text(encoding="utf-8"), headers={"Cache-Control": "no-cache"})


def game_page(entry: GameEntry[Any, Any, Any]) -> Any:
    """The route of a seat's page of ``entry``'s game."""
    own = entry.page

    async def seat_page(game_id: str, request: Request) -> Response:
        # A link to another game's room by this game's address: the room's own page.
        with contextlib.suppress(GameError):
            room = await server_of(request).manager.get(game_id)
            found = game_entry(room.game.name).page
            if found.path != own.path:
                if SECRETS & request.query_params.keys():
                    # An old link's token or invite code is not echoed in a redirect: the
                    # room's page is served here, and moves the secret out of the address.
                    return page(found.folder / "index.html")
                query = f"?{request.url.query}" if request.url.query else ""
                return RedirectResponse(f"/{found.path}/{game_id}{query}")
        return page(own.folder / "index.html")

    return seat_page


def pages_router() -> APIRouter:
    """The lobby and each registered game's seat page (the registry as it is now)."""
    router = APIRouter(include_in_schema=False)
    static = static_dir()

    @router.get("/")
    async def lobby_page() -> Response:
        return page(static / "index.html")

    for entry in entries():
        router.add_api_route(f"/{entry.page.path}/{{game_id}}", game_page(entry))
    return router


def mount_static(app: FastAPI) -> None:
    """Serve each game's page files, then the shell's (a game's folder first: /static/ holds
    it)."""
    for entry in entries():
        folder = Path(str(entry.page.folder))
        if folder.is_dir():
            app.mount(f"/static/games/{entry.name}", StaticFiles(directory=folder))
    static = static_dir()
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
