"""A database made before accounts keeps every game (issue 29, "Everything on PostgreSQL and
SQLite, with migrations for existing databases"): the server started on it adds what it lacks
(the players' tables, the games' ``daily`` column) and changes nothing of what is there. Run
on SQLite, and on PostgreSQL by ``make unit-postgres`` (``SAGRADA_TEST_DATABASE_URL``)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from sqlalchemy import create_engine, inspect, text

from sagrada.registry import default_game, game
from sagrada.web.session import hash_token
from web_helpers import database_url, get_view, new_client, sign_up, summary

#: The tables of the games as the server made them before accounts (its last release's
#: schema, written out by hand), in a form both SQLite and PostgreSQL take.
SCHEMA_BEFORE_ACCOUNTS = (
    """CREATE TABLE games (
        id VARCHAR(32) PRIMARY KEY,
        game VARCHAR(16) NOT NULL DEFAULT 'sagrada',
        created FLOAT NOT NULL,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        status VARCHAR(16) NOT NULL,
        rematch VARCHAR(32),
        turn_seconds INTEGER,
        hints INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE actions (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        action VARCHAR(32) NOT NULL,
        seat INTEGER NOT NULL,
        created FLOAT NOT NULL,
        auto INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE hints (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE chat (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        name VARCHAR(64) NOT NULL,
        text TEXT NOT NULL,
        created FLOAT NOT NULL,
        PRIMARY KEY (game_id, seq))""",
)


def old_database(url: str, token: str) -> tuple[str, list[str]]:
    """Make the tables of the last release at ``url`` (dropping whatever is there) and store
    in them a two-player game of a guest and a bot, a few actions in; return its id and its
    actions."""
    engine = create_engine(url)
    with engine.begin() as conn:
        for table in inspect(conn).get_table_names():
            conn.execute(
                text(
                    f"DROP TABLE {table} CASCADE" if "postgresql" in url else f"DROP TABLE {table}"
                )
            )
        for statement in SCHEMA_BEFORE_ACCOUNTS:
            conn.execute(text(statement))
    dice = game(default_game())
    config = dice.config_from_json({"players": 2})
    state = dice.new_state(config, 7)
    actions = []
    for _ in range(2):  # each player chooses a window
        code = state.legal_actions()[0]
        actions.append(dice.action_to_str(code))
        state.apply(code)
    seats = [
        {
            "seat": 0,
            "kind": "human",
            "bot": None,
            "name": "Ada",
            "token_hash": hash_token(token),
            "claimed": True,
            "invite_hash": None,
            "open": True,
        },
        {
            "seat": 1,
            "kind": "bot",
            "bot": "random",
            "name": "Bot",
            "token_hash": None,
            "claimed": True,
            "invite_hash": None,
            "open": True,
        },
    ]
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, game, created, config, seed, seats, status, version) "
                "VALUES ('oldgame1', :game, :now, :config, 7, :seats, 'running', 2)"
            ),
            {
                "game": dice.name,
                "now": time.time(),
                "config": json.dumps(config.to_json()),
                "seats": json.dumps(seats),
            },
        )
        for seq, action in enumerate(actions):
            conn.execute(
                text(
                    "INSERT INTO actions (game_id, seq, action, seat, created) "
                    "VALUES ('oldgame1', :seq, :action, :seat, :now)"
                ),
                {"seq": seq, "action": action, "seat": seq % 2, "now": time.time()},
            )
    engine.dispose()
    return "oldgame1", actions


def test_a_database_made_before_accounts_keeps_its_games(tmp_path: Path) -> None:
    token = "a-guest-token-of-the-old-release"
    url = database_url(tmp_path, "old.db")
    game_id, actions = old_database(url, token)
    with new_client(tmp_path, db="old.db", bot_delay=60) as client:
        found = summary(client, game_id)
        assert found["seats"][0]["name"] == "Ada"
        assert found["seats"][0]["account"] is False
        view = get_view(client, game_id, token)
        assert view["seat"] == 0
        assert found["actions"] == len(actions)
        # The players' layer is there: the old guest's game joins a new account.
        answer = sign_up(client, "Ada", seats=[{"game": game_id, "token": token}])
        assert answer["joined"] == [game_id]
    columns = {c["name"] for c in inspect(create_engine(url)).get_columns("games")}
    assert "daily" in columns
