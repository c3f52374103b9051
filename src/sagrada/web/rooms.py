"""The games of the server: creating, loading, joining and playing them.

:class:`GameManager` keeps the rooms in memory (:mod:`sagrada.web.session`), reads and writes
them through the database (:mod:`sagrada.web.store`, every write on one thread), announces
each change to the room's listeners (:mod:`sagrada.web.fanout`) and lets the bots move
(:mod:`sagrada.web.botrunner`). An action is checked on a copy of the state, written to the
database, and only then made the room's state and announced, so a refused action or a failed
write changes nothing.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from sagrada.core.errors import RecordError, SagradaError
from sagrada.core.messages import msg
from sagrada.players import daily as daily_challenge
from sagrada.players.accounts import Account
from sagrada.players.secrets import server_secret
from sagrada.players.turn_notices import CORRESPONDENCE_SECONDS, Turn, TurnNotices
from sagrada.registry import default_game, game, game_bots, rated_json
from sagrada.search.advice import RatedAction
from sagrada.web.botrunner import BotRunner
from sagrada.web.chat import CHAT_BURST, CHAT_EVERY, CHAT_KEEP, clean_message
from sagrada.web.expiry import EXPIRED, is_stale
from sagrada.web.fanout import Listener, announce, greet, send_all, subscribe
from sagrada.web.hinting import Hints
from sagrada.web.limits import RateLimiter
from sagrada.web.metrics import Metrics
from sagrada.web.seat_names import check_distinct, check_free, clean_name, is_free
from sagrada.web.session import GameError, Room, Seat, game_status, hash_token, turn_key
from sagrada.web.shared import InStep
from sagrada.web.store import DATABASE_DOWN, StaleGame, Store

log = logging.getLogger("sagrada.web")


def database_down(exc: Exception) -> GameError:
    """The answer while the database cannot be reached: 503, try again (nothing changed)."""
    log.warning("the database is unavailable: %s", exc)
    return GameError(503, msg("web.database_down"))


#: What a game id looks like (``secrets.token_urlsafe``): anything else is never looked up.
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def new_game_id() -> str:
    """A fresh game id."""
    return secrets.token_urlsafe(8)


class GameManager:
    """Every room of the server, the database behind them, and the bots' pacing; its rooms
    are kept in step with other processes sharing the database by its :class:`InStep`
    (:attr:`in_step`)."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.8,
        max_rooms: int = 2000,
        notices: TurnNotices | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        #: What the manager counts (actions played, the database's errors, bots' thinking).
        self.metrics = metrics or Metrics()
        #: Who tells players of correspondence games of their turns (none: nobody).
        self.notices = notices
        self._telling: set[asyncio.Task[Any]] = set()
        # Every write goes through one thread: writers never wait on each other's locks.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sagrada-db")
        self.bots = BotRunner(self.act, bot_delay, thinking=self.metrics.thinking)
        #: Hints' rankings, shared per position and budgeted per game.
        self.hints = Hints(self.bots.thinking)
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self.in_step = InStep(self.rooms, store, self._read, self._announce)
        self._loading = asyncio.Lock()
        self._chat_limit = RateLimiter(rate=1 / CHAT_EVERY, burst=CHAT_BURST)
        #: The key of accounts' seat tokens (:func:`sagrada.web.session.account_token`).
        self.account_key = bytes.fromhex(server_secret(store.engine, "seat_tokens"))

    async def refresh(self, room: Room) -> None:
        """Catch ``room`` up with the database if another process changed the game."""
        await self.in_step.refresh(room)

    # -- creating and loading ---------------------------------------------------------------

    async def create(
        self,
        config: Any,
        bots: list[str | None],
        names: list[str],
        open_seats: bool = False,
        game_name: str | None = None,
        turn_seconds: int | None = None,
        hints: bool = False,
        *,
        creator: Account | None = None,
        offers: list[int | None] | None = None,
        daily: str | None = None,
        seed: int | None = None,
        game_id: str | None = None,
    ) -> tuple[Room, list[str | None], list[str | None]]:
        """Create a game of the registry's game ``game_name`` (a person having
        ``turn_seconds`` a turn, or no limit); return the room, the token of the creator's
        seat (the first human seat) and an invite code for every other human seat, by seat.

        Args:
            creator: the account of the creator, logged in: it plays the creator's seat.
            offers: by seat, the account a person's seat is offered to (or ``None``).
            daily: the day of a daily challenge's attempt (of the creator's account).
            seed: the game's seed (a daily challenge's: the day's); ``None``: a fresh one.
            game_id: the game's id (:func:`new_game_id`, one a limit counted already);
                ``None``: a fresh one.

        Raises:
            AttemptTaken: for a daily challenge's attempt the creator has started already.
            GameError: 422 if two seats' names are the same (a name typed for another seat
                being the creator's account's).
        """
        game_name = game_name or default_game()
        seats: list[Seat] = []
        tokens: list[str | None] = []
        invites: list[str | None] = []
        for index in range(game(game_name).num_players(config)):
            bot = bots[index]
            if bot is None and not any(s.kind == "human" for s in seats):
                # The creator's own seat: its token now.
                token = secrets.token_urlsafe(24)
                seat = Seat(index, "human", None, names[index], hash_token(token), True)
                if creator is not None:
                    seat = replace(seat, name=creator.name, account=creator.id)
                seats.append(seat)
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
                        offered=offers[index] if offers else None,
                    )
                )
                tokens.append(None)
                invites.append(invite)
            else:
                seats.append(Seat(index, "bot", bot, names[index], None, claimed=True))
                tokens.append(None)
                invites.append(None)
        check_distinct([s.name for s in seats])
        room = await self._open(config, seats, game_name, turn_seconds, hints, daily, seed, game_id)
        return room, tokens, invites

    async def _open(
        self,
        config: Any,
        seats: list[Seat],
        game_name: str,
        turn_seconds: int | None,
        hints: bool,
        daily: str | None = None,
        seed: int | None = None,
        game_id: str | None = None,
    ) -> Room:
        """Store a new game of ``seats`` with a fresh id and seed (``seed``: a daily
        challenge's, the same for every attempt of the day; ``game_id``: an id made before),
        and set its bots moving."""
        game_id = new_game_id() if game_id is None else game_id
        seed = secrets.randbits(62) if seed is None else seed
        created = await self._write(
            self.store.create_game,
            game_id,
            config.to_json(),
            seed,
            [s.to_store() for s in seats],
            "open",
            game_name,
            turn_seconds,
            hints,
            daily,
        )
        room = Room(game_id, config, seed, seats, created, game_name)
        room.account_key = self.account_key
        room.turn_seconds = turn_seconds
        room.hints = hints
        room.daily = daily
        room.turn_started = created
        if room.status != "open":
            await self._write(
                self.store.update_seats,
                game_id,
                [s.to_store() for s in seats],
                room.status,
                room.version,
            )
            room.version += 1
        self._remember(room)
        self.wake_bots(room)
        return room

    async def rematch(self, room: Room, seat: int, game_id: str | None = None) -> Room:
        """The game played again (same options and seats, a new seed), made at the first
        player's request (with the id ``game_id``, when given). Each person's seat in it is
        taken with their token of this game (their invite carried over); a seat nobody took
        here is open to the lobby there.

        Raises:
            GameError: 403 for a spectator, 409 while the game is not over.
        """
        if seat < 0:
            raise GameError(403, msg("web.rematch_not_a_player"))
        async with room.lock:
            if not room.state.is_over:
                raise GameError(409, msg("web.not_over"))
            if room.rematch is None:
                seats = [
                    Seat(s.seat, "bot", s.bot, s.name, None, claimed=True)
                    if s.kind == "bot"
                    else Seat(
                        s.seat,
                        "human",
                        None,
                        s.name,
                        invite_hash=s.token_hash,
                        open=s.token_hash is None,
                        account=s.account,
                    )
                    for s in room.seats
                ]
                again = await self._open(
                    room.config,
                    seats,
                    room.game.name,
                    room.turn_seconds,
                    room.hints,
                    game_id=game_id,
                )
                try:
                    await self._write(self.store.set_rematch, room.id, again.id, room.version)
                except StaleGame:
                    # Another process noted a rematch first: that one is the rematch (the
                    # game made here is never played).
                    await self.in_step.catch_up(room)
                else:
                    room.rematch = again.id
                    room.version += 1
                    self._announce(room)
            rematch = room.rematch
        if rematch is None:  # pragma: no cover - the other process's change had no rematch
            raise GameError(409, msg("web.stale"))
        return await self.get(rematch)

    async def get(self, game_id: str, *, fresh: bool = True) -> Room:
        """Return a room, reading it back from the database if it is not in memory. On a
        database shared with other processes, the room is first brought in step with it
        (unless ``fresh`` is false: acting checks that itself, at the write).

        Raises:
            GameError: 404 if there is no such game, 409 if its stored actions no longer
                replay.
        """
        room = self.rooms.get(game_id)
        if room is not None:
            room.touched = time.monotonic()
            if fresh and self.store.shared:
                await self.in_step.refresh(room)
            self.wake_bots(room)  # in case a bot stopped on an error: any visit restarts it
            return room
        if not _GAME_ID.fullmatch(game_id):
            raise GameError(404, msg("web.no_such_game"))
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            stored = await self._read(self.store.load, game_id)
            if stored is None:
                raise GameError(404, msg("web.no_such_game"))
            if stored.status == EXPIRED:
                raise GameError(410, msg("web.expired"))
            room = self._restore(stored)
            self._remember(room)
        self.wake_bots(room)
        return room

    def _restore(self, stored: Any) -> Room:
        entry = game(stored.game)
        config = entry.config_from_json(stored.config)
        seats = [Seat(**s) for s in stored.seats]
        room = Room(stored.id, config, stored.seed, seats, stored.created, stored.game)
        room.account_key = self.account_key
        room.rematch = stored.rematch
        room.turn_seconds = stored.turn_seconds
        room.turn_started = stored.last_action or stored.created
        room.timed_out = list(stored.auto)
        room.hints = stored.hints
        room.daily = stored.daily
        room.hinted = list(stored.hinted)
        room.version = stored.version
        data = {
            "format": 2,
            "game": stored.game,
            "config": stored.config,
            "seed": stored.seed,
            "actions": stored.actions,
        }
        try:
            room.state = entry.read_record(data).replay()
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

    async def expire(self, now: float | None = None) -> list[str]:
        """Mark the unfinished games nobody plays any more expired (:mod:`~sagrada.web.expiry`)
        and forget them; return their ids."""
        now = time.time() if now is None else now
        games = await self._read(self.store.activity, ("open", "running"))
        stale = [g.id for g in games if is_stale(g, now)]
        for game_id in stale:
            room = self.rooms.get(game_id)
            if room is None:
                continue
            async with room.lock:  # no action of it is half-way through
                del self.rooms[game_id]
                for task in (room.bot_task, room.clock_task):
                    if task is not None:
                        task.cancel()
        await self._write(self.store.set_status, stale, EXPIRED)
        return stale

    # -- seats ------------------------------------------------------------------------------

    async def join(
        self,
        room: Room,
        name: str | None,
        invite: str | None = None,
        account: Account | None = None,
    ) -> tuple[int, str]:
        """Give a seat to a newcomer and return its number and a fresh token: the seat of an
        invite code, or without one the seat offered to ``account`` (logged in), else the
        first human seat nobody has claimed. A logged-in newcomer's account plays the seat,
        unless it plays another seat of the game already (then the seat is a guest's; in a
        game that may be rated, refused).

        Raises:
            GameError: 409 for a used invite, a full game, or a second seat of one account in
                a game that may be rated; 403 for an invite of another game; 422 for a
                ``name`` with nothing that shows or that another seat has (409 for the
                account's name, see :mod:`sagrada.web.seat_names`).
        """
        name = None if name is None else clean_name(name)
        digest = hash_token(invite) if invite is not None else None
        async with room.lock:
            playing = account is not None and any(s.account == account.id for s in room.seats)
            if playing and room.rateable:
                raise GameError(409, msg("players.already_seated"))
            order = room.seats
            if account is not None and digest is None:
                # The seat offered to this account first.
                order = sorted(room.seats, key=lambda s: s.offered != account.id)
            for seat in order:
                if seat.kind != "human":
                    continue
                if digest is not None:
                    if seat.invite_hash is None or not hmac.compare_digest(
                        seat.invite_hash, digest
                    ):
                        continue
                    if seat.claimed:
                        raise GameError(409, msg("web.invite_used"))
                elif seat.claimed or not (
                    seat.open or (account is not None and seat.offered == account.id)
                ):
                    continue
                token = secrets.token_urlsafe(24)
                taken = replace(
                    seat, token_hash=hash_token(token), claimed=True, name=name or seat.name
                )
                if account is not None and not playing:
                    taken = replace(taken, name=account.name, account=account.id, offered=None)
                others = (s.name for s in room.seats if s is not seat)
                check_free(taken.name, others, 409 if taken.account is not None else 422)
                if room.state.current_player == seat.seat:
                    # A seat taken on its turn: its person's clock starts now (a seat nobody
                    # has taken has none; Room.clock).
                    room.turn_started = time.time()
                if not await self._replace_seats(room, seat, taken):
                    raise GameError(409, msg("web.stale"))
                self.wake_bots(room)
                return seat.seat, token
        if digest is not None:
            raise GameError(403, msg("web.invite_unknown"))
        if any(s.kind == "human" and not s.claimed for s in room.seats):
            raise GameError(409, msg("web.seats_invited"))
        raise GameError(409, msg("web.game_full"))

    async def offer(self, room: Room, by: int, seat: int, account: Account) -> None:
        """Offer a person's seat nobody has taken to ``account`` (a player's request, ``by``
        their seat): the seat appears in the account's games, and the account takes it by
        joining while logged in.

        Raises:
            GameError: 403 for a spectator, 422 for a seat that is not a free person's seat,
                409 for a seat taken meanwhile.
        """
        if by < 0:
            raise GameError(403, msg("players.offer_not_a_player"))
        async with room.lock:
            if not 0 <= seat < len(room.seats) or room.seats[seat].kind != "human":
                raise GameError(422, msg("players.offer_not_a_guest_seat", n=seat + 1))
            held = room.seats[seat]
            if held.claimed:
                raise GameError(409, msg("players.offer_taken", n=seat + 1))
            if any(s.account == account.id for s in room.seats) and room.rateable:
                raise GameError(409, msg("players.already_seated"))
            if not await self._replace_seats(room, held, replace(held, offered=account.id)):
                raise GameError(409, msg("web.stale"))

    async def adopt(self, room: Room, seat: int, account: Account) -> bool:
        """Let ``account`` play the seat a guest held (its token in this browser): the seat
        joins the account, unless an account plays it already or the account plays another
        seat of the game, or another seat has the account's name. Return whether it joined.

        Raises:
            GameError: 503 if the database cannot be reached.
        """
        async with room.lock:
            held = room.seats[seat]
            if held.account is not None or any(s.account == account.id for s in room.seats):
                return False
            if not is_free(account.name, (s.name for s in room.seats if s is not held)):
                return False
            taken = replace(held, name=account.name, account=account.id, offered=None)
            return await self._replace_seats(room, held, taken)

    async def _replace_seats(self, room: Room, old: Seat, new: Seat) -> bool:
        """Store the room's seats with ``old`` replaced by ``new`` (the room's lock held), and
        announce them; return False, changing nothing but catching up with the database,
        when another process changed the game first.

        Raises:
            GameError: 503 if the database cannot be reached.
        """
        seats = [new if s is old else s for s in room.seats]
        try:
            await self._write(
                self.store.update_seats,
                room.id,
                [s.to_store() for s in seats],
                game_status(room.state, seats),
                room.version,
            )
        except StaleGame:
            await self.in_step.catch_up(room)
            return False
        room.seats = seats
        room.version += 1
        self._announce(room)
        return True

    # -- acting ------------------------------------------------------------------------------

    async def act(
        self,
        room: Room,
        seat: int,
        texts: list[str],
        seq: int | None = None,
        *,
        auto: bool = False,
    ) -> None:
        """Apply actions for a seat: all of them or none; committed before announced.

        Args:
            seq: the number of actions the client had seen when it sent the request; when
                given and the game has another count, the request is stale (or a repeat of
                one already applied) and is refused.
            auto: a bot plays them for a person whose time ran out (the log says so).

        Raises:
            GameError: 409 for a stale request, another seat's turn or a daily challenge's
                game whose day is over, 422 for an illegal action.
        """
        if not texts:
            raise GameError(400, "no action given")
        if daily_challenge.closed(room.daily):
            raise GameError(409, msg("players.daily_closed"))
        async with room.lock:
            for attempt in range(3):
                played = len(room.state.history)
                if seq is not None and seq > played and self.store.shared:
                    await self.in_step.catch_up(room)  # the client saw more than this copy has
                    played = len(room.state.history)
                if seq is not None and seq != played:
                    raise GameError(409, msg("web.stale_request", seen=seq, played=played))
                trial, codes = room.check_actions(seat, texts)
                status = "over" if trial.is_over else room.status
                ending = room.ending(trial, range(played, played + len(codes)) if auto else ())
                try:
                    when = await self._write(
                        self.store.append_actions,
                        room.id,
                        played,
                        [(room.game.action_to_str(code), seat) for code in codes],
                        status,
                        auto,
                        room.version,
                        ending,
                    )
                    break
                except StaleGame:
                    # Another process changed the game since this copy was in step with it:
                    # the actions are checked again on the game as it is now (a request made
                    # after fewer actions than it has is refused above).
                    await self.in_step.catch_up(room)
                    if attempt == 2:
                        raise GameError(409, msg("web.stale")) from None
            first = played
            room.version += 1
            if auto:
                room.timed_out.extend(range(first, first + len(codes)))
            new_turn = turn_key(trial) != turn_key(room.state)
            if new_turn:
                room.turn_started = when  # another turn: its clock starts
            room.state = trial
            room.touched = time.monotonic()
            self._announce(room)
            self.metrics.played(room.game.name, len(codes))
        if new_turn:
            self._tell_turn(room)
        self.wake_bots(room)

    def _tell_turn(self, room: Room) -> None:
        """Tell the account whose turn of a correspondence game began, if nobody watches its
        seat from a page (:mod:`sagrada.players.turn_notices`), in a worker thread."""
        state = room.state
        seat = state.current_player
        if (
            self.notices is None
            or room.turn_seconds is None
            or room.turn_seconds < CORRESPONDENCE_SECONDS
            or state.is_over
            or not 0 <= seat < len(room.seats)
        ):
            return
        account = room.seats[seat].account
        if account is None or any(listener.seat == seat for listener in room.listeners):
            return
        waiting = tuple(
            s.name for s in room.seats if s.kind == "human" and s.seat != seat and s.claimed
        )
        turn = Turn(
            room.id,
            seat,
            len(state.history),
            account,
            room.game.name,
            f"/{room.entry.page.path}/{room.id}",
            waiting,
        )
        task = asyncio.create_task(asyncio.to_thread(self.notices.tell, turn))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    def preview(self, room: Room, seat: int, texts: list[str]) -> dict[str, Any]:
        """The legal actions and provisional view after ``texts``, committing nothing."""
        return room.preview(seat, texts)

    # -- hints ------------------------------------------------------------------------------

    async def hint(self, room: Room, seat: int, address: str) -> dict[str, Any]:
        """The strong bot's best actions now in ``seat``'s place (``{"action", "bot", "top"}``:
        ``action`` is the first of ``top``), in a game whose creator allowed hints, asked from
        the client ``address`` (:mod:`sagrada.web.hinting`: shared per position, queued
        fairly). The action played at this position is marked as hinted, whichever it is (one
        of the suggestions or another: the player has seen the bot's ranking).

        Raises:
            GameError: 403 for a spectator, 409 if hints are off or it is not the seat's turn,
                429 over a bound of the thinking queue or the game's budget of hints.
        """
        if seat < 0:
            raise GameError(403, msg("web.hint_not_a_player"))
        if not room.hints:
            raise GameError(409, msg("web.hints_off"))
        state = room.state
        if state.is_over or state.current_player != seat:
            raise GameError(409, msg("web.hint_not_your_turn"))
        view = room.game.view(state, seat)
        legal = list(state.legal_actions())

        async def work() -> list[RatedAction]:
            return await self.bots.advise(room, view, legal)

        ranked = await self.hints.ranking(room, seat, address, work)
        number = len(state.history)
        async with room.lock:
            if room.state is state and number not in room.hinted:
                await self._write(self.store.add_hint, room.id, number, seat)
                room.hinted.append(number)
                self._announce(room)
        top = [rated_json(room.game, rated) for rated in ranked]
        return {"action": top[0]["action"], "bot": game_bots(room.game.name).hint, "top": top}

    # -- chat -------------------------------------------------------------------------------

    async def chat(self, room: Room) -> list[dict[str, Any]]:
        """The newest messages of the room's chat (:mod:`~sagrada.web.chat`), oldest first."""
        if room.chat is None:
            room.chat = await self._read(self.store.chat, room.id, CHAT_KEEP)
        return room.chat

    async def say(self, room: Room, seat: int, text: str) -> dict[str, Any]:
        """Add a player's message to the room's chat, kept and then sent to every listener.

        Raises:
            GameError: 403 for a spectator, 422 for an empty or long message, 429 too fast.
        """
        if seat < 0:
            raise GameError(403, msg("web.chat_spectator"))
        line = clean_message(text)
        if not self._chat_limit.allow(f"{room.id}:{seat}"):
            raise GameError(429, msg("web.chat_too_fast"))
        messages = await self.chat(room)
        async with room.lock:
            name = room.seats[seat].name
            seq, created = await self._write(self.store.add_chat, room.id, seat, name, line)
            message = {"seq": seq, "seat": seat, "name": name, "text": line, "created": created}
            messages.append(message)
            del messages[:-CHAT_KEEP]
            send_all(room.listeners, {"type": "chat", "message": message})
        return message

    # -- announcing and bots ----------------------------------------------------------------

    def _announce(self, room: Room) -> None:
        announce(room.listeners, len(room.state.history), room.view_parts)

    def subscribe(self, room: Room, seat: int) -> Listener:
        """Watch a room as ``seat`` (-1: a spectator): its view now and after every change."""
        return subscribe(room.listeners, seat, len(room.state.history), room.view_parts(seat))

    def greet(self, room: Room, listener: Listener, seat: int, since: int | None = None) -> None:
        """Make a spectator's ``listener`` watch as ``seat`` (a WebSocket's hello), its client
        holding the first ``since`` entries of the seat's log (``None``: none)."""
        greet(listener, seat, len(room.state.history), room.view_parts(seat), since)

    def unsubscribe(self, room: Room, listener: Listener) -> None:
        room.listeners.discard(listener)

    def wake_bots(self, room: Room) -> None:
        """Start the room's bot loop if a bot is to move and none is running."""
        self.bots.wake(room)

    async def _write(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run a database write on the writer thread and wait for it.

        Raises:
            GameError: 503 if the database cannot be reached (nothing was written).
        """
        try:
            return await asyncio.get_running_loop().run_in_executor(self._writer, function, *args)
        except DATABASE_DOWN as exc:
            self.metrics.database_error()
            raise database_down(exc) from None

    async def _read(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run a database read in a thread and wait for it.

        Raises:
            GameError: 503 if the database cannot be reached.
        """
        try:
            return await asyncio.to_thread(function, *args)
        except DATABASE_DOWN as exc:
            self.metrics.database_error()
            raise database_down(exc) from None

    async def close(self) -> None:
        """Stop the bots and the database writer."""
        await self.bots.close(list(self.rooms.values()))
        self._writer.shutdown(wait=True)


__all__ = ["GameError", "GameManager", "Listener", "Room", "Seat", "hash_token"]
