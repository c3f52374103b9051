"""``sagrada play``: a game in the terminal against bots; the game's own command-line parts
(:meth:`sagrada.entry.GameCommands.play`) draw it and read the moves."""

from __future__ import annotations

import argparse
import random
from typing import Any

from sagrada.cli.common import (
    check_language,
    iterations_argument,
    seconds_argument,
    seed_argument,
)
from sagrada.cli.options import add_option_flags, config_from_args, flag_game
from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.registry import entry


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play in the terminal against bots",
        description="Play a game in the terminal against bots: choose each action by its "
        "number or type it in notation; ? lists the choices, hint asks a bot, undo takes "
        "back a step of your turn.",
    )
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    bots = entry(flag_game()).bots
    parser.add_argument(
        "--bot",
        default=bots.default,
        help=f"the opponents' bot: {', '.join(bots.names)}, or NAME:BUDGET for a bot that "
        f"searches (default {bots.default})",
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=None,
        help="the game's seed, 0 to 2**64 - 1 (default random)",
    )
    parser.add_argument(
        "--lang",
        default=DEFAULT_LANGUAGE,
        metavar="LANG",
        help=f"the language of the game, its messages and the screen's words (default "
        f"{DEFAULT_LANGUAGE}; the dice game)",
    )
    hint = parser.add_mutually_exclusive_group()
    hint.add_argument(
        "--hint-seconds",
        type=seconds_argument,
        metavar="S",
        default=None,
        help="how long the hint bot thinks (default 1; the dice game)",
    )
    hint.add_argument(
        "--hint-iterations",
        type=iterations_argument,
        metavar="N",
        default=None,
        help="the hint bot's playouts (iterations where it searches) instead of a time (the "
        "same hint for a seed)",
    )
    add_option_flags(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play one game; return 0 when it ends or the player quits."""
    check_language(args.lang)
    commands = entry(args.game).cli()
    commands.check(args)
    config = config_from_args(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    return commands.play(args, config, seed)
