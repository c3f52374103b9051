"""The game server's HTTP and WebSocket API, pinned against its contract, docs/web-api.md.

Every test runs a fresh server on its own SQLite file (``web_helpers.new_client``) with
``bot_delay=0``, so bot seats move at once in the server's event loop; a test waits for its
turn by polling the view. The sections follow the contract: creating games and their options,
the lobby and seats, views and actions with the token rules, previews of tool steps, records
and replays, what each seat may see (redaction), restarts, limits, bad input, and WebSockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from helpers import fingerprint
from sagrada.core.content import catalog
from sagrada.games.dice.rules.actions import action_fields, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.record import GameRecord
from sagrada.i18n import catalogue_json
from sagrada.web.limits import Limits
from sagrada.web.rooms import GameError, GameManager
from sagrada.web.store import Store
from web_helpers import (
    DRAFT,
    TestClient,
    act,
    act_ok,
    bearer,
    create_game,
    draft_or_pass,
    finished_game,
    get_view,
    new_client,
    open_socket,
    play_humans,
    preview,
    receive,
    receive_until_seq,
    start_play,
    summary,
    tokens_of,
    wait_for_view,
)


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def room_of(client: TestClient, game_id: str) -> Any:
    """The server's own room of a game (the truth the views are redacted from)."""
    return client.app.state.manager.rooms[game_id]


def game_in_play(client: TestClient, **options: Any) -> tuple[str, dict[int, str], int]:
    """A two-person game past setup: its id, the tokens, and the seat whose turn it is."""
    created = create_game(client, players=2, **options)
    tokens = tokens_of(created)
    spectator = start_play(client, created["id"], tokens)
    return created["id"], tokens, spectator["current_player"]


def snapshot(client: TestClient, game_id: str, tokens: dict[int, str]) -> Any:
    """Everything a rejected request must leave alone: every view, the room, the database."""
    views = [get_view(client, game_id, t) for t in tokens.values()]
    views.append(get_view(client, game_id))
    stored = client.app.state.store.load(game_id)
    return views, fingerprint(room_of(client, game_id).state), stored.actions


# -- creating games ----------------------------------------------------------------------------


def test_two_players_need_only_the_player_count(client: TestClient) -> None:
    created = create_game(client, players=2, redeem=False)
    seats = created["seats"]
    assert [(s["seat"], s["kind"], s["bot"]) for s in seats] == [
        (0, "human", None),
        (1, "human", None),
    ]
    # The creator's seat comes with its token; the other person's with a one-time invite code
    # (never a token: the creator must not hold another player's secret).
    assert isinstance(seats[0]["token"], str) and len(seats[0]["token"]) == 32
    assert seats[0]["invite"] is None
    assert seats[1]["token"] is None
    assert isinstance(seats[1]["invite"], str) and len(seats[1]["invite"]) == 16
    game = summary(client, created["id"])
    assert game["players"] == 2
    assert game["status"] == "running"  # the second seat waits for the invited person
    assert game["round"] == 1
    assert game["winners"] is None
    assert [(s["name"], s["claimed"]) for s in game["seats"]] == [
        ("Player 1", True),
        ("Player 2", False),
    ]


def test_each_seat_can_be_a_bot_that_moves_by_itself(client: TestClient) -> None:
    created = create_game(client, players=3, bots=[None, "easy", "medium"])
    assert [(s["kind"], s["bot"], s["token"] is None) for s in created["seats"]] == [
        ("human", None, False),
        ("bot", "easy", True),
        ("bot", "medium", True),
    ]
    game_id, token = created["id"], created["seats"][0]["token"]
    game = summary(client, game_id)
    assert game["status"] == "running"  # no human seat is left to claim
    assert [s["name"] for s in game["seats"]] == [
        "Player 1",
        "Player 2 (easy bot)",
        "Player 3 (medium bot)",
    ]
    act_ok(client, game_id, token, "W1")
    view = wait_for_view(
        client, game_id, lambda v: v["phase"] == "play" and v["current_player"] == 0, token
    )
    assert all(p["window"] is not None for p in view["players"])
    assert view["legal_actions"]


def test_names_name_the_seats_bots_included(client: TestClient) -> None:
    created = create_game(client, players=2, bots=[None, "random"], names=["Ann", "Robo"])
    assert [s["name"] for s in summary(client, created["id"])["seats"]] == ["Ann", "Robo"]


def test_a_solo_game_has_one_seat_and_as_many_tools_as_its_difficulty(
    client: TestClient,
) -> None:
    created = create_game(client, players=1, solo_tools=5)
    assert len(created["seats"]) == 1
    view = get_view(client, created["id"], created["seats"][0]["token"])
    assert view["solo"] is True
    assert len(view["tools"]) == 5
    assert len(view["public_objectives"]) == 2
    assert summary(client, created["id"])["status"] == "running"


def test_private_pools_give_each_seat_two_dice_of_each_colour(client: TestClient) -> None:
    created = create_game(client, players=2, private_pools=True, tools=[13, 1, 2])
    view = get_view(client, created["id"], created["seats"][0]["token"])
    assert view["private_pools"] is True
    assert {t["number"] for t in view["tools"]} == {13, 1, 2}
    for player in view["players"]:
        pool = player["private_dice_pool"]
        assert len(pool) == 10
        assert sorted({d[0] for d in pool}) == ["B", "G", "P", "R", "Y"]


def test_tools_and_public_objectives_can_be_chosen_by_number_name_or_id(
    client: TestClient,
) -> None:
    created = create_game(
        client,
        players=2,
        tools=[6, "Grozing Pliers", 2],
        public_objectives=["Light Shades", "color_diagonals", "Row Color Variety"],
    )
    view = get_view(client, created["id"])
    assert [t["number"] for t in view["tools"]] == [6, 1, 2]
    assert {o["id"] for o in view["public_objectives"]} == {
        "set_values_1_2",
        "color_diagonals",
        "row_color_variety",
    }


