"""Turn limits (docs/web-api.md, "Turn limits"): a game may give each person so many seconds a
turn; when they run out, a bot plays that turn for them, the view says which actions it
played, and the person plays their next turn themselves."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from sagrada.table_options import MIN_TURN_SECONDS
from web_helpers import (
    TestClient,
    act_ok,
    create_game,
    get_view,
    new_client,
    tokens_of,
    wait_for_view,
)


def run_out_of_time(client: TestClient, game_id: str) -> None:
    """Make the turn under way an hour old, as if its person had gone away."""
    manager = client.app.state.manager  # type: ignore[attr-defined]

    async def age() -> None:
        room = manager.rooms[game_id]
        room.turn_started -= 3600
        room.clock_key = None  # its clock is set again, with the new deadline
        manager.wake_bots(room)

    client.portal.call(age)  # type: ignore[attr-defined]


def test_a_game_without_a_limit_has_no_clock(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        assert get_view(client, created["id"])["clock"] is None


def test_the_seat_to_move_has_a_clock_that_starts_again_each_turn(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        before = time.time()
        created = create_game(client, players=2, turn_seconds=120)
        game_id, tokens = created["id"], tokens_of(created)
        clock = get_view(client, game_id)["clock"]
        assert clock["seat"] == 0 and clock["turn_seconds"] == 120
        assert before + 120 <= clock["deadline"] <= time.time() + 120
        moved = time.time()
        act_ok(client, game_id, tokens[0], "W1")
        clock = get_view(client, game_id)["clock"]
        assert clock["seat"] == 1 and moved + 120 <= clock["deadline"] <= time.time() + 120


def test_when_time_runs_out_a_bot_plays_the_turn_and_the_view_says_so(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, turn_seconds=60)
        game_id, tokens = created["id"], tokens_of(created)
        run_out_of_time(client, game_id)  # seat 0 does not choose a window in time
        view = wait_for_view(client, game_id, lambda v: v["current_player"] == 1)
        assert view["timed_out"] == [0]  # the window choice, made by the stand-in
        act_ok(client, game_id, tokens[1], "W2")  # seat 1 plays in time: nothing is marked
        assert get_view(client, game_id)["timed_out"] == [0]
    with new_client(tmp_path) as client:  # kept with the game
        view: dict[str, Any] = get_view(client, game_id, tokens[0])
        assert view["timed_out"] == [0] and view["clock"]["turn_seconds"] == 60


def test_a_turn_limit_out_of_range_is_refused(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        answer = client.post(
            "/api/games", json={"players": 2, "turn_seconds": MIN_TURN_SECONDS - 1}
        )
        assert answer.status_code == 422 and "turn_seconds" in answer.json()["detail"]


def test_no_stand_in_plays_for_a_seat_nobody_has_taken(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, turn_seconds=60, redeem=False)
        game_id, tokens = created["id"], tokens_of(created)
        act_ok(client, game_id, tokens[0], "W1")  # seat 1's turn: nobody has taken it
        assert get_view(client, game_id)["clock"] is None
        run_out_of_time(client, game_id)  # an hour later: still nobody's clock runs out
        invite = created["seats"][1]["invite"]
        taken = time.time()
        joined = client.post(f"/api/games/{game_id}/join", json={"invite": invite})
        assert joined.status_code == 200
        # Its person's clock starts when the seat is taken, and nothing was played for it.
        view = get_view(client, game_id)
        assert view["current_player"] == 1 and view["timed_out"] == []
        assert view["clock"]["seat"] == 1 and view["clock"]["deadline"] >= taken + 60
