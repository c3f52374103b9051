"""Sessions: who is logged in, kept on the server and revocable (docs/players.md, "Sessions").

Logging in makes a session: a random secret that the browser keeps in an HttpOnly cookie
(:data:`COOKIE`) and the server keeps only as its SHA-256, beside the account, when it was made
and last used, and what the browser called itself. A session ends when its owner logs out or
revokes it from another, or after :data:`SESSION_DAYS` days unused.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine

from sagrada.players.accounts import Account, account_of_row
from sagrada.players.schema import accounts_table, sessions_table

#: The cookie that holds a session's secret.
COOKIE: Final = "sagrada_session"
#: Days a session lasts unused (each use starts them again).
SESSION_DAYS: Final = 30
SESSION_SECONDS: Final = SESSION_DAYS * 24 * 3600
#: A session's id: this many random bytes, written in hexadecimal.
SESSION_ID_BYTES: Final = 8
SESSION_ID: Final = re.compile(f"[0-9a-f]{{{2 * SESSION_ID_BYTES}}}")
#: How often a session's last use is written down (seconds): not at every request.
SEEN_EVERY: Final = 3600.0
#: The longest secret read from a cookie (a secret is 43 characters).
MAX_SECRET: Final = 64


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Session:
    """A session of an account, as its owner's list shows it."""

    id: str
    created: float
    seen: float
    agent: str
    current: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "created": self.created,
            "seen": self.seen,
            "agent": self.agent,
            "current": self.current,
        }


class Sessions:
    """The sessions of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def open(self, account: Account, agent: str) -> str:
        """Start a session of ``account``; return its secret (for the cookie, never kept)."""
        secret = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(sessions_table).values(
                    id=secrets.token_hex(SESSION_ID_BYTES),
                    secret=_digest(secret),
                    account_id=account.id,
                    created=now,
                    seen=now,
                    agent=agent[:120],
                )
            )
        return secret

    def account(self, secret: str | None) -> tuple[Account, str] | None:
        """The account a cookie's secret is logged in as, and the session's id; ``None`` for
        no secret, an unknown one or a session unused too long (which ends it)."""
        if not secret or len(secret) > MAX_SECRET:
            return None
        digest = _digest(secret)
        now = time.time()
        with self.engine.connect() as conn:
            row = conn.execute(
                select(
                    accounts_table,
                    sessions_table.c.id.label("session_id"),
                    sessions_table.c.seen,
                )
                .join(sessions_table, sessions_table.c.account_id == accounts_table.c.id)
                .where(sessions_table.c.secret == digest)
            ).first()
        if row is None:
            return None
        if now - row.seen > SESSION_SECONDS:
            self._end(sessions_table.c.secret == digest)
            return None
        if now - row.seen > SEEN_EVERY:
            with self.engine.begin() as conn:
                conn.execute(
                    update(sessions_table).where(sessions_table.c.secret == digest).values(seen=now)
                )
        return account_of_row(row), row.session_id

    def close(self, secret: str) -> None:
        """End the session of a cookie's secret (logging out)."""
        self._end(sessions_table.c.secret == _digest(secret[:MAX_SECRET]))

    def list(self, account_id: int, current: str) -> list[Session]:
        """Every session of an account, the newest used first (``current``: the id of the
        session asking)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(sessions_table)
                .where(sessions_table.c.account_id == account_id)
                .order_by(sessions_table.c.seen.desc())
            ).all()
        return [Session(r.id, r.created, r.seen, r.agent, r.id == current) for r in rows]

    def revoke(self, account_id: int, session_id: str) -> bool:
        """End one of an account's sessions by its id; return whether there was one."""
        if not SESSION_ID.fullmatch(session_id):
            return False  # no session's id (and perhaps text PostgreSQL cannot hold)
        return (
            self._end(
                (sessions_table.c.account_id == account_id) & (sessions_table.c.id == session_id)
            )
            > 0
        )

    def revoke_others(self, account_id: int, current: str) -> int:
        """End every session of an account but ``current``; return how many."""
        return self._end(
            (sessions_table.c.account_id == account_id) & (sessions_table.c.id != current)
        )

    def _end(self, where: Any) -> int:
        with self.engine.begin() as conn:
            return int(conn.execute(delete(sessions_table).where(where)).rowcount)