BAD_OPTIONS = [
    ({"players": "2"}, "players"),  # strict: a string is not a number
    ({"players": 2.5}, "players"),  # 2.0 is 2 (JSON Schema integer): test_openapi.py
    ({"players": True}, "players"),
    ({}, "players"),
    ({"players": 0}, "players"),
    ({"players": 7}, "players"),
    ({"players": 10**30}, "players"),
    ({"players": 2, "colour": "red"}, "colour"),
    ({"players": 2, "bots": [None]}, "bots"),
    ({"players": 2, "bots": [None, "godlike"]}, "godlike"),
    ({"players": 2, "bots": "easy"}, "bots"),
    ({"players": 2, "bots": [None, 3]}, "bots"),
    ({"players": 2, "names": ["Ann"]}, "names"),
    ({"players": 2, "names": ["Ann", ""]}, "names"),
    ({"players": 2, "names": ["Ann", "x" * 41]}, "names"),
    ({"players": 1, "solo_tools": 0}, "solo_tools"),
    ({"players": 1, "solo_tools": 6}, "solo_tools"),
    ({"players": 1, "solo_tools": "3"}, "solo_tools"),
    ({"players": 2, "tools": [1, 2]}, "tools"),
    ({"players": 2, "tools": [1, 2, 3, 4, 5, 6]}, "tools"),
    ({"players": 2, "tools": [1, 2, 99]}, "99"),
    ({"players": 2, "tools": [1, 1, 2]}, "twice"),
    ({"players": 2, "tools": [True, 2, 3]}, "tools"),
    ({"players": 2, "tools": [13, 1, 2]}, "Private Dice Pool"),
    ({"players": 2, "tools": [7, 1, 2], "private_pools": True}, "Private Dice Pool"),
    ({"players": 2, "public_objectives": ["No Such Card", "Light Shades", "Color Variety"]}, "No"),
    ({"players": 2, "public_objectives": [1, 2, 3]}, "public_objectives"),
    ({"players": 2, "public_objectives": ["Light Shades"]}, "public_objectives"),
    ({"players": 2, "full_bag": "yes"}, "full_bag"),
    ({"players": 5, "full_bag": True}, "full_bag"),
    ({"players": 1, "solo_private_objectives": 3}, "solo_private_objectives"),
    ({"players": 2, "tie_break": "coin"}, "tie_break"),
    ({"players": 1, "private_pools": True}, "Private Dice Pool"),
    ({"players": 2, "private_objectives": "basic"}, "private_objectives"),
    ({"players": 2, "expansion": 1}, "expansion"),
]


@pytest.mark.parametrize(("options", "reason"), BAD_OPTIONS, ids=[str(o) for o, _ in BAD_OPTIONS])
def test_every_bad_option_is_refused_with_422_and_a_reason(
    client: TestClient, options: Any, reason: str
) -> None:
    response = client.post("/api/games", json=options)
    assert response.status_code == 422, response.text
    assert reason in response.json()["detail"]
    assert client.get("/api/games").json()["games"] == []  # nothing was created


@pytest.mark.parametrize(
    "seed",
    [-1, 18446744073709551616, 10**30],  # below 0, 2**64, far beyond
    ids=["negative", "2**64", "10**30"],
)
def test_a_seed_outside_the_range_is_refused_with_422_and_a_reason(
    client: TestClient, seed: int
) -> None:
    response = client.post("/api/games", json={"players": 2, "seed": seed})
    assert response.status_code == 422, response.text
    assert response.json()["detail"] == "seed: Extra inputs are not permitted"
    assert client.get("/api/games").json()["games"] == []  # nothing was created


@pytest.mark.parametrize("seed", [0, 18446744073709551615], ids=["0", "2**64-1"])
def test_no_client_chooses_a_seed_even_in_range(client: TestClient, seed: int) -> None:
    # The seed decides every die to come, and a game's seed is published only with its record,
    # once it is over (docs/web-api.md): the server draws it, so no seed is taken from a client,
    # not even one from 0 to 2**64 - 1.
    response = client.post("/api/games", json={"players": 2, "seed": seed})
    assert response.status_code == 422, response.text
    assert "seed" in response.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


# -- the lobby, summaries and seats ------------------------------------------------------------


def test_lobby_lists_open_and_running_games_newest_first_but_not_finished_ones(
    client: TestClient,
) -> None:
    over = finished_game(client)
    open_game = create_game(client, players=2, open_seats=True, redeem=False)["id"]
    running = create_game(client, players=2, bots=[None, "random"])["id"]
    games = client.get("/api/games").json()["games"]
    assert [(g["id"], g["status"]) for g in games] == [(running, "running"), (open_game, "open")]
    assert over not in {g["id"] for g in games}
    finished = summary(client, over)
    assert finished["status"] == "over"
    assert finished["winners"]


def test_an_unknown_game_is_404_everywhere(client: TestClient) -> None:
    for path in ("", "/view", "/record", "/replay/0"):
        response = client.get(f"/api/games/nosuchgame{path}")
        assert response.status_code == 404, path
        assert response.json()["detail"] == "no such game"
    body = {"token": "x" * 32, "actions": ["pass"]}
    for path in ("/actions", "/preview"):
        assert client.post(f"/api/games/nosuchgame{path}", json=body).status_code == 404, path
    assert client.post("/api/games/nosuchgame/join").status_code == 404


def test_join_gives_the_first_unclaimed_human_seat_a_token_then_409(client: TestClient) -> None:
    created = create_game(
        client, players=3, bots=[None, "random", None], open_seats=True, redeem=False
    )
    game_id = created["id"]
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "Zoe"})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 2  # seat 0 is the creator's, seat 1 a bot's
    token = joined.json()["token"]
    assert len(token) == 32
    assert get_view(client, game_id, token)["seat"] == 2
    game = summary(client, game_id)
    assert game["status"] == "running"
    assert game["seats"][2] == {
        "seat": 2,
        "kind": "human",
        "bot": None,
        "name": "Zoe",
        "claimed": True,
        "open": False,  # taken: no longer open to anyone
        "account": False,  # a guest's
    }
    again = client.post(f"/api/games/{game_id}/join")
    assert again.status_code == 409
    assert again.json()["detail"]


def test_join_never_takes_a_seat_already_played_with_its_invite_token(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)  # the friend redeemed the invite of seat 1
    game_id, tokens = created["id"], tokens_of(created)
    act_ok(client, game_id, tokens[0], "W1")
    act_ok(client, game_id, tokens[1], "W1")  # the invited friend plays seat 1
    assert client.post(f"/api/games/{game_id}/join").status_code == 409
    assert get_view(client, game_id, tokens[1])["seat"] == 1


def test_an_invite_code_gives_a_fresh_token_once_and_the_creator_never_holds_it(
    client: TestClient,
) -> None:
    created = create_game(client, players=2, redeem=False)
    game_id, invite = created["id"], created["seats"][1]["invite"]
    creator = created["seats"][0]["token"]
    # The invite code is not a token: it cannot read or act for the seat.
    assert client.get(f"/api/games/{game_id}/view", headers=bearer(invite)).status_code == 403
    joined = client.post(f"/api/games/{game_id}/join", json={"invite": invite})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    token = joined.json()["token"]
    assert token not in (invite, creator)
    # Used once: the code gives nothing more, not even to the creator who knows it.
    again = client.post(f"/api/games/{game_id}/join", json={"invite": invite})
    assert again.status_code == 409
    wrong = client.post(f"/api/games/{game_id}/join", json={"invite": "not-an-invite-code"})
    assert wrong.status_code == 403
    assert get_view(client, game_id, token)["seat"] == 1


