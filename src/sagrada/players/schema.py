"""The database's tables of the players' layer, on the one :data:`metadata` the server's games
tables (:mod:`sagrada.web.store`) are declared on too.

An account is a name and a password's Argon2 hash; whoever logs in gets a session, kept here
by the hash of its cookie's value (the value itself is never stored). Which seats of which
games an account plays (or is offered) is indexed in ``seat_accounts``, written whenever the
game's seats are; a game's end writes one ``results`` row for each seat an account plays, and
moves the ratings, in the transaction that stores the game's last action.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    literal_column,
)

from sagrada.players.ratings import DISPLAY_SIGMAS

metadata: Final = MetaData()

#: The longest account name (and the shortest: :mod:`sagrada.players.accounts`).
NAME_LENGTH: Final = 20

accounts_table: Final = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(NAME_LENGTH), nullable=False),
    # The name as it is compared: names are unique ignoring case.
    Column("name_key", String(NAME_LENGTH), nullable=False, unique=True),
    Column("password", String(255), nullable=False),
    Column("created", Float, nullable=False),
    Column("language", String(8), nullable=False, server_default="en"),
    # Where "your turn" e-mails go (none: no e-mail), and whether they are wanted.
    Column("email", String(254), nullable=True),
    Column("email_turns", Integer, nullable=False, server_default="0"),
)

sessions_table: Final = Table(
    "sessions",
    metadata,
    # The session's public id (shown in the account's list of sessions, to revoke one).
    Column("id", String(24), primary_key=True),
    # The SHA-256 of the cookie's value.
    Column("secret", String(64), nullable=False, unique=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    # What the browser called itself, to tell sessions apart in the list.
    Column("agent", String(120), nullable=False, server_default=""),
)

login_failures_table: Final = Table(
    "login_failures",
    metadata,
    # ``name:<name key>`` or ``address:<client address>``.
    Column("key", String(96), primary_key=True),
    Column("count", Integer, nullable=False),
    Column("since", Float, nullable=False),
)

seat_accounts_table: Final = Table(
    "seat_accounts",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    # 1: the seat is offered to the account (an invitation), not yet taken.
    Column("offered", Integer, nullable=False, server_default="0"),
)

results_table: Final = Table(
    "results",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("game", String(16), nullable=False),
    Column("players", Integer, nullable=False),
    # The rating mode of a rated game (none: unrated), and the solo ladder of a solo game.
    Column("mode", String(16), nullable=True),
    Column("ladder", String(16), nullable=True),
    Column("place", Integer, nullable=False),
    Column("points", Integer, nullable=False),
    Column("target", Integer, nullable=True),
    Column("won", Integer, nullable=False),
    Column("abandoned", Integer, nullable=False, server_default="0"),
    # The day of a daily challenge's attempt (``YYYY-MM-DD``), else none.
    Column("daily", String(10), nullable=True),
    Column("finished", Float, nullable=False),
    Index("results_by_account", "account_id", "finished"),
    # A solo ladder's board: each account's best score (points less target) and when it was
    # first reached, read from the index alone; and a day's daily board, its game's attempts
    # (docs/players.md, "Leaderboards").
    Index("results_by_ladder_account", "ladder", "account_id", "points", "target", "finished"),
    Index("results_by_daily", "daily", "game"),
)

ratings_table: Final = Table(
    "ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("mode", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

#: The displayed rating's order (``mu - 3 * sigma``, unrounded: :attr:`Rating.display`), the
#: constant written inline so that a board's query and the index below are one expression.
DISPLAY_ORDER: Final = (
    ratings_table.c.mu - literal_column(repr(DISPLAY_SIGMAS)) * ratings_table.c.sigma
)
#: A rating mode's board, best first (:mod:`sagrada.players.leaderboards`).
Index("ratings_by_display", ratings_table.c.mode, DISPLAY_ORDER)

rating_history_table: Final = Table(
    "rating_history",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("mode", String(16), primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("finished", Float, nullable=False),
)

daily_attempts_table: Final = Table(
    "daily_attempts",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game", String(16), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("game_id", String(32), nullable=False, unique=True),
    Column("started", Float, nullable=False),
)

#: The server's own secrets, made at its first start and kept: the daily challenge's key,
#: the Web Push (VAPID) keys.
server_secrets_table: Final = Table(
    "server_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

push_subscriptions_table: Final = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("endpoint", Text, nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created", Float, nullable=False),
)

#: The turns a player was told of (once each, however many processes see the turn begin).
turn_notices_table: Final = Table(
    "turn_notices",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    # The game's count of actions when the turn began.
    Column("turn", Integer, primary_key=True),
    Column("sent", Float, nullable=False),
)
