"""The bots of the server's games: they move at a pace a person can follow, searching bots
in worker processes so that the server stays responsive. When a person's time for a turn runs
out (a game with a turn limit), a bot (the game's stand-in) plays that turn for them.

A bot that plans a whole turn (the planners) plans it once: its worker process returns the
action and the rest of the plan, which the runner keeps for the seat and plays step by step
while the game is where the plan expects it (as the same bot does in ``sagrada simulate``,
:class:`~sagrada.search.plans.PlanFollower`); anything else drops the plan, and the bot thinks
again. A plan holds the bot's own actions only, and it stops after chance (a re-roll, a
draw), so it never assumes what is hidden. It stays in the server: no client sees it.

The searching bots' moves (the stand-in's too) and the hints wait their turn for a worker in
the runner's :class:`~sagrada.web.thinking.Scheduler`, shared fairly: a bot's move comes from
the address ``game:ID`` (its own game, whoever made it), a hint from its asker's address."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from sagrada.core.content_files import installed_files
from sagrada.entry import GameState, Player
from sagrada.registry import game_bots, make_adviser, make_player
from sagrada.search.advice import RatedAction
from sagrada.search.plans import PlanFollower
from sagrada.web.lifeline import start_bot_worker
from sagrada.web.metrics import Thinking
from sagrada.web.session import GameError, Room, turn_key
from sagrada.web.thinking import Scheduler

log = logging.getLogger("sagrada.web")

_T = TypeVar("_T")


def planned(bot: Any) -> tuple[int, ...]:
    """What ``bot`` means to play after the action it chose last (its ``planned()``, which
    the planners have); none for a bot without plans."""
    method = getattr(bot, "planned", None)
    return tuple(method()) if callable(method) else ()


def think(
    game_name: str, spec: str, seed: int, view: Any, legal: list[int]
) -> tuple[int, tuple[int, ...]]:
    """Build the bot ``spec`` of a game and return its choice and the rest of its plan
    (:func:`planned`; run in a worker process)."""
    bot = make_player(game_name, spec, seed)
    action = bot.choose(view, legal)
    return action, planned(bot)


def advise(game_name: str, seed: int, view: Any, legal: list[int]) -> list[RatedAction]:
    """Build a game's hint bot and return its best actions (run in a worker process)."""
    return make_adviser(game_name, seed).rank(view, legal)


def worker_count() -> int:
    """How many worker processes the searching bots get: one fewer than the cores, one at
    least."""
    return max(1, (os.cpu_count() or 2) - 1)


def bots_address(room: Room) -> str:
    """The address a game's bots think for in the thinking queue: the game's own."""
    return f"game:{room.id}"


def follow_plan(
    plans: dict[int, PlanFollower], seat: int, history: Sequence[int], legal: list[int]
) -> int | None:
    """The next action of the plan ``seat`` is playing, if the game is where the plan expects
    it (``history`` is the plan's and the action is in ``legal``), else the only legal action
    if there is one (no need to think); else ``None``. A plan is dropped once it is played
    or the game has left it."""
    plan = plans.pop(seat, None)
    action = plan.next(history, legal) if plan is not None else None
    if plan is not None and plan.pending:
        plans[seat] = plan
    if action is None and len(legal) == 1:
        return legal[0]
    return action