def test_by_default_a_stranger_cannot_take_the_seat_meant_for_an_invited_friend(
    client: TestClient,
) -> None:
    created = create_game(client, players=2, redeem=False)
    game_id = created["id"]
    game = summary(client, game_id)
    assert game["status"] == "running"  # not listed as open: nobody may just join
    assert game["seats"][1]["open"] is False
    refused = client.post(f"/api/games/{game_id}/join", json={})
    assert refused.status_code == 409
    assert refused.json()["detail"] == "the free seats of this game are for invited players"
    invite = created["seats"][1]["invite"]
    joined = client.post(f"/api/games/{game_id}/join", json={"invite": invite})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_open_seats_can_be_taken_from_the_lobby(client: TestClient) -> None:
    created = create_game(client, players=2, open_seats=True, redeem=False)
    game_id = created["id"]
    game = summary(client, game_id)
    assert game["status"] == "open"
    assert game["seats"][1]["open"] is True
    assert client.post(f"/api/games/{game_id}/join", json={}).json()["seat"] == 1


def test_an_action_list_stops_at_a_dice_roll_so_no_result_is_seen_before_it_counts(
    client: TestClient,
) -> None:
    # Flux Brush (6) re-rolls the die taken: a list that goes on after that step is refused
    # whole, so the refusal cannot describe the rolled value; nothing is committed.
    created = create_game(client, players=2, tools=[6, 1, 2])
    game_id, tokens = created["id"], tokens_of(created)
    act_ok(client, game_id, tokens[0], "W1")
    act_ok(client, game_id, tokens[1], "W1")
    view = get_view(client, game_id)
    seat = view["current_player"]
    die = get_view(client, game_id, tokens[seat])["draft_pool"][0]
    before = get_view(client, game_id, tokens[seat])
    answer = client.post(
        f"/api/games/{game_id}/actions",
        json={"token": tokens[seat], "actions": ["T6", die, "pass"]},
    )
    assert answer.status_code == 422
    assert "rolls or draws dice" in answer.json()["detail"]
    after = get_view(client, game_id, tokens[seat])
    assert after["history"] == before["history"]
    assert after["players"][seat]["favor_tokens"] == before["players"][seat]["favor_tokens"]
    # Ending with the roll is fine: it is committed, and its result shown only then.
    done = client.post(
        f"/api/games/{game_id}/actions", json={"token": tokens[seat], "actions": ["T6", die]}
    )
    assert done.status_code == 200, done.text


# -- views, actions and the token rules --------------------------------------------------------


def test_the_view_without_a_token_is_the_spectators(client: TestClient) -> None:
    created = create_game(client, players=2)
    view = get_view(client, created["id"])
    assert view["seat"] == -1
    assert view["legal_actions"] == []
    for player in view["players"]:
        assert "private_objectives" not in player
        assert "window_options" not in player
    assert view["game"] == summary(client, created["id"])


def test_a_seats_view_has_its_secrets_and_legal_actions_only_on_its_turn(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)
    game_id, tokens = created["id"], tokens_of(created)
    first = get_view(client, game_id, tokens[0])
    assert first["seat"] == 0 and first["phase"] == "setup" and first["current_player"] == 0
    assert first["legal_actions"] == ["W1", "W2", "W3", "W4"]
    mine, theirs = first["players"]
    assert len(mine["private_objectives"]) == 1
    assert len(mine["window_options"]) == 4
    assert "private_objectives" not in theirs and "window_options" not in theirs
    second = get_view(client, game_id, tokens[1])
    assert second["legal_actions"] == []
    assert "private_objectives" not in second["players"][0]


