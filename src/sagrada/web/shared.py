"""Several server processes on one database: keeping each process's copy of a game in step.

With PostgreSQL, ``sagrada serve --workers N`` runs N processes behind one port. Each holds its
own rooms (:class:`~sagrada.web.session.Room`: copies of the games it serves) and any of them
may act on any game. The database decides (:mod:`sagrada.web.store`): a write locks the game's
row and checks the game's version, so two processes never both apply an action to the same
position, and it tells the other processes by ``NOTIFY``. Here:

* :func:`catch_up` brings a room to the game as stored: the actions another process applied
  (played on the room's state, not replayed from the start), the seats, the rematch, the marks;
* :func:`listen` hears the notifications on a connection of its own and hands each change to
  the manager, which catches the room up and sends the new views (or chat lines) to the
  process's sockets; after a lost connection it connects again and has every room checked,
  as notifications sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import make_url

from sagrada.web.session import Room, Seat, turn_key
from sagrada.web.store import CHANNEL, StoredGame

log = logging.getLogger("sagrada.web")

#: What :func:`listen` hands on after (re)connecting: every room may have missed changes.
EVERYTHING = "everything"


def catch_up(room: Room, stored: StoredGame) -> bool:
    """Bring ``room`` to ``stored``, the same game as the database holds it now; return
    whether anything a view shows changed (the room was behind)."""
    if stored.version == room.version:
        return False
    played = len(room.state.history)
    if len(stored.actions) > played:
        state = room.state.clone()
        for text in stored.actions[played:]:
            state.apply(room.game.parse_action(text))
        if turn_key(state) != turn_key(room.state):
            room.turn_started = stored.last_action or room.turn_started
        room.state = state
    room.seats = [Seat(**seat) for seat in stored.seats]
    room.rematch = stored.rematch
    room.timed_out = list(stored.auto)
    room.hinted = list(stored.hinted)
    room.version = stored.version
    return True


async def listen(url: str, changed: Callable[[str, str, int], Awaitable[None]]) -> None:
    """Hear the games' notifications on the database at ``url`` until cancelled, calling
    ``changed(kind, game_id, number)`` for each (``kind`` one of the store's, or
    :data:`EVERYTHING` with no game after each (re)connection; ``number`` a new chat line's).
    Needs psycopg (the ``postgres`` extra)."""
    import psycopg

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    delay = 0.5
    while True:
        try:
            connection = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
            async with connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                await changed(EVERYTHING, "", 0)
                async for note in connection.notifies():
                    kind, game_id, number = note.payload.split(":")
                    await changed(kind, game_id, int(number))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: try again, more slowly each time
            log.warning("cannot hear the other processes' changes (%s): retrying", exc)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)
