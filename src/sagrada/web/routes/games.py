"""The games: create one (``POST /api/games``), the lobby's lists, a game's summary, a seat
claimed (join), a rematch, and a finished game's record and replay (docs/web-api.md)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sagrada.core.messages import DEFAULT_LANGUAGE, msg, render
from sagrada.i18n import languages, negotiate
from sagrada.players import daily
from sagrada.registry import default_game, game_bots
from sagrada.registry import entry as game_entry
from sagrada.web.models import (
    NOT_AN_OBJECT,
    Created,
    Joined,
    JoinRequest,
    Lobby,
    Rematch,
    SeatRequest,
)
from sagrada.web.openapi import errors
from sagrada.web.rooms import GameError, Room, new_game_id
from sagrada.web.routes.accounts import account_of, players_of
from sagrada.web.seat_names import check_distinct, clean_name, distinct
from sagrada.web.server import Server, ServerDep, client_key
from sagrada.web.shared_limits import IN_TOTAL, PER_ADDRESS

#: Games per page of the lobby's lists, and the statuses each list shows.
LOBBY_PAGE: Final = 20
LOBBY_LISTS: Final = {"live": ("open", "running"), "finished": ("over",)}

router = APIRouter()


def seat_language(request: Request, asked: str | None) -> str:
    """The language of a new game's default seat names: ``asked`` (the request's
    ``language``), else the request's ``Accept-Language`` as ``GET /api/messages`` reads it,
    else English.

    Raises:
        GameError: 422 if ``asked`` is a language without a message catalogue.
    """
    if asked is not None:
        if asked not in languages():
            raise GameError(422, f"language: {asked!r} is not one of {', '.join(languages())}")
        return asked
    return negotiate(request.headers.get("accept-language", ""), DEFAULT_LANGUAGE)


def default_names(bots: list[str | None], language: str) -> list[str]:
    """The seats' names when the creator gave none, in ``language``: ``Player 1`` (German
    ``Spieler 1``), a bot's with its bot (``Player 2 (easy bot)``), made distinct."""
    names = []
    for seat, bot in enumerate(bots):
        name = render(msg("web.seat_name", n=seat + 1), language)
        if bot is not None:
            name = render(msg("web.bot_seat_name", name=name, bot=bot), language)
        names.append(name)
    return distinct(names)


@router.post(
    "/api/games",
    status_code=201,
    response_model=Created,
    responses=errors(400, 413, 422, 429, 503),
)
async def create_game(
    server: ServerDep, request: Request, body: Annotated[Any, Body()]
) -> dict[str, Any]:
    """Create a game (``"game"``: a registered game's name; the default game's when left
    out); answer its id and a secret token for each human seat."""
    if not await server.create_limit.allow(client_key(request)):
        raise GameError(429, msg("web.too_many_games"))
    asked = await read_request(server, request, body)
    game_id = new_game_id()
    await count_thinking(server, request, game_id, asked.bots, asked.turn_seconds)
    room, tokens, invites = await server.manager.create(
        asked.config,
        asked.bots,
        asked.names,
        asked.open_seats,
        asked.game,
        asked.turn_seconds,
        asked.hints,
        creator=await account_of(request),
        offers=asked.offers,
        game_id=game_id,
    )
    return {
        "id": room.id,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot, "token": t, "invite": i}
            for s, t, i in zip(room.seats, tokens, invites, strict=True)
        ],
    }


async def count_thinking(
    server: Server,
    request: Request,
    game_id: str,
    bots: Sequence[str | None],
    turn_seconds: int | None,
) -> None:
    """Count the game ``game_id`` about to be made, if its turns cost thinking (a bot seat,
    or a turn limit, for which a stand-in plays), under the limits of such games
    (:class:`~sagrada.web.shared_limits.ThinkingGames`).

    Raises:
        GameError: 429 over a limit (the reason says which; nothing is counted).
    """
    if all(bot is None for bot in bots) and turn_seconds is None:
        return
    thinking = server.thinking
    refused = await thinking.allow(
        game_id, client_key(request), all(bot is not None for bot in bots)
    )
    if refused == PER_ADDRESS:
        raise GameError(429, msg("web.thinking_games_per_address", n=thinking.per_address))
    if refused == IN_TOTAL:
        raise GameError(429, msg("web.thinking_games_in_total"))
    if refused is not None:
        raise GameError(429, msg("web.bot_only_games", n=thinking.bot_only))


