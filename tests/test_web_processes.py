"""Several server processes on one PostgreSQL database, and crashes (issue 16).

Real servers (``sagrada serve`` in processes of their own, on loopback) on the database that
``SAGRADA_TEST_DATABASE_URL`` names; ``make test`` runs this file on a throw-away PostgreSQL
(``scripts/with_postgres.py``). Pinned:

* two processes serve every game: a game made on one is played on the other, and a move sent
  to one reaches a WebSocket connected to the other; ``--workers 2`` serves on one port, each
  process answering ``/metrics`` with its own figures, labelled with it;
* the same move sent to both processes at once is applied once (the other gets 409);
* a server killed with SIGKILL, between and during requests, and started again on the same
  database, has every acknowledged move and no other but the one in flight when it died;
* a database that goes away for a moment gives 503s (the health check's too), changes
  nothing, and the server carries on when it is back.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.engine import make_url
from websockets.sync.client import connect

DATABASE = os.environ.get("SAGRADA_TEST_DATABASE_URL", "")
pytestmark = pytest.mark.skipif(
    not DATABASE.startswith("postgresql"),
    reason="needs PostgreSQL: make test runs it on a throw-away one (scripts/with_postgres.py)",
)
PATIENCE = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``sagrada serve`` in a process of its own (``workers`` processes behind its port)."""

    def __init__(self, database: str, workers: int = 1, port: int | None = None) -> None:
        self.database = database
        self.workers = workers
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        command = [sys.executable, "-m", "sagrada", "serve", "--port", str(self.port)]
        command += ["--db", self.database, "--workers", str(self.workers), "--bot-delay", "0"]
        command += ["--games-per-minute", "1000"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """SIGKILL, every process of it: nothing gets to clean up."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def database() -> Iterator[str]:
    """The test database, emptied (a server makes the tables)."""
    from sagrada.web.store import Store, metadata

    store = Store(DATABASE)
    metadata.drop_all(store.engine)
    store.close()
    yield DATABASE


@pytest.fixture
def servers(database: str) -> Iterator[list[Server]]:
    """Two server processes on the one database."""
    started = [Server(database).start(), Server(database).start()]
    yield started
    for server in started:
        server.stop()


def new_game(server: Server, **options: Any) -> tuple[str, dict[int, str]]:
    """A 2-player game of two people, every seat taken: its id and the tokens by seat."""
    created = httpx.post(server.url + "/api/games", json={"players": 2, **options}).json()
    tokens = {}
    for seat in created["seats"]:
        if seat.get("token"):
            tokens[seat["seat"]] = seat["token"]
        elif seat.get("invite"):
            joined = httpx.post(
                f"{server.url}/api/games/{created['id']}/join", json={"invite": seat["invite"]}
            ).json()
            tokens[joined["seat"]] = joined["token"]
    return created["id"], tokens


def view(server: Server, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.get(f"{server.url}/api/games/{game_id}/view", headers=headers, timeout=5)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def move_of(current: dict[str, Any]) -> str:
    """A legal move of the seat to move: a window, a placement, else a pass."""
    legal = [a["notation"] for a in current["actions"]]
    for notation in legal:
        if notation.startswith("W") or "@" in notation:
            return notation
    return "pass"


def act(server: Server, game_id: str, token: str, action: str, seq: int) -> httpx.Response:
    body = {"token": token, "action": action, "seq": seq}
    return httpx.post(f"{server.url}/api/games/{game_id}/actions", json=body, timeout=10)


def stored_actions(game_id: str) -> list[str]:
    """The game's actions as the database holds them."""
    from sagrada.web.store import Store

    store = Store(DATABASE)
    try:
        stored = store.load(game_id)
    finally:
        store.close()
    assert stored is not None
    return stored.actions


def play_one(server: Server, game_id: str, tokens: dict[int, str], seq: int) -> httpx.Response:
    """Send a legal move of the seat to move, as the game stands after ``seq`` moves."""
    current = view(server, game_id, tokens[view(server, game_id)["current_player"]])
    return act(server, game_id, tokens[current["current_player"]], move_of(current), seq)


def test_a_move_sent_to_one_process_reaches_a_socket_on_the_other(servers: list[Server]) -> None:
    one, other = servers
    game_id, tokens = new_game(one)
    ws_url = f"ws://127.0.0.1:{other.port}/api/games/{game_id}/ws"
    with connect(ws_url, open_timeout=PATIENCE) as socket_on_other:
        first = json.loads(socket_on_other.recv(timeout=PATIENCE))
        assert first["type"] == "view" and first["seq"] == 0
        # Each move through the first process; each view, at once, from the second.
        for seq in range(4):
            answer = play_one(one, game_id, tokens, seq)
            assert answer.status_code == 200, answer.text
            heard = json.loads(socket_on_other.recv(timeout=PATIENCE))
            while heard["type"] != "view" or heard["seq"] < seq + 1:
                heard = json.loads(socket_on_other.recv(timeout=PATIENCE))
            assert heard["seq"] == seq + 1
        # A chat line said on the first reaches the second's socket too, once.
        said = httpx.post(
            f"{one.url}/api/games/{game_id}/chat", json={"token": tokens[0], "text": "hello"}
        )
        assert said.status_code == 201, said.text
        heard = json.loads(socket_on_other.recv(timeout=PATIENCE))
        while heard["type"] != "chat":
            heard = json.loads(socket_on_other.recv(timeout=PATIENCE))
        assert heard["message"]["text"] == "hello"
        # And the second process acts on it too: every process serves every game.
        assert play_one(other, game_id, tokens, 4).status_code == 200
    assert len(stored_actions(game_id)) == 5


def test_the_same_move_sent_to_both_processes_at_once_is_applied_once(
    servers: list[Server],
) -> None:
    for _ in range(5):
        game_id, tokens = new_game(servers[0])
        current = view(servers[0], game_id, tokens[view(servers[0], game_id)["current_player"]])
        token = tokens[current["current_player"]]
        move = move_of(current)
        with ThreadPoolExecutor(2) as pool:
            sent = [pool.submit(act, server, game_id, token, move, 0) for server in servers]
            answers = [answer.result() for answer in sent]
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 409], [answer.text for answer in answers]
        assert stored_actions(game_id) == [move]


