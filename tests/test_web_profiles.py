"""Profiles and leaderboards through the API (issue 29, "Profiles and history",
"Leaderboards"; docs/players.md): an account's finished games with their results and replays,
its ratings with their history, its solo scores by ladder and its streaks; the boards' top 100
and my place, wherever it is; nothing private of an account in any answer.

Where a test needs more games than are worth playing (a page of 50, a board of 100), it writes
their results into the database as a finished game's end would, and reads them through the
API.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert

from sagrada.players.ratings import bot_ratings
from sagrada.players.schema import accounts_table, results_table
from sagrada.registry import entries
from web_helpers import (
    DayClock,
    be,
    create_game,
    daily_games,
    draft_or_pass,
    new_client,
    play_daily,
    play_humans,
    session,
    sign_up,
    summary,
    tokens_of,
)

#: What no answer about another account may hold (its private settings, its sessions, its
#: push subscriptions, its id).
PRIVATE_KEYS = {"email", "email_turns", "sessions", "account_id", "password", "endpoint", "p256dh"}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with new_client(tmp_path) as client:
        yield client


def profile(client: Any, name: str, **query: Any) -> dict[str, Any]:
    response = client.get(f"/api/players/{name}", params=query)
    assert response.status_code == 200, response.text
    return dict(response.json())


def board(client: Any, mode: str) -> dict[str, Any]:
    response = client.get("/api/leaderboard", params={"mode": mode})
    assert response.status_code == 200, response.text
    return dict(response.json())


def page_of(client: Any, game: str) -> str:
    """The address of a seat's page of ``game`` (``/game`` for ``/game/ID``)."""
    return str(next(g["page"] for g in client.get("/api/registry").json() if g["name"] == game))


