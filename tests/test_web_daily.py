"""The daily challenge through the API (issue 29, "The daily challenge"; docs/players.md):
each game with a solo ladder has a game of the day, the same for everyone and dealt from a
secret seed; one attempt per account, game and day; no spectators and no record until the day
is over, then every attempt is a replay; a streak of days; the day's board by score.

The day is moved by :class:`web_helpers.DayClock` (the time the daily challenge reads), never
by waiting.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from sagrada.registry import entries
from web_helpers import (
    DATABASE,
    DayClock,
    act,
    be,
    daily_games,
    draft_or_pass,
    get_view,
    new_client,
    open_socket,
    play_daily,
    receive,
    sign_up,
    start_daily,
)


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with new_client(tmp_path) as client:
        yield client


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> DayClock:
    return DayClock(monkeypatch)


def first_daily(client: Any) -> str:
    return daily_games(client)[0]


def record(client: Any, game_id: str) -> Any:
    return client.get(f"/api/games/{game_id}/record")


def test_the_day_is_the_utc_date_and_ends_at_the_next_utc_midnight(
    client: Any, clock: DayClock
) -> None:
    clock.time += 8.5 * 3600  # 2026-03-14 23:30 UTC: still the 14th
    today = client.get("/api/daily").json()
    assert today["day"] == "2026-03-14"
    # 2026-03-15 00:00 UTC: 20,527 days after 1970-01-01 (56 years with 14 leap days, then
    # 31 + 28 + 14 days), each of 86,400 seconds.
    assert today["ends"] == 20_527 * 86_400
    assert today["streak"] is None  # a guest has none
    clock.time += 3600  # 00:30 UTC: the 15th
    assert client.get("/api/daily").json()["day"] == "2026-03-15"


def test_every_game_with_a_solo_ladder_has_a_daily_game_of_its_ladders_level(
    client: Any, clock: DayClock
) -> None:
    games = client.get("/api/daily").json()["games"]
    laddered = [e for e in entries() if e.ladder is not None]
    assert [g["game"] for g in games] == [e.name for e in laddered]
    for game, entry in zip(games, laddered, strict=True):
        assert entry.ladder is not None
        level = entry.ladder.daily[entry.ladder.option]
        assert game["level"] == level
        assert game["ladder"] == f"{entry.ladder.key}-{level}"
        assert game["label"] == {"id": entry.ladder.label_id, "params": {"n": level}}
        assert game["list_label"] == entry.page.list_label
        assert (game["attempts"], game["mine"]) == (0, None)


def test_a_guest_cannot_start_an_attempt(client: Any, clock: DayClock) -> None:
    game = first_daily(client)
    refused = client.post(f"/api/daily/{game}")
    assert refused.status_code == 401
    assert refused.json()["message"]["id"] == "players.log_in_first"
    assert client.get("/api/daily").json()["games"][0]["attempts"] == 0


def test_a_game_without_a_daily_challenge_is_refused(client: Any, clock: DayClock) -> None:
    sign_up(client, "Ada")
    refused = client.post("/api/daily/chess")
    assert refused.status_code == 404
    assert refused.json()["message"] == {
        "id": "players.no_daily_game",
        "params": {"name": "chess"},
    }


def test_every_attempt_of_the_day_is_the_same_game(client: Any, clock: DayClock) -> None:
    for game in daily_games(client):
        views = []
        for name in (f"Ada{game}", f"Bob{game}"):
            be(client, None)
            sign_up(client, name[:20])
            attempt = start_daily(client, game)
            view = get_view(client, attempt["id"], attempt["token"])
            # The same windows (or cards), tools, objectives and dice; only the game's own
            # summary (its id, its seat's name) and the clock differ.
            views.append({k: v for k, v in view.items() if k not in ("game", "clock")})
        assert views[0] == views[1]


def test_a_second_request_answers_the_unfinished_attempt_and_a_finished_one_is_refused(
    client: Any, clock: DayClock
) -> None:
    sign_up(client, "Ada")
    game = first_daily(client)
    first = start_daily(client, game)
    again = client.post(f"/api/daily/{game}")
    assert again.status_code == 200
    assert again.json() == first
    mine = client.get("/api/daily").json()["games"][0]["mine"]
    assert (mine["id"], mine["status"], mine["token"], mine["score"]) == (
        first["id"],
        "running",
        first["token"],
        None,
    )
    be(client, None)
    sign_up(client, "Bob")
    played = play_daily(client, game)
    done = client.post(f"/api/daily/{game}")
    assert done.status_code == 409
    assert done.json()["message"]["id"] == "players.daily_done"
    mine = client.get("/api/daily").json()["games"][0]["mine"]
    assert (mine["id"], mine["status"], mine["token"]) == (played["id"], "over", None)
    # The score is the margin: the points less the target.
    assert mine["score"] == mine["points"] - mine["target"]
    assert client.get("/api/daily").json()["games"][0]["attempts"] == 2


def test_two_requests_at_once_make_one_attempt(client: Any, clock: DayClock) -> None:
    sign_up(client, "Ada")
    game = first_daily(client)
    start = threading.Barrier(2)
    answers: list[Any] = [None, None]

    def ask(slot: int) -> None:
        start.wait()
        answers[slot] = client.post(f"/api/daily/{game}")

    threads = [threading.Thread(target=ask, args=(slot,)) for slot in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [200, 201]
    assert answers[0].json() == answers[1].json()
    assert client.get("/api/daily").json()["games"][0]["attempts"] == 1
    # One game was stored, the attempt's.
    assert client.app.state.store.count() == 1


def test_a_daily_game_has_no_spectators_and_no_record_while_its_day_lasts(
    client: Any, clock: DayClock
) -> None:
    sign_up(client, "Ada")
    game = first_daily(client)
    running = start_daily(client, game)
    be(client, None)
    sign_up(client, "Bob")
    over = play_daily(client, game)
    for attempt in (running, over):
        watched = client.get(f"/api/games/{attempt['id']}/view")
        assert watched.status_code == 403
        assert watched.json()["message"]["id"] == "players.daily_no_spectators"
        socket = client.websocket_connect(f"/api/games/{attempt['id']}/ws")
        with pytest.raises(WebSocketDisconnect) as closed, socket as ws:
            ws.send_json({"type": "hello"})  # no token: a spectator's hello
            receive(ws)
        assert closed.value.code == 4403
    # The seats' own socket works: its hello first, then its view.
    with open_socket(client, running["id"], running["token"]) as ws:
        assert receive(ws)["view"]["seat"] == running["seat"]
    for path in ("record", "replay/0"):
        sealed = client.get(f"/api/games/{over['id']}/{path}")
        assert sealed.status_code == 409
        assert sealed.json()["message"]["id"] == "players.daily_sealed"
    lobby = [
        g["id"]
        for shown in ("live", "finished")
        for g in client.get(f"/api/games?list={shown}").json()["games"]
    ]
    assert running["id"] not in lobby and over["id"] not in lobby


def test_once_the_day_is_over_every_attempt_is_a_replay_of_the_same_game(
    client: Any, clock: DayClock
) -> None:
    game = first_daily(client)
    attempts = []
    for name in ("Ada", "Bob"):
        be(client, None)
        sign_up(client, name)
        attempts.append(play_daily(client, game))
    clock.next_day()
    records = []
    for attempt in attempts:
        answer = record(client, attempt["id"])
        assert answer.status_code == 200, answer.text
        records.append(answer.json())
        assert client.get(f"/api/games/{attempt['id']}/replay/0").status_code == 200
        assert client.get(f"/api/games/{attempt['id']}/view").status_code == 200
    assert records[0]["seed"] == records[1]["seed"]
    assert records[0]["config"] == records[1]["config"]


def test_a_new_day_is_a_new_game_and_a_new_attempt(client: Any, clock: DayClock) -> None:
    sign_up(client, "Ada")
    game = first_daily(client)
    yesterday = start_daily(client, game)  # left unfinished
    clock.next_day()
    today = start_daily(client, game)
    assert today["id"] != yesterday["id"]
    # Yesterday's game may be replayed from others' attempts now: the one left unfinished is
    # closed as it stands.
    legal = get_view(client, yesterday["id"], yesterday["token"])["legal_actions"]
    closed = act(client, yesterday["id"], yesterday["token"], legal[0])
    assert closed.status_code == 409
    assert closed.json()["message"]["id"] == "players.daily_closed"
    clock.next_day()
    seeds = set()
    for attempt in (yesterday, today):
        answer = record(client, attempt["id"])
        assert answer.status_code == 200, answer.text
        seeds.add(answer.json()["seed"])
    assert len(seeds) == 2


@pytest.mark.skipif(DATABASE is not None, reason="the servers would share one database's secret")
def test_two_servers_deal_different_daily_games(tmp_path: Path, clock: DayClock) -> None:
    # The seed is made with the server's own secret: nobody can work out the day's game
    # from the date alone.
    seeds = []
    for db in ("one.db", "two.db"):
        with new_client(tmp_path, db=db) as client:
            sign_up(client, "Ada")
            attempt = start_daily(client, first_daily(client))
            clock.next_day()
            seeds.append(record(client, attempt["id"]).json()["seed"])
            clock.next_day(-1)
    assert seeds[0] != seeds[1]


def test_the_daily_streak_counts_consecutive_days_with_a_finished_attempt(
    client: Any, clock: DayClock
) -> None:
    sign_up(client, "Ada")
    game = first_daily(client)

    def streak() -> dict[str, int]:
        daily = client.get("/api/daily").json()["streak"]
        profile = client.get("/api/players/ada").json()["streaks"]["daily"]
        assert daily == profile
        return dict(daily)

    assert streak() == {"current": 0, "best": 0}
    play_daily(client, game)
    assert streak() == {"current": 1, "best": 1}  # today counts once finished
    clock.next_day()
    assert streak() == {"current": 1, "best": 1}  # not broken before today is over
    play_daily(client, game)
    assert streak() == {"current": 2, "best": 2}
    clock.next_day(2)  # a day without an attempt
    assert streak() == {"current": 0, "best": 2}
    start_daily(client, game)  # started is not finished
    assert streak() == {"current": 0, "best": 2}


def test_the_days_board_ranks_by_score_and_a_tie_by_who_finished_first(
    client: Any, clock: DayClock
) -> None:
    game = first_daily(client)
    ids = {}
    for name, choose in (
        ("Ada", draft_or_pass),
        ("Bob", draft_or_pass),  # the same game played alike: Ada's score, finished later
        ("Cyd", lambda legal: "pass" if "pass" in legal else legal[-1]),
    ):
        be(client, None)
        sign_up(client, name)
        ids[name] = play_daily(client, game, choose)["id"]
    board = client.get(f"/api/leaderboard?mode=daily&game={game}").json()
    assert (board["mode"], board["game"], board["day"], board["ranks_by"]) == (
        "daily",
        game,
        "2026-03-14",
        "score",
    )
    entries_ = board["entries"]
    assert [e["place"] for e in entries_] == [1, 2, 3]
    values = [e["value"] for e in entries_]
    assert values == sorted(values, reverse=True)
    for entry in entries_:
        assert entry["value"] == entry["points"] - entry["target"]
        assert entry["replay"] is None  # the day lasts
    names = [e["name"] for e in entries_]
    assert names.index("Ada") < names.index("Bob")
    ada, bob = (next(e for e in entries_ if e["name"] == n) for n in ("Ada", "Bob"))
    assert ada["value"] == bob["value"] and ada["finished"] <= bob["finished"]
    assert board["me"] == next(e for e in entries_ if e["name"] == "Cyd")
    be(client, None)
    assert client.get(f"/api/leaderboard?mode=daily&game={game}").json()["me"] is None
    # Once the day is over, its board links each attempt's replay.
    clock.next_day()
    past = client.get(f"/api/leaderboard?mode=daily&game={game}&day=2026-03-14").json()
    page = next(g["page"] for g in client.get("/api/registry").json() if g["name"] == game)
    assert {e["name"]: e["replay"] for e in past["entries"]} == {
        name: f"{page}/{game_id}" for name, game_id in ids.items()
    }
    assert client.get(f"/api/leaderboard?mode=daily&game={game}").json()["entries"] == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("mode=daily&game=chess", "players.no_daily_game"),
        ("mode=daily&day=2026-03-15", "players.bad_day"),  # tomorrow
        ("mode=daily&day=14.03.2026", "players.bad_day"),
    ],
)
def test_a_daily_board_of_no_such_game_or_day_is_refused(
    client: Any, clock: DayClock, query: str, message: str
) -> None:
    refused = client.get(f"/api/leaderboard?{query}")
    assert refused.status_code == 422
    assert refused.json()["message"]["id"] == message
