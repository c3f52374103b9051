"""The server's own secrets, made at its first start and kept in its database, the same for
every process that shares it: the key of accounts' seat tokens, the daily challenge's key, the
Web Push keys."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from sqlalchemy import insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from sagrada.players.schema import server_secrets_table


def server_secret(
    engine: Engine, name: str, make: Callable[[], str] = lambda: secrets.token_hex(32)
) -> str:
    """The secret called ``name``, made with ``make`` the first time it is asked for (of
    processes making it at once, the first to write it wins, and all read that one)."""
    query = select(server_secrets_table.c.value).where(server_secrets_table.c.name == name)
    with engine.connect() as conn:
        value = conn.execute(query).scalar()
    if value is not None:
        return str(value)
    try:
        with engine.begin() as conn:
            conn.execute(insert(server_secrets_table).values(name=name, value=make()))
    except IntegrityError:
        pass  # another process made it first: its value is the one
    with engine.connect() as conn:
        return str(conn.execute(query).scalar_one())