def test_an_action_answers_the_seats_new_view(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, tokens = created["id"], tokens_of(created)
    view = act_ok(client, game_id, tokens[0], "W1")
    assert view["seat"] == 0
    assert view["history"] == ["W1"]
    assert view["current_player"] == 1
    assert view["legal_actions"] == []


def test_a_list_of_actions_is_applied_together(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client)
    token = tokens[seat]
    before = get_view(client, game_id, token)
    draft = draft_or_pass(before["legal_actions"])
    assert DRAFT.match(draft)
    view = act_ok(client, game_id, token, draft, "pass")
    assert view["history"] == [*before["history"], draft, "pass"]
    assert view["current_player"] != seat


def test_either_action_or_actions_must_be_given(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client)
    url = f"/api/games/{game_id}/actions"
    neither = {"token": tokens[seat]}
    both = {"token": tokens[seat], "action": "pass", "actions": ["pass"]}
    for body in (neither, both):
        response = client.post(url, json=body)
        assert response.status_code == 400
        assert "either" in response.json()["detail"]


def test_a_list_whose_third_action_is_illegal_changes_nothing(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client, tools=[6, 1, 2])
    before = snapshot(client, game_id, tokens)
    die = draft_or_pass(before[0][seat]["legal_actions"]).split("@")[0]
    response = act(client, game_id, tokens[seat], "T1", die, "=4")  # Grozing Pliers: +1 or -1
    assert response.status_code == 422
    assert "action 3" in response.json()["detail"]
    assert "Grozing Pliers" in response.json()["detail"]
    assert snapshot(client, game_id, tokens) == before


def test_acting_needs_a_seats_token(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id = created["id"]
    url = f"/api/games/{game_id}/actions"
    # Without a token the body is malformed: refused before any game logic.
    missing = client.post(url, json={"action": "W1"})
    assert missing.status_code == 422 and "token" in missing.json()["detail"]
    other = create_game(client, players=2)["seats"][0]["token"]
    for path in ("/actions", "/preview"):
        body = {"token": other, "actions": ["W1"]}
        response = client.post(f"/api/games/{game_id}{path}", json=body)
        assert response.status_code == 403, path
        assert "token" in response.json()["detail"]
    forged = client.get(f"/api/games/{game_id}/view", headers=bearer("y" * 32))
    assert forged.status_code == 403
    assert get_view(client, game_id)["history"] == []


def test_the_right_token_out_of_turn_is_409(client: TestClient) -> None:
    created = create_game(client, players=2)
    response = act(client, created["id"], tokens_of(created)[1], "W1")
    assert response.status_code == 409
    assert "not your turn" in response.json()["detail"]


def test_an_illegal_action_is_422_naming_the_rule(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client, tools=[6, 1, 2])
    response = act(client, game_id, tokens[seat], "T5")
    assert response.status_code == 422
    assert "tool card 5 is not in play" in response.json()["detail"]
    setup = create_game(client, players=2)
    response = act(client, setup["id"], setup["seats"][0]["token"], "pass")
    assert response.status_code == 422
    assert "chooses one of their four window patterns" in response.json()["detail"]


def test_malformed_notation_is_422(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client)
    for text in ("Z9@@", "R9@A1", "pass_", "@@"):
        response = act(client, game_id, tokens[seat], text)
        assert response.status_code == 422, text
        assert "is not an action" in response.json()["detail"], text


def test_a_rejected_action_changes_nothing(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client, tools=[6, 1, 2])
    other_game = create_game(client, players=2)["seats"][0]["token"]
    before = snapshot(client, game_id, tokens)
    legal = before[0][seat]["legal_actions"]
    attempts = [
        (tokens[1 - seat], [draft_or_pass(legal)], 409),
        (tokens[seat], ["T5"], 422),
        (tokens[seat], ["Z9@@"], 422),
        (tokens[seat], [draft_or_pass(legal), "pass", "pass"], 422),
        (other_game, ["pass"], 403),
    ]
    for token, actions, status in attempts:
        assert act(client, game_id, token, *actions).status_code == status, actions
        assert snapshot(client, game_id, tokens) == before, actions


# -- previewing tool steps ---------------------------------------------------------------------


def test_preview_walks_a_tool_step_by_step_without_committing(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client, tools=[6, 1, 2])
    token = tokens[seat]
    before = snapshot(client, game_id, tokens)
    die = draft_or_pass(before[0][seat]["legal_actions"]).split("@")[0]
    first = preview(client, game_id, token, ["T1"])
    assert first.status_code == 200, first.text
    assert first.json()["complete"] is False and first.json()["chance"] is False
    assert die in first.json()["legal_actions"]
    steps = ["T1", die]
    for _ in range(4):
        answer = preview(client, game_id, token, steps).json()
        assert answer["chance"] is False
        if answer["complete"]:
            break
        steps.append(answer["legal_actions"][0])
    assert answer["complete"] is True
    assert snapshot(client, game_id, tokens) == before
    assert act_ok(client, game_id, token, *steps)["history"][-len(steps) :] == steps


def test_preview_stops_at_a_step_that_rolls_dice(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client, tools=[6, 1, 2])
    token = tokens[seat]
    before = snapshot(client, game_id, tokens)
    die = draft_or_pass(before[0][seat]["legal_actions"]).split("@")[0]
    answer = preview(client, game_id, token, ["T6", die]).json()  # Flux Brush re-rolls it
    assert answer == {
        "legal_actions": [],
        "decision": "",
        "decision_message": None,
        "complete": False,
        "chance": True,
    }
    beyond = preview(client, game_id, token, ["T6", die, "@A1"])
    assert beyond.status_code == 422
    assert "rolls dice" in beyond.json()["detail"]
    assert snapshot(client, game_id, tokens) == before
    view = act_ok(client, game_id, token, "T6", die)
    assert view["history"][-2:] == ["T6", die]
    assert next(t for t in view["tools"] if t["number"] == 6)["favor_tokens"] == 1
    favor = before[0][seat]["players"][seat]["favor_tokens"]
    assert view["players"][seat]["favor_tokens"] == favor - 1


def test_preview_follows_the_token_and_turn_rules(client: TestClient) -> None:
    game_id, tokens, seat = game_in_play(client)
    assert preview(client, game_id, tokens[1 - seat], []).status_code == 409
    bad = preview(client, game_id, tokens[seat], ["Z9@@"])
    assert bad.status_code == 422
    now = preview(client, game_id, tokens[seat], []).json()
    assert now["legal_actions"] == get_view(client, game_id, tokens[seat])["legal_actions"]


# -- records and replays -----------------------------------------------------------------------


def test_the_record_is_409_until_the_game_is_over_then_replays_to_the_same_state(
    client: TestClient,
) -> None:
    running = create_game(client, players=2)["id"]
    assert client.get(f"/api/games/{running}/record").status_code == 409
    game_id = finished_game(client)
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"format", "game", "config", "seed", "actions"}
    replayed = GameRecord.from_json(data).replay()
    assert replayed.is_over
    assert fingerprint(replayed) == fingerprint(room_of(client, game_id).state)
    assert data["actions"] == get_view(client, game_id)["history"]


def test_replay_gives_the_spectator_view_after_n_actions_of_a_finished_game(
    client: TestClient,
) -> None:
    running = create_game(client, players=2)["id"]
    assert client.get(f"/api/games/{running}/replay/0").status_code == 409
    game_id = finished_game(client)
    final = get_view(client, game_id)
    steps = len(final["history"])
    setup = client.get(f"/api/games/{game_id}/replay/0").json()
    assert setup["phase"] == "setup" and setup["history"] == [] and setup["steps"] == steps
    assert all(p["window"] is None for p in setup["players"])
    middle = client.get(f"/api/games/{game_id}/replay/5").json()
    assert middle["history"] == final["history"][:5]
    end = client.get(f"/api/games/{game_id}/replay/{steps}").json()
    assert {k: v for k, v in end.items() if k not in ("step", "steps")} == final
    for step in (steps + 1, -1, 10**20):
        assert client.get(f"/api/games/{game_id}/replay/{step}").status_code == 404, step
    assert client.get(f"/api/games/{game_id}/replay/one").status_code == 422


def test_health_and_the_openapi_schema_list_the_endpoints(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok"}
    paths = client.get("/openapi.json").json()["paths"]
    assert set(paths["/api/games"]) == {"get", "post"}
    for path in (
        "/api/games/{game_id}",
        "/api/games/{game_id}/view",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/replay/{step}",
        "/api/health",
    ):
        assert "get" in paths[path], path
    for path in ("join", "actions", "preview"):
        assert "post" in paths[f"/api/games/{{game_id}}/{path}"], path


# -- redaction: what each seat may see ---------------------------------------------------------


def phase_of(payload: Any) -> str | None:
    """The game phase a payload shows (a view, or a socket message carrying one)."""
    if not isinstance(payload, dict):
        return None
    if isinstance(payload.get("view"), dict):
        return str(payload["view"]["phase"])
    return payload.get("phase")


def quoted(name: str) -> str:
    """A card name as a whole JSON string (so "Light Shades" does not match a longer text)."""
    return json.dumps(name)


def test_no_payload_shows_a_seat_another_seats_secrets_or_the_chance(tmp_path: Any) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=3, redeem=False)
        game_id = created["id"]
        payloads: dict[int, list[Any]] = {-1: [], 0: [created], 1: [], 2: []}
        tokens = {0: created["seats"][0]["token"]}
        for seat in (1, 2):
            invite = {"invite": created["seats"][seat]["invite"]}
            joined = client.post(f"/api/games/{game_id}/join", json=invite).json()
            payloads[joined["seat"]].append(joined)
            tokens[joined["seat"]] = joined["token"]
        room = room_of(client, game_id)
        privates = {p: {o.name for o in room.state.players[p].privates} for p in range(3)}
        options = {p: [o.name for o in room.state.players[p].options] for p in range(3)}
        chance = {str(room.seed), str(room.state.rng.state)}
        moves = random.Random(11)
        with contextlib.ExitStack() as stack:
            sockets = {
                seat: stack.enter_context(
                    open_socket(client, game_id, tokens[seat] if seat >= 0 else None)
                )
                for seat in (-1, 0, 1, 2)
            }
            latest = {}
            for seat, ws in sockets.items():
                latest[seat] = receive(ws)
                payloads[seat].append(latest[seat])
            for count in range(1000):
                spectator = latest[-1]["view"]
                if spectator["phase"] == "over":
                    break
                seat = spectator["current_player"]
                legal = latest[seat]["view"]["legal_actions"]
                if count % 10 == 0:
                    for s in (-1, 0, 1, 2):
                        payloads[s].append(get_view(client, game_id, tokens.get(s)))
                    payloads[-1].append(client.get("/api/games").json())
                    payloads[-1].append(summary(client, game_id))
                    tool = next((a for a in legal if a.startswith("T")), None)
                    for steps in ([], [tool] if tool else []):
                        answer = preview(client, game_id, tokens[seat], steps)
                        assert answer.status_code == 200, answer.text
                        payloads[seat].append(answer.json())
                view = act_ok(client, game_id, tokens[seat], moves.choice(legal))
                payloads[seat].append(view)
                chance.add(str(room.state.rng.state))
                for s, ws in sockets.items():
                    messages = receive_until_seq(ws, len(view["history"]))
                    payloads[s].extend(messages)
                    latest[s] = messages[-1]
            else:
                raise AssertionError("the game did not end")
        chosen = {p: room.state.players[p].window.pattern.name for p in range(3)}
        finals = {s: get_view(client, game_id, tokens.get(s)) for s in (-1, 0, 1, 2)}
        for s, final in finals.items():
            payloads[s].append(final)

    shown_own = set()
    for addressee, items in payloads.items():
        for payload in items:
            text = json.dumps(payload)
            phase = phase_of(payload)
            for secret in chance:
                assert secret not in text, f"seat {addressee} was sent the game's chance"
            for seat in range(3):
                if seat == addressee:
                    if phase == "play" and all(quoted(n) in text for n in privates[seat]):
                        shown_own.add(seat)
                    continue
                for name in privates[seat]:
                    assert quoted(name) not in text or phase == "over", (addressee, seat, name)
                for name in options[seat]:
                    if name == chosen[seat]:
                        assert quoted(name) not in text or phase in ("play", "over"), name
                    else:
                        assert quoted(name) not in text, (addressee, seat, name)
    assert shown_own == {0, 1, 2}  # the search does find a name where it belongs
    for view in finals.values():
        assert view["phase"] == "over"
        assert [set(p["private_objectives"]) for p in view["players"]] == [
            privates[p] for p in range(3)
        ]


# -- restarting the server ---------------------------------------------------------------------


def test_a_game_survives_a_restart_and_play_continues(tmp_path: Any) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        play_humans(client, game_id, tokens, lambda v: len(v["history"]) >= 8)
        before = {s: get_view(client, game_id, tokens.get(s)) for s in (-1, 0, 1)}
    assert before[-1]["phase"] == "play"
    with new_client(tmp_path) as client:
        after = {s: get_view(client, game_id, tokens.get(s)) for s in (-1, 0, 1)}
        assert after == before
        seat = after[-1]["current_player"]
        view = act_ok(client, game_id, tokens[seat], draft_or_pass(after[seat]["legal_actions"]))
        assert len(view["history"]) == len(before[-1]["history"]) + 1


def test_a_bot_whose_turn_it_was_moves_again_after_a_restart(tmp_path: Any) -> None:
    with new_client(tmp_path, bot_delay=600) as client:
        created = create_game(client, players=2, bots=[None, "random"])
        game_id = created["id"]
        view = act_ok(client, game_id, created["seats"][0]["token"], "W1")
        assert view["current_player"] == 1  # the bot, which waits 600 s before moving
    with new_client(tmp_path) as client:
        wait_for_view(client, game_id, lambda v: len(v["history"]) >= 2)


# -- limits ------------------------------------------------------------------------------------


def test_a_body_over_8_kib_is_413(client: TestClient) -> None:
    big = {"players": 2, "names": ["x" * 9000, "y"]}
    response = client.post("/api/games", json=big)
    assert response.status_code == 413
    assert "8192" in response.json()["detail"]
    # Without a Content-Length (chunked), the body is counted as it arrives.
    chunks = iter([b'{"players": 2, "names": ["', b"x" * 9000, b'", "y"]}'])
    streamed = client.post(
        "/api/games", content=chunks, headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413
    assert client.get("/api/games").json()["games"] == []


def test_more_than_40_actions_in_a_burst_from_one_token_get_429(client: TestClient) -> None:
    created = create_game(client, players=2)
    url = f"/api/games/{created['id']}/actions"
    body = {"token": tokens_of(created)[1], "action": "W1"}  # not its turn: 409 until limited
    statuses = [client.post(url, json=body).status_code for _ in range(60)]
    assert set(statuses[:40]) == {409}
    assert 429 in statuses
    other = {"token": tokens_of(created)[0], "action": "W1"}
    assert client.post(url, json=other).status_code == 200  # the limit is per token


def test_a_socket_message_over_4_kib_gets_a_413_error(client: TestClient) -> None:
    created = create_game(client, players=2)
    with open_socket(client, created["id"], created["seats"][0]["token"]) as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "action", "action": "W1", "pad": "x" * 5000}))
        error = receive(ws)
        assert error["type"] == "error" and error["status"] == 413
        ws.send_json({"type": "action", "action": "W1"})
        assert receive(ws)["seq"] == 1  # the socket is still open


