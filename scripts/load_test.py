"""Load test of the game server (a script, not a test): many concurrent games over the API.

Starts ``sagrada serve`` on a free loopback port with a fresh SQLite database (or the
database ``--db`` names, served by ``--workers`` processes: PostgreSQL), creates ``--games``
two-player games whose seats are played by this script (a uniformly random legal action at
every decision, like a bot; each seat's log kept as a page keeps it, asked for by parts with
``since``), drives them all at once through the REST API, each game at
``--rate`` actions per second (0: as fast as the server answers), and reports the actions per
second and the latency of ``POST /actions`` (p50, p95, p99).

    .venv/bin/python scripts/load_test.py --games 100 --rate 2.5 --seconds 60
    .venv/bin/python scripts/load_test.py --rate 0 --server-cpu 0 --client-cpu 1 --floor
    .venv/bin/python scripts/with_postgres.py -- sh -c \\
        '.venv/bin/python scripts/load_test.py --db "$SAGRADA_TEST_DATABASE_URL" --workers 2'

With ``--rate 0`` every game waits only for the server, so latency is mostly time spent queued
behind the other games' requests (about games / throughput).

The generator shares the machine with the server, so it is kept lean: each game talks over
one kept-alive connection of its own with a minimal HTTP/1.1 client written for this server's
answers (a general client such as httpx costs several times the CPU per request, which a
2-core machine then takes from the server). Only addresses on this machine are used.

What an action costs the server: ``--server-cpu N`` and ``--client-cpu M`` pin the server's
processes and this script to cores of their own, and the server's CPU time (user and system,
summed over its processes, read from ``/proc``) while the games play is reported per action and
per request (an action's ``POST`` and the views asked for between them). ``--floor`` then runs
a bare FastAPI application (``scripts/floor_server.py``) answering one of the run's views to
the same requests on the same core, driven by the same client over as many connections, and
prints the server's CPU per action beside the floor's per request and their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pin(cpu: int | None) -> None:
    """Keep this process (and the processes it starts from now on) on core ``cpu``."""
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})


def process_tree(root: int) -> list[int]:
    """``root`` and every process descended from it (its ids)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # it ended meanwhile
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, []))
    return tree


def cpu_seconds(root: int) -> float:
    """The CPU time (user and system, every thread) spent so far by ``root`` and the
    processes descended from it that still run, in seconds."""
    ticks = 0
    for pid in process_tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime and stime (fields 14 and 15)
    return ticks / os.sysconf("SC_CLK_TCK")


