"""The options of a game's table on the server (docs/web-api.md, "Game options"), declared once
in ``sagrada/table_options.py``: each game's bots say which it is offered with, and from that
declaration come ``GET /api/options/table``, the request models of ``POST /api/games`` (and
so the server's refusals and the OpenAPI document) and the lobby's controls
(``tests/test_e2e_comforts.py`` drives those)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sagrada.core.messages import template
from sagrada.i18n import languages
from sagrada.registry import game_bots, games
from sagrada.table_options import HINTS, TURN_SECONDS
from web_helpers import create_game, new_client, summary


def test_each_game_serves_the_table_options_it_is_declared_with(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        for game in games():
            answer = client.get("/api/options/table", params={"game": game.name})
            assert answer.status_code == 200, answer.text
            declared = [option.to_json() for option in game_bots(game.name).table]
            assert answer.json() == declared
        # Without a game: the dice game's.
        assert client.get("/api/options/table").json() == [
            TURN_SECONDS.to_json(),
            HINTS.to_json(),
        ]


def test_the_dice_game_offers_a_turn_clock_and_hints_the_card_game_hints_only(
    tmp_path: Path,
) -> None:
    # The card game's page shows no clock (docs/web-api.md): it has no turn limit.
    with new_client(tmp_path) as client:
        dice = client.get("/api/options/table", params={"game": "sagrada"}).json()
        cards = client.get("/api/options/table", params={"game": "cards"}).json()
    assert [option["name"] for option in dice] == ["turn_seconds", "hints"]
    assert [option["name"] for option in cards] == ["hints"]
    clock = dice[0]
    # Ten seconds to a week (7 * 24 * 3600 s), or null for no limit, the default.
    assert (clock["type"], clock["default"], clock["nullable"]) == ("int", None, True)
    assert (clock["minimum"], clock["maximum"]) == (10, 604800)
    # What the lobby offers: no limit, 3 minutes, a day.
    assert [preset["value"] for preset in clock["presets"]] == [None, 180, 86400]
    assert [preset["label"] for preset in clock["presets"]] == ["No limit", "3 minutes", "1 day"]
    assert (dice[1]["type"], dice[1]["default"], dice[1]["label"]) == ("bool", False, "Allow hints")
    # The card game's hints say what its hint bot's values mean: the margin over the target.
    assert cards[0]["help_id"] != dice[1]["help_id"]
    assert "target" in cards[0]["help"]


def test_an_unknown_game_has_no_table_options(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        answer = client.get("/api/options/table", params={"game": "chess"})
    assert answer.status_code == 404 and "chess" in answer.json()["detail"]


@pytest.mark.parametrize("language", languages())
def test_every_word_of_a_table_option_is_in_the_catalogue(language: str) -> None:
    for game in games():
        for option in game_bots(game.name).table:
            for message_id in option.message_ids():
                # The catalogue answers the id itself for an id it lacks.
                assert template(message_id, language=language) != message_id, message_id


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": 2, "turn_seconds": 9}, "turn_seconds"),  # below ten seconds
        ({"players": 2, "turn_seconds": 604801}, "turn_seconds"),  # over a week
        ({"players": 2, "turn_seconds": 180.5}, "turn_seconds"),
        ({"players": 2, "turn_seconds": "180"}, "turn_seconds"),
        ({"players": 2, "turn_seconds": True}, "turn_seconds"),
        ({"players": 2, "hints": "yes"}, "hints"),
        ({"players": 2, "hints": None}, "hints"),
        ({"game": "cards", "hints": 1}, "hints"),
        # The card game is not offered a turn clock at all.
        ({"game": "cards", "turn_seconds": 180}, "turn_seconds"),
        ({"game": "cards", "turn_seconds": None}, "turn_seconds"),
    ],
)
def test_a_table_value_outside_the_declaration_is_refused_with_a_reason(
    tmp_path: Path, body: dict[str, Any], field: str
) -> None:
    game_name = body.get("game", "sagrada")
    offered = {option.name: option for option in game_bots(game_name).table}
    assert field not in offered or not offered[field].allows(body[field])
    with new_client(tmp_path) as client:
        answer = client.post("/api/games", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"].startswith(f"{field}:")


def test_every_value_the_declaration_allows_is_taken_and_kept(tmp_path: Path) -> None:
    # The range's ends and each value the lobby offers.
    values = [TURN_SECONDS.minimum, TURN_SECONDS.maximum]
    values += [preset.value for preset in TURN_SECONDS.presets]
    with new_client(tmp_path) as client:
        for value in values:
            assert TURN_SECONDS.allows(value)
            created = create_game(client, players=2, turn_seconds=value, hints=True)
            kept = summary(client, created["id"])
            assert (kept["turn_seconds"], kept["hints"]) == (value, True)
        created = create_game(client, game="cards", hints=True)
        assert summary(client, created["id"])["hints"] is True


def test_the_openapi_document_shows_each_games_table_options(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        schemas = client.get("/openapi.json").json()["components"]["schemas"]
    dice, cards = schemas["CreateGame"]["properties"], schemas["CreateCardGame"]["properties"]
    clock = next(kind for kind in dice["turn_seconds"]["anyOf"] if kind.get("type") == "integer")
    assert (clock["minimum"], clock["maximum"]) == (TURN_SECONDS.minimum, TURN_SECONDS.maximum)
    assert dice["turn_seconds"]["description"] == TURN_SECONDS.help
    assert dice["hints"]["default"] is False and cards["hints"]["default"] is False
    assert "turn_seconds" not in cards
