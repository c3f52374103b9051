"""Tournaments between bots, with honest statistics.

Seats are rotated so that every bot sits in every seat equally often, on the same seeds: for
each seed the line-up is played once per rotation. Games run in worker processes or on a Ray
cluster (:mod:`sagrada.search.backends`); results are gathered in (seed, rotation) order, so the
summary depends neither on the number of workers nor on the backend (bots with a time budget are
the exception: their strength depends on the machine's speed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from sagrada.core.config import GameConfig
from sagrada.core.rng import check_seed
from sagrada.core.state import new_game
from sagrada.core.views import make_view
from sagrada.games.dice.bots import make_bot
from sagrada.search.backends import Backend, LocalBackend, play_all
from sagrada.search.stats import Interval, mean_interval, wilson_interval


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
class BotSummary:
    """Statistics of one bot over a tournament."""

    name: str
    games: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    components: dict[str, list[float]] = field(default_factory=dict)

    @property
    def mean_score(self) -> Interval:
        """The mean score with its 95% interval."""
        return mean_interval(self.scores)

    @property
    def win_rate(self) -> Interval:
        """The share of games won (solo: beating the target), with the Wilson 95% interval."""
        return wilson_interval(self.wins, self.games)

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
            margin = mean_interval(self.margins)
            data["mean_margin"] = margin.estimate
            data["mean_margin_ci95"] = [margin.low, margin.high]
        return data


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Return the seatings of one seed: the bots repeated to fill the seats, then rotated."""
    if players == 1:
        return [(bot,) for bot in bots]
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots do not fit {players} seats")
    base = [bots[i % len(bots)] for i in range(players)]
    return [tuple(base[(seat + r) % players] for seat in range(players)) for r in range(players)]


def seeds_needed(bots: Sequence[str], players: int, games: int) -> int:
    """Return how many seeds ``games`` games need: each seed is played in every seating."""
    return max(1, -(-games // len(lineups(bots, players))))


#: Score parts counted together as one component, by kind (the others by name).
GROUPED_PARTS: Final = {
    "public": "public objectives",
    "private": "private objectives",
    "apprentice": "apprentice cards",
}


def play_game(task: tuple[GameConfig, int, int, tuple[str, ...]]) -> GameResult:
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
class TournamentResult:
    """All games of a tournament and the per-bot summaries."""

    config: GameConfig
    games: tuple[GameResult, ...]
    summaries: tuple[BotSummary, ...]
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Games finished per wall-clock second."""
        return len(self.games) / self.seconds if self.seconds > 0 else 0.0

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
            summary.games += 1
            summary.scores.append(game.totals[seat])
            if seat in game.winners:
                summary.wins += 1
            if game.target is not None:
                summary.margins.append(game.totals[seat] - game.target)
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
    check_seed(seed)
    check_seed(seed + seeds - 1)
    tasks = [
        (config, seed + i, r, seating) for i in range(seeds) for r, seating in enumerate(seatings)
    ]
    results, elapsed = play_all(play_game, tasks, backend or LocalBackend(workers), progress)
    results.sort(key=lambda g: (g.seed, g.rotation))
    return TournamentResult(config, tuple(results), summarise(bots, results), elapsed)
