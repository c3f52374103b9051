"""A game's chat: reading it (anyone) and writing in it (players only; every listener gets the
line)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from sagrada.web.models import ChatLine, ChatLog, ChatRequest
from sagrada.web.openapi import errors
from sagrada.web.server import ServerDep

router = APIRouter()


@router.get("/api/games/{game_id}/chat", response_model=ChatLog, responses=errors(404, 410, 503))
async def chat(server: ServerDep, game_id: str) -> dict[str, Any]:
    """The newest messages of the game's chat (anyone may read them), oldest first."""
    return {"messages": await server.manager.chat(await server.manager.get(game_id))}


@router.post(
    "/api/games/{game_id}/chat",
    status_code=201,
    response_model=ChatLine,
    responses=errors(400, 403, 404, 410, 413, 422, 429, 503),
)
async def say(server: ServerDep, game_id: str, body: ChatRequest) -> dict[str, Any]:
    """Write in the game's chat (players only); every listener gets the message."""
    room, seat = await server.room_and_seat(game_id, body.token)
    return await server.manager.say(room, seat, body.text)
