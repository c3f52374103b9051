"""Flood benchmark of the game server (a script, not a test): does one client stall others?

Starts ``sagrada serve`` on a free loopback port with a fresh SQLite database and measures,
first alone and then under a flood from this one address, two things another player feels:
the seconds a hard bot takes per move in a game of two hard bots (from one action to the next,
the bots' pacing delay included), and the latency of the lobby's list (``GET /api/games``).

The flood: ``--hints`` solo card games with hints on, each keeping one hint in flight (asked,
then its action played, then the next asked; a refusal is counted and asked again shortly),
and ``--sockets`` WebSockets opened at once (the server's socket limits refuse most: counted).

    .venv/bin/python scripts/flood.py
    nice .venv/bin/python scripts/flood.py --moves 10 --hints 20 --sockets 300

The goal (issue 31): the other game's bot within its usual time plus 1 s, the lobby under
100 ms. The script shares the machine with the server: on a small machine its own work counts.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets


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
        await asyncio.sleep(0.2)
    raise SystemExit("the server did not start")


async def bot_move_seconds(client: httpx.AsyncClient, moves: int, skip: int) -> list[float]:
    """Create a game of two hard bots and return the seconds between its actions, for
    ``moves`` actions after the first ``skip``."""
    created = await client.post("/api/games", json={"players": 2, "bots": ["hard", "hard"]})
    created.raise_for_status()
    game_id = created.json()["id"]
    seen, last, times = 0, time.monotonic(), []
    while len(times) < moves:
        await asyncio.sleep(0.05)
        actions = (await client.get(f"/api/games/{game_id}")).json()["actions"]
        if actions > seen:
            now = time.monotonic()
            if seen >= skip:
                times.append((now - last) / (actions - seen))
            seen, last = actions, now
    return times


async def lobby_latency(client: httpx.AsyncClient, until: asyncio.Event) -> list[float]:
    """Ask for the lobby's list every quarter second until ``until``; return each latency."""
    latencies = []
    while not until.is_set():
        started = time.perf_counter()
        (await client.get("/api/games")).raise_for_status()
        latencies.append(time.perf_counter() - started)
        await asyncio.sleep(0.25)
    return latencies


async def hint_loop(client: httpx.AsyncClient, counts: Counter[str], stop: asyncio.Event) -> None:
    """Keep one hint of a new solo card game in flight until ``stop``."""
    created = await client.post("/api/games", json={"game": "cards", "hints": True})
    if created.status_code != 201:
        counts[f"game refused {created.status_code}"] += 1
        return
    game_id = created.json()["id"]
    token = next(s["token"] for s in created.json()["seats"] if s["token"])
    while not stop.is_set():
        answer = await client.post(f"/api/games/{game_id}/hint", json={"token": token})
        counts[f"hint {answer.status_code}"] += 1
        if answer.status_code != 200:
            await asyncio.sleep(0.5)
            continue
        played = await client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "action": answer.json()["action"]},
        )
        if played.status_code != 200 or not played.json()["legal_actions"]:
            return  # the game is over (or refused the move): this loop's share ends


async def open_sockets(port: int, game_id: str, count: int, counts: Counter[str]) -> list[Any]:
    """Open ``count`` WebSockets on a game at once; count those accepted and refused."""

    async def one() -> Any:
        try:
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game_id}/ws")
            await asyncio.wait_for(ws.recv(), 10)  # the first view, or the refusal's close
            counts["socket open"] += 1
            return ws
        except websockets.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else "none"
            counts[f"socket closed {code}"] += 1
        except (OSError, TimeoutError, websockets.InvalidStatus) as exc:
            counts[f"socket failed {type(exc).__name__}"] += 1
        return None

    opened = await asyncio.gather(*(one() for _ in range(count)))
    return [ws for ws in opened if ws is not None]


async def phase(
    client: httpx.AsyncClient, args: argparse.Namespace
) -> tuple[list[float], list[float]]:
    """A hard bot's seconds per move and the lobby's latencies, measured together."""
    done = asyncio.Event()
    lobby = asyncio.create_task(lobby_latency(client, done))
    moves = await bot_move_seconds(client, args.moves, args.skip)
    done.set()
    return moves, await lobby


def line(name: str, values: list[float], unit: float, suffix: str) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name}: mean {statistics.fmean(values) * unit:.2f}{suffix}, "
        f"p95 {p95 * unit:.2f}{suffix}, max {ordered[-1] * unit:.2f}{suffix} ({len(values)})"
    )


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="sagrada-flood-")
    command = [sys.executable, "-m", "sagrada", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{Path(folder) / 'flood.db'}"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    limits = httpx.Limits(max_connections=args.hints + 8)
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
            await wait_until_up(client, time.monotonic() + 30)
            alone = await phase(client, args)
            counts: Counter[str] = Counter()
            stop = asyncio.Event()
            hints = [
                asyncio.create_task(hint_loop(client, counts, stop)) for _ in range(args.hints)
            ]
            watched = (await client.post("/api/games", json={"game": "cards"})).json()["id"]
            sockets = await open_sockets(port, watched, args.sockets, counts)
            flooded = await phase(client, args)
            stop.set()
            for ws in sockets:
                await ws.close()
            await asyncio.gather(*hints, return_exceptions=True)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"cores: {os.cpu_count()}; flood: {args.hints} hints in flight, {args.sockets} sockets")
    print(line("alone:   hard bot, s a move", alone[0], 1, " s"))
    print(line("alone:   lobby", alone[1], 1000, " ms"))
    print(line("flooded: hard bot, s a move", flooded[0], 1, " s"))
    print(line("flooded: lobby", flooded[1], 1000, " ms"))
    print("flood:", ", ".join(f"{name} {n}" for name, n in sorted(counts.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10, help="bot moves measured a phase")
    parser.add_argument("--skip", type=int, default=4, help="first actions not measured")
    parser.add_argument("--hints", type=int, default=20, help="hints in flight in the flood")
    parser.add_argument("--sockets", type=int, default=300, help="WebSockets in the flood")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