def test_new_games_past_the_rate_from_one_client_get_429(tmp_path: Path) -> None:
    # Three a minute: a token comes back after 20 s, far longer than the requests take.
    with new_client(tmp_path, limits=Limits(games_per_minute=3)) as client:
        statuses = [client.post("/api/games", json={"players": 2}).status_code for _ in range(5)]
    assert statuses == [201, 201, 201, 429, 429]


def test_at_most_eight_unfinished_games_of_bots_only(tmp_path: Any) -> None:
    # Bots wait 60 s before moving here, so the games stay unfinished.
    with new_client(tmp_path, bot_delay=60) as client:
        for _ in range(8):
            create_game(client, players=2, bots=["random", "random"])
        refused = client.post("/api/games", json={"players": 2, "bots": ["random", "random"]})
        assert refused.status_code == 429
        assert "bots only" in refused.json()["detail"]
        # A game with a person in it is still welcome.
        assert client.post("/api/games", json={"players": 2}).status_code == 201


def test_idle_games_are_unloaded_from_memory_and_read_back(tmp_path: Any) -> None:
    async def scenario() -> None:
        manager = GameManager(Store(f"sqlite:///{tmp_path / 'm.db'}"), bot_delay=0, max_rooms=10)
        first, _, _ = await manager.create(GameConfig(players=2), [None, None], ["a", "b"])
        for _ in range(29):
            await manager.create(GameConfig(players=2), [None, None], ["a", "b"])
        assert len(manager.rooms) <= 11  # unfinished idle games were unloaded too
        again = await manager.get(first.id)  # read back from the database
        assert again.id == first.id and again.state.history == first.state.history
        await manager.close()

    asyncio.run(scenario())


