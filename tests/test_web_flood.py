"""One client never stalls other games (issue 31): hints and searching bots' moves share the
worker processes through the server's thinking queue (``sagrada.web.thinking``), fairly by
address and then by game, within bounds; a hint over a bound or the game's budget is refused
with 429 and its reason, and changes nothing; asking again for the same position costs no new
search (docs/web-api.md, "Hints").

The worker processes are replaced by a spy (threads that note each job), and the queue is
held shut (no slot) while the flood builds up, so the order the jobs then run in is seen
without timing anything."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from sagrada.web.thinking import QueueBounds, Scheduler
from web_helpers import (
    PATIENCE,
    SpyPool,
    TestClient,
    create_game,
    get_view,
    new_client,
    tokens_of,
)

FLOOD = 20


def thinking(client: TestClient) -> Scheduler:
    """The server's thinking queue."""
    app: Any = client.app
    scheduler: Scheduler = app.state.server.manager.bots.thinking
    return scheduler


def resize(client: TestClient, slots: int) -> None:
    """Let ``slots`` jobs of the server's thinking queue run at once (0: none)."""
    assert client.portal is not None
    client.portal.call(thinking(client).resize, slots)


def wait_until(ready: Callable[[], bool]) -> None:
    """Wait until ``ready()``; fail after :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while not ready():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def hint_game(client: TestClient) -> tuple[str, str]:
    """A new solo card game with hints on: its id and its player's token."""
    created = create_game(client, game="cards", tools=3, hints=True)
    return created["id"], tokens_of(created)[0]


def ask(client: TestClient, game: tuple[str, str]) -> Any:
    return client.post(f"/api/games/{game[0]}/hint", json={"token": game[1]})


def test_a_flood_of_hints_from_one_address_lets_another_games_bot_go_next(
    tmp_path: Path, pool: SpyPool
) -> None:
    with new_client(tmp_path) as client:
        queue = thinking(client)
        resize(client, 0)
        games = [hint_game(client) for _ in range(FLOOD)]
        with ThreadPoolExecutor(max_workers=FLOOD) as senders:
            asked = [senders.submit(ask, client, game) for game in games]
            bound = QueueBounds().per_address
            wait_until(lambda: sum(a.done() for a in asked) == FLOOD - bound)
            assert queue.stats.waiting == bound
            create_game(client, game="cards", bots=["plan"])
            wait_until(lambda: queue.stats.waiting == bound + 1)  # the bot's first move
            resize(client, 1)
            answers = [a.result(timeout=PATIENCE) for a in asked]
        jobs = [name for name, _args in pool.given]
        # The flood's first queued hint, then the other game's bot, before the flood's rest
        # (its later moves then take turns with them).
        assert jobs[:2] == ["advise", "think"] and jobs.count("advise") == bound
        refused = [a for a in answers if a.status_code == 429]
        assert len(refused) == FLOOD - bound
        assert all("from this address" in a.json()["detail"] for a in refused)
        for game, answer in zip(games, answers, strict=True):
            hinted = get_view(client, game[0])["hinted"]
            assert hinted == ([0] if answer.status_code == 200 else [])  # refused: unchanged


def test_the_same_position_asked_again_is_worked_out_once(tmp_path: Path, pool: SpyPool) -> None:
    with new_client(tmp_path) as client:
        game = hint_game(client)
        first, again = ask(client, game), ask(client, game)
        assert first.status_code == again.status_code == 200
        assert first.json() == again.json()
        assert [name for name, _args in pool.given] == ["advise"]
        assert get_view(client, game[0])["hinted"] == [0]
        stats = thinking(client).stats
        assert (stats.hints_asked, stats.hints_computed) == (2, 1)


def test_a_hint_over_the_games_budget_is_refused_and_changes_nothing(
    tmp_path: Path, pool: SpyPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sagrada.web.hinting.HINT_BURST", 1)
    with new_client(tmp_path) as client:
        game = hint_game(client)
        hint = ask(client, game).json()
        view = client.post(
            f"/api/games/{game[0]}/actions", json={"token": game[1], "action": hint["action"]}
        ).json()
        refused = ask(client, game)
        assert refused.status_code == 429 and "many hints lately" in refused.json()["detail"]
        assert get_view(client, game[0], game[1]) == view  # nothing changed, no mark
        assert view["hinted"] == [0] and thinking(client).stats.hints_refused == 1
