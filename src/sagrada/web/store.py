"""Persistence of games: each game is its record (config, seed, actions) plus its seats.

SQLAlchemy Core, so any database SQLAlchemy speaks works by URL; the default is a SQLite file.
An action is committed before the server acknowledges it. On SQLite the commit waits, by
default, until the database file is on the disk (``PRAGMA synchronous=FULL``), so an
acknowledged action survives a power loss; with ``sqlite_synchronous="NORMAL"`` it waits only
for the write-ahead log to reach the operating system, which keeps it through a crash of the
server but may lose the last actions acknowledged before a power loss or a crash of the
operating system (never corrupting the database: it reopens as it was a moment earlier).

Several server processes may share one PostgreSQL database (``sagrada serve --workers N``):
each game has a ``version``, raised by every change of its actions, seats or rematch. A write
locks the game's row (``SELECT … FOR UPDATE``) and checks the version the writer saw, so of two
processes acting on the same game at once one wins and the other learns that its copy is stale
(:class:`StaleGame`); and it tells the other processes with ``NOTIFY`` (channel
:data:`CHANNEL`, payload ``"<kind>:<game id>:<number>:<origin>"``: the number a new chat
line's, the origin the writing process's name),
sent when the transaction commits.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DataError, InterfaceError, OperationalError

from sagrada.players.daily import start_attempt
from sagrada.players.results import Ending, record_ending
from sagrada.players.schema import metadata, seat_accounts_table
from sagrada.registry import default_game
from sagrada.web.hot_writes import HotWrites

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(16), nullable=False, server_default=default_game()),
    Column("created", Float, nullable=False),
    Column("config", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    # The game played again by the same seats, once someone asked for it.
    Column("rematch", String(32), nullable=True),
    # Seconds a person has for a turn before a bot plays it for them (none: no limit).
    Column("turn_seconds", Integer, nullable=True),
    # 1: players may ask what the strong bot would do (their creator's choice).
    Column("hints", Integer, nullable=False, server_default="0"),
    # Raised by every change of the game's actions, seats or rematch (see the module's text).
    Column("version", Integer, nullable=False, server_default="0"),
    # The day (``YYYY-MM-DD``) of a daily challenge's attempt: its record stays on the server
    # until the day is over (:mod:`sagrada.players.daily`).
    Column("daily", String(10), nullable=True),
)

#: What the database driver raises while the database cannot be reached (stopped, restarting,
#: the network down): the server answers 503 and has changed nothing.
DATABASE_DOWN = (OperationalError, InterfaceError)
#: What the database driver raises for a value the database cannot keep (PostgreSQL's text
#: cannot hold a NUL; a text too long for its column): the request is refused, nothing kept.
VALUE_REFUSED = (DataError,)

#: The SQLite ``synchronous`` levels a store may run with: FULL (the default: an acknowledged
#: action survives a power loss) or NORMAL (faster: the last actions before a power loss may
#: be lost; see the module's docstring).
SQLITE_SYNCHRONOUS = ("FULL", "NORMAL")

#: The PostgreSQL channel on which a process says it changed a game.
CHANNEL = "sagrada_games"
#: The kinds of change a notification names: the game (actions, seats, rematch: its version
#: rose), its chat, its hints.
CHANGED, CHAT, HINT = "game", "chat", "hint"

#: Columns added since the first databases were made (table, column), and how to add them
#: to an old one.
_ADDED_COLUMNS: dict[tuple[str, str], str] = {
    ("games", "game"): (
        f"ALTER TABLE games ADD COLUMN game VARCHAR(16) NOT NULL DEFAULT '{default_game()}'"
    ),
    ("games", "rematch"): "ALTER TABLE games ADD COLUMN rematch VARCHAR(32)",
    ("games", "turn_seconds"): "ALTER TABLE games ADD COLUMN turn_seconds INTEGER",
    ("games", "hints"): "ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
    ("games", "version"): "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
    ("games", "daily"): "ALTER TABLE games ADD COLUMN daily VARCHAR(10)",
    ("actions", "auto"): "ALTER TABLE actions ADD COLUMN auto INTEGER NOT NULL DEFAULT 0",
}

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created", Float, nullable=False),
    # 1: a bot played it for a person whose time ran out.
    Column("auto", Integer, nullable=False, server_default="0"),
)

hints_table = Table(
    "hints",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    # The number of the action the hint was asked for (the game's count of actions then).
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
)

chat_table = Table(
    "chat",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as the database holds it."""

    id: str
    game: str
    created: float
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    status: str
    actions: list[str]
    rematch: str | None = None
    turn_seconds: int | None = None
    #: The time of the last action (``None``: none yet), and the actions a bot played for a
    #: person whose time ran out, by number.
    last_action: float | None = None
    auto: tuple[int, ...] = ()
    hints: bool = False
    hinted: tuple[int, ...] = ()
    version: int = 0
    daily: str | None = None


