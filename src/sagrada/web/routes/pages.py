"""The pages: the lobby, "My games" (``/me``), the daily challenge (``/daily``), a profile
(``/players/NAME``), the leaderboards (``/leaderboard``), the scoring page (``/score``), a
seat's page of each game (at its entry's address: ``/game/ID``, ``/cards/ID``), each game's
page files (``/static/games/NAME/``) and the shell's (``/static/``). The pages hold no rules:
they render what the server sends. A redirect never carries an old link's token (its address's
``?token=``): the pages keep it out of addresses (docs/web-api.md, "Tokens").

Fast to load (docs/measuring.md): a page names every module it will import
(:mod:`sagrada.web.preload`); its files are revalidated at each use (``no-cache`` and an
``ETag``: a file not changed since costs a 304) and compressed when the browser takes it (the
application's GZip)."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.staticfiles import PathLike
from starlette.types import Scope

from sagrada.entry import GameEntry
from sagrada.registry import entries
from sagrada.registry import entry as game_entry
from sagrada.web.preload import Preloads
from sagrada.web.rooms import GameError
from sagrada.web.server import server_of

#: What an old link to a seat's page may carry in its query, never to be echoed: the seat's
#: token, an invite code (a page keeps them in the address's fragment or the tab's storage).
SECRETS: Final = frozenset({"token", "invite"})

#: How the pages' files may be cached: kept, but asked about at each use (a 304 for a file
#: not changed since its ``ETag``), so a new version of the server is seen at once.
CACHE_CONTROL: Final = "no-cache"

#: A game's form in the lobby, in its page's folder (:class:`~sagrada.entry.GamePage`).
LOBBY_FORM: Final = "lobby.js"


def static_dir() -> Path:
    """The shell's files: the lobby, the help, what every game's page shares."""
    return Path(str(resources.files("sagrada.web").joinpath("static")))


def static_folders() -> list[tuple[str, Path]]:
    """Each address under which page files are served, with their folder: each game's page
    (``/static/games/NAME/``) first, then the shell's (``/static/``)."""
    folders = [(game_static(entry), Path(str(entry.page.folder))) for entry in entries()]
    folders.append(("/static/", static_dir()))
    return [(prefix, folder) for prefix, folder in folders if folder.is_dir()]


def game_static(entry: GameEntry[Any, Any, Any]) -> str:
    """Where a game's page files are served."""
    return f"/static/games/{entry.name}/"


def static_files() -> Callable[[str], Path | None]:
    """Where an address leads among the page files: ``/static/common.js`` to its file, or None
    (no such file, or an address that leaves its folder)."""
    folders = static_folders()

    def locate(address: str) -> Path | None:
        for prefix, folder in folders:
            if address.startswith(prefix):
                rest = address.removeprefix(prefix)
                file = folder / rest
                return file if ".." not in rest.split("/") and file.is_file() else None
        return None

    return locate


#: Where a page names a part the pages share (``<!-- include topbar.html -->``): the part's
#: file in the shell's folder ``parts/`` takes its place when the page is served.
INCLUDE: Final = re.compile(r"<!-- include ([a-z0-9_-]+\.html) -->")


def with_parts(html: str) -> str:
    """``html`` with each part it names (:data:`INCLUDE`) in place.

    Raises:
        FileNotFoundError: for a part that is not there (a page's mistake: its test fails).
    """
    parts = static_dir() / "parts"
    return INCLUDE.sub(lambda found: (parts / found[1]).read_text(encoding="utf-8"), html)


def page(path: Path | Traversable, preloads: Preloads, more: list[str] | None = None) -> Response:
    """A page's HTML, with the shared parts it names in place (:func:`with_parts`), never
    cached (a new version of the server serves its new pages), with ``preloads``' preload of
    every module it imports and of the ``more`` it will import itself."""
    if not path.is_file():
        return JSONResponse({"detail": "the pages are not installed"}, status_code=404)
    html = preloads.add_to(with_parts(path.read_text(encoding="utf-8")), more or [])
    return HTMLResponse(html, headers={"Cache-Control": CACHE_CONTROL})


class PageFiles(StaticFiles):
    """A folder of page files, each answer with :data:`CACHE_CONTROL` (Starlette's own
    ``ETag`` and ``Last-Modified`` answer a revisit with a 304)."""

    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.setdefault("cache-control", CACHE_CONTROL)
        return response


def game_page(entry: GameEntry[Any, Any, Any], preloads: Preloads) -> Any:
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
                    return page(found.folder / "index.html", preloads)
                query = f"?{request.url.query}" if request.url.query else ""
                return RedirectResponse(f"/{found.path}/{game_id}{query}")
        return page(own.folder / "index.html", preloads)

    return seat_page


def pages_router() -> APIRouter:
    """The lobby, "My games", the daily challenge, the profiles, the leaderboards and each
    registered game's seat page (the registry as it is now)."""
    router = APIRouter(include_in_schema=False)
    static = static_dir()
    preloads = Preloads(static_files())

    @router.get("/")
    async def lobby_page() -> Response:
        # Each game's form, which the lobby imports when "More options" first opens: loaded
        # ahead, it opens at once.
        forms = [game_static(entry) + LOBBY_FORM for entry in entries()]
        return page(static / "index.html", preloads, forms)

    @router.get("/me")
    async def my_games_page() -> Response:
        # "My games" and the account's settings; a guest's log-in forms (docs/web-api.md,
        # "Accounts in the pages").
        return page(static / "me.html", preloads)

    @router.get("/daily")
    async def daily_page() -> Response:
        # The daily challenge: the day's games, my attempts, the streak and the day's boards
        # (docs/players.md, "The daily challenge"); a guest's log-in forms.
        return page(static / "daily.html", preloads)

    @router.get("/players/{name}")
    async def profile_page(name: str) -> Response:
        # An account's profile; the page asks the API for it, and says so when there is no
        # such account (docs/players.md, "Profiles and leaderboards in the pages").
        return page(static / "profile.html", preloads)

    @router.get("/leaderboard")
    async def leaderboard_page() -> Response:
        # The boards (?mode=, and a daily board's &game=); the page asks the API for them.
        return page(static / "leaderboard.html", preloads)

    @router.get("/score")
    async def score_page() -> Response:
        # A physical game's window scored (?game=NAME: another game's form); the page asks
        # the API for the form and the score, and keeps what is entered in its fragment. Each
        # game's form, which the page imports once it knows the game, is loaded ahead.
        forms = [
            game_static(entry) + entry.page.scoring for entry in entries() if entry.page.scoring
        ]
        return page(static / "score.html", preloads, forms)

    for entry in entries():
        router.add_api_route(f"/{entry.page.path}/{{game_id}}", game_page(entry, preloads))
    return router


def mount_static(app: FastAPI) -> None:
    """Serve each game's page files, then the shell's (a game's folder first: /static/ holds
    it)."""
    for prefix, folder in static_folders():
        name = "static" if prefix == "/static/" else None
        app.mount(prefix.removesuffix("/"), PageFiles(directory=folder), name=name)
