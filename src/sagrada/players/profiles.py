"""An account's public profile: its finished games, its ratings with their history, its solo
scores by ladder and its streaks (docs/players.md, "Profiles").

Everything here is public: the name, when the account was made, and what its games show
anyone. Nothing private (an e-mail address, sessions, push subscriptions, the account's id)
is read into a profile.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from sqlalchemy import func, select
from sqlalchemy.engine import Connection, Engine

from sagrada.players.accounts import NAME_PATTERN, name_key
from sagrada.players.daily import MARGIN, DailyChallenge, Streak, sealed, today
from sagrada.players.leaderboards import ladders
from sagrada.players.ratings import MODES, Rating
from sagrada.players.schema import (
    accounts_table,
    rating_history_table,
    ratings_table,
    results_table,
)
from sagrada.registry import entries

#: How many finished games a page of a profile lists.
GAMES_PAGE: Final = 50


def win_streak(wins: Iterable[bool]) -> Streak:
    """The runs of wins among games in order (oldest first): the one going on after the last
    game, and the longest.

    >>> win_streak([True, True, False, True])
    Streak(current=1, best=2)
    """
    best = run = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return Streak(run, best)


class Profiles:
    """The accounts' profiles, read from the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.daily = DailyChallenge(engine)

    def profile(self, name: str, page: int = 1) -> dict[str, Any] | None:
        """The profile of the account called ``name`` (ignoring case), with the ``page``-th
        page of its finished games (newest first); ``None`` if there is no such account."""
        if not NAME_PATTERN.fullmatch(name):
            return None
        with self.engine.connect() as conn:
            account = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name, accounts_table.c.created).where(
                    accounts_table.c.name_key == name_key(name)
                )
            ).first()
            if account is None:
                return None
            games = _games(conn, account.id, page)
            ratings = _ratings(conn, account.id)
            solo = _solo(conn, account.id)
            rated = conn.execute(
                select(results_table.c.won)
                .where(results_table.c.account_id == account.id, results_table.c.mode.is_not(None))
                .order_by(results_table.c.finished, results_table.c.game_id)
            ).scalars()
            wins = win_streak(bool(won) for won in rated)
        return {
            "name": account.name,
            "created": account.created,
            "games": games,
            "ratings": ratings,
            "solo": solo,
            "streaks": {
                "daily": self.daily.streak(account.id, today()).to_json(),
                "wins": wins.to_json(),
            },
        }


def _games(conn: Connection, account_id: int, page: int) -> dict[str, Any]:
    """A page of the account's finished games, newest first, with how many there are."""
    results = results_table
    total = conn.execute(
        select(func.count()).select_from(results).where(results.c.account_id == account_id)
    ).scalar_one()
    rows = conn.execute(
        select(results)
        .where(results.c.account_id == account_id)
        .order_by(results.c.finished.desc(), results.c.game_id)
        .offset((page - 1) * GAMES_PAGE)
        .limit(GAMES_PAGE)
    ).all()
    kinds = {e.name: e for e in entries()}
    listed = []
    for row in rows:
        kind = kinds.get(row.game)
        replayable = kind is not None and not sealed(row.daily)
        listed.append(
            {
                "id": row.game_id,
                "game": row.game,
                "list_label": None if kind is None else kind.page.list_label,
                "players": row.players,
                "place": row.place,
                "points": row.points,
                "target": row.target,
                "won": bool(row.won),
                "mode": row.mode,
                "abandoned": bool(row.abandoned),
                "ladder": row.ladder,
                "daily": row.daily,
                "finished": row.finished,
                "replay": f"/{kind.page.path}/{row.game_id}" if kind and replayable else None,
            }
        )
    pages = max(1, -(-int(total) // GAMES_PAGE))
    return {"list": listed, "page": page, "pages": pages, "total": int(total)}


def _ratings(conn: Connection, account_id: int) -> list[dict[str, Any]]:
    """The account's rating in each mode (``None`` before its first rated game of it), its
    rated games and the rating after each of them, oldest first."""
    held = {
        row.mode: row
        for row in conn.execute(
            select(ratings_table).where(ratings_table.c.account_id == account_id)
        ).all()
    }
    history: dict[str, list[dict[str, Any]]] = {mode.name: [] for mode in MODES}
    for row in conn.execute(
        select(rating_history_table)
        .where(rating_history_table.c.account_id == account_id)
        .order_by(rating_history_table.c.finished, rating_history_table.c.game_id)
    ).all():
        rating = Rating(row.mu, row.sigma)
        history.setdefault(row.mode, []).append(
            {"id": row.game_id, "finished": row.finished, **rating.to_json()}
        )
    found = []
    for mode in MODES:
        rated = held.get(mode.name)
        found.append(
            {
                "mode": mode.name,
                "label": mode.message,
                "rating": None if rated is None else Rating(rated.mu, rated.sigma).to_json(),
                "games": 0 if rated is None else rated.games,
                "history": history[mode.name],
            }
        )
    return found


def _solo(conn: Connection, account_id: int) -> list[dict[str, Any]]:
    """The account's solo scores on each ladder: the best, the mean and how many games."""
    rows = conn.execute(
        select(
            results_table.c.ladder,
            func.max(MARGIN).label("best"),
            func.avg(MARGIN).label("mean"),
            func.count().label("games"),
        )
        .where(results_table.c.account_id == account_id, results_table.c.ladder.is_not(None))
        .group_by(results_table.c.ladder)
    ).all()
    scores = {row.ladder: row for row in rows}
    found = []
    for name, ladder in ladders().items():
        row = scores.get(name)
        found.append(
            {
                **ladder.to_json(),
                "games": 0 if row is None else row.games,
                "best": None if row is None else row.best,
                "mean": None if row is None else round(float(row.mean), 2),
            }
        )
    return found