def test_a_stored_game_that_no_longer_replays_is_refused_with_a_reason(tmp_path: Any) -> None:
    # A game stored by an older engine may hold an action today's rules refuse (for example a
    # tool used where it could not act, refused since "Tools are offered only when they can
    # complete", docs/rules-clarifications.md). Reading it back says which action and why, and
    # changes nothing; it is not a server error.
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'old.db'}")
        manager = GameManager(store, bot_delay=0, max_rooms=10)
        room, _, _ = await manager.create(GameConfig(players=2), [None, None], ["a", "b"])
        await manager.close()
        # Two window choices, then a third "W1", which no rule allows once play has begun.
        store = Store(f"sqlite:///{tmp_path / 'old.db'}")
        store.append_actions(room.id, 0, [("W1", 0), ("W1", 1), ("W1", 0)], "playing")
        manager = GameManager(store, bot_delay=0, max_rooms=10)
        with pytest.raises(GameError) as refused:
            await manager.get(room.id)
        assert refused.value.status == 409
        assert refused.value.detail.startswith(
            "this game no longer replays under the current rules: "
            "action 2 (W1): W1 is not a decision of this step"
        )
        await manager.close()

    asyncio.run(scenario())


# -- bad input never gets a 500 ----------------------------------------------------------------

#: The fields of the request bodies, so random bodies often look almost right.
FIELDS = [
    *["players", "bots", "names", "solo_tools", "tools", "public_objectives", "full_bag"],
    *["private_pools", "expansion", "tie_break", "token", "action", "actions", "name"],
]
#: Pieces of notation, right and wrong, to build random action texts from.
PIECES = [
    *["R3", "Y7", "X1", "G0", "r3:R5", "r11:B2", "=4", "=0", "+1", "-1", "@A1", "@E6", "@D5"],
    *["A1>B2", "*G2", "*P6@C3", "$B2", "T1", "T6", "T13", "T99", "W0", "W4", "W5", "pass"],
    *["stop", "return", "@", ">", ":", "", "é", "\u202e", "\x00"],
]


def random_text(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 3)))
    alphabet = string.printable + "éß€\u0000\ufffd😀"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))


def random_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth < 3 and roll < 0.25:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if depth < 3 and roll < 0.5:
        keys = [rng.choice(FIELDS) if rng.random() < 0.8 else random_text(rng)]
        keys += [rng.choice(FIELDS) for _ in range(rng.randint(0, 3))]
        return {k: random_json(rng, depth + 1) for k in keys}
    return rng.choice(
        [
            None,
            True,
            False,
            rng.randint(-10, 10),
            rng.choice([2**63, -(2**63) - 1, 10**100, -(10**300)]),
            rng.uniform(-1e300, 1e300),
            0.5,
            random_text(rng),
            "x" * rng.randint(0, 200),
        ]
    )


def test_bad_input_never_gets_a_500(tmp_path: Any) -> None:
    rng = random.Random(2718)
    with new_client(tmp_path, raise_server_exceptions=False) as client:
        games = [game_in_play(client) for _ in range(4)]
        game_id, tokens, _ = games[0]
        ids = [game_id, "", "x", "." * 3, "%00", "a" * 33, "a" * 500, "é😀", "..%2F..", "-1"]
        suffixes = [
            "",
            "/view",
            "/join",
            "/actions",
            "/preview",
            "/record",
            "/replay/0",
            "/replay/-5",
            "/replay/99999999999999999999999",
            "/replay/x",
            "/ws",
            "/x",
        ]
        seen = []

        def check(response: Any, what: Any) -> None:
            seen.append(response.status_code)
            assert response.status_code < 500, (what, response.text)
            if response.status_code >= 400 and response.request.url.path.startswith("/api"):
                assert response.json()["detail"], what

        for _ in range(150):
            path = "/api/games/" + rng.choice(ids) + rng.choice(suffixes)
            token = rng.choice([*tokens.values(), random_text(rng), "t" * 100])
            # Sent as UTF-8 bytes: any text, as a client may send it.
            check(client.get(path, headers={"Authorization": f"Bearer {token}".encode()}), path)
            endpoint = rng.choice(
                ["/api/games", f"/api/games/{rng.choice(ids)}/join"]
                + [f"/api/games/{game_id}/{p}" for p in ("actions", "preview")]
            )
            body = random_json(rng)
            check(client.post(endpoint, json=body), (endpoint, body))
            raw = rng.choice(
                [
                    random_text(rng),
                    '{"players": 1e999}',
                    '{"players": 2',
                    "[" * 600 + "]" * 600,
                    '{"players": NaN}',
                    "\ufeff{}",
                    '{"players": 2, "players": "2"}',
                ]
            )
            check(
                client.post(
                    endpoint,
                    content=raw.encode("utf-8", "surrogatepass"),
                    headers={"content-type": "application/json"},
                ),
                (endpoint, raw),
            )
            check(client.request(rng.choice(["PUT", "DELETE", "PATCH"]), path), path)
        for game_id, tokens, seat in games:
            current = tokens[seat]
            for _ in range(30):
                actions = [random_text(rng)[:16] for _ in range(rng.randint(1, 4))]
                body = {"token": current, "actions": actions}
                if rng.random() < 0.5:
                    body = {"token": current, "action": actions[0]}
                url = f"/api/games/{game_id}/{rng.choice(['actions', 'preview'])}"
                if url.endswith("preview"):
                    body = {"token": current, "actions": actions}
                response = client.post(url, json=body)
                check(response, body)
                if response.status_code == 200 and "current_player" in response.json():
                    current = tokens[response.json()["current_player"]]
        assert {200, 404, 422} <= set(seen)  # the fuzz reached the game logic, not only 404s


# -- WebSockets --------------------------------------------------------------------------------


