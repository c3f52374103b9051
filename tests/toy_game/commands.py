"""The toy game's parts of the command line (:class:`sagrada.entry.GameCommands`):
``sagrada play``, ``score``, ``replay``, ``simulate`` and ``bench`` with ``--game toy``."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.search.tournament import seeds_needed
from sagrada.textui import CliError, load_json
from toy_game.bots import GreedyToyBot, hint_bot, make_toy_bot
from toy_game.game import ToyRecord
from toy_game.options import MAX_TAKE_POINTS, ToyOptions
from toy_game.state import PLAYERS, ROUNDS, ToyOutcome, ToyScore, new_toy_game
from toy_game.terminal import play_toy, result_text
from toy_game.tournament import ToyTournamentResult, run_toy_tournament, tournament_text
from toy_game.views import make_toy_view

#: The most points a game can give a player.
MOST_POINTS: Final = ROUNDS * MAX_TAKE_POINTS

SCORE_HELP: Final = """toy: a finished game of secret dice as JSON, each seat's points and
secret die: {"points": [2, 1], "dice": [5, 6]}"""


class ToyCommands:
    """The toy game's command-line parts."""

    score_help: Final = SCORE_HELP

    def check(self, args: argparse.Namespace) -> None:
        """Refuse a seat outside the two, more than two bots, another language than English
        and a plot."""
        if getattr(args, "lang", DEFAULT_LANGUAGE) != DEFAULT_LANGUAGE:
            raise CliError(f"--lang: the toy game is in {DEFAULT_LANGUAGE} only")
        seat = getattr(args, "seat", None)
        if seat is not None and not 0 <= seat < PLAYERS:
            raise CliError(f"--seat must be 0-{PLAYERS - 1}")
        bots = getattr(args, "bot_list", None)
        if bots is not None and len(bots) > PLAYERS:
            raise CliError(f"{len(bots)} bots do not fit {PLAYERS} seats")
        if getattr(args, "plot", None):
            raise CliError("--plot: the toy game draws no plots")

    def play(self, args: argparse.Namespace, config: ToyOptions, seed: int) -> int:
        """Play a game in the terminal against ``args.bot``."""
        try:
            bot = make_toy_bot(args.bot, seed)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        return play_toy(config, seed, args.seat, bot, hint_bot(seed))

    def score(self, text: str, as_json: bool, language: str) -> tuple[str, list[str]]:
        """Score a finished game described as each seat's points and die (refusing bad input
        before any warning); its table has no words of a language."""
        data = load_json(text)
        if not isinstance(data, dict) or set(data) != {"points", "dice"}:
            raise CliError('give {"points": [P0, P1], "dice": [D0, D1]}')
        points, dice = data["points"], data["dice"]
        for name, values, low, high in (("points", points, 0, None), ("dice", dice, 1, 6)):
            if not isinstance(values, list) or len(values) != PLAYERS:
                raise CliError(f"{name}: give one whole number per seat ({PLAYERS})")
            for seat, value in enumerate(values):
                whole = isinstance(value, int) and not isinstance(value, bool)
                if not whole or value < low or (high is not None and value > high):
                    allowed = f"{low}-{high}" if high is not None else f"{low} or more"
                    raise CliError(f"{name}[{seat}]: {value!r} is not {allowed}")
        warnings = [
            f"points[{seat}]: {value} is more than a game can give ({MOST_POINTS})"
            for seat, value in enumerate(points)
            if value > MOST_POINTS
        ]
        outcome = ToyOutcome.of(tuple(ToyScore(p, d) for p, d in zip(points, dice, strict=True)))
        return (json.dumps(outcome.to_json()) if as_json else result_text(outcome)), warnings

    def replay(self, record: ToyRecord, as_json: bool) -> str:
        """Each seat's score after the record, and the winners once it is finished."""
        state = record.replay()
        outcome = state.outcome()
        if as_json:
            result: dict[str, Any] = {
                "finished": state.is_over,
                "actions": len(record.actions),
                "scores": [s.to_json() for s in outcome.scores],
            }
            if state.is_over:
                result["winners"] = list(outcome.winners)
            return json.dumps(result)
        if state.is_over:
            return result_text(outcome)
        lines = [f"The game is not finished ({len(record.actions)} actions): the score so far."]
        lines += result_text(outcome).splitlines()[:-1]
        return "\n".join(lines)

    def tournament(
        self,
        config: ToyOptions,
        bots: Sequence[str],
        games: int,
        seed: int,
        workers: int,
        progress: Callable[[int, int, float], None] | None,
        backend: Any,
    ) -> ToyTournamentResult:
        """Every seating of the bots round the two seats on the seeds the games need."""
        seeds = self.tournament_seeds(config, bots, games)
        return run_toy_tournament(config, bots, seeds, seed, workers, progress, backend)

    def tournament_seeds(self, config: ToyOptions, bots: Sequence[str], games: int) -> int:
        """Each seed is played in every seating (two: the seats swapped)."""
        return seeds_needed(bots, PLAYERS, games)

    def tournament_text(self, result: ToyTournamentResult) -> str:
        """Win rate and mean score per bot."""
        return tournament_text(result)

    def plot(self, result: ToyTournamentResult, path: str) -> None:
        """Never called: :meth:`check` refuses ``--plot``."""
        raise CliError("--plot: the toy game draws no plots")

    def bench_extra(self, args: argparse.Namespace) -> dict[str, float]:
        """How many decisions a second the greedy bot takes at a game's first decision."""
        state = new_toy_game(ToyOptions(), 0)
        view, legal = make_toy_view(state, 0), state.legal_actions()
        bot = GreedyToyBot()
        decisions = 1000
        start = time.perf_counter()
        for _ in range(decisions):
            bot.choose(view, legal)
        return {"greedy_decisions_per_second": decisions / (time.perf_counter() - start)}


#: The toy game's command-line parts, as its entry names them.
COMMANDS: Final = ToyCommands()
