"""Hints (docs/web-api.md, "Hints"): in a game whose creator allows them, a player may ask
what the strong bot would do in their place: its best three actions, each with the value it
expects (docs/bots.md, "Hints"); the log marks each action a hint was asked for, whichever
action is then played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import (
    TestClient,
    act_ok,
    bearer,
    create_game,
    get_view,
    new_client,
    start_play,
    tokens_of,
    wait_for_view,
)


def ask(client: TestClient, game_id: str, token: str) -> object:
    return client.post(f"/api/games/{game_id}/hint", json={"token": token})


def test_hints_are_off_unless_the_creator_allows_them(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        answer = ask(client, created["id"], tokens_of(created)[0])
        assert answer.status_code == 409  # type: ignore[attr-defined]
        assert get_view(client, created["id"])["game"]["hints"] is False


def test_a_hint_is_a_legal_action_of_the_asking_player_and_the_log_marks_it(
    tmp_path: Path,
) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, hints=True)
        game_id, tokens = created["id"], tokens_of(created)
        spectator = start_play(client, game_id, tokens)
        seat = spectator["current_player"]
        other = 1 - seat
        assert ask(client, game_id, tokens[other]).status_code == 409  # not their turn
        assert ask(client, game_id, "x" * 32).status_code == 403
        mine = get_view(client, game_id, tokens[seat])
        answer = ask(client, game_id, tokens[seat])
        assert answer.status_code == 200  # type: ignore[attr-defined]
        hint = answer.json()  # type: ignore[attr-defined]
        assert hint["bot"] == "hard" and hint["action"] in mine["legal_actions"]
        check_top(hint, mine["legal_actions"], "relative", "simulations")
        assert hint["top"][0]["value"] == 0  # the best, against itself
        number = len(mine["history"])
        assert get_view(client, game_id)["hinted"] == [number]  # everyone's log shows it
        # The second suggestion is played: the player used the hint all the same.
        act_ok(client, game_id, tokens[seat], hint["top"][1]["action"])
    with new_client(tmp_path) as client:  # kept with the game
        assert get_view(client, game_id)["hinted"] == [number]


def check_top(hint: dict[str, Any], legal: list[str], scale: str, basis: str) -> None:
    """The hint's best actions: three (or every legal action, if fewer), legal, distinct,
    best first, on one scale; ``action`` is the first."""
    top = hint["top"]
    assert len(top) == min(3, len(legal))
    actions = [entry["action"] for entry in top]
    assert set(actions) <= set(legal) and len(set(actions)) == len(actions)
    assert hint["action"] == actions[0]
    values = [entry["value"] for entry in top]
    assert values == sorted(values, reverse=True)
    for entry in top:
        assert set(entry) == {"action", "value", "scale", "samples", "basis"}
        assert (entry["scale"], entry["basis"]) == (scale, basis) and entry["samples"] >= 1


def test_the_card_game_offers_hints_from_its_planner_on_the_margin_scale(
    tmp_path: Path,
) -> None:
    # Its hint bot is the planner (docs/bots.md, "Hints"): each value is the final score less
    # the target that the action's best plan is expected to reach.
    with new_client(tmp_path) as client:
        plain = create_game(client, game="cards")
        assert ask(client, plain["id"], tokens_of(plain)[0]).status_code == 409  # off
        created = create_game(client, game="cards", tools=3, hints=True)
        game_id, token = created["id"], tokens_of(created)[0]
        assert get_view(client, game_id)["game"]["hints"] is True
        mine = get_view(client, game_id, token)
        assert ask(client, game_id, "x" * 32).status_code == 403  # no seat of this game
        answer = ask(client, game_id, token)
        assert answer.status_code == 200  # type: ignore[attr-defined]
        hint = answer.json()  # type: ignore[attr-defined]
        assert hint["bot"] == "plan"
        check_top(hint, mine["legal_actions"], "margin", "positions")
        assert get_view(client, game_id)["hinted"] == [0]
        # Another suggestion is played: the hint was used all the same.
        view = act_ok(client, game_id, token, hint["top"][1]["action"])
        assert view["hinted"] == [0]
        # A view carrying the log from action 1 on carries the numbers from there only.
        url = f"/api/games/{game_id}/view?since=1"
        part = client.get(url, headers=bearer(token)).json()
        assert part["history_from"] == 1 and part["history"] == [] and part["hinted"] == []
        while view["legal_actions"]:
            view = act_ok(client, game_id, token, view["legal_actions"][0])
        assert ask(client, game_id, token).status_code == 409  # over: no one's turn
        # The card game's page shows no clock: it is offered without a time limit.
        timed = client.post("/api/games", json={"game": "cards", "turn_seconds": 60})
        assert timed.status_code == 422 and "turn_seconds" in timed.json()["detail"]


def test_a_searching_bot_thinks_in_another_process_and_moves(tmp_path: Path) -> None:
    # `hard` (MCTS) thinks in a worker process: its view must cross to it (it once could not,
    # and the bot never moved).
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, bots=[None, "hard"])
        game_id, tokens = created["id"], tokens_of(created)
        act_ok(client, game_id, tokens[0], "W1")
        view = wait_for_view(client, game_id, lambda v: len(v["history"]) >= 2)
        assert view["history_seats"][1] == 1
