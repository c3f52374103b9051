"""Whose address the server counts behind a reverse proxy (``sagrada serve --forwarded-allow-ips``).

Each test runs ``sagrada serve`` in process with uvicorn's ``run`` replaced by a recorder, then
serves the application through uvicorn's own configuration (its proxy-header middleware
included) as ``serve`` configured it, from a client on the loopback. The limit that shows whose
address counts is the one on new games per address (``--games-per-minute 2``: two, then 429).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.exceptions import StarletteDeprecationWarning

from sagrada.cli.main import main
from sagrada.web.app import NOTICE_ENVIRONMENT

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Any]:
    """``serve(*options)``: the server ``sagrada serve`` would run, as a test client on the
    loopback."""
    for variable in NOTICE_ENVIRONMENT.values():  # serve sets them; they are restored after
        monkeypatch.setenv(variable, "")
    started: list[TestClient] = []

    def served(*options: str) -> TestClient:
        recorded: dict[str, Any] = {}
        monkeypatch.setattr(
            uvicorn, "run", lambda app, **settings: recorded.update(settings, app=app)
        )
        database = f"sqlite:///{tmp_path / 'served.db'}"
        assert main(["serve", "--db", database, "--games-per-minute", "2", *options]) == 0
        config = uvicorn.Config(recorded.pop("app"), **recorded)
        config.load()
        client = TestClient(config.loaded_app, client=("127.0.0.1", 50000)).__enter__()
        started.append(client)
        return client

    yield served
    for client in started:
        client.__exit__(None, None, None)


def new_game(client: TestClient, forwarded_for: str) -> int:
    answer = client.post(
        "/api/games", json={"players": 2}, headers={"X-Forwarded-For": forwarded_for}
    )
    return answer.status_code


def test_by_default_a_forged_forwarded_for_does_not_lift_the_limit_per_address(serve: Any) -> None:
    client = serve()
    # Each request names another address; all are counted under the connection's, 127.0.0.1.
    statuses = [new_game(client, f"203.0.113.{n}") for n in range(1, 4)]
    assert statuses == [201, 201, 429]


def test_behind_a_trusted_proxy_the_address_it_names_is_counted(serve: Any) -> None:
    client = serve("--forwarded-allow-ips", "127.0.0.1")
    assert [new_game(client, "203.0.113.1") for _ in range(3)] == [201, 201, 429]
    # Another address the proxy names has limits of its own.
    assert new_game(client, "203.0.113.2") == 201


def test_a_proxy_not_named_is_not_believed(serve: Any) -> None:
    client = serve("--forwarded-allow-ips", "192.0.2.7")
    statuses = [new_game(client, f"203.0.113.{n}") for n in range(1, 4)]
    assert statuses == [201, 201, 429]
