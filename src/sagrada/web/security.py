"""Keeping secrets out of addresses, and the pages safe: the security headers of every answer,
a seat's token read from the ``Authorization`` header, and the server's logs kept free of
tokens and invite codes an old link still puts in an address (docs/web-api.md, "Tokens").

A seat's token is a password: whoever holds it plays the seat. An address is the worst place
for one (proxies and servers log it, a Referer carries it, a copied address bar hands it
over), so the pages keep it in the address's fragment or the tab's storage, REST takes it in
the ``Authorization`` header or a JSON body, and the WebSocket in its first message.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Annotated, Final
from urllib.parse import urlsplit

from fastapi import Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sagrada.core.messages import msg
from sagrada.web.session import GameError

#: The longest token taken (a token is 32 characters; a longer one is no seat's).
MAX_TOKEN: Final = 64

#: The Content-Security-Policy of every answer: everything from this origin, no inline
#: script or style, no eval, no frames (of us or in us), no plugins. ``img-src data:`` is
#: for the pages' empty icon (``<link rel="icon" href="data:,">``).
CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

#: The headers every HTTP answer carries.
SECURITY_HEADERS: Final = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    # frame-ancestors' older form, for browsers that do not read it.
    "x-frame-options": "DENY",
}

#: Why a token in an address is refused.
TOKEN_IN_ADDRESS: Final = (
    "a token does not go in an address: send it in the Authorization header "
    "(Bearer), a JSON body or the WebSocket's hello (docs/web-api.md)"
)
#: Why a token in a WebSocket's address is refused: the reason of its close, which a close
#: frame holds at most 123 bytes of.
TOKEN_IN_SOCKET_ADDRESS: Final = 'a token goes in the first message, {"type": "hello", "token": T}'


class SecurityHeaders:
    """ASGI middleware: add :data:`SECURITY_HEADERS` to every HTTP answer (a header the
    answer sets itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend((k, v) for k, v in self.headers if k not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


#: The OpenAPI document's word for the header (``Authorization: Bearer <token>``); the
#: header itself is read by :func:`seat_token`, which refuses a malformed one.
_bearer = HTTPBearer(
    auto_error=False,
    scheme_name="SeatToken",
    description="A seat's secret token: `Authorization: Bearer <token>`. Without it, a spectator.",
)


async def seat_token(
    request: Request,
    _documented: Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)],
) -> str | None:
    """The token of the ``Authorization: Bearer <token>`` header, or None without one.

    Raises:
        GameError: 400 for a token in the address (``?token=``) or an ``Authorization``
            header of another form; 403 for a token longer than any seat's.
    """
    if "token" in request.query_params:
        raise GameError(400, TOKEN_IN_ADDRESS)
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise GameError(400, "the Authorization header is `Bearer <token>`")
    if len(token) > MAX_TOKEN:
        raise GameError(403, msg("web.not_a_seat"))
    return token


#: A secret's value in an address: ``token=…`` or ``invite=…`` in a query string or fragment.
_SECRET_IN_ADDRESS: Final = re.compile(r"(?i)\b(token|invite)=[^&#\s\"']*")


def redact(text: str) -> str:
    """``text`` with every token and invite code of an address in it blotted out."""
    return _SECRET_IN_ADDRESS.sub(r"\1=[redacted]", text)


class RedactSecrets(logging.Filter):
    """A log filter that blots out tokens and invite codes in the addresses a record names
    (uvicorn's access log writes each request's path with its query string)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


#: The filter, one for the process (a logger keeps one of each).
REDACT_SECRETS: Final = RedactSecrets()
#: The loggers that write request addresses: uvicorn's access log, and its WebSocket lines.
ADDRESS_LOGGERS: Final = ("uvicorn.access", "uvicorn.error")


def redact_logs() -> None:
    """Keep tokens and invite codes of old links out of the server's logs (idempotent)."""
    for name in ADDRESS_LOGGERS:
        logging.getLogger(name).addFilter(REDACT_SECRETS)


#: The methods that change nothing, which the same-origin check lets pass.
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


class SameOrigin:
    """ASGI middleware: a request that may change something (any method but GET, HEAD and
    OPTIONS) and carries the session cookie must come from this site's own pages, or it is
    refused (403) before anything reads it. Browsers say where a request comes from: its
    ``Origin`` (sent with every such request of a page's script), else ``Sec-Fetch-Site``;
    a request saying neither is refused too. So no other site can act as a logged-in player,
    even in a browser that sends the cookie (SameSite=Lax) along.

    A request without the cookie (a seat's token in its body, as every game request) is not
    checked, a token being no cookie that no other site holds; but a login or a sign-up
    (``logins``: their paths) from another site is refused all the same, so that no site logs
    a browser into an account of its own (a request saying nothing of where it comes from is
    a program's, not a browser's: it passes).
    """

    def __init__(self, app: ASGIApp, cookie: str, logins: frozenset[str]) -> None:
        self.app = app
        self.cookie = cookie.encode() + b"="
        self.logins = logins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and not self._same_origin(scope)
        ):
            reason = msg("players.cross_site")
            body = json.dumps({"detail": str(reason), "message": reason.to_json()}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _same_origin(self, scope: Scope) -> bool:
        headers = dict(scope.get("headers", []))
        host = headers.get(b"host", b"").decode("latin-1").lower()
        origin = headers.get(b"origin")
        site = headers.get(b"sec-fetch-site")
        if self.cookie not in headers.get(b"cookie", b""):
            if scope.get("path") not in self.logins:
                return True
            # Logging in or signing up without a cookie: no other site may log a browser
            # into an account of its choosing. A program that says nothing of where it comes
            # from (no browser) may.
            if origin is not None:
                return bool(host) and urlsplit(origin.decode("latin-1")).netloc.lower() == host
            return site is None or site in (b"same-origin", b"none")
        if origin is not None:
            return bool(host) and urlsplit(origin.decode("latin-1")).netloc.lower() == host
        return site in (b"same-origin", b"none")
