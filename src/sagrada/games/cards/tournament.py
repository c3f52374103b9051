"""Card bots on the same seeds: each bot plays every seed of a run, and the summary gives its
win rate against the target (Wilson 95% interval), its mean margin over the target and its
mean score (Student's t 95% intervals). The games are played by the runner every game shares
(:func:`sagrada.search.tournament.run_games`); this module plays one game and writes the
summary the card game reports."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sagrada.games.cards.bots import make_card_bot
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import new_card_game
from sagrada.games.cards.views import make_card_view
from sagrada.search.backends import Backend
from sagrada.search.tournament import BotScores, Seating, Tournament, run_games


@dataclass(frozen=True, slots=True)
class CardGameResult:
    """One game: the bot, the seed, its score, the target and whether it won."""

    bot: str
    seed: int
    score: int
    target: int
    won: bool


@dataclass(slots=True)
class CardBotSummary(BotScores):
    """One bot over a run: its scores, margins and wins
    (:class:`~sagrada.search.tournament.BotScores`)."""

    def to_json(self) -> dict[str, Any]:
        """Return the summary as a JSON-ready dict."""
        rate, margin, score = self.win_rate, self.mean_margin, self.mean_score
        return {
            "name": self.name,
            "games": self.games,
            "win_rate": rate.estimate,
            "win_rate_ci95": [rate.low, rate.high],
            "mean_margin": margin.estimate,
            "mean_margin_ci95": [margin.low, margin.high],
            "mean_score": score.estimate,
            "mean_score_ci95": [score.low, score.high],
        }


@dataclass(frozen=True, slots=True)
class CardTournamentResult(Tournament[CardOptions, CardGameResult, CardBotSummary]):
    """A run of card games: its options, every game, a summary per bot, the time taken."""

    def to_json(self) -> dict[str, Any]:
        """Return the summary as JSON-ready data."""
        return {
            "game": "cards",
            "config": self.config.to_json(),
            "games": len(self.games),
            "games_per_second": self.games_per_second,
            "bots": [s.to_json() for s in self.summaries],
        }


#: A game of a run: the options, the bot and the seed.
Task = tuple[CardOptions, str, int]


def play_card_game(task: Task) -> CardGameResult:
    """Play one card game with a bot (in a worker process)."""
    config, spec, seed = task
    state = new_card_game(config, seed)
    # The bot's own chance, not the game's seed (from which the pile could be dealt again).
    bot = make_card_bot(spec, random.Random(f"card-bot:{spec}:{seed}").getrandbits(62))
    while not state.is_over:
        state.apply(bot.choose(make_card_view(state), state.legal_actions()))
    outcome = state.outcome()
    return CardGameResult(spec, seed, outcome.score.total, outcome.target, outcome.won)


def run_card_tournament(
    config: CardOptions,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int, float], None] | None = None,
    backend: Backend | None = None,
) -> CardTournamentResult:
    """Let each bot play the seeds ``seed`` to ``seed + games - 1``.

    The games run on ``backend`` (by default this machine with ``workers`` processes), as every
    game's do (:func:`sagrada.search.tournament.run_games`).

    Raises:
        ValueError: for an unknown bot; ConfigError: for a seed out of range.
    """
    for spec in bots:
        make_card_bot(spec)

    def task(game_seed: int, number: int, seating: Seating) -> Task:
        return config, seating[0], game_seed

    seatings = [(spec,) for spec in bots]
    results, elapsed = run_games(
        play_card_game, task, seatings, seed, games, workers, progress, backend
    )
    summaries = {spec: CardBotSummary(spec) for spec in bots}
    for game in results:
        summaries[game.bot].add(game.score, game.won, game.target)
    return CardTournamentResult(config, tuple(results), tuple(summaries.values()), elapsed)


def format_card_summary(result: CardTournamentResult) -> str:
    """The run's summary as text."""
    lines = [
        f"{len(result.games)} solo card games with {result.config.tools} tool card(s), "
        f"{result.games_per_second:.2f} games/s"
    ]
    for s in result.summaries:
        rate, margin, score = s.win_rate, s.mean_margin, s.mean_score
        lines.append(
            f"{s.name}: {s.games} games, beats the target {rate.estimate:.1%} "
            f"[{rate.low:.1%}, {rate.high:.1%}], mean margin {margin.estimate:.1f} "
            f"[{margin.low:.1f}, {margin.high:.1f}], mean score {score.estimate:.1f}"
        )
    return "\n".join(lines)
