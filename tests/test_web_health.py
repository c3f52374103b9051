"""``GET /api/health`` says whether the database answers (readiness).

The database is made to fail the way the health check meets it: its games' table gone for a
moment (renamed, then named back: a database that answers with an error), and on PostgreSQL
the table locked by another connection (a database that does not answer in time). The server
with its database taken away altogether is ``tests/test_web_processes.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text

from web_helpers import database_url, new_client


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    """A connection pool of its own to the test server's database."""
    engine = create_engine(database_url(tmp_path, "t.db"))
    yield engine
    engine.dispose()


def test_health_answers_503_while_the_database_fails_and_200_once_it_is_back(
    tmp_path: Path, engine: Engine
) -> None:
    with new_client(tmp_path) as client:
        assert client.get("/api/health").json() == {"status": "ok"}
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE games RENAME TO games_away"))
        try:
            answer = client.get("/api/health")
            assert answer.status_code == 503
            assert answer.json()["message"]["id"] == "web.database_down"
        finally:
            with engine.begin() as conn:
                conn.execute(text("ALTER TABLE games_away RENAME TO games"))
        assert client.get("/api/health").status_code == 200


def test_health_answers_503_when_the_database_does_not_answer_in_time(
    tmp_path: Path, engine: Engine
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite lets a reader in whatever another connection holds (WAL)")
    with new_client(tmp_path) as client:
        assert client.get("/api/health").status_code == 200
        with engine.begin() as conn:
            conn.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))
            answer = client.get("/api/health")
            assert answer.status_code == 503
            assert answer.json()["message"]["id"] == "web.database_down"
        assert client.get("/api/health").status_code == 200
