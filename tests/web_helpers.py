"""Helpers for the web API tests: a server per test, acting through the API, reading sockets.

The server runs in ``fastapi.testclient.TestClient`` (used as a context manager, so the
lifespan runs and bots move in the app's own event loop at once, ``bot_delay=0``).

By default each server gets a fresh SQLite file. Set ``SAGRADA_TEST_DATABASE_URL`` to run the
same tests on another database (for example
``postgresql+psycopg://sagrada:sagrada@localhost/sagrada_test``, with the ``postgres`` extra):
its tables are emptied for each new test server.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
from starlette.exceptions import StarletteDeprecationWarning
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    # Starlette's test client warns that it still uses httpx; the tests do not care.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

from sagrada.web.app import create_app
from sagrada.web.limits import Limits

#: A draft-and-place action (``R3@B4``), as opposed to a tool step or ``pass``.
DRAFT = re.compile(r"^[RYGBP][1-6]@[A-D][1-5]$")
#: How long a test waits for the server (bots, sockets) before failing instead of hanging.
PATIENCE = 10.0


#: Another database to test on, instead of SQLite files (see the module docstring).
DATABASE = os.environ.get("SAGRADA_TEST_DATABASE_URL")
_started: set[str] = set()
_engine: Any = None


class SpyPool(ThreadPoolExecutor):
    """A pool of threads that notes each function it is given, with its arguments: put in
    place of the bot runner's worker processes, so no process is started."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.given: list[tuple[str, tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.given.append((fn.__name__, args))
        return super().submit(fn, *args, **kwargs)


def database_url(tmp_path: Path, db: str) -> str:
    """Return the URL of a test server's database: fresh for a new ``(tmp_path, db)``, the same
    database again when a test restarts its server on the same name."""
    if DATABASE is None:
        return f"sqlite:///{tmp_path / db}"
    key = str(tmp_path / db)
    if key not in _started:
        _started.add(key)
        _empty_database()
    return DATABASE


def _empty_database() -> None:
    """Empty the tables of :data:`DATABASE` for a new test server.

    The first time in a run they are dropped and made again, so a schema left by an older
    version does not linger; after that their rows are deleted, which on PostgreSQL is many
    times cheaper than dropping and creating them for every test.
    """
    global _engine
    from sqlalchemy import create_engine, delete

    from sagrada.web.store import metadata

    if _engine is None:
        _engine = create_engine(DATABASE)
        metadata.drop_all(_engine)
    metadata.create_all(_engine)  # only the missing ones (another test may have dropped them)
    with _engine.begin() as conn:
        for table in reversed(metadata.sorted_tables):
            conn.execute(delete(table))


def new_client(
    tmp_path: Path,
    *,
    db: str = "t.db",
    bot_delay: float = 0.0,
    raise_server_exceptions: bool = True,
    notices: Any = None,
    limits: Limits | None = None,
    address: str = "testclient",
) -> TestClient:
    """Return a test client of a fresh server on the SQLite file ``tmp_path / db`` (with
    ``notices``: its turn notices' settings, a :class:`NoticeSettings`; ``limits``: its
    limits), whose requests come from ``address``."""
    app = create_app(
        database_url(tmp_path, db), bot_delay=bot_delay, notices=notices, limits=limits
    )
    return TestClient(app, raise_server_exceptions=raise_server_exceptions, client=(address, 50000))


def create_game(client: TestClient, *, redeem: bool = True, **options: Any) -> dict[str, Any]:
    """Create a game with ``options`` and return the answer (id and seats).

    With ``redeem`` (the default) every invite code is exchanged at once for its seat's token
    (``POST /join``), which is written into the answer, as if every invited person had opened
    their link; ``redeem=False`` returns the server's answer as it is.
    """
    response = client.post("/api/games", json=options)
    assert response.status_code == 201, response.text
    created = dict(response.json())
    if redeem:
        for seat in created["seats"]:
            if seat.get("invite"):
                joined = client.post(
                    f"/api/games/{created['id']}/join", json={"invite": seat["invite"]}
                )
                assert joined.status_code == 200, joined.text
                assert joined.json()["seat"] == seat["seat"]
                seat["token"] = joined.json()["token"]
    return created


