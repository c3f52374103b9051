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
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from fastapi import Body, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from sagrada.cardgame.options import CARD_OPTIONS
from sagrada.core.apprentice_cards import card_data
from sagrada.core.apprentice_cards import content as apprentice_content
from sagrada.core.cells import mask_names
from sagrada.core.config import GameConfig
from sagrada.core.content import catalog
from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.errors import SagradaError
from sagrada.core.messages import DEFAULT_LANGUAGE, Message
from sagrada.core.options import OPTIONS, OptionSpec
from sagrada.games import bot_names
from sagrada.games import game as game_entry
from sagrada.i18n import catalogue_json, languages
from sagrada.web.expiry import SWEEP_EVERY
from sagrada.web.limits import BodyLimit, RateLimiter
from sagrada.web.rooms import GameError, GameManager, Room
from sagrada.web.store import Store

MAX_BODY = 8 * 1024
#: The solo card game's measured difficulty curve, shown in the lobby.
DIFFICULTY_FILE: Final = "card_difficulty.json"
MAX_WS_MESSAGE = 4 * 1024
MAX_ACTIONS_PER_REQUEST = 12
#: Unfinished games with no person in them (bots playing bots) that may run at once.
MAX_BOT_ONLY_GAMES = 8

Token = Annotated[str, Field(min_length=8, max_length=64)]
ActionText = Annotated[str, Field(min_length=1, max_length=16)]
Name = Annotated[str, Field(min_length=1, max_length=40)]


log = logging.getLogger("sagrada.web")

#: Games per page of the lobby's lists, and the statuses each list shows.
LOBBY_PAGE: Final = 20
LOBBY_LISTS: Final = {"live": ("open", "running"), "finished": ("over",)}
#: The answer (400) to a JSON body that is not an object.
NOT_AN_OBJECT: Final = "the request body must be a JSON object"


def _option_field(spec: OptionSpec, required: bool) -> tuple[Any, Any]:
    """The request field of a game option, from the option schema."""
    default: Any = ... if required else spec.default
    if spec.type == "bool":
        return bool, Field(default, description=spec.help)
    if spec.type == "list":
        kind: Any = list[int | str] | None
        return kind, Field(default, max_length=spec.max_items, description=spec.help)
    if spec.choices is not None:
        return Literal[spec.choices], Field(default, description=spec.help)
    if spec.type == "int":
        return int, Field(default, ge=spec.minimum, le=spec.maximum, description=spec.help)
    text: Any = str | None if spec.nullable else str
    return text, Field(default, max_length=40, description=spec.help)


#: Options a request must give (the others have the schema's defaults).
REQUIRED_OPTIONS: Final = ("players",)

_CREATE_FIELDS: dict[str, Any] = {
    "game": (Literal["sagrada"], Field("sagrada", description="the dice game")),
    **{spec.name: _option_field(spec, spec.name in REQUIRED_OPTIONS) for spec in OPTIONS},
}
_CREATE_FIELDS.update(
    bots=(
        list[str | None] | None,
        Field(None, max_length=6, description="a bot per seat (null: a person)"),
    ),
    names=(list[Name] | None, Field(None, max_length=6, description="a name per seat")),
    open_seats=(
        bool,
        Field(False, description="may strangers take free seats from the lobby (else: invites)"),
    ),
)
#: The body of POST /api/games: every game option of the schema, and the seats.
CreateGame: type[BaseModel] = create_model(
    "CreateGame",
    __config__=ConfigDict(extra="forbid", strict=True),
    __doc__="A new game: its options (only players is required) and its seats.",
    **_CREATE_FIELDS,
)
_CARD_FIELDS: dict[str, Any] = {
    "game": (Literal["cards"], Field(description="the solo card game")),
    **{spec.name: _option_field(spec, False) for spec in CARD_OPTIONS},
    "bots": (list[str | None] | None, Field(None, max_length=1, description="null: a person")),
    "names": (list[Name] | None, Field(None, max_length=1, description="the player's name")),
    "open_seats": (bool, Field(False, description="may a stranger take the seat from the lobby")),
}
#: The body of POST /api/games for the solo card game (``"game": "cards"``): its options and
#: its one seat (a person, or a bot to watch).
CreateCardGame: type[BaseModel] = create_model(
    "CreateCardGame",
    __config__=ConfigDict(extra="forbid", strict=True),
    __doc__="A new solo card game: its options and its seat.",
    **_CARD_FIELDS,
)
#: Each game's request model, by name.
CREATE_MODELS: Final[dict[str, type[BaseModel]]] = {"sagrada": CreateGame, "cards": CreateCardGame}


class SeatToken(BaseModel):
    """A seat: the creator's has its secret token, every other person's an invite code."""

    seat: int
    kind: str
    bot: str | None
    token: str | None
    invite: str | None


class Created(BaseModel):
    """The answer to creating a game."""

    id: str
    seats: list[SeatToken]


