"""``sagrada play``: a game in the terminal against bots (the dice game: :mod:`sagrada.cli.terminal`
on a Rich screen, the ``cli`` extra; the solo card game: :mod:`sagrada.cli.play_cards`)."""

from __future__ import annotations

import argparse
import random
from typing import Any

from sagrada.bots import BOT_NAMES, hint_bot, make_bot
from sagrada.cardgame.game import CARD_GAME_NAME
from sagrada.cli.common import (
    CliError,
    check_language,
    iterations_argument,
    seconds_argument,
    seed_argument,
)
from sagrada.cli.options import add_option_flags, config_from_args
from sagrada.cli.play_cards import play_cards
from sagrada.core.messages import DEFAULT_LANGUAGE


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
    parser.add_argument(
        "--bot",
        default="medium",
        help=f"the opponents' bot: {', '.join(BOT_NAMES)}, or mcts:BUDGET (default medium)",
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
    if args.game == CARD_GAME_NAME:
        if args.lang != DEFAULT_LANGUAGE:
            raise CliError(f"--lang: the card game is in {DEFAULT_LANGUAGE} only")
        return play_cards(args, config_from_args(args))
    if not 1 <= args.players <= 6:
        raise CliError("--players must be 1-6")
    if args.private_pools and args.players < 2:
        raise CliError("--private-pools needs 2-6 players")
    if not 0 <= args.seat < args.players:
        raise CliError(f"--seat must be 0-{args.players - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    config = config_from_args(args)
    try:
        bots = {
            seat: make_bot(args.bot, random.SystemRandom().randrange(2**62))
            for seat in range(args.players)
            if seat != args.seat
        }
    except ValueError as exc:
        raise CliError(str(exc)) from None
    try:
        from sagrada.cli.terminal import TerminalGame
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] != "rich":
            raise
        raise CliError("the terminal game needs Rich: pip install 'sagrada[cli]'") from None
    adviser = hint_bot(seed, args.hint_seconds, args.hint_iterations)
    return TerminalGame(config, seed, args.seat, bots, args.lang, adviser).play()
