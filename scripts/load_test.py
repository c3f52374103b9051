"""Load test of the game server (a script, not a test): many concurrent games over the API.

Starts ``sagrada serve`` on a free loopback port with a fresh SQLite database (or the
database ``--db`` names, served by ``--workers`` processes: PostgreSQL), creates ``--games``
two-player games whose seats are played by this script (a uniformly random legal action at
every decision, like a bot), drives them all at once through the REST API, each game at
``--rate`` actions per second (0: as fast as the server answers), and reports the actions per
second and the latency of ``POST /actions`` (p50, p95, p99).

    .venv/bin/python scripts/load_test.py --games 100 --rate 2.5 --seconds 60
    .venv/bin/python scripts/with_postgres.py -- sh -c \\
        '.venv/bin/python scripts/load_test.py --db "$SAGRADA_TEST_DATABASE_URL" --workers 2'

With ``--rate 0`` every game waits only for the server, so latency is mostly time spent queued
behind the other games' requests (about games / throughput).

The generator shares the machine with the server, so it is kept lean: each game talks over
one kept-alive connection of its own with a minimal HTTP/1.1 client written for this server's
answers (a general client such as httpx costs several times the CPU per request, which a
2-core machine then takes from the server). Only addresses on this machine are used.
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
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Connection:
    """One kept-alive HTTP/1.1 connection to the server, a request at a time."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """Send a request (a JSON body if given; a seat's token in the Authorization header);
        answer the status and the parsed body."""
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


async def play_game(
    port: int,
    index: int,
    stop: float,
    rate: float,
    latencies: list[float],
    stats: dict[str, int],
) -> None:
    rng = random.Random(index)
    await asyncio.sleep(rng.random() / rate if rate > 0 else 0)  # spread the games' starts
    http = Connection(port)
    try:
        status, game = await http.request("POST", "/api/games", {"players": 2})
        assert status == 201, game
        game_id = game["id"]
        tokens = [seat["token"] for seat in game["seats"]]
        invite = next(seat["invite"] for seat in game["seats"] if seat.get("invite"))
        status, joined = await http.request(
            "POST", f"/api/games/{game_id}/join", {"invite": invite}
        )
        assert status == 200, joined
        tokens[joined["seat"]] = joined["token"]
        _, view = await http.request("GET", f"/api/games/{game_id}/view", token=tokens[0])
        next_action = time.monotonic()
        while view["phase"] != "over" and time.monotonic() < stop:
            seat = view["current_player"]
            if view.get("seat") != seat:
                _, view = await http.request(
                    "GET", f"/api/games/{game_id}/view", token=tokens[seat]
                )
                continue
            action = rng.choice(view["legal_actions"])
            if rate > 0:
                next_action += 1 / rate
                await asyncio.sleep(max(0.0, next_action - time.monotonic()))
            start = time.perf_counter()
            body = {"token": tokens[seat], "action": action, "seq": len(view["history"])}
            status, answer = await http.request("POST", f"/api/games/{game_id}/actions", body)
            if status == 429:
                stats["throttled"] += 1
                await asyncio.sleep(0.05)
                continue
            latencies.append(time.perf_counter() - start)
            if status != 200:
                stats["errors"] += 1
                _, view = await http.request(
                    "GET", f"/api/games/{game_id}/view", token=tokens[seat]
                )
                continue
            stats["actions"] += 1
            view = answer
        if view["phase"] == "over":
            stats["finished"] += 1
    finally:
        http.close()


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="sagrada-load-")
    database = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
    command = [sys.executable, "-m", "sagrada", "serve", "--port", str(port), "--db", database]
    command += ["--games-per-minute", str(max(60, 4 * args.games))]
    command += ["--workers", str(args.workers)]
    command += ["--sqlite-synchronous", args.sqlite_synchronous]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, env={**os.environ})
    try:
        await wait_until_up(port, time.monotonic() + 20)
        latencies: list[float] = []
        stats = {"actions": 0, "errors": 0, "throttled": 0, "finished": 0}
        started = time.perf_counter()
        stop = time.monotonic() + args.seconds
        await asyncio.gather(
            *(play_game(port, i, stop, args.rate, latencies, stats) for i in range(args.games))
        )
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
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
    print(f"  {stats['actions'] / elapsed:.0f} actions/s ({stats['actions']} actions)")
    print(
        f"  POST /actions latency: p50 {pct(0.50):.1f} ms, p95 {pct(0.95):.1f} ms, "
        f"p99 {pct(0.99):.1f} ms, mean {statistics.fmean(latencies) * 1000:.1f} ms"
    )
    print(f"  refused: {stats['errors']}, throttled (429): {stats['throttled']}")


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
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
