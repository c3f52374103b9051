"""Hints: what a game's hint bot would do in a seat's place now, in a game created with hints.

A hint may wait for a worker (:mod:`sagrada.web.hinting`); a client that goes away meanwhile
takes its request with it: the server notices the disconnect and stops waiting, and the
ranking is dropped if nobody else waits for it and it has not started."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import Any, TypeVar

from fastapi import APIRouter, Request, Response

from sagrada.web.models import Hint, SeatRequest
from sagrada.web.openapi import errors
from sagrada.web.server import ServerDep, client_key

router = APIRouter()

_T = TypeVar("_T")

#: The status logged for a request whose client went away before its answer (nobody reads it).
CLIENT_GONE = 499


@router.post(
    "/api/games/{game_id}/hint",
    response_model=Hint,
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def hint(
    server: ServerDep, game_id: str, body: SeatRequest, request: Request
) -> dict[str, Any] | Response:
    """What the strong bot would do in your place now (if the game allows hints); the
    log marks the action as hinted. 429 while too many hints wait (from your address, of the
    game, in all) or the game has asked for many lately."""
    room, seat = await server.room_and_seat(game_id, body.token)
    answer = await until_disconnect(request, server.manager.hint(room, seat, client_key(request)))
    return Response(status_code=CLIENT_GONE) if answer is None else answer


async def until_disconnect(request: Request, work: Awaitable[_T]) -> _T | None:
    """The result of ``work``, or ``None`` once the client has gone (``work`` is cancelled).

    The request's body has been read: the next message the server sends is the disconnect,
    which uvicorn delivers when the connection closes."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for pending in (task, watcher):
            if not pending.done():
                pending.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
    if not task.done() or task.cancelled():
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return None
    return task.result()


async def _disconnected(request: Request) -> None:
    """Return once the client of ``request`` has gone."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
