"""Accounts and sessions through the API (issue 29, "Accounts, optional"; docs/web-api.md,
"Accounts"): guests play as before; an account is a name and a password, logged in by an
HttpOnly cookie kept server-side; a guest's seats join the account; seats can be offered to an
account by name; no other site can act as a logged-in player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from web_helpers import (
    ORIGIN,
    PASSWORD,
    be,
    create_game,
    get_view,
    log_in,
    me,
    new_client,
    session,
    sign_up,
    summary,
    tokens_of,
)


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with new_client(tmp_path) as client:
        yield client


def test_signing_up_logs_in_with_an_httponly_samesite_cookie(client: Any) -> None:
    response = client.post("/api/accounts", json={"name": "Ada_1", "password": PASSWORD})
    assert response.status_code == 201, response.text
    assert response.json()["account"]["name"] == "Ada_1"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("sagrada_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    # Over plain HTTP the cookie cannot be Secure (the test server is not behind HTTPS).
    assert "Secure" not in cookie
    assert PASSWORD not in response.text
    assert me(client) == {
        "name": "Ada_1",
        "created": pytest.approx(me(client)["created"]),  # type: ignore[index]
        "language": "en",
        "email": None,
        "email_turns": False,
    }


@pytest.mark.parametrize(
    ("name", "password"),
    [
        ("ab", PASSWORD),  # 2 characters: at least 3
        ("a" * 21, PASSWORD),  # at most 20
        ("Ada Lovelace", PASSWORD),  # a space is not a letter, digit, _ or -
        ("Adä", PASSWORD),  # only the letters A-Z
        ("Ada", "123456789"),  # 9 characters: the password needs 10
    ],
)
def test_a_name_or_password_out_of_the_rules_is_refused_with_its_reason(
    client: Any, name: str, password: str
) -> None:
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 422, response.text
    assert response.json()["message"]["id"] in ("players.bad_name", "players.short_password")
    assert client.get("/api/me").json() == {"account": None}


def test_a_name_is_unique_ignoring_case(client: Any) -> None:
    sign_up(client, "Ada")
    be(client, None)
    response = client.post("/api/accounts", json={"name": "aDA", "password": PASSWORD})
    assert response.status_code == 409
    assert response.json()["message"]["id"] == "players.name_taken"


def test_a_wrong_password_and_an_unknown_name_are_answered_alike(client: Any) -> None:
    sign_up(client, "Ada")
    client.delete("/api/session")
    wrong = log_in(client, "Ada", "not the password")
    unknown = log_in(client, "Nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert me(client) is None
    assert log_in(client, "ada").status_code == 200  # names ignore case at a login too
    assert me(client)["name"] == "Ada"  # type: ignore[index]


def test_logins_are_limited_per_name_after_ten_failures(client: Any) -> None:
    sign_up(client, "Ada")
    client.delete("/api/session")
    for _ in range(10):
        assert log_in(client, "Ada", "a wrong password").status_code == 401
    # The eleventh attempt is refused even with the right password, for a quarter of an hour.
    blocked = log_in(client, "Ada")
    assert blocked.status_code == 429
    assert blocked.json()["message"]["id"] == "players.too_many_logins"
    assert me(client) is None


def test_logging_out_ends_the_session_on_the_server(client: Any) -> None:
    sign_up(client, "Ada")
    cookie = client.cookies.get("sagrada_session")
    assert client.delete("/api/session").status_code == 204
    assert me(client) is None
    client.cookies.set("sagrada_session", cookie)  # the old cookie, kept by someone
    assert me(client) is None


def test_another_session_can_be_revoked_from_the_list(client: Any) -> None:
    sign_up(client, "Ada")
    laptop = session(client)
    be(client, None)
    assert log_in(client, "Ada").status_code == 200
    phone = session(client)
    be(client, laptop)
    sessions = client.get("/api/me/sessions").json()["sessions"]
    assert len(sessions) == 2
    assert [s["current"] for s in sessions].count(True) == 1
    assert all("secret" not in s for s in sessions)
    other = next(s for s in sessions if not s["current"])
    assert client.delete(f"/api/me/sessions/{other['id']}").status_code == 204
    assert me(client) is not None
    assert client.delete(f"/api/me/sessions/{other['id']}").status_code == 404
    be(client, phone)
    assert me(client) is None


def test_a_request_from_another_site_cannot_act_as_the_logged_in_player(client: Any) -> None:
    sign_up(client, "Ada")
    evil = {"origin": "https://evil.example"}
    response = client.patch("/api/me", json={"email": "ada@example.org"}, headers=evil)
    assert response.status_code == 403
    assert response.json()["message"]["id"] == "players.cross_site"
    # A request saying nothing of where it comes from is refused too.
    del client.headers["origin"]
    assert client.patch("/api/me", json={"email": "ada@example.org"}).status_code == 403
    assert me(client)["email"] is None  # type: ignore[index]
    # The browser's own word for a same-site request, and the pages' Origin, are taken.
    same = {"sec-fetch-site": "same-origin"}
    assert client.patch("/api/me", json={"email_turns": True}, headers=same).status_code == 200
    assert client.patch("/api/me", json={"email": "ada@example.org"}, headers={"origin": ORIGIN})
    assert me(client)["email"] == "ada@example.org"  # type: ignore[index]


def test_a_request_without_the_cookie_is_not_checked_for_its_site(client: Any) -> None:
    # A guest acts with the seat's token: no other site holds it.
    created = create_game(client, players=1)
    assert client.post("/api/games", json={"players": 1}, headers={"origin": "https://x.example"})
    assert summary(client, created["id"])["status"] == "running"


def test_a_guest_game_joins_the_account_made_in_its_browser(client: Any) -> None:
    created = create_game(client, players=2, bots=[None, "random"])
    token = tokens_of(created)[0]
    held = [{"game": created["id"], "token": token}, {"game": "nope", "token": "x"}]
    answer = sign_up(client, "Ada", seats=held)
    assert answer["joined"] == [created["id"]]
    seat = summary(client, created["id"])["seats"][0]
    assert seat["account"] is True and seat["name"] == "Ada"
    # The seat is still played with its token, as before.
    assert get_view(client, created["id"], token)["seat"] == 0


def test_a_game_created_when_logged_in_is_the_accounts(client: Any) -> None:
    sign_up(client, "Ada")
    created = create_game(client, players=2, bots=[None, "random"], names=["Zed", "Bot"])
    seats = summary(client, created["id"])["seats"]
    assert (seats[0]["name"], seats[0]["account"]) == ("Ada", True)
    assert (seats[1]["name"], seats[1]["account"]) == ("Bot", False)


def test_a_seat_offered_to_an_account_is_taken_by_it_when_it_joins(client: Any) -> None:
    sign_up(client, "Bob")
    bob = session(client)
    be(client, None)
    sign_up(client, "Ada")
    created = create_game(client, redeem=False, players=2, offers=[None, "bob"])
    # Nobody else may take the seat from the lobby (it is not open).
    be(client, None)
    assert client.post(f"/api/games/{created['id']}/join", json={}).status_code == 409
    be(client, bob)
    joined = client.post(f"/api/games/{created['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1
    seat = summary(client, created["id"])["seats"][1]
    assert (seat["name"], seat["account"]) == ("Bob", True)


def test_an_offer_names_an_account_that_exists_and_another_persons_seat(client: Any) -> None:
    sign_up(client, "Ada")
    unknown = client.post("/api/games", json={"players": 2, "offers": [None, "Nobody"]})
    assert unknown.status_code == 422
    assert unknown.json()["message"]["id"] == "players.no_such_account"
    own = client.post("/api/games", json={"players": 2, "offers": ["Ada", None]})
    assert own.status_code == 422
    assert own.json()["message"]["id"] == "players.offer_not_a_guest_seat"


def test_a_game_that_may_be_rated_takes_each_account_once(client: Any) -> None:
    sign_up(client, "Ada")
    created = create_game(client, redeem=False, players=2, turn_seconds=600, open_seats=True)
    second = client.post(f"/api/games/{created['id']}/join", json={})
    assert second.status_code == 409
    assert second.json()["message"]["id"] == "players.already_seated"
    # Without a time limit the game is never rated: the second seat is a guest's.
    casual = create_game(client, redeem=False, players=2, open_seats=True)
    assert client.post(f"/api/games/{casual['id']}/join", json={}).status_code == 200
    assert [s["account"] for s in summary(client, casual["id"])["seats"]] == [True, False]


def test_my_games_lists_my_turn_first_with_a_token_any_browser_plays(client: Any) -> None:
    sign_up(client, "Ada")
    mine = create_game(client, players=1)
    created = create_game(client, redeem=False, players=2, open_seats=True)
    be(client, None)
    sign_up(client, "Bob", seats=[])
    offered = create_game(client, redeem=False, players=2, offers=[None, "Ada"])
    be(client, None)
    log_in(client, "Ada")  # another browser: it holds none of the games' tokens
    games = client.get("/api/me/games").json()
    assert [g["id"] for g in games["turn"]] == [created["id"], mine["id"]]
    assert [g["id"] for g in games["offered"]] == [offered["id"]]
    assert games["offered"][0]["token"] is None
    token = games["turn"][1]["token"]
    assert get_view(client, mine["id"], token)["seat"] == 0
    # The token is the account's: no other seat's and no other game's.
    wrong = client.get(
        f"/api/games/{created['id']}/view", headers={"Authorization": f"Bearer {token}"}
    )
    assert wrong.status_code == 403


def test_my_games_needs_an_account(client: Any) -> None:
    response = client.get("/api/me/games")
    assert response.status_code == 401
    assert response.json()["message"]["id"] == "players.log_in_first"


def test_a_player_offers_a_free_seat_to_an_account_by_name(client: Any) -> None:
    sign_up(client, "Bob")
    bob = session(client)
    be(client, None)
    created = create_game(client, redeem=False, players=3)
    token = tokens_of(created)[0]
    url = f"/api/games/{created['id']}/offers"
    assert client.post(url, json={"token": token, "seat": 2, "name": "BOB"}).status_code == 204
    unknown = client.post(url, json={"token": token, "seat": 1, "name": "Nobody"})
    assert unknown.json()["message"]["id"] == "players.no_such_account"
    own = client.post(url, json={"token": token, "seat": 0, "name": "Bob"})
    assert own.status_code == 409 and own.json()["message"]["id"] == "players.offer_taken"
    stranger = client.post(url, json={"token": "not-a-token", "seat": 1, "name": "Bob"})
    assert stranger.status_code == 403
    be(client, bob)
    offered = client.get("/api/me/games").json()["offered"]
    assert [(g["id"], g["my_seat"]) for g in offered] == [(created["id"], 2)]
    assert client.post(f"/api/games/{created['id']}/join", json={}).json()["seat"] == 2


def test_another_site_cannot_log_a_browser_into_an_account(client: Any) -> None:
    sign_up(client, "Mallory")
    be(client, None)
    evil = {"origin": "https://evil.example"}
    body = {"name": "Mallory", "password": PASSWORD}
    assert client.post("/api/session", json=body, headers=evil).status_code == 403
    del client.headers["origin"]  # a browser's cross-site request without an Origin header
    cross = {"sec-fetch-site": "cross-site"}
    assert client.post("/api/session", json=body, headers=cross).status_code == 403
    new = {"name": "Mallory2", "password": PASSWORD}
    assert client.post("/api/accounts", json=new, headers=evil).status_code == 403
    assert me(client) is None
