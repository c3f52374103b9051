"""Accounts and sessions: signing up, logging in and out, the account's own settings and
sessions, and the guest seats of this browser joining the account (docs/web-api.md,
"Accounts").

Playing needs no account: a guest plays with seat tokens as before. A session is an HttpOnly
cookie (:data:`sagrada.players.sessions.COOKIE`, SameSite=Lax, Secure over HTTPS); every
state-changing request that carries it must come from this site's own pages
(:class:`sagrada.web.security.SameOrigin`).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Final

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from sagrada.core.messages import msg
from sagrada.i18n import languages, negotiate
from sagrada.players.accounts import MAX_EMAIL, MAX_PASSWORD, Account
from sagrada.players.refusal import Refusal
from sagrada.players.service import Players
from sagrada.players.sessions import COOKIE, SESSION_SECONDS
from sagrada.web.openapi import errors
from sagrada.web.rooms import GameError
from sagrada.web.server import ServerDep, client_key

router = APIRouter()

#: The paths that log a browser in (signing up logs in too): another site may not ask for
#: them (:class:`sagrada.web.security.SameOrigin`).
LOGINS: Final = ("/api/accounts", "/api/session")
#: The most guest seats one request may bring into an account.
MAX_SEATS: Final = 50


class HeldSeat(BaseModel):
    """A seat this browser holds as a guest: its game and token."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: Annotated[str, Field(min_length=1, max_length=32)]
    token: Annotated[str, Field(min_length=1, max_length=64)]


class Credentials(BaseModel):
    """A name and a password, and the guest seats this browser holds (they join the
    account)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=MAX_PASSWORD)]
    language: Annotated[str, Field(max_length=16)] | None = None
    seats: Annotated[list[HeldSeat], Field(max_length=MAX_SEATS)] = []


class HeldSeats(BaseModel):
    """Guest seats to join the account."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seats: Annotated[list[HeldSeat], Field(max_length=MAX_SEATS)]


class Settings(BaseModel):
    """The settings an account may change: any of them."""

    model_config = ConfigDict(extra="forbid", strict=True)

    language: Annotated[str, Field(max_length=16)] | None = None
    email: Annotated[str, Field(max_length=MAX_EMAIL)] | None = None
    email_turns: bool | None = None


def players_of(request: Request) -> Players:
    """The application's players' layer."""
    players: Players = request.app.state.players
    return players


async def session_of(request: Request) -> tuple[Account, str] | None:
    """The account the request's cookie is logged in as, and its session's id (``None``: a
    guest)."""
    secret = request.cookies.get(COOKIE)
    if not secret:
        return None
    return await asyncio.to_thread(players_of(request).sessions.account, secret)


async def account_of(request: Request) -> Account | None:
    """The account the request is logged in as (``None``: a guest)."""
    found = await session_of(request)
    return None if found is None else found[0]


async def logged_in(request: Request) -> tuple[Account, str]:
    """The request's account and session.

    Raises:
        Refusal: 401 for a guest.
    """
    found = await session_of(request)
    if found is None:
        raise Refusal(401, msg("players.log_in_first"))
    return found


#: A route's parameter: the account it is asked as, if any.
AccountDep = Annotated[Account | None, Depends(account_of)]
#: A route's parameter: the account and session it is asked as (401 for a guest).
SessionDep = Annotated[tuple[Account, str], Depends(logged_in)]


