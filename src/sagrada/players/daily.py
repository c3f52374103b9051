"""The daily challenge: each day's games, the same for everyone, one attempt per account
(docs/players.md, "The daily challenge").

The day is the UTC date (``YYYY-MM-DD``). Every game whose entry has a solo ladder
(:class:`sagrada.entry.SoloLadder`) has a daily game: its ladder's ``daily`` create request,
dealt from a seed made of the server's secret ``daily`` and the day by HMAC, so every attempt
of the day is the same game (windows, tools, objectives and dice) and nobody without the
server's secret can work it out. Until the day is over the seed never leaves the server: a
daily game has no spectators and no record (:func:`sealed`); after it, every attempt's record
is a replay, and an attempt left unfinished is closed as it stands (:func:`closed`: the day's
dice are no secret any more).

An account has one attempt a game and day, kept by the primary key of ``daily_attempts``: the
server writes the attempt's row in the transaction that stores its game
(:func:`start_attempt`), so of two requests at once one makes the game and the other finds it.
An attempt's score is a solo score, its points less its target (the margin, as the leaderboards
rank: :data:`MARGIN`); a streak is a run of consecutive days with a finished attempt.

Tests move the day by replacing :func:`now` (every function here reads the time through it).
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final

from sqlalchemy import ColumnElement, func, insert, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from sagrada.entry import GameEntry
from sagrada.players.schema import daily_attempts_table, results_table
from sagrada.registry import entries

#: The name of the server's secret the day's seeds are made from.
SECRET: Final = "daily"
#: A seed's bits (as many as a game's fresh seed has).
SEED_BITS: Final = 62

#: A finished game's solo score: its points less its target (the points alone for a game
#: without one).
MARGIN: Final[ColumnElement[Any]] = results_table.c.points - func.coalesce(
    results_table.c.target, 0
)


def now() -> float:
    """The time, in seconds since the epoch (tests replace this to move the day)."""
    return time.time()


def today() -> str:
    """The day it is: the UTC date, ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(now(), UTC).date().isoformat()


def day_end(day: str) -> float:
    """When ``day`` is over: the next UTC midnight, in seconds since the epoch."""
    start = datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC)
    return (start + timedelta(days=1)).timestamp()


def sealed(day: str | None) -> bool:
    """Whether a game of the daily challenge of ``day`` is still sealed (its day not over:
    no spectators, no record); ``None``, not a daily game: never."""
    return day is not None and day >= today()


def closed(day: str | None) -> bool:
    """Whether a game of the daily challenge of ``day`` is closed (its day is over: nothing
    more is played in it, since the day's game may now be replayed from another attempt);
    ``None``, not a daily game: never."""
    return day is not None and day < today()


def daily_seed(secret: str, game_name: str, day: str) -> int:
    """The seed of the daily game of ``game_name`` on ``day``: an HMAC of both under the
    server's secret (:data:`SECRET`), as many bits as a fresh seed."""
    digest = hmac.new(secret.encode(), f"{game_name}:{day}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def daily_entries() -> tuple[GameEntry[Any, Any, Any], ...]:
    """The games with a daily game: those whose entry has a solo ladder, in the registry's
    order (the first is the default of a daily leaderboard)."""
    return tuple(e for e in entries() if e.ladder is not None)


def daily_entry(name: str) -> GameEntry[Any, Any, Any] | None:
    """The entry of the game ``name`` if it has a daily game, else ``None``."""
    return next((e for e in daily_entries() if e.name == name), None)


class AttemptTaken(Exception):
    """An account's attempt of a day's game was started already (by another request)."""


def start_attempt(
    conn: Connection, day: str, game_name: str, account_id: int, game_id: str, started: float
) -> None:
    """Write an account's attempt of the day's game, in the caller's transaction (the one that
    stores the attempt's game).

    Raises:
        AttemptTaken: if the account has one already (the transaction must then be rolled
            back: nothing of the new game is kept).
    """
    try:
        conn.execute(
            insert(daily_attempts_table).values(
                day=day, game=game_name, account_id=account_id, game_id=game_id, started=started
            )
        )
    except IntegrityError:
        raise AttemptTaken(f"{day}:{game_name}:{account_id}") from None


@dataclass(frozen=True, slots=True)
class Attempt:
    """An account's attempt of a day's game.

    Attributes:
        game_id: its game.
        started: when it was started (seconds since the epoch).
        points: its points once finished (``None``: unfinished).
        target: its target once finished.
        score: its score once finished (:data:`MARGIN`).
        finished: when it was finished.
    """

    game_id: str
    started: float
    points: int | None
    target: int | None
    score: int | None
    finished: float | None


@dataclass(frozen=True, slots=True)
class Streak:
    """A run of days (or of wins): the one going on now, and the longest there was."""

    current: int
    best: int

    def to_json(self) -> dict[str, int]:
        return {"current": self.current, "best": self.best}


def day_streak(days: Iterable[str], day: str) -> Streak:
    """The streak of consecutive days among ``days`` (``YYYY-MM-DD``, each a day with a
    finished attempt), on ``day``: the current run ends on ``day`` or, while ``day`` has no
    finished attempt yet, on the day before (it is not broken until ``day`` is over).

    >>> day_streak(["2026-01-01", "2026-01-02", "2026-01-04"], "2026-01-05")
    Streak(current=1, best=2)
    >>> day_streak(["2026-01-01", "2026-01-02", "2026-01-04"], "2026-01-06")
    Streak(current=0, best=2)
    """
    ordinals = sorted({date.fromisoformat(d).toordinal() for d in days})
    best = run = 0
    previous = None
    for ordinal in ordinals:
        run = run + 1 if previous == ordinal - 1 else 1
        best = max(best, run)
        previous = ordinal
    last = date.fromisoformat(day).toordinal()
    current = run if previous is not None and last - previous in (0, 1) else 0
    return Streak(current, best)


class DailyChallenge:
    """The daily challenge's attempts and streaks, on the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def attempt(self, day: str, game_name: str, account_id: int) -> Attempt | None:
        """The account's attempt of the day's game, or ``None``."""
        attempts = daily_attempts_table
        query = (
            select(
                attempts.c.game_id,
                attempts.c.started,
                results_table.c.points,
                results_table.c.target,
                MARGIN.label("score"),
                results_table.c.finished,
            )
            .outerjoin(
                results_table,
                (results_table.c.game_id == attempts.c.game_id)
                & (results_table.c.account_id == attempts.c.account_id),
            )
            .where(
                attempts.c.day == day,
                attempts.c.game == game_name,
                attempts.c.account_id == account_id,
            )
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return Attempt(row.game_id, row.started, row.points, row.target, row.score, row.finished)

    def attempts(self, day: str, game_name: str) -> int:
        """How many accounts started the day's game."""
        query = select(func.count()).where(
            daily_attempts_table.c.day == day, daily_attempts_table.c.game == game_name
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query.select_from(daily_attempts_table)).scalar_one())

    def streak(self, account_id: int, day: str | None = None) -> Streak:
        """The account's daily streak on ``day`` (today if ``None``): consecutive days with a
        finished attempt of any daily game."""
        query = (
            select(results_table.c.daily)
            .where(results_table.c.account_id == account_id, results_table.c.daily.is_not(None))
            .distinct()
        )
        with self.engine.connect() as conn:
            days = [str(d) for d in conn.execute(query).scalars()]
        return day_streak(days, day or today())