class Connection:
    """One kept-alive HTTP/1.1 connection to the server, a request at a time (the raw body
    of the last answer in :attr:`payload`)."""

    #: Seconds idle after which the connection is opened anew: the server closes one idle
    #: for 5 s (uvicorn's keep-alive), which a paced game's pauses may reach.
    IDLE = 4.0

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.payload = b""
        self.used = 0.0

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """Send a request (a JSON body if given; a seat's token in the Authorization header);
        answer the status and the parsed body."""
        if self.writer is not None and time.monotonic() - self.used > self.IDLE:
            self.close()
            self.writer = None
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length) if length else b""
        self.payload = payload
        self.used = time.monotonic()
        return status, json.loads(payload) if payload else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def wait_until_up(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        connection = Connection(port)
        try:
            if (await connection.request("GET", "/api/health"))[0] == 200:
                return
        except OSError:
            await asyncio.sleep(0.1)
        finally:
            connection.close()
    raise SystemExit("the server did not start")


@dataclass
class Game:
    """A game the script plays: its connection, id, both seats' tokens, the view, and each
    seat's log as a page keeps it (its ``history`` entries, joined from the views' parts)."""

    http: Connection
    id: str
    tokens: list[str]
    view: dict[str, Any]
    logs: dict[int, list[Any]]

    async def ask(self, method: str, path: str, seat: int, body: Any = None) -> tuple[int, Any]:
        """A request for ``seat`` that answers a view (the token in the body if there is one,
        else in the header), sent with the number of the seat's log entries held (``since``),
        as a page asks; a view answered is joined to the seat's log."""
        held = self.logs.setdefault(seat, [])
        if body is None:
            path = f"{path}?since={len(held)}"
            status, answer = await self.http.request(method, path, token=self.tokens[seat])
        else:
            body = {**body, "token": self.tokens[seat], "since": len(held)}
            status, answer = await self.http.request(method, path, body)
        if status == 200:
            del held[answer["history_from"] :]
            held.extend(answer["history"])
        return status, answer


async def set_up(port: int) -> Game:
    """Create a 2-player game, take its second seat, and read the first seat's view."""
    http = Connection(port)
    status, game = await http.request("POST", "/api/games", {"players": 2})
    assert status == 201, game
    game_id = game["id"]
    tokens = [seat["token"] for seat in game["seats"]]
    invite = next(seat["invite"] for seat in game["seats"] if seat.get("invite"))
    status, joined = await http.request("POST", f"/api/games/{game_id}/join", {"invite": invite})
    assert status == 200, joined
    tokens[joined["seat"]] = joined["token"]
    game = Game(http, game_id, tokens, {}, {})
    _, game.view = await game.ask("GET", f"/api/games/{game_id}/view", 0)
    return game


async def play_game(
    game: Game,
    index: int,
    stop: float,
    rate: float,
    latencies: list[float],
    stats: dict[str, int],
    samples: list[bytes],
) -> None:
    rng = random.Random(index)
    await asyncio.sleep(rng.random() / rate if rate > 0 else 0)  # spread the games' starts
    http, view = game.http, game.view
    path = f"/api/games/{game.id}"
    try:
        next_action = time.monotonic()
        while view["phase"] != "over" and time.monotonic() < stop:
            seat = view["current_player"]
            if view.get("seat") != seat:
                _, view = await game.ask("GET", f"{path}/view", seat)
                stats["requests"] += 1
                continue
            action = rng.choice(view["legal_actions"])
            if rate > 0:
                next_action += 1 / rate
                await asyncio.sleep(max(0.0, next_action - time.monotonic()))
            start = time.perf_counter()
            body = {"action": action, "seq": len(game.logs[seat])}
            status, answer = await game.ask("POST", f"{path}/actions", seat, body)
            stats["requests"] += 1
            if status == 429:
                stats["throttled"] += 1
                await asyncio.sleep(0.05)
                continue
            latencies.append(time.perf_counter() - start)
            if status != 200:
                stats["errors"] += 1
                _, view = await game.ask("GET", f"{path}/view", seat)
                stats["requests"] += 1
                continue
            stats["actions"] += 1
            if stats["actions"] % 25 == 0:
                samples.append(http.payload)
            view = answer
        if view["phase"] == "over":
            stats["finished"] += 1
    finally:
        http.close()


def start_server(command: list[str], cpu: int | None, log: Path) -> subprocess.Popen[bytes]:
    """Start a server process (on core ``cpu``, with every process it starts), its output
    (the access log among it) into the file ``log``."""
    with log.open("ab") as output:
        return subprocess.Popen(
            command,
            stdout=output,
            stderr=output,
            env={**os.environ},
            preexec_fn=None if cpu is None else lambda: pin(cpu),
        )


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


async def main_async(args: argparse.Namespace) -> None:
    pin(args.client_cpu)
    load = os.getloadavg()[0]
    port = free_port()
    folder = tempfile.mkdtemp(prefix="sagrada-load-")
    database = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
    command = [sys.executable, "-m", "sagrada", "serve", "--port", str(port), "--db", database]
    command += ["--games-per-minute", str(max(60, 4 * args.games))]
    command += ["--workers", str(args.workers)]
    command += ["--sqlite-synchronous", args.sqlite_synchronous]
    server = start_server(command, args.server_cpu, Path(folder) / "server.log")
    samples: list[bytes] = []
    try:
        await wait_until_up(port, time.monotonic() + 20)
        games = list(await asyncio.gather(*(set_up(port) for _ in range(args.games))))
        latencies: list[float] = []
        stats = {"actions": 0, "requests": 0, "errors": 0, "throttled": 0, "finished": 0}
        cpu_before = cpu_seconds(server.pid)
        started = time.perf_counter()
        stop = time.monotonic() + args.seconds
        await asyncio.gather(
            *(
                play_game(game, i, stop, args.rate, latencies, stats, samples)
                for i, game in enumerate(games)
            )
        )
        elapsed = time.perf_counter() - started
        server_cpu = cpu_seconds(server.pid) - cpu_before
    finally:
        stop_server(server)
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    pace = f"{args.rate:g} actions/s each" if args.rate > 0 else "unpaced"
    processes = "one server process" if args.workers == 1 else f"{args.workers} server processes"
    kind = database.split(":")[0].split("+")[0]
    kind = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}.get(kind, kind)
    print(
        f"{args.games} concurrent 2-player games ({pace}) over {elapsed:.1f} s "
        f"({stats['finished']} finished), {processes}, {kind}"
        + (f" (synchronous={args.sqlite_synchronous}):" if kind == "SQLite" else ":")
    )
    print(f"  load average before the run: {load:.2f}")
    print(f"  {stats['actions'] / elapsed:.0f} actions/s ({stats['actions']} actions)")
    print(
        f"  POST /actions latency: p50 {pct(0.50):.1f} ms, p95 {pct(0.95):.1f} ms, "
        f"p99 {pct(0.99):.1f} ms, mean {statistics.fmean(latencies) * 1000:.1f} ms"
    )
    print(f"  refused: {stats['errors']}, throttled (429): {stats['throttled']}")
    where = "" if args.server_cpu is None else f" on core {args.server_cpu}"
    per_action = server_cpu / max(1, stats["actions"]) * 1e6
    print(
        f"  server CPU{where}: {per_action:,.0f} us an action, "
        f"{server_cpu / max(1, stats['requests']) * 1e6:,.0f} us a request "
        f"({server_cpu:.2f} s over {stats['requests']} requests)"
    )
    if args.floor and samples:
        view = sorted(samples, key=len)[len(samples) // 2]
        floor = await measure_floor(args, view, folder)
        print(
            f"  floor: a bare FastAPI POST answering a view of {len(view):,} bytes: "
            f"{floor:,.0f} us a request; server / floor: {per_action / floor:.2f}"
        )


async def measure_floor(args: argparse.Namespace, view: bytes, folder: str) -> float:
    """Run the bare FastAPI application (``scripts/floor_server.py``) answering ``view`` on the
    server's core, driven unpaced over ``--games`` connections for ``--seconds``; return its
    CPU time a request in microseconds."""
    view_file = Path(folder) / "view.json"
    view_file.write_bytes(view)
    port = free_port()
    script = str(Path(__file__).with_name("floor_server.py"))
    command = [sys.executable, script, str(port), str(view_file)]
    server = start_server(command, args.server_cpu, Path(folder) / "floor.log")
    count = [0]

    async def post(stop: float) -> None:
        http = Connection(port)
        body = {"token": "t" * 32, "action": "pass", "seq": 0, "since": 0}
        try:
            while time.monotonic() < stop:
                status, _ = await http.request("POST", "/api/games/floor/actions", body)
                assert status == 200
                count[0] += 1
        finally:
            http.close()

    try:
        await wait_until_up(port, time.monotonic() + 20)
        before = cpu_seconds(server.pid)
        stop = time.monotonic() + args.seconds
        await asyncio.gather(*(post(stop) for _ in range(args.games)))
        spent = cpu_seconds(server.pid) - before
    finally:
        stop_server(server)
    return spent / max(1, count[0]) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--seconds", type=float, default=60, help="time limit (default 60)")
    parser.add_argument(
        "--rate", type=float, default=2.5, help="actions per second per game, 0 = unpaced (2.5)"
    )
    parser.add_argument(
        "--db", default=None, help="the server's database URL (default: a fresh SQLite file)"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (default 1; more: PostgreSQL)"
    )
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("full", "normal"),
        default="full",
        help="the server's SQLite synchronous level (default full; sagrada serve --help)",
    )
    parser.add_argument(
        "--server-cpu", type=int, default=None, help="the core of the server's processes"
    )
    parser.add_argument("--client-cpu", type=int, default=None, help="the core of this script")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="then measure a bare FastAPI server answering a view of the run (the floor)",
    )
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
