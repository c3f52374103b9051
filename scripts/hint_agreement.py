"""How often the hint's best action is the move the hint bot plays (a script, not a test).

The dice game's hint (``PlannerBot.rank``) races the turn's plans with the best plan of each
of the three best first actions among them, the bot's move (``PlannerBot.choose``) the best
rated plans alone, so the two races may part. This plays seeded random games of 1 to 3
players, stops at a few positions of each (more than three legal actions, after setup), asks
``hard`` with a number of playouts for its move and for its hint from the same seed, and
counts the positions where the hint's first is the move:

    .venv/bin/python scripts/hint_agreement.py --iterations 2000 --games 10
"""

from __future__ import annotations

import argparse
import random

from sagrada.games.dice.bots import hint_bot
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, new_game
from sagrada.games.dice.rules.views import make_view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000, help="search iterations")
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--positions", type=int, default=2, help="positions asked per game")
    args = parser.parse_args()
    agree = total = 0
    for players in (1, 2, 3):
        for seed in range(args.games):
            state = new_game(GameConfig(players=players), 100 + seed)
            rng = random.Random(seed)
            asked = 0
            while not state.is_over and asked < args.positions:
                legal = state.legal_actions()
                if state.phase == Phase.PLAY and len(legal) > 3 and rng.random() < 0.15:
                    view = make_view(state, state.current)
                    move = hint_bot(seed, iterations=args.iterations).choose(view, legal)
                    ranked = hint_bot(seed, iterations=args.iterations).rank(view, legal)
                    total += 1
                    agree += ranked[0].action == move
                    asked += 1
                state.apply(rng.choice(legal))
    print(f"{args.iterations} iterations: the hint's first is the move in {agree} of {total}")


if __name__ == "__main__":
    main()
