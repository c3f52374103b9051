"""What the server's routers share: the game manager, the store, the create requests and the
limits of one application (:class:`Server`, kept in ``app.state``), and finding a game and
the seat a token plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from sagrada.web.limits import OpenSockets, RateLimiter
from sagrada.web.readiness import Readiness
from sagrada.web.rooms import GameError, GameManager, Room
from sagrada.web.shared_limits import SharedRate, ThinkingGames
from sagrada.web.store import Store


@dataclass(frozen=True, slots=True)
class Server:
    """One application's shared parts.

    Attributes:
        manager: the games in play (:class:`~sagrada.web.rooms.GameManager`).
        store: the database.
        models: each game's create request (``POST /api/games``), by game name.
        action_limit: actions a seat may send (per token; in each process's memory).
        create_limit: games, seat claims and sign-ups a client address may make (in the
            database, the same for every process).
        thinking: the unfinished games whose turns cost thinking (in the database).
        readiness: whether the database answers (the health check).
        sockets: the WebSockets open now, within their limits.
    """

    manager: GameManager
    store: Store
    models: dict[str, type[BaseModel]]
    action_limit: RateLimiter
    create_limit: SharedRate
    thinking: ThinkingGames
    readiness: Readiness
    sockets: OpenSockets

    async def room_and_seat(
        self, game_id: str, token: str | None, *, fresh: bool = True
    ) -> tuple[Room, int]:
        """The game and the token's seat; ``fresh=False``: the process's copy of the game may
        lag behind another process's change (the action it takes to checks that itself).

        Raises:
            GameError: 404 (no such game), 410 (expired), 403 (a token of no seat).
        """
        room = await self.manager.get(game_id, fresh=fresh)
        if fresh:
            return room, room.seat_of(token)
        return room, await self.seat_in(room, token)

    async def seat_in(self, room: Room, token: str | None) -> int:
        """The token's seat of ``room`` (-1: none), reading the game again when the process's
        copy does not know the token (a seat taken through another process).

        Raises:
            GameError: 403 (a token of no seat).
        """
        try:
            return room.seat_of(token)
        except GameError:
            await self.manager.refresh(room)
            return room.seat_of(token)


def server_of(connection: HTTPConnection) -> Server:
    """The application's :class:`Server` (for a request or a WebSocket)."""
    server: Server = connection.app.state.server
    return server


async def _server_dependency(connection: HTTPConnection) -> Server:
    """:func:`server_of` as a coroutine: FastAPI calls a plain function's dependency in a
    thread of its pool, a coroutine's on the event loop."""
    return server_of(connection)


#: A route's parameter that is the application's :class:`Server`.
ServerDep = Annotated[Server, Depends(_server_dependency)]


def client_key(connection: HTTPConnection) -> str:
    """Who a request or a WebSocket comes from, for every per-address limit: its address, as
    uvicorn gives it (the connection's own, or the one a trusted proxy names: ``sagrada serve
    --forwarded-allow-ips``)."""
    return connection.client.host if connection.client else "unknown"
