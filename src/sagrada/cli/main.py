"""Entry point of the ``sagrada`` command: parses arguments and dispatches to a subcommand.

Each subcommand lives in its own module with ``register(subparsers)``, which adds its parser
and sets ``func`` (taking the parsed arguments, returning the exit code). Bad input raises
:class:`CliError` (or a core ``SagradaError``) and ends with exit code 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import NoReturn

from sagrada.cli.common import CliError
from sagrada.cli.options import FLAG_GAME, peek_game
from sagrada.core.content_files import install_content_file
from sagrada.core.errors import SagradaError
from sagrada.registry import default_game, games

#: Subcommand modules, in the order ``--help`` lists them.
SUBCOMMANDS = ("serve", "play", "score", "replay", "hint", "simulate", "bench", "options")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(game: str | None = None) -> argparse.ArgumentParser:
    """Return the parser of the whole command line, with the option flags of ``game`` (the
    default game's when it names none that is registered)."""
    FLAG_GAME.set(game if game in {g.name for g in games()} else default_game())
    parser = _Parser(prog="sagrada", description="Sagrada: the dice-drafting window game.")
    from sagrada import __version__

    parser.add_argument("--version", action="version", version=f"sagrada {__version__}")
    parser.add_argument(
        "--content",
        metavar="FILE",
        action="append",
        default=[],
        help="a content file with the printed cards in place of the house cards, for every "
        "command (docs/content.md); may be given more than once",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name in SUBCOMMANDS:
        import_module(f"sagrada.cli.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 failure, 2 bad input)."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(peek_game(words))
    args = parser.parse_args(words)
    try:
        for path in args.content:
            install_content_file(path)
        code: int = args.func(args)
    except (CliError, SagradaError) as exc:
        print(f"sagrada {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return code


def run() -> NoReturn:
    """Run :func:`main` and exit with its code."""
    sys.exit(main())
