"""A finished game's results for the accounts that played it, and their ratings moved, in the
transaction that stores the game's last action (docs/players.md, "Results and ratings").

The server sums a game up at its end as an :class:`Ending` (:func:`ending_of`): each seat's
place, points and whether a person abandoned it (a bot played their turns for them, their time
run out, :data:`~sagrada.players.ratings.ABANDON_TURNS` turns in a row); the rating mode when
the game is rated; its solo ladder; the day of a daily challenge. :func:`record_ending` writes
it with the game's last action: the game ends once (the store's version check lets one process
write that action), so the results are written once and the ratings move once.

A game is rated when it has a rating mode (two players, or three to six), hints are off, a
turn has a time limit, every person's seat is played by an account (each by another one), and
every bot in it has a measured rating for the mode (bots keep theirs: they are the fixed
points a player measures themselves against).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from sagrada.entry import GameEntry
from sagrada.players.ratings import START, Rating, bot_rating, mode_of, ranks_of, rate
from sagrada.players.schema import rating_history_table, ratings_table, results_table


@dataclass(frozen=True, slots=True)
class SeatEnd:
    """One seat at a game's end.

    Attributes:
        seat: its number.
        account: the account that played it (``None``: a guest or a bot).
        bot: the bot that played it (``None``: a person).
        place: its place (1 first; seats sharing a place share the number).
        points: its score.
        won: whether it won (solo: beat the target).
        abandoned: whether its person left it to the stand-in bot for too long.
    """

    seat: int
    account: int | None
    bot: str | None
    place: int
    points: int
    won: bool
    abandoned: bool


@dataclass(frozen=True, slots=True)
class Ending:
    """What a finished game means for the players' layer."""

    game_id: str
    game: str
    players: int
    seats: tuple[SeatEnd, ...]
    target: int | None
    mode: str | None
    ladder: str | None
    daily: str | None


def rated_mode(
    entry: GameEntry[Any, Any, Any],
    players: int,
    seats: Sequence[tuple[str | None, int | None]],
    hints: bool,
    turn_seconds: int | None,
) -> str | None:
    """The rating mode of a game if it is rated (the module's text), else ``None``.

    Args:
        seats: by seat, its bot (``None``: a person) and account (``None``: none).
    """
    mode = rateable_mode(entry, players, [bot for bot, _ in seats], hints, turn_seconds)
    accounts = [account for bot, account in seats if bot is None]
    if mode is None or not accounts or None in accounts or len(set(accounts)) != len(accounts):
        return None
    return mode


def rateable_mode(
    entry: GameEntry[Any, Any, Any],
    players: int,
    bots: Sequence[str | None],
    hints: bool,
    turn_seconds: int | None,
) -> str | None:
    """The rating mode a game is rated in once every person's seat is an account's (each
    another one), else ``None``: what the game's table says of it before its seats are
    taken.

    Args:
        bots: by seat, its bot (``None``: a person).
    """
    mode = mode_of(players)
    if mode is None or hints or turn_seconds is None or all(bot is not None for bot in bots):
        return None
    if any(bot is not None and bot_rating(entry.name, mode, bot) is None for bot in bots):
        return None
    return mode


def ending_of(
    entry: GameEntry[Any, Any, Any],
    game_id: str,
    config: Any,
    outcome: Any,
    seats: Sequence[tuple[str | None, int | None]],
    abandoned: set[int],
    *,
    hints: bool,
    turn_seconds: int | None,
    daily: str | None,
) -> Ending:
    """Sum up a finished game (``outcome``: ``game.outcome(state)``).

    Args:
        seats: by seat, its bot (``None``: a person) and account (``None``: none).
        abandoned: the seats whose person abandoned the game.
    """
    players = len(seats)
    places = ranks_of(outcome, abandoned)
    ends = tuple(
        SeatEnd(
            seat,
            account,
            bot,
            places[seat],
            int(outcome.scores[seat].total),
            seat in outcome.winners,
            seat in abandoned,
        )
        for seat, (bot, account) in enumerate(seats)
    )
    ladder = None
    if entry.ladder is not None:
        level = entry.ladder.level(config, players)
        ladder = None if level is None else entry.ladder.name(level)
    target = outcome.target
    return Ending(
        game_id,
        entry.name,
        players,
        ends,
        None if target is None else int(target),
        rated_mode(entry, players, seats, hints, turn_seconds),
        ladder,
        daily,
    )


def record_ending(conn: Connection, ending: Ending, now: float | None = None) -> None:
    """Write a finished game's results for its accounts and, if it is rated, move their
    ratings: in the caller's transaction, which also stores the game's last action."""
    now = time.time() if now is None else now
    rows = [
        {
            "game_id": ending.game_id,
            "seat": seat.seat,
            "account_id": seat.account,
            "game": ending.game,
            "players": ending.players,
            "mode": ending.mode,
            "ladder": ending.ladder,
            "place": seat.place,
            "points": seat.points,
            "target": ending.target,
            "won": int(seat.won),
            "abandoned": int(seat.abandoned),
            "daily": ending.daily,
            "finished": now,
        }
        for seat in ending.seats
        if seat.account is not None
    ]
    if rows:
        conn.execute(insert(results_table), rows)
    if ending.mode is not None:
        _move_ratings(conn, ending, ending.mode, now)


def _move_ratings(conn: Connection, ending: Ending, mode: str, now: float) -> None:
    """Move the ratings of a rated game's accounts (each account's row locked, in the order
    of the accounts' ids, so two games ending at once wait for each other and never
    deadlock)."""
    accounts = sorted(s.account for s in ending.seats if s.account is not None)
    start = START
    for account in accounts:
        # A first rated game: the account's row is made at the start rating (of two games
        # making it at once, the second finds it made and takes it as it is).
        exists = select(ratings_table.c.games).where(
            ratings_table.c.account_id == account, ratings_table.c.mode == mode
        )
        if conn.execute(exists).first() is None:
            try:
                with conn.begin_nested():
                    conn.execute(
                        insert(ratings_table).values(
                            account_id=account,
                            mode=mode,
                            mu=start.mu,
                            sigma=start.sigma,
                            games=0,
                            updated=now,
                        )
                    )
            except IntegrityError:
                pass
    held = {
        row.account_id: row
        for row in conn.execute(
            select(ratings_table)
            .where(ratings_table.c.account_id.in_(accounts), ratings_table.c.mode == mode)
            .order_by(ratings_table.c.account_id)
            .with_for_update()
        ).all()
    }
    before: list[Rating] = []
    fixed: list[bool] = []
    for seat in ending.seats:
        if seat.account is None:
            rating = bot_rating(ending.game, mode, seat.bot or "")
            assert rating is not None  # a rated game's bots all have one
            before.append(rating)
            fixed.append(True)
        else:
            row = held[seat.account]
            before.append(Rating(row.mu, row.sigma))
            fixed.append(False)
    after = rate(mode, before, fixed, [seat.place for seat in ending.seats])
    for seat, rating in zip(ending.seats, after, strict=True):
        if seat.account is None:
            continue
        conn.execute(
            update(ratings_table)
            .where(ratings_table.c.account_id == seat.account, ratings_table.c.mode == mode)
            .values(mu=rating.mu, sigma=rating.sigma, updated=now, games=ratings_table.c.games + 1)
        )
        conn.execute(
            insert(rating_history_table).values(
                account_id=seat.account,
                mode=mode,
                game_id=ending.game_id,
                mu=rating.mu,
                sigma=rating.sigma,
                finished=now,
            )
        )
