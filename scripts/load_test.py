"""Load test of the game server (a script, not a test): many concurrent games over the API.

Starts ``sagrada serve`` on a free loopback port with a fresh SQLite database (or the
database ``--db`` names, served by ``--workers`` processes: PostgreSQL), creates
``--games`` two-player games whose seats are played by this script (a uniformly random legal
action at every decision, like a bot), drives them all at once through the REST API, each game
at ``--rate`` actions per second (0: as fast as the server answers), and reports the actions
per second and the latency of ``POST /actions`` (p50, p95, p99).

    .venv/bin/python scripts/load_test.py --games 100 --rate 2.5 --seconds 60
    .venv/bin/python scripts/with_postgres.py -- sh -c \
        '.venv/bin/python scripts/load_test.py --db "$SAGRADA_TEST_DATABASE_URL" --workers 2'

With ``--rate 0`` every game waits only for the server, so latency is mostly time spent queued
behind the other games' requests (about games / throughput).

Only addresses on this machine are used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def wait_until_up(client: httpx.AsyncClient, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            if (await client.get("/api/health")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


async def play_game(
    client: httpx.AsyncClient,
    index: int,
    stop: float,
    rate: float,
    latencies: list[float],
    stats: dict[str, int],
) -> None:
    rng = random.Random(index)
    await asyncio.sleep(rng.random() / rate if rate > 0 else 0)  # spread the games' starts
    created = await client.post("/api/games", json={"players": 2})
    created.raise_for_status()
    game = created.json()
    game_id = game["id"]
    tokens = [seat["token"] for seat in game["seats"]]
    joined = await client.post(f"/api/games/{game_id}/join", json={})
    joined.raise_for_status()
    tokens[joined.json()["seat"]] = joined.json()["token"]
    view = (await client.get(f"/api/games/{game_id}/view", params={"token": tokens[0]})).json()
    next_action = time.monotonic()
    while view["phase"] != "over" and time.monotonic() < stop:
        seat = view["current_player"]
        if view.get("seat") != seat:
            view = (
                await client.get(f"/api/games/{game_id}/view", params={"token": tokens[seat]})
            ).json()
            continue
        action = rng.choice(view["legal_actions"])
        if rate > 0:
            next_action += 1 / rate
            await asyncio.sleep(max(0.0, next_action - time.monotonic()))
        start = time.perf_counter()
        answer = await client.post(
            f"/api/games/{game_id}/actions",
            json={"token": tokens[seat], "action": action, "seq": len(view["history"])},
        )
        if answer.status_code == 429:
            stats["throttled"] += 1
            await asyncio.sleep(0.05)
            continue
        latencies.append(time.perf_counter() - start)
        if answer.status_code != 200:
            stats["errors"] += 1
            view = (
                await client.get(f"/api/games/{game_id}/view", params={"token": tokens[seat]})
            ).json()
            continue
        stats["actions"] += 1
        view = answer.json()
    if view["phase"] == "over":
        stats["finished"] += 1


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="sagrada-load-")
    database = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
    command = [sys.executable, "-m", "sagrada", "serve", "--port", str(port), "--db", database]
    command += ["--games-per-minute", str(max(60, 4 * args.games))]
    command += ["--workers", str(args.workers)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, env={**os.environ})
    limits = httpx.Limits(
        max_connections=args.connections, max_keepalive_connections=args.connections
    )
    try:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=30
        ) as client:
            await wait_until_up(client, time.monotonic() + 20)
            latencies: list[float] = []
            stats = {"actions": 0, "errors": 0, "throttled": 0, "finished": 0}
            started = time.perf_counter()
            stop = time.monotonic() + args.seconds
            await asyncio.gather(
                *(
                    play_game(client, i, stop, args.rate, latencies, stats)
                    for i in range(args.games)
                )
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
        f"({stats['finished']} finished), {processes}, {kind}:"
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
        "--connections", type=int, default=100, help="HTTP connections (default 100)"
    )
    parser.add_argument(
        "--db", default=None, help="the server's database URL (default: a fresh SQLite file)"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (default 1; more: PostgreSQL)"
    )
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
