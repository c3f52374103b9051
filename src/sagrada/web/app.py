"""The FastAPI application: its database and game manager, its limits and error answers, and
the routers by job (:mod:`sagrada.web.routes`: games, play, chat, hints, reference answers,
the rules help, the pages).

See ``docs/web-api.md`` for the contract. Every request is validated (4xx with a reason, never
a 500 on bad input); a seat acts only with its token; every answer about a game is a view that
holds only what the asking seat may know. A token never travels in an address, and every
answer carries strict security headers (:mod:`sagrada.web.security`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
from collections.abc import AsyncIterator, Mapping
from dataclasses import fields
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse

from sagrada.core.errors import SagradaError
from sagrada.core.messages import msg
from sagrada.players.refusal import Refusal
from sagrada.players.service import Players
from sagrada.players.sessions import COOKIE
from sagrada.players.turn_notices import NoticeSettings
from sagrada.web.access_log import AccessLog
from sagrada.web.expiry import SWEEP_EVERY
from sagrada.web.lifeline import end_with_parent
from sagrada.web.limits import BodyLimit, Limits, OpenSockets, RateLimiter
from sagrada.web.metrics import Metrics
from sagrada.web.models import NOT_AN_OBJECT, create_models
from sagrada.web.openapi import document_openapi, method_not_allowed
from sagrada.web.readiness import Readiness
from sagrada.web.rooms import GameError, GameManager, database_down
from sagrada.web.routes import (
    accounts,
    chat,
    daily,
    games,
    hints,
    installable,
    metrics,
    my_games,
    play,
    push,
    reference,
    rules,
    score,
    standings,
)
from sagrada.web.routes.pages import mount_static, pages_router
from sagrada.web.security import SameOrigin, SecurityHeaders, redact_logs
from sagrada.web.server import Server
from sagrada.web.shared import listen
from sagrada.web.shared_limits import AddressKeys, SharedRate, ThinkingGames, create_tables
from sagrada.web.store import DATABASE_DOWN, VALUE_REFUSED, Store

MAX_BODY = 8 * 1024
#: The smallest answer worth compressing (bytes): under it, gzip's own bytes eat the gain.
GZIP_FROM = 500

log = logging.getLogger("sagrada.web")


def create_app(
    database_url: str,
    bot_delay: float = 0.8,
    *,
    resume: bool = True,
    limits: Limits | None = None,
    notices: NoticeSettings | None = None,
    sqlite_synchronous: str = "FULL",
    process_label: str | None = None,
) -> FastAPI:
    """Return the server application on the database at ``database_url``.

    Args:
        database_url: any SQLAlchemy URL (``sqlite:///data/sagrada.db``, ``postgresql+psycopg://…``).
        bot_delay: seconds a bot waits before each of its moves, so people can follow.
        resume: load unfinished games at start-up and set their bots moving.
        limits: the limits of requests, games and WebSockets (by default
            :class:`~sagrada.web.limits.Limits`'s; the sockets' total is lowered at start to
            fit the process's open-files limit).
        notices: how players of correspondence games are told of their turns (its public
            address, its mail server; by default no e-mail, and push messages only).
        sqlite_synchronous: on SQLite, ``"FULL"`` (an acknowledged action survives a power
            loss) or ``"NORMAL"`` (faster; the last actions before a power loss may be lost).
        process_label: the ``process`` label of every series of ``GET /metrics``, telling this
            process apart from the others of ``sagrada serve --workers N``; none by default.

    Raises:
        ValueError: for a malformed mail server URL or an unknown ``sqlite_synchronous``.
    """
    store = Store(database_url, sqlite_synchronous=sqlite_synchronous)
    players = Players(store.engine, notices or NoticeSettings())
    counts = Metrics(process_label)
    manager = GameManager(store, bot_delay=bot_delay, notices=players.notices, metrics=counts)
    limits = limits or Limits()
    open_sockets = OpenSockets(limits.sockets)
    create_tables(store.engine)
    keys = AddressKeys(store.engine)
    create_limit = SharedRate(
        store.engine, keys, rate=limits.games_per_minute / 60, burst=limits.games_per_minute
    )
    thinking = ThinkingGames(
        store.engine,
        keys,
        per_address=limits.thinking_games_per_address,
        in_total=limits.thinking_games_in_total,
        bot_only=limits.bot_only_games,
    )
    counts.watch(
        sockets=lambda: open_sockets.total,
        rooms=lambda: len(manager.rooms),
        games=store.games_by_status,
    )

    async def sweep() -> None:
        while True:
            try:
                await manager.expire()
                await asyncio.to_thread(create_limit.sweep)
                await asyncio.to_thread(thinking.sweep)
            except Exception:  # pragma: no cover - logged, and tried again at the next sweep
                log.exception("cannot expire idle games or sweep old limits")
            await asyncio.sleep(SWEEP_EVERY)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        tasks = []
        wanted = open_sockets.limits.total
        open_files = open_sockets.fit_open_files()
        sockets = open_sockets.limits
        # A warning when the open-files limit leaves fewer sockets than wanted: an operator
        # may raise it (ulimit -n, LimitNOFILE).
        log.log(
            logging.WARNING if sockets.total < wanted else logging.INFO,
            "WebSockets: at most %d per address, %d per game, %d in all (open files: %s)",
            sockets.per_address,
            sockets.per_game,
            sockets.total,
            "no limit" if open_files is None else open_files,
        )
        if store.shared:
            # Other server processes may share the database: hear their changes first.
            heard = listen(database_url, store.origin, manager.in_step.changed_elsewhere)
            tasks.append(asyncio.create_task(heard))
        if resume:
            await manager.resume()
        tasks.append(asyncio.create_task(sweep()))
        tune_collector()
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
        # No browsable documentation: FastAPI's pages load their scripts from a CDN, on the
        # origin whose storage holds every seat's token. The document stays at /openapi.json.
        docs_url=None,
        redoc_url=None,
    )
    # Each game's create request, from the registry as it is now (a game registered since the
    # server's modules were imported included).
    models = create_models()
    app.state.manager = manager
    app.state.store = store
    app.state.players = players
    app.state.metrics = counts
    app.state.server = Server(
        manager,
        store,
        models,
        action_limit=RateLimiter(rate=20, burst=40),
        create_limit=create_limit,
        thinking=thinking,
        readiness=Readiness(store.ping),
        sockets=open_sockets,
    )
    document_openapi(app, models)
    # A request is matched against the routes in the order they were added: playing's first,
    # as nearly every request is a view or an action.
    app.include_router(play.router)
    app.include_router(reference.router)
    app.include_router(rules.router)
    app.include_router(score.router)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    # A logged-in browser's requests that change something come from this site's pages only.
    app.add_middleware(SameOrigin, cookie=COOKIE, logins=frozenset(accounts.LOGINS))
    # Text answers (pages, their modules, views) compressed when the browser takes it.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM)
    # Outside the body limit and the compression: every answer carries the headers.
    app.add_middleware(SecurityHeaders)
    # Outermost: each request's line names the status its client got, and the time it took;
    # the same figures go to the metrics.
    app.add_middleware(AccessLog, observe=counts.request)
    redact_logs()

    @app.exception_handler(GameError)
    async def game_error(_request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(Refusal)
    async def refusal(_request: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    async def database_unavailable(_request: Request, exc: Exception) -> JSONResponse:
        counts.database_error()
        error = database_down(exc)
        return JSONResponse(error.body(), status_code=error.status)

    # A database that cannot be reached, met outside the game manager (the lobby's lists).
    for down in DATABASE_DOWN:
        app.add_exception_handler(down, database_unavailable)

    async def value_refused(_request: Request, exc: Exception) -> JSONResponse:
        # Requests' text is cleaned where it is kept (seat names, chat, accounts); this is the
        # net under those checks, so that a value the database refuses is never a 500.
        log.warning("the database refused a value: %s", str(exc).splitlines()[0])
        error = GameError(422, msg("web.value_refused"))
        return JSONResponse(error.body(), status_code=error.status)

    for refused in VALUE_REFUSED:
        app.add_exception_handler(refused, value_refused)

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

    for routes in (
        games.router,
        chat.router,
        hints.router,
        accounts.router,
        my_games.router,
        push.router,
        standings.router,
        daily.router,
        installable.router,
        metrics.router,
    ):
        app.include_router(routes)
    app.include_router(pages_router())
    mount_static(app)
    return app


#: How many new objects the cyclic garbage collector lets pass before it looks at the young
#: ones (Python's default: 700), and how many of its looks at a generation before it looks at
#: the next (the default, 10). An action makes many short-lived objects: at 700 the collector
#: took 7% of the server's CPU under load, at 10,000 it looks sixty times less often, about 1%
#: (docs/measuring.md).
YOUNG_OBJECTS: Final = 10_000


@functools.cache
def tune_collector() -> None:
    """Tune the cyclic garbage collector for serving, once a process (at the first start of an
    application): what exists by then (modules, the registry, the games resumed) lives as long
    as the process, so it is frozen out of the collector's sight, and the young objects are
    looked at every :data:`YOUNG_OBJECTS` objects."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)


#: The environment variables :func:`app_from_environment` reads (``sagrada serve --workers``
#: sets them for its worker processes).
ENVIRONMENT: Final = {
    "database_url": "SAGRADA_DB",
    "bot_delay": "SAGRADA_BOT_DELAY",
}
#: The environment variable of each of the limits (:class:`Limits`, by field), which
#: ``sagrada serve --workers N`` sets for its worker processes (each process's share).
LIMIT_ENVIRONMENT: Final = {limit.name: f"SAGRADA_{limit.name.upper()}" for limit in fields(Limits)}
#: The environment variables of the turn notices' settings (:class:`NoticeSettings`), read by
#: ``sagrada serve`` (``--smtp`` defaults to ``SAGRADA_SMTP``, keeping a mail password out of
#: the list of processes) and passed on to its worker processes.
NOTICE_ENVIRONMENT: Final = {
    "public_url": "SAGRADA_PUBLIC_URL",
    "smtp": "SAGRADA_SMTP",
    "sender": "SAGRADA_MAIL_FROM",
}


def app_from_environment() -> FastAPI:
    """The application of one worker process of ``sagrada serve --workers N``: its settings
    come from the environment (:data:`ENVIRONMENT`), as uvicorn's worker processes start
    afresh and take no arguments. It ends with the process that started it, ``sagrada serve``,
    even one killed outright (:mod:`sagrada.web.lifeline`)."""
    import os

    end_with_parent(os.getppid())
    return create_app(
        os.environ[ENVIRONMENT["database_url"]],
        bot_delay=float(os.environ[ENVIRONMENT["bot_delay"]]),
        limits=Limits.from_text(
            {
                name: os.environ[variable]
                for name, variable in LIMIT_ENVIRONMENT.items()
                if variable in os.environ
            }
        ),
        notices=notice_settings(os.environ),
        # Each process answers /metrics with its own figures: its id tells them apart.
        process_label=str(os.getpid()),
    )


def notice_settings(environment: Mapping[str, str]) -> NoticeSettings:
    """The turn notices' settings :data:`NOTICE_ENVIRONMENT` gives (the defaults where a
    variable is unset or empty)."""
    default = NoticeSettings()
    return NoticeSettings(
        public_url=environment.get(NOTICE_ENVIRONMENT["public_url"]) or default.public_url,
        smtp=environment.get(NOTICE_ENVIRONMENT["smtp"]) or default.smtp,
        sender=environment.get(NOTICE_ENVIRONMENT["sender"]) or default.sender,
    )
