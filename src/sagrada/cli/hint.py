"""``sagrada hint RECORD``: the strongest bot's best three actions at a position of a game record,
each with the value it expects, and how a hint is written wherever the terminal shows one (the
``hint`` command of ``sagrada play``, for both games).

The position is the one after the record's first ``--at`` actions (default: all of them: the
player to move now). The bot decides from that player's view only, as in a game. Every word
printed is a message of the catalogue, in ``--lang``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from sagrada.cli.common import (
    CliError,
    check_language,
    iterations_argument,
    read_input,
    seconds_argument,
    seed_argument,
)
from sagrada.core.messages import DEFAULT_LANGUAGE, msg, render
from sagrada.core.record import parse_json
from sagrada.registry import make_adviser, rated_json, record_game
from sagrada.textui import hint_text


def register(subparsers: Any) -> None:
    """Add the ``hint`` subcommand."""
    parser = subparsers.add_parser(
        "hint",
        help="the strongest bot's best three actions at a position of a game record",
        description=(
            "Load a game record (what `sagrada play` and the server save; any game), go to the "
            "position after its first N actions (default: all of them) and print the player to "
            "move and the hint bot's best three actions with the value it expects of each (the "
            "dice game: points against the best action; the card game: the final margin over "
            "the target). A missing or bad record, N out of range or a finished game is exit "
            "code 2."
        ),
    )
    parser.add_argument("file", metavar="RECORD", help="the record, or - for standard input")
    parser.add_argument(
        "--at",
        type=int,
        metavar="N",
        default=None,
        help="the position after the record's first N actions (default: after all of them)",
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--seconds",
        type=seconds_argument,
        metavar="S",
        default=None,
        help="the hint bot's time (default 1; the card game's planner takes no budget)",
    )
    budget.add_argument(
        "--iterations",
        type=iterations_argument,
        metavar="N",
        default=None,
        help="a number of playouts (iterations where the bot searches) instead of a time: "
        "the same answer for a --seed",
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=0,
        help="the seed of the bot's guesses of what the player cannot know (default 0)",
    )
    parser.add_argument(
        "--lang",
        default=DEFAULT_LANGUAGE,
        metavar="LANG",
        help=f"the language of what is printed (default {DEFAULT_LANGUAGE})",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the hint at the record's position; exit code 2 for bad input."""
    language = args.lang
    check_language(language)
    data = parse_json(read_input(args.file))
    game = record_game(data)
    record = game.read_record(data)
    total = len(record.to_json()["actions"])
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        raise CliError(render(msg("ui.hint.no_position", at=at, n=total), language))
    state = record.replay(at)
    if state.is_over:
        raise CliError(render(msg("ui.hint.finished", n=at), language))
    seat = state.current_player
    view = game.view(state, seat)
    legal = view.legal_actions()
    adviser = make_adviser(game.name, args.seed, args.seconds, args.iterations)
    ranked = adviser.rank(view, legal)
    if args.json:
        result = {
            "game": game.name,
            "actions": at,
            "player": seat,
            "bot": adviser.name,
            "hints": [rated_json(game, r) for r in ranked],
        }
        print(json.dumps(result))
        return 0
    print(render(msg("ui.hint.position", player=seat, n=at), language))
    numbers = {action: number for number, action in enumerate(legal, start=1)}
    print(hint_text(ranked, adviser.name, game.action_to_str, numbers, language))
    return 0


__all__ = ["register", "run"]
