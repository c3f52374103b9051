"""Hints: what a game's hint bot would do in a seat's place now, in a game created with hints."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from sagrada.web.models import Hint, SeatRequest
from sagrada.web.openapi import errors
from sagrada.web.server import ServerDep

router = APIRouter()


@router.post(
    "/api/games/{game_id}/hint",
    response_model=Hint,
    responses=errors(400, 403, 404, 409, 410, 413, 422, 503),
)
async def hint(server: ServerDep, game_id: str, body: SeatRequest) -> dict[str, Any]:
    """What the strong bot would do in your place now (if the game allows hints); the
    log marks the action as hinted."""
    room, seat = await server.room_and_seat(game_id, body.token)
    return await server.manager.hint(room, seat)