class BotRunner:
    """Moves the bot seats of rooms: one task per room while a bot is to move.

    Args:
        act: how a move is played (the manager's ``act``: checked, stored, announced).
        delay: seconds a bot waits before each move.
        thinking: told how many moves and hints wait for a worker process or run in one, and
            how long each waited (the operator's metrics).
    """

    def __init__(
        self,
        act: Callable[..., Awaitable[None]],
        delay: float,
        *,
        thinking: Thinking | None = None,
    ) -> None:
        self._act = act
        self.bot_delay = delay
        self._pool: ProcessPoolExecutor | None = None
        self._pool_ok = True
        #: The queue in front of the worker processes (its ``stats`` are the operator's).
        self.thinking = Scheduler(
            worker_count(), on_wait=None if thinking is None else thinking.waited
        )
        if thinking is not None:
            stats = self.thinking.stats
            thinking.count_with(waiting=lambda: stats.waiting, running=lambda: stats.running)

    def wake(self, room: Room) -> None:
        """Start the room's bot loop if a bot is to move and none is running, or the clock of
        a person's turn if the game has a turn limit."""
        if room.state.is_over:
            return
        if room.state.current_player not in room.bots:
            self._start_clock(room)
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        room.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(room))

    def _start_clock(self, room: Room) -> None:
        """Set the clock of the person to move (once a turn): when it runs out, the stand-in
        plays their turn."""
        clock = room.clock()
        if clock is None:
            return
        key = turn_key(room.state)
        task = room.clock_task
        if task is not None and not task.done():
            if room.clock_key == key:
                return  # this turn's clock is running
            if task is not asyncio.current_task():
                task.cancel()  # an older turn's
        room.clock_key = key
        room.clock_task = asyncio.get_running_loop().create_task(
            self._on_time(room, key, clock["deadline"])
        )

    async def _on_time(self, room: Room, key: tuple[int, int, int], deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        seat = room.state.current_player
        if turn_key(room.state) != key or room.state.is_over:
            return  # the person played in time
        stand_in = game_bots(room.game.name).stand_in
        bot = make_player(room.game.name, stand_in, secrets.randbits(62))
        log.info("game %s: seat %d ran out of time; a bot plays the turn", room.id, seat)
        while not room.state.is_over and turn_key(room.state)[:2] == key[:2]:
            if room.state.current_player != seat:
                return
            view = room.game.view(room.state, seat)
            legal = list(room.state.legal_actions())
            seen = len(room.state.history)
            action, _plan = await self._choose(room, stand_in, bot, view, legal)
            try:
                text = room.game.action_to_str(action)
                await self._act(room, seat, [text], seen, auto=True)
            except GameError as exc:  # the person moved meanwhile: their move stands
                log.info("game %s: the stand-in's move was refused: %s", room.id, exc.detail)
                return

    async def _bot_loop(self, room: Room) -> None:
        for attempt in range(3):
            try:
                await self._bots_move(room)
                return
            except asyncio.CancelledError:
                raise
            except Exception:  # logged; retried, and any later visit to the game restarts it
                log.exception("the bots of game %s failed (attempt %d)", room.id, attempt + 1)
                await asyncio.sleep(1.0)

    async def _bots_move(self, room: Room) -> None:
        while not room.state.is_over and room.state.current_player in room.bots:
            await asyncio.sleep(self.bot_delay)
            seat = room.state.current_player
            state = room.state
            bot = room.bots.get(seat)
            if bot is None:
                return
            legal = list(state.legal_actions())
            spec = room.seats[seat].bot or ""
            action = await self._think(room, seat, spec, bot, state, legal)
            if room.state is not state:
                continue  # something else moved meanwhile; think again
            try:
                # The number of actions it saw: had the game moved on meanwhile (another
                # server process), its move is refused, not played elsewhere.
                await self._act(room, seat, [room.game.action_to_str(action)], len(state.history))
            except GameError as exc:
                if exc.status == 409:  # it moved on: think again on the game as it is
                    continue
                log.error("bot in game %s refused: %s", room.id, exc.detail)  # pragma: no cover
                return

    async def advise(self, room: Room, view: Any, legal: list[int]) -> list[RatedAction]:
        """The hint bot's best actions at ``view`` (a hint): a searching bot in a worker
        process, another in a thread (the caller queues it: :mod:`sagrada.web.hinting`)."""
        name = room.game.name
        seed = secrets.randbits(62)
        bots = game_bots(name)
        if bots.searches(bots.hint):
            ranked = await self._in_worker(advise, name, seed, view, legal)
            if ranked is not None:
                return list(ranked)
        return await asyncio.to_thread(advise, name, seed, view, legal)

    async def _think(
        self, room: Room, seat: int, spec: str, bot: Player, state: GameState, legal: list[int]
    ) -> int:
        """Ask a bot for its move: searching bots in a worker process (the next step of the
        plan it is playing, if the game is where the plan expects it), others in a thread."""
        view = room.game.view(state, seat)
        if game_bots(room.game.name).searches(spec):
            following = follow_plan(room.plans, seat, state.history, legal)
            if following is not None:
                return following
        action, rest = await self._choose(room, spec, bot, view, legal)
        if rest:
            plan = PlanFollower()
            plan.start(state.history, [action, *rest])
            room.plans[seat] = plan
        return action

    async def _choose(
        self, room: Room, spec: str, bot: Player, view: Any, legal: list[int]
    ) -> tuple[int, tuple[int, ...]]:
        """The move of the bot ``spec`` (``bot``) and the rest of its plan: a searching bot's
        (the game's entry names them) thought in a worker process when its turn in the
        thinking queue comes, or in a thread at that turn when there are no worker processes
        (``bot`` itself then, which keeps its own plans, so none is returned); another's at
        once in a thread."""
        game_name = room.game.name
        if not game_bots(game_name).searches(spec):
            return await asyncio.to_thread(bot.choose, view, legal), ()
        seed = secrets.randbits(62)

        async def work() -> tuple[int, tuple[int, ...]]:
            answer = await self._in_worker(think, game_name, spec, seed, view, legal)
            if answer is None:
                return await asyncio.to_thread(bot.choose, view, legal), ()
            return int(answer[0]), tuple(answer[1])

        return await self.thinking.run(bots_address(room), room.id, work)

    async def _in_worker(self, function: Callable[..., _T], *args: Any) -> _T | None:
        """``function(*args)`` in a worker process, so the server stays responsive while a
        bot searches; ``None`` if the worker processes are unavailable (from then on the
        bots think in threads)."""
        if not self._pool_ok:
            return None
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._thinkers(), function, *args)
        except (BrokenProcessPool, OSError, RuntimeError, pickle.PicklingError) as exc:
            log.warning("bot worker processes unavailable (%s): bots think in threads", exc)
            self._pool_ok = False
            return None

    def _thinkers(self) -> ProcessPoolExecutor:
        """The worker processes of the searching bots, started when first needed."""
        if self._pool is None:
            workers = worker_count()
            context = multiprocessing.get_context("spawn")
            # The workers start afresh: they use the same content files as the server, and
            # they end with it, however it ends.
            self._pool = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=context,
                initializer=start_bot_worker,
                initargs=(os.getpid(), installed_files()),
            )
        return self._pool

    async def close(self, rooms: list[Room]) -> None:
        """Stop every bot task and clock of ``rooms``, the thinking queue and the worker
        processes."""
        tasks = [t for room in rooms for t in (room.bot_task, room.clock_task) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.thinking.close()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
