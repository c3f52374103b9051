"""Thinking as a shared, bounded resource: the searching bots' moves and the hints wait in the
server for a worker process, and the next to think is picked fairly.

The worker processes are few (one fewer than the machine's cores), and a search holds one for
seconds. A :class:`Scheduler` keeps at most as many jobs running as there are workers; the
others wait in the server, never in the pool's own queue, so a job that is no longer wanted
can still be dropped. The next job is picked round robin by client address, and within an
address round robin by game: a flood from one address gets one share, and another game's bot
waits for about one running job at most.

A job that may be refused (a hint) is refused over a bound (:class:`QueueBounds`: waiting jobs
per address, per game and in total); a bot's move is never refused, it waits. A job dropped
before it starts is never run; one running cannot be stopped (a worker process is busy with
it), and its answer still comes to whoever holds its :class:`Job`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

_T = TypeVar("_T")

#: Jobs one client address may have waiting at once (a bot's moves are never refused).
WAITING_PER_ADDRESS: Final = 8
#: Jobs of one game that may wait at once: a game has one position to ask about at a time.
WAITING_PER_GAME: Final = 2
#: Jobs that may wait at once in one server process.
WAITING_IN_TOTAL: Final = 256


@dataclass(frozen=True, slots=True)
class QueueBounds:
    """How many refusable jobs may wait at once: per client address, per game, in total."""

    per_address: int = WAITING_PER_ADDRESS
    per_game: int = WAITING_PER_GAME
    total: int = WAITING_IN_TOTAL


@dataclass(slots=True)
class ThinkingStats:
    """What the thinking of one server process has done so far, for the operator.

    Attributes:
        waiting: jobs waiting for a worker now.
        running: jobs running now.
        started: jobs started so far.
        waited_seconds: the seconds the started jobs waited, together.
        dropped: jobs dropped before they started (nobody wanted them any more).
        hints_asked: hints asked for (every request that reached the queue or its cache).
        hints_refused: hints refused (a bound of the queue or the game's budget).
        hints_computed: hints worked out (the others shared one or were cached).
    """

    waiting: int = 0
    running: int = 0
    started: int = 0
    waited_seconds: float = 0.0
    dropped: int = 0
    hints_asked: int = 0
    hints_refused: int = 0
    hints_computed: int = 0


class QueueFull(Exception):
    """A refusable job over a bound of the queue: ``limit`` names it (``"address"``,
    ``"game"`` or ``"total"``) and ``bound`` is its number."""

    def __init__(self, limit: str, bound: int) -> None:
        super().__init__(f"too many jobs waiting ({limit}: at most {bound})")
        self.limit = limit
        self.bound = bound


class Job(Generic[_T]):
    """One piece of thinking, waiting or running; its answer comes in :attr:`answer`."""

    def __init__(
        self, address: str, game: str, work: Callable[[], Awaitable[_T]], kind: str = "bot"
    ) -> None:
        self.address = address
        self.game = game
        self.work = work
        #: What it is, for the operator's metrics: ``"bot"`` (a move) or ``"hint"``.
        self.kind = kind
        self.answer: asyncio.Future[_T] = asyncio.get_running_loop().create_future()
        # An answer nobody awaits any more must not be reported as never retrieved.
        self.answer.add_done_callback(_retrieved)
        self.queued = time.monotonic()
        self.started = False


def _retrieved(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


class Scheduler:
    """Runs jobs at most ``slots`` at a time, the waiting ones picked fairly (see the module).

    Args:
        slots: how many jobs may run at once (the worker processes).
        bounds: how many refusable jobs may wait.
        on_wait: told the kind of each job that starts and the seconds it waited (the
            operator's metrics, :class:`sagrada.web.metrics.Thinking`).
    """

    def __init__(
        self,
        slots: int,
        bounds: QueueBounds | None = None,
        on_wait: Callable[[str, float], None] | None = None,
    ) -> None:
        self.slots = slots
        self.bounds = bounds or QueueBounds()
        self._on_wait = on_wait
        self.stats = ThinkingStats()
        # Waiting jobs by address, then by game, each in the order they came; the dicts'
        # order is the round robin's (the one served moves to the end).
        self._waiting: dict[str, dict[str, deque[Job[Any]]]] = {}
        self._by_address: Counter[str] = Counter()
        self._by_game: Counter[str] = Counter()
        self._running: set[asyncio.Task[None]] = set()

    def resize(self, slots: int) -> None:
        """Let ``slots`` jobs run at once from now on (waiting ones start if slots freed)."""
        self.slots = slots
        self._dispatch()

    def check(self, address: str, game: str) -> None:
        """Whether a refusable job of ``address`` and ``game`` would wait within the bounds.

        Raises:
            QueueFull: over a bound (the total first, then the address's, then the game's).
        """
        bounds = self.bounds
        if self.stats.waiting >= bounds.total and self._must_wait():
            raise QueueFull("total", bounds.total)
        if self._by_address[address] >= bounds.per_address and self._must_wait():
            raise QueueFull("address", bounds.per_address)
        if self._by_game[game] >= bounds.per_game and self._must_wait():
            raise QueueFull("game", bounds.per_game)

    def _must_wait(self) -> bool:
        """Whether a new job would wait (no slot free): one that would start at once is never
        refused by a bound on waiting."""
        return self.stats.running >= self.slots or self.stats.waiting > 0

    def submit(
        self,
        address: str,
        game: str,
        work: Callable[[], Awaitable[_T]],
        *,
        refusable: bool = False,
        kind: str = "bot",
    ) -> Job[_T]:
        """Queue ``work`` of ``address`` and ``game``; it starts when a slot is free and its
        turn comes.

        Raises:
            QueueFull: a ``refusable`` job over a bound (nothing is queued).
        """
        if refusable:
            self.check(address, game)
        job = Job(address, game, work, kind)
        self._waiting.setdefault(address, {}).setdefault(game, deque()).append(job)
        self._by_address[address] += 1
        self._by_game[game] += 1
        self.stats.waiting += 1
        self._dispatch()
        return job

    async def run(
        self,
        address: str,
        game: str,
        work: Callable[[], Awaitable[_T]],
        *,
        refusable: bool = False,
        kind: str = "bot",
    ) -> _T:
        """:meth:`submit` ``work`` and wait for its answer; cancelled while it waits, the job
        is dropped.

        Raises:
            QueueFull: a ``refusable`` job over a bound.
        """
        job = self.submit(address, game, work, refusable=refusable, kind=kind)
        try:
            return await asyncio.shield(job.answer)
        except asyncio.CancelledError:
            self.drop(job)
            raise

    def drop(self, job: Job[Any]) -> bool:
        """Drop ``job`` if it has not started (it never runs); return whether it was."""
        if job.started or job.answer.done():
            return False
        games = self._waiting[job.address]
        queue = games[job.game]
        queue.remove(job)
        if not queue:
            del games[job.game]
        if not games:
            del self._waiting[job.address]
        self._forget(job)
        self.stats.dropped += 1
        job.answer.cancel()
        return True

    def _forget(self, job: Job[Any]) -> None:
        """Count ``job`` as no longer waiting."""
        for counts, key in ((self._by_address, job.address), (self._by_game, job.game)):
            counts[key] -= 1
            if not counts[key]:
                del counts[key]
        self.stats.waiting -= 1

    def _next(self) -> Job[Any]:
        """Take the next job: the first address's first game's oldest, both then moved to the
        end of their round robin."""
        address, games = next(iter(self._waiting.items()))
        game, queue = next(iter(games.items()))
        job = queue.popleft()
        del games[game]
        if queue:
            games[game] = queue
        del self._waiting[address]
        if games:
            self._waiting[address] = games
        self._forget(job)
        return job

    def _dispatch(self) -> None:
        """Start waiting jobs while slots are free."""
        while self._waiting and self.stats.running < self.slots:
            job = self._next()
            job.started = True
            self.stats.running += 1
            self.stats.started += 1
            waited = time.monotonic() - job.queued
            self.stats.waited_seconds += waited
            if self._on_wait is not None:
                self._on_wait(job.kind, waited)
            task = asyncio.get_running_loop().create_task(self._work(job))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _work(self, job: Job[Any]) -> None:
        try:
            answer = await job.work()
        except asyncio.CancelledError:
            job.answer.cancel()
            raise
        except Exception as exc:  # the job's own failure: its waiters get it
            if not job.answer.done():
                job.answer.set_exception(exc)
        else:
            if not job.answer.done():
                job.answer.set_result(answer)
        finally:
            self.stats.running -= 1
            self._dispatch()

    async def close(self) -> None:
        """Drop every waiting job and stop the running ones' waiting (at shutdown)."""
        for games in list(self._waiting.values()):
            for queue in list(games.values()):
                for job in list(queue):
                    self.drop(job)
        tasks = list(self._running)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
