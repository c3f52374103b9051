"""Seats' names (docs/web-api.md, "Seat names"; sagrada.web.seat_names): kept as chat keeps a
line, never blank, and distinct within a game, on every database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sagrada.web.seat_names import distinct
from web_helpers import TestClient, create_game, new_client, sign_up, summary

#: A name with what a page must never show: a NUL, line breaks, a right-to-left override and a
#: zero-width space. Kept: ``Ann Lee``.
TRICKY = "\u202eAnn\x00\r\n Lee\u200b"


def join(client: TestClient, game_id: str, invite: str, name: str) -> Any:
    return client.post(f"/api/games/{game_id}/join", json={"invite": invite, "name": name})


def refusal(response: Any, status: int) -> str:
    """The message id of a refusal with ``status``."""
    assert response.status_code == status, response.text
    return str(response.json()["message"]["id"])


def invited(client: TestClient, names: list[str]) -> tuple[str, str, str]:
    """A two-seat game named ``names`` whose second seat waits: its id, the creator's token
    and the second seat's invite."""
    created = create_game(client, players=2, names=names, redeem=False)
    return created["id"], created["seats"][0]["token"], created["seats"][1]["invite"]


def test_a_name_is_kept_as_one_line_of_text_and_its_seat_chats(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        game_id, token, invite = invited(client, [TRICKY, "Bo"])
        joined = join(client, game_id, invite, "Bo\x00\u2066b\n")
        assert joined.status_code == 200, joined.text
        assert [s["name"] for s in summary(client, game_id)["seats"]] == ["Ann Lee", "Bo b"]
        # A NUL in a seat's name once made each of its chat posts fail on PostgreSQL.
        for seat_token in (token, joined.json()["token"]):
            said = client.post(
                f"/api/games/{game_id}/chat", json={"token": seat_token, "text": "hi\x00"}
            )
            assert said.status_code == 201, said.text
        messages = client.get(f"/api/games/{game_id}/chat").json()["messages"]
        assert [(m["name"], m["text"]) for m in messages] == [("Ann Lee", "hi"), ("Bo b", "hi")]


def test_a_name_with_nothing_that_shows_is_refused(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        blank = client.post("/api/games", json={"players": 2, "names": [" \u200b\n\u200d", "Bo"]})
        assert refusal(blank, 422) == "web.seat_name_empty"
        game_id, _, invite = invited(client, ["Ann", "Bo"])
        assert refusal(join(client, game_id, invite, "\x00\t"), 422) == "web.seat_name_empty"
        assert summary(client, game_id)["seats"][1]["claimed"] is False


def test_a_name_another_seat_has_ignoring_case_and_spaces_is_refused(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        twice = client.post("/api/games", json={"players": 2, "names": ["Ann", " aNN "]})
        assert refusal(twice, 422) == "web.seat_name_taken"
        game_id, _, invite = invited(client, ["alice", "Bo"])
        assert refusal(join(client, game_id, invite, "ALICE\u200b"), 422) == "web.seat_name_taken"
        # An account's name is its own: another seat having it refuses the account's join.
        sign_up(client, "Alice")
        taken = client.post(f"/api/games/{game_id}/join", json={"invite": invite})
        assert refusal(taken, 409) == "web.seat_name_taken"
        assert [s["name"] for s in summary(client, game_id)["seats"]] == ["alice", "Bo"]
        # A creator logged in as Alice cannot give another seat her name.
        mine = client.post("/api/games", json={"players": 2, "names": ["Me", "alice"]})
        assert refusal(mine, 422) == "web.seat_name_taken"


def test_the_names_the_server_gives_are_distinct(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        game_id = create_game(client, players=3, bots=[None, "easy", "easy"])["id"]
        names = [s["name"] for s in summary(client, game_id)["seats"]]
        assert len({name.casefold() for name in names}) == 3
    assert distinct(["Player 1", "player 1", "PLAYER 1", "x" * 40, "x" * 40]) == [
        "Player 1",
        "player 1 (2)",
        "PLAYER 1 (3)",
        "x" * 40,
        "x" * 36 + " (2)",
    ]


def test_a_nul_in_an_accounts_text_is_refused_not_a_server_error(tmp_path: Path) -> None:
    # PostgreSQL's text cannot hold a NUL (JSON's "\u0000"): each of these once answered 500.
    with new_client(tmp_path) as client:
        login = client.post("/api/session", json={"name": "Ada\x00", "password": "x" * 12})
        assert refusal(login, 401) == "players.wrong_login"
        sign_up(client, "Ada_1")
        email = client.patch("/api/me", json={"email": "ada\x00@example.com"})
        assert refusal(email, 422) == "players.bad_email"
        assert client.get("/api/me").json()["account"]["email"] is None
        assert refusal(client.delete("/api/me/sessions/a%00b"), 404) == "players.no_such_session"
        endpoint = {"endpoint": "https://push.example.com/a\x00b"}
        gone = client.request("DELETE", "/api/push/subscriptions", json=endpoint)
        assert refusal(gone, 404) == "players.no_such_subscription"
