"""``sagrada simulate``: a tournament between bots, with honest statistics."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from sagrada.cli.common import CliError, check_seed_run, seed_argument
from sagrada.cli.options import add_option_flags, config_from_args
from sagrada.entry import GameCommands, TournamentResult
from sagrada.registry import entries, entry


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
            + " ".join(
                f"The bots of {e.name}: {', '.join(e.bots.names)}"
                + (", or NAME:BUDGET for one that searches." if e.bots.searching else ".")
                for e in entries()
            )
            + " The games run in --workers processes, or "
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
    commands = entry(args.game).cli()
    args.bot_list = bots
    commands.check(args)
    config = config_from_args(args)
    check_seed_run(args.seed, commands.tournament_seeds(config, bots, args.games))
    result = _run(commands, config, bots, args)
    if args.plot:
        commands.plot(result, args.plot)
    print(json.dumps(result.to_json()) if args.json else commands.tournament_text(result))
    return 0


def _run(
    commands: GameCommands, config: Any, bots: list[str], args: argparse.Namespace
) -> TournamentResult:
    """Run a game's tournament with the command's games, seed, backend, workers and progress bar.

    Raises:
        CliError: for a bot the game does not have, or a Ray cluster that cannot be used.
    """
    progress = None if args.quiet else _progress
    try:
        if args.backend != "ray":
            return commands.tournament(
                config, bots, args.games, args.seed, args.workers or 1, progress, None
            )
        from sagrada.cluster import ClusterError, RayBackend

        try:
            with RayBackend(args.address, args.workers) as backend:
                return commands.tournament(
                    config, bots, args.games, args.seed, 1, progress, backend
                )
        except ClusterError as exc:
            raise CliError(str(exc)) from None
    except ValueError as exc:
        raise CliError(str(exc)) from None
