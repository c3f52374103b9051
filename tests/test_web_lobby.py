"""The lobby's lists (docs/web-api.md, "GET /api/games"): a page at a time, the finished games
to replay, and the expiry of games nobody plays (``sagrada.web.expiry``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from sagrada.web.expiry import EXPIRE_ABANDONED, EXPIRE_WAITING
from sagrada.web.routes.games import LOBBY_PAGE
from web_helpers import (
    TestClient,
    create_game,
    finished_game,
    get_view,
    new_client,
    play_humans,
    start_play,
    summary,
    tokens_of,
)

DAY = 24 * 3600


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def lobby(client: TestClient, **query: Any) -> dict[str, Any]:
    response = client.get("/api/games", params=query)
    assert response.status_code == 200, response.text
    return dict(response.json())


def expire(client: TestClient, after: float) -> list[str]:
    """Sweep as the server would ``after`` seconds from now (in the server's event loop)."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    return list(client.portal.call(manager.expire, time.time() + after))  # type: ignore[attr-defined]


def test_the_lobby_comes_a_page_at_a_time_newest_first(client: TestClient) -> None:
    made = [create_game(client, players=2, redeem=False)["id"] for _ in range(LOBBY_PAGE + 3)]
    first = lobby(client)
    assert (first["page"], first["pages"], first["total"]) == (1, 2, LOBBY_PAGE + 3)
    assert [g["id"] for g in first["games"]] == made[::-1][:LOBBY_PAGE]
    second = lobby(client, page=2)
    assert [g["id"] for g in second["games"]] == made[::-1][LOBBY_PAGE:]
    assert lobby(client, page=3)["games"] == []
    assert client.get("/api/games", params={"page": 0}).status_code == 422


def test_finished_games_are_listed_apart_to_be_replayed(client: TestClient) -> None:
    live = create_game(client, players=2, redeem=False)["id"]
    over = finished_game(client)
    assert [g["id"] for g in lobby(client)["games"]] == [live]
    finished = lobby(client, list="finished")
    assert [(g["id"], g["status"]) for g in finished["games"]] == [(over, "over")]
    assert client.get(f"/api/games/{over}/replay/0").status_code == 200
    assert client.get("/api/games", params={"list": "everything"}).status_code == 422


def test_a_game_waiting_for_a_person_expires_after_a_day_without_a_move(
    client: TestClient,
) -> None:
    waiting = create_game(client, players=2, redeem=False)["id"]  # the friend never came
    assert expire(client, EXPIRE_WAITING - 60) == []
    assert expire(client, EXPIRE_WAITING + 60) == [waiting]
    assert lobby(client)["games"] == []
    gone = client.get(f"/api/games/{waiting}")
    assert gone.status_code == 410 and "expired" in gone.json()["detail"]


def test_a_game_people_play_is_kept_and_one_they_abandoned_expires_after_a_week(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)  # the friend took the invited seat
    game_id, tokens = created["id"], tokens_of(created)
    start_play(client, game_id, tokens)  # both have chosen their windows
    assert expire(client, 2 * DAY) == []  # waiting for nobody: a day is not enough
    assert [g["id"] for g in lobby(client)["games"]] == [game_id]
    assert expire(client, EXPIRE_ABANDONED + 60) == [game_id]
    assert client.get(f"/api/games/{game_id}/view").status_code == 410


def test_a_finished_game_never_expires(client: TestClient) -> None:
    over = finished_game(client)
    assert expire(client, 10 * EXPIRE_ABANDONED) == []
    assert [g["id"] for g in lobby(client, list="finished")["games"]] == [over]


# -- rematch -------------------------------------------------------------------------------------


def test_a_rematch_replays_the_options_and_seats_and_carries_each_players_seat_over(
    client: TestClient,
) -> None:
    created = create_game(client, players=3, bots=[None, "random", None], names=["Ann", "Bo", "Cy"])
    game_id, tokens = created["id"], tokens_of(created)
    refused = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert refused.status_code == 409  # not over yet
    play_humans(client, game_id, tokens, lambda v: False)  # to the end
    first = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[2]})
    assert first.status_code == 200, first.text
    again = first.json()
    assert again["seat"] == 2 and again["id"] != game_id
    old, new = summary(client, game_id), summary(client, again["id"])
    assert old["rematch"] == again["id"]  # every player's page learns of it
    assert new["config"] == old["config"]
    assert [(s["name"], s["kind"], s["bot"]) for s in new["seats"]] == [
        (s["name"], s["kind"], s["bot"]) for s in old["seats"]
    ]
    # A stranger cannot take Ann's seat; Ann takes it with her token of the first game.
    assert client.post(f"/api/games/{again['id']}/join", json={}).status_code == 409
    second = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert second.json()["id"] == again["id"] and second.json()["seat"] == 0
    assert get_view(client, again["id"], second.json()["token"])["seat"] == 0
    twice = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert twice.status_code == 409
    watcher = client.post(f"/api/games/{game_id}/rematch", json={"token": "x" * 32})
    assert watcher.status_code == 403