@dataclass(frozen=True, slots=True)
class GameRequest:
    """A create request, checked: what :meth:`GameManager.create` takes."""

    game: str
    config: Any
    bots: list[str | None]
    names: list[str]
    open_seats: bool
    turn_seconds: int | None
    hints: bool
    offers: list[int | None] | None


async def read_request(server: ServerDep, request: Request, body: Any) -> GameRequest:
    """Check a create request (``POST /api/games``'s body, or a daily game's).

    Raises:
        GameError: 400 for a body that is not an object, 422 for a wrong field (the reason
            says which).
    """
    if not isinstance(body, dict):
        raise GameError(400, NOT_AN_OBJECT)
    name = body.get("game", default_game())
    if not isinstance(name, str) or name not in server.models:
        raise GameError(422, f"game: {name!r} is not a game ({' or '.join(server.models)})")
    try:
        data: dict[str, Any] = server.models[name].model_validate(body).model_dump()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "body"
        raise GameError(422, f"{where}: {first['msg']}") from None
    chosen = game_entry(name).game
    options = {spec.name: data[spec.name] for spec in chosen.options()}
    config = chosen.config_from_json(options)
    players = chosen.num_players(config)
    bots: list[str | None] = list(data["bots"]) if data["bots"] is not None else [None] * players
    if len(bots) != players:
        raise GameError(422, f"bots: give one entry per seat ({players}), null for a person")
    known = game_bots(name).names
    for bot in bots:
        if bot is not None and bot not in known:
            raise GameError(422, f"bots: {bot!r} is not a bot (use {', '.join(known)})")
    named = data["names"] is not None
    if named:
        names = [clean_name(name) for name in data["names"]]
        if len(names) != players:
            raise GameError(422, f"names: give one name per seat ({players})")
        check_distinct(names)
    else:
        names = default_names(bots, seat_language(request, data["language"]))
    offers = await offered_accounts(request, data.get("offers"), bots)
    chosen.new_state(config, 0)  # refuses impossible card deals before anything is stored
    return GameRequest(
        name,
        config,
        bots,
        names,
        data["open_seats"],
        data.get("turn_seconds"),
        data.get("hints", False),
        offers,
    )


async def offered_accounts(
    request: Request, names: list[str | None] | None, bots: list[str | None]
) -> list[int | None] | None:
    """The accounts the request offers seats to, by seat (``offers``: account names).

    Raises:
        GameError: 422 for an offer of a bot's seat or of the creator's, or of a name that is
            no account's.
    """
    if names is None:
        return None
    if len(names) != len(bots):
        raise GameError(422, f"offers: give one entry per seat ({len(bots)}), null for none")
    creator = bots.index(None) if None in bots else -1
    accounts = players_of(request).accounts
    offers: list[int | None] = []
    for seat, name in enumerate(names):
        if name is None:
            offers.append(None)
            continue
        if bots[seat] is not None or seat == creator:
            raise GameError(422, msg("players.offer_not_a_guest_seat", n=seat + 1))
        found = await asyncio.to_thread(accounts.find, name)
        if found is None:
            raise GameError(422, msg("players.no_such_account", name=name))
        offers.append(found.id)
    return offers


