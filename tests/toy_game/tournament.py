"""Toy games between bots, through the runner every game's tournament goes through
(:func:`sagrada.search.tournament.run_games`, on the platform's backends): the bots rotate
round the two seats (:func:`~sagrada.search.tournament.lineups`), every seating on every seed,
and the summary gives each bot's win rate (a shared win counts for both; Wilson 95% interval)
and mean score (Student's t 95% interval), a seat played being a game."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sagrada.search.backends import Backend
from sagrada.search.tournament import BotScores, Seating, Tournament, lineups, run_games
from toy_game.bots import make_toy_bot
from toy_game.options import ToyOptions
from toy_game.state import PLAYERS, new_toy_game
from toy_game.views import make_toy_view


@dataclass(frozen=True, slots=True)
class ToyGameResult:
    """One game: its seed, the bot of each seat, each seat's score and the winners."""

    seed: int
    bots: Seating
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(slots=True)
class ToyBotSummary(BotScores):
    """One bot over a run (:class:`~sagrada.search.tournament.BotScores`; a bot in both
    seats of a game counts each seat)."""

    def to_json(self) -> dict[str, Any]:
        rate, score = self.win_rate, self.mean_score
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": rate.estimate,
            "win_rate_ci95": [rate.low, rate.high],
            "mean_score": score.estimate,
            "mean_score_ci95": [score.low, score.high],
        }


@dataclass(frozen=True, slots=True)
class ToyTournamentResult(Tournament[ToyOptions, ToyGameResult, ToyBotSummary]):
    """A run of toy games: its options, every game, a summary per bot, the time taken."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "toy",
            "config": self.config.to_json(),
            "games": len(self.games),
            "games_per_second": self.games_per_second,
            "bots": [s.to_json() for s in self.summaries],
        }


#: A game of a run: the options, the bot of each seat and the seed.
Task = tuple[ToyOptions, Seating, int]


def play_toy_game(task: Task) -> ToyGameResult:
    """Play one toy game between bots (wherever the backend runs it)."""
    config, bots, seed = task
    state = new_toy_game(config, seed)
    # The bots' own chance, not the game's seed (from which the dice could be rolled again).
    players = [
        make_toy_bot(spec, random.Random(f"toy-bot:{spec}:{seed}:{seat}").getrandbits(62))
        for seat, spec in enumerate(bots)
    ]
    while not state.is_over:
        seat = state.current_player
        state.apply(players[seat].choose(make_toy_view(state, seat), state.legal_actions()))
    outcome = state.outcome()
    return ToyGameResult(seed, bots, tuple(s.total for s in outcome.scores), outcome.winners)


def run_toy_tournament(
    config: ToyOptions,
    bots: Sequence[str],
    seeds: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int, float], None] | None = None,
    backend: Backend | None = None,
) -> ToyTournamentResult:
    """Play every seating of ``bots`` on the seeds ``seed`` to ``seed + seeds - 1``.

    Raises:
        ValueError: for an unknown bot, or more bots than seats; ConfigError: for a seed out
            of range.
    """
    for spec in bots:
        make_toy_bot(spec)

    def task(game_seed: int, number: int, seating: Seating) -> Task:
        return config, seating, game_seed

    seatings = lineups(bots, PLAYERS)
    results, elapsed = run_games(
        play_toy_game, task, seatings, seed, seeds, workers, progress, backend
    )
    summaries = {spec: ToyBotSummary(spec) for spec in bots}
    for game in results:
        for seat, spec in enumerate(game.bots):
            summaries[spec].add(game.scores[seat], seat in game.winners, None)
    return ToyTournamentResult(config, tuple(results), tuple(summaries.values()), elapsed)


def tournament_text(result: ToyTournamentResult) -> str:
    """The run's summary as text."""
    lines = [f"{len(result.games)} toy games, {result.games_per_second:.2f} games/s"]
    for s in result.summaries:
        rate, score = s.win_rate, s.mean_score
        lines.append(
            f"{s.name}: {s.games} seats, wins {rate.estimate:.1%} "
            f"[{rate.low:.1%}, {rate.high:.1%}], mean score {score.estimate:.2f} "
            f"[{score.low:.2f}, {score.high:.2f}]"
        )
    return "\n".join(lines)
