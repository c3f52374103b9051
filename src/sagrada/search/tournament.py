"""Tournaments between a game's bots, with honest statistics: the one runner every game's
tournament goes through.

A game brings its seatings (who sits where: :func:`lineups` rotates the bots round a table),
how many seeds from the first to play each seating on, and a module-level function that plays
one game from a task the game builds of a seed and a seating (so that the function and the
tasks can travel to a worker process or a cluster). :func:`run_games` checks the seeds, plays
every seating on every seed on a backend (:mod:`sagrada.search.backends`) and returns the
results in the order of the tasks (seed after seed, each in its seatings' order), whatever
order they finished in: a summary depends neither on the number of workers nor on the backend
(bots with a time budget are the exception: their strength depends on the machine's speed).

:class:`BotScores` is what every game summarises of a bot (its scores, its margins over a
target, its wins, with 95% intervals: :mod:`sagrada.search.stats`), and :class:`Tournament`
a finished tournament; each game's own result types add what it reports (the dice game's score
components, each game's JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Generic, TypeVar

from sagrada.core.rng import check_seed
from sagrada.search.backends import Backend, LocalBackend, play_all
from sagrada.search.stats import Interval, mean_interval, wilson_interval

C = TypeVar("C")
T = TypeVar("T")
R = TypeVar("R")
B = TypeVar("B", bound="BotScores")

#: Who sits where in one game: a bot spec per seat.
Seating = tuple[str, ...]


def lineups(bots: Sequence[str], players: int) -> list[Seating]:
    """Return the seatings of one seed: the bots repeated to fill the seats, then rotated, so
    that every bot sits in every seat equally often (one player: each bot alone).

    Raises:
        ValueError: if there are more bots than seats.
    """
    if players == 1:
        return [(bot,) for bot in bots]
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots do not fit {players} seats")
    base = [bots[i % len(bots)] for i in range(players)]
    return [tuple(base[(seat + r) % players] for seat in range(players)) for r in range(players)]


def seeds_needed(bots: Sequence[str], players: int, games: int) -> int:
    """Return how many seeds ``games`` games need: each seed is played in every seating."""
    return max(1, -(-games // len(lineups(bots, players))))


def run_games(
    play: Callable[[T], R],
    task: Callable[[int, int, Seating], T],
    seatings: Sequence[Seating],
    seed: int,
    seeds: int,
    workers: int = 1,
    progress: Callable[[int, int, float], None] | None = None,
    backend: Backend | None = None,
) -> tuple[list[R], float]:
    """Play every seating on the seeds ``seed`` to ``seed + seeds - 1``.

    Args:
        play: plays one game from its task (a module-level function: it may run in another
            process).
        task: ``task(seed, number, seating)``: the task of the game of ``seating`` (number
            ``number`` among the seatings) on ``seed`` (picklable).
        seatings: the seatings every seed is played in.
        seed: the first seed.
        seeds: how many seeds.
        workers: processes to spread the games over (when no ``backend`` is given).
        progress: called as ``progress(done, total, elapsed_seconds)`` after each game.
        backend: where to play the games (a Ray cluster, for instance); by default this
            machine with ``workers`` processes. The results are the same on every backend.

    Returns:
        Each game's result, seed after seed and each seed's in the order of ``seatings``, and
        the wall-clock seconds the games took.

    Raises:
        ConfigError: if a seed the games need is outside 0 to 2**64 - 1.
    """
    check_seed(seed)
    check_seed(seed + seeds - 1)
    tasks = [
        task(seed + i, number, seating)
        for i in range(seeds)
        for number, seating in enumerate(seatings)
    ]
    numbered, elapsed = play_all(
        partial(_numbered, play), list(enumerate(tasks)), backend or LocalBackend(workers), progress
    )
    numbered.sort(key=_number)
    return [result for _, result in numbered], elapsed


def _numbered(play: Callable[[T], R], numbered_task: tuple[int, T]) -> tuple[int, R]:
    """Play a task that carries its number; return the result with the number (a backend
    yields the results in any order)."""
    number, task = numbered_task
    return number, play(task)


def _number(numbered: tuple[int, object]) -> int:
    return numbered[0]


@dataclass(slots=True)
class BotScores:
    """What a tournament says of one bot: a score per game (per seat played), the margin over
    the target where the game has one, and the games won (solo: the target beaten)."""

    name: str
    scores: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    wins: int = 0

    @property
    def games(self) -> int:
        """The games (seats) played."""
        return len(self.scores)

    @property
    def mean_score(self) -> Interval:
        """The mean score with its 95% interval."""
        return mean_interval(self.scores)

    @property
    def win_rate(self) -> Interval:
        """The share of games won, with the Wilson 95% interval."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_margin(self) -> Interval:
        """The mean margin over the target with its 95% interval (a game with a target)."""
        return mean_interval(self.margins)

    def add(self, score: int, won: bool, target: int | None) -> None:
        """Count one game: its score, whether the bot won, and the target if there is one."""
        self.scores.append(score)
        self.wins += won
        if target is not None:
            self.margins.append(score - target)


@dataclass(frozen=True, slots=True)
class Tournament(Generic[C, R, B]):
    """A finished tournament: its configuration, every game (in task order), a summary per
    bot (in the order the bots were given) and the wall-clock seconds the games took."""

    config: C
    games: tuple[R, ...]
    summaries: tuple[B, ...]
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Games finished per wall-clock second."""
        return len(self.games) / self.seconds if self.seconds > 0 else 0.0
