"""Where players stand, for anyone to read: an account's profile (``GET
/api/players/{name}``) and the leaderboards (``GET /api/leaderboard``) (docs/players.md,
"Profiles" and "Leaderboards"). Nothing private of an account is in either answer."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Annotated, Any, Final

from fastapi import APIRouter, Query, Request

from sagrada.core.messages import msg
from sagrada.players import daily
from sagrada.players.leaderboards import DAILY, board_names, boards, bot_marks, ladders
from sagrada.players.ratings import MODES_BY_NAME
from sagrada.players.refusal import Refusal
from sagrada.web.openapi import errors
from sagrada.web.routes.accounts import AccountDep, players_of

router = APIRouter()

#: The longest name echoed in a refusal.
ECHO: Final = 32


@router.get("/api/players/{name}", responses=errors(404, 422, 503))
async def profile(
    request: Request, name: str, page: Annotated[int, Query(ge=1, le=10_000)] = 1
) -> dict[str, Any]:
    """An account's profile (its name ignoring case): ``name``, ``created``, ``games`` (its
    finished games, newest first, a page of 50: ``list``, ``page``, ``pages``, ``total``),
    ``ratings`` (each mode's rating, rated games and history), ``solo`` (each solo ladder's
    best and mean score and games) and ``streaks`` (``daily`` and ``wins``, each ``current``
    and ``best``)."""
    found = await asyncio.to_thread(players_of(request).profiles.profile, name, page)
    if found is None:
        raise Refusal(404, msg("players.no_such_account", name=name[:ECHO]))
    return found


@router.get("/api/leaderboard", responses=errors(422, 503))
async def leaderboard(
    request: Request,
    account: AccountDep,
    mode: Annotated[str | None, Query(max_length=16)] = None,
    game: Annotated[str | None, Query(max_length=16)] = None,
    day: Annotated[str | None, Query(max_length=10)] = None,
) -> dict[str, Any]:
    """The top 100 of a board (``mode``: a rating mode, ``daily``, or a solo ladder; the
    first of them, ``2p``, when not given) and this
    account's entry wherever it stands (``me``; ``null`` for a guest or an account not on
    the board). A ``daily`` board is one game's (``game``: the first game with a daily
    challenge if not given) on one day (``day``, ``YYYY-MM-DD``: today if not given); once
    its day is over, its entries link to their replays."""
    names = board_names()
    if mode is None:
        mode = names[0]  # the first board: a page that names none starts there
    if mode not in names:
        raise Refusal(422, msg("players.no_such_board", mode=mode[:ECHO], modes=", ".join(names)))
    about: dict[str, Any] = {"mode": mode}
    entry = None
    on = ""
    if mode == DAILY:
        entry = daily.daily_entry(game) if game is not None else daily.daily_entries()[0]
        if entry is None:
            raise Refusal(422, msg("players.no_daily_game", name=str(game)[:ECHO]))
        on = day_asked(day)
        about |= {
            "game": entry.name,
            "day": on,
            "label": msg("players.board.daily").to_json(),
            "list_label": entry.page.list_label,
            "ranks_by": "score",
        }
    elif mode in MODES_BY_NAME:
        about |= {
            "label": msg(MODES_BY_NAME[mode].message).to_json(),
            "ranks_by": "rating",
            "bots": bot_marks(mode),
        }
    else:
        about |= ladders()[mode].to_json() | {"ranks_by": "best_score"}
    top, mine = await asyncio.to_thread(
        players_of(request).leaderboards.board,
        mode,
        None if account is None else account.id,
        day=on,
        game=entry,
        replays=mode == DAILY and not daily.sealed(on),
    )
    return about | {
        "boards": boards(),
        "entries": [s.to_json() for s in top],
        "me": None if mine is None else mine.to_json(),
    }


def day_asked(day: str | None) -> str:
    """The day of a daily board: ``day`` (``YYYY-MM-DD``, not after today), else today.

    Raises:
        Refusal: 422 for something else.
    """
    today = daily.today()
    if day is None:
        return today
    try:
        asked = date.fromisoformat(day).isoformat()
    except ValueError:
        asked = None
    if asked is None or asked != day or asked > today:
        raise Refusal(422, msg("players.bad_day"))
    return asked
