"""Games in play on the server: each a room with its state, seats, lock and listeners.

The room is the only writer of its game. An action is checked on a copy of the state, written
to the database, and only then made the room's state and announced, so a refused action or a
failed write changes nothing. Bot seats move on the server at a pace a person can follow.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import multiprocessing
import os
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from sagrada.bots import Bot, make_bot
from sagrada.core.actions import Action, action_to_str, parse_action
from sagrada.core.config import GameConfig
from sagrada.core.dice import DIE_NAMES
from sagrada.core.errors import IllegalActionError, InvalidNotationError, RecordError, SagradaError
from sagrada.core.record import GameRecord
from sagrada.core.state import Phase, State, new_game
from sagrada.core.views import PlayerView, make_view
from sagrada.web.store import Store

log = logging.getLogger("sagrada.web")


#: What a game id looks like (``secrets.token_urlsafe``): anything else is never looked up.
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

#: Bots that search for a second or more per move; they think in worker processes.
HEAVY_BOTS = frozenset({"hard", "mcts"})


def think(spec: str, seed: int, view: PlayerView, legal: list[Action]) -> Action:
    """Build the bot ``spec`` and return its choice (run in a worker process)."""
    return make_bot(spec, seed).choose(view, legal)


class GameError(Exception):
    """A request the game refuses: carries the HTTP status and the reason."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def hash_token(token: str) -> str:
    """Return the stored form of a seat token (tokens themselves are never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Seat:
    """One seat: a person (with a secret token, once claimed) or a bot."""

    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None = None
    claimed: bool = False
    invite_hash: str | None = None
    #: Whether anyone may take the seat from the lobby (else only with its invite code).
    open: bool = True

    def to_store(self) -> dict[str, Any]:
        return {
            "open": self.open,
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "token_hash": self.token_hash,
            "claimed": self.claimed,
            "invite_hash": self.invite_hash,
        }

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "claimed": self.claimed,
            "open": self.kind == "human" and self.open and not self.claimed,
        }


@dataclass(eq=False)
class Listener:
    """A WebSocket (or any subscriber) watching a room as one seat (-1: spectator)."""

    seat: int
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(maxsize=64))


class Room:
    """A game in play."""

    def __init__(
        self, game_id: str, config: GameConfig, seed: int, seats: list[Seat], created: float
    ) -> None:
        self.id = game_id
        self.config = config
        self.seed = seed
        self.seats = seats
        self.created = created
        self.state: State = new_game(config, seed)
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        # Bots get seeds of their own: nothing in a bot may be derived from the game's seed.
        self.bots: dict[int, Bot] = {
            s.seat: make_bot(s.bot, secrets.randbits(62)) for s in seats if s.bot is not None
        }
        self.bot_task: asyncio.Task[None] | None = None
        self.touched = time.monotonic()

    # -- reading ---------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.state.is_over:
            return "over"
        if any(s.kind == "human" and s.open and not s.claimed for s in self.seats):
            return "open"
        return "running"

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "players": self.config.players,
            "status": self.status,
            "round": min(state.round + 1, 10),
            "phase": Phase(state.phase).name.lower(),
            "created": self.created,
            "actions": len(state.history),
            "seats": [s.public() for s in self.seats],
            "winners": list(state.outcome().winners) if state.is_over else None,
            "private_pools": self.config.private_pools,
            "config": self.config.to_json(),
        }

    def seat_of(self, token: str | None) -> int:
        """Return the seat a token plays (-1 for no token).

        Raises:
            GameError: 403 if the token is not one of this game's.
        """
        if not token:
            return -1
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise GameError(403, "this token does not hold a seat in this game")

    def view(self, seat: int) -> dict[str, Any]:
        data = make_view(self.state, seat).to_json()
        data["game"] = self.summary()
        data["seat"] = seat
        return data

    def record(self) -> GameRecord:
        return GameRecord.of(self.state, self.seed)

    # -- acting ----------------------------------------------------------------------------

    def check_actions(self, seat: int, texts: list[str]) -> tuple[State, list[Action]]:
        """Apply ``texts`` for ``seat`` on a copy of the state and return it with the codes.

        Raises:
            GameError: 409 if it is not the seat's turn, 422 if an action is malformed or
                illegal (naming the action and the rule).
        """
        state = self.state
        if state.is_over:
            raise GameError(409, "the game is over")
        if state.current_player != seat:
            raise GameError(409, f"it is not your turn: player {state.current_player} decides now")
        trial = state.clone()
        codes = []
        for index, text in enumerate(texts):
            if trial.current_player != seat:
                raise GameError(422, f"action {index + 1} ({text!r}): your turn ended before it")
            try:
                code = parse_action(text)
                chance = trial.is_chance(code)
                trial.apply(code)
            except InvalidNotationError as exc:
                raise GameError(422, str(exc)) from None
            except IllegalActionError as exc:
                prefix = f"action {index + 1}: " if len(texts) > 1 else ""
                raise GameError(422, f"{prefix}{exc}") from None
            codes.append(code)
            if chance and index != len(texts) - 1:
                # Dice were rolled or drawn: nothing after this step may be tried, or the
                # answer (legal or not, and why) would tell the result before it is committed.
                raise GameError(
                    422,
                    f"action {index + 1} ({text!r}) rolls or draws dice: "
                    "send it last, and the actions after it in a new request",
                )
        return trial, codes


class GameManager:
    """Every room of the server, the database behind them, and the bots' pacing."""

    def __init__(self, store: Store, bot_delay: float = 0.8, max_rooms: int = 2000) -> None:
        self.store = store
        # Every write goes through one thread: writers never wait on each other's locks.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sagrada-db")
        self._pool: ProcessPoolExecutor | None = None
        self._pool_ok = True
        self.bot_delay = bot_delay
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()

    # -- creating and loading ---------------------------------------------------------------

    async def create(
        self,
        config: GameConfig,
        bots: list[str | None],
        names: list[str],
        open_seats: bool = True,
    ) -> tuple[Room, list[str | None], list[str | None]]:
        """Create a game; return the room, the token of the creator's seat (the first human
        seat) and an invite code for every other human seat, by seat."""
        game_id = secrets.token_urlsafe(8)
        seed = secrets.randbits(62)
        seats: list[Seat] = []
        tokens: list[str | None] = []
        invites: list[str | None] = []
        for index in range(config.players):
            bot = bots[index]
            if bot is None and not any(s.kind == "human" for s in seats):
                # The creator's own seat: its token now.
                token = secrets.token_urlsafe(24)
                seats.append(Seat(index, "human", None, names[index], hash_token(token), True))
                tokens.append(token)
                invites.append(None)
            elif bot is None:
                # Another person's seat: an invite code, exchanged once for a fresh token that
                # the creator never sees.
                invite = secrets.token_urlsafe(12)
                seats.append(
                    Seat(
                        index,
                        "human",
                        None,
                        names[index],
                        invite_hash=hash_token(invite),
                        open=open_seats,
                    )
                )
                tokens.append(None)
                invites.append(invite)
            else:
                seats.append(Seat(index, "bot", bot, names[index], None, claimed=True))
                tokens.append(None)
                invites.append(None)
        created = await self._write(
            self.store.create_game,
            game_id,
            config.to_json(),
            seed,
            [s.to_store() for s in seats],
            "open",
        )
        room = Room(game_id, config, seed, seats, created)
        if room.status != "open":
            await self._write(
                self.store.update_seats, game_id, [s.to_store() for s in seats], room.status
            )
        self._remember(room)
        self.wake_bots(room)
        return room, tokens, invites

    async def get(self, game_id: str) -> Room:
        """Return a room, reading it back from the database if it is not in memory.

        Raises:
            GameError: 404 if there is no such game, 409 if its stored actions no longer
                replay.
        """
        room = self.rooms.get(game_id)
        if room is not None:
            room.touched = time.monotonic()
            self.wake_bots(room)  # in case a bot stopped on an error: any visit restarts it
            return room
        if not _GAME_ID.fullmatch(game_id):
            raise GameError(404, "no such game")
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            stored = await asyncio.to_thread(self.store.load, game_id)
            if stored is None:
                raise GameError(404, "no such game")
            room = self._restore(stored)
            self._remember(room)
        self.wake_bots(room)
        return room

    def _restore(self, stored: Any) -> Room:
        config = GameConfig.from_json(stored.config)
        seats = [Seat(**s) for s in stored.seats]
        room = Room(stored.id, config, stored.seed, seats, stored.created)
        record = GameRecord(config, stored.seed, tuple(parse_action(t) for t in stored.actions))
        try:
            room.state = record.replay()
        except RecordError as exc:
            # A game stored under an older engine whose rules have since been corrected (for
            # example a tool used where it could not act): say so, change nothing.
            raise GameError(
                409, f"this game no longer replays under the current rules: {exc}"
            ) from None
        return room

    def _remember(self, room: Room) -> None:
        self.rooms[room.id] = room
        if len(self.rooms) <= self.max_rooms:
            return
        # Unload the games idle longest that nobody watches and no bot is playing: they are in
        # the database and are read back when asked for. A tenth at a time, to sort rarely.
        idle = [
            other
            for other in self.rooms.values()
            if other is not room
            and not other.listeners
            and (other.bot_task is None or other.bot_task.done())
            and not other.lock.locked()
        ]
        idle.sort(key=lambda r: r.touched)
        for other in idle[: max(1, self.max_rooms // 10)]:
            del self.rooms[other.id]

    async def resume(self) -> int:
        """Load the unfinished games and set their bots moving; return how many."""
        ids = await asyncio.to_thread(self.store.game_ids, ("open", "running"), 2000)
        for game_id in ids:
            try:
                await self.get(game_id)
            except (SagradaError, GameError, ValueError) as exc:  # pragma: no cover - logged
                log.error("cannot resume game %s: %s", game_id, exc)
        return len(ids)

    # -- seats ------------------------------------------------------------------------------

    async def join(
        self, room: Room, name: str | None, invite: str | None = None
    ) -> tuple[int, str]:
        """Give a seat to a newcomer and return its number and a fresh token: the seat of an
        invite code, or without one the first human seat nobody has claimed."""
        digest = hash_token(invite) if invite is not None else None
        async with room.lock:
            for seat in room.seats:
                if seat.kind != "human":
                    continue
                if digest is not None:
                    if seat.invite_hash is None or not hmac.compare_digest(
                        seat.invite_hash, digest
                    ):
                        continue
                    if seat.claimed:
                        raise GameError(409, "this invitation has been used: the seat is taken")
                elif seat.claimed or not seat.open:
                    continue
                token = secrets.token_urlsafe(24)
                seat.token_hash = hash_token(token)
                seat.claimed = True
                if name:
                    seat.name = name
                await self._write(
                    self.store.update_seats,
                    room.id,
                    [s.to_store() for s in room.seats],
                    room.status,
                )
                self._announce(room)
                return seat.seat, token
        if digest is not None:
            raise GameError(403, "this invitation is not one of this game's")
        raise GameError(409, "every seat of this game is taken")

    # -- acting ------------------------------------------------------------------------------

    async def act(self, room: Room, seat: int, texts: list[str], seq: int | None = None) -> None:
        """Apply actions for a seat: all of them or none; committed before announced.

        Args:
            seq: the number of actions the client had seen when it sent the request; when
                given and the game has another count, the request is stale (or a repeat of
                one already applied) and is refused.

        Raises:
            GameError: 409 for a stale request or another seat's turn, 422 for an illegal
                action.
        """
        if not texts:
            raise GameError(400, "no action given")
        async with room.lock:
            played = len(room.state.history)
            if seq is not None and seq != played:
                raise GameError(
                    409,
                    f"stale request: it was made after {seq} actions and the game has {played}"
                    " (reload the game; nothing was applied)",
                )
            trial, codes = room.check_actions(seat, texts)
            first = len(room.state.history)
            status = "over" if trial.is_over else room.status
            await self._write(
                self.store.append_actions,
                room.id,
                first,
                [(action_to_str(code), seat) for code in codes],
                status,
            )
            room.state = trial
            room.touched = time.monotonic()
            self._announce(room)
        self.wake_bots(room)

    def preview(self, room: Room, seat: int, texts: list[str]) -> dict[str, Any]:
        """The legal actions after ``texts``, committing nothing (tools step by step).

        The preview stops at an action that rolls or draws dice: its result must not be seen
        before it is committed.
        """
        state = room.state
        if state.current_player != seat:
            raise GameError(409, f"it is not your turn: player {state.current_player} decides now")
        trial = state.clone()
        for index, text in enumerate(texts):
            if trial.current_player != seat:
                raise GameError(422, f"action {index + 1} ({text!r}): your turn ended before it")
            try:
                code = parse_action(text)
                chance = trial.is_chance(code)
            except (InvalidNotationError, IllegalActionError) as exc:
                raise GameError(422, str(exc)) from None
            if chance:
                if index != len(texts) - 1:
                    raise GameError(
                        422, f"action {index + 1} ({text!r}) rolls dice: commit it first"
                    )
                return {"legal_actions": [], "decision": "", "complete": False, "chance": True}
            trial.apply(code)
        mine = trial.current_player == seat and not trial.is_over
        view = make_view(trial, seat).to_json()
        return {
            "legal_actions": view["legal_actions"] if mine else [],
            "actions": view["actions"] if mine else [],
            "decision": trial.describe_decision(),
            "complete": trial.tool_slot < 0,
            "chance": False,
            "held_die": None if trial.held < 0 else DIE_NAMES[trial.held],
            "view": view,
        }

    # -- announcing and bots ----------------------------------------------------------------

    def _announce(self, room: Room) -> None:
        seq = len(room.state.history)
        views: dict[int, dict[str, Any]] = {}
        for listener in list(room.listeners):
            if listener.seat not in views:
                views[listener.seat] = room.view(listener.seat)
            message = {"type": "view", "seq": seq, "view": views[listener.seat]}
            if listener.queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    listener.queue.get_nowait()  # a slow client only needs the newest view
            listener.queue.put_nowait(message)

    def subscribe(self, room: Room, seat: int) -> Listener:
        listener = Listener(seat)
        room.listeners.add(listener)
        listener.queue.put_nowait(
            {"type": "view", "seq": len(room.state.history), "view": room.view(seat)}
        )
        return listener

    def unsubscribe(self, room: Room, listener: Listener) -> None:
        room.listeners.discard(listener)

    def wake_bots(self, room: Room) -> None:
        """Start the room's bot loop if a bot is to move and none is running."""
        if room.state.is_over or room.state.current_player not in room.bots:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        room.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(room))

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
            view = make_view(state, seat)
            legal = list(state.legal_actions())
            spec = room.seats[seat].bot or ""
            action = await self._think(room, seat, spec, bot, view, legal)
            if room.state is not state:
                continue  # something else moved meanwhile; think again
            try:
                await self.act(room, seat, [action_to_str(action)])
            except GameError as exc:  # pragma: no cover - a bot only picks legal actions
                log.error("bot in game %s refused: %s", room.id, exc.detail)
                return

    async def _think(
        self, room: Room, seat: int, spec: str, bot: Bot, view: PlayerView, legal: list[Action]
    ) -> Action:
        """Ask a bot for its move: searching bots in a worker process, others in a thread."""
        if spec in HEAVY_BOTS and self._pool_ok:
            seed = secrets.randbits(62)
            loop = asyncio.get_running_loop()
            try:
                # In another process, so the server stays responsive while the bot searches.
                return int(
                    await loop.run_in_executor(self._thinkers(), think, spec, seed, view, legal)
                )
            except (BrokenProcessPool, OSError, RuntimeError) as exc:
                log.warning("bot worker processes unavailable (%s): bots think in threads", exc)
                self._pool_ok = False
        return await asyncio.to_thread(bot.choose, view, legal)

    def _thinkers(self) -> ProcessPoolExecutor:
        """The worker processes of the searching bots, started when first needed."""
        if self._pool is None:
            workers = max(1, (os.cpu_count() or 2) - 1)
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        return self._pool

    async def _write(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run a database write on the writer thread and wait for it."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, function, *args)

    async def close(self) -> None:
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._writer.shutdown(wait=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
