"""``sagrada replay FILE``: replay a game record and print the final scores."""

from __future__ import annotations

import argparse
from typing import Any

from sagrada.cli.common import read_input
from sagrada.core.record import parse_json
from sagrada.registry import entry, record_game


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay",
        help="replay a game record and print the scores",
        description=(
            "Replay a game record (JSON: format, config, seed, actions) and print each "
            "player's score breakdown. An illegal or malformed action stops the replay with "
            "exit code 2, naming the action's index and the rule it breaks."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay the record and print the scores."""
    data = parse_json(read_input(args.file))
    game = record_game(data)
    print(entry(game.name).cli().replay(game.read_record(data), args.json))
    return 0
