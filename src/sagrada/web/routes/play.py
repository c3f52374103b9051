"""Playing a seat: its view, its actions (one, or several together), a preview of actions not
committed, and the WebSocket that sends each new view and takes actions (docs/web-api.md).
A token never comes in an address: the view takes it in the ``Authorization`` header, the
actions in their body, the WebSocket in its first message (``hello``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any, Final

from fastapi import APIRouter, Depends, Query, WebSocket, WebSocketDisconnect

from sagrada.core.messages import Message, msg
from sagrada.players import daily
from sagrada.web.fast_json import FastJSONResponse, dumps
from sagrada.web.models import MAX_ACTIONS_PER_REQUEST, SINCE, ActionRequest, PreviewRequest
from sagrada.web.openapi import errors
from sagrada.web.rooms import GameError, Room
from sagrada.web.security import MAX_TOKEN, TOKEN_IN_SOCKET_ADDRESS, seat_token
from sagrada.web.server import ServerDep, client_key

#: The largest WebSocket message taken, in bytes.
MAX_WS_MESSAGE: Final = 4 * 1024

router = APIRouter()


@router.get("/api/games/{game_id}/view", responses=errors(400, 403, 404, 410, 503))
async def view(
    server: ServerDep,
    game_id: str,
    token: Annotated[str | None, Depends(seat_token)],
    since: Annotated[int | None, Query(ge=0, description=SINCE)] = None,
) -> FastJSONResponse:
    """A seat's view (with legal actions on its turn), its token in the ``Authorization``
    header (``Bearer <token>``); without one, the spectator's (none of a daily challenge's
    game while its day lasts)."""
    room, seat = await server.room_and_seat(game_id, token)
    if seat < 0:
        watchable(room)
    return FastJSONResponse(room.view(seat, since))


def watchable(room: Room) -> None:
    """Check that ``room`` may be watched: not a daily challenge's game while its day lasts
    (a spectator would see the day's dice).

    Raises:
        GameError: 403 if it may not.
    """
    if daily.sealed(room.daily):
        raise GameError(403, msg("players.daily_no_spectators"))


@router.post(
    "/api/games/{game_id}/actions",
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def act(server: ServerDep, game_id: str, body: ActionRequest) -> FastJSONResponse:
    """Apply one action, or several together; answer the seat's new view."""
    room, seat = await server.room_and_seat(game_id, body.token, fresh=False)
    if seat < 0:
        raise GameError(403, msg("web.needs_token"))
    if not server.action_limit.allow(body.token):
        raise GameError(429, msg("web.too_fast"))
    await server.manager.act(room, seat, body.texts(), body.seq)
    return FastJSONResponse(room.view(seat, body.since))


@router.post(
    "/api/games/{game_id}/preview",
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def preview(server: ServerDep, game_id: str, body: PreviewRequest) -> dict[str, Any]:
    """The legal actions after some actions, without committing them."""
    room, seat = await server.room_and_seat(game_id, body.token)
    if seat < 0:
        raise GameError(403, msg("web.needs_token"))
    if not server.action_limit.allow(body.token):
        raise GameError(429, msg("web.too_fast"))
    return server.manager.preview(room, seat, body.actions)


@router.websocket("/api/games/{game_id}/ws")
async def socket(server: ServerDep, websocket: WebSocket, game_id: str) -> None:
    """A game's live views: a spectator's until a ``hello`` with a seat's token (the first
    message) makes it that seat's; then the seat may send actions (docs/web-api.md). A socket
    over a limit on open sockets is closed at once, before the game is read."""
    address = client_key(websocket)
    full = server.sockets.admit(address, game_id)
    if full is not None:
        await refuse(websocket, GameError(429, socket_limit_message(server, full)))
        return
    try:
        await watch(server, websocket, game_id)
    finally:
        server.sockets.release(address, game_id)


def socket_limit_message(server: ServerDep, full: str) -> Message:
    """Why a socket over the limit ``full`` (``"address"``, ``"game"``, ``"total"``) is
    refused, with the limit's number."""
    limits = server.sockets.limits
    if full == "address":
        return msg("web.sockets_per_address", n=limits.per_address)
    if full == "game":
        return msg("web.sockets_per_game", n=limits.per_game)
    return msg("web.sockets_in_total")


async def refuse(websocket: WebSocket, error: GameError) -> None:
    """Close a socket with 4000 + the error's status and its reason, accepting it first: a
    browser only sees the close code of an accepted socket."""
    await websocket.accept()
    await websocket.close(code=4000 + error.status, reason=error.detail)


async def watch(server: ServerDep, websocket: WebSocket, game_id: str) -> None:
    """Serve one admitted socket of a game until it closes (:func:`socket`)."""
    try:
        if "token" in websocket.query_params:
            raise GameError(400, TOKEN_IN_SOCKET_ADDRESS)
        room = await server.manager.get(game_id)
    except GameError as exc:
        await refuse(websocket, exc)
        return
    await websocket.accept()
    token: str | None = None
    first = True
    if daily.sealed(room.daily):
        # No spectator: the first message must be a seat's hello, before any view is sent.
        try:
            token, seat = await first_hello(server, websocket, room)
        except WebSocketDisconnect:
            return
        except GameError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.detail)
            return
        listener = server.manager.subscribe(room, seat)
        server.manager.greet(room, listener, seat)
        first = False
    else:
        listener = server.manager.subscribe(room, -1)

    async def pump() -> None:
        while True:
            await websocket.send_text(dumps(listener.wire(await listener.queue.get())).decode())

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
            said_first, first = first, False
            try:
                message = json.loads(text)
                if isinstance(message, dict) and message.get("type") == "hello":
                    if not said_first:
                        raise GameError(400, HELLO_FIRST)
                    try:
                        token = hello_token(message)
                        seat = await server.seat_in(room, token)
                    except GameError as exc:
                        # As a refused connection: no retrying with the same token.
                        await websocket.close(code=4000 + exc.status, reason=exc.detail)
                        break
                    server.manager.greet(room, listener, seat, hello_since(message))
                    continue
                if not isinstance(message, dict) or message.get("type") != "action":
                    raise GameError(400, 'send {"type": "action", "action": "R3@B4"}')
                if listener.seat < 0 or token is None:
                    raise GameError(403, msg("web.spectator_cannot_act"))
                if not server.action_limit.allow(token):
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
                await server.manager.act(room, listener.seat, texts, seq)
            except (json.JSONDecodeError, RecursionError):
                reply(400, "messages must be JSON")
            except GameError as exc:
                reply(exc.status, exc.detail, exc.message)
    except WebSocketDisconnect:
        pass
    finally:
        server.manager.unsubscribe(room, listener)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def first_hello(server: ServerDep, websocket: WebSocket, room: Room) -> tuple[str, int]:
    """The token and seat of a WebSocket's first message, which must be a seat's hello (the
    game may not be watched).

    Raises:
        GameError: 403 for anything else (the reason: the game has no spectators), or for a
            token of no seat.
        WebSocketDisconnect: if the socket closed first.
    """
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    message: Any = None
    if isinstance(text, str) and len(text) <= MAX_WS_MESSAGE:
        with contextlib.suppress(json.JSONDecodeError, RecursionError):
            message = json.loads(text)
    token = None
    if isinstance(message, dict) and message.get("type") == "hello":
        token = hello_token(message)
    if token is None:
        raise GameError(403, msg("players.daily_no_spectators"))
    return token, await server.seat_in(room, token)


#: Why a late hello is refused.
HELLO_FIRST: Final = 'send {"type": "hello", "token": "..."} first, once'


def hello_since(message: dict[str, Any]) -> int | None:
    """How many entries of the seat's log the client of a hello holds (its ``since``; ``None``
    for none or for anything but a whole number of 0 or more: the whole log is sent)."""
    since = message.get("since")
    return since if type(since) is int and since >= 0 else None


def hello_token(message: dict[str, Any]) -> str | None:
    """The token of a hello (``{"type": "hello", "token": T}``; no token or null: a
    spectator).

    Raises:
        GameError: 403 for a token that is not a string of at most :data:`MAX_TOKEN`
            characters (no seat's).
    """
    token = message.get("token")
    if token is None:
        return None
    if not isinstance(token, str) or len(token) > MAX_TOKEN:
        raise GameError(403, msg("web.not_a_seat"))
    return token
