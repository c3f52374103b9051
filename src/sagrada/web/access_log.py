"""The access log: one line per HTTP request and one per WebSocket session, naming the route's
template (``/api/games/{game_id}/actions``), never the concrete address.

A line says the method, the route, the status (a WebSocket: the close code), the time taken
(a WebSocket: the seconds it was open) and the client's address as the per-address limits count
it (:func:`sagrada.web.server.client_key`). It never holds a path's ids, a query string, a
header, a cookie or a body, so no seat's token or invite code reaches a log; a path no route
matches is logged as ``unmatched``. ``sagrada serve --log-format json`` writes each line as one
JSON object (:class:`JsonLines`); :func:`logging_config` is the server's logging setup.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sagrada.web.server import client_key

#: The access log's logger.
ACCESS: Final = logging.getLogger("sagrada.access")
#: The route logged for a path that no route matches (its text is the client's, not ours).
UNMATCHED: Final = "unmatched"
#: The close code logged for a WebSocket that ended without one (RFC 6455: "no status").
NO_STATUS: Final = 1005
#: The formats of ``sagrada serve --log-format``.
LOG_FORMATS: Final = ("text", "json")


def route_template(scope: Scope, root_path: str) -> str:
    """The template of the route that served ``scope``, as the router marks it in the scope;
    a mounted folder's (which the router marks by lengthening the scope's ``root_path`` from
    ``root_path``, the one the request came with): its prefix and ``{path}``; else
    :data:`UNMATCHED`. The server's mounts are plain prefixes, holding no id."""
    path = getattr(scope.get("route"), "path", None)
    if isinstance(path, str):
        return path
    mounted = str(scope.get("root_path", ""))
    if mounted != root_path and mounted.startswith(root_path):
        return f"{mounted.removeprefix(root_path)}/{{path}}"
    return UNMATCHED


#: What is told of each HTTP request besides its line: its method, route template, status and
#: seconds (:meth:`sagrada.web.metrics.Metrics.request`).
Observer = Callable[[str, str, int, float], None]


class AccessLog:
    """ASGI middleware writing the access log's line for each request and WebSocket session,
    and telling ``observe`` of each HTTP request."""

    def __init__(self, app: ASGIApp, observe: Observer | None = None) -> None:
        self.app = app
        self.observe = observe

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = client_key(HTTPConnection(scope))
        root_path = str(scope.get("root_path", ""))
        started = time.perf_counter()
        # An HTTP request's status (500 if the application fails before answering), or a
        # WebSocket's close code, whichever side closes.
        outcome = {"status": 500 if scope["type"] == "http" else NO_STATUS}

        async def watched_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                outcome["status"] = message["status"]
            elif message["type"] == "websocket.close":
                outcome["status"] = message.get("code", 1000)
            elif message["type"] == "websocket.http.response.start":
                outcome["status"] = message["status"]
            await send(message)

        async def watched_receive() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                outcome["status"] = message.get("code", NO_STATUS)
            return message

        try:
            await self.app(scope, watched_receive, watched_send)
        finally:
            elapsed = time.perf_counter() - started
            # The router has marked the route it chose in the scope, which it shares with us.
            route = route_template(scope, root_path)
            if scope["type"] == "http":
                log_request(scope["method"], route, outcome["status"], elapsed, client)
                if self.observe is not None:
                    self.observe(scope["method"], route, outcome["status"], elapsed)
            else:
                log_socket(route, outcome["status"], elapsed, client)


def log_request(method: str, route: str, status: int, seconds: float, client: str) -> None:
    """Write the access line of an HTTP request."""
    ms = round(seconds * 1000, 1)
    fields = {"kind": "http", "method": method, "route": route, "status": status}
    fields |= {"ms": ms, "client": client}
    ACCESS.info(
        "%s %s %d %.1fms client=%s", method, route, status, ms, client, extra={"access": fields}
    )


def log_socket(route: str, code: int, seconds: float, client: str) -> None:
    """Write the access line of a WebSocket session that has ended."""
    open_s = round(seconds, 1)
    fields = {"kind": "websocket", "route": route, "code": code, "seconds": open_s}
    fields["client"] = client
    ACCESS.info(
        "WS %s closed %d after %.1fs client=%s",
        route,
        code,
        open_s,
        client,
        extra={"access": fields},
    )


class JsonLines(logging.Formatter):
    """A log formatter writing each record as one JSON object: its time, level, logger and
    message, and an access line's fields (``route``, ``status``, …) as fields of their own."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line |= getattr(record, "access", {})
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def logging_config(log_format: str) -> dict[str, Any]:
    """The server's logging setup (:func:`logging.config.dictConfig`'s form, which uvicorn
    applies in each of its processes): the server's and uvicorn's lines on standard error,
    as plain lines (``text``) or one JSON object a line (``json``)."""
    formatter: dict[str, Any] = (
        {"()": f"{__name__}.JsonLines"}
        if log_format == "json"
        else {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    )
    handler = {"class": "logging.StreamHandler", "formatter": "lines", "stream": "ext://sys.stderr"}
    logger = {"handlers": ["stderr"], "level": "INFO", "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"lines": formatter},
        "handlers": {"stderr": handler},
        # The package's loggers (``sagrada.web``, ``sagrada.access``, …) under its own name.
        "loggers": {__package__.partition(".")[0]: logger, "uvicorn": logger},
    }
