"""A game's chat (docs/web-api.md, "Chat"; sagrada.web.chat): players write, everyone reads,
messages are kept as plain text, short and not too fast, and survive a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sagrada.web.chat import CHAT_BURST, CHAT_MAX
from web_helpers import TestClient, create_game, new_client, receive, tokens_of


def say(client: TestClient, game_id: str, token: str, text: str) -> Any:
    return client.post(f"/api/games/{game_id}/chat", json={"token": token, "text": text})


def read(client: TestClient, game_id: str) -> list[dict[str, Any]]:
    response = client.get(f"/api/games/{game_id}/chat")
    assert response.status_code == 200, response.text
    return list(response.json()["messages"])


def test_players_write_and_everyone_reads_in_order_under_their_names(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, names=["Ann", "Bo"])
        game_id, tokens = created["id"], tokens_of(created)
        assert read(client, game_id) == []
        assert say(client, game_id, tokens[0], "hello").status_code == 201
        assert say(client, game_id, tokens[1], "hi Ann").status_code == 201
        messages = read(client, game_id)  # no token: a spectator reads too
        assert [(m["seq"], m["seat"], m["name"], m["text"]) for m in messages] == [
            (0, 0, "Ann", "hello"),
            (1, 1, "Bo", "hi Ann"),
        ]


def test_a_spectator_cannot_write(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        game_id = create_game(client, players=2)["id"]
        assert say(client, game_id, "x" * 32, "let me in").status_code == 403
        assert client.post(f"/api/games/{game_id}/chat", json={"text": "hi"}).status_code == 422
        assert read(client, game_id) == []


def test_a_message_is_one_line_of_text_kept_as_written_and_not_too_long(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, token = created["id"], tokens_of(created)[0]
        assert (
            say(client, game_id, token, "<b>bold</b> & \u202eevil\n  next\x07").status_code == 201
        )
        # Markup stays text (pages show it as text); line breaks, controls and a bidirectional
        # override become spaces, runs of spaces one.
        assert read(client, game_id)[-1]["text"] == "<b>bold</b> & evil next"
        assert say(client, game_id, token, "   \n ").status_code == 422
        assert say(client, game_id, token, "x" * (CHAT_MAX + 1)).status_code == 422
        assert say(client, game_id, token, "x" * CHAT_MAX).status_code == 201
        assert len(read(client, game_id)) == 2


def test_a_player_writing_too_fast_is_slowed_down(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        codes = [
            say(client, game_id, tokens[0], f"m{i}").status_code for i in range(CHAT_BURST + 1)
        ]
        assert codes == [201] * CHAT_BURST + [429]
        assert say(client, game_id, tokens[1], "my turn to talk").status_code == 201


def test_every_listener_gets_each_message_and_the_chat_survives_a_restart(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, names=["Ann", "Bo"])
        game_id, tokens = created["id"], tokens_of(created)
        with client.websocket_connect(f"/api/games/{game_id}/ws") as spectator:
            assert receive(spectator)["type"] == "view"
            say(client, game_id, tokens[1], "good luck")
            message = receive(spectator)
            assert message["type"] == "chat"
            assert (message["message"]["name"], message["message"]["text"]) == ("Bo", "good luck")
    with new_client(tmp_path) as client:
        assert [m["text"] for m in read(client, game_id)] == ["good luck"]
        say(client, game_id, tokens[0], "thanks")
        assert [m["seq"] for m in read(client, game_id)] == [0, 1]
