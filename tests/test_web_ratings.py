"""Rated games through the API (issue 29, "Ratings"; docs/ratings.md, docs/players.md): a
game is rated when every person's seat is an account, hints are off and a turn has a time
limit; both players' ratings move at its end; a seat left to the stand-in bot three turns in
a row counts as a loss, whatever its points."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from test_web_clock import run_out_of_time
from web_helpers import (
    PATIENCE,
    act_ok,
    be,
    create_game,
    draft_or_pass,
    get_view,
    new_client,
    play_humans,
    session,
    sign_up,
    summary,
)


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with new_client(tmp_path) as client:
        yield client


def accounts_game(client: Any, **options: Any) -> tuple[str, dict[int, str], str, str]:
    """Ada's two-player game with ``options``, Bob (offered the second seat) in it; return
    its id, the tokens by seat and the two sessions."""
    sign_up(client, "Bob")
    bob = session(client)
    be(client, None)
    sign_up(client, "Ada")
    ada = session(client)
    created = create_game(client, redeem=False, players=2, offers=[None, "Bob"], **options)
    be(client, bob)
    joined = client.post(f"/api/games/{created['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    tokens = {0: created["seats"][0]["token"], 1: joined.json()["token"]}
    assert ada is not None and bob is not None
    return created["id"], tokens, ada, bob


def profile(client: Any, name: str) -> dict[str, Any]:
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def two_player_rating(client: Any, name: str) -> dict[str, Any]:
    return next(r for r in profile(client, name)["ratings"] if r["mode"] == "2p")


def test_two_accounts_play_a_rated_game_and_both_ratings_move(client: Any) -> None:
    game_id, tokens, _, _ = accounts_game(client, turn_seconds=600)
    assert summary(client, game_id)["rated"] == "2p"
    final = play_humans(client, game_id, tokens, lambda view: False)
    assert final["phase"] == "over"
    winners = summary(client, game_id)["winners"]
    ada, bob = two_player_rating(client, "Ada"), two_player_rating(client, "Bob")
    assert ada["games"] == bob["games"] == 1
    # OpenSkill's Plackett-Luce, both at 25 before: the winner's mean rises by as much as the
    # loser's falls (2.64, docs/ratings.md), and both are surer than a new account's 8.33.
    won, lost = (ada, bob) if winners == [0] else (bob, ada)
    assert won["rating"]["mu"] == pytest.approx(25 + 2.6354, abs=1e-3)
    assert lost["rating"]["mu"] == pytest.approx(25 - 2.6354, abs=1e-3)
    assert won["rating"]["sigma"] < 25 / 3 and lost["rating"]["sigma"] < 25 / 3
    assert [point["id"] for point in won["history"]] == [game_id]


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({}, "no turn limit"),
        ({"turn_seconds": 600, "hints": True}, "hints on"),
    ],
)
def test_a_game_without_a_limit_or_with_hints_is_not_rated(
    client: Any, options: dict[str, Any], why: str
) -> None:
    game_id, _, _, _ = accounts_game(client, **options)
    assert summary(client, game_id)["rated"] is None, why


def test_a_game_with_a_guest_is_not_rated_until_every_seat_is_an_accounts(client: Any) -> None:
    sign_up(client, "Ada")
    created = create_game(client, redeem=False, players=2, turn_seconds=600, open_seats=True)
    assert summary(client, created["id"])["rated"] is None  # a seat nobody took yet
    be(client, None)
    assert client.post(f"/api/games/{created['id']}/join", json={}).status_code == 200
    assert summary(client, created["id"])["rated"] is None  # a guest took it
    # Against a bot with a measured rating, a lone account's game is rated.
    sign_up(client, "Bob")
    against_bot = create_game(client, players=2, bots=[None, "easy"], turn_seconds=600)
    assert summary(client, against_bot["id"])["rated"] == "2p"


def test_a_seat_left_to_the_stand_in_three_turns_in_a_row_counts_as_a_loss(client: Any) -> None:
    game_id, tokens, _, _ = accounts_game(client, turn_seconds=60)
    left = 0
    for _ in range(5000):
        view = get_view(client, game_id)
        if view["phase"] == "over":
            break
        seat = view["current_player"]
        if seat == 1 and left < 3:
            # Bob is away for his first three turns: the stand-in bot plays them.
            run_out_of_time(client, game_id)
            # The stand-in plays the turn; the next turn (Bob's again, in a round's second
            # half) has a clock of its own, which ends in the future.
            deadline = time.monotonic() + PATIENCE
            while (clock := get_view(client, game_id)["clock"]) and clock["deadline"] < time.time():
                assert time.monotonic() < deadline, "the stand-in did not play"
                time.sleep(0.01)
            left += 1
            continue
        legal = get_view(client, game_id, tokens[seat])["legal_actions"]
        act_ok(client, game_id, tokens[seat], draft_or_pass(legal))
    games = {p: profile(client, p)["games"]["list"][0] for p in ("Ada", "Bob")}
    assert games["Bob"]["abandoned"] is True and games["Bob"]["place"] == 2
    assert games["Ada"]["abandoned"] is False and games["Ada"]["place"] == 1
    assert two_player_rating(client, "Bob")["rating"]["mu"] < 25


def test_a_game_says_before_its_seats_are_taken_that_accounts_will_make_it_rated(
    client: Any,
) -> None:
    created = create_game(client, redeem=False, players=2, turn_seconds=600)
    game = summary(client, created["id"])
    assert (game["rated"], game["rateable"]) == (None, "2p")
    casual = create_game(client, redeem=False, players=2)  # no turn limit: never rated
    assert summary(client, casual["id"])["rateable"] is None
    bots_only = create_game(client, players=2, bots=["easy", "hard"], turn_seconds=600)
    assert summary(client, bots_only["id"])["rateable"] is None
