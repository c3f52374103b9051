"""The solo card game on the server (issue 14, "Same server, persistence and API; records name
their game"): created with ``"game": "cards"``, played through the same endpoints, stored and
read back, its record naming its game; its view never shows the pile."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sagrada.games.cards.game import CardRecord
from web_helpers import act, act_ok, create_game, get_view, new_client, tokens_of, wait_for_view


def play_out(client: Any, game_id: str, token: str) -> dict[str, Any]:
    """Play the first legal action until the end; return the last view."""
    view = get_view(client, game_id, token)
    while view["legal_actions"]:
        view = act_ok(client, game_id, token, view["legal_actions"][0])
    return view


def test_a_card_game_is_created_played_and_recorded(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", tools=4, window="Virtus")
        game_id, token = created["id"], tokens_of(created)[0]
        view = get_view(client, game_id, token)
        assert view["game"]["game"] == "cards" and view["game"]["players"] == 1
        assert view["window"]["name"] == "Virtus" and len(view["tools"]) == 4
        assert len(view["hand"]) == 3 and view["pile"] == 27
        assert '"pile": [' not in json.dumps(view)  # a count, never the cards
        refused = act(client, game_id, token, "K9@A1")
        assert (
            refused.status_code == 422
            and "not an action of the card game" in refused.json()["detail"]
        )
        last = play_out(client, game_id, token)
        assert last["phase"] == "over" and "won" in last
        record = client.get(f"/api/games/{game_id}/record").json()
        assert record["game"] == "cards"
        replayed = CardRecord.from_json(record).replay()
        assert replayed.outcome().target == last["target"]
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "over" and summary["winners"] == ([0] if last["won"] else [])


def test_a_card_game_is_read_back_from_the_database(tmp_path: Path) -> None:
    with new_client(tmp_path, db="cards.db") as client:
        created = create_game(client, game="cards", tools=2)
        game_id, token = created["id"], tokens_of(created)[0]
        first = get_view(client, game_id, token)["legal_actions"][0]
        act_ok(client, game_id, token, first)
        before = get_view(client, game_id, token)
    with new_client(tmp_path, db="cards.db") as client:  # a restarted server
        after = get_view(client, game_id, token)
        assert after["history"] == before["history"] and after["hand"] == before["hand"]


def test_a_bot_plays_the_card_game_to_watch(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", bots=["greedy"])
        view = wait_for_view(client, created["id"], lambda v: v["phase"] == "over")
        assert len(view["turn_bar"]) == 10


def test_bad_card_game_requests_are_refused_with_a_reason(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        cases = [
            ({"game": "cards", "tools": 0}, "tools"),
            ({"game": "cards", "players": 2}, "players"),
            ({"game": "cards", "bots": ["hard"]}, "not a bot"),
            ({"game": "chess"}, "not a game"),
            ({"game": "cards", "window": "Nowhere"}, "no glass window"),
        ]
        for body, reason in cases:
            response = client.post("/api/games", json=body)
            assert response.status_code == 422, body
            assert reason in response.json()["detail"], (body, response.json())
        schema = client.get("/api/options", params={"game": "cards"}).json()
        assert [o["name"] for o in schema] == ["tools", "tool_cards", "window", "orders"]


def test_the_dice_games_address_of_a_card_game_leads_to_its_page(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards")
        response = client.get(f"/game/{created['id']}", follow_redirects=False)
        assert response.status_code in (302, 307)
        assert response.headers["location"] == f"/cards/{created['id']}"
        assert client.get(f"/cards/{created['id']}").status_code == 200
        # An old link with a token in its address: the card game's page, at once (a redirect
        # would echo the token); the page moves the token out of the address.
        old = client.get(f"/game/{created['id']}?token=abcdefgh", follow_redirects=False)
        assert old.status_code == 200 and 'data-game="cards"' in old.text
        assert "abcdefgh" not in old.text and "location" not in old.headers


def test_the_lobby_gets_the_measured_difficulty_of_each_tool_count(tmp_path: Path) -> None:
    # docs/card-game.md, "The difficulty curve": plan (the strongest bot, first) and greedy,
    # each measured for 1-9 tools; with one tool plan won 106 of 200 games (53.0%).
    with new_client(tmp_path) as client:
        curve = client.get("/api/data/difficulty?game=cards").json()
        assert [bot["bot"] for bot in curve["bots"]] == ["plan", "greedy"]
        for bot in curve["bots"]:
            assert [p["tools"] for p in bot["points"]] == list(range(1, 10))
        assert curve["bots"][0]["points"][0]["win_rate"] == 0.53
