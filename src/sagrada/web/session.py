"""A game in play on the server: its state, its seats and tokens, and checking actions.

A :class:`Room` is the only writer of its game. An action is checked on a copy of the state
(:meth:`Room.check_actions`); the manager (:mod:`sagrada.web.rooms`) writes it to the database
and only then makes the copy the room's state, so a refused action or a failed write changes
nothing.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
import time
from dataclasses import asdict, dataclass
from typing import Any

from sagrada.core.errors import IllegalActionError, InvalidNotationError
from sagrada.core.messages import Message, msg
from sagrada.entry import GameState, Player, Record
from sagrada.players.ratings import abandoned_seats, turns_of
from sagrada.players.results import Ending, ending_of, rateable_mode, rated_mode
from sagrada.registry import default_game, entry, make_player
from sagrada.search.plans import PlanFollower
from sagrada.web.fanout import Listener
from sagrada.web.history import LogPart, RoomLog, view_without_log
from sagrada.web.plain_text import one_line


class GameError(Exception):
    """A request the game refuses: carries the HTTP status and the reason, as English text
    and, for a reason a person may read in a page, as a message of the catalogue.

    Args:
        status: the HTTP status.
        detail: the reason: a message (its English text is the ``detail``), or plain English
            for a mistake only a program makes.
        message: the engine's message for the reason, when ``detail`` is text.
    """

    def __init__(self, status: int, detail: str | Message, message: Message | None = None) -> None:
        if isinstance(detail, Message):
            message = detail
        super().__init__(str(detail))
        self.status = status
        self.detail = str(detail)
        self.message = message

    def body(self) -> dict[str, Any]:
        """The JSON answer: ``detail`` (English), and ``message`` if the engine gave one."""
        out: dict[str, Any] = {"detail": self.detail}
        if self.message is not None:
            out["message"] = self.message.to_json()
        return out


def hash_token(token: str) -> str:
    """Return the stored form of a seat token (tokens themselves are never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def account_token(key: bytes, game_id: str, seat: int, account: int) -> str:
    """The token of a seat an account plays, on any device where it is logged in: made from
    the server's key (never stored, the same each time), so the account's games can hand it
    to each of its browsers (``GET /api/me/games``) while a guest's token of the seat goes on
    working."""
    digest = hmac.new(key, f"{game_id}:{seat}:{account}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:32]


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
    #: The account that plays the seat (its id: the seat's name is then the account's), and
    #: the account the seat is offered to until someone takes it (docs/players.md).
    account: int | None = None
    offered: int | None = None

    def __post_init__(self) -> None:
        # Names are cleaned where a request gives them (sagrada.web.seat_names); this keeps a
        # name an older version stored (a NUL, a line break) from reaching the chat's table.
        self.name = one_line(self.name)

    def to_store(self) -> dict[str, Any]:
        """Every field, as the database keeps the seat."""
        return asdict(self)

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "claimed": self.claimed,
            "open": self.kind == "human" and self.open and not self.claimed,
            # Whether an account plays it: its name is then the account's (a profile).
            "account": self.account is not None,
        }


def game_status(state: GameState, seats: list[Seat]) -> str:
    """A game's status for the lobby: ``over``, ``open`` (a seat is free for anyone), or
    ``running``."""
    if state.is_over:
        return "over"
    if any(s.kind == "human" and s.open and not s.claimed for s in seats):
        return "open"
    return "running"


def turn_key(state: GameState) -> tuple[int, int, int]:
    """Which turn a game is in (both games count rounds and turns): a new key, a new turn."""
    return (state.round, state.turn, state.current_player)


class Room:
    """A game in play."""

    def __init__(
        self,
        game_id: str,
        config: Any,
        seed: int,
        seats: list[Seat],
        created: float,
        game_name: str | None = None,
    ) -> None:
        self.id = game_id
        self.entry = entry(game_name or default_game())
        self.game = self.entry.game
        self.config = config
        self.seed = seed
        self.seats = seats
        self.created = created
        self.state: GameState = self.game.new_state(config, seed)
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        #: Each seat's log, built once per action (:mod:`sagrada.web.history`).
        self.log = RoomLog()
        #: The state the seats' game views in :attr:`_views` were made of, and those views by
        #: seat: the game's view object and its JSON without the log, made once per state
        #: (a state is never changed in place: an action makes a new one).
        self._viewed: Any = None
        self._views: dict[int, tuple[Any, dict[str, Any]]] = {}
        # Bots get seeds of their own: nothing in a bot may be derived from the game's seed.
        self.bots: dict[int, Player] = {
            s.seat: make_player(self.game.name, s.bot, secrets.randbits(62))
            for s in seats
            if s.bot is not None
        }
        self.bot_task: asyncio.Task[None] | None = None
        #: The plan each searching bot seat is playing, by seat (:mod:`sagrada.web.botrunner`;
        #: the server's own: no client sees it).
        self.plans: dict[int, PlanFollower] = {}
        self.touched = time.monotonic()
        #: The id of the game playing this one again, once a player asked for it.
        self.rematch: str | None = None
        #: The newest messages of the game's chat, once read from the database.
        self.chat: list[dict[str, Any]] | None = None
        #: Seconds a person has for a turn (``None``: no limit), when the turn of the seat to
        #: move began (seconds since the epoch), and the actions (by number) a bot played for
        #: a person whose time ran out.
        self.turn_seconds: int | None = None
        self.turn_started = time.time()
        self.timed_out: list[int] = []
        self.clock_task: asyncio.Task[None] | None = None
        self.clock_key: tuple[int, int, int] | None = None
        #: Whether players may ask what the strong bot would do, and the actions (by number)
        #: they asked it for.
        self.hints = False
        self.hinted: list[int] = []
        #: The ranking of the latest position a hint was asked for, being worked out or kept
        #: until the game moves on (:class:`sagrada.web.hinting.PositionHint`).
        self.hint: Any = None
        #: The game's version in the database when this copy was last in step with it
        #: (:mod:`sagrada.web.store`: processes sharing a database compare versions).
        self.version = 0
        #: The day of a daily challenge's attempt (``None``: not one).
        self.daily: str | None = None
        #: The server's key of accounts' seat tokens (:func:`account_token`; empty: none).
        self.account_key = b""
        #: What the summary says of the configuration, which never changes: made once (its
        #: dicts are shared by every summary, so never changed by their readers).
        self._players = self.game.num_players(config)
        self._config_summary: dict[str, Any] = {
            **self.entry.summary(config),
            "config": config.to_json(),
        }

    # -- reading ---------------------------------------------------------------------------

    @property
    def status(self) -> str:
        return game_status(self.state, self.seats)

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.name,
            "players": self._players,
            "status": self.status,
            "round": min(state.round + 1, self.entry.rounds),
            "phase": state.phase_name,
            "created": self.created,
            "actions": len(state.history),
            "seats": [s.public() for s in self.seats],
            "winners": list(self.game.outcome(state).winners) if state.is_over else None,
            **self._config_summary,
            "rematch": self.rematch,
            "turn_seconds": self.turn_seconds,
            "hints": self.hints,
            # Whether the game is rated (docs/players.md): once every person's seat is an
            # account's, the rating mode it counts in.
            "rated": rated_mode(
                self.entry,
                len(self.seats),
                [(s.bot, s.account) for s in self.seats],
                self.hints,
                self.turn_seconds,
            ),
            # The mode it is rated in once every person's seat is an account's.
            "rateable": rateable_mode(
                self.entry,
                len(self.seats),
                [s.bot for s in self.seats],
                self.hints,
                self.turn_seconds,
            ),
            "daily": self.daily,
        }

    @property
    def rateable(self) -> bool:
        """Whether the game may be rated once every person's seat is an account's: more than
        one player, hints off, a time limit for a turn (:mod:`sagrada.players.results`)."""
        players = self.game.num_players(self.config)
        return players > 1 and not self.hints and self.turn_seconds is not None

    def ending(self, trial: Any, timed_out: range | tuple[int, ...]) -> Ending | None:
        """What the game's end means for the accounts in it, if the state ``trial`` is over
        (``timed_out``: the numbers of its newest actions, if a bot played them for a person
        out of time); else ``None``."""
        if not trial.is_over:
            return None
        auto = {*self.timed_out, *timed_out}
        turns = turns_of(self.game.new_state(self.config, self.seed), trial.history, auto)
        people = {s.seat for s in self.seats if s.kind == "human"}
        return ending_of(
            self.entry,
            self.id,
            self.config,
            self.game.outcome(trial),
            [(s.bot, s.account) for s in self.seats],
            abandoned_seats(turns) & people,
            hints=self.hints,
            turn_seconds=self.turn_seconds,
            daily=self.daily,
        )

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
        for seat in self.seats:
            if (
                seat.account is not None
                and self.account_key
                and hmac.compare_digest(
                    hash_token(account_token(self.account_key, self.id, seat.seat, seat.account)),
                    digest,
                )
            ):
                return seat.seat
        raise GameError(403, msg("web.not_a_seat"))

    def token_of_account(self, seat: int) -> str | None:
        """The account token of ``seat`` (:func:`account_token`), if an account plays it."""
        account = self.seats[seat].account
        if account is None or not self.account_key:
            return None
        return account_token(self.account_key, self.id, seat, account)

    def view(self, seat: int, since: int | None = None) -> dict[str, Any]:
        """What ``seat`` (-1: a spectator) may know of the game, with the table's fields, for
        a client that holds the first ``since`` entries of the seat's log (``None``: none;
        :mod:`sagrada.web.history`)."""
        data, log = self.view_parts(seat)
        data.update(log.fields(since))
        return data

    def view_parts(self, seat: int) -> tuple[dict[str, Any], LogPart]:
        """The view of ``seat`` without its log, and its log as it stands (kept on the room,
        extended with the actions applied since the last view)."""
        view, game_data = self.game_view(seat)
        data = {**game_data, "game": self.summary(), "seat": seat, "clock": self.clock()}
        log = self.log.part(seat, view, self.state.history, self.timed_out, self.hinted)
        return data, log

    def game_view(self, seat: int) -> tuple[Any, dict[str, Any]]:
        """The game's view of the current state for ``seat`` and its JSON without the log,
        made once per state and seat: an action's answer, the views its sockets are sent and
        the views asked for until the next action share them (the JSON is never changed by
        its readers)."""
        if self._viewed is not self.state:
            self._viewed = self.state
            self._views = {}
        made = self._views.get(seat)
        if made is None:
            view = self.game.view(self.state, seat)
            made = self._views[seat] = (view, view_without_log(view))
        return made

    def table_fields(self, step: int) -> dict[str, Any]:
        """What the table adds to a replay's view after the first ``step`` actions
        (docs/web-api.md, "Views"): no clock, the actions a bot played for a person out of
        time and those a hint was asked for, and ``history_from`` 0 (its log is whole)."""
        return {
            "clock": None,
            "timed_out": [i for i in self.timed_out if i < step],
            "hinted": [i for i in self.hinted if i < step],
            "history_from": 0,
        }

    def clock(self) -> dict[str, Any] | None:
        """The turn's clock, while a person with a time limit is to move: ``{"seat",
        "deadline" (seconds since the epoch), "turn_seconds"}``. A person's seat nobody has
        taken has none: a turn limit is a person's, so no stand-in plays for an empty seat
        (a game waiting for its people does not play itself); its clock starts when the seat
        is taken."""
        current = self.state.current_player
        if self.turn_seconds is None or current < 0:
            return None
        if self.seats[current].kind != "human" or not self.seats[current].claimed:
            return None
        deadline = self.turn_started + self.turn_seconds
        return {"seat": current, "deadline": deadline, "turn_seconds": self.turn_seconds}

    def record(self) -> Record:
        return self.game.record_of(self.state, self.seed)

    # -- acting ----------------------------------------------------------------------------

    def check_actions(self, seat: int, texts: list[str]) -> tuple[Any, list[int]]:
        """Apply ``texts`` for ``seat`` on a copy of the state and return it with the codes.

        Raises:
            GameError: 409 if it is not the seat's turn, 422 if an action is malformed or
                illegal (naming the action and the rule).
        """
        if self.state.is_over:
            raise GameError(409, msg("web.game_over"))
        trial = self._trial(seat)
        codes = []
        last = len(texts) - 1
        for index, text in enumerate(texts):
            code = self._step(trial, seat, index, text)
            try:
                # Only an action with more after it needs asking: the last may roll freely.
                chance = index != last and trial.is_chance(code)
                trial.apply(code)
            except IllegalActionError as exc:
                prefix = f"action {index + 1}: " if len(texts) > 1 else ""
                raise GameError(422, f"{prefix}{exc}", exc.message) from None
            codes.append(code)
            if chance:
                # Dice were rolled or drawn: nothing after this step may be tried, or the
                # answer (legal or not, and why) would tell the result before it is committed.
                raise GameError(
                    422,
                    f"action {index + 1} ({text!r}) rolls or draws dice: "
                    "send it last, and the actions after it in a new request",
                )
        return trial, codes

    def _trial(self, seat: int) -> Any:
        """A copy of the state to try actions on, if it is ``seat``'s turn.

        Raises:
            GameError: 409 if it is not.
        """
        current = self.state.current_player
        if current != seat:
            if not 0 <= current < len(self.seats):
                raise GameError(409, msg("web.game_over"))
            raise GameError(409, msg("web.not_your_turn", name=self.seats[current].name))
        return self.state.clone()

    def _step(self, trial: Any, seat: int, index: int, text: str) -> int:
        """The action ``text`` (the ``index``-th of a request), still in ``seat``'s turn.

        Raises:
            GameError: 422 if the turn ended before it or the text is not an action.
        """
        if trial.current_player != seat:
            raise GameError(422, msg("web.turn_ended", n=index + 1))
        try:
            return self.game.parse_action(text)
        except InvalidNotationError as exc:
            raise GameError(422, str(exc), exc.message) from None

    def preview(self, seat: int, texts: list[str]) -> dict[str, Any]:
        """The legal actions after ``texts``, committing nothing (tools step by step).

        The preview stops at an action that rolls or draws dice: its result must not be seen
        before it is committed.
        """
        trial = self._trial(seat)
        for index, text in enumerate(texts):
            code = self._step(trial, seat, index, text)
            try:
                chance = trial.is_chance(code)
            except IllegalActionError as exc:
                raise GameError(422, str(exc), exc.message) from None
            if chance:
                if index != len(texts) - 1:
                    raise GameError(
                        422, f"action {index + 1} ({text!r}) rolls dice: commit it first"
                    )
                return {
                    "legal_actions": [],
                    "decision": "",
                    "decision_message": None,
                    "complete": False,
                    "chance": True,
                }
            trial.apply(code)
        mine = trial.current_player == seat and not trial.is_over
        view = self.game.view(trial, seat).to_json()
        return {
            "legal_actions": view["legal_actions"] if mine else [],
            "actions": view["actions"] if mine else [],
            "decision": view["decision"],
            "decision_message": view["decision_message"],
            # Complete: no tool card is under way (its steps are sent together); a game whose
            # views name no tool in use (one without tools) is always complete.
            "complete": view.get("tool_in_use") is None,
            "chance": False,
            "held_die": view.get("held_die"),
            "view": view,
        }
