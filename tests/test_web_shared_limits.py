"""Limits kept in the database (docs/web-api.md, "Limits"): every server process on one
database enforces the same numbers of new games per address and of games whose turns cost
thinking, per address and in all. Two applications on one database stand for two processes
of ``sagrada serve --workers 2``."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from sqlalchemy import select

from sagrada.web.limits import Limits
from sagrada.web.shared_limits import (
    AddressKeys,
    SharedRate,
    ThinkingGames,
    rate_buckets_table,
    thinking_games_table,
)
from web_helpers import TestClient, new_client

#: Games with a bot seat, whose bot waits long enough here that they stay unfinished.
AGAINST_A_BOT: dict[str, Any] = {"players": 2, "bots": [None, "random"]}


def create(client: TestClient, **options: Any) -> tuple[int, str | None]:
    """Create a game; answer the status and the catalogue message's id of a refusal."""
    answer = client.post("/api/games", json=options)
    message = answer.json().get("message") if answer.status_code != 201 else None
    return answer.status_code, message["id"] if message else None


def lobby_total(client: TestClient) -> int:
    return int(client.get("/api/games").json()["total"])


def test_two_processes_on_one_database_share_the_rate_of_new_games(tmp_path: Path) -> None:
    limits = Limits(games_per_minute=4)
    with (
        new_client(tmp_path, limits=limits) as first,
        new_client(tmp_path, limits=limits) as second,
    ):
        made = [create(client, players=2)[0] for client in (first, second, first, second)]
        assert made == [201] * 4
        # The address's four games a minute are spent, in both processes alike.
        assert create(first, players=2) == (429, "web.too_many_games")
        assert create(second, players=2) == (429, "web.too_many_games")


def test_the_database_keeps_no_client_address_in_clear(tmp_path: Path) -> None:
    with new_client(tmp_path, address="203.0.113.9", bot_delay=60) as client:
        assert create(client, **AGAINST_A_BOT)[0] == 201
        store = client.app.state.store  # type: ignore[attr-defined]
        with store.engine.connect() as conn:
            keys = conn.execute(select(rate_buckets_table.c.key)).scalars().all()
            keys += conn.execute(select(thinking_games_table.c.address)).scalars().all()
    assert keys and not any("203.0.113" in key for key in keys)


def test_games_that_cost_thinking_are_bounded_per_address_and_in_all(tmp_path: Path) -> None:
    limits = Limits(thinking_games_per_address=2, thinking_games_in_total=3)
    with (
        new_client(tmp_path, limits=limits, bot_delay=60, address="198.51.100.1") as mine,
        new_client(tmp_path, limits=limits, bot_delay=60, address="198.51.100.2") as other,
    ):
        assert create(mine, **AGAINST_A_BOT)[0] == 201
        assert create(mine, players=2, turn_seconds=60)[0] == 201  # a stand-in may think
        before = lobby_total(mine)
        # The address's two are counted in the other process too.
        refused = (429, "web.thinking_games_per_address")
        assert create(other, **AGAINST_A_BOT)[0] == 201  # another address: the third in all
        assert create(mine, **AGAINST_A_BOT) == refused
        assert create(other, **AGAINST_A_BOT) == (429, "web.thinking_games_in_total")
        assert lobby_total(mine) == before + 1  # the refused games were not stored
        # Games of people only, without a turn limit, cost no thinking: not counted.
        assert create(mine, players=2)[0] == 201


def test_games_of_bots_only_are_bounded_in_all_processes(tmp_path: Path) -> None:
    limits = Limits(bot_only_games=1)
    bots_only = {"players": 2, "bots": ["random", "random"]}
    with (
        new_client(tmp_path, limits=limits, bot_delay=60) as first,
        new_client(tmp_path, limits=limits, bot_delay=60, address="198.51.100.3") as second,
    ):
        assert create(first, **bots_only)[0] == 201
        assert create(second, **bots_only) == (429, "web.bot_only_games")
        assert create(second, **AGAINST_A_BOT)[0] == 201  # with a person: welcome


def test_takers_at_once_never_take_more_than_the_bucket_holds(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        engine = client.app.state.store.engine  # type: ignore[attr-defined]
        keys = AddressKeys(engine)
        # A bucket of 12 that refills one token a day: 8 takers at once, 5 takes each.
        bucket = SharedRate(engine, keys, rate=1 / 86_400, burst=12)
        thinking = ThinkingGames(engine, keys, per_address=100, in_total=7, bot_only=100)
        with ThreadPoolExecutor(max_workers=8) as pool:
            taken = list(pool.map(lambda _n: bucket.take("everyone"), range(40)))
            admitted = list(
                pool.map(lambda n: thinking.admit(f"g{n}", f"a{n % 3}", False), range(20))
            )
    assert taken.count(True) == 12
    assert admitted.count(None) == 7 and set(admitted) == {None, "total"}