def test_a_socket_whose_hello_has_a_bad_token_is_closed_with_4403(client: TestClient) -> None:
    created = create_game(client, players=2)
    other = create_game(client, players=2)["seats"][0]["token"]
    url = f"/api/games/{created['id']}/ws"
    for token in ("not-a-token-at-all", other, "z" * 65, 7):
        with client.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as closed:
            ws.send_json({"type": "hello", "token": token})
            while True:
                assert receive(ws)["view"]["seat"] == -1  # a spectator's, until it closes
        assert closed.value.code == 4403
    # The server accepts and then closes at once, so that a browser sees the close code.
    with (
        client.websocket_connect("/api/games/nosuchgame/ws") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4404


def test_a_spectator_socket_gets_views_without_legal_actions_and_cannot_act(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)
    game_id = created["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        first = receive(ws)
        assert first["type"] == "view" and first["seq"] == 0
        assert first["view"]["seat"] == -1 and first["view"]["legal_actions"] == []
        ws.send_json({"type": "action", "action": "W1"})
        error = receive(ws)
        assert error == {
            "type": "error",
            "status": 403,
            "detail": "spectators cannot act",
            "message": {"id": "web.spectator_cannot_act", "params": {}},
        }
        act_ok(client, game_id, created["seats"][0]["token"], "W1")
        update = receive(ws)
        assert update["seq"] == 1 and update["view"]["legal_actions"] == []
    assert get_view(client, game_id)["history"] == ["W1"]


def test_acting_over_a_socket_sends_every_socket_the_new_view_in_order(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)
    game_id, tokens = created["id"], tokens_of(created)
    with contextlib.ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(
                open_socket(client, game_id, tokens[seat] if seat >= 0 else None)
            )
            for seat in (-1, 0, 1)
        }
        seqs: dict[int, list[int]] = {seat: [receive(ws)["seq"]] for seat, ws in sockets.items()}
        sockets[0].send_json({"type": "action", "action": "W1"})
        sockets[1].send_json({"type": "action", "action": "W1"})
        for seat, ws in sockets.items():
            for message in receive_until_seq(ws, 2):
                assert message["type"] == "view"
                assert message["seq"] == len(message["view"]["history"])
                assert message["view"]["seat"] == seat
                seqs[seat].append(message["seq"])
        seat = get_view(client, game_id)["current_player"]
        legal = get_view(client, game_id, tokens[seat])["legal_actions"]
        sockets[seat].send_json({"type": "action", "actions": [draft_or_pass(legal), "pass"]})
        for s, ws in sockets.items():
            message = receive(ws)
            assert message["seq"] == 4
            assert message["view"]["current_player"] != seat
            seqs[s].append(message["seq"])
        sockets[seat].send_json({"type": "action", "action": "pass"})
        assert receive(sockets[seat])["status"] == 409
        sockets[1 - seat].send_json({"type": "action", "action": "Z9@@"})
        assert receive(sockets[1 - seat])["status"] == 422
        sockets[1 - seat].send_text("not json")
        assert receive(sockets[1 - seat])["status"] == 400
    # seq counts the actions: it never goes down, and each of 1, 2, 4 arrives. A view may
    # repeat a seq when only the seats changed (seat 1's token claimed its seat on connecting).
    for seq in seqs.values():
        assert seq == sorted(seq), seqs
        assert sorted(set(seq)) == [0, 1, 2, 4], seqs


def test_bad_socket_messages_get_an_error_under_500_and_the_socket_stays_open(
    client: TestClient,
) -> None:
    rng = random.Random(31)
    game_id, tokens, seat = game_in_play(client)
    with open_socket(client, game_id, tokens[seat]) as ws:
        receive(ws)
        for _ in range(60):
            message = random_json(rng)
            if isinstance(message, dict) and rng.random() < 0.7:
                message["type"] = "action"
            ws.send_text(json.dumps(message) if rng.random() < 0.8 else random_text(rng))
            answer = receive(ws)
            assert answer["type"] == "view" or 400 <= answer["status"] < 500, (message, answer)
        ws.send_text("{")
        assert receive(ws) == {"type": "error", "status": 400, "detail": "messages must be JSON"}


def test_a_deeply_nested_socket_message_is_answered_with_an_error(client: TestClient) -> None:
    created = create_game(client, players=2)
    with open_socket(client, created["id"], created["seats"][0]["token"]) as ws:
        receive(ws)
        ws.send_text("[" * 2000 + "]" * 2000)
        assert receive(ws)["status"] == 400


def test_a_binary_socket_frame_gets_an_error_and_the_socket_stays_open(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)
    game_id, token = created["id"], tokens_of(created)[0]
    with open_socket(client, game_id, token) as ws:
        assert receive(ws)["type"] == "view"
        ws.send_bytes(b'{"type": "action", "action": "W1"}')
        error = receive(ws)
        assert (error["type"], error["status"]) == ("error", 400)
        ws.send_text(json.dumps({"type": "action", "action": "W1"}))
        assert receive(ws)["seq"] == 1  # still open, and text frames work


def test_a_body_that_is_not_json_is_400(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{", headers={"content-type": "application/json"})
    assert response.status_code == 400


@pytest.mark.parametrize("body", [b"[1, 2]", b'"W1"', b"3"])
def test_a_json_body_that_is_not_an_object_is_400_everywhere(
    client: TestClient, body: bytes
) -> None:
    # docs/web-api.md: "400 malformed request", whichever endpoint takes the body.
    created = create_game(client, players=2)
    game_id = created["id"]
    json_type = {"content-type": "application/json"}
    for path in ("/api/games", f"/api/games/{game_id}/actions", f"/api/games/{game_id}/join"):
        response = client.post(path, content=body, headers=json_type)
        assert response.status_code == 400, path
        assert response.json()["detail"] == "the request body must be a JSON object"
    assert client.get(f"/api/games/{game_id}").json()["actions"] == 0


# -- stale and repeated requests (seq) ---------------------------------------------------------


def test_a_request_made_on_an_old_count_of_actions_is_refused_and_changes_nothing(
    tmp_path: Any,
) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        spectator = start_play(client, game_id, tokens)
        seat = spectator["current_player"]
        seen = len(spectator["history"])
        body = {"token": tokens[seat], "action": "pass", "seq": seen}
        assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
        again = client.post(f"/api/games/{game_id}/actions", json=body)
        assert again.status_code == 409
        assert again.json()["detail"].startswith(f"stale request: it was made after {seen}")
        assert len(get_view(client, game_id)["history"]) == seen + 1


def test_seq_must_be_a_count_of_actions(tmp_path: Any) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        for bad in (-1, "3", 1.5, True):
            answer = client.post(
                f"/api/games/{game_id}/actions",
                json={"token": tokens[0], "action": "W1", "seq": bad},
            )
            assert answer.status_code == 422, bad
        with open_socket(client, game_id, tokens[0]) as ws:
            assert receive(ws)["type"] == "view"
            ws.send_text(json.dumps({"type": "action", "action": "W1", "seq": "0"}))
            error = receive(ws)
            assert (error["type"], error["status"]) == ("error", 400)
            ws.send_text(json.dumps({"type": "action", "action": "W1", "seq": 5}))
            error = receive(ws)
            assert (error["type"], error["status"]) == ("error", 409)
            ws.send_text(json.dumps({"type": "action", "action": "W1", "seq": 0}))
            assert receive_until_seq(ws, 1)[-1]["seq"] == 1


def test_the_same_pass_sent_twice_at_once_at_the_turn_around_is_applied_once(
    tmp_path: Any,
) -> None:
    # In a 2-player round the order is A B B A (rulebook 001_3237e9a6eb6273e0.txt, GAMEPLAY):
    # after B's first turn B plays again. A double click on "end turn" sends B's pass twice,
    # both made after the same count of actions: one is applied, the other refused, and B
    # keeps the second turn.
    async def scenario() -> None:
        manager = GameManager(Store(f"sqlite:///{tmp_path / 'race.db'}"), bot_delay=0)
        room, _, _ = await manager.create(GameConfig(players=2), [None, None], ["a", "b"])
        for _ in range(2):
            await manager.act(room, room.state.current_player, ["W1"])
        await manager.act(room, room.state.current_player, ["pass"])  # A's turn
        b = room.state.current_player
        seen = len(room.state.history)
        results = await asyncio.gather(
            manager.act(room, b, ["pass"], seen),
            manager.act(room, b, ["pass"], seen),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, GameError)]
        assert len(refused) == 1 and results.count(None) == 1
        assert refused[0].status == 409
        assert len(room.state.history) == seen + 1
        assert room.state.current_player == b and room.state.turn == 2
        await manager.close()

    asyncio.run(scenario())


# -- structured legal actions --------------------------------------------------------------------


def test_every_structured_action_is_a_legal_action_with_its_fields(tmp_path: Any) -> None:
    # Views list legal actions as objects; each one's notation parses back to a legal action
    # of that kind, and its fields are the parts of the notation (docs/notation.md).
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, tools=[1, 5, 12])
        game_id, tokens = created["id"], tokens_of(created)
        rng = random.Random(5)
        seen_kinds: set[str] = set()
        for _ in range(60):
            spectator = get_view(client, game_id)
            if spectator["phase"] == "over":
                break
            seat = spectator["current_player"]
            view = get_view(client, game_id, tokens[seat])
            assert [a["notation"] for a in view["actions"]] == view["legal_actions"]
            state = room_of(client, game_id).state
            for item in view["actions"]:
                code = parse_action(item["notation"])
                assert state.is_legal(code)
                # A chance action says in words what it draws or rolls.
                words = item.pop("chance_message", None)
                assert (words is not None) == item["chance"]
                if words is not None:
                    assert words["id"] in {
                        "chance.draw_dice",
                        "chance.roll",
                        "chance.draw_cards",
                        "chance.random",
                    }
                assert action_fields(code) | {"chance": item["chance"]} == item
                seen_kinds.add(item["kind"])
                if item["kind"] == "draft":
                    assert item["notation"] == f"{item['die']}@{item['cell']}"
            act_ok(client, game_id, tokens[seat], rng.choice(view["legal_actions"]))
        assert {"pattern", "pass", "draft", "tool"} <= seen_kinds


def test_preview_answers_the_provisional_view_of_a_tool_step(tmp_path: Any) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, tools=[1, 2, 3])
        game_id, tokens = created["id"], tokens_of(created)
        spectator = start_play(client, game_id, tokens)
        seat = spectator["current_player"]
        pool = spectator["draft_pool"]
        answer = preview(client, game_id, tokens[seat], ["T1", pool[0]])
        assert answer.status_code == 200, answer.text
        data = answer.json()
        provisional = data["view"]
        assert provisional["held_die"] == pool[0] and provisional["tool_in_use"] == 1
        assert provisional["history"][-2:] == ["T1", pool[0]]
        assert [a["notation"] for a in data["actions"]] == data["legal_actions"]
        # Nothing was committed.
        assert get_view(client, game_id)["history"] == spectator["history"]