class JoinRequest(BaseModel):
    """Take the seat of an invite code, or the first free seat; optionally with a name."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: Name | None = None
    invite: Annotated[str, Field(min_length=8, max_length=32)] | None = None


class Joined(BaseModel):
    """The seat given to a newcomer and its token."""

    seat: int
    token: str


class ActionRequest(BaseModel):
    """One action, or several applied together (a whole tool use)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Token
    action: ActionText | None = None
    actions: list[ActionText] | None = Field(default=None, max_length=MAX_ACTIONS_PER_REQUEST)
    seq: int | None = Field(
        default=None,
        ge=0,
        description=(
            "the number of actions of the game the client has seen; a request made on another "
            "count is refused with 409 (a stale or repeated request) and changes nothing"
        ),
    )

    def texts(self) -> list[str]:
        if (self.action is None) == (self.actions is None):
            raise GameError(400, "give either 'action' or 'actions'")
        return [self.action] if self.action is not None else list(self.actions or [])


class PreviewRequest(BaseModel):
    """Actions to try without committing them."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Token
    actions: list[ActionText] = Field(max_length=MAX_ACTIONS_PER_REQUEST)


def _document_create_bodies(app: FastAPI) -> None:
    """Show each game's body of POST /api/games in the OpenAPI document (the endpoint reads
    the body itself, to choose the model by its ``game``)."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = plain()
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            refs = []
            for model in CREATE_MODELS.values():
                body = model.model_json_schema(ref_template="#/components/schemas/{model}")
                components.update(body.pop("$defs", {}))
                components[model.__name__] = body
                refs.append({"$ref": f"#/components/schemas/{model.__name__}"})
            operation = schema["paths"]["/api/games"]["post"]
            operation["requestBody"] = {
                "required": True,
                "content": {"application/json": {"schema": {"oneOf": refs}}},
            }
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


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
        if resume:
            await manager.resume()
        sweeper = asyncio.create_task(sweep())
        yield
        sweeper.cancel()
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
    _document_create_bodies(app)
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(GameError)
    async def game_error(_request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

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

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    async def room_and_seat(game_id: str, token: str | None) -> tuple[Room, int]:
        room = await manager.get(game_id)
        return room, room.seat_of(token)

    # -- REST -------------------------------------------------------------------------------

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/api/options")
    async def options_schema(game: str = "sagrada") -> list[dict[str, Any]]:
        """A game's options: name, type, default, allowed values, help (docs/options.md; the
        solo card game's, ``?game=cards``: docs/card-options.md)."""
        try:
            entry = game_entry(game)
        except KeyError:
            raise GameError(404, f"no game called {game!r} (sagrada or cards)") from None
        return [spec.to_json() for spec in entry.options()]

    @app.get("/api/messages")
    async def messages(language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The message catalogue of a language, to render the engine's messages
        (``{"id", "params"}`` objects) the way the engine renders them in English."""
        if language not in languages():
            raise GameError(404, f"no messages in {language!r}: try one of {languages()}")
        return catalogue_json(language)

    @app.post("/api/options/check")
    async def check_options(values: dict[str, Any]) -> dict[str, Any]:
        """What the engine makes of some option values, for a form to follow as it is filled
        in: the tool deck and the number of cards dealt (from every value but the chosen
        cards), the active rule modules, and the error the whole set would give (or null)."""
        if len(values) > len(OPTIONS):
            raise GameError(422, "give at most one value per option")
        unchosen = {k: v for k, v in values.items() if k not in ("tools", "public_objectives")}
        try:
            rules = GameConfig.from_json(unchosen).rules
        except (SagradaError, TypeError) as exc:
            return {
                "error": str(exc),
                "tool_deck": [],
                "public_deck": [],
                "num_tools": 0,
                "num_public_objectives": 0,
                "modules": [],
            }
        error = None
        try:
            GameConfig.from_json(values)
        except (SagradaError, TypeError) as exc:
            error = str(exc)
        return {
            "error": error,
            "tool_deck": list(rules.tool_deck),
            "public_deck": list(rules.public_deck),
            "num_tools": rules.num_tools,
            "num_public_objectives": rules.num_publics,
            "modules": list(rules.modules),
        }

    @app.get("/api/cards/difficulty")
    async def card_difficulty() -> Any:
        """The solo card game's difficulty curve: the strongest bot's win rate and mean margin
        for each number of tool cards (docs/card-game.md; made by scripts/card_difficulty.py)."""
        path = resources.files("sagrada.content").joinpath(DIFFICULTY_FILE)
        if not path.is_file():
            raise GameError(404, "the difficulty curve has not been measured")
        return json.loads(path.read_text("utf-8"))

    @app.get("/api/cards")
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

    @app.post("/api/games", status_code=201, response_model=Created)
    async def create_game(request: Request, body: Annotated[Any, Body()]) -> dict[str, Any]:
        """Create a game (``"game"``: ``sagrada``, the default, or ``cards``, the solo card
        game); answer its id and a secret token for each human seat."""
        if not create_limit.allow(client_key(request)):
            raise GameError(429, "too many new games from this address: wait a minute")
        if not isinstance(body, dict):
            raise GameError(400, NOT_AN_OBJECT)
        name = body.get("game", "sagrada")
        if name not in CREATE_MODELS:
            raise GameError(422, f"game: {name!r} is not a game (sagrada or cards)")
        try:
            data: dict[str, Any] = CREATE_MODELS[name].model_validate(body).model_dump()
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "body"
            raise GameError(422, f"{where}: {first['msg']}") from None
        entry = game_entry(name)
        options = {spec.name: data[spec.name] for spec in entry.options()}
        config = entry.config_from_json(options)
        players = entry.num_players(config)
        bots: list[str | None] = (
            list(data["bots"]) if data["bots"] is not None else [None] * players
        )
        if len(bots) != players:
            raise GameError(422, f"bots: give one entry per seat ({players}), null for a person")
        known = bot_names(name)
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
        entry.new_state(config, 0)  # refuses impossible card deals before anything is stored
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
        room, tokens, invites = await manager.create(config, bots, names, data["open_seats"], name)
        return {
            "id": room.id,
            "seats": [
                {"seat": s.seat, "kind": s.kind, "bot": s.bot, "token": t, "invite": i}
                for s, t, i in zip(room.seats, tokens, invites, strict=True)
            ],
        }

    @app.get("/api/games")
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

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        """One game's summary."""
        return (await manager.get(game_id)).summary()

    @app.post("/api/games/{game_id}/join", response_model=Joined)
    async def join(
        game_id: str, request: Request, body: JoinRequest | None = None
    ) -> dict[str, Any]:
        """Claim the first free human seat."""
        if not create_limit.allow("join:" + client_key(request)):
            raise GameError(429, "too many requests from this address: wait a minute")
        room = await manager.get(game_id)
        name = body.name if body else None
        seat, token = await manager.join(room, name, body.invite if body else None)
        return {"seat": seat, "token": token}

    @app.get("/api/games/{game_id}/view")
    async def view(
        game_id: str, token: Annotated[str | None, Query(max_length=64)] = None
    ) -> JSONResponse:
        """A seat's view (with legal actions on its turn); without a token, the spectator's."""
        room, seat = await room_and_seat(game_id, token)
        return JSONResponse(room.view(seat))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionRequest) -> JSONResponse:
        """Apply one action, or several together; answer the seat's new view."""
        room, seat = await room_and_seat(game_id, body.token)
        if seat < 0:
            raise GameError(403, "acting needs a seat's token")
        if not action_limit.allow(body.token):
            raise GameError(429, "too many actions: slow down")
        await manager.act(room, seat, body.texts(), body.seq)
        return JSONResponse(room.view(seat))

    @app.post("/api/games/{game_id}/preview")
    async def preview(game_id: str, body: PreviewRequest) -> dict[str, Any]:
        """The legal actions after some actions, without committing them."""
        room, seat = await room_and_seat(game_id, body.token)
        if seat < 0:
            raise GameError(403, "previewing needs a seat's token")
        if not action_limit.allow(body.token):
            raise GameError(429, "too many requests: slow down")
        return manager.preview(room, seat, body.actions)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        """The record of a finished game."""
        room = await manager.get(game_id)
        if not room.state.is_over:
            raise GameError(409, "the record is published when the game is over")
        return room.record().to_json()

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay(game_id: str, step: int) -> JSONResponse:
        """The spectator view after the first ``step`` actions of a finished game."""
        room = await manager.get(game_id)
        if not room.state.is_over:
            raise GameError(409, "a game can be replayed when it is over")
        history = room.state.history
        if not 0 <= step <= len(history):
            raise GameError(404, f"step must be 0-{len(history)}")
        data = room.game.view(room.record().replay(upto=step), -1).to_json()
        data["game"] = room.summary()
        data["seat"] = -1
        data["step"] = step
        data["steps"] = len(history)
        return JSONResponse(data)

    # -- WebSocket --------------------------------------------------------------------------

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            if token is not None and len(token) > 64:
                raise GameError(403, "bad token")
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
                        raise GameError(403, "spectators cannot act")
                    if token is None or not action_limit.allow(token):
                        raise GameError(429, "too many actions: slow down")
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

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str, request: Request) -> Response:
        # A link to a solo card game by the dice game's address: its own page, same query.
        with contextlib.suppress(GameError):
            if (await manager.get(game_id)).game.name == "cards":
                query = f"?{request.url.query}" if request.url.query else ""
                return RedirectResponse(f"/cards/{game_id}{query}")
        return _page(static / "game.html")

    @app.get("/cards/{game_id}", include_in_schema=False)
    async def card_game_page(game_id: str) -> Response:
        return _page(static / "cards.html")

    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    return app


def _page(path: Path) -> Response:
    if not path.is_file():
        return JSONResponse({"detail": "the pages are not installed"}, status_code=404)
    return FileResponse(path, headers={"Cache-Control": "no-cache"})
