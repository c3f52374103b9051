"""The FastAPI application: REST and WebSocket endpoints, and the pages.

See ``docs/web-api.md`` for the contract. Every request is validated (4xx with a reason, never
a 500 on bad input); a seat acts only with its token; every answer about a game is a view that
holds only what the asking seat may know.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from fastapi import Body, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from sagrada.core.errors import SagradaError
from sagrada.core.messages import Message, msg
from sagrada.entry import GameEntry
from sagrada.registry import default_game, entries, game_bots
from sagrada.registry import entry as game_entry
from sagrada.web.expiry import SWEEP_EVERY
from sagrada.web.help import router as help_router
from sagrada.web.limits import BodyLimit, RateLimiter
from sagrada.web.models import (
    MAX_ACTIONS_PER_REQUEST,
    NOT_AN_OBJECT,
    ActionRequest,
    ChatLine,
    ChatLog,
    ChatRequest,
    Created,
    Hint,
    Joined,
    JoinRequest,
    Lobby,
    PreviewRequest,
    Rematch,
    SeatRequest,
    create_models,
)
from sagrada.web.openapi import document_openapi, errors, method_not_allowed
from sagrada.web.reference import router
from sagrada.web.rooms import GameError, GameManager, Room, database_down
from sagrada.web.shared import listen
from sagrada.web.store import DATABASE_DOWN, Store

MAX_BODY = 8 * 1024
MAX_WS_MESSAGE = 4 * 1024
#: Unfinished games with no person in them (bots playing bots) that may run at once.
MAX_BOT_ONLY_GAMES = 8

log = logging.getLogger("sagrada.web")

#: Games per page of the lobby's lists, and the statuses each list shows.
LOBBY_PAGE: Final = 20
LOBBY_LISTS: Final = {"live": ("open", "running"), "finished": ("over",)}


def _static_dir() -> Path:
    return Path(str(resources.files("sagrada.web").joinpath("static")))


def create_app(
    database_url: str,
    bot_delay: float = 0.8,
    *,
    resume: bool = True,
    games_per_minute: float = 30,
) -> FastAPI:
    """Return the server application on the database at ``database_url``.

    Args:
        database_url: any SQLAlchemy URL (``sqlite:///data/sagrada.db``, ``postgresql+psycopg://…``).
        bot_delay: seconds a bot waits before each of its moves, so people can follow.
        resume: load unfinished games at start-up and set their bots moving.
        games_per_minute: how many games (and seat claims) one client address may create.
    """
    store = Store(database_url)
    manager = GameManager(store, bot_delay=bot_delay)
    action_limit = RateLimiter(rate=20, burst=40)
    create_limit = RateLimiter(rate=games_per_minute / 60, burst=games_per_minute)

    async def sweep() -> None:
        while True:
            try:
                await manager.expire()
            except Exception:  # pragma: no cover - logged, and tried again at the next sweep
                log.exception("cannot expire idle games")
            await asyncio.sleep(SWEEP_EVERY)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        tasks = []
        if store.shared:
            # Other server processes may share the database: hear their changes first.
            heard = listen(database_url, store.origin, manager.changed_elsewhere)
            tasks.append(asyncio.create_task(heard))
        if resume:
            await manager.resume()
        tasks.append(asyncio.create_task(sweep()))
        yield
        for task in tasks:
            task.cancel()
        await manager.close()
        store.close()

    app = FastAPI(
        title="Sagrada",
        summary="Play Sagrada: games, seats, views and actions.",
        version="1",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.store = store
    # Each game's create request, from the registry as it is now (a game registered since the
    # server's modules were imported included).
    models = create_models()
    document_openapi(app, models)
    app.include_router(router)
    app.include_router(help_router)
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(GameError)
    async def game_error(_request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    async def database_unavailable(_request: Request, exc: Exception) -> JSONResponse:
        error = database_down(exc)
        return JSONResponse(error.body(), status_code=error.status)

    # A database that cannot be reached, met outside the game manager (the lobby's lists).
    for down in DATABASE_DOWN:
        app.add_exception_handler(down, database_unavailable)

    @app.exception_handler(SagradaError)
    async def rules_error(_request: Request, exc: SagradaError) -> JSONResponse:
        body: dict[str, Any] = {"detail": str(exc)}
        if exc.message is not None:
            body["message"] = exc.message.to_json()
        return JSONResponse(body, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        if any(error.get("type") == "json_invalid" for error in exc.errors()):
            return JSONResponse({"detail": "the request body is not valid JSON"}, status_code=400)
        if any(tuple(error.get("loc", ())) == ("body",) for error in exc.errors()):
            return JSONResponse({"detail": NOT_AN_OBJECT}, status_code=400)
        problems = []
        for error in exc.errors()[:5]:
            where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
            problems.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
        return JSONResponse({"detail": "; ".join(problems) or "invalid request"}, status_code=422)

    app.add_exception_handler(405, method_not_allowed)

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    async def room_and_seat(
        game_id: str, token: str | None, *, fresh: bool = True
    ) -> tuple[Room, int]:
        """The game and the token's seat; ``fresh=False``: the process's copy of the game may
        lag behind another process's change (the action it takes to checks that itself)."""
        room = await manager.get(game_id, fresh=fresh)
        try:
            return room, room.seat_of(token)
        except GameError:
            if fresh:
                raise
            await manager.refresh(room)  # a seat taken through another process
            return room, room.seat_of(token)

    # -- REST -------------------------------------------------------------------------------

    @app.post(
        "/api/games",
        status_code=201,
        response_model=Created,
        responses=errors(400, 413, 422, 429, 503),
    )
    async def create_game(request: Request, body: Annotated[Any, Body()]) -> dict[str, Any]:
        """Create a game (``"game"``: a registered game's name; the default game's when left
        out); answer its id and a secret token for each human seat."""
        if not create_limit.allow(client_key(request)):
            raise GameError(429, msg("web.too_many_games"))
        if not isinstance(body, dict):
            raise GameError(400, NOT_AN_OBJECT)
        name = body.get("game", default_game())
        if not isinstance(name, str) or name not in models:
            raise GameError(422, f"game: {name!r} is not a game ({' or '.join(models)})")
        try:
            data: dict[str, Any] = models[name].model_validate(body).model_dump()
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "body"
            raise GameError(422, f"{where}: {first['msg']}") from None
        chosen = game_entry(name).game
        options = {spec.name: data[spec.name] for spec in chosen.options()}
        config = chosen.config_from_json(options)
        players = chosen.num_players(config)
        bots: list[str | None] = (
            list(data["bots"]) if data["bots"] is not None else [None] * players
        )
        if len(bots) != players:
            raise GameError(422, f"bots: give one entry per seat ({players}), null for a person")
        known = game_bots(name).names
        for bot in bots:
            if bot is not None and bot not in known:
                raise GameError(422, f"bots: {bot!r} is not a bot (use {', '.join(known)})")
        named = data["names"] is not None
        names = data["names"] if named else [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise GameError(422, f"names: give one name per seat ({players})")
        names = [
            n if b is None else f"{n} ({b} bot)" if not named else n
            for n, b in zip(names, bots, strict=True)
        ]
        chosen.new_state(config, 0)  # refuses impossible card deals before anything is stored
        if all(b is not None for b in bots):
            watched = sum(
                1
                for r in manager.rooms.values()
                if not r.state.is_over and all(seat.kind == "bot" for seat in r.seats)
            )
            if watched >= MAX_BOT_ONLY_GAMES:
                raise GameError(
                    429, f"at most {MAX_BOT_ONLY_GAMES} games of bots only run at once: try later"
                )
        room, tokens, invites = await manager.create(
            config,
            bots,
            names,
            data["open_seats"],
            name,
            data.get("turn_seconds"),
            data.get("hints", False),
        )
        return {
            "id": room.id,
            "seats": [
                {"seat": s.seat, "kind": s.kind, "bot": s.bot, "token": t, "invite": i}
                for s, t, i in zip(room.seats, tokens, invites, strict=True)
            ],
        }

    @app.get("/api/games", response_model=Lobby, responses=errors(422, 503))
    async def list_games(
        shown: Annotated[Literal["live", "finished"], Query(alias="list")] = "live",
        page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    ) -> dict[str, Any]:
        """The lobby, a page at a time, newest first: the open and running games (``live``)
        or the finished ones (``finished``, to replay)."""
        statuses = LOBBY_LISTS[shown]
        total = await asyncio.to_thread(store.count_games, statuses)
        offset = (page - 1) * LOBBY_PAGE
        ids = await asyncio.to_thread(store.game_ids, statuses, LOBBY_PAGE, offset)
        games = []
        for game_id in ids:
            with contextlib.suppress(GameError):
                games.append((await manager.get(game_id)).summary())
        pages = max(1, -(-total // LOBBY_PAGE))
        return {"list": shown, "games": games, "page": page, "pages": pages, "total": total}

    @app.get("/api/games/{game_id}", responses=errors(404, 410, 503))
    async def game_summary(game_id: str) -> dict[str, Any]:
        """One game's summary."""
        return (await manager.get(game_id)).summary()

    @app.post(
        "/api/games/{game_id}/join",
        response_model=Joined,
        responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
    )
    async def join(
        game_id: str, request: Request, body: JoinRequest | None = None
    ) -> dict[str, Any]:
        """Claim the first free human seat."""
        if not create_limit.allow("join:" + client_key(request)):
            raise GameError(429, msg("web.too_many_requests"))
        room = await manager.get(game_id)
        name = body.name if body else None
        seat, token = await manager.join(room, name, body.invite if body else None)
        return {"seat": seat, "token": token}

    @app.post(
        "/api/games/{game_id}/hint",
        response_model=Hint,
        responses=errors(400, 403, 404, 409, 410, 413, 422, 503),
    )
    async def hint(game_id: str, body: SeatRequest) -> dict[str, Any]:
        """What the strong bot would do in your place now (if the game allows hints); the
        log marks the action as hinted."""
        room, seat = await room_and_seat(game_id, body.token)
        return await manager.hint(room, seat)

    @app.get("/api/games/{game_id}/chat", response_model=ChatLog, responses=errors(404, 410, 503))
    async def chat(game_id: str) -> dict[str, Any]:
        """The newest messages of the game's chat (anyone may read them), oldest first."""
        return {"messages": await manager.chat(await manager.get(game_id))}

    @app.post(
        "/api/games/{game_id}/chat",
        status_code=201,
        response_model=ChatLine,
        responses=errors(400, 403, 404, 410, 413, 422, 429, 503),
    )
    async def say(game_id: str, body: ChatRequest) -> dict[str, Any]:
        """Write in the game's chat (players only); every listener gets the message."""
        room, seat = await room_and_seat(game_id, body.token)
        return await manager.say(room, seat, body.text)

    @app.post(
        "/api/games/{game_id}/rematch",
        response_model=Rematch,
        responses=errors(400, 403, 404, 409, 410, 413, 422, 503),
    )
    async def rematch(game_id: str, body: SeatRequest) -> dict[str, Any]:
        """Play a finished game again: the same options and seats, a new seed. The first
        player to ask makes it; each player gets their own seat in it with their token."""
        room, seat = await room_and_seat(game_id, body.token)
        again = await manager.rematch(room, seat)
        taken, token = await manager.join(again, None, body.token)
        return {"id": again.id, "game": again.game.name, "seat": taken, "token": token}

    @app.get("/api/games/{game_id}/view", responses=errors(403, 404, 410, 422, 503))
    async def view(
        game_id: str, token: Annotated[str | None, Query(max_length=64)] = None
    ) -> JSONResponse:
        """A seat's view (with legal actions on its turn); without a token, the spectator's."""
        room, seat = await room_and_seat(game_id, token)
        return JSONResponse(room.view(seat))

    @app.post(
        "/api/games/{game_id}/actions",
        responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
    )
    async def act(game_id: str, body: ActionRequest) -> JSONResponse:
        """Apply one action, or several together; answer the seat's new view."""
        room, seat = await room_and_seat(game_id, body.token, fresh=False)
        if seat < 0:
            raise GameError(403, msg("web.needs_token"))
        if not action_limit.allow(body.token):
            raise GameError(429, msg("web.too_fast"))
        await manager.act(room, seat, body.texts(), body.seq)
        return JSONResponse(room.view(seat))

    @app.post(
        "/api/games/{game_id}/preview",
        responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
    )
    async def preview(game_id: str, body: PreviewRequest) -> dict[str, Any]:
        """The legal actions after some actions, without committing them."""
        room, seat = await room_and_seat(game_id, body.token)
        if seat < 0:
            raise GameError(403, msg("web.needs_token"))
        if not action_limit.allow(body.token):
            raise GameError(429, msg("web.too_fast"))
        return manager.preview(room, seat, body.actions)

    @app.get("/api/games/{game_id}/record", responses=errors(404, 409, 410, 503))
    async def record(game_id: str) -> dict[str, Any]:
        """The record of a finished game."""
        room = await manager.get(game_id)
        if not room.state.is_over:
            raise GameError(409, msg("web.not_over"))
        return room.record().to_json()

    @app.get("/api/games/{game_id}/replay/{step}", responses=errors(404, 409, 410, 422, 503))
    async def replay(game_id: str, step: int) -> JSONResponse:
        """The spectator view after the first ``step`` actions of a finished game."""
        room = await manager.get(game_id)
        if not room.state.is_over:
            raise GameError(409, msg("web.not_over"))
        history = room.state.history
        if not 0 <= step <= len(history):
            raise GameError(404, f"step must be 0-{len(history)}")
        data = room.game.view(room.record().replay(upto=step), -1).to_json()
        data["game"] = room.summary()
        data["seat"] = -1
        data.update(room.table_fields(step))
        data["step"] = step
        data["steps"] = len(history)
        return JSONResponse(data)

    # -- WebSocket --------------------------------------------------------------------------

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            if token is not None and len(token) > 64:
                raise GameError(403, msg("web.not_a_seat"))
            room, seat = await room_and_seat(game_id, token)
        except GameError as exc:
            # Accept first: a browser only sees the close code of an accepted socket.
            await websocket.accept()
            await websocket.close(code=4000 + exc.status, reason=exc.detail)
            return
        await websocket.accept()
        listener = manager.subscribe(room, seat)

        async def pump() -> None:
            while True:
                await websocket.send_json(await listener.queue.get())

        sender = asyncio.create_task(pump())

        def reply(status: int, detail: str, message: Message | None = None) -> None:
            error = GameError(status, detail, message)
            with contextlib.suppress(asyncio.QueueFull):
                listener.queue.put_nowait({"type": "error", "status": status, **error.body()})

        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    reply(400, "send text frames of JSON")
                    continue
                if len(text) > MAX_WS_MESSAGE:
                    reply(413, f"messages are at most {MAX_WS_MESSAGE} bytes")
                    continue
                try:
                    message = json.loads(text)
                    if not isinstance(message, dict) or message.get("type") != "action":
                        raise GameError(400, 'send {"type": "action", "action": "R3@B4"}')
                    if seat < 0:
                        raise GameError(403, msg("web.spectator_cannot_act"))
                    if token is None or not action_limit.allow(token):
                        raise GameError(429, msg("web.too_fast"))
                    texts = message.get("actions", [message.get("action")])
                    if (
                        not isinstance(texts, list)
                        or not 0 < len(texts) <= MAX_ACTIONS_PER_REQUEST
                        or not all(isinstance(t, str) and 0 < len(t) <= 16 for t in texts)
                    ):
                        raise GameError(400, "action must be a short string in notation")
                    seq = message.get("seq")
                    if seq is not None and (type(seq) is not int or seq < 0):
                        raise GameError(400, "seq must be the number of actions seen (0 or more)")
                    await manager.act(room, seat, texts, seq)
                except (json.JSONDecodeError, RecursionError):
                    reply(400, "messages must be JSON")
                except GameError as exc:
                    reply(exc.status, exc.detail, exc.message)
        except WebSocketDisconnect:
            pass
        finally:
            manager.unsubscribe(room, listener)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    # -- pages ------------------------------------------------------------------------------

    static = _static_dir()

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return _page(static / "index.html")

    def page_route(entry: GameEntry[Any, Any, Any]) -> Any:
        page = entry.page

        async def game_page(game_id: str, request: Request) -> Response:
            # A link to another game's room by this game's address: the room's own page.
            with contextlib.suppress(GameError):
                own = game_entry((await manager.get(game_id)).game.name).page
                if own.path != page.path:
                    query = f"?{request.url.query}" if request.url.query else ""
                    return RedirectResponse(f"/{own.path}/{game_id}{query}")
            return _page(page.folder / "index.html")

        return game_page

    # A seat's page, at each game's address (/game/ID, /cards/ID).
    for entry in entries():
        app.add_api_route(
            f"/{entry.page.path}/{{game_id}}", page_route(entry), include_in_schema=False
        )

    # Each game's page files, then the shell's (a game's folder first: /static/ holds it).
    for entry in entries():
        folder = Path(str(entry.page.folder))
        if folder.is_dir():
            app.mount(f"/static/games/{entry.name}", StaticFiles(directory=folder))
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    return app


def _page(path: Path | Traversable) -> Response:
    if not path.is_file():
        return JSONResponse({"detail": "the pages are not installed"}, status_code=404)
    return HTMLResponse(path.read_text(encoding="utf-8"), headers={"Cache-Control": "no-cache"})


#: The environment variables :func:`app_from_environment` reads (``sagrada serve --workers``
#: sets them for its worker processes).
ENVIRONMENT: Final = {
    "database_url": "SAGRADA_DB",
    "bot_delay": "SAGRADA_BOT_DELAY",
    "games_per_minute": "SAGRADA_GAMES_PER_MINUTE",
}


def app_from_environment() -> FastAPI:
    """The application of one worker process of ``sagrada serve --workers N``: its settings
    come from the environment (:data:`ENVIRONMENT`), as uvicorn's worker processes start
    afresh and take no arguments."""
    import os

    return create_app(
        os.environ[ENVIRONMENT["database_url"]],
        bot_delay=float(os.environ[ENVIRONMENT["bot_delay"]]),
        games_per_minute=float(os.environ[ENVIRONMENT["games_per_minute"]]),
    )
