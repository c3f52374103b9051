"""The leaderboards: the best accounts of a rating mode, of a solo ladder and of a day's daily
game, and where an account stands on one (docs/players.md, "Leaderboards").

The boards there are: each rating mode (:data:`sagrada.players.ratings.MODES`), ranked by the
displayed rating (an account with a rated game of the mode); each solo ladder of the games'
entries (``solo-3``), ranked by an account's best solo score (its points less its target,
:data:`~sagrada.players.daily.MARGIN`), of two equal bests the one reached first ahead; and
``daily``, a day's daily game of one game, ranked by the attempt's score, of two equal scores
the one finished first ahead. A place is one more than the number of entries ahead; every
order ends on something no two entries share (the account's id, or the time), so places are
never shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import ColumnElement, Select, and_, func, literal_column, or_, select
from sqlalchemy.engine import Connection, Engine

from sagrada.core.messages import Message, msg
from sagrada.entry import GameEntry
from sagrada.players.daily import MARGIN, daily_entries
from sagrada.players.ratings import MODES, Rating, bot_ratings
from sagrada.players.schema import DISPLAY_ORDER, accounts_table, ratings_table, results_table

#: The most entries a board shows.
TOP: Final = 100
#: The name of the daily challenge's boards.
DAILY: Final = "daily"


@dataclass(frozen=True, slots=True)
class Ladder:
    """A solo ladder: a game's solo games of one level (``solo-3``: three tool cards).

    Attributes:
        name: the board's name.
        game: the game's entry.
        level: the level.
    """

    name: str
    game: GameEntry[Any, Any, Any]
    level: int

    @property
    def label(self) -> Message:
        """The ladder's words (its entry's ``label_id`` with the level)."""
        assert self.game.ladder is not None
        return msg(self.game.ladder.label_id, n=self.level)

    def to_json(self) -> dict[str, Any]:
        """The ladder as the API describes it: ``ladder``, ``game``, ``level`` and
        ``label``."""
        return {
            "ladder": self.name,
            "game": self.game.name,
            "level": self.level,
            "label": self.label.to_json(),
        }


def ladders() -> dict[str, Ladder]:
    """Every solo ladder of the registry's games, by name, in the entries' order."""
    found: dict[str, Ladder] = {}
    for entry in daily_entries():
        assert entry.ladder is not None
        for level in entry.ladder.levels:
            name = entry.ladder.name(level)
            found[name] = Ladder(name, entry, level)
    return found


def board_names() -> list[str]:
    """Every board's name: the rating modes, ``daily``, then the solo ladders."""
    return [*(mode.name for mode in MODES), DAILY, *ladders()]


def boards() -> list[dict[str, Any]]:
    """Every board, as a page lists them: ``{"mode", "label"}`` (its words, a message), in
    the order of :func:`board_names`."""
    labels = {mode.name: msg(mode.message) for mode in MODES}
    labels[DAILY] = msg("players.board.daily")
    labels |= {name: ladder.label for name, ladder in ladders().items()}
    return [{"mode": name, "label": labels[name].to_json()} for name in board_names()]


def bot_marks(mode: str) -> list[dict[str, Any]]:
    """The bots' fixed ratings in a rating mode, best first, for a board to show where a
    player stands against them: ``{"game", "bot", "rating"}`` (:func:`bot_ratings`)."""
    marks = []
    for game, modes in bot_ratings()["ratings"].items():
        for bot, measured in modes.get(mode, {}).items():
            rating = Rating(float(measured["mu"]), float(measured["sigma"]))
            marks.append({"game": game, "bot": bot, "rating": rating.to_json()})
    return sorted(marks, key=lambda mark: -float(mark["rating"]["display"]))


@dataclass(frozen=True, slots=True)
class Standing:
    """An account's entry on a board.

    Attributes:
        place: its place (1 the first).
        name: the account's name.
        value: what the board ranks by (the displayed rating, the best solo score, the
            attempt's score).
        games: the games the value stands on (rated games of the mode, solo games of the
            ladder; 1 for an attempt).
        more: the board's own fields (a rating mode's ``rating``; an attempt's ``points``,
            ``target``, ``finished`` and ``replay``).
    """

    place: int
    name: str
    value: float
    games: int
    more: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "name": self.name,
            "value": self.value,
            "games": self.games,
            **self.more,
        }


