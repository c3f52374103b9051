"""The thinking queue (``sagrada.web.thinking``) and shared hints (``sagrada.web.hinting``):
jobs wait in the server for a worker, picked round robin by address and then by game, within
bounds; a job nobody wants any more is dropped before it starts; asks for the same position
share one ranking (docs/web-api.md, "Hints").

Jobs here are coroutines held at a gate, so the order they start in is seen without timing."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.requests import Request

from sagrada.web.hinting import Hints
from sagrada.web.limits import RateLimiter
from sagrada.web.routes.hints import until_disconnect
from sagrada.web.session import GameError
from sagrada.web.thinking import QueueBounds, QueueFull, Scheduler

FLOOD = "203.0.113.9"


class Gate:
    """Jobs that note when they start and finish when the gate opens."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.open = asyncio.Event()

    def job(self, name: str) -> Callable[[], Awaitable[str]]:
        async def work() -> str:
            self.started.append(name)
            await self.open.wait()
            return name

        return work


def test_another_games_bot_runs_before_the_floods_queued_hints() -> None:
    async def flood() -> None:
        thinking, gate = Scheduler(1), Gate()
        answers = [thinking.submit(FLOOD, "g0", gate.job("hint-0"), refusable=True).answer]
        refused: list[str] = []
        for n in range(1, 20):  # 20 hints in flight from one address, each of its own game
            try:
                job = thinking.submit(FLOOD, f"g{n}", gate.job(f"hint-{n}"), refusable=True)
                answers.append(job.answer)
            except QueueFull as full:
                refused.append(full.limit)
        bot = thinking.submit("game:other", "other", gate.job("bot"))
        gate.open.set()
        await asyncio.gather(bot.answer, *answers)
        # The running hint, then the flood's next, then the other game's bot: the flood's
        # seven other queued hints wait behind it.
        assert gate.started[:3] == ["hint-0", "hint-1", "bot"]
        assert len(gate.started) == 1 + QueueBounds().per_address + 1
        assert refused == ["address"] * (19 - QueueBounds().per_address)
        assert thinking.stats.started == len(gate.started) and thinking.stats.waiting == 0

    asyncio.run(flood())


def test_the_games_of_one_address_take_turns() -> None:
    async def turns() -> None:
        thinking, gate = Scheduler(1), Gate()
        jobs = [thinking.submit(FLOOD, "busy", gate.job("busy-0"))]
        jobs += [thinking.submit(FLOOD, "busy", gate.job(f"busy-{n}")) for n in (1, 2)]
        jobs.append(thinking.submit(FLOOD, "quiet", gate.job("quiet")))
        gate.open.set()
        await asyncio.gather(*(job.answer for job in jobs))
        assert gate.started == ["busy-0", "busy-1", "quiet", "busy-2"]

    asyncio.run(turns())


def test_no_more_jobs_run_than_slots_the_rest_wait_in_the_server() -> None:
    async def slots() -> None:
        thinking, gate = Scheduler(2), Gate()
        jobs = [thinking.submit(f"10.0.0.{n}", f"g{n}", gate.job(str(n))) for n in range(5)]
        await asyncio.sleep(0)
        assert len(gate.started) == 2
        assert (thinking.stats.running, thinking.stats.waiting) == (2, 3)
        gate.open.set()
        assert await asyncio.gather(*(job.answer for job in jobs)) == [str(n) for n in range(5)]
        assert (thinking.stats.running, thinking.stats.waiting) == (0, 0)

    asyncio.run(slots())


def test_a_bots_move_is_never_refused_a_hint_over_a_bound_is() -> None:
    async def bounds() -> None:
        thinking, gate = Scheduler(1, QueueBounds(per_address=1, per_game=1, total=2)), Gate()
        thinking.submit("game:a", "a", gate.job("bot-a"))  # runs
        thinking.submit(FLOOD, "b", gate.job("hint-b"), refusable=True)
        with pytest.raises(QueueFull) as full:
            thinking.submit(FLOOD, "c", gate.job("hint-c"), refusable=True)
        assert (full.value.limit, full.value.bound) == ("address", 1)
        with pytest.raises(QueueFull) as full:
            thinking.submit("198.51.100.1", "b", gate.job("other-b"), refusable=True)
        assert full.value.limit == "game"
        thinking.submit("game:a", "a", gate.job("bot-a2"))
        with pytest.raises(QueueFull) as full:
            thinking.submit("198.51.100.1", "d", gate.job("other-d"), refusable=True)
        assert full.value.limit == "total"
        for n in range(3):  # over every bound: a bot's move waits all the same
            thinking.submit(f"game:{n}", str(n), gate.job(f"bot-{n}"))
        assert thinking.stats.waiting == 5
        gate.open.set()
        await thinking.close()

    asyncio.run(bounds())


