"""An account's games (``GET /api/me/games``): those where it is its turn first, then the
seats offered to it, the others it plays, and its newest finished ones; each with the token
of its seat, so that any browser where the account is logged in plays it (docs/web-api.md,
"Accounts")."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Final

from fastapi import APIRouter

from sagrada.web.openapi import errors
from sagrada.web.rooms import GameError
from sagrada.web.routes.accounts import SessionDep
from sagrada.web.server import ServerDep

router = APIRouter()

#: How many unfinished games, and finished ones, the list holds at most.
MOST_PLAYING: Final = 100
MOST_FINISHED: Final = 20


@router.get("/api/me/games", responses=errors(401, 503))
async def my_games(server: ServerDep, session: SessionDep) -> dict[str, Any]:
    """The account's games: ``turn`` (its turn now), ``offered`` (seats offered to it: join
    them to play), ``playing`` (the others unfinished) and ``finished`` (the newest), each a
    game's summary with ``my_seat`` and, for a seat it plays, ``token``."""
    account = session[0]
    store = server.store
    playing = await asyncio.to_thread(
        store.account_seats, account.id, ("open", "running"), MOST_PLAYING
    )
    finished = await asyncio.to_thread(store.account_seats, account.id, ("over",), MOST_FINISHED)
    lists: dict[str, list[dict[str, Any]]] = {
        "turn": [],
        "offered": [],
        "playing": [],
        "finished": [],
    }
    for game_id, seat, offered in [*playing, *finished]:
        with contextlib.suppress(GameError):
            room = await server.manager.get(game_id)
            entry = room.summary()
            entry["my_seat"] = seat
            entry["token"] = None if offered else room.token_of_account(seat)
            state = room.state
            if offered:
                if not room.seats[seat].claimed:
                    lists["offered"].append(entry)
            elif state.is_over:
                lists["finished"].append(entry)
            elif state.current_player == seat:
                lists["turn"].append(entry)
            else:
                lists["playing"].append(entry)
    return lists