def start_session(request: Request, response: Response, account: Account) -> None:
    """Log the browser in as ``account``: a new session, its secret in the cookie."""
    agent = request.headers.get("user-agent", "")
    secret = players_of(request).sessions.open(account, agent)
    response.set_cookie(
        COOKIE,
        secret,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


async def adopt_seats(server: ServerDep, account: Account, seats: list[HeldSeat]) -> list[str]:
    """Join the guest seats this browser holds to ``account``; return the ids of the games
    whose seat joined (a token of no seat, a game gone or a seat of another account is passed
    over)."""
    joined = []
    for held in seats:
        with contextlib.suppress(GameError):
            room = await server.manager.get(held.game)
            seat = room.seat_of(held.token)
            if seat >= 0 and await server.manager.adopt(room, seat, account):
                joined.append(room.id)
    return joined


def _language(request: Request, asked: str | None) -> str:
    if asked in languages():
        return str(asked)
    return negotiate(request.headers.get("accept-language", ""), "en")


@router.post(LOGINS[0], status_code=201, responses=errors(400, 409, 413, 422, 429, 503))
async def sign_up(
    server: ServerDep, request: Request, response: Response, body: Credentials
) -> dict[str, Any]:
    """Make an account and log in as it; the guest seats the request names join it."""
    if not await server.create_limit.allow("account:" + client_key(request)):
        raise GameError(429, msg("web.too_many_requests"))
    players = players_of(request)
    language = _language(request, body.language)
    account = await asyncio.to_thread(players.accounts.create, body.name, body.password, language)
    await asyncio.to_thread(start_session, request, response, account)
    joined = await adopt_seats(server, account, body.seats)
    return {"account": account.private(), "joined": joined}


@router.post(LOGINS[1], responses=errors(400, 401, 413, 422, 429, 503))
async def log_in(
    server: ServerDep, request: Request, response: Response, body: Credentials
) -> dict[str, Any]:
    """Log in; the guest seats the request names join the account. A wrong name and a
    wrong password are answered alike (401)."""
    players = players_of(request)
    address = client_key(request)
    account = await asyncio.to_thread(players.accounts.log_in, body.name, body.password, address)
    await asyncio.to_thread(start_session, request, response, account)
    joined = await adopt_seats(server, account, body.seats)
    return {"account": account.private(), "joined": joined}


@router.delete("/api/session", status_code=204, responses=errors(403, 503))
async def log_out(request: Request) -> Response:
    """Log out: the session ends on the server, the cookie is cleared."""
    secret = request.cookies.get(COOKIE)
    if secret:
        await asyncio.to_thread(players_of(request).sessions.close, secret)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response


@router.get("/api/me", responses=errors(503))
async def me(account: AccountDep) -> dict[str, Any]:
    """The account logged in (its own settings), or ``{"account": null}`` for a guest."""
    return {"account": None if account is None else account.private()}


@router.patch("/api/me", responses=errors(400, 401, 403, 413, 422, 503))
async def change_me(request: Request, session: SessionDep, body: Settings) -> dict[str, Any]:
    """Change the account's settings (its language, its e-mail address and whether turns
    are told by e-mail)."""
    values = body.model_dump(exclude_unset=True)
    account = await asyncio.to_thread(players_of(request).accounts.change, session[0].id, values)
    return {"account": account.private()}


@router.post("/api/me/seats", responses=errors(400, 401, 403, 413, 422, 503))
async def join_seats(server: ServerDep, session: SessionDep, body: HeldSeats) -> dict[str, Any]:
    """Join guest seats this browser holds to the account."""
    return {"joined": await adopt_seats(server, session[0], body.seats)}


@router.get("/api/me/sessions", responses=errors(401, 503))
async def my_sessions(request: Request, session: SessionDep) -> dict[str, Any]:
    """The account's sessions (where it is logged in), the newest used first."""
    account, current = session
    found = await asyncio.to_thread(players_of(request).sessions.list, account.id, current)
    return {"sessions": [s.to_json() for s in found]}


@router.delete("/api/me/sessions", responses=errors(401, 403, 503))
async def end_other_sessions(request: Request, session: SessionDep) -> dict[str, Any]:
    """End every session of the account but this one."""
    account, current = session
    ended = await asyncio.to_thread(players_of(request).sessions.revoke_others, account.id, current)
    return {"ended": ended}


@router.delete("/api/me/sessions/{session_id}", status_code=204, responses=errors(401, 403, 404))
async def end_session(request: Request, session: SessionDep, session_id: str) -> Response:
    """End one of the account's sessions (another device's, or this one)."""
    found = await asyncio.to_thread(
        players_of(request).sessions.revoke, session[0].id, session_id[:24]
    )
    if not found:
        raise Refusal(404, msg("players.no_such_session"))
    return Response(status_code=204)
