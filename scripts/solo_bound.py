"""What knowing the bag would be worth to the solo planner (a script, not a test).

Plays each solo game twice on the same seed: once by the planner as it is (it guesses the
bag), once by the same planner handed the true game instead of its guesses, so that its
playouts meet the very dice to come (an *oracle*, which no player has). The oracle's mean is a
ceiling on what better choices of this turn could give the planner with its playout policy;
the gap between the two is the price of not knowing the bag.

    .venv/bin/python scripts/solo_bound.py --iterations 1000 --games 100 --seed 1 --workers 2
    .venv/bin/python scripts/solo_bound.py --score-only ...   # the score alone, not the margin

Prints each player's mean score and margin (Student's t 95% intervals), its win rate against
the target (Wilson), and the mean paired difference of the scores.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from sagrada.games.dice.bots.planner import TARGET_SHARE, PlannerBot
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import PlayerView, make_view
from sagrada.search.stats import mean_interval, wilson_interval
from sagrada.search.window_summary import PolicyWeights


def play(task: tuple[int, int, int, bool, bool]) -> tuple[int, int]:
    """One solo game: ``(score, target)``."""
    seed, tools, iterations, score_only, oracle = task
    state = new_game(GameConfig(players=1, solo_tools=tools), seed)

    def true_game(view: PlayerView) -> State:
        return state.clone()

    bot = PlannerBot(
        seed * 1000,
        iterations=iterations,
        seconds=None,
        target_share=0.0 if score_only else TARGET_SHARE,
        weights=PolicyWeights(target_weight=0.0) if score_only else None,
        guesser=true_game if oracle else None,
    )
    while not state.is_over:
        state.apply(bot.choose(make_view(state, 0), state.legal_actions()))
    outcome = state.outcome()
    return outcome.scores[0].total, outcome.target or 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tools", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=1000, help="playouts a decision")
    parser.add_argument(
        "--score-only",
        action="store_true",
        help="play for the score alone, not the margin: the target counts neither in a "
        "playout's result nor in the playout policy",
    )
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    tasks = [
        (seed, args.tools, args.iterations, args.score_only, oracle)
        for oracle in (False, True)
        for seed in seeds
    ]
    with Pool(args.workers) as pool:
        results = pool.map(play, tasks, chunksize=1)
    honest, oracle = results[: args.games], results[args.games :]
    for name, games in (("planner", honest), ("planner knowing the bag", oracle)):
        score = mean_interval([s for s, _ in games])
        margin = mean_interval([s - t for s, t in games])
        won = wilson_interval(sum(s > t for s, t in games), len(games))
        print(
            f"{name}: score {score.estimate:.1f} [{score.low:.1f}, {score.high:.1f}], "
            f"margin {margin.estimate:+.1f} [{margin.low:+.1f}, {margin.high:+.1f}], "
            f"beats the target {won.estimate:.1%} [{won.low:.1%}, {won.high:.1%}]"
        )
    gap = mean_interval([o[0] - h[0] for h, o in zip(honest, oracle, strict=True)])
    print(f"knowing the bag: {gap.estimate:+.1f} [{gap.low:+.1f}, {gap.high:+.1f}] points")


if __name__ == "__main__":
    main()