class StaleGame(Exception):
    """A write refused because the game changed since the writer read it (another server
    process wrote first): read it again."""


@dataclass(frozen=True, slots=True)
class Activity:
    """When an unfinished game was created, its seats, and when each seat last acted."""

    id: str
    created: float
    seats: list[dict[str, Any]]
    last_action: dict[int, float]


class Store:
    """The games database (thread-safe: every method opens its own connection, but for the
    statements of every action, run on a connection each thread keeps: :attr:`hot`)."""

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL") -> None:
        if sqlite_synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError(f"sqlite_synchronous must be one of {', '.join(SQLITE_SYNCHRONOUS)}")
        connect_args: dict[str, Any] = {}
        sqlite = url.startswith("sqlite")
        if sqlite:
            connect_args["check_same_thread"] = False
        self.url = url
        # pre_ping: a connection the database dropped (a restart) is replaced, not used (a
        # SQLite file is never dropped: no ping there).
        self.engine: Engine = create_engine(
            url, connect_args=connect_args, pool_pre_ping=not sqlite
        )
        #: The statements of every action, on connections kept by the threads running them.
        self.hot = HotWrites(self.engine)
        #: Whether other server processes may share the database (PostgreSQL: they learn of
        #: each change by NOTIFY).
        self.shared = self.engine.dialect.name == "postgresql"
        #: This process's name in its notifications, so that it can pass over its own.
        self.origin = secrets.token_hex(6)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _SqlitePragmas(sqlite_synchronous))
        metadata.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        """Give a database made by an older server the columns added since (a database made
        before the server played two games has no ``game`` column: every game stored so far
        is the dice game's)."""
        inspector = inspect(self.engine)
        columns = {
            (table, c["name"])
            for table in ("games", "actions")
            for c in inspector.get_columns(table)
        }
        for column, statement in _ADDED_COLUMNS.items():
            if column not in columns:
                with self.engine.begin() as conn:
                    conn.execute(text(statement))

    def create_game(
        self,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        seats: list[dict[str, Any]],
        status: str,
        game: str | None = None,
        turn_seconds: int | None = None,
        hints: bool = False,
        daily: str | None = None,
    ) -> float:
        """Insert a new game (of the registry's game ``game``, with ``turn_seconds`` a turn or
        no limit; the default game's when None; ``daily``: the day of a daily challenge's
        attempt, its account's seat's: the attempt is written with it); return its creation
        time.

        Raises:
            AttemptTaken: for a daily challenge's attempt the account has started already
                (nothing is stored).
        """
        game = game or default_game()
        created = time.time()
        with self.engine.begin() as conn:
            if daily is not None:
                # First: the attempt's key is taken before anything else is written.
                account = next(s["account"] for s in seats if s.get("account") is not None)
                start_attempt(conn, daily, game, account, game_id, created)
            conn.execute(
                insert(games_table).values(
                    id=game_id,
                    game=game,
                    created=created,
                    config=json.dumps(config),
                    seed=seed,
                    seats=json.dumps(seats),
                    status=status,
                    turn_seconds=turn_seconds,
                    hints=int(hints),
                    daily=daily,
                )
            )
            _index_seats(conn, game_id, seats)
        return created

    def _change(self, conn: Connection, game_id: str, version: int | None, **values: Any) -> None:
        """Change the game's row (its ``values``), which stays locked until the transaction
        ends; with ``version``, only if the game is still at it, raising it by one. One
        statement: the row lock, the check and the change.

        Raises:
            StaleGame: if the game is at another version.
        """
        query = update(games_table).where(games_table.c.id == game_id).values(**values)
        if version is not None:
            query = query.where(games_table.c.version == version).values(version=version + 1)
        if conn.execute(query).rowcount != 1 and version is not None:
            raise StaleGame(game_id)

    @staticmethod
    def _lock(conn: Connection, game_id: str) -> None:
        """Lock the game's row until the transaction ends (one writer of its chat at a time)."""
        conn.execute(
            select(games_table.c.version).where(games_table.c.id == game_id).with_for_update()
        )

    def _notify(self, conn: Connection, kind: str, game_id: str, number: int = 0) -> None:
        """Tell the other processes that ``game_id`` changed (when the transaction commits);
        ``number`` says which chat line is new."""
        if self.shared:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": self._payload(kind, game_id, number)},
            )

    def _payload(self, kind: str, game_id: str, number: int = 0) -> str:
        """A notification's text (the module's docstring)."""
        return f"{kind}:{game_id}:{number}:{self.origin}"

    def update_seats(
        self, game_id: str, seats: list[dict[str, Any]], status: str, version: int | None = None
    ) -> None:
        """Store new seat data (a seat was claimed) and the status; with ``version``, only if
        the game is still at that version (raised by one).

        Raises:
            StaleGame: if it is not.
        """
        with self.engine.begin() as conn:
            self._change(conn, game_id, version, seats=json.dumps(seats), status=status)
            _index_seats(conn, game_id, seats)
            self._notify(conn, CHANGED, game_id)

    def append_actions(
        self,
        game_id: str,
        first_seq: int,
        actions: list[tuple[str, int]],
        status: str,
        auto: bool = False,
        version: int | None = None,
        ending: Ending | None = None,
    ) -> float:
        """Append actions (text, seat) from sequence number ``first_seq``, in one transaction
        (``auto``: a bot played them for a person whose time ran out); return their time.
        With ``version``, only if the game is still at that version (raised by one). With
        ``ending`` (the actions end the game), its results and ratings are written in the same
        transaction (:func:`sagrada.players.results.record_ending`).

        Raises:
            StaleGame: if it is not.
        """
        now = time.time()
        if version is not None and ending is None:
            # The common case: the statements written once, on the kept connection.
            rows = [
                (first_seq + i, text, seat, now, int(auto))
                for i, (text, seat) in enumerate(actions)
            ]
            notify = (CHANNEL, self._payload(CHANGED, game_id)) if self.shared else None
            if not self.hot.append(game_id, version, status, rows, notify):
                raise StaleGame(game_id)
            return now
        with self.engine.begin() as conn:
            # The game's row first: its lock keeps a second writer waiting before the actions.
            self._change(conn, game_id, version, status=status)
            conn.execute(
                insert(actions_table),
                [
                    {
                        "game_id": game_id,
                        "seq": first_seq + i,
                        "action": text,
                        "seat": seat,
                        "created": now,
                        "auto": int(auto),
                    }
                    for i, (text, seat) in enumerate(actions)
                ],
            )
            if ending is not None:
                record_ending(conn, ending, now)
            self._notify(conn, CHANGED, game_id)
        return now

    def load(self, game_id: str) -> StoredGame | None:
        """Return a game with its actions in order, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if row is None:
                return None
            actions = conn.execute(
                select(actions_table.c.action, actions_table.c.created, actions_table.c.auto)
                .where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.seq)
            ).all()
            return StoredGame(
                row.id,
                row.game,
                row.created,
                json.loads(row.config),
                row.seed,
                json.loads(row.seats),
                row.status,
                [a.action for a in actions],
                row.rematch,
                row.turn_seconds,
                actions[-1].created if actions else None,
                tuple(i for i, a in enumerate(actions) if a.auto),
                bool(row.hints),
                self._hinted(conn, game_id),
                row.version,
                row.daily,
            )

    @staticmethod
    def _hinted(conn: Connection, game_id: str) -> tuple[int, ...]:
        query = (
            select(hints_table.c.seq)
            .where(hints_table.c.game_id == game_id)
            .order_by(hints_table.c.seq)
        )
        return tuple(conn.execute(query).scalars())

    def version(self, game_id: str) -> int | None:
        """Return the game's version (``None`` if there is no such game)."""
        return self.hot.version(game_id)

    def hinted(self, game_id: str) -> tuple[int, ...]:
        """Return the numbers of the actions a hint was asked for, in order."""
        with self.engine.connect() as conn:
            return self._hinted(conn, game_id)

    def game_ids(
        self,
        statuses: tuple[str, ...],
        limit: int = 200,
        offset: int = 0,
        *,
        daily: bool = True,
    ) -> list[str]:
        """Return the ids of the newest games with one of ``statuses`` (skipping ``offset``;
        ``daily=False``: no daily challenge's attempt)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table.c.id)
                .where(games_table.c.status.in_(statuses), *_daily_filter(daily))
                .order_by(games_table.c.created.desc(), games_table.c.id)
                .offset(offset)
                .limit(limit)
            ).scalars()
            return list(rows)

    def count_games(self, statuses: tuple[str, ...], *, daily: bool = True) -> int:
        """Return how many games have one of ``statuses`` (``daily=False``: not counting
        the daily challenge's attempts)."""
        with self.engine.connect() as conn:
            query = select(func.count()).where(
                games_table.c.status.in_(statuses), *_daily_filter(daily)
            )
            return int(conn.execute(query.select_from(games_table)).scalar_one())

    def activity(self, statuses: tuple[str, ...]) -> list[Activity]:
        """Every game with one of ``statuses``: its creation, its seats and the time of each
        seat's last action."""
        with self.engine.connect() as conn:
            games = conn.execute(
                select(games_table.c.id, games_table.c.created, games_table.c.seats).where(
                    games_table.c.status.in_(statuses)
                )
            ).all()
            last: dict[str, dict[int, float]] = {}
            rows = conn.execute(
                select(
                    actions_table.c.game_id, actions_table.c.seat, func.max(actions_table.c.created)
                )
                .join(games_table, games_table.c.id == actions_table.c.game_id)
                .where(games_table.c.status.in_(statuses))
                .group_by(actions_table.c.game_id, actions_table.c.seat)
            ).all()
            for game_id, seat, when in rows:
                last.setdefault(game_id, {})[seat] = when
        return [
            Activity(row.id, row.created, json.loads(row.seats), last.get(row.id, {}))
            for row in games
        ]

    def account_seats(
        self, account_id: int, statuses: tuple[str, ...], limit: int = 100
    ) -> list[tuple[str, int, bool]]:
        """The seats an account plays or is offered in the newest games with one of
        ``statuses``: ``(game id, seat, offered)``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    seat_accounts_table.c.game_id,
                    seat_accounts_table.c.seat,
                    seat_accounts_table.c.offered,
                )
                .join(games_table, games_table.c.id == seat_accounts_table.c.game_id)
                .where(
                    seat_accounts_table.c.account_id == account_id,
                    games_table.c.status.in_(statuses),
                )
                .order_by(games_table.c.created.desc())
                .limit(limit)
            ).all()
        return [(row.game_id, row.seat, bool(row.offered)) for row in rows]

    def add_hint(self, game_id: str, seq: int, seat: int) -> None:
        """Note that ``seat`` asked for a hint before the game's action number ``seq`` (once,
        however many processes note it)."""
        with self.engine.begin() as conn:
            self._lock(conn, game_id)
            noted = conn.execute(
                select(hints_table.c.seq).where(
                    hints_table.c.game_id == game_id, hints_table.c.seq == seq
                )
            ).first()
            if noted is None:
                conn.execute(insert(hints_table).values(game_id=game_id, seq=seq, seat=seat))
                self._notify(conn, HINT, game_id)

    def add_chat(self, game_id: str, seat: int, name: str, text: str) -> tuple[int, float]:
        """Keep a message of a game's chat, numbered after the last one; return its number
        and time."""
        created = time.time()
        with self.engine.begin() as conn:
            self._lock(conn, game_id)  # one writer of the numbers at a time
            last = conn.execute(
                select(func.max(chat_table.c.seq)).where(chat_table.c.game_id == game_id)
            ).scalar()
            seq = 0 if last is None else int(last) + 1
            conn.execute(
                insert(chat_table).values(
                    game_id=game_id, seq=seq, seat=seat, name=name, text=text, created=created
                )
            )
            self._notify(conn, CHAT, game_id, seq)
        return seq, created

    def chat(self, game_id: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` messages of a game's chat, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat_table)
                .where(chat_table.c.game_id == game_id)
                .order_by(chat_table.c.seq.desc())
                .limit(limit)
            ).all()
        return [
            {"seq": r.seq, "seat": r.seat, "name": r.name, "text": r.text, "created": r.created}
            for r in reversed(rows)
        ]

    def set_rematch(self, game_id: str, rematch: str, version: int | None = None) -> None:
        """Note that ``rematch`` plays the game ``game_id`` again; with ``version``, only if
        the game is still at that version (raised by one).

        Raises:
            StaleGame: if it is not.
        """
        with self.engine.begin() as conn:
            self._change(conn, game_id, version, rematch=rematch)
            self._notify(conn, CHANGED, game_id)

    def set_status(self, game_ids: list[str], status: str) -> None:
        """Give the games ``game_ids`` the status ``status``."""
        if not game_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(
                update(games_table).where(games_table.c.id.in_(game_ids)).values(status=status)
            )

    def count(self) -> int:
        """Return the number of games stored."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games_table)).scalar_one())

    def games_by_status(self) -> list[tuple[str, str, int]]:
        """Return how many games there are of each game and status: ``(game, status, count)``
        (one grouped query, for the metrics)."""
        columns = (games_table.c.game, games_table.c.status)
        with self.engine.connect() as conn:
            rows = conn.execute(select(*columns, func.count()).group_by(*columns))
            return [(str(game), str(status), int(count)) for game, status, count in rows]

    def ping(self) -> None:
        """Ask the database something trivial (the first game's id), to learn that it answers.

        Raises:
            sqlalchemy.exc.SQLAlchemyError: it does not (:data:`DATABASE_DOWN` while it cannot
                be reached).
        """
        with self.engine.connect() as conn:
            conn.execute(select(games_table.c.id).limit(1)).first()

    def close(self) -> None:
        """Release the database connections."""
        self.hot.close()
        self.engine.dispose()


def _daily_filter(daily: bool) -> list[Any]:
    """The condition leaving out the daily challenge's attempts (none: they are kept)."""
    return [] if daily else [games_table.c.daily.is_(None)]


def _index_seats(conn: Connection, game_id: str, seats: list[dict[str, Any]]) -> None:
    """Write down which account plays (or is offered) which seat of a game, from its seats:
    the index by which an account finds its games."""
    conn.execute(delete(seat_accounts_table).where(seat_accounts_table.c.game_id == game_id))
    rows = [
        {
            "game_id": game_id,
            "seat": seat["seat"],
            "account_id": seat.get("account") or seat.get("offered"),
            "offered": int(not seat.get("account")),
        }
        for seat in seats
        if seat.get("account") or seat.get("offered")
    ]
    if rows:
        conn.execute(insert(seat_accounts_table), rows)


@dataclass(frozen=True)
class _SqlitePragmas:
    """The settings of each new SQLite connection: the write-ahead log, the synchronous level
    chosen (one of :data:`SQLITE_SYNCHRONOUS`) and foreign keys."""

    synchronous: str

    def __call__(self, connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={self.synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
