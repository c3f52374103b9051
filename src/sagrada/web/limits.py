"""Request limits: every limit an operator may set (:class:`Limits`), body size, token buckets
kept in memory for the rates of actions and chat, and the WebSockets open at once (per
address, per game, in total, under the open-files limit).

The limits of new games, seat claims and games whose turns cost thinking are kept in the
database, so that every server process enforces the same numbers
(:mod:`sagrada.web.shared_limits`). Actions and chat lines stay in memory: they are the
server's most frequent requests, a database write for each would cost more than the action
itself, and each game's actions are applied one at a time under its row's lock in any case.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import Field, dataclass, field, fields, replace
from typing import Any, Final

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class RateLimiter:
    """Token buckets by key: ``rate`` per second, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: float, max_keys: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, now: float | None = None) -> bool:
        """Take one token from ``key``'s bucket; return False if it is empty."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        if len(self._buckets) >= self.max_keys and key not in self._buckets:
            self._buckets.clear()  # a flood of keys: forget them all rather than grow
        self._buckets[key] = (tokens - 1, now)
        return True


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with 413."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        received = 0
        too_large = False

        async def limited() -> Message:
            nonlocal received, too_large
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    too_large = True
                    return {"type": "http.disconnect"}
            return message

        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if too_large and not started:
                return
            started = True
            await send(message)

        await self.app(scope, limited, tracking_send)
        if too_large and not started:
            await _too_large(send, self.limit)


async def _too_large(send: Send, limit: int) -> None:
    body = f'{{"detail": "the request body is larger than {limit} bytes"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


#: Open WebSockets one client address may hold at once (``client_key``; per server process).
SOCKETS_PER_ADDRESS: Final = 16
#: Open WebSockets of one game at once, its players' and spectators' together.
SOCKETS_PER_GAME: Final = 64
#: Open WebSockets of one server process at most, where its open-files limit allows as many.
SOCKETS_IN_TOTAL: Final = 4096
#: Open files kept from WebSockets: the database's connections, HTTP requests, the pages' files.
FILES_KEPT: Final = 256


#: Unfinished games whose turns cost thinking (a bot seat, or a turn limit: a stand-in plays
#: for a person out of time) that one client address may have created.
THINKING_GAMES_PER_ADDRESS: Final = 24
#: Unfinished games whose turns cost thinking on the whole server (every process together).
THINKING_GAMES_IN_TOTAL: Final = 1000
#: Unfinished games of bots only (no person's seat) on the whole server.
BOT_ONLY_GAMES: Final = 8


def _limit(default: float, meaning: str) -> Any:
    """A field of :class:`Limits`: its default and what it bounds (the option's help)."""
    return field(default=default, metadata={"help": meaning})


@dataclass(frozen=True, slots=True)
class Limits:
    """Every limit an operator may set. Each field is one option of ``sagrada serve`` (its
    name with dashes: ``--games-per-minute``), one variable of the worker processes'
    environment (:data:`sagrada.web.app.LIMIT_ENVIRONMENT`) and one argument of
    :func:`sagrada.web.app.create_app`'s ``limits``; docs/web-api.md ("Limits") names them.

    Raises:
        ValueError: for a limit that is not positive.
    """

    games_per_minute: float = _limit(
        30, "new games (and seat claims, sign-ups) one client address may make per minute"
    )
    sockets_per_address: int = _limit(
        SOCKETS_PER_ADDRESS,
        "WebSockets one client address may hold open at once (shared out among --workers)",
    )
    sockets_per_game: int = _limit(
        SOCKETS_PER_GAME, "WebSockets open on one game at once, per server process"
    )
    sockets_in_total: int = _limit(
        SOCKETS_IN_TOTAL, "WebSockets open at once in all (shared out among --workers)"
    )
    thinking_games_per_address: int = _limit(
        THINKING_GAMES_PER_ADDRESS,
        "unfinished games with a bot seat or a turn limit one client address may have created",
    )
    thinking_games_in_total: int = _limit(
        THINKING_GAMES_IN_TOTAL, "unfinished games with a bot seat or a turn limit in all"
    )
    bot_only_games: int = _limit(BOT_ONLY_GAMES, "unfinished games of bots only in all")

    def __post_init__(self) -> None:
        for limit in fields(self):
            if not getattr(self, limit.name) > 0:
                raise ValueError(f"{option_of(limit)} must be positive")

    @property
    def sockets(self) -> SocketLimits:
        """The WebSockets' limits."""
        return SocketLimits(self.sockets_per_address, self.sockets_per_game, self.sockets_in_total)

    def per_process(self, processes: int) -> Limits:
        """The limits of one of ``processes`` server processes sharing the load: the limits
        kept in the database as they are; the WebSockets per address and in total, which each
        process counts itself, divided among them (at least one each), so that together they
        never pass the limit. A game's sockets are bounded in each process (the limit bounds
        the work of sending one game's views, which each process does for its own)."""
        return replace(
            self,
            sockets_per_address=max(1, self.sockets_per_address // processes),
            sockets_in_total=max(1, self.sockets_in_total // processes),
        )

    @classmethod
    def from_text(cls, values: Mapping[str, str]) -> Limits:
        """The limits whose values ``values`` gives as text, by field name (the defaults for
        the others).

        Raises:
            ValueError: for a value that is not a number of the field's kind, or not positive.
        """
        given: dict[str, Any] = {
            limit.name: limit_type(limit)(values[limit.name])
            for limit in fields(cls)
            if limit.name in values
        }
        return cls(**given)


def limit_type(limit: Field[Any]) -> type[int] | type[float]:
    """The kind of number a field of :class:`Limits` holds."""
    return float if limit.type in ("float", float) else int


def option_of(limit: Field[Any]) -> str:
    """The ``sagrada serve`` option of a field of :class:`Limits`."""
    return "--" + limit.name.replace("_", "-")


@dataclass(frozen=True, slots=True)
class SocketLimits:
    """How many WebSockets may be open at once: per client address, per game, in total."""

    per_address: int = SOCKETS_PER_ADDRESS
    per_game: int = SOCKETS_PER_GAME
    total: int = SOCKETS_IN_TOTAL


class OpenSockets:
    """The WebSockets open now, counted by client address and by game, within ``limits``
    (:meth:`fit_open_files` lowers the total to fit the process's open-files limit)."""

    def __init__(self, limits: SocketLimits) -> None:
        self.limits = limits
        self.total = 0
        self._by_address: dict[str, int] = {}
        self._by_game: dict[str, int] = {}

    def admit(self, address: str, game: str) -> str | None:
        """Count a new socket of ``address`` on ``game``, or, over a limit, count nothing and
        name the limit: ``"address"``, ``"game"`` or ``"total"``."""
        if self.total >= self.limits.total:
            return "total"
        if self._by_address.get(address, 0) >= self.limits.per_address:
            return "address"
        if self._by_game.get(game, 0) >= self.limits.per_game:
            return "game"
        self.total += 1
        self._by_address[address] = self._by_address.get(address, 0) + 1
        self._by_game[game] = self._by_game.get(game, 0) + 1
        return None

    def release(self, address: str, game: str) -> None:
        """Forget a socket :meth:`admit` counted (it closed): its place is free again."""
        self.total -= 1
        for counts, key in ((self._by_address, address), (self._by_game, game)):
            counts[key] -= 1
            if not counts[key]:
                del counts[key]

    def fit_open_files(self) -> int | None:
        """Raise the process's soft limit on open files towards its hard limit, as far as the
        sockets and :data:`FILES_KEPT` need, and lower the total to what fits under it.
        Return the open-files limit (``None`` on a system without one)."""
        try:
            import resource
        except ImportError:  # pragma: no cover - not Unix: no such limit to read
            return None
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = self.limits.total + FILES_KEPT
        if soft != resource.RLIM_INFINITY and soft < wanted:
            raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
                soft = raised
            except (ValueError, OSError):
                pass  # not allowed here (a system's own ceiling): the soft limit stays
        if soft != resource.RLIM_INFINITY:
            self.limits = replace(self.limits, total=sockets_under(soft, self.limits.total))
        return None if soft == resource.RLIM_INFINITY else soft


def sockets_under(open_files: int, wanted: int) -> int:
    """How many of ``wanted`` sockets fit under a limit of ``open_files`` open files, keeping
    :data:`FILES_KEPT` of them (half, under a limit too small for that) for everything else."""
    return max(0, min(wanted, open_files - min(FILES_KEPT, open_files // 2)))
