"""The ceiling of solo play: the mean score of a search that knows every die to come (a script,
not a test).

Each solo game (the seed fixes the bag's order and every roll) is played from setup to its end
by :func:`sagrada.games.dice.bots.known_dice.solve`, a beam search over whole turns, tool cards
included, that plays on clones of the true game. No player knows the bag: the mean is the room
the game leaves, to set beside the planner handed the true bag (``scripts/solo_bound.py``: 48.5
over seeds 1-100 with 3 tools, ``planner:1000``, half the target in its result).

    .venv/bin/python scripts/solo_ceiling.py --seeds 1-100 --workers 16 \\
        --width 32 --shortlist 128 --turn-nodes 3000
    .venv/bin/python scripts/solo_ceiling.py --seeds 1-100 --workers 16 \\
        --width 16 --shortlist 48 --nested-width 1 --nested-shortlist 4   # a nested search

Prints one line per game (seed, score, target, margin, positions looked at, seconds) and a
summary: the mean score and margin with Student's t 95% intervals, the win rate against the
target with its Wilson interval, and the time per game.
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from sagrada.games.dice.bots.known_dice import (
    DEFAULT_SHORTLIST,
    DEFAULT_TURN_NODES,
    DEFAULT_WIDTH,
    CeilingSettings,
    solve,
)
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import new_game
from sagrada.search.stats import mean_interval, wilson_interval
from sagrada.search.window_playout import TOOL_RESERVE

#: The planner handed the true bag, seeds 1-100, 3 tools (docs/bots.md).
PLANNER_KNOWING_THE_BAG = 48.5


def play(task: tuple[int, int, CeilingSettings]) -> tuple[int, int, int, int, float]:
    """One solo game solved: ``(seed, score, target, positions, seconds)``."""
    seed, tools, settings = task
    start = time.perf_counter()
    game = solve(new_game(GameConfig(players=1, solo_tools=tools), seed), settings)
    return seed, game.score, game.target, game.positions, time.perf_counter() - start


def seed_range(text: str) -> range:
    """``A-B`` (both included) or one seed ``A``."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=seed_range, default=seed_range("1-100"), help="A-B")
    parser.add_argument("--tools", type=int, default=3)
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    parser.add_argument("--shortlist", type=int, default=DEFAULT_SHORTLIST)
    parser.add_argument("--turn-nodes", type=int, default=DEFAULT_TURN_NODES)
    parser.add_argument(
        "--target-share",
        type=float,
        default=0.0,
        help="how much each pip of the target counts against the score (0: the score alone; "
        "1: the margin)",
    )
    parser.add_argument(
        "--tool-reserve",
        type=float,
        default=TOOL_RESERVE,
        help="what a tool card not used yet is worth to the playouts at the start of the game",
    )
    parser.add_argument(
        "--nested-width",
        type=int,
        default=0,
        help="rate each shortlisted position by a nested beam of this width (0: by a playout)",
    )
    parser.add_argument("--nested-shortlist", type=int, default=4)
    parser.add_argument("--nested-turn-nodes", type=int, default=500)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    nested = (
        CeilingSettings(
            width=args.nested_width,
            shortlist=args.nested_shortlist,
            turn_nodes=args.nested_turn_nodes,
            tool_reserve=args.tool_reserve,
        )
        if args.nested_width > 0
        else None
    )
    settings = CeilingSettings(
        width=args.width,
        shortlist=args.shortlist,
        turn_nodes=args.turn_nodes,
        target_share=args.target_share,
        tool_reserve=args.tool_reserve,
        nested=nested,
    )
    tasks = [(seed, args.tools, settings) for seed in args.seeds]
    games = []
    print(f"{settings}, {args.tools} tools")
    with Pool(args.workers) as pool:
        for seed, score, target, positions, seconds in pool.imap(play, tasks, chunksize=1):
            games.append((score, target, seconds))
            print(
                f"seed {seed}: score {score}, target {target}, margin {score - target:+d}, "
                f"{positions} positions, {seconds:.1f} s",
                flush=True,
            )
    score = mean_interval([s for s, _, _ in games])
    margin = mean_interval([s - t for s, t, _ in games])
    won = wilson_interval(sum(s > t for s, t, _ in games), len(games))
    seconds = sum(t for _, _, t in games) / len(games)
    print(
        f"{len(games)} games: score {score.estimate:.1f} [{score.low:.1f}, {score.high:.1f}], "
        f"margin {margin.estimate:+.1f} [{margin.low:+.1f}, {margin.high:+.1f}], "
        f"beats the target {won.estimate:.1%} [{won.low:.1%}, {won.high:.1%}], "
        f"{seconds:.1f} s a game; the planner knowing the bag: {PLANNER_KNOWING_THE_BAG}"
    )


if __name__ == "__main__":
    main()
