"""Limits kept in the database, so that every server process sharing it enforces the same
numbers (``sagrada serve --workers N``; docs/web-api.md, "Limits"):

* :class:`SharedRate`: a token bucket per key (new games, seat claims, sign-ups per client
  address), taken from in one statement that refills and takes at once, or not at all;
* :class:`ThinkingGames`: the unfinished games whose turns cost thinking (a bot seat, or a
  turn limit, for which a stand-in plays), counted per creating address and in all, and those
  of bots only; a game is counted from the moment it is allowed, before it is stored.

A client's address is never kept as it is: every key is an HMAC of it with a secret of the
server (:func:`sagrada.players.secrets.server_secret`), the same in every process.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from typing import Final

from sqlalchemy import (
    Column,
    Float,
    Integer,
    String,
    Table,
    case,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from sagrada.players.schema import metadata
from sagrada.players.secrets import server_secret
from sagrada.web.store import games_table

rate_buckets_table: Final = Table(
    "rate_buckets",
    metadata,
    # An HMAC of what is counted (``"join:" + address``), or the name of a lock.
    Column("key", String(64), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("updated", Float, nullable=False, index=True),
)

thinking_games_table: Final = Table(
    "thinking_games",
    metadata,
    Column("game_id", String(32), primary_key=True),
    # An HMAC of the creating client's address.
    Column("address", String(64), nullable=False, index=True),
    Column("created", Float, nullable=False, index=True),
    # 1: no seat of the game is a person's.
    Column("bot_only", Integer, nullable=False),
)

#: The secret the keys of client addresses are made with (kept in ``server_secrets``).
ADDRESS_SECRET: Final = "address_keys"
#: Seconds a game allowed but not yet stored counts (its creation failed after that).
RESERVED_FOR: Final = 60.0
#: The row whose lock makes one process at a time count and add thinking games.
THINKING_LOCK: Final = "lock:thinking_games"
#: What :meth:`ThinkingGames.admit` names when a limit is reached.
PER_ADDRESS, IN_TOTAL, BOT_ONLY = "address", "total", "bot_only"


class AddressKeys:
    """Keys of client addresses: an HMAC with the server's secret, so that the database holds
    no address in clear, yet every process makes the same key of the same address."""

    def __init__(self, engine: Engine) -> None:
        self._secret = bytes.fromhex(server_secret(engine, ADDRESS_SECRET))

    def key(self, text: str) -> str:
        """The key of ``text`` (an address, with what is counted for it): 64 hex digits."""
        return hmac.new(self._secret, text.encode(), hashlib.sha256).hexdigest()


class SharedRate:
    """Token buckets by key kept in the database: ``rate`` tokens a second, bursts up to
    ``burst``. A take refills the bucket for the time passed and takes one token in one
    conditional ``UPDATE``, which the database applies to the row one transaction at a time,
    so processes taking at once never take more than the bucket holds."""

    def __init__(self, engine: Engine, keys: AddressKeys, rate: float, burst: float) -> None:
        self.engine = engine
        self.keys = keys
        self.rate = rate
        self.burst = burst

    async def allow(self, key: str) -> bool:
        """Take one token from the bucket of ``key`` (an address, with what is counted for
        it); return False if it is empty."""
        return await asyncio.to_thread(self.take, self.keys.key(key))

    def take(self, key: str, now: float | None = None) -> bool:
        """Take one token from the bucket of the hashed ``key``; return False if it is empty."""
        now = time.time() if now is None else now
        buckets = rate_buckets_table.c
        # The tokens after refilling for the time since the last take (none for a clock that
        # went back), at most a burst.
        passed = case((buckets.updated < now, literal(now) - buckets.updated), else_=0.0)
        refilled = buckets.tokens + passed * self.rate
        filled = case((refilled > self.burst, literal(self.burst)), else_=refilled)
        take = (
            update(rate_buckets_table)
            .where(buckets.key == key, filled >= 1)
            .values(tokens=filled - 1, updated=now)
        )
        for _attempt in range(2):
            try:
                with self.engine.begin() as conn:
                    if conn.execute(take).rowcount == 1:
                        return True
                    if conn.execute(select(buckets.key).where(buckets.key == key)).first():
                        return False  # the bucket is empty
                    conn.execute(
                        insert(rate_buckets_table).values(
                            key=key, tokens=self.burst - 1, updated=now
                        )
                    )
                    return True
            except IntegrityError:
                continue  # another process made the bucket at the same moment: take from it
        return False

    def sweep(self, now: float | None = None) -> int:
        """Forget the buckets full again (no take for as long as filling one takes): they
        are the same as none. Return how many."""
        now = time.time() if now is None else now
        full_after = self.burst / self.rate
        buckets = rate_buckets_table.c
        with self.engine.begin() as conn:
            return int(
                conn.execute(
                    delete(rate_buckets_table).where(
                        buckets.updated < now - full_after, ~buckets.key.startswith("lock:")
                    )
                ).rowcount
            )


def lock(conn: Connection, name: str, now: float) -> None:
    """Hold the row ``name`` of the buckets' table until ``conn``'s transaction ends: an
    ``UPDATE`` locks the row on PostgreSQL and the whole database on SQLite, so another
    transaction locking it waits, and then sees what this one wrote (made at first use).

    Raises:
        IntegrityError: when two processes make the row at once (the caller tries again).
    """
    buckets = rate_buckets_table.c
    locked = update(rate_buckets_table).where(buckets.key == name).values(updated=now)
    if conn.execute(locked).rowcount != 1:
        conn.execute(insert(rate_buckets_table).values(key=name, tokens=0.0, updated=now))


class ThinkingGames:
    """The unfinished games whose turns cost thinking, by creating address, in the database.

    Args:
        engine: the database.
        keys: the keys of client addresses.
        per_address: how many one address may have created.
        in_total: how many there may be in all.
        bot_only: how many of them may have no person's seat.
    """

    def __init__(
        self, engine: Engine, keys: AddressKeys, per_address: int, in_total: int, bot_only: int
    ) -> None:
        self.engine = engine
        self.keys = keys
        self.per_address = per_address
        self.in_total = in_total
        self.bot_only = bot_only

    async def allow(self, game_id: str, address: str, bot_only: bool) -> str | None:
        """Count the game ``game_id`` about to be created from ``address`` (``bot_only``: no
        seat of it is a person's), or, over a limit, count nothing and name the limit:
        :data:`PER_ADDRESS`, :data:`IN_TOTAL` or :data:`BOT_ONLY`."""
        return await asyncio.to_thread(self.admit, game_id, self.keys.key(address), bot_only)

    def admit(
        self, game_id: str, address: str, bot_only: bool, now: float | None = None
    ) -> str | None:
        """:meth:`allow` for the hashed ``address``."""
        now = time.time() if now is None else now
        for attempt in range(2):
            try:
                with self.engine.begin() as conn:
                    lock(conn, THINKING_LOCK, now)
                    mine, everyone, bots = self._counts(conn, address, now)
                    if mine >= self.per_address:
                        return PER_ADDRESS
                    if everyone >= self.in_total:
                        return IN_TOTAL
                    if bot_only and bots >= self.bot_only:
                        return BOT_ONLY
                    conn.execute(
                        insert(thinking_games_table).values(
                            game_id=game_id, address=address, created=now, bot_only=int(bot_only)
                        )
                    )
                    return None
            except IntegrityError:
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def _counts(conn: Connection, address: str, now: float) -> tuple[int, int, int]:
        """How many unfinished thinking games ``address`` created, in all, and of bots only
        (a game allowed a moment ago and not yet stored counts as unfinished)."""
        thinking = thinking_games_table.c
        games = games_table.c
        query = (
            select(
                func.count(),
                func.coalesce(func.sum(case((thinking.address == address, 1), else_=0)), 0),
                func.coalesce(func.sum(thinking.bot_only), 0),
            )
            .select_from(thinking_games_table.outerjoin(games_table, games.id == thinking.game_id))
            .where(
                or_(
                    games.status.in_(("open", "running")),
                    (games.id.is_(None)) & (thinking.created > now - RESERVED_FOR),
                )
            )
        )
        everyone, mine, bots = conn.execute(query).one()
        return int(mine), int(everyone), int(bots)

    def sweep(self, now: float | None = None) -> int:
        """Forget the games that are over (or expired), and those allowed but never stored;
        return how many."""
        now = time.time() if now is None else now
        thinking = thinking_games_table.c
        games = games_table.c
        unfinished = select(games.id).where(games.status.in_(("open", "running")))
        with self.engine.begin() as conn:
            return int(
                conn.execute(
                    delete(thinking_games_table).where(
                        thinking.game_id.not_in(unfinished),
                        thinking.created < now - RESERVED_FOR,
                    )
                ).rowcount
            )


def create_tables(engine: Engine) -> None:
    """Make this module's tables where they are missing."""
    metadata.create_all(engine, tables=[rate_buckets_table, thinking_games_table])
