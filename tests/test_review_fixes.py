"""Regression tests for defects a code review found (each named for the rule it pins)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sagrada.cli.main import main
from sagrada.core.config import GameConfig
from sagrada.web.rooms import GameManager
from sagrada.web.store import Store
from web_helpers import create_game, new_client, tokens_of


def test_a_binary_socket_frame_gets_an_error_and_the_socket_stays_open(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, token = created["id"], tokens_of(created)[0]
        with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
            assert ws.receive_json()["type"] == "view"
            ws.send_bytes(b'{"type": "action", "action": "W1"}')
            error = ws.receive_json()
            assert (error["type"], error["status"]) == ("error", 400)
            ws.send_text(json.dumps({"type": "action", "action": "W1"}))
            assert ws.receive_json()["seq"] == 1  # still open, and text frames work


def test_at_most_eight_unfinished_games_of_bots_only(tmp_path: Path) -> None:
    # Bots wait 60 s before moving here, so the games stay unfinished.
    with new_client(tmp_path, bot_delay=60) as client:
        for _ in range(8):
            create_game(client, players=2, bots=["random", "random"])
        refused = client.post("/api/games", json={"players": 2, "bots": ["random", "random"]})
        assert refused.status_code == 429
        assert "bots only" in refused.json()["detail"]
        # A game with a person in it is still welcome.
        assert client.post("/api/games", json={"players": 2}).status_code == 201


def test_idle_games_are_unloaded_from_memory_and_read_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = GameManager(Store(f"sqlite:///{tmp_path / 'm.db'}"), bot_delay=0, max_rooms=10)
        first, _, _ = await manager.create(GameConfig(players=2), [None, None], ["a", "b"])
        for _ in range(29):
            await manager.create(GameConfig(players=2), [None, None], ["a", "b"])
        assert len(manager.rooms) <= 11  # unfinished idle games were unloaded too
        again = await manager.get(first.id)  # read back from the database
        assert again.id == first.id and again.state.history == first.state.history
        await manager.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "text",
    ['{"seed": 1' + "0" * 5000 + "}", "[" * 100_000 + "]" * 100_000],
    ids=["number-too-long", "nested-too-deeply"],
)
@pytest.mark.parametrize("command", ["replay", "score"])
def test_unreadable_json_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str
) -> None:
    path = tmp_path / "input.json"
    path.write_text(text)
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_invite_only_seats_cannot_be_taken_from_the_lobby(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, open_seats=False, redeem=False)
        game_id = created["id"]
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "running"  # not listed as open: nobody may just join
        assert summary["seats"][1]["open"] is False
        assert client.post(f"/api/games/{game_id}/join", json={}).status_code == 409
        invite = created["seats"][1]["invite"]
        joined = client.post(f"/api/games/{game_id}/join", json={"invite": invite})
        assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_open_seats_can_be_taken_from_the_lobby(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, redeem=False)
        game_id = created["id"]
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "open"
        assert summary["seats"][1]["open"] is True
        assert client.post(f"/api/games/{game_id}/join", json={}).json()["seat"] == 1
