"""The server's fast paths give what the plain ones gave: the JSON answers are the bytes the
standard library's encoder makes (:mod:`sagrada.web.fast_json`), and an action's write on
the kept connection (:mod:`sagrada.web.hot_writes`) is refused whole on a stale version."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sagrada.web.fast_json import dumps, standard_dumps
from sagrada.web.store import StaleGame, Store
from web_helpers import (
    bearer,
    create_game,
    database_url,
    draft_or_pass,
    new_client,
    tokens_of,
)


def test_every_answer_of_a_game_played_to_its_end_is_the_standard_encoders_bytes(
    tmp_path: Path,
) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        answers = []
        for _ in range(500):
            spectator = client.get(f"/api/games/{game_id}/view")
            answers.append(spectator)
            if spectator.json()["phase"] == "over":
                break
            token = tokens[spectator.json()["current_player"]]
            seat_view = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
            legal = seat_view.json()["legal_actions"]
            body = {"token": token, "action": draft_or_pass(legal)}
            acted = client.post(f"/api/games/{game_id}/actions", json=body)
            assert acted.status_code == 200, acted.text
            answers += [seat_view, acted]
        assert answers[-1].json()["phase"] == "over"
        answers.append(client.get(f"/api/games/{game_id}"))
    for answer in answers:
        assert answer.content == standard_dumps(answer.json())


@pytest.mark.parametrize(
    "value",
    [
        {"big": 2**70, "text": "Zwölf ✓"},  # past orjson's integers: the standard library's
        {1: "a key that is a number", "nested": [1.5, None, True]},
    ],
)
def test_values_the_fast_encoder_meets_rarely_are_encoded_as_the_standard_library_does(
    value: Any,
) -> None:
    assert dumps(value) == standard_dumps(value)
    assert json.loads(dumps(value)) == json.loads(json.dumps(value))


def test_an_actions_write_on_a_stale_version_is_refused_and_writes_nothing(
    tmp_path: Path,
) -> None:
    store = Store(database_url(tmp_path, "hot.db"))
    try:
        store.create_game("hot1", {"players": 2}, 7, [], "running")
        store.append_actions("hot1", 0, [("pass", 0)], "running", version=0)
        assert store.version("hot1") == 1
        with pytest.raises(StaleGame):
            store.append_actions("hot1", 1, [("pass", 1), ("pass", 0)], "over", version=0)
        stored = store.load("hot1")
        assert stored is not None
        assert (stored.actions, stored.status, stored.version) == (["pass"], "running", 1)
        store.append_actions("hot1", 1, [("pass", 1), ("pass", 0)], "running", version=1)
        stored = store.load("hot1")
        assert stored is not None
        assert (stored.actions, stored.version) == (["pass", "pass", "pass"], 2)
        assert store.version("no-such-game") is None
    finally:
        store.close()
