"""``sagrada bench``: how fast the engine plays complete random games on one core."""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

from sagrada.cardgame.game import CARD_GAME_NAME
from sagrada.cli.common import seed_argument
from sagrada.cli.options import add_option_flags, config_from_args
from sagrada.compiled_build import build_state
from sagrada.core.actions import parse_action
from sagrada.core.config import GameConfig
from sagrada.core.record import GAME_NAME
from sagrada.core.state import State, new_game
from sagrada.core.views import make_view
from sagrada.games import game as registered


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


def measure(games: int, config: Any, seed: int, name: str = GAME_NAME) -> dict[str, Any]:
    """Play ``games`` random games of ``config`` (of the game called ``name``) and return the
    measurements.

    Two passes over the same seeds: the first times whole games (setup, play, final scoring);
    the second times each legal-action generation on its own.
    """
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


def mcts_position() -> State:
    """The fixed position of the MCTS measurement: a 2-player game at its first turn.

    Seed 0, both players take their first window option; then it is the first turn of round 1.
    """
    state = new_game(GameConfig(players=2), 0)
    state.apply(parse_action("W1"))
    state.apply(parse_action("W1"))
    return state


def measure_mcts(iterations: int) -> float:
    """Return MCTS iterations per second from :func:`mcts_position` (one decision)."""
    from sagrada.bots.mcts import MctsBot

    state = mcts_position()
    bot = MctsBot(seed=0, iterations=iterations, seconds=None)
    player = state.current_player
    start = time.perf_counter()
    bot.choose(make_view(state, player), state.legal_actions())
    return bot.last_iterations / (time.perf_counter() - start)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print the result."""
    from sagrada.cli.common import CliError, check_seed_run

    if args.games < 1:
        raise CliError("--games must be at least 1")
    check_seed_run(args.seed, args.games)
    cards = args.game == CARD_GAME_NAME
    if not cards and not 1 <= args.players <= 6:
        raise CliError("--players must be 1-6")
    if not cards and args.private_pools and args.players < 2:
        raise CliError("--private-pools needs 2-6 players")
    if args.mcts_iterations < 0:
        raise CliError("--mcts-iterations must not be negative")
    build = build_state()
    result = measure(args.games, config_from_args(args), args.seed, args.game)
    result["build"] = build.name
    if build.stale:
        result["stale_modules"] = list(build.stale)
    if args.mcts_iterations and not cards:  # the search figure is the dice game's
        result["mcts_iterations_per_second"] = measure_mcts(args.mcts_iterations)
    if args.json:
        print(json.dumps(result))
    else:
        kind = "solo card" if cards else f"{result['players']}-player"
        print(
            f"{result['games']} random {kind} games"
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
