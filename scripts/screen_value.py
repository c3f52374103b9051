"""Screen the learned value function against greedy: 2-player games, seats swapped on each seed.

Variants: ``base`` (the search as shipped), ``L`` (the search with the learned evaluation),
``W`` (the search choosing its window by the learned value), ``LW`` (both), ``gw`` (greedy
choosing its window by the learned value), ``gs`` (greedy choosing its window by a search of
that many iterations: the best mean points of :meth:`MctsBot.rank`), ``greedy``. The searches
run a fixed number of iterations, so results do not depend on the machine's load. Prints one
JSON line: wins, mean scores, the mean of each score part.

    .venv/bin/python scripts/screen_value.py LW --seeds 50 --seed 9000 --iterations 300 \\
        [--weights other_weights.json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from sagrada.games.dice.bots import Bot
from sagrada.games.dice.bots.greedy import GreedyBot
from sagrada.games.dice.bots.heuristic import final_scale_evaluate
from sagrada.games.dice.bots.mcts import MctsBot, appeal_choice
from sagrada.games.dice.bots.value import choose_window, learned_evaluate, use_weights
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, new_game
from sagrada.games.dice.rules.views import PlayerView, make_view

VARIANTS = ("base", "L", "W", "LW", "gw", "gs", "greedy")


class WindowGreedy:
    """Greedy, but choosing its window by the learned value, or by a search if given one."""

    def __init__(self, seed: int, search: MctsBot | None = None) -> None:
        self.name = "gw"
        self._greedy = GreedyBot(seed)
        self._search = search

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.state.phase == Phase.SETUP and len(legal) > 1:
            if self._search is not None:
                return self._search.rank(view, legal, 1)[0].action
            return choose_window(view, legal)
        return self._greedy.choose(view, legal)


def make(variant: str, seed: int, iterations: int) -> Bot:
    if variant == "greedy":
        return GreedyBot(seed)
    if variant == "gw":
        return WindowGreedy(seed)
    if variant == "gs":
        return WindowGreedy(seed, MctsBot(seed, iterations=iterations, seconds=None))
    return MctsBot(
        seed,
        iterations=iterations,
        seconds=None,
        evaluator=learned_evaluate if "L" in variant else final_scale_evaluate,
        window_choice=choose_window if "W" in variant else appeal_choice,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("variant", choices=VARIANTS)
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--weights", type=Path, help="a weights file other than the package's")
    args = parser.parse_args()
    if args.weights is not None:
        use_weights(json.loads(args.weights.read_text(encoding="utf-8")))
    wins = 0
    mine: list[int] = []
    theirs: list[int] = []
    parts: dict[str, float] = {}
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.seeds):
        for seat in (0, 1):
            bots: list[Bot] = [GreedyBot(seed * 1000 + s) for s in (0, 1)]
            bots[seat] = make(args.variant, seed * 1000 + seat, args.iterations)
            state = new_game(GameConfig(players=2), seed)
            while not state.is_over:
                now = state.current_player
                state.apply(bots[now].choose(make_view(state, now), state.legal_actions()))
            outcome = state.outcome()
            wins += seat in outcome.winners
            mine.append(outcome.scores[seat].total)
            theirs.append(outcome.scores[1 - seat].total)
            for part in outcome.scores[seat].parts:
                if part.counted:
                    parts[part.name] = parts.get(part.name, 0) + part.points
    games = len(mine)
    result = {
        "variant": args.variant,
        "iterations": args.iterations,
        "seed": args.seed,
        "games": games,
        "wins": wins,
        "mean": round(sum(mine) / games, 2),
        "greedy_mean": round(sum(theirs) / games, 2),
        "seconds": round(time.perf_counter() - started),
        "parts": {k: round(v / games, 2) for k, v in sorted(parts.items())},
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