def summary(client: TestClient, game_id: str) -> dict[str, Any]:
    """A game's summary (``GET /api/games/{id}``), which must be there."""
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def finished_game(client: TestClient) -> str:
    """Create a game of two random bots and wait until they have played it to the end."""
    game_id = create_game(client, players=2, bots=["random", "random"])["id"]
    deadline = time.monotonic() + 10
    while summary(client, game_id)["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.02)
    return game_id


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    """Return the token of each human seat of a created game."""
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"] is not None}


def bearer(token: str | None) -> dict[str, str]:
    """The headers of a request made as the seat of ``token`` (none for a spectator)."""
    return {"Authorization": f"Bearer {token}"} if token is not None else {}


def get_view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    """Return a seat's view (the spectator's without a token)."""
    response = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
    assert response.status_code == 200, response.text
    return dict(response.json())


@contextlib.contextmanager
def open_socket(client: TestClient, game_id: str, token: str | None = None) -> Iterator[Any]:
    """A game's WebSocket, as the seat of ``token`` (its hello sent and answered: the next
    message is the seat's view) or, without one, a spectator's (its first view is next)."""
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        if token is not None:
            ws.send_json({"type": "hello", "token": token})
            while receive(ws)["type"] != "hello":
                pass  # the spectator's views before the hello
        yield ws


def post_patiently(client: TestClient, url: str, body: dict[str, Any]) -> Any:
    """POST ``body``, waiting out the per-token rate limit (429) instead of failing on it."""
    deadline = time.monotonic() + PATIENCE
    while True:
        response = client.post(url, json=body)
        if response.status_code != 429 or time.monotonic() > deadline:
            return response
        time.sleep(0.05)


def act(client: TestClient, game_id: str, token: str, *actions: str) -> Any:
    """Send one action (or several, applied together) and return the response."""
    body: dict[str, Any] = {"token": token}
    if len(actions) == 1:
        body["action"] = actions[0]
    else:
        body["actions"] = list(actions)
    return post_patiently(client, f"/api/games/{game_id}/actions", body)


def act_ok(client: TestClient, game_id: str, token: str, *actions: str) -> dict[str, Any]:
    """Send actions that must be accepted; return the seat's new view."""
    response = act(client, game_id, token, *actions)
    assert response.status_code == 200, response.text
    return dict(response.json())


def preview(client: TestClient, game_id: str, token: str, actions: list[str]) -> Any:
    """Ask for the legal actions after ``actions`` without committing them."""
    return post_patiently(
        client, f"/api/games/{game_id}/preview", {"token": token, "actions": actions}
    )


def wait_for_view(
    client: TestClient,
    game_id: str,
    ready: Callable[[dict[str, Any]], bool],
    token: str | None = None,
) -> dict[str, Any]:
    """Poll a view until ``ready(view)``; fail after :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while True:
        view = get_view(client, game_id, token)
        if ready(view):
            return view
        assert time.monotonic() < deadline, f"timed out waiting; last view: {view['decision']}"
        time.sleep(0.01)


def draft_or_pass(legal: list[str]) -> str:
    """Return the first draft-and-place action, else ``pass``, else the first legal action."""
    for action in legal:
        if DRAFT.match(action):
            return action
    return "pass" if "pass" in legal else legal[0]


def play_humans(
    client: TestClient,
    game_id: str,
    tokens: dict[int, str],
    until: Callable[[dict[str, Any]], bool],
    choose: Callable[[list[str]], str] = draft_or_pass,
    *,
    watch: str | None = None,
) -> dict[str, Any]:
    """Play every human seat through the API until ``until(spectator view)``; return it (a
    bot seat's turn is waited for). ``watch``: a seat's token to follow the game with, for a
    game that has no spectators (its view stands for the spectator's)."""
    for _ in range(5000):
        spectator = get_view(client, game_id, watch)
        if until(spectator) or spectator["phase"] == "over":
            return spectator
        token = tokens.get(spectator["current_player"])
        if token is None:
            time.sleep(0.005)  # a bot's turn: the server plays it
            continue
        legal = get_view(client, game_id, token)["legal_actions"]
        act_ok(client, game_id, token, choose(legal))
    raise AssertionError("the game did not end")


def start_play(client: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Choose every window (``W1``) and return the spectator view of the first turn."""
    return play_humans(
        client, game_id, tokens, lambda v: v["phase"] == "play", lambda legal: legal[0]
    )


def receive(ws: Any, timeout: float = PATIENCE) -> dict[str, Any]:
    """Return the next JSON message of a test WebSocket, failing after ``timeout`` seconds.

    The test client's own ``receive_json`` waits forever; a missing message would hang the
    suite, so this reads the session's stream under a deadline.
    """

    async def next_message() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(next_message)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
    return dict(json.loads(message["text"]))


#: The lists of action numbers a view carries with its log.
NUMBERED = ("timed_out", "hinted")


def log_of(view: dict[str, Any]) -> dict[str, Any]:
    """A view's log: its columns (``history`` and the game's other ``history_*`` lists) and
    the numbered lists, without ``history_from``."""
    return {
        key: value
        for key, value in view.items()
        if key in NUMBERED or (key.startswith("history") and isinstance(value, list))
    }


def joined(held: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its whole log, as a page joins it: the entries of ``held`` (the view the
    client holds, its log whole) before the view's ``history_from``, then the view's own
    (docs/web-api.md, "The log by parts")."""
    start = view["history_from"]
    if start == 0:
        return view
    assert held is not None and len(held["history"]) >= start, "a gap in the log"
    whole = {**view, "history_from": 0}
    for key, value in log_of(view).items():
        if key in NUMBERED:
            whole[key] = [n for n in held[key] if n < start] + value
        else:
            whole[key] = held[key][:start] + value
    return whole


def receive_until_seq(ws: Any, seq: int) -> list[dict[str, Any]]:
    """Return the messages of a socket up to and including the view with ``seq``."""
    messages = []
    while True:
        message = receive(ws)
        messages.append(message)
        if message["type"] == "view" and message["seq"] >= seq:
            return messages


#: The origin of the test client's requests (``TestClient``'s base address), which a page of
#: the server would send as its ``Origin``.
ORIGIN = "http://testserver"
#: A password every test account may have (long enough).
PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str, password: str = PASSWORD, **more: Any) -> dict[str, Any]:
    """Make an account and log ``client`` in as it (its cookie kept), sending from then on the
    ``Origin`` the server's own pages send; return the answer."""
    response = client.post("/api/accounts", json={"name": name, "password": password, **more})
    assert response.status_code == 201, response.text
    client.headers["origin"] = ORIGIN
    return dict(response.json())


def log_in(client: TestClient, name: str, password: str = PASSWORD, **more: Any) -> Any:
    """Log ``client`` in (sending the pages' ``Origin`` from then on); return the response."""
    client.headers["origin"] = ORIGIN
    return client.post("/api/session", json={"name": name, "password": password, **more})


def me(client: TestClient) -> dict[str, Any] | None:
    """The account ``client`` is logged in as (``GET /api/me``), or ``None``."""
    response = client.get("/api/me")
    assert response.status_code == 200, response.text
    account: dict[str, Any] | None = response.json()["account"]
    return account


def session(client: TestClient) -> str | None:
    """The session cookie ``client`` holds (to be another browser with :func:`be`)."""
    value: str | None = client.cookies.get("sagrada_session")
    return value


def be(client: TestClient, cookie: str | None) -> None:
    """Make ``client`` a browser holding the session ``cookie`` (``None``: a guest's): one
    server, several people, each with their own cookie."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set("sagrada_session", cookie)


class DayClock:
    """The time the daily challenge reads (:func:`sagrada.players.daily.now`), set by a test:
    it stands still at :attr:`time` until the test moves it (never a sleep)."""

    #: 2026-03-14 15:00 UTC, a Saturday afternoon.
    START = 1_773_500_400.0

    def __init__(self, monkeypatch: Any) -> None:
        from sagrada.players import daily

        self.time = self.START
        monkeypatch.setattr(daily, "now", lambda: self.time)

    def next_day(self, days: int = 1) -> None:
        """Move the clock on by whole days."""
        self.time += days * 86_400.0


def daily_games(client: TestClient) -> list[str]:
    """The games with a daily challenge, as ``GET /api/daily`` lists them."""
    response = client.get("/api/daily")
    assert response.status_code == 200, response.text
    return [game["game"] for game in response.json()["games"]]


def start_daily(client: TestClient, game: str) -> dict[str, Any]:
    """Start the logged-in account's attempt of the day's ``game``: ``{id, seat, token}``."""
    response = client.post(f"/api/daily/{game}")
    assert response.status_code == 201, response.text
    return dict(response.json())


def play_daily(
    client: TestClient, game: str, choose: Callable[[list[str]], str] = draft_or_pass
) -> dict[str, Any]:
    """Start the logged-in account's attempt of the day's ``game`` and play it to its end
    (choosing each action with ``choose``); return the attempt (``{id, seat, token}``)."""
    attempt = start_daily(client, game)
    token = attempt["token"]
    seats = {attempt["seat"]: token}
    play_humans(client, attempt["id"], seats, lambda v: False, choose, watch=token)
    return attempt
