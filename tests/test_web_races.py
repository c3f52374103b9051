"""Ratings move once, however many server processes race (issue 29, "multi-process safe
(ratings and attempts updated once under concurrent requests: a test races them)";
docs/players.md, "Results and ratings").

Two real server processes on the PostgreSQL database that ``SAGRADA_TEST_DATABASE_URL``
names (``make test`` runs this file on a throw-away one):

* the last move of a rated game sent to both processes at once ends the game once: one
  answer 200, the other 409, and each player's rating has moved once;
* two rated games of one account ending at once, each on another process, both move its
  rating: neither update is lost.

(The daily challenge's attempt, raced, is in tests/test_web_daily.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from test_web_processes import DATABASE, Server, move_of, view

pytestmark = pytest.mark.skipif(
    not DATABASE.startswith("postgresql"),
    reason="needs PostgreSQL: make test runs it on a throw-away one (scripts/with_postgres.py)",
)
PASSWORD = "correct horse battery"
#: An hour a turn: the games are rated (a turn limit, hints off, accounts in every seat).
HOUR = 3600


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    from sagrada.web.store import Store, metadata

    store = Store(DATABASE)
    metadata.drop_all(store.engine)
    store.close()
    started = [Server(DATABASE).start(), Server(DATABASE).start()]
    yield started
    for server in started:
        server.stop()


class Browser:
    """One person's browser: their session cookie, sent to either process with that
    process's own address as the page's ``Origin``."""

    def __init__(self, name: str, server: Server) -> None:
        self.http = httpx.Client(timeout=10)
        self.name = name
        answer = self.post(server, "/api/accounts", {"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text

    def post(self, server: Server, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.http.post(server.url + path, json=body, headers={"origin": server.url})

    def ratings(self, server: Server) -> dict[str, dict[str, Any]]:
        profile = self.http.get(f"{server.url}/api/players/{self.name}")
        assert profile.status_code == 200, profile.text
        return {entry["mode"]: entry for entry in profile.json()["ratings"]}


def rated_game(server: Server, host: Browser, guest: Browser) -> tuple[str, dict[int, str]]:
    """A rated two-player game of ``host`` and ``guest`` (offered the seat, then joined)."""
    body = {"players": 2, "turn_seconds": HOUR, "offers": [None, guest.name]}
    created = host.post(server, "/api/games", body)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    joined = guest.post(server, f"/api/games/{game_id}/join", {})
    assert joined.status_code == 200, joined.text
    tokens = {0: created.json()["seats"][0]["token"], 1: joined.json()["token"]}
    assert httpx.get(f"{server.url}/api/games/{game_id}").json()["rated"] == "2p"
    return game_id, tokens


def last_move(server: Server, game_id: str, tokens: dict[int, str]) -> tuple[str, str]:
    """Play the game until the next move ends it (the preview says so); return that move
    and the token of the seat that plays it."""
    for _ in range(1000):
        seat = view(server, game_id)["current_player"]
        current = view(server, game_id, tokens[seat])
        move = move_of(current)
        trial = httpx.post(
            f"{server.url}/api/games/{game_id}/preview",
            json={"token": tokens[seat], "actions": [move]},
            timeout=10,
        )
        assert trial.status_code == 200, trial.text
        if not trial.json()["chance"] and trial.json()["view"]["phase"] == "over":
            return move, tokens[seat]
        answer = act(server, game_id, tokens[seat], move)
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not come to its last move")


def act(server: Server, game_id: str, token: str, move: str) -> httpx.Response:
    body = {"token": token, "action": move}
    return httpx.post(f"{server.url}/api/games/{game_id}/actions", json=body, timeout=20)


def test_the_last_move_sent_to_both_processes_moves_the_ratings_once(
    servers: list[Server],
) -> None:
    one, other = servers
    ada, bob = Browser("Ada", one), Browser("Bob", one)
    game_id, tokens = rated_game(one, ada, bob)
    move, token = last_move(one, game_id, tokens)
    with ThreadPoolExecutor(2) as pool:
        sent = [pool.submit(act, server, game_id, token, move) for server in servers]
        codes = sorted(answer.result().status_code for answer in sent)
    assert codes == [200, 409]
    for player in (ada, bob):
        rating = player.ratings(other)["2p"]
        assert rating["games"] == 1
        assert [point["id"] for point in rating["history"]] == [game_id]
    # One won and one lost (or they tied): their means moved apart, or not at all.
    means = sorted(p.ratings(one)["2p"]["rating"]["mu"] for p in (ada, bob))
    assert means[0] <= 25 <= means[1]


def test_two_games_of_one_account_ending_at_once_both_move_its_rating(
    servers: list[Server],
) -> None:
    one, other = servers
    ada, bob, cleo = Browser("Ada", one), Browser("Bob", one), Browser("Cleo", one)
    first, first_tokens = rated_game(one, ada, bob)
    second, second_tokens = rated_game(one, ada, cleo)
    ends = [last_move(one, first, first_tokens), last_move(one, second, second_tokens)]
    with ThreadPoolExecutor(2) as pool:
        sent = [
            pool.submit(act, one, first, ends[0][1], ends[0][0]),
            pool.submit(act, other, second, ends[1][1], ends[1][0]),
        ]
        assert [answer.result().status_code for answer in sent] == [200, 200]
    rating = ada.ratings(other)["2p"]
    assert rating["games"] == 2
    assert sorted(point["id"] for point in rating["history"]) == sorted([first, second])
