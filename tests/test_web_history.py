"""The log by parts (docs/web-api.md, "The log by parts"): a client that follows a game by its
WebSocket, or by REST views and action answers asked with ``since``, and joins each view's
part of the log to what it holds, holds exactly the log of a whole view, in the dice game and
in the card game; a window chosen at setup stays hidden from the other seats until setup is
over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import (
    bearer,
    create_game,
    draft_or_pass,
    get_view,
    joined,
    log_of,
    new_client,
    open_socket,
    post_patiently,
    receive_until_seq,
    tokens_of,
)


def view_since(client: Any, game_id: str, token: str | None, held: dict[str, Any]) -> Any:
    """A seat's view asked with ``since``: the number of entries of the log ``held`` holds."""
    url = f"/api/games/{game_id}/view?since={len(held['history'])}"
    response = client.get(url, headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def act_since(client: Any, game_id: str, token: str, action: str, held: dict[str, Any]) -> Any:
    """Play ``action`` with ``since``; return the answer's view, which must be a part."""
    since = len(held["history"])
    body = {"token": token, "action": action, "seq": since, "since": since}
    response = post_patiently(client, f"/api/games/{game_id}/actions", body)
    assert response.status_code == 200, response.text
    view = response.json()
    assert view["history_from"] == since
    return view


def test_a_dice_games_log_followed_by_parts_is_the_whole_log(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        # Seat 0 follows by REST with since; seat 1 and a spectator by their sockets.
        held: dict[int, Any] = {0: get_view(client, game_id, tokens[0])}
        with (
            open_socket(client, game_id, tokens[1]) as theirs,
            open_socket(client, game_id) as watching,
        ):
            sockets = {1: theirs, -1: watching}
            seq = 0
            while True:
                for seat, ws in sockets.items():
                    for message in receive_until_seq(ws, seq):
                        if message["type"] == "view":
                            held[seat] = joined(held.get(seat), message["view"])
                held[0] = joined(held[0], view_since(client, game_id, tokens[0], held[0]))
                for seat in (0, 1, -1):
                    whole = get_view(client, game_id, tokens.get(seat))
                    assert log_of(held[seat]) == log_of(whole), (seat, seq)
                if seq == 1:
                    # Seat 0 chose its window; setup goes on: the others are not told which.
                    assert held[0]["history_actions"][0]["message"]["id"] == "action.window"
                    assert held[1]["history_actions"][0]["message"]["id"] == "action.pattern"
                    assert held[-1]["history_actions"][0]["message"]["id"] == "action.pattern"
                if held[-1]["round"] >= 3:
                    break
                seat = held[-1]["current_player"]
                legal = get_view(client, game_id, tokens[seat])["legal_actions"]
                action = legal[0] if held[-1]["phase"] == "setup" else draft_or_pass(legal)
                if seat == 0:
                    held[0] = joined(
                        held[0], act_since(client, game_id, tokens[0], action, held[0])
                    )
                else:
                    theirs.send_json({"type": "action", "action": action, "seq": seq})
                seq += 1
        # Once setup is over every seat's log names both windows.
        assert [a["message"]["id"] for a in held[1]["history_actions"][:2]] == ["action.window"] * 2


def test_a_card_games_log_followed_by_parts_is_the_whole_log(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", tools=2)
        game_id, token = created["id"], tokens_of(created)[0]
        with open_socket(client, game_id, token) as mine:
            following = joined(None, receive_until_seq(mine, 0)[-1]["view"])
            held = get_view(client, game_id, token)
            seq = 0
            while held["legal_actions"]:
                held = joined(
                    held, act_since(client, game_id, token, held["legal_actions"][0], held)
                )
                seq += 1
                for message in receive_until_seq(mine, seq):
                    if message["type"] == "view":
                        assert message["view"]["history_from"] == seq - 1
                        following = joined(following, message["view"])
                whole = get_view(client, game_id, token)
                assert log_of(held) == log_of(whole) == log_of(following)
            assert whole["phase"] == "over"
            # A client holding more than the log (another game's), or nothing, gets it whole.
            assert view_since(client, game_id, token, {"history": [0] * 999})["history_from"] == 0
