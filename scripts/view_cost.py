"""What a view costs the server near the end of a game (a benchmark command, not a test).

Plays a four-player dice game (a random legal action at every decision, seeded) in a
server's room and, after each action of its last rounds (``--round`` on), times two ways of making
every seat's and the spectator's view and encoding it as a WebSocket message: the whole log
built into each view (``whole``: the view's ``to_json()`` as every view was made before the
log was sent by parts) and the room's view with its log kept per seat and sent from the
entries the client holds (``parts``: :meth:`sagrada.web.session.Room.view_parts`, what a
socket sends). The two are timed in turns, each action's views for both, and the median time
per view and the mean bytes per message are reported.

    PYTHONPATH=src .venv/bin/python scripts/view_cost.py --seed 7
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from sagrada.registry import entry
from sagrada.web.session import Room, Seat


def whole_view(room: Room, seat: int) -> dict[str, Any]:
    """A view with its whole log, as every view was made before the log went by parts."""
    data: dict[str, Any] = room.game.view(room.state, seat).to_json()
    data["game"] = room.summary()
    data["seat"] = seat
    data.update({"clock": room.clock(), "timed_out": room.timed_out[:], "hinted": room.hinted[:]})
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7, help="the game's and the moves' seed")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--round", type=int, default=8, help="the first round to time (1-10)")
    args = parser.parse_args()

    game = entry("sagrada").game
    config = game.config_from_json({"players": args.players})
    seats = [Seat(seat, "human", None, f"P{seat + 1}") for seat in range(args.players)]
    room = Room("bench", config, args.seed, seats, time.time(), "sagrada")
    moves = random.Random(args.seed)
    viewers = [*range(args.players), -1]
    held = {seat: 0 for seat in viewers}
    timings: dict[str, list[float]] = {"whole": [], "parts": []}
    sizes: dict[str, list[int]] = {"whole": [], "parts": []}
    while not room.state.is_over:
        room.state.apply(moves.choice(room.state.legal_actions()))
        if room.state.round + 1 < args.round:
            for seat in viewers:  # the room's logs keep up, as a served game's do
                held[seat] = room.view_parts(seat)[1].length
            continue
        seq = len(room.state.history)
        for way in ("whole", "parts") if seq % 2 else ("parts", "whole"):
            start = time.perf_counter()
            texts = []
            for seat in viewers:
                if way == "whole":
                    view = whole_view(room, seat)
                else:
                    base, log = room.view_parts(seat)
                    view = {**base, **log.fields(held[seat])}
                    held[seat] = log.length
                texts.append(json.dumps({"type": "view", "seq": seq, "view": view}))
            timings[way].append((time.perf_counter() - start) / len(viewers))
            sizes[way].extend(len(text.encode()) for text in texts)
    actions = len(room.state.history)
    print(f"{args.players} players, {actions} actions, rounds {args.round}-10 timed:")
    for way in ("whole", "parts"):
        median = statistics.median(timings[way]) * 1e6
        print(f"  {way}: {median:.0f} us a view, {statistics.mean(sizes[way]):.0f} bytes a message")


if __name__ == "__main__":
    main()
