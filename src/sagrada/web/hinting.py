"""Hints as shared work: one ranking per position, a budget per game, a bounded queue.

A hint's ranking depends only on the position: the game, how many actions it has had and the
seat asking. Asks for the same position, at once or again later, share one computation, kept
on the room (:attr:`~sagrada.web.session.Room.hint`) until the game moves on. A new position's
ranking costs the game one token of its budget (:data:`HINT_BURST` at once, then one every
:data:`HINT_EVERY` seconds: more than a person playing normally asks) and waits in the
server's thinking queue (:mod:`sagrada.web.thinking`), where it may be refused over a bound.
A ranking whose every asker has gone before it starts is dropped; one already running is
finished and kept for the position.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from sagrada.core.messages import Message, msg
from sagrada.search.advice import RatedAction
from sagrada.web.limits import RateLimiter
from sagrada.web.session import GameError, Room
from sagrada.web.thinking import Job, QueueFull, Scheduler

#: Rankings a game may have worked out at once, before its budget refills.
HINT_BURST: Final = 30
#: Seconds in which a game's budget gains one ranking again.
HINT_EVERY: Final = 2.0


@dataclass(slots=True)
class PositionHint:
    """The ranking of one position, being worked out or done.

    Attributes:
        position: the number of actions the game had and the seat asking.
        job: the ranking's job in the thinking queue (its answer is the ranking).
        askers: how many requests wait for it now.
    """

    position: tuple[int, int]
    job: Job[list[RatedAction]]
    askers: int = field(default=0)

    def usable(self, position: tuple[int, int]) -> bool:
        """Whether this ranking answers ``position``: the same one, not dropped or failed."""
        answer = self.job.answer
        failed = answer.done() and (answer.cancelled() or answer.exception() is not None)
        return self.position == position and not failed


class Hints:
    """Hands out hints' rankings, shared per position and budgeted per game.

    Args:
        scheduler: the server's thinking queue.
        budget: each game's budget of rankings (by game id).
    """

    def __init__(self, scheduler: Scheduler, budget: RateLimiter | None = None) -> None:
        self.scheduler = scheduler
        self.budget = budget or RateLimiter(rate=1 / HINT_EVERY, burst=HINT_BURST)

    async def ranking(
        self,
        room: Room,
        seat: int,
        address: str,
        work: Callable[[], Awaitable[list[RatedAction]]],
    ) -> list[RatedAction]:
        """The ranking of ``room``'s position for ``seat``, asked from ``address``: the one
        being worked out or kept for it, else ``work`` queued as a new one.

        Raises:
            GameError: 429 over a bound of the queue or the game's budget (nothing queued).
        """
        stats = self.scheduler.stats
        stats.hints_asked += 1
        position = (len(room.state.history), seat)
        shared: PositionHint | None = room.hint
        if shared is None or not shared.usable(position):
            shared = self._start(room, position, address, work)
        shared.askers += 1
        try:
            return await asyncio.shield(shared.job.answer)
        except asyncio.CancelledError:
            if shared.askers == 1:  # the last asker went: nobody wants it any more
                self.scheduler.drop(shared.job)
            raise
        finally:
            shared.askers -= 1

    def _start(
        self,
        room: Room,
        position: tuple[int, int],
        address: str,
        work: Callable[[], Awaitable[list[RatedAction]]],
    ) -> PositionHint:
        """Queue a new position's ranking and keep it on the room.

        Raises:
            GameError: 429 over a bound of the queue or the game's budget.
        """
        try:
            self.scheduler.check(address, room.id)
        except QueueFull as full:
            self.scheduler.stats.hints_refused += 1
            raise GameError(429, refusal(full)) from None
        if not self.budget.allow(room.id):
            self.scheduler.stats.hints_refused += 1
            raise GameError(429, msg("web.hints_budget", every=_seconds(HINT_EVERY)))
        job = self.scheduler.submit(address, room.id, work, refusable=True, kind="hint")
        self.scheduler.stats.hints_computed += 1
        shared = PositionHint(position, job)
        room.hint = shared
        return shared


def refusal(full: QueueFull) -> Message:
    """The reason a hint over the queue's bound ``full`` is refused."""
    if full.limit == "address":
        return msg("web.hints_per_address", n=full.bound)
    if full.limit == "game":
        return msg("web.hints_per_game", n=full.bound)
    return msg("web.hints_in_total", n=full.bound)


def _seconds(value: float) -> str:
    return f"{value:g}"
