"""Several server processes on one database: keeping each process's copy of a game in step.

With PostgreSQL, ``sagrada serve --workers N`` runs N processes behind one port. Each holds its
own rooms (:class:`~sagrada.web.session.Room`: copies of the games it serves) and any of them
may act on any game. The database decides (:mod:`sagrada.web.store`): a write locks the game's
row and checks the game's version, so two processes never both apply an action to the same
position, and it tells the other processes by ``NOTIFY``. Here:

* :func:`catch_up` brings a room to the game as stored: the actions another process applied
  (played on the room's state, not replayed from the start), the seats, the rematch, the marks;
* :class:`InStep`, which the game manager holds, uses them: it compares a room's version
  with the database's before the room is served, and takes in each change another process
  made;
* :func:`listen` hears the notifications on a connection of its own and hands each change to
  the manager, which catches the room up and sends the new views (or chat lines) to the
  process's sockets; after a lost connection it connects again and has every room checked,
  as notifications sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.engine import make_url

from sagrada.web.chat import CHAT_KEEP
from sagrada.web.fanout import send_all
from sagrada.web.session import Room, Seat, turn_key
from sagrada.web.store import CHANNEL, CHAT, HINT, Store, StoredGame

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
    current = room.state.current_player
    waiting = 0 <= current < len(room.seats) and not room.seats[current].claimed
    room.seats = [Seat(**seat) for seat in stored.seats]
    if waiting and room.seats[current].claimed:
        room.turn_started = time.time()  # taken on its turn: its person's clock starts now
    room.rematch = stored.rematch
    room.timed_out = list(stored.auto)
    room.hinted = list(stored.hinted)
    room.version = stored.version
    return True


class InStep:
    """Keeps one process's rooms in step with the other processes sharing its database: it
    compares a room's version with the database's before the room is served, and takes in each
    change another process made. The game manager (:class:`sagrada.web.rooms.GameManager`)
    holds one, giving it its rooms, its way of reading the database and of sending a room's
    listeners their new views.

    Args:
        rooms: the manager's rooms, by game id (shared, not copied).
        store: the database.
        read: runs a read of the store in a thread: ``await read(function, *args)``.
        announce: sends every listener of a room its new view.
    """

    def __init__(
        self,
        rooms: dict[str, Room],
        store: Store,
        read: Callable[..., Awaitable[Any]],
        announce: Callable[[Room], None],
    ) -> None:
        self.rooms = rooms
        self.store = store
        self.read = read
        self.announce = announce

    async def refresh(self, room: Room) -> None:
        """Catch ``room`` up with the database if another process changed the game."""
        version = await self.read(self.store.version, room.id)
        if version is not None and version != room.version:
            async with room.lock:
                await self.catch_up(room)

    async def catch_up(self, room: Room) -> None:
        """Bring ``room`` (whose lock the caller holds) to the game as stored and send the
        new views."""
        stored = await self.read(self.store.load, room.id)
        if stored is not None and catch_up(room, stored):
            self.announce(room)

    async def changed_elsewhere(self, kind: str, game_id: str, number: int = 0) -> None:
        """Another process changed a game (a notification; ``number``: a new chat line's):
        bring this process's copy and its sockets up to date (chat lines are sent once
        each)."""
        rooms = list(self.rooms.values()) if kind == EVERYTHING else [self.rooms.get(game_id)]
        for room in rooms:
            if room is None:
                continue
            if kind == HINT:
                async with room.lock:
                    room.hinted = list(await self.read(self.store.hinted, room.id))
                    self.announce(room)
            elif kind in (CHAT, EVERYTHING):
                await self._new_chat_lines(room, number if kind == CHAT else None)
            if kind != CHAT:
                await self.refresh(room)

    async def _new_chat_lines(self, room: Room, number: int | None) -> None:
        """Send the room's listeners the chat lines another process kept since the last one
        this process knows (or, knowing none, from line ``number``)."""
        if room.chat is None and (number is None or not room.listeners):
            return  # nobody here reads the chat: it is read whole when asked for
        async with room.lock:
            if room.chat is not None:
                seen = room.chat[-1]["seq"] if room.chat else -1
            else:
                seen = (number or 0) - 1
            fresh = await self.read(self.store.chat, room.id, CHAT_KEEP)
            room.chat = fresh
            for message in fresh:
                if message["seq"] > seen:
                    send_all(room.listeners, {"type": "chat", "message": message})


async def listen(
    url: str, origin: str, changed: Callable[[str, str, int], Awaitable[None]]
) -> None:
    """Hear the games' notifications on the database at ``url`` until cancelled, calling
    ``changed(kind, game_id, number)`` for each but this process's own (``origin``): ``kind``
    one of the store's, or :data:`EVERYTHING` with no game after each (re)connection;
    ``number`` a new chat line's. Needs psycopg (the ``postgres`` extra)."""
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
                    kind, game_id, number, writer = note.payload.split(":")
                    if writer != origin:
                        await changed(kind, game_id, int(number))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: try again, more slowly each time
            log.warning("cannot hear the other processes' changes (%s): retrying", exc)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)