def rated_game(client: Any, first: str | None, second: str | None) -> str:
    """Play a rated game of two players to its end: the account of the cookie ``first``
    creates it with a time limit, offering the other seat to the account of ``second``."""
    be(client, second)
    name = client.get("/api/me").json()["account"]["name"]
    be(client, first)
    created = create_game(client, redeem=False, players=2, turn_seconds=600, offers=[None, name])
    be(client, second)
    joined = client.post(f"/api/games/{created['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    game_id = str(created["id"])
    assert summary(client, game_id)["rated"] == "2p"
    tokens = {0: created["seats"][0]["token"], 1: joined.json()["token"]}
    play_humans(client, game_id, tokens, lambda view: False)
    return game_id


def add_account(client: Any, name: str) -> int:
    """Make an account straight in the database (a board's crowd); return its id."""
    with client.app.state.store.engine.begin() as conn:
        made = conn.execute(
            insert(accounts_table).values(
                name=name, name_key=name.lower(), password="-", created=1.0
            )
        )
        return int(made.inserted_primary_key[0])


def add_result(client: Any, account: int, game_id: str, **values: Any) -> None:
    """Write a finished game's result for ``account``, as a game's end writes it."""
    row = {
        "game_id": game_id,
        "seat": 0,
        "account_id": account,
        "game": entries()[0].name,
        "players": 1,
        "place": 1,
        "points": 0,
        "target": 0,
        "won": 0,
        "finished": 1.0,
        **values,
    }
    with client.app.state.store.engine.begin() as conn:
        conn.execute(insert(results_table).values(**row))


def test_a_profile_is_found_by_its_name_ignoring_case(client: Any) -> None:
    sign_up(client, "Ada_L")
    be(client, None)
    found = profile(client, "ada_l")
    assert found["name"] == "Ada_L"
    assert found["games"] == {"list": [], "page": 1, "pages": 1, "total": 0}
    assert found["streaks"] == {
        "daily": {"current": 0, "best": 0},
        "wins": {"current": 0, "best": 0},
    }
    for name in ("Nobody", "a" * 40, "no such"):
        missing = client.get(f"/api/players/{name}")
        assert missing.status_code == 404
        assert missing.json()["message"]["id"] == "players.no_such_account"


def test_a_rated_game_shows_in_both_profiles_with_its_result_and_moved_ratings(
    client: Any,
) -> None:
    sign_up(client, "Ada")
    ada = session(client)
    be(client, None)
    sign_up(client, "Bob")
    bob = session(client)
    game_id = rated_game(client, ada, bob)
    be(client, None)
    page = page_of(client, entries()[0].name)
    listed = {name: profile(client, name)["games"]["list"] for name in ("Ada", "Bob")}
    # The dice game's tie-breaks end on the order of play: one place each.
    assert sorted(games[0]["place"] for games in listed.values()) == [1, 2]
    for name, games in listed.items():
        (game,) = games
        assert game["id"] == game_id
        assert (game["game"], game["players"], game["mode"]) == (entries()[0].name, 2, "2p")
        assert game["list_label"] == entries()[0].page.list_label
        assert game["abandoned"] is False and game["daily"] is None
        assert game["replay"] == f"{page}/{game_id}"
        assert game["won"] is (game["place"] == 1)
        ratings = {r["mode"]: r for r in profile(client, name)["ratings"]}
        assert (ratings["multi"]["rating"], ratings["multi"]["games"]) == (None, 0)
        rated = ratings["2p"]
        assert rated["label"] == "players.mode.2p"
        assert rated["games"] == 1
        (point,) = rated["history"]
        assert point["id"] == game_id
        assert {k: point[k] for k in ("mu", "sigma", "display")} == rated["rating"]
        # The displayed rating is the mean less three deviations, to a tenth.
        mu, sigma = rated["rating"]["mu"], rated["rating"]["sigma"]
        assert rated["rating"]["display"] == round(mu - 3 * sigma, 1)
        streak = profile(client, name)["streaks"]["wins"]
        assert streak == ({"current": 1, "best": 1} if game["won"] else {"current": 0, "best": 0})
    winner, loser = sorted(listed, key=lambda n: listed[n][0]["place"])
    # OpenSkill's prior mean is 25: the winner's rises above it, the loser's falls below.
    means = {n: profile(client, n)["ratings"][0]["rating"]["mu"] for n in (winner, loser)}
    assert means[winner] > 25 > means[loser]


def test_a_rating_board_ranks_by_displayed_rating_and_tells_my_place(client: Any) -> None:
    sign_up(client, "Ada")
    ada = session(client)
    be(client, None)
    sign_up(client, "Bob")
    bob = session(client)
    be(client, None)
    sign_up(client, "Cyd")  # plays no rated game
    cyd = session(client)
    rated_game(client, ada, bob)
    be(client, None)
    two = board(client, "2p")
    assert (two["mode"], two["ranks_by"], two["me"]) == ("2p", "rating", None)
    assert two["label"] == {"id": "players.mode.2p", "params": {}}
    ratings = {n: profile(client, n)["ratings"][0]["rating"] for n in ("Ada", "Bob")}
    expected = sorted(ratings, key=lambda n: -(ratings[n]["mu"] - 3 * ratings[n]["sigma"]))
    assert [e["name"] for e in two["entries"]] == expected
    for place, entry in enumerate(two["entries"], 1):
        assert entry["place"] == place
        assert entry["value"] == ratings[entry["name"]]["display"]
        assert entry["games"] == 1
        assert entry["rating"] == ratings[entry["name"]]
    be(client, bob)
    assert board(client, "2p")["me"] == next(e for e in two["entries"] if e["name"] == "Bob")
    be(client, cyd)
    assert board(client, "2p")["me"] is None  # no rated game: not on the board
    assert board(client, "multi")["entries"] == []


def test_solo_scores_are_kept_per_ladder_as_best_mean_and_count(client: Any) -> None:
    sign_up(client, "Ada")
    first = entries()[0]
    assert first.ladder is not None
    level = first.ladder.levels[0]
    request = {"game": first.name, **first.ladder.daily, first.ladder.option: level}
    margins = []
    for choose in (draft_or_pass, lambda legal: "pass" if "pass" in legal else legal[0]):
        created = create_game(client, **request)
        play_humans(client, created["id"], tokens_of(created), lambda view: False, choose)
        (game, *_) = profile(client, "Ada")["games"]["list"]
        assert game["ladder"] == f"{first.ladder.key}-{level}"
        margins.append(game["points"] - game["target"])
    solo = {s["ladder"]: s for s in profile(client, "Ada")["solo"]}
    expected = [f"{e.ladder.key}-{n}" for e in entries() if e.ladder for n in e.ladder.levels]
    assert list(solo) == expected
    mine = solo[f"{first.ladder.key}-{level}"]
    assert (mine["games"], mine["best"]) == (2, max(margins))
    assert mine["mean"] == pytest.approx(sum(margins) / 2)
    assert mine["label"] == {"id": first.ladder.label_id, "params": {"n": level}}
    others = [s for name, s in solo.items() if name != f"{first.ladder.key}-{level}"]
    assert all((s["games"], s["best"], s["mean"]) == (0, None, None) for s in others)
    ranked = board(client, f"{first.ladder.key}-{level}")
    assert ranked["ranks_by"] == "best_score"
    assert ranked["entries"] == [{"place": 1, "name": "Ada", "value": max(margins), "games": 2}]
    assert ranked["me"] == ranked["entries"][0]


def test_a_solo_board_ranks_best_scores_first_reached_first_and_finds_me_beyond_it(
    client: Any,
) -> None:
    ladder = "solo-2"
    # 101 accounts: account i's best is 200 - i (and a worse game each, which does not count).
    crowd = [add_account(client, f"P{i:03d}") for i in range(101)]
    for i, account in enumerate(crowd):
        add_result(client, account, f"g{i}", ladder=ladder, points=200 - i, finished=10.0 + i)
        add_result(client, account, f"w{i}", ladder=ladder, points=-5, finished=5.0)
    # Two more with P000's best: the one that reached it first is ahead of the other.
    late, early = add_account(client, "Late"), add_account(client, "Early")
    add_result(client, late, "late", ladder=ladder, points=200, finished=30.0)
    add_result(client, early, "early", ladder=ladder, points=200, finished=2.0)
    add_result(client, early, "early2", ladder=ladder, points=200, finished=50.0)
    sign_up(client, "Ada")
    ada = client.app.state.players.accounts.find("Ada").id
    add_result(client, ada, "ada", ladder=ladder, points=150, finished=100.0)
    top = board(client, ladder)
    assert len(top["entries"]) == 100
    assert [e["name"] for e in top["entries"][:4]] == ["Early", "P000", "Late", "P001"]
    assert [e["value"] for e in top["entries"][:4]] == [200, 200, 200, 199]
    assert top["entries"][0]["games"] == 2
    assert [e["place"] for e in top["entries"]] == list(range(1, 101))
    # Ahead of Ada's 150: Early, Late and P000 to P050 (200 to 150, P050 reaching it first).
    assert top["me"] == {"place": 54, "name": "Ada", "value": 150, "games": 1}
    add_result(client, ada, "ada2", ladder=ladder, points=-50, finished=150.0)
    assert board(client, ladder)["me"]["place"] == 54  # a worse game moves nothing
    # A score is the points less the target: 100 against -60 is 160, behind Early, Late and
    # P000 to P040 (P040 reached 160 first).
    add_result(client, ada, "ada3", ladder=ladder, points=100, target=-60, finished=200.0)
    assert board(client, ladder)["me"] == {"place": 44, "name": "Ada", "value": 160, "games": 3}


def test_the_games_of_a_profile_come_by_pages_of_fifty_newest_first(client: Any) -> None:
    sign_up(client, "Ada")
    ada = client.app.state.players.accounts.find("Ada").id
    for i in range(51):
        add_result(client, ada, f"game{i:02d}", points=i, finished=100.0 + i)
    first = profile(client, "Ada")["games"]
    assert (first["page"], first["pages"], first["total"]) == (1, 2, 51)
    assert [g["id"] for g in first["list"]] == [f"game{i:02d}" for i in range(50, 0, -1)]
    second = profile(client, "Ada", page=2)["games"]
    assert [g["id"] for g in second["list"]] == ["game00"]
    assert client.get("/api/players/Ada", params={"page": 0}).status_code == 422


def test_an_unknown_board_is_refused_with_the_list_of_boards(client: Any) -> None:
    refused = client.get("/api/leaderboard", params={"mode": "solo-6"})
    assert refused.status_code == 422
    ladders = [f"{e.ladder.key}-{n}" for e in entries() if e.ladder for n in e.ladder.levels]
    assert refused.json()["message"] == {
        "id": "players.no_such_board",
        "params": {"mode": "solo-6", "modes": ", ".join(["2p", "multi", "daily", *ladders])},
    }


def test_a_daily_attempt_links_its_replay_once_its_day_is_over(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = DayClock(monkeypatch)
    sign_up(client, "Ada")
    game = daily_games(client)[0]
    attempt = play_daily(client, game)
    (listed,) = profile(client, "Ada")["games"]["list"]
    assert (listed["id"], listed["daily"], listed["replay"]) == (attempt["id"], "2026-03-14", None)
    clock.next_day()
    (listed,) = profile(client, "Ada")["games"]["list"]
    assert listed["replay"] == f"{page_of(client, game)}/{attempt['id']}"


def keys_of(data: Any) -> set[str]:
    """Every key of every object in a JSON answer."""
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in keys_of(value)}
    if isinstance(data, list):
        return {k for value in data for k in keys_of(value)}
    return set()


def test_no_answer_holds_anything_private_of_an_account(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    DayClock(monkeypatch)
    sign_up(client, "Ada")
    changed = client.patch("/api/me", json={"email": "ada@example.org", "email_turns": True})
    assert changed.status_code == 200, changed.text
    ada = session(client)
    for game in daily_games(client):
        play_daily(client, game)
    sessions = [s["id"] for s in client.get("/api/me/sessions").json()["sessions"]]
    be(client, None)
    sign_up(client, "Bob")
    bob = session(client)
    rated_game(client, ada, bob)
    for cookie in (bob, None):
        be(client, cookie)
        answers = [client.get("/api/players/ada"), client.get("/api/daily")]
        answers += [
            client.get("/api/leaderboard", params={"mode": mode})
            for mode in ("2p", "multi", "daily", "solo-3")
        ]
        for answer in answers:
            assert answer.status_code == 200, answer.text
            assert "ada@example.org" not in answer.text
            assert not any(s in answer.text for s in sessions)
            assert keys_of(answer.json()) & PRIVATE_KEYS == set()
            assert str(ada) not in answer.text
    # Ada's own answers hold her e-mail only where they are hers (GET /api/me).
    be(client, ada)
    assert "ada@example.org" not in json.dumps(client.get("/api/daily").json())


def test_a_rating_board_lists_every_board_and_the_bots_fixed_ratings(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        answer = client.get("/api/leaderboard", params={"mode": "2p"}).json()
    modes = [board["mode"] for board in answer["boards"]]
    # The modes, the daily board, then the ladders: 2p, multi, daily, solo-1..5, cards-1..9.
    assert modes[:3] == ["2p", "multi", "daily"] and len(modes) == 3 + 5 + 9
    assert answer["boards"][0]["label"] == {"id": "players.mode.2p", "params": {}}
    bots = {(mark["game"], mark["bot"]): mark["rating"] for mark in answer["bots"]}
    measured = bot_ratings()["ratings"]["sagrada"]["2p"]["hard"]
    hard = bots[("sagrada", "hard")]
    assert hard["mu"] == measured["mu"]
    # Shown as the conservative mu - 3 sigma, to a tenth (docs/ratings.md).
    assert hard["display"] == round(measured["mu"] - 3 * measured["sigma"], 1)
    displays = [mark["rating"]["display"] for mark in answer["bots"]]
    assert displays == sorted(displays, reverse=True)


def test_a_leaderboard_asked_for_without_a_mode_is_the_first_board(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        answer = client.get("/api/leaderboard").json()
    assert answer["mode"] == answer["boards"][0]["mode"] == "2p"
