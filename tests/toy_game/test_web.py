"""The server plays the toy game knowing it only through its entry: creating (``"game":
"toy"``), joining, acting, views over REST and WebSocket, hints, previews, the record and
the replay, the registry, the reference answers and the rules help, its page and its page's
files.

The server's modules are imported before the toy game is registered (``web_helpers`` is
imported when this file is collected; the registration is a fixture): a game registered
after them is served all the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from sagrada.registry import read_record
from web_helpers import (
    act,
    act_ok,
    create_game,
    get_view,
    new_client,
    open_socket,
    preview,
    receive,
    summary,
    tokens_of,
    wait_for_view,
)

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

#: What differs between two seats' views of the same moment: whose view it is and what only
#: its seat may know or do.
PERSONAL = ("player", "seat", "dice", "legal_actions", "actions")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def two_people(client: TestClient, **options: Any) -> tuple[str, dict[int, str]]:
    """A toy game of two people (the second seat's invite taken): its id and tokens."""
    created = create_game(client, game="toy", bots=[None, None], **options)
    return created["id"], tokens_of(created)


def secret_dice(client: TestClient, game_id: str) -> list[int]:
    """The dice as the server's game holds them (no client sees both while it runs)."""
    app: Any = client.app  # the FastAPI app of new_client, its game manager on its state
    dice: list[int] = app.state.manager.rooms[game_id].state.dice
    return dice


def shared(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in PERSONAL}


def test_the_registry_lists_the_toy_game_and_its_page(client: TestClient) -> None:
    toy = client.get("/api/registry").json()[-1]
    assert toy == {
        "name": "toy",
        "title": "Secret dice (a toy game)",
        "page": "/toy",
        "static": "/static/games/toy/",
        "list_label": "toy.list",
        "rounds": 2,
        "bots": ["random", "greedy"],
        "hint_bot": "greedy",
        "starts": [
            {
                "name": "toy",
                "label": "toy.start",
                "about": "toy.start.about",
                "request": {"bots": [None, "greedy"]},
                "invite": False,
            }
        ],
        "presets": [],
        "scoring": None,
    }


def test_a_seats_page_is_served_at_the_games_path_and_its_files_under_its_name(
    client: TestClient,
) -> None:
    game_id, _ = two_people(client)
    page = client.get(f"/toy/{game_id}")
    assert (
        page.status_code == 200 and '<body class="game-page toy-page" data-game="toy">' in page.text
    )
    assert '<script type="module" src="/static/games/toy/main.js">' in page.text
    for name, words in (
        ("main.js", "setRenderer(render)"),
        ("lobby.js", "export async function setupForm"),
    ):
        answer = client.get(f"/static/games/toy/{name}")
        assert answer.status_code == 200 and words in answer.text
    # The dice game's address of a toy game leads to the toy game's page.
    moved = client.get(f"/game/{game_id}?lang=de", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"] == f"/toy/{game_id}?lang=de"
    # An old link's token is not echoed in a redirect: the toy game's page is served there.
    old = client.get(f"/game/{game_id}?token=sEcReT", follow_redirects=False)
    assert old.status_code == 200 and 'data-game="toy"' in old.text
    assert "sEcReT" not in old.text and "location" not in old.headers


def test_a_game_of_two_people_is_created_joined_and_played_to_the_end(client: TestClient) -> None:
    created = create_game(client, redeem=False, game="toy", bots=[None, None], take_points=2)
    game_id = created["id"]
    assert [s["kind"] for s in created["seats"]] == ["human", "human"]
    invite = created["seats"][1]["invite"]
    joined = client.post(f"/api/games/{game_id}/join", json={"invite": invite, "name": "Bea"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    tokens = {0: created["seats"][0]["token"], 1: joined.json()["token"]}
    assert summary(client, game_id)["status"] == "running"
    dice = secret_dice(client, game_id)[:]
    view = act_ok(client, game_id, tokens[0], "take")
    assert (view["points"], view["current_player"], view["legal_actions"]) == ([2, 0], 1, [])
    view = act_ok(client, game_id, tokens[1], "roll")
    rolled = secret_dice(client, game_id)[1]
    assert view["dice"] == [None, rolled] and view["rolls_left"] == [1, 0]
    act_ok(client, game_id, tokens[0], "take")
    view = act_ok(client, game_id, tokens[1], "take")
    assert view["phase"] == "over" and view["history"] == ["take", "roll", "take", "take"]
    # Seat 0: 2 takes of 2 points and its first die; seat 1: one take and its rolled die.
    assert view["scores"] == [
        {"points": 4, "die": dice[0], "total": 4 + dice[0]},
        {"points": 2, "die": rolled, "total": 2 + rolled},
    ]
    totals = [4 + dice[0], 2 + rolled]
    winners = [seat for seat in (0, 1) if totals[seat] == max(totals)]
    assert view["winners"] == winners
    game = summary(client, game_id)
    assert (game["game"], game["status"], game["round"], game["winners"]) == (
        "toy",
        "over",
        2,
        winners,
    )
    assert game["seats"][1]["name"] == "Bea"


def test_a_move_out_of_turn_or_against_the_rules_is_refused(client: TestClient) -> None:
    game_id, tokens = two_people(client, rolls=0)
    answer = act(client, game_id, tokens[1], "take")
    assert answer.status_code == 409
    answer = act(client, game_id, tokens[0], "roll")
    assert answer.status_code == 422
    assert answer.json()["message"] == {"id": "toy.refuse.no_roll", "params": {"player": 0}}
    assert answer.json()["detail"] == "illegal action 'roll': player 0 has no roll left"
    answer = act(client, game_id, tokens[0], "pass")
    assert answer.status_code == 422 and answer.json()["message"]["id"] == "toy.notation"
    assert get_view(client, game_id)["history"] == []


def test_no_view_shows_a_die_to_anyone_but_its_seat_while_the_game_runs(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    dice = secret_dice(client, game_id)
    act_ok(client, game_id, tokens[0], "take")
    views = {seat: get_view(client, game_id, tokens.get(seat)) for seat in (0, 1, -1)}
    assert [views[seat]["dice"] for seat in (0, 1, -1)] == [
        [dice[0], None],
        [None, dice[1]],
        [None, None],
    ]
    # Nothing else differs between them: no other field tells a die.
    assert shared(views[0]) == shared(views[1]) == shared(views[-1])
    assert views[1]["legal_actions"] == ["take", "roll"] and views[-1]["legal_actions"] == []
    # The record and the replay (which hold the seed, so the dice) wait for the end.
    assert client.get(f"/api/games/{game_id}/record").status_code == 409
    assert client.get(f"/api/games/{game_id}/replay/0").status_code == 409
    assert "seed" not in summary(client, game_id)


def test_the_sockets_send_each_seat_its_own_view_after_each_move(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    dice = secret_dice(client, game_id)
    with (
        open_socket(client, game_id, tokens[0]) as mine,
        open_socket(client, game_id, tokens[1]) as theirs,
        open_socket(client, game_id) as watching,
    ):
        first = [receive(ws) for ws in (mine, theirs, watching)]
        assert [m["view"]["dice"] for m in first] == [
            [dice[0], None],
            [None, dice[1]],
            [None, None],
        ]
        mine.send_json({"type": "action", "action": "take", "seq": 0})
        after = [receive(ws) for ws in (mine, theirs, watching)]
        assert [m["seq"] for m in after] == [1, 1, 1]
        assert [m["view"]["dice"] for m in after] == [
            [dice[0], None],
            [None, dice[1]],
            [None, None],
        ]
        assert after[1]["view"]["legal_actions"] == ["take", "roll"]
        watching.send_json({"type": "action", "action": "take"})
        assert receive(watching)["status"] == 403
        theirs.send_json({"type": "action", "action": "roll", "seq": 1})
        rolled = receive(theirs)["view"]
        assert rolled["dice"] == [None, secret_dice(client, game_id)[1]]
        # The socket sends only the part of the log its client lacks.
        assert rolled["history_from"] == 1 and rolled["history"] == ["roll"]
        assert receive(mine)["view"]["dice"] == [dice[0], None]


def test_a_bot_seat_plays_its_turns(client: TestClient) -> None:
    created = create_game(client, game="toy", bots=[None, "greedy"])
    game_id, token = created["id"], tokens_of(created)[0]
    act_ok(client, game_id, token, "take")
    view = wait_for_view(client, game_id, lambda v: v["current_player"] == 0, token)
    # The greedy bot rolls a 1 or a 2 again and takes with anything else.
    die = secret_dice(client, game_id)[1]
    assert view["history"][1] in ("take", "roll")
    if view["history"][1] == "take":
        assert die >= 3


def test_a_hint_rates_the_actions_when_the_game_allows_hints(client: TestClient) -> None:
    game_id, tokens = two_people(client, hints=True)
    die = secret_dice(client, game_id)[0]
    hint = client.post(f"/api/games/{game_id}/hint", json={"token": tokens[0]}).json()
    # A take gains 1 point, a roll 3.5 - die on average.
    gains = {"take": 1.0, "roll": 3.5 - die}
    best = max(gains.values())
    assert hint["bot"] == "greedy" and hint["action"] == max(gains, key=gains.__getitem__)
    assert {h["action"]: h["value"] for h in hint["top"]} == {a: g - best for a, g in gains.items()}
    assert get_view(client, game_id, tokens[0])["hinted"] == [0]
    game_id, tokens = two_people(client)
    assert client.post(f"/api/games/{game_id}/hint", json={"token": tokens[0]}).status_code == 409


def test_a_preview_commits_nothing_and_stops_at_a_roll(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    answer = preview(client, game_id, tokens[0], ["take"])
    assert answer.status_code == 200
    data = answer.json()
    assert (data["complete"], data["chance"], data["legal_actions"]) == (True, False, [])
    assert data["view"]["points"] == [1, 0]
    answer = preview(client, game_id, tokens[0], ["roll"])
    assert answer.json()["chance"] is True and answer.json()["legal_actions"] == []
    assert get_view(client, game_id)["history"] == []


def test_the_record_and_the_replay_of_a_finished_game(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    for seat, action in ((0, "roll"), (1, "take"), (0, "take"), (1, "roll")):
        act_ok(client, game_id, tokens[seat], action)
    final = get_view(client, game_id)
    answer = client.get(f"/api/games/{game_id}/record")
    assert answer.status_code == 200
    data = answer.json()
    assert (data["format"], data["game"], data["actions"]) == (
        2,
        "toy",
        ["roll", "take", "take", "roll"],
    )
    assert data["config"] == {"take_points": 1, "rolls": 1}
    replayed = read_record(answer.text).replay()
    assert replayed.dice == final["dice"] and replayed.points == final["points"] == [1, 1]
    start = client.get(f"/api/games/{game_id}/replay/0").json()
    assert (start["step"], start["steps"], start["seat"], start["history"]) == (0, 4, -1, [])
    assert start["dice"] == [None, None]  # a spectator's view of a game that was running
    end = client.get(f"/api/games/{game_id}/replay/4").json()
    assert end["dice"] == final["dice"] and end["winners"] == final["winners"]
    assert client.get(f"/api/games/{game_id}/replay/5").status_code == 404


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"bots": [None, "minimax"]}, "bots: 'minimax' is not a bot (use random, greedy)"),
        ({"rolls": 3}, "rolls: Input should be less than or equal to 2"),
        ({"take_points": 3}, "take_points: Input should be 1 or 2"),
        ({"players": 2}, "players: Extra inputs are not permitted"),
    ],
)
def test_creating_refuses_what_the_games_request_does_not_allow(
    client: TestClient, body: dict[str, Any], error: str
) -> None:
    answer = client.post("/api/games", json={"game": "toy", **body})
    assert answer.status_code == 422 and answer.json()["detail"] == error


def test_the_reference_answers_are_the_toy_games(client: TestClient) -> None:
    options = client.get("/api/options", params={"game": "toy"}).json()
    assert [(o["name"], o["label"], o["help_id"]) for o in options] == [
        ("take_points", "Points a take gives", "toy.option.take_points"),
        ("rolls", "Rolls", "toy.option.rolls"),
    ]
    table = client.get("/api/options/table", params={"game": "toy"}).json()
    assert [o["name"] for o in table] == ["turn_seconds", "hints"]
    check = client.post("/api/options/check", params={"game": "toy"}, json={"rolls": 5}).json()
    assert check == {"error": "rolls must be 0-2, got 5", "error_message": None}
    assert client.get("/api/cards", params={"game": "toy"}).json() == {}
    assert client.get("/api/data/difficulty", params={"game": "toy"}).status_code == 404
    messages = client.get("/api/messages").json()["messages"]
    assert messages["toy.list"] == "Secret dice"


def test_the_lobby_lists_toy_games_and_the_openapi_document_their_request(
    client: TestClient,
) -> None:
    game_id, _ = two_people(client)
    listed = client.get("/api/games").json()["games"]
    assert [(g["id"], g["game"], g["players"], g["round"]) for g in listed] == [
        (game_id, "toy", 2, 1)
    ]
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert set(schemas["CreateToyGame"]["properties"]) == {
        "game",
        "take_points",
        "rolls",
        "bots",
        "names",
        "language",
        "offers",
        "open_seats",
        "turn_seconds",
        "hints",
    }


def test_the_rules_help_has_the_toy_games_part_in_both_languages(client: TestClient) -> None:
    answer = client.get("/api/rules", params={"language": "en"}).json()
    assert [part["name"] for part in answer["games"]] == ["sagrada", "cards", "toy"]
    toy = answer["games"][-1]
    assert [s["title"] for s in toy["sections"]] == ["Secret dice", "End of the game"]
    assert [(o["name"], o["note"]) for o in toy["options"]] == [
        ("take_points", None),
        ("rolls", "A roll is a gamble: a fresh die is 3.5 on average."),
    ]
    # Its German words keep the help's German (the help speaks the languages every game has).
    german = client.get("/api/rules", params={"language": "de"}).json()["games"][-1]
    assert german["sections"][1]["title"] == "Spielende"
