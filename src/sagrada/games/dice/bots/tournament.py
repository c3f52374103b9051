"""Tournaments between the dice game's bots, with honest statistics.

Seats are rotated so that every bot sits in every seat equally often, on the same seeds: for
each seed the line-up is played once per rotation (:func:`~sagrada.search.tournament.lineups`).
The games are played by the runner every game shares (:func:`sagrada.search.tournament.run_games`:
in worker processes or on a Ray cluster, the results gathered in (seed, rotation) order); this
module plays one game and sums up a bot's seats, its score components included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from sagrada.games.dice.bots import make_bot
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.search.backends import Backend
from sagrada.search.tournament import (
    BotScores,
    Seating,
    Tournament,
    lineups,
    run_games,
    seeds_needed,
)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: who sat where and what each seat scored."""

    seed: int
    rotation: int
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    components: tuple[dict[str, int], ...]
    target: int | None


@dataclass(slots=True)
class BotSummary(BotScores):
    """Statistics of one bot over a tournament: its seats' scores, wins and margins
    (:class:`~sagrada.search.tournament.BotScores`) and the points of each score component."""

    components: dict[str, list[float]] = field(default_factory=dict)

    def component_means(self) -> dict[str, float]:
        """The mean points of each score component per seat played, by name (a seat without
        the part, such as no apprentice card activated, counts 0)."""
        return {k: sum(v) / self.games for k, v in sorted(self.components.items())}

    def to_json(self) -> dict[str, Any]:
        """Return the summary as a JSON-ready dict."""
        mean, rate = self.mean_score, self.win_rate
        data: dict[str, Any] = {
            "name": self.name,
            "games": self.games,
            "mean_score": mean.estimate,
            "mean_score_ci95": [mean.low, mean.high],
            "win_rate": rate.estimate,
            "win_rate_ci95": [rate.low, rate.high],
            "components": self.component_means(),
        }
        if self.margins:
            margin = self.mean_margin
            data["mean_margin"] = margin.estimate
            data["mean_margin_ci95"] = [margin.low, margin.high]
        return data


#: Score parts counted together as one component, by kind (the others by name).
GROUPED_PARTS: Final = {
    "public": "public objectives",
    "private": "private objectives",
    "apprentice": "apprentice cards",
}


#: A game of a tournament: the configuration, the seed, the rotation and its seating.
Task = tuple[GameConfig, int, int, Seating]


def play_game(task: Task) -> GameResult:
    """Play one game of a tournament (in a worker process)."""
    config, seed, rotation, seating = task
    state = new_game(config, seed)
    bots = [make_bot(spec, seed * 1000 + seat) for seat, spec in enumerate(seating)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(make_view(state, seat), state.legal_actions()))
    outcome = state.outcome()
    components = []
    for breakdown in outcome.scores:
        parts: dict[str, int] = {}
        for part in breakdown.parts:
            if part.counted:
                key = GROUPED_PARTS.get(part.kind, part.name.lower())
                parts[key] = parts.get(key, 0) + part.points
        components.append(parts)
    return GameResult(
        seed,
        rotation,
        seating,
        tuple(s.total for s in outcome.scores),
        outcome.winners,
        tuple(components),
        outcome.target,
    )


@dataclass(frozen=True, slots=True)
class TournamentResult(Tournament[GameConfig, GameResult, BotSummary]):
    """All games of a tournament and the per-bot summaries."""

    def to_json(self) -> dict[str, Any]:
        """Return the summary as JSON-ready data."""
        return {
            "players": self.config.players,
            "private_pools": self.config.private_pools,
            "games": len(self.games),
            "bots": [s.to_json() for s in self.summaries],
            "games_per_second": self.games_per_second,
        }


def summarise(bots: Sequence[str], games: Sequence[GameResult]) -> tuple[BotSummary, ...]:
    """Return one summary per distinct bot, in the order the bots were given."""
    summaries: dict[str, BotSummary] = {}
    for name in bots:
        summaries.setdefault(name, BotSummary(name))
    for game in games:
        for seat, name in enumerate(game.bots):
            summary = summaries[name]
            summary.add(game.totals[seat], seat in game.winners, game.target)
            for key, points in game.components[seat].items():
                summary.components.setdefault(key, []).append(points)
    return tuple(summaries.values())


def run_tournament(
    config: GameConfig,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int, float], None] | None = None,
    backend: Backend | None = None,
) -> TournamentResult:
    """Play about ``games`` games (rounded up to whole rotations) and summarise them.

    Args:
        config: the game description (its player count sets the seats).
        bots: bot specs; repeated round the table if fewer than the seats.
        games: how many games to play, rounded up to a multiple of the rotations.
        seed: the first seed; seeds ``seed``, ``seed + 1``, ... are each played in every
            rotation.
        workers: processes to spread the games over (when no ``backend`` is given).
        progress: called as ``progress(done, total, elapsed_seconds)`` after each game.
        backend: where to play the games (a Ray cluster, for instance); by default this
            machine with ``workers`` processes. The results are the same on every backend.

    Raises:
        ConfigError: if a seed the games need is outside 0 to 2**64 - 1.
    """
    for spec in bots:
        make_bot(spec)  # fail early, in this process, on a bad spec
    seatings = lineups(bots, config.players)
    seeds = seeds_needed(bots, config.players, games)

    def task(game_seed: int, rotation: int, seating: Seating) -> Task:
        return config, game_seed, rotation, seating

    results, elapsed = run_games(play_game, task, seatings, seed, seeds, workers, progress, backend)
    return TournamentResult(config, tuple(results), summarise(bots, results), elapsed)
