"""``sagrada simulate``: a tournament between bots, with honest statistics."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from sagrada.bots.tournament import TournamentResult, run_tournament, seeds_needed
from sagrada.cardgame.bots import CARD_BOT_NAMES
from sagrada.cardgame.game import CARD_GAME_NAME
from sagrada.cardgame.tournament import format_card_summary, run_card_tournament
from sagrada.cli.common import CliError, check_seed_run, seed_argument
from sagrada.cli.options import add_option_flags, config_from_args

_R = TypeVar("_R")


def register(subparsers: Any) -> None:
    """Add the ``simulate`` subcommand."""
    parser = subparsers.add_parser(
        "simulate",
        help="play a tournament between bots",
        description=(
            "Play games between bots, rotating the seats so that each bot sits in every seat "
            "equally often on the same seeds, and report per bot the mean score (95%% t "
            "interval), the win rate (Wilson 95%% interval) and the mean of each score "
            "component; in solo games the win rate against the target and the mean margin. "
            "Bots: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs, easy, medium, hard. "
            "With --game cards each bot plays every seed of the solo card game (bots: "
            f"{', '.join(CARD_BOT_NAMES)}, search:N) and the summary gives its win rate "
            "against the target and its mean margin. The games run in --workers processes, or "
            "with --backend ray on a Ray cluster (a local one, or --address ADDR), with the "
            "same results game by game."
        ),
    )
    parser.add_argument(
        "--bots", default="greedy,random", help="comma-separated bot specs (default greedy,random)"
    )
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=0,
        help="first seed, 0 to 2**64 - 1; then seed + 1, ... (default 0)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        help="worker processes (default 1); with --backend ray, the CPUs of the local Ray it "
        "starts (default: every core)",
    )
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="where the games run: local, this machine's processes (default); ray, the tasks "
        "of a Ray cluster (the cluster extra), with the same results game by game",
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: an existing cluster's address (HOST:PORT of its head, "
        "ray://HOST:PORT, or auto for the one `ray start` runs here); by default a local Ray "
        "is started for the tournament and stopped after it",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the score distribution per bot")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_option_flags(parser)
    parser.set_defaults(func=run)


def _progress(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = width * done // total
    eta = elapsed / done * (total - done)
    minutes, seconds = divmod(int(eta + 0.5), 60)
    bar = "#" * filled + "." * (width - filled)
    end = "\n" if done == total else ""
    sys.stderr.write(f"\r[{bar}] {done}/{total} games, ETA {minutes}m{seconds:02d}s{end}")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    """Run the tournament and print the summary."""
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots:
        raise CliError("--bots needs at least one bot")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.workers is not None and not 1 <= args.workers <= (os.cpu_count() or 1) * 4:
        raise CliError("--workers must be at least 1 (and at most 4 per core)")
    if args.address is not None and args.backend != "ray":
        raise CliError("--address names a Ray cluster: it needs --backend ray")
    if args.address is not None and args.workers is not None:
        raise CliError("--workers sizes a local Ray; a cluster given by --address has its own CPUs")
    if args.game == CARD_GAME_NAME:
        return simulate_cards(args, bots)
    if args.players > 1 and len(bots) > args.players:
        raise CliError(f"{len(bots)} bots do not fit {args.players} seats")
    if args.plot:
        _check_plotting()
    config = config_from_args(args)
    check_seed_run(args.seed, seeds_needed(bots, args.players, args.games))
    result = _run(run_tournament, config, bots, args)
    if args.plot:
        plot(result, args.plot)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(format_summary(result))
    return 0


def simulate_cards(args: argparse.Namespace, bots: list[str]) -> int:
    """The card game: each bot plays every seed; win rate, margin and score per bot."""
    if args.plot:
        raise CliError(
            "--plot draws the dice game's scores; the card game's curve is drawn by "
            "scripts/card_difficulty.py"
        )
    check_seed_run(args.seed, args.games)
    result = _run(run_card_tournament, config_from_args(args), bots, args)
    print(json.dumps(result.to_json()) if args.json else format_card_summary(result))
    return 0


def _run(runner: Callable[..., _R], config: Any, bots: list[str], args: argparse.Namespace) -> _R:
    """Run a game's tournament with the command's games, seed, backend, workers and progress bar.

    Raises:
        CliError: for a bot the game does not have, or a Ray cluster that cannot be used.
    """
    progress = None if args.quiet else _progress
    try:
        if args.backend != "ray":
            return runner(config, bots, args.games, args.seed, args.workers or 1, progress)
        from sagrada.cluster import ClusterError, RayBackend

        try:
            with RayBackend(args.address, args.workers) as backend:
                return runner(
                    config, bots, args.games, args.seed, progress=progress, backend=backend
                )
        except ClusterError as exc:
            raise CliError(str(exc)) from None
    except ValueError as exc:
        raise CliError(str(exc)) from None


def format_summary(result: TournamentResult) -> str:
    """Return the tournament summary as a table."""
    solo = result.config.solo
    lines = [
        f"{len(result.games)} games, {result.config.players} player(s), "
        f"{result.games_per_second:.2f} games/s"
    ]
    for summary in result.summaries:
        mean, rate = summary.mean_score, summary.win_rate
        label = "beats target" if solo else "wins"
        lines.append(
            f"{summary.name}: {summary.games} seats, mean score {mean.estimate:.1f} "
            f"[{mean.low:.1f}, {mean.high:.1f}], {label} {rate.estimate:.1%} "
            f"[{rate.low:.1%}, {rate.high:.1%}]"
        )
        if summary.margins:
            data = summary.to_json()
            low, high = data["mean_margin_ci95"]
            lines.append(
                f"    mean margin over the target {data['mean_margin']:.1f} [{low:.1f}, {high:.1f}]"
            )
        parts = ", ".join(f"{name} {mean:.1f}" for name, mean in summary.component_means().items())
        lines.append(f"    components: {parts}")
    return "\n".join(lines)


def _check_plotting() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError("--plot needs matplotlib: pip install 'sagrada[plot]'") from None


def plot(result: TournamentResult, path: str) -> None:
    """Draw the score distribution of each bot (a box plot with the points) to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [s.name for s in result.summaries]
    data = [s.scores for s in result.summaries]
    figure, axes = plt.subplots(figsize=(1.8 * len(names) + 2, 4.5))
    axes.boxplot(data, showmeans=True)
    axes.set_xticks(range(1, len(names) + 1), names)
    for i, scores in enumerate(data, start=1):
        axes.scatter([i] * len(scores), scores, s=8, alpha=0.4)
    axes.set_ylabel("final score")
    axes.set_title(f"{len(result.games)} games, {result.config.players} player(s)")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        plt.close(figure)
