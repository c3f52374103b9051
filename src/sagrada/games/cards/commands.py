"""The solo card game's parts of the command line (:class:`sagrada.entry.GameCommands`):
``sagrada play``, ``score``, ``replay``, ``simulate`` and ``bench`` with ``--game cards``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any, Final

from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.games.cards.game import CardRecord
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.score_input import EPILOG, card_warnings, score_card_game
from sagrada.games.cards.terminal import play_cards
from sagrada.games.cards.tournament import (
    CardTournamentResult,
    format_card_summary,
    run_card_tournament,
)
from sagrada.textui import CliError, load_json, score_table


class CardCommands:
    """The card game's command-line parts."""

    score_help: Final = EPILOG

    def check(self, args: argparse.Namespace) -> None:
        """The card game is in English only, and its curve is drawn by a script of its own."""
        if getattr(args, "lang", DEFAULT_LANGUAGE) != DEFAULT_LANGUAGE:
            raise CliError(f"--lang: the card game is in {DEFAULT_LANGUAGE} only")
        if getattr(args, "plot", None):
            raise CliError(
                "--plot draws the dice game's scores; the card game's curve is drawn by "
                "scripts/card_difficulty.py"
            )

    def play(self, args: argparse.Namespace, config: CardOptions, seed: int) -> int:
        """Play a card game in the terminal."""
        return play_cards(config, seed)

    def score(self, text: str, as_json: bool, language: str) -> tuple[str, list[str]]:
        """Score a finished card game's window (refusing bad input before any warning)."""
        data = load_json(text)
        return score_card_game(data, as_json, language), card_warnings(data)

    def replay(self, record: CardRecord, as_json: bool) -> str:
        """A card game's score against the target, after its record."""
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
            return json.dumps(result)
        lines = []
        if not state.is_over:
            lines.append(
                f"The game is not finished ({len(record.actions)} actions): the score so far."
            )
        lines.append(score_table(score))
        verdict = ("won" if state.outcome().won else "lost") if state.is_over else "so far"
        lines.append(f"Target {target} ({verdict})")
        return "\n".join(lines)

    def tournament(
        self,
        config: CardOptions,
        bots: Sequence[str],
        games: int,
        seed: int,
        workers: int,
        progress: Callable[[int, int, float], None] | None,
        backend: Any,
    ) -> CardTournamentResult:
        """Each bot plays the seeds ``seed`` to ``seed + games - 1``."""
        return run_card_tournament(config, bots, games, seed, workers, progress, backend)

    def tournament_seeds(self, config: CardOptions, bots: Sequence[str], games: int) -> int:
        """Every bot plays the same ``games`` seeds."""
        return games

    def tournament_text(self, result: CardTournamentResult) -> str:
        """Win rate, margin and score per bot."""
        return format_card_summary(result)

    def plot(self, result: CardTournamentResult, path: str) -> None:
        """Never called: :meth:`check` refuses ``--plot``."""
        raise CliError("--plot draws the dice game's scores")

    def bench_extra(self, args: argparse.Namespace) -> dict[str, float]:
        """No search figure: it is the dice game's."""
        return {}


#: The card game's command-line parts, as its entry names them.
COMMANDS: Final = CardCommands()
