"""The daily challenge (docs/players.md, "The daily challenge"): the day's games and this
account's attempts (``GET /api/daily``), and starting an attempt (``POST /api/daily/{game}``).

Each game with a solo ladder has a daily game, the same for everyone on a UTC day; an account
has one attempt of each a day. Until the day is over, an attempt has no spectators and no
record (:mod:`sagrada.web.routes.games`, :mod:`sagrada.web.routes.play`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from sagrada.core.messages import msg
from sagrada.players import daily
from sagrada.players.accounts import Account
from sagrada.players.daily import Attempt, AttemptTaken, daily_entries, daily_entry, daily_seed
from sagrada.players.leaderboards import DAILY, ladders
from sagrada.players.refusal import Refusal
from sagrada.web.openapi import errors
from sagrada.web.rooms import GameError, Room
from sagrada.web.routes.accounts import AccountDep, SessionDep, players_of
from sagrada.web.routes.games import read_request
from sagrada.web.server import Server, ServerDep

router = APIRouter()


@router.get("/api/daily", responses=errors(503))
async def daily_challenge(
    server: ServerDep, request: Request, account: AccountDep
) -> dict[str, Any]:
    """The day (UTC), when it ends, this account's daily streak (``null`` for a guest) and the
    day's games: each one's game, title, list label, ladder and level, how many accounts
    started it, its board, and this account's attempt (``null``: none yet)."""
    players = players_of(request)
    day = daily.today()
    games = []
    for entry in daily_entries():
        assert entry.ladder is not None
        asked = await read_request(server, request, {"game": entry.name, **entry.ladder.daily})
        level = entry.ladder.level(asked.config, len(asked.bots))
        ladder = None if level is None else ladders()[entry.ladder.name(level)]
        attempts = await asyncio.to_thread(players.daily.attempts, day, entry.name)
        mine = None
        if account is not None:
            found = await asyncio.to_thread(players.daily.attempt, day, entry.name, account.id)
            mine = None if found is None else await attempt_json(server, found, account)
        games.append(
            {
                "game": entry.name,
                "title": entry.game.title,
                "list_label": entry.page.list_label,
                "ladder": None if ladder is None else ladder.name,
                "label": None if ladder is None else ladder.label.to_json(),
                "level": level,
                "attempts": attempts,
                "board": f"/api/leaderboard?mode={DAILY}&game={entry.name}",
                "mine": mine,
            }
        )
    streak = None
    if account is not None:
        streak = (await asyncio.to_thread(players.daily.streak, account.id, day)).to_json()
    return {"day": day, "ends": daily.day_end(day), "streak": streak, "games": games}


@router.post(
    "/api/daily/{game}",
    status_code=201,
    responses={
        200: {"description": "The attempt started before"},
        **errors(401, 403, 404, 409, 503),
    },
)
async def attempt(
    server: ServerDep, request: Request, response: Response, session: SessionDep, game: str
) -> dict[str, Any]:
    """Start this account's attempt of the day's game of ``game`` (201), or, while it is
    unfinished, answer the one started before (200): its game's ``id``, the account's
    ``seat`` and the seat's ``token``. One attempt per account, game and day: once it is
    finished (or expired), 409."""
    account = session[0]
    entry = daily_entry(game)
    if entry is None or entry.ladder is None:
        raise Refusal(404, msg("players.no_daily_game", name=game[:32]))
    players = players_of(request)
    day = daily.today()
    found = await asyncio.to_thread(players.daily.attempt, day, entry.name, account.id)
    if found is not None:
        response.status_code = 200
        return await resumed(server, found, account)
    asked = await read_request(server, request, {"game": entry.name, **entry.ladder.daily})
    try:
        room, _tokens, _invites = await server.manager.create(
            asked.config,
            asked.bots,
            asked.names,
            False,
            entry.name,
            asked.turn_seconds,
            asked.hints,
            creator=account,
            daily=day,
            seed=daily_seed(players.daily_secret, entry.name, day),
        )
    except AttemptTaken:
        # Another request of the account started it a moment ago: that one is the attempt.
        found = await asyncio.to_thread(players.daily.attempt, day, entry.name, account.id)
        if found is None:  # pragma: no cover - the attempt is written before it is refused
            raise
        response.status_code = 200
        return await resumed(server, found, account)
    seat = account_seat(room, account)
    return {"id": room.id, "seat": seat, "token": room.token_of_account(seat)}


async def resumed(server: Server, found: Attempt, account: Account) -> dict[str, Any]:
    """The answer naming an attempt started before, while it is unfinished.

    Raises:
        Refusal: 409 once it is finished or expired.
    """
    try:
        room = await server.manager.get(found.game_id)
    except GameError as exc:
        if exc.status != 410:
            raise
        room = None
    if room is None or room.state.is_over:
        raise Refusal(409, msg("players.daily_done"))
    seat = account_seat(room, account)
    return {"id": room.id, "seat": seat, "token": room.token_of_account(seat)}


def account_seat(room: Room, account: Account) -> int:
    """The seat ``account`` plays in ``room`` (a daily game's creator's)."""
    return next(s.seat for s in room.seats if s.account == account.id)


async def attempt_json(server: Server, found: Attempt, account: Account) -> dict[str, Any]:
    """An account's attempt as ``GET /api/daily`` shows it to the account: its game ``id``,
    ``seat``, ``status`` (``running``, ``over`` or ``expired``), ``score``, ``points``,
    ``target`` and ``finished`` once it is finished, and its seat's ``token`` while it is
    not."""
    try:
        room: Room | None = await server.manager.get(found.game_id)
    except GameError as exc:
        if exc.status != 410:
            raise
        room = None
    status = "expired" if room is None else room.status
    seat = None if room is None else account_seat(room, account)
    token = None
    if room is not None and seat is not None and not room.state.is_over:
        token = room.token_of_account(seat)
    return {
        "id": found.game_id,
        "seat": seat,
        "status": status,
        "score": found.score,
        "points": found.points,
        "target": found.target,
        "started": found.started,
        "finished": found.finished,
        "token": token,
    }
