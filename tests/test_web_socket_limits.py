"""Open WebSockets are bounded per client address, per game and in total (issue 31): a socket
over a limit is closed at once with 4429 and its reason, and a closed socket frees its place.

The limits are set low through the app factory. The client's address is the one a trusted
proxy names (uvicorn's proxy-header middleware, as ``serve --forwarded-allow-ips`` sets it up),
so each test speaks for several addresses through one test client.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from sagrada.web.app import create_app
from sagrada.web.limits import FILES_KEPT, Limits, sockets_under
from web_helpers import TestClient, create_game, database_url, receive

#: The loopback, as the trusted proxy whose X-Forwarded-For names each client.
PROXY = ("127.0.0.1", 50000)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server taking at most 2 sockets per address, 3 per game and 4 in all, reached
    through a trusted proxy."""
    limits = Limits(sockets_per_address=2, sockets_per_game=3, sockets_in_total=4)
    app = create_app(database_url(tmp_path, "t.db"), bot_delay=0, limits=limits)
    proxied = ProxyHeadersMiddleware(app, trusted_hosts=PROXY[0])
    with TestClient(proxied, client=PROXY) as client:
        yield client


@contextlib.contextmanager
def watching(client: TestClient, game_id: str, address: str) -> Iterator[Any]:
    """A spectator's socket of ``game_id`` from ``address``, its first view read."""
    headers = {"X-Forwarded-For": address}
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers) as ws:
        assert receive(ws)["type"] == "view"
        yield ws


def closed(client: TestClient, game_id: str, address: str) -> WebSocketDisconnect:
    """Open a socket of ``game_id`` from ``address`` that the server must close at once;
    return its close (code and reason)."""
    headers = {"X-Forwarded-For": address}
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers) as ws,
        pytest.raises(WebSocketDisconnect) as close,
    ):
        receive(ws)
    return close.value


def refused(client: TestClient, game_id: str, address: str) -> str:
    """Open a socket that must be refused as over a limit (4429); return its reason."""
    close = closed(client, game_id, address)
    assert close.code == 4429
    return str(close.reason)


def game(client: TestClient) -> str:
    """A new game's id (two seats nobody has taken: it waits, and may be watched)."""
    return str(create_game(client, players=2, redeem=False)["id"])


def test_sockets_beyond_the_limit_per_address_are_refused_while_another_address_connects(
    client: TestClient,
) -> None:
    first, second = game(client), game(client)
    with watching(client, first, "192.0.2.1"), watching(client, second, "192.0.2.1"):
        reason = refused(client, second, "192.0.2.1")
        assert "at most 2" in reason
        with watching(client, second, "192.0.2.2") as other:
            assert other is not None


def test_sockets_beyond_the_limit_per_game_are_refused_while_another_game_is_watched(
    client: TestClient,
) -> None:
    first, second = game(client), game(client)
    with contextlib.ExitStack() as open_sockets:
        for address in ("192.0.2.1", "192.0.2.2", "192.0.2.3"):
            open_sockets.enter_context(watching(client, first, address))
        assert "at most 3" in refused(client, first, "192.0.2.4")
        open_sockets.enter_context(watching(client, second, "192.0.2.4"))


def test_a_closed_socket_frees_its_place(client: TestClient) -> None:
    first = game(client)
    with watching(client, first, "192.0.2.1"):
        with watching(client, first, "192.0.2.1"):
            refused(client, first, "192.0.2.1")
        with watching(client, first, "192.0.2.1") as again:
            assert again is not None


def test_sockets_beyond_the_total_are_refused_from_any_address_and_game(
    client: TestClient,
) -> None:
    first, second = game(client), game(client)
    with contextlib.ExitStack() as open_sockets:
        for index, game_id in enumerate((first, first, second, second)):
            open_sockets.enter_context(watching(client, game_id, f"192.0.2.{index}"))
        assert "as many connections" in refused(client, game(client), "192.0.2.9")


def test_a_refused_socket_of_no_game_frees_its_place(client: TestClient) -> None:
    for _ in range(3):  # more than the address's 2: each refused socket gave its place back
        assert closed(client, "nosuchgame", "192.0.2.1").code == 4404


def test_the_total_fits_under_the_open_files_limit_with_files_kept() -> None:
    assert sockets_under(100_000, 4096) == 4096
    assert sockets_under(1024, 4096) == 1024 - FILES_KEPT
    assert sockets_under(256, 4096) == 128  # half kept under a small limit


def test_the_start_logs_the_limits(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    limits = Limits(sockets_per_address=2, sockets_per_game=3, sockets_in_total=4)
    app = create_app(database_url(tmp_path, "t.db"), bot_delay=0, limits=limits)
    with caplog.at_level(logging.INFO, logger="sagrada.web"), TestClient(app):
        pass
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("WebSockets")]
    assert len(lines) == 1
    assert lines[0].startswith("WebSockets: at most 2 per address, 3 per game, 4 in all")


def test_the_open_files_limit_is_raised_to_the_hard_one_and_the_total_fitted_under_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import resource

    limits: list[tuple[int, int]] = [(512, 1024)]  # a soft and a hard limit below the default
    monkeypatch.setattr(resource, "getrlimit", lambda _which: limits[-1])
    monkeypatch.setattr(resource, "setrlimit", lambda _which, both: limits.append(both))
    app = create_app(database_url(tmp_path, "t.db"), bot_delay=0)
    with caplog.at_level(logging.INFO, logger="sagrada.web"), TestClient(app):
        pass
    assert limits[-1] == (1024, 1024)
    [line] = [r for r in caplog.records if r.getMessage().startswith("WebSockets")]
    assert line.levelno == logging.WARNING
    assert f"{1024 - FILES_KEPT} in all (open files: 1024)" in line.getMessage()
