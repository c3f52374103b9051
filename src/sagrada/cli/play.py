"""``sagrada play``: a game in the terminal against bots, typing actions in notation."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from sagrada.bots import BOT_NAMES, make_bot
from sagrada.cardgame.game import CARD_GAME_NAME
from sagrada.cli.common import CliError, read_command, seed_argument
from sagrada.cli.options import add_option_flags, config_from_args
from sagrada.cli.play_cards import play_cards
from sagrada.cli.render import score_table, table_text
from sagrada.core.actions import action_to_str, parse_action
from sagrada.core.errors import IllegalActionError, InvalidNotationError
from sagrada.core.state import new_game
from sagrada.core.views import make_view

HELP = """Type an action in notation (docs/notation.md), for example:
  R3@B4   draft the red 3 and place it on B4      T6    use tool card 6
  pass    end your turn                            @B4   place the die in hand on B4
  B4>C5   move a die (tools)                       +1/-1, =4, r3:R5, $P2, stop, return
  *R3@B4  place the red 3 from your own pool (Private Dice Pool rules)
Commands: ? (legal actions), board, help, quit."""


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play in the terminal against bots",
        description="Play a game in the terminal, typing actions in notation, against bots.",
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
    add_option_flags(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play one game; return 0 when it ends or the player quits."""
    if args.game == CARD_GAME_NAME:
        return play_cards(args, config_from_args(args))
    if not 1 <= args.players <= 6:
        raise CliError("--players must be 1-6")
    if args.private_pools and args.players < 2:
        raise CliError("--private-pools needs 2-6 players")
    if not 0 <= args.seat < args.players:
        raise CliError(f"--seat must be 0-{args.players - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    config = config_from_args(args)
    state = new_game(config, seed)
    try:
        bots = {
            seat: make_bot(args.bot, random.SystemRandom().randrange(2**62))
            for seat in range(args.players)
            if seat != args.seat
        }
    except ValueError as exc:
        raise CliError(str(exc)) from None
    # The seed decides every die to come: it is shown only when the game is over.
    print(f"Sagrada, {args.players} player(s). You are player {args.seat}.")
    print(HELP)
    shown = -1
    while not state.is_over:
        seat = state.current_player
        if seat in bots:
            view = make_view(state, seat)
            action = bots[seat].choose(view, state.legal_actions())
            print(f"player {seat}: {action_to_str(action)}")
            state.apply(action)
            continue
        if shown != len(state.history):
            print()
            print(table_text(make_view(state, seat)))
            shown = len(state.history)
        print(state.describe_decision())
        line = read_command(lambda: [action_to_str(a) for a in state.legal_actions()], HELP)
        if line is None:
            return 0
        if line == "board":
            print(table_text(make_view(state, seat)))
            continue
        if not line:
            continue
        try:
            state.apply(parse_action(line))
        except (InvalidNotationError, IllegalActionError) as exc:
            print(f"  {exc}", file=sys.stdout)
    print()
    print(table_text(make_view(state, args.seat)))
    outcome = state.outcome()
    for seat, breakdown in enumerate(outcome.scores):
        print(f"\nPlayer {seat}" + (" (you)" if seat == args.seat else ""))
        print(score_table(breakdown))
    if outcome.target is not None:
        verdict = "You win!" if outcome.winners else "You lose."
        print(f"\nTarget score {outcome.target}. {verdict}")
    else:
        print(f"\nWinner(s): {', '.join(f'player {s}' for s in outcome.winners)}")
    print(f"(The game's seed was {seed}: `--seed {seed}` deals the same game again.)")
    return 0