def test_two_workers_serve_on_one_port(database: str) -> None:
    server = Server(database, workers=2).start()
    try:
        game_id, tokens = new_game(server)
        with contextlib.ExitStack() as stack:
            sockets = [
                stack.enter_context(
                    connect(
                        f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws",
                        open_timeout=PATIENCE,
                    )
                )
                for _ in range(6)
            ]
            for ws in sockets:
                assert json.loads(ws.recv(timeout=PATIENCE))["seq"] == 0
            for seq in range(6):
                answer = play_one(server, game_id, tokens, seq)
                assert answer.status_code == 200, answer.text
            # Every socket, whichever process it reached, hears every move.
            for ws in sockets:
                seen = 0
                while seen < 6:
                    seen = max(seen, json.loads(ws.recv(timeout=PATIENCE)).get("seq", 0))
        # Each process answers /metrics with its own figures, every series labelled with it.
        for _ in range(4):  # whichever process each new connection reaches
            answer = httpx.get(server.url + "/metrics", timeout=PATIENCE)
            families = text_string_to_metric_families(answer.text)
            labels = {sample.labels.get("process") for f in families for sample in f.samples}
            assert len(labels) == 1 and None not in labels
    finally:
        server.stop()


class Player:
    """Plays moves one after the other, noting each acknowledged one, until stopped or the
    server dies under it."""

    def __init__(self, server: Server, game_id: str, tokens: dict[int, str], done: list[str]):
        self.server, self.game_id, self.tokens = server, game_id, tokens
        self.acknowledged = done
        self.in_flight: str | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._play)
        self.thread.start()

    def _play(self) -> None:
        while not self.stop.is_set():
            try:
                seat = view(self.server, self.game_id)["current_player"]
                current = view(self.server, self.game_id, self.tokens[seat])
            except (httpx.TransportError, AssertionError):
                return
            if current["phase"] == "over":
                return
            self.in_flight = move_of(current)
            seq = len(self.acknowledged)
            try:
                answer = act(self.server, self.game_id, self.tokens[seat], self.in_flight, seq)
            except httpx.TransportError:
                return  # the server died with the move in flight
            if answer.status_code == 200:
                self.acknowledged.append(self.in_flight)
            self.in_flight = None

    def join(self) -> None:
        self.stop.set()
        self.thread.join(timeout=PATIENCE)


