"""Playing a seat: its view, its actions (one, or several together), a preview of actions not
committed, and the WebSocket that sends each new view and takes actions (docs/web-api.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any, Final

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from sagrada.core.messages import Message, msg
from sagrada.web.models import MAX_ACTIONS_PER_REQUEST, ActionRequest, PreviewRequest
from sagrada.web.openapi import errors
from sagrada.web.rooms import GameError
from sagrada.web.server import ServerDep

#: The largest WebSocket message taken, in bytes.
MAX_WS_MESSAGE: Final = 4 * 1024

router = APIRouter()


@router.get("/api/games/{game_id}/view", responses=errors(403, 404, 410, 422, 503))
async def view(
    server: ServerDep, game_id: str, token: Annotated[str | None, Query(max_length=64)] = None
) -> JSONResponse:
    """A seat's view (with legal actions on its turn); without a token, the spectator's."""
    room, seat = await server.room_and_seat(game_id, token)
    return JSONResponse(room.view(seat))


@router.post(
    "/api/games/{game_id}/actions",
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def act(server: ServerDep, game_id: str, body: ActionRequest) -> JSONResponse:
    """Apply one action, or several together; answer the seat's new view."""
    room, seat = await server.room_and_seat(game_id, body.token, fresh=False)
    if seat < 0:
        raise GameError(403, msg("web.needs_token"))
    if not server.action_limit.allow(body.token):
        raise GameError(429, msg("web.too_fast"))
    await server.manager.act(room, seat, body.texts(), body.seq)
    return JSONResponse(room.view(seat))


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
async def socket(
    server: ServerDep, websocket: WebSocket, game_id: str, token: str | None = None
) -> None:
    try:
        if token is not None and len(token) > 64:
            raise GameError(403, msg("web.not_a_seat"))
        room, seat = await server.room_and_seat(game_id, token)
    except GameError as exc:
        # Accept first: a browser only sees the close code of an accepted socket.
        await websocket.accept()
        await websocket.close(code=4000 + exc.status, reason=exc.detail)
        return
    await websocket.accept()
    listener = server.manager.subscribe(room, seat)

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
                if token is None or not server.action_limit.allow(token):
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
                await server.manager.act(room, seat, texts, seq)
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
