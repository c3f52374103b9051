"""``sagrada bench``: how fast the engine plays complete random games on one core."""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

from sagrada.cli.common import seed_argument
from sagrada.cli.options import add_option_flags, config_from_args
from sagrada.compiled_build import build_state
from sagrada.registry import default_game, entry
from sagrada.registry import game as registered


def register(subparsers: Any) -> None:
    """Add the ``bench`` subcommand."""
    parser = subparsers.add_parser(
        "bench",
        help="measure engine speed (random games per second)",
        description=(
            "Play complete games in one process, choosing a uniformly random legal action at "
            "every decision (tools included) and scoring the end, and report games per second "
            "and the average microseconds per legal-action generation; then time the MCTS bot "
            "on a fixed position (iterations per second; the dice game's). It says which build "
            "runs: pure Python, or compiled with mypyc (make fast)."
        ),
    )
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=0,
        help="first game's seed, 0 to 2**64 - 1; game i plays seed + i (default 0)",
    )
    parser.add_argument(
        "--mcts-iterations",
        type=int,
        default=400,
        help="MCTS iterations for the search-speed figure on a fixed position; 0 skips it",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    add_option_flags(parser, {"players": 4})
    parser.set_defaults(func=run)


def measure(games: int, config: Any, seed: int, name: str | None = None) -> dict[str, Any]:
    """Play ``games`` random games of ``config`` (of the game called ``name``) and return the
    measurements.

    Two passes over the same seeds: the first times whole games (setup, play, final scoring);
    the second times each legal-action generation on its own.
    """
    name = name or default_game()
    chosen = registered(name)
    decisions = 0
    start = time.perf_counter()
    for game in range(games):
        state = chosen.new_state(config, seed + game)
        choose = random.Random(seed + game).choice
        while not state.is_over:
            state.apply(choose(state.legal_actions()))
            decisions += 1
        chosen.outcome(state)
    elapsed = time.perf_counter() - start

    generation = 0.0
    timer = time.perf_counter
    for game in range(games):
        state = chosen.new_state(config, seed + game)
        choose = random.Random(seed + game).choice
        while not state.is_over:
            t0 = timer()
            legal = state.legal_actions()
            generation += timer() - t0
            state.apply(choose(legal))
    return {
        "game": name,
        "games": games,
        "players": chosen.num_players(config),
        "private_pools": getattr(config, "private_pools", False),
        "config": config.to_json(),
        "decisions_per_game": decisions / games,
        "games_per_second": games / elapsed,
        "decisions_per_second": decisions / elapsed,
        "us_per_decision": generation / decisions * 1e6,
        "python": platform.python_version(),
    }


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print the result."""
    from sagrada.cli.common import CliError, check_seed_run

    if args.games < 1:
        raise CliError("--games must be at least 1")
    check_seed_run(args.seed, args.games)
    if args.mcts_iterations < 0:
        raise CliError("--mcts-iterations must not be negative")
    commands = entry(args.game).cli()
    commands.check(args)
    build = build_state()
    result = measure(args.games, config_from_args(args), args.seed, args.game)
    result["build"] = build.name
    if build.stale:
        result["stale_modules"] = list(build.stale)
    result.update(commands.bench_extra(args))
    if args.json:
        print(json.dumps(result))
    else:
        kind = f"{result['players']}-player"
        print(
            f"{result['games']} random {kind} games of {registered(args.game).title}"
            + (" with private dice pools" if result["private_pools"] else "")
            + " "
            f"({result['decisions_per_game']:.0f} decisions each) on one core, "
            f"Python {result['python']}:"
        )
        print(f"  build: {build.describe()}")
        print(f"  {result['games_per_second']:.0f} games/s")
        print(f"  {result['decisions_per_second']:.0f} decisions/s")
        print(f"  {result['us_per_decision']:.1f} µs per legal-action generation")
        if "mcts_iterations_per_second" in result:
            rate = result["mcts_iterations_per_second"]
            print(f"  {rate:.0f} MCTS iterations/s (2 players, first turn of round 1)")
    return 0
