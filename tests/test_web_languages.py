"""The server speaks the reader's language (issue 15, German; docs/translations.md).

* ``GET /api/messages`` without a language answers the catalogue the browser's
  ``Accept-Language`` prefers among those there are (else English), and lists every language
  by its own name, for the page's switch;
* a refusal a person can meet in a page (not their turn, a seat taken, the chat too fast, a
  form's options that do not go together) carries its reason as a message too, so the page
  shows it in its language; the English ``detail`` stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from web_helpers import act, create_game, new_client, start_play, tokens_of


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def messages_for(client: TestClient, accept: str) -> dict[str, Any]:
    answer = client.get("/api/messages", headers={"Accept-Language": accept})
    assert answer.status_code == 200
    return dict(answer.json())


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("de-AT", "de"),  # a region of a language asks for the language
        ("fr-CH, de;q=0.7, en;q=0.9", "en"),  # the weights decide, not the order
        ("fr, it", "en"),  # nothing offered: English
        ("", "en"),
        ("de;q=0", "en"),  # q=0 says "not this one"
        ("de;q=x, en", "en"),  # a malformed weight is passed over
    ],
)
def test_the_catalogue_follows_the_browsers_languages(
    client: TestClient, accept: str, language: str
) -> None:
    assert messages_for(client, accept)["language"] == language


def test_a_language_asked_for_by_name_wins_over_the_browsers(client: TestClient) -> None:
    answer = client.get(
        "/api/messages", params={"language": "en"}, headers={"Accept-Language": "de"}
    )
    assert answer.json()["language"] == "en"


def test_the_catalogue_lists_each_language_by_its_own_name(client: TestClient) -> None:
    listed = messages_for(client, "de")["languages"]
    assert {"code": "en", "name": "English"} in listed
    assert {"code": "de", "name": "Deutsch"} in listed


def test_the_german_catalogue_has_the_pages_words_in_the_rulebooks_terms(
    client: TestClient,
) -> None:
    german = messages_for(client, "de")["messages"]
    assert german["page.lobby.new_game"] == "Neues Spiel"
    assert german["page.common.pass"] == "Passen"
    assert german["web.not_your_turn"] == "du bist nicht am Zug: {name} entscheidet gerade"


def test_not_your_turn_carries_its_message(client: TestClient) -> None:
    created = create_game(client, players=2, names=["Ada", "Ben"])
    tokens = tokens_of(created)
    view = start_play(client, created["id"], tokens)
    waiting = 1 - view["current_player"]
    response = act(client, created["id"], tokens[waiting], "pass")
    assert response.status_code == 409
    body = response.json()
    mover = ["Ada", "Ben"][view["current_player"]]
    assert body["message"] == {"id": "web.not_your_turn", "params": {"name": mover}}
    assert body["detail"] == f"it is not your turn: {mover} decides now"


def test_a_taken_invitation_carries_its_message(client: TestClient) -> None:
    created = create_game(client, redeem=False, players=2)
    invite = next(seat["invite"] for seat in created["seats"] if seat.get("invite"))
    first = client.post(f"/api/games/{created['id']}/join", json={"invite": invite})
    assert first.status_code == 200
    again = client.post(f"/api/games/{created['id']}/join", json={"invite": invite})
    assert again.status_code == 409
    assert again.json()["message"] == {"id": "web.invite_used", "params": {}}


def test_a_chat_line_too_long_carries_its_message(client: TestClient) -> None:
    created = create_game(client, players=2)
    token = tokens_of(created)[0]
    answer = client.post(
        f"/api/games/{created['id']}/chat", json={"token": token, "text": "x" * 301}
    )
    assert answer.status_code == 422
    assert answer.json()["message"] == {"id": "web.chat_too_long", "params": {"n": 300}}


def test_a_forms_objection_carries_its_message(client: TestClient) -> None:
    # Three players use 3 tool cards (rulebook 001_3237e9a6eb6273e0.txt, Game Setup).
    wrong = client.post("/api/options/check", json={"players": 3, "tools": [1, 2]}).json()
    assert wrong["error"] == "tools: this game uses 3 tool cards, got 2"
    assert wrong["error_message"] == {
        "id": "config.tool_count",
        "params": {"n": 3, "given": 2},
    }
    right = client.post("/api/options/check", json={"players": 3}).json()
    assert right["error"] is None and right["error_message"] is None
