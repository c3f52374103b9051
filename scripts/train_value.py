"""Fit the learned value function of ``sagrada.games.dice.bots.value`` by self-play (numpy).

Two methods, both on 2-player games of the base rules between greedy bots:

``outcomes`` (the shipped weights): at the start of every round each player's features and
estimate, and a ridge regression per round of (final score − estimate) on the features (half of
the games with windows chosen at random, so that the first round's model sees windows of every
kind).

``pairs``: at a few decisions of each game, two different actions (the greedy choice and
another of its five best; at setup two window options) are each played on to the end by the
same greedy bots on the same dice. What the model learns is how the difference
of the two final scores departs from the difference of the hand-written estimates, as a function
of the difference of the features at the next round's start: it is fitted on what one decision
changes, so a feature's weight cannot stand for the stage of the game it is seen at. Rounds 1-9
share one model whose weights move linearly with the rounds left; round 0 (the window choice)
has its own.

Neither made the search stronger (docs/bots.md, fourth round); the weights ship so that the learned
evaluation can be tried (``sagrada.games.dice.bots.value``, ``scripts/screen_value.py``). Writes the
weights as JSON (by default into the package, where the bots read them).

    .venv/bin/python scripts/train_value.py --method outcomes --games 1600 --seed 50000
    .venv/bin/python scripts/train_value.py --method pairs --games 500 --seed 60000 \\
        --drop open_spaces dead_spaces fill_shortfall --out pairs.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from sagrada.games.dice.bots.greedy import NODE_BUDGET, GreedyBot
from sagrada.games.dice.bots.heuristic import evaluate, pattern_appeal
from sagrada.games.dice.bots.value import FEATURES, WEIGHTS_FILE, at_round_start, window_features
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.config import ROUNDS, GameConfig
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import make_view

OUT = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "bots" / WEIGHTS_FILE
#: Decisions a game of the pairs method branches at (besides the window choice).
BRANCHES = 3
#: The other action of a pair is one of the greedy ranking's best this many.
TOP = 5

Sample = tuple[int, list[float], float]
#: Each round's weights, and what the fit reports.
Fitted = tuple[list[list[float]], list[dict[str, object]]]


def features_of(state: State, player: int) -> list[float]:
    seat = state.players[player]
    assert seat.window is not None
    return window_features(seat.window, seat.favor, state.publics, seat.privates)


def outcome_game(seed: int) -> list[Sample]:
    """One greedy self-play game: (round, features, final − estimate) per player and round."""
    state = new_game(GameConfig(players=2), seed)
    rng = random.Random(seed)
    random_windows = seed % 2 == 1
    bots = [GreedyBot(seed * 2 + seat) for seat in range(2)]
    rows: list[tuple[int, int, list[float], float]] = []
    seen = -1
    while not state.is_over:
        if at_round_start(state) and state.round != seen:
            seen = state.round
            for p in range(2):
                rows.append((p, state.round, features_of(state, p), evaluate(state, p)))
        seat_now = state.current_player
        legal = state.legal_actions()
        if state.phase == Phase.SETUP and random_windows:
            action = rng.choice(legal)
        else:
            action = bots[seat_now].choose(make_view(state, seat_now), legal)
        state.apply(action)
    totals = [s.total for s in state.outcome().scores]
    return [(r, x, totals[p] - base) for p, r, x, base in rows]


def branch(state: State, action: int, player: int, seed: int) -> tuple[list[float], float, int]:
    """Play ``action`` and then greedy to the end; return ``player``'s features and estimate at
    the next round start, and the final residual (final score − that estimate)."""
    state = state.clone()
    state.apply(action)
    bots = [GreedyBot(seed * 2 + seat) for seat in range(2)]
    start = state.round if state.phase == Phase.PLAY else -1
    seen: tuple[list[float], float] | None = None
    while not state.is_over:
        if seen is None and at_round_start(state) and state.round > start:
            seen = features_of(state, player), evaluate(state, player)
        seat_now = state.current_player
        state.apply(bots[seat_now].choose(make_view(state, seat_now), state.legal_actions()))
    assert seen is not None
    final = state.outcome().scores[player].total
    return seen[0], final - seen[1], start + 1


def pair_game(seed: int) -> list[Sample]:
    """One greedy game that branches at the window choice and at ``BRANCHES`` decisions:
    (round, feature difference, residual difference) per pair."""
    state = new_game(GameConfig(players=2), seed)
    rng = random.Random(seed)
    bots = [GreedyBot(seed * 2 + seat) for seat in range(2)]
    # Decisions to branch at, counted among the play decisions of rounds 0-8.
    moments = set(rng.sample(range(34), BRANCHES))
    decision = 0
    samples: list[Sample] = []
    setup_done = False
    while not state.is_over:
        player = state.current_player
        legal = state.legal_actions()
        view = make_view(state, player)
        if state.phase == Phase.SETUP and not setup_done and len(legal) > 1:
            setup_done = True
            first = max(legal, key=lambda a: pattern_appeal(state, player, A.ARG1[a]))
            other = rng.choice([a for a in legal if a != first])
            samples.append(difference(state, first, other, player, seed))
        elif (
            state.phase == Phase.PLAY
            and state.round < ROUNDS - 1
            and state.tool_slot < 0
            and not state.step
            and len(legal) > 1
        ):
            if decision in moments:
                ranker = GreedyBot(seed)
                guess = view.state
                budget = [NODE_BUDGET]
                ranked = sorted(
                    legal, key=lambda a: ranker.value_after(guess, a, player, budget), reverse=True
                )
                other = rng.choice(ranked[1:TOP])
                samples.append(difference(state, ranked[0], other, player, seed))
            decision += 1
        state.apply(bots[player].choose(view, legal))
    return samples


def difference(state: State, first: int, other: int, player: int, seed: int) -> Sample:
    x1, y1, r = branch(state, first, player, seed + 7919)
    x2, y2, _ = branch(state, other, player, seed + 7919)
    return r, [a - b for a, b in zip(x1, x2, strict=True)], y1 - y2


def fit(x: np.ndarray, y: np.ndarray, ridge: float, free: int = 1) -> np.ndarray:
    """Ridge regression, the first ``free`` columns not shrunk."""
    penalty = ridge * np.eye(x.shape[1])
    penalty[:free, :free] = 0.0
    return np.linalg.solve(x.T @ x + penalty, x.T @ y)


def r2(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    residual = y - x @ w
    return float(1.0 - residual.var() / y.var())


def fit_outcomes(rounds: np.ndarray, xs: np.ndarray, ys: np.ndarray, ridge: float) -> Fitted:
    weights: list[list[float]] = []
    report: list[dict[str, object]] = []
    for r in range(ROUNDS):
        x, y = xs[rounds == r], ys[rounds == r]
        half = len(y) // 2  # fit on the first half of the games, check on the second
        score = r2(x[half:], y[half:], fit(x[:half], y[:half], ridge))
        report.append({"round": r, "positions": len(y), "held_out_r2": round(score, 3)})
        print(f"round {r}: {len(y)} positions, held-out R² {score:.3f}")
        weights.append([round(float(v), 4) for v in fit(x, y, ridge)])
    return weights, report


def fit_pairs(rounds: np.ndarray, xs: np.ndarray, ys: np.ndarray, ridge: float) -> Fitted:
    """Round 0 alone; rounds 1-9 with weights a + b × (rounds left after this one) / 8. The
    bias cancels in a difference: it is 0."""
    weights, report = [], []
    setup = rounds == 0
    x0, y0 = xs[setup][:, 1:], ys[setup]
    half = len(y0) // 2
    score0 = r2(x0[half:], y0[half:], fit(x0[:half], y0[:half], ridge, 0))
    w0 = fit(x0, y0, ridge, 0)
    weights.append([0.0, *(round(float(v), 4) for v in w0)])
    report.append({"rounds": "0", "pairs": len(y0), "held_out_r2": round(score0, 3)})
    play = ~setup
    left = ((ROUNDS - 1 - rounds[play]) / (ROUNDS - 2))[:, None]
    x = np.hstack([xs[play][:, 1:], xs[play][:, 1:] * left])
    y = ys[play]
    half = len(y) // 2
    score = r2(x[half:], y[half:], fit(x[:half], y[:half], ridge, 0))
    w = fit(x, y, ridge, 0)
    report.append({"rounds": "1-9", "pairs": len(y), "held_out_r2": round(score, 3)})
    print(f"round 0: {len(y0)} pairs, held-out R² {score0:.3f}; rounds 1-9: {len(y)}, {score:.3f}")
    n = xs.shape[1] - 1
    for r in range(1, ROUNDS):
        share = (ROUNDS - 1 - r) / (ROUNDS - 2)
        weights.append([0.0, *(round(float(w[i] + w[n + i] * share), 4) for i in range(n))])
    return weights, report


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--method", choices=("pairs", "outcomes"), default="outcomes")
    parser.add_argument("--games", type=int, default=1600)
    parser.add_argument("--seed", type=int, default=50000)
    parser.add_argument(
        "--drop", nargs="*", default=[], choices=FEATURES[1:], help="features left out of the fit"
    )
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--data", type=Path, help="cache of the played samples (.npz)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.data is not None and args.data.exists():
        cached = np.load(args.data)
        rounds, xs, ys = cached["rounds"], cached["x"], cached["y"]
    else:
        play = pair_game if args.method == "pairs" else outcome_game
        started = time.perf_counter()
        records: list[Sample] = []
        for i in range(args.games):
            records.extend(play(args.seed + i))
            if (i + 1) % 20 == 0:
                print(f"{i + 1} games, {time.perf_counter() - started:.0f} s", flush=True)
        rounds = np.array([r for r, _, _ in records])
        xs = np.array([x for _, x, _ in records])
        ys = np.array([y for _, _, y in records])
        if args.data is not None:
            np.savez(args.data, rounds=rounds, x=xs, y=ys)
    for name in args.drop:
        xs[:, FEATURES.index(name)] = 0.0  # a column of zeros gets a weight of 0
    fitter = fit_pairs if args.method == "pairs" else fit_outcomes
    weights, report = fitter(rounds, xs, ys, args.ridge)
    data = {
        "features": list(FEATURES),
        "rounds": weights,
        "method": args.method,
        "games": int(args.games),
        "seed": int(args.seed),
        "ridge": args.ridge,
        "dropped": list(args.drop),
        "fit": report,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
