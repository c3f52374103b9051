"""``sagrada score``: score a finished window from a physical game, described in JSON.

Each game reads its own input (:meth:`sagrada.entry.GameCommands.score`; ``--help`` shows each
game's): this command reads the file, hands it to the game of ``--game`` and prints the score
and, on standard error, the game's warnings about what it scored anyway.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sagrada.cli.common import check_language, read_input
from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.registry import default_game, entries, entry


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``score`` subcommand to the ``sagrada`` command line."""
    parser = subparsers.add_parser(
        "score",
        help="score a finished window described in JSON",
        description="Score a finished window: public and private objectives, favor tokens "
        "and open spaces, by the rulebook's END GAME SCORING.",
        epilog="\n".join(e.cli().score_help for e in entries()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the window and cards in JSON; - for stdin")
    parser.add_argument(
        "--game",
        choices=[e.name for e in entries()],
        default=default_game(),
        help=f"the game of the window (default {default_game()}; its input below)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"total": N, "parts": [{"name": ..., "points": N}, ...]} instead of a table '
        "(the cards' English names, in every language)",
    )
    parser.add_argument(
        "--lang",
        default=DEFAULT_LANGUAGE,
        metavar="LANG",
        help=f"the language of the table: its headings, the cards' names, the formulas "
        f"(default {DEFAULT_LANGUAGE})",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Score the window described in ``args.file`` and print the breakdown.

    Raises:
        CliError: if the input is malformed, naming the field, row or token at fault.
    """
    check_language(args.lang)
    result, warnings = entry(args.game).cli().score(read_input(args.file), args.json, args.lang)
    for warning in warnings:
        print(f"sagrada score: warning: {warning}", file=sys.stderr)
    print(result)
    return 0
