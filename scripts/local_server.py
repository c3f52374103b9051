"""A game server of its own for the measuring scripts (screenshots.py, lighthouse.py): uvicorn
in a thread of the script, on a free loopback port, on a throw-away SQLite file."""

from __future__ import annotations

import base64
import contextlib
import json
import secrets
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from sagrada.web.app import create_app
from sagrada.web.limits import Limits


@contextlib.contextmanager
def local_server(bot_delay: float = 0.0) -> Iterator[str]:
    """Start a server on a fresh database; yield its address; stop it and remove the database."""
    with tempfile.TemporaryDirectory(prefix="sagrada-") as folder:
        app = create_app(
            f"sqlite:///{Path(folder) / 'games.db'}",
            bot_delay=bot_delay,
            limits=Limits(games_per_minute=6000, thinking_games_per_address=1000),
        )
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        try:
            yield url
        finally:
            server.should_exit = True
            thread.join(timeout=10)


def create(url: str, seed: int | None = None, **options: Any) -> dict[str, Any]:
    """Create a game through the REST API (``POST /api/games``) and return the answer.

    The API takes no seed: the server draws each game's seed (and its bots') with
    ``secrets.randbits`` while the game is created. The server runs in this process, so with
    ``seed`` that draw is fixed for the creation, and the game is dealt the same every run
    (as tests/test_e2e.py does).
    """
    with seeded(seed):
        answer = httpx.post(f"{url}/api/games", json=options, timeout=30)
    answer.raise_for_status()
    return dict(answer.json())


@contextlib.contextmanager
def seeded(seed: int | None) -> Iterator[None]:
    """Fix the server's draw of seeds to ``seed`` while a game is created in the block (the
    server runs in this process), so the game is dealt the same every run; ``None``: as
    drawn."""
    with contextlib.ExitStack() as stack:
        if seed is not None:
            drawn = secrets.randbits
            stack.callback(setattr, secrets, "randbits", drawn)
            secrets.randbits = lambda bits: seed
        yield


def seat_page(url: str, created: dict[str, Any], seat: int | None = 0) -> str:
    """The address of a seat's page (its game's ``page`` in ``GET /api/registry``), the token
    in the fragment, which no server sees; ``seat=None``: a spectator's."""
    game = httpx.get(f"{url}/api/games/{created['id']}").json()["game"]
    registry = httpx.get(f"{url}/api/registry").json()
    path = next(entry["page"] for entry in registry if entry["name"] == game)
    token = "" if seat is None else f"#token={created['seats'][seat]['token']}"
    return f"{url}{path}/{created['id']}{token}"


def view(url: str, created: dict[str, Any], seat: int | None = 0) -> dict[str, Any]:
    """A seat's view (``seat=None``: the spectator's)."""
    token = None if seat is None else created["seats"][seat]["token"]
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    answer = httpx.get(f"{url}/api/games/{created['id']}/view", headers=headers)
    answer.raise_for_status()
    return dict(answer.json())


def act(url: str, created: dict[str, Any], *actions: str, seat: int = 0) -> dict[str, Any]:
    """Send a seat's actions (applied together); return its new view."""
    body = {"token": created["seats"][seat]["token"], "actions": list(actions)}
    answer = httpx.post(f"{url}/api/games/{created['id']}/actions", json=body, timeout=30)
    answer.raise_for_status()
    return dict(answer.json())


def score_page(url: str) -> str:
    """The scoring page's address with the server's own example (the rulebook's SCORING
    EXAMPLE) in its fragment: base64url of the input's UTF-8 JSON (docs/scoring-page.md)."""
    example = httpx.get(f"{url}/api/score/form", timeout=30).json()["example"]
    encoded = base64.urlsafe_b64encode(json.dumps(example).encode()).decode().rstrip("=")
    return f"{url}/score#{encoded}"