def test_the_cards_tell_the_colour_or_spaces_of_each_private_objective(tmp_path: Any) -> None:
    # The page draws an expansion objective's spaces from here, not from a copy of its own.
    # Fence: B1 B3 B5 C1 C3 C5 (rulebook 003_0d63153aaa85498d.txt, its example sums Fence).
    with new_client(tmp_path) as client:
        privates = {o["name"]: o for o in client.get("/api/cards").json()["private_objectives"]}
        assert privates["Fence"]["spaces"] == ["B1", "B3", "B5", "C1", "C3", "C5"]
        assert privates["Fence"]["colour"] is None
        assert (privates["Shades of Red"]["colour"], privates["Shades of Red"]["spaces"]) == (
            "R",
            [],
        )


def test_the_pages_hold_no_card_and_parse_no_notation() -> None:
    # One declaration per card and message (issue 12): the pages get cards, objectives,
    # actions and messages from the server; they hold no card name or id, no pattern of the
    # action notation and no sentence of the engine's catalogue.
    static = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "web" / "static"
    cards = catalog()
    words = [
        *(t.name for t in cards.tools),
        *(o.name for o in cards.publics),
        *(o.id for o in cards.publics),
        *(o.name for o in cards.privates),
        *(o.id for o in cards.privates),
    ]
    # The catalogue's texts of three words or more, cut at their parameters (not the names
    # of places, such as "the Draft Pool", which the page's headings name too).
    sentences = {
        part.strip()
        for key, text in catalogue_json("en")["messages"].items()
        if not key.startswith("source.")
        for form in ([text] if isinstance(text, str) else text)
        for part in re.split(r"\{\w+\}", form)
        if len(part.split()) >= 3
    }
    assert "ended the turn" in sentences
    for script in sorted(static.glob("**/*.js")):
        text = script.read_text(encoding="utf-8")
        for word in words:
            found = re.search(rf"\b{re.escape(word)}\b", text)
            assert found is None, f"{script.name} names the card {word!r}"
        for pattern in ("[RYGBP]", "[A-D][1-5]", "[1-6])", "/^T", "/^W", "/^r("):
            assert pattern not in text, f"{script.name} parses notation with {pattern!r}"
        # Nor does it rewrite or repeat the engine's sentences: it renders their messages.
        assert "player (" not in text, f"{script.name} rewrites the engine's sentences"
        code = re.sub(r"(?<![:\"'])//.*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL))
        for template in sentences:
            assert template not in code, f"{script.name} repeats the engine's {template!r}"
