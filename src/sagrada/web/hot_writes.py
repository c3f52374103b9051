"""The statements the server runs at every action, written once in the driver's own SQL and
run on a connection each thread keeps (:class:`HotWrites`).

Building a statement with SQLAlchemy's expression language and checking a connection out of
the pool (with its ping) costs several times what the database spends on the statement; the
few statements of every action skip both. They still go through SQLAlchemy's connection
(``exec_driver_sql``), so its errors are SQLAlchemy's (a database that cannot be reached is
:data:`sagrada.web.store.DATABASE_DOWN`) and a connection the database dropped is replaced at
the next call, as the pool's would be.

On PostgreSQL an action's write is one statement, so one round trip, committed on its own:
the game's row is changed only if the game is still at the version the writer saw (its lock
taken by that change), the actions are inserted only if it was, and the other processes are
told (``NOTIFY``) in the same statement. On SQLite it is the same change and insert in one
transaction, as before.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy.engine import Connection, Engine

#: A new action's row: its number, text, seat, time and whether a bot played it for a person
#: out of time (1) or not (0).
ActionRow = tuple[int, str, int, float, int]

#: The columns of an action's row, in :data:`ActionRow`'s order.
_COLUMNS: Final = "seq, action, seat, created, auto"


class HotWrites:
    """The statements of every action, on a connection kept by each thread that runs them
    (the server runs them on its one writer thread).

    Args:
        engine: the store's engine (SQLite or PostgreSQL).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgresql = engine.dialect.name == "postgresql"
        mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self._mark = mark
        self._version = f"SELECT version FROM games WHERE id = {mark}"
        self._change = (
            f"UPDATE games SET status = {mark}, version = {mark} "
            f"WHERE id = {mark} AND version = {mark}"
        )
        self._insert = (
            f"INSERT INTO actions (game_id, {_COLUMNS}) "
            f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark})"
        )
        self._kept = threading.local()
        self._every: list[Connection] = []
        self._lock = threading.Lock()

    def _connection(self) -> Connection:
        """This thread's connection (a new one if it has none, or if its last was dropped)."""
        conn: Connection | None = getattr(self._kept, "conn", None)
        if conn is not None and not conn.invalidated and not conn.closed:
            return conn
        conn = self.engine.connect()
        if self.postgresql:
            # Each statement commits on its own: an action's write is one statement.
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
        self._kept.conn = conn
        with self._lock:
            self._every.append(conn)
        return conn

    def _drop(self) -> None:
        """Forget this thread's connection after an error (a new one is made next time)."""
        conn: Connection | None = getattr(self._kept, "conn", None)
        self._kept.conn = None
        if conn is not None:
            with self._lock:
                if conn in self._every:
                    self._every.remove(conn)
            try:
                conn.close()
            except Exception:  # a broken connection may fail to close
                conn.invalidate()

    def version(self, game_id: str) -> int | None:
        """The game's version (``None``: no such game)."""
        conn = self._connection()
        try:
            value = conn.exec_driver_sql(self._version, (game_id,)).scalar()
            if not self.postgresql:
                conn.rollback()  # the read's transaction ends: the next read sees new writes
        except Exception:
            self._drop()
            raise
        return None if value is None else int(value)

    def append(
        self,
        game_id: str,
        version: int,
        status: str,
        rows: Sequence[ActionRow],
        notify: tuple[str, str] | None,
    ) -> bool:
        """Give the game ``status`` and the next version, and add its actions ``rows``, if it
        is still at ``version``; tell the other processes ``notify`` (channel, payload) when
        given. Return whether it was at ``version`` (nothing is written if not)."""
        conn = self._connection()
        try:
            if self.postgresql:
                return self._append_in_one(conn, game_id, version, status, rows, notify)
            with conn.begin():
                changed = conn.exec_driver_sql(
                    self._change, (status, version + 1, game_id, version)
                ).rowcount
                if changed != 1:
                    return False
                conn.exec_driver_sql(self._insert, [(game_id, *row) for row in rows])
            return True
        except Exception:
            self._drop()
            raise

    def _append_in_one(
        self,
        conn: Connection,
        game_id: str,
        version: int,
        status: str,
        rows: Sequence[ActionRow],
        notify: tuple[str, str] | None,
    ) -> bool:
        """:meth:`append` as one PostgreSQL statement: the change of the game's row, the
        actions inserted only if it changed, and the notification."""
        mark = self._mark
        row = (
            f"({mark}::integer, {mark}::text, {mark}::integer, "
            f"{mark}::double precision, {mark}::integer)"
        )
        told = f"pg_notify({mark}, {mark})" if notify is not None else "1"
        statement = (
            f"WITH changed AS ({self._change} RETURNING id), "
            f"added AS (INSERT INTO actions (game_id, {_COLUMNS}) "
            f"SELECT changed.id, {_COLUMNS} FROM changed CROSS JOIN "
            f"(VALUES {', '.join([row] * len(rows))}) AS new ({_COLUMNS})) "
            f"SELECT {told} FROM changed"
        )
        values: list[Any] = [status, version + 1, game_id, version]
        for action in rows:
            values.extend(action)
        if notify is not None:
            values.extend(notify)
        return len(conn.exec_driver_sql(statement, tuple(values)).all()) == 1

    def close(self) -> None:
        """Close every thread's connection."""
        with self._lock:
            every, self._every = self._every, []
        for conn in every:
            try:
                conn.close()
            except Exception:  # closing at the end: nothing more to do
                conn.invalidate()
