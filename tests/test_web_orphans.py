"""A server killed outright leaves no process behind (its bots' worker processes,
multiprocessing's resource tracker, and the processes of ``--workers N``).

A real ``sagrada serve`` on a free loopback port (one process on a SQLite file; two,
``--workers 2``, on PostgreSQL when ``SAGRADA_TEST_DATABASE_URL`` names one), a game of two
searching bots so that it starts its worker pool, then SIGKILL to the server process alone:
nothing it had started may live on. The processes are read from ``/proc``, so the test runs
on Linux.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from web_helpers import database_url

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
PATIENCE = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent's id; None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()  # after the name, which may hold spaces
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, dead and not yet reaped, does not)."""
    state = stat(pid)
    return state is not None and state[0] not in "ZX"


def descendants(root: int) -> set[int]:
    """The living processes under ``root``, at any depth."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (state := stat(int(entry.name))) and state[0] not in "ZX":
            parents[int(entry.name)] = state[1]
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_a_server_killed_outright_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    database = database_url(tmp_path, "served.db")
    workers = 2 if database.startswith("postgresql") else 1
    command = [sys.executable, "-m", "sagrada", "serve", "--port", str(port), "--bot-delay", "0"]
    command += ["--db", database, "--workers", str(workers)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
    started: set[int] = set()
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            assert time.monotonic() < deadline, "the server did not start"
            try:
                if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        game = httpx.post(url + "/api/games", json={"players": 2, "bots": ["hard", "hard"]})
        assert game.status_code == 201, game.text
        # The searching bots start the worker pool, and with it the resource tracker; with
        # --workers N the server's own N processes are spawned ones too.
        spawned = 0 if workers == 1 else workers
        while not (
            sum("spawn_main" in command_line(pid) for pid in started) > spawned
            and any("resource_tracker" in command_line(pid) for pid in started)
        ):
            assert time.monotonic() < deadline, f"no worker pool started: {started}"
            time.sleep(0.1)
            started = descendants(server.pid)
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 5
        while living := {pid for pid in started if alive(pid)}:
            assert time.monotonic() < deadline, [command_line(pid) for pid in living]
            time.sleep(0.1)
    finally:
        for pid in [server.pid, *started]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
