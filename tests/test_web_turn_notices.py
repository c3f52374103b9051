"""Turn notices of correspondence games (issue 29, "Correspondence games and
notifications"; docs/players.md): when a game with a turn limit of an hour or more waits for
an account that is not watching it, the account is told once, by e-mail (its setting) at a
local SMTP server and by Web Push at a local push service that checks the VAPID signature and
decrypts the message (tests/notify_servers.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notify_servers import MailCatcher, PushService
from sagrada.players.turn_notices import NoticeSettings
from web_helpers import (
    PATIENCE,
    be,
    create_game,
    new_client,
    open_socket,
    play_humans,
    session,
    sign_up,
    tokens_of,
)

DAY = 24 * 3600


@pytest.fixture
def mail() -> Iterator[MailCatcher]:
    with MailCatcher() as catcher:
        yield catcher


@pytest.fixture
def client(tmp_path: Path, mail: MailCatcher) -> Iterator[Any]:
    settings = NoticeSettings(
        public_url="https://sagrada.example",
        smtp=f"smtp://127.0.0.1:{mail.port}",
        sender="turns@sagrada.example",
        allow_local_push=True,
    )
    with new_client(tmp_path, notices=settings) as client:
        yield client


def bobs_game(client: Any, push: PushService, turn_seconds: int) -> tuple[str, str, str]:
    """Bob (e-mail and push on) and Ada play a game Ada makes with ``turn_seconds`` a turn;
    return its id, Ada's token and Bob's session."""
    sign_up(client, "Bob")
    bob = session(client)
    assert client.patch("/api/me", json={"email": "bob@example.org", "email_turns": True})
    answer = client.post("/api/push/subscriptions", json=push.subscription)
    assert answer.status_code == 201, answer.text
    be(client, None)
    sign_up(client, "Ada")
    created = create_game(
        client, redeem=False, players=2, turn_seconds=turn_seconds, offers=[None, "Bob"]
    )
    ada = tokens_of(created)[0]
    be(client, bob)
    assert client.post(f"/api/games/{created['id']}/join", json={}).status_code == 200
    be(client, None)
    assert bob is not None
    return created["id"], ada, bob


def bobs_turn(client: Any, game_id: str, ada: str) -> None:
    """Play Ada's seat until it is Bob's turn."""
    play_humans(client, game_id, {0: ada}, lambda view: view["current_player"] == 1)


def wait_for(found: Any) -> None:
    deadline = time.monotonic() + PATIENCE
    while not found():
        assert time.monotonic() < deadline, "no notice came"
        time.sleep(0.02)


def test_a_correspondence_turn_is_told_by_email_and_push_once(
    client: Any, mail: MailCatcher
) -> None:
    key = client.get("/api/push/key").json()["key"]
    with PushService(key) as push:
        game_id, ada, _ = bobs_game(client, push, DAY)
        bobs_turn(client, game_id, ada)
        wait_for(lambda: mail.mails and push.received)
        (sent,) = mail.mails
        assert sent["X-RcptTo"] == "bob@example.org"
        assert sent["Subject"] == "Your turn in Sagrada"
        assert f"https://sagrada.example/game/{game_id}" in sent.get_content()
        (pushed,) = push.received
        assert pushed.payload == {
            "title": "Your turn in Sagrada",
            "body": "Ada is waiting for your move.",
            "url": f"/game/{game_id}",
        }
        assert push.refused == []
        # Told once: looking at the game again tells nothing more.
        client.get(f"/api/games/{game_id}/view")
        time.sleep(0.2)
        assert (len(mail.mails), len(push.received)) == (1, 1)


def test_a_player_watching_the_game_is_not_told(client: Any, mail: MailCatcher) -> None:
    key = client.get("/api/push/key").json()["key"]
    with PushService(key) as push:
        game_id, ada, bob = bobs_game(client, push, DAY)
        be(client, bob)
        token = client.get("/api/me/games").json()["playing"][0]["token"]
        be(client, None)
        with open_socket(client, game_id, token):
            bobs_turn(client, game_id, ada)
            time.sleep(0.3)
        assert (mail.mails, push.received) == ([], [])


def test_a_game_played_in_one_sitting_tells_nobody(client: Any, mail: MailCatcher) -> None:
    key = client.get("/api/push/key").json()["key"]
    with PushService(key) as push:
        game_id, ada, _ = bobs_game(client, push, 600)  # ten minutes a turn: not by post
        bobs_turn(client, game_id, ada)
        time.sleep(0.3)
        assert (mail.mails, push.received) == ([], [])


def test_a_push_subscription_needs_an_account_and_a_good_subscription(client: Any) -> None:
    guest = client.post("/api/push/subscriptions", json={"endpoint": "https://push.example/x"})
    assert guest.status_code == 401
    sign_up(client, "Ada")
    bad = client.post("/api/push/subscriptions", json={"endpoint": "https://push.example/x"})
    assert bad.status_code == 422
    assert bad.json()["message"]["id"] == "players.bad_subscription"
    gone = client.request(
        "DELETE", "/api/push/subscriptions", json={"endpoint": "https://x.example/1"}
    )
    assert gone.status_code == 404


def test_the_service_worker_is_served_at_the_root(client: Any) -> None:
    response = client.get("/push-worker.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert "addEventListener" in response.text