@router.get("/api/games", response_model=Lobby, responses=errors(422, 503))
async def list_games(
    server: ServerDep,
    shown: Annotated[Literal["live", "finished"], Query(alias="list")] = "live",
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
) -> dict[str, Any]:
    """The lobby, a page at a time, newest first: the open and running games (``live``)
    or the finished ones (``finished``, to replay)."""
    statuses = LOBBY_LISTS[shown]
    # A daily challenge's attempts are not the lobby's: each is one account's.
    total = await asyncio.to_thread(server.store.count_games, statuses, daily=False)
    offset = (page - 1) * LOBBY_PAGE
    ids = await asyncio.to_thread(server.store.game_ids, statuses, LOBBY_PAGE, offset, daily=False)
    games = []
    for game_id in ids:
        with contextlib.suppress(GameError):
            games.append((await server.manager.get(game_id)).summary())
    pages = max(1, -(-total // LOBBY_PAGE))
    return {"list": shown, "games": games, "page": page, "pages": pages, "total": total}


@router.get("/api/games/{game_id}", responses=errors(404, 410, 503))
async def game_summary(server: ServerDep, game_id: str) -> dict[str, Any]:
    """One game's summary."""
    return (await server.manager.get(game_id)).summary()


@router.post(
    "/api/games/{game_id}/join",
    response_model=Joined,
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def join(
    server: ServerDep, game_id: str, request: Request, body: JoinRequest | None = None
) -> dict[str, Any]:
    """Claim the first free human seat."""
    if not await server.create_limit.allow("join:" + client_key(request)):
        raise GameError(429, msg("web.too_many_requests"))
    room = await server.manager.get(game_id)
    name = body.name if body else None
    account = await account_of(request)
    seat, token = await server.manager.join(room, name, body.invite if body else None, account)
    return {"seat": seat, "token": token}


class OfferRequest(BaseModel):
    """A player offers a free person's seat to an account, by its name."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Annotated[str, Field(min_length=1, max_length=64)]
    seat: Annotated[int, Field(ge=0, le=16)]
    name: Annotated[str, Field(min_length=1, max_length=64)]


@router.post(
    "/api/games/{game_id}/offers",
    status_code=204,
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def offer_seat(
    server: ServerDep, request: Request, game_id: str, body: OfferRequest
) -> Response:
    """Offer a free person's seat of the game to an account (players only): the invitation
    appears in that account's games."""
    if not await server.create_limit.allow("offer:" + client_key(request)):
        raise GameError(429, msg("web.too_many_requests"))
    room, by = await server.room_and_seat(game_id, body.token)
    found = await asyncio.to_thread(players_of(request).accounts.find, body.name)
    if found is None:
        raise GameError(422, msg("players.no_such_account", name=body.name))
    await server.manager.offer(room, by, body.seat, found)
    return Response(status_code=204)


@router.post(
    "/api/games/{game_id}/rematch",
    response_model=Rematch,
    responses=errors(400, 403, 404, 409, 410, 413, 422, 429, 503),
)
async def rematch(
    server: ServerDep, request: Request, game_id: str, body: SeatRequest
) -> dict[str, Any]:
    """Play a finished game again: the same options and seats, a new seed. The first
    player to ask makes it (counted as theirs under the limits of games whose turns cost
    thinking); each player gets their own seat in it with their token."""
    room, seat = await server.room_and_seat(game_id, body.token)
    made = None
    if room.rematch is None and seat >= 0 and room.state.is_over:
        made = new_game_id()
        bots = [s.bot for s in room.seats]
        await count_thinking(server, request, made, bots, room.turn_seconds)
    again = await server.manager.rematch(room, seat, made)
    taken, token = await server.manager.join(again, None, body.token)
    return {"id": again.id, "game": again.game.name, "seat": taken, "token": token}


@router.get("/api/games/{game_id}/record", responses=errors(404, 409, 410, 503))
async def record(server: ServerDep, game_id: str) -> dict[str, Any]:
    """The record of a finished game (of a daily challenge's, once its day is over, finished
    or not)."""
    room = await server.manager.get(game_id)
    replayable(room)
    return room.record().to_json()


@router.get("/api/games/{game_id}/replay/{step}", responses=errors(404, 409, 410, 422, 503))
async def replay(server: ServerDep, game_id: str, step: int) -> JSONResponse:
    """The spectator view after the first ``step`` actions of a finished game (of a daily
    challenge's, once its day is over)."""
    room = await server.manager.get(game_id)
    replayable(room)
    history = room.state.history
    if not 0 <= step <= len(history):
        raise GameError(404, f"step must be 0-{len(history)}")
    data = room.game.view(room.record().replay(upto=step), -1).to_json()
    data["game"] = room.summary()
    data["seat"] = -1
    data.update(room.table_fields(step))
    data["step"] = step
    data["steps"] = len(history)
    return JSONResponse(data)


def replayable(room: Room) -> None:
    """Check that ``room``'s record may be read: the game is over and, for a daily
    challenge's attempt, so is its day (until then its seed is the day's secret; after it,
    an attempt left unfinished is closed, and its record is a replay too).

    Raises:
        GameError: 409 if not.
    """
    if not room.state.is_over and not daily.closed(room.daily):
        raise GameError(409, msg("web.not_over"))
    if daily.sealed(room.daily):
        raise GameError(409, msg("players.daily_sealed"))