def test_a_killed_server_keeps_every_acknowledged_move_and_invents_none(database: str) -> None:
    server = Server(database).start()
    game_id, tokens = new_game(server)
    acknowledged: list[str] = []
    try:
        for kill in range(3):
            # Moves, one after the other; the server is killed while they are being sent.
            player = Player(server, game_id, tokens, acknowledged)
            time.sleep(0.4 + 0.3 * kill)
            server.kill()
            player.join()
            stored = stored_actions(game_id)
            # Every acknowledged move is there, in order; the only other one may be the move
            # in flight when the server died (committed, its answer lost).
            assert stored[: len(acknowledged)] == acknowledged
            extra = stored[len(acknowledged) :]
            assert extra in ([], [player.in_flight]), (extra, player.in_flight)
            acknowledged[:] = stored
            server = Server(database, port=server.port).start()
            # The restarted server has the game as stored, and plays on from there.
            assert len(view(server, game_id)["history"]) == len(stored)
        assert len(acknowledged) > 3
    finally:
        server.stop()


class Proxy:
    """A TCP relay from a loopback port to the database: cut, the database is gone."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._listener: socket.socket | None = None
        self._links: list[socket.socket] = []

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self._links += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Refuse new connections and break every open one."""
        if self._listener is not None:
            # shutdown wakes the thread blocked in accept(); close alone would not.
            with contextlib.suppress(OSError):
                self._listener.shutdown(socket.SHUT_RDWR)
            self._listener.close()
            self._listener = None
        for link in self._links:
            with contextlib.suppress(OSError):
                link.shutdown(socket.SHUT_RDWR)
            link.close()
        self._links.clear()


def test_a_database_gone_for_a_moment_gives_503_and_changes_nothing(database: str) -> None:
    url = make_url(database)
    proxy = Proxy((url.host or "127.0.0.1", url.port or 5432))
    proxy.start()
    through = url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    server = Server(through).start()
    try:
        game_id, tokens = new_game(server)
        current = view(server, game_id, tokens[view(server, game_id)["current_player"]])
        token, move = tokens[current["current_player"]], move_of(current)
        proxy.cut()
        refused = act(server, game_id, token, move, 0)
        assert refused.status_code == 503, refused.text
        assert refused.json()["message"]["id"] == "web.database_down"
        # The lobby's list too: a 503, not a 500.
        assert httpx.get(server.url + "/api/games").status_code == 503
        # And the health check says the server is not ready.
        assert httpx.get(server.url + "/api/health").status_code == 503
        proxy.start()
        # Back: the same move is taken, once.
        deadline = time.monotonic() + PATIENCE
        while (answer := act(server, game_id, token, move, 0)).status_code == 503:
            assert time.monotonic() < deadline, "the server did not recover"
            time.sleep(0.2)
        assert answer.status_code == 200, answer.text
        assert stored_actions(game_id) == [move]
        assert act(server, game_id, token, move, 0).status_code == 409
    finally:
        server.stop()
        proxy.cut()
