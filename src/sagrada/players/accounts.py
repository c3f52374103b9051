"""Accounts: a name and a password, made, found and checked (docs/players.md, "Accounts").

A name is 3 to 20 letters, digits, ``_`` or ``-``, unique ignoring case; a password at least
10 characters. Passwords are kept as Argon2id hashes (argon2-cffi's recommended parameters),
re-hashed at a login when those parameters have changed. Logging in is limited per name and per
client address (:data:`NAME_FAILURES`, :data:`ADDRESS_FAILURES` failed attempts in
:data:`FAILURE_WINDOW` seconds), counted in the database so that every server process counts
the same attempts. A wrong password and an unknown name are refused alike, in the same time.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from sagrada.core.messages import msg
from sagrada.i18n import languages
from sagrada.players.refusal import Refusal
from sagrada.players.schema import NAME_LENGTH, accounts_table, login_failures_table

#: What an account's name is made of, and its length.
NAME_PATTERN: Final = re.compile(rf"[A-Za-z0-9_-]{{3,{NAME_LENGTH}}}")
#: The shortest password, and the longest taken (a longer one is refused, not cut).
MIN_PASSWORD: Final = 10
MAX_PASSWORD: Final = 200
#: Failed logins that block a name, or a client address, until the window has passed.
NAME_FAILURES: Final = 10
ADDRESS_FAILURES: Final = 30
FAILURE_WINDOW: Final = 15 * 60.0
#: The longest e-mail address taken (RFC 5321's path limit).
MAX_EMAIL: Final = 254
#: An e-mail address: no spaces or control characters (a NUL, which PostgreSQL cannot keep).
_EMAIL: Final = re.compile(
    r"[^@\s\x00-\x1f\x7f]{1,64}@[^@\s\x00-\x1f\x7f]+\.[^@\s.\x00-\x1f\x7f]{2,}"
)

_hasher: Final = PasswordHasher()


@cache
def _decoy() -> str:
    """A hash checked when the name is unknown, so that an unknown name takes as long to
    refuse as a wrong password (made once, when first needed)."""
    return _hasher.hash("not the password of any account")


@dataclass(frozen=True, slots=True)
class Account:
    """An account as its owner sees it (``email`` is never shown to anyone else)."""

    id: int
    name: str
    created: float
    language: str
    email: str | None
    email_turns: bool

    def private(self) -> dict[str, Any]:
        """What ``GET /api/me`` answers its owner."""
        return {
            "name": self.name,
            "created": self.created,
            "language": self.language,
            "email": self.email,
            "email_turns": self.email_turns,
        }


def name_key(name: str) -> str:
    """The form in which names are compared (unique ignoring case)."""
    return name.lower()


def check_name(name: Any) -> str:
    """The name, if it is one an account may have.

    Raises:
        Refusal: 422 saying what a name is made of.
    """
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise Refusal(422, msg("players.bad_name", least=3, most=NAME_LENGTH))
    return name


def check_password(password: Any) -> str:
    """The password, if it is long enough (and not absurdly long).

    Raises:
        Refusal: 422 saying how long a password must be.
    """
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise Refusal(422, msg("players.short_password", n=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        raise Refusal(422, msg("players.long_password", n=MAX_PASSWORD))
    return password


def check_email(email: Any) -> str | None:
    """The e-mail address (``None`` or ``""``: none).

    Raises:
        Refusal: 422 for something that is not an address.
    """
    if email is None or email == "":
        return None
    if not isinstance(email, str) or len(email) > MAX_EMAIL or not _EMAIL.fullmatch(email):
        raise Refusal(422, msg("players.bad_email"))
    return email


def account_of_row(row: Any) -> Account:
    """An account from a row of its table (or a query with its columns)."""
    return Account(row.id, row.name, row.created, row.language, row.email, bool(row.email_turns))


class Accounts:
    """The accounts of one database (every method opens its own connection; hashing, the
    slow part, happens outside any transaction)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: Any, password: Any, language: str) -> Account:
        """Make an account.

        Raises:
            Refusal: 422 for a name or password that cannot be, 409 for a name taken.
        """
        name = check_name(name)
        hashed = _hasher.hash(check_password(password))
        language = language if language in languages() else "en"
        now = time.time()
        try:
            with self.engine.begin() as conn:
                if self._find(conn, name) is not None:
                    raise Refusal(409, msg("players.name_taken", name=name))
                conn.execute(
                    insert(accounts_table).values(
                        name=name,
                        name_key=name_key(name),
                        password=hashed,
                        created=now,
                        language=language,
                    )
                )
                row = self._find(conn, name)
        except IntegrityError:
            # Another request made the name between the look and the insert.
            raise Refusal(409, msg("players.name_taken", name=name)) from None
        assert row is not None
        return account_of_row(row)

    @staticmethod
    def _find(conn: Connection, name: str) -> Any:
        query = select(accounts_table).where(accounts_table.c.name_key == name_key(name))
        return conn.execute(query).first()

    def find(self, name: str) -> Account | None:
        """The account called ``name`` (ignoring case), or ``None``."""
        if not NAME_PATTERN.fullmatch(name):
            return None
        with self.engine.connect() as conn:
            row = self._find(conn, name)
        return None if row is None else account_of_row(row)

    def get(self, account_id: int) -> Account | None:
        """The account of ``account_id``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table).where(accounts_table.c.id == account_id)
            ).first()
        return None if row is None else account_of_row(row)

    def names(self, account_ids: set[int]) -> dict[int, str]:
        """The names of accounts, by id."""
        if not account_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name).where(
                    accounts_table.c.id.in_(account_ids)
                )
            ).all()
        return {row.id: row.name for row in rows}

    def log_in(self, name: Any, password: Any, address: str) -> Account:
        """The account whose name and password these are.

        Raises:
            Refusal: 429 while the name or the address has failed too often lately; 401 for
                a wrong name or password alike (a name that is no account's is checked
                against a decoy hash, to take as long).
        """
        if not isinstance(name, str) or not isinstance(password, str):
            raise Refusal(401, msg("players.wrong_login"))
        possible = NAME_PATTERN.fullmatch(name) is not None
        # A name no account can have shares one count of failures (and the database never
        # sees it: it may hold a NUL, which PostgreSQL cannot keep).
        keys = [f"name:{name_key(name) if possible else '?'}", f"address:{address[:80]}"]
        self._check_failures(keys)
        with self.engine.connect() as conn:
            row = self._find(conn, name) if possible else None
        try:
            _hasher.verify(_decoy() if row is None else row.password, password[:MAX_PASSWORD])
            if row is None:  # pragma: no cover - the decoy's password is no one's
                raise VerificationError()
        except (VerificationError, InvalidHashError):
            self._fail(keys)
            raise Refusal(401, msg("players.wrong_login")) from None
        if _hasher.check_needs_rehash(row.password):
            with self.engine.begin() as conn:
                conn.execute(
                    update(accounts_table)
                    .where(accounts_table.c.id == row.id)
                    .values(password=_hasher.hash(password))
                )
        with self.engine.begin() as conn:
            conn.execute(delete(login_failures_table).where(login_failures_table.c.key == keys[0]))
        return account_of_row(row)

    def _check_failures(self, keys: list[str]) -> None:
        now = time.time()
        limits = (NAME_FAILURES, ADDRESS_FAILURES)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(login_failures_table).where(login_failures_table.c.key.in_(keys))
            ).all()
        for row in rows:
            limit = limits[keys.index(row.key)]
            if row._mapping["count"] >= limit and now - row.since < FAILURE_WINDOW:
                wait = int((FAILURE_WINDOW - (now - row.since)) // 60) + 1
                raise Refusal(429, msg("players.too_many_logins", n=wait))

    def _fail(self, keys: list[str]) -> None:
        """Count a failed login against each key (a count older than the window starts
        again)."""
        now = time.time()
        with self.engine.begin() as conn:
            for key in keys:
                row = conn.execute(
                    select(login_failures_table)
                    .where(login_failures_table.c.key == key)
                    .with_for_update()
                ).first()
                if row is None:
                    try:
                        with conn.begin_nested():
                            conn.execute(
                                insert(login_failures_table).values(key=key, count=1, since=now)
                            )
                    except IntegrityError:
                        conn.execute(
                            update(login_failures_table)
                            .where(login_failures_table.c.key == key)
                            .values(count=login_failures_table.c.count + 1)
                        )
                elif now - row.since >= FAILURE_WINDOW:
                    conn.execute(
                        update(login_failures_table)
                        .where(login_failures_table.c.key == key)
                        .values(count=1, since=now)
                    )
                else:
                    conn.execute(
                        update(login_failures_table)
                        .where(login_failures_table.c.key == key)
                        .values(count=login_failures_table.c.count + 1)
                    )

    def change(self, account_id: int, values: dict[str, Any]) -> Account:
        """Change an account's settings: any of ``language``, ``email`` and ``email_turns``.

        Raises:
            Refusal: 422 for a value it cannot take.
        """
        changes: dict[str, Any] = {}
        if "language" in values:
            if values["language"] not in languages():
                raise Refusal(422, msg("players.bad_language"))
            changes["language"] = values["language"]
        if "email" in values:
            changes["email"] = check_email(values["email"])
        if "email_turns" in values:
            if not isinstance(values["email_turns"], bool):
                raise Refusal(422, msg("players.bad_setting", name="email_turns"))
            changes["email_turns"] = int(values["email_turns"])
        with self.engine.begin() as conn:
            if changes:
                conn.execute(
                    update(accounts_table)
                    .where(accounts_table.c.id == account_id)
                    .values(**changes)
                )
            row = conn.execute(
                select(accounts_table).where(accounts_table.c.id == account_id)
            ).first()
        return account_of_row(row)

    def count(self) -> int:
        """How many accounts there are."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(accounts_table)).scalar_one())