class Leaderboards:
    """The boards, read from the server's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def board(
        self,
        name: str,
        account_id: int | None,
        *,
        day: str = "",
        game: GameEntry[Any, Any, Any] | None = None,
        replays: bool = False,
    ) -> tuple[list[Standing], Standing | None]:
        """The top :data:`TOP` of the board ``name`` (:func:`board_names`), and the entry of
        ``account_id`` on it, wherever it stands (``None``: no account, or none on it).

        Args:
            day: the day of a ``daily`` board.
            game: the game of a ``daily`` board.
            replays: whether a ``daily`` board's entries link to their replays (the day is
                over).

        Raises:
            KeyError: for a name that is no board's.
        """
        ladder = ladders().get(name)
        if name == DAILY and game is not None:
            board = _daily_board(day, game.name)
        elif ladder is not None:
            board = _ladder_board(ladder.name)
        elif name in {mode.name for mode in MODES}:
            board = _rating_board(name)
        else:
            raise KeyError(name)
        path = f"/{game.page.path}/" if replays and game is not None else None
        ranked = (
            select(board, accounts_table.c.name)
            .join(accounts_table, accounts_table.c.id == board.c.account_id)
            .order_by(*_order(board))
        )
        with self.engine.connect() as conn:
            rows = conn.execute(ranked.limit(TOP)).all()
            top = [_standing(place, row, path) for place, row in enumerate(rows, 1)]
            mine = None
            if account_id is not None:
                mine = next(
                    (s for s, row in zip(top, rows, strict=True) if row.account_id == account_id),
                    None,
                )
                if mine is None:
                    mine = _standing_of(conn, board, ranked, account_id, path)
        return top, mine


def _order(board: Any) -> tuple[ColumnElement[Any], ...]:
    """A board's order: the value, best first; then the tie-break (earlier first); then the
    account's id."""
    return (board.c.value.desc(), board.c.tie.asc(), board.c.account_id.asc())


def _standing_of(
    conn: Connection, board: Any, ranked: Select[Any], account_id: int, path: str | None
) -> Standing | None:
    """The entry of ``account_id`` on ``board``, wherever it stands (``None``: not on it)."""
    row = conn.execute(ranked.where(board.c.account_id == account_id)).first()
    if row is None:
        return None
    value, tie = board.c.value, board.c.tie
    ahead = or_(
        value > row.value,
        and_(value == row.value, tie < row.tie),
        and_(value == row.value, tie == row.tie, board.c.account_id < account_id),
    )
    before = conn.execute(select(func.count()).select_from(board).where(ahead)).scalar_one()
    return _standing(int(before) + 1, row, path)


def _standing(place: int, row: Any, path: str | None) -> Standing:
    """A row of a board as its entry."""
    if row.mu is not None:
        rating = Rating(row.mu, row.sigma)
        return Standing(place, row.name, rating.display, row.games, {"rating": rating.to_json()})
    more: dict[str, Any] = {}
    if row.finished is not None:
        more = {
            "points": row.points,
            "target": row.target,
            "finished": row.finished,
            "replay": None if path is None else path + row.game_id,
        }
    return Standing(place, row.name, row.value, row.games, more)


def _rating_board(mode: str) -> Any:
    """The accounts with a rated game of ``mode``, by displayed rating."""
    ratings = ratings_table
    return (
        select(
            ratings.c.account_id,
            DISPLAY_ORDER.label("value"),
            ratings.c.games,
            literal_column("0").label("tie"),
            ratings.c.mu,
            ratings.c.sigma,
            *_nothing("game_id", "points", "target", "finished"),
        )
        .where(ratings.c.mode == mode, ratings.c.games > 0)
        .subquery("board")
    )


def _ladder_board(ladder: str) -> Any:
    """The accounts with a solo game of ``ladder``, by best score, the first to reach it
    ahead."""
    results = results_table
    per = (
        select(
            results.c.account_id,
            func.max(MARGIN).label("value"),
            func.count().label("games"),
        )
        .where(results.c.ladder == ladder)
        .group_by(results.c.account_id)
        .subquery("per")
    )
    return (
        select(
            per.c.account_id,
            per.c.value,
            per.c.games,
            func.min(results.c.finished).label("tie"),
            *_nothing("mu", "sigma", "game_id", "points", "target", "finished"),
        )
        .join(
            results,
            and_(
                results.c.account_id == per.c.account_id,
                results.c.ladder == ladder,
                per.c.value == MARGIN,
            ),
        )
        .group_by(per.c.account_id, per.c.value, per.c.games)
        .subquery("board")
    )


def _daily_board(day: str, game_name: str) -> Any:
    """The finished attempts of the day's game of ``game_name``, by score, the first
    finished ahead."""
    results = results_table
    return (
        select(
            results.c.account_id,
            MARGIN.label("value"),
            literal_column("1").label("games"),
            results.c.finished.label("tie"),
            *_nothing("mu", "sigma"),
            results.c.game_id,
            results.c.points,
            results.c.target,
            results.c.finished,
        )
        .where(results.c.daily == day, results.c.game == game_name)
        .subquery("board")
    )


def _nothing(*names: str) -> list[ColumnElement[Any]]:
    """Columns of NULL named ``names``: a board's rows all have the same columns."""
    return [literal_column("NULL").label(name) for name in names]