def test_a_job_abandoned_before_it_starts_is_dropped_and_never_runs() -> None:
    async def abandon() -> None:
        thinking, gate = Scheduler(1), Gate()
        running = thinking.submit("game:a", "a", gate.job("bot"))
        waiter = asyncio.create_task(thinking.run(FLOOD, "b", gate.job("hint")))
        await asyncio.sleep(0)
        assert thinking.stats.waiting == 1
        waiter.cancel()
        await asyncio.gather(waiter, return_exceptions=True)
        assert (thinking.stats.waiting, thinking.stats.dropped) == (0, 1)
        gate.open.set()
        await running.answer
        await asyncio.sleep(0)
        assert gate.started == ["bot"]

    asyncio.run(abandon())


async def settle() -> None:
    """Let the tasks ready to run take their next steps (a task started by another too)."""
    for _ in range(3):
        await asyncio.sleep(0)


def room_at(actions: int) -> Any:
    """A stand-in for a room: its id, its state's history and its kept hint."""
    return SimpleNamespace(id="g", state=SimpleNamespace(history=[0] * actions), hint=None)


class Counted:
    """A hint's work that counts how often it is worked out, each time held at a gate."""

    def __init__(self) -> None:
        self.computed = 0
        self.open = asyncio.Event()

    async def __call__(self) -> list[Any]:
        self.computed += 1
        await self.open.wait()
        return [f"ranking {self.computed}"]


def test_asks_for_the_same_position_share_one_ranking_until_the_game_moves_on() -> None:
    async def share() -> None:
        hints, room, work = Hints(Scheduler(1)), room_at(4), Counted()
        asks = [asyncio.create_task(hints.ranking(room, 0, FLOOD, work)) for _ in range(5)]
        await asyncio.sleep(0)
        work.open.set()
        assert await asyncio.gather(*asks) == [["ranking 1"]] * 5
        assert await hints.ranking(room, 0, "198.51.100.1", work) == ["ranking 1"]  # kept
        room.state.history.append(7)  # the game moved on
        assert await hints.ranking(room, 0, FLOOD, work) == ["ranking 2"]
        stats = hints.scheduler.stats
        assert (work.computed, stats.hints_asked, stats.hints_computed) == (2, 7, 2)

    asyncio.run(share())


def test_a_hint_every_asker_left_is_dropped_one_running_is_kept() -> None:
    async def leave() -> None:
        thinking, gate = Scheduler(1), Gate()
        hints, room, work = Hints(thinking), room_at(2), Counted()
        busy = thinking.submit("game:x", "x", gate.job("bot"))
        asks = [asyncio.create_task(hints.ranking(room, 1, FLOOD, work)) for _ in range(2)]
        await asyncio.sleep(0)
        asks[0].cancel()
        await asyncio.sleep(0)
        assert thinking.stats.waiting == 1  # the other asker still waits for it
        asks[1].cancel()
        await asyncio.gather(*asks, return_exceptions=True)
        assert (thinking.stats.waiting, thinking.stats.dropped) == (0, 1)
        gate.open.set()
        await busy.answer
        assert work.computed == 0
        # Asked again and left once running: the worker finishes it, the position keeps it.
        ask = asyncio.create_task(hints.ranking(room, 1, FLOOD, work))
        await settle()
        assert work.computed == 1
        ask.cancel()
        await asyncio.gather(ask, return_exceptions=True)
        work.open.set()
        assert await hints.ranking(room, 1, FLOOD, work) == ["ranking 1"]
        assert work.computed == 1

    asyncio.run(leave())


def test_a_hint_whose_client_disconnects_while_it_waits_is_dropped() -> None:
    async def disconnect() -> None:
        thinking, gate = Scheduler(1), Gate()
        hints, room, work = Hints(thinking), room_at(0), Counted()
        busy = thinking.submit("game:x", "x", gate.job("bot"))
        gone = asyncio.Event()

        async def receive() -> dict[str, Any]:  # the server's next message: the disconnect
            await gone.wait()
            return {"type": "http.disconnect"}

        request = Request({"type": "http", "method": "POST", "headers": []}, receive)
        asked = hints.ranking(room, 0, FLOOD, work)
        waiting = asyncio.create_task(until_disconnect(request, asked))
        await settle()
        assert thinking.stats.waiting == 1
        gone.set()
        assert await waiting is None
        assert (thinking.stats.waiting, thinking.stats.dropped) == (0, 1)
        gate.open.set()
        await busy.answer
        await settle()
        assert work.computed == 0

    asyncio.run(disconnect())


def test_a_new_position_over_the_games_budget_is_refused_with_429() -> None:
    async def budget() -> None:
        hints = Hints(Scheduler(1), RateLimiter(rate=1e-9, burst=1))
        room, work = room_at(0), Counted()
        work.open.set()
        await hints.ranking(room, 0, FLOOD, work)
        await hints.ranking(room, 0, FLOOD, work)  # the same position costs nothing
        room.state.history.append(1)
        with pytest.raises(GameError) as refused:
            await hints.ranking(room, 0, FLOOD, work)
        assert refused.value.status == 429 and "hints" in str(refused.value)
        assert (work.computed, hints.scheduler.stats.hints_refused) == (1, 1)

    asyncio.run(budget())
