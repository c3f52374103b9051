"""``sagrada replay FILE``: replay a game record and print the final scores."""

from __future__ import annotations

import argparse
import json
from typing import Any

from sagrada.cardgame.game import CardRecord
from sagrada.cli.common import CliError, read_input
from sagrada.cli.render import score_table
from sagrada.core.record import GameRecord
from sagrada.games import read_record


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
    record = read_record(read_input(args.file))
    if isinstance(record, CardRecord):
        return replay_cards(record, args.json)
    if not isinstance(record, GameRecord):
        # A game registered by a plugin: this command prints the two games' scores only.
        raise CliError(
            f"replay prints the scores of sagrada and cards, not {type(record).__name__}"
        )
    state = record.replay()
    finished = state.is_over
    if finished:
        outcome = state.outcome()
        scores, winners, target = outcome.scores, outcome.winners, outcome.target
    else:
        scores, winners, target = state.scores() if state.phase else (), (), None
    if args.json:
        result: dict[str, Any] = {
            "finished": finished,
            "actions": len(record.actions),
            "players": [
                {"seat": seat, **breakdown.to_json()} for seat, breakdown in enumerate(scores)
            ],
            "winners": list(winners),
        }
        if target is not None:
            result["target"] = target
        print(json.dumps(result))
        return 0
    if not finished:
        print(f"The game is not finished ({len(record.actions)} actions): scores so far.")
    for seat, breakdown in enumerate(scores):
        print(f"Player {seat}" + (" (winner)" if seat in winners else ""))
        print(score_table(breakdown))
        print()
    if target is not None:
        won = "beats" if winners else "does not beat"
        print(f"Solo target: {target}; the score {won} it.")
    return 0


def replay_cards(record: CardRecord, as_json: bool) -> int:
    """Replay a card game's record and print its score against the target."""
    state = record.replay()
    score, target = state.score(), state.target()
    if as_json:
        result: dict[str, Any] = {
            "finished": state.is_over,
            "actions": len(record.actions),
            **score.to_json(),
            "target": target,
        }
        if state.is_over:
            result["won"] = state.outcome().won
        print(json.dumps(result))
        return 0
    if not state.is_over:
        print(f"The game is not finished ({len(record.actions)} actions): the score so far.")
    print(score_table(score))
    verdict = ("won" if state.outcome().won else "lost") if state.is_over else "so far"
    print(f"Target {target} ({verdict})")
    return 0
