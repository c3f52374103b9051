"""One declaration per option (issue 12): the option schema, and every place that takes options
(the command line's play, simulate and bench, the server's POST /api/games, GET /api/options,
docs/options.md) made from it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sagrada.cli.main import build_parser, main
from sagrada.cli.options import config_from_args, flag, options_markdown
from sagrada.core.options import OPTIONS, OptionSpec
from web_helpers import new_client

DOCS = Path(__file__).resolve().parent.parent / "docs"

#: For each option, a value other than its default and the same value on the command line.
#: Each is allowed by the option's own declaration (choices, range, cards).
OTHER_VALUES: dict[str, tuple[Any, str]] = {
    "players": (3, "3"),
    "tools": ((1, 4, 7), "1,4,7"),
    "public_objectives": (
        ("row_color_variety", "set_values_1_2", "color_diagonals"),
        "row_color_variety,set_values_1_2,color_diagonals",
    ),
    "solo_tools": (5, "5"),
    "full_bag": (True, ""),
    "solo_private_objectives": (1, "1"),
    "tie_break": ("shared", "shared"),
    "private_pools": (True, ""),
    "expansion": (True, ""),
    "private_objectives": ("expansion", "expansion"),
    "apprentice": (True, ""),
    "masterwork": (True, ""),
    "masterwork_random": (True, ""),
    "toil": (True, ""),
}


def test_the_table_above_covers_every_option() -> None:
    assert set(OTHER_VALUES) == {spec.name for spec in OPTIONS}


def test_every_option_has_a_name_type_default_and_help() -> None:
    for spec in OPTIONS:
        data = spec.to_json()
        assert {"name", "type", "default", "help", "help_id"} <= set(data), spec.name
        assert data["help_id"] == f"option.{spec.name}"
        assert data["label_id"] == f"option.{spec.name}.label"
        assert data["type"] in ("int", "bool", "str", "list")


@pytest.mark.parametrize("command", ["play", "simulate", "bench"])
@pytest.mark.parametrize("spec", OPTIONS, ids=lambda spec: spec.name)
def test_every_option_is_a_flag_of_each_command(command: str, spec: OptionSpec) -> None:
    value, text = OTHER_VALUES[spec.name]
    words = [command, flag(spec.name)] + ([text] if text else [])
    if spec.name == "full_bag":  # the English rule for 2-3 players (bench plays 4 by default)
        words += ["--players", "2"]
    args = build_parser().parse_args(words)
    assert getattr(args, spec.name) == value
    assert getattr(config_from_args(args), spec.name) == value


@pytest.mark.parametrize("spec", OPTIONS, ids=lambda spec: spec.name)
def test_every_option_is_taken_by_the_server(tmp_path: Path, spec: OptionSpec) -> None:
    value, _ = OTHER_VALUES[spec.name]
    body: dict[str, Any] = {"players": 2}
    body[spec.name] = list(value) if isinstance(value, tuple) else value
    with new_client(tmp_path) as client:
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        game = client.get(f"/api/games/{created.json()['id']}").json()
        assert game["config"][spec.name] == body[spec.name]


def test_the_server_refuses_a_value_the_schema_does_not_allow(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        for bad in (
            {"players": 7},
            {"players": 2, "tie_break": "dice"},
            {"players": 2, "solo_tools": 0},
        ):
            assert client.post("/api/games", json=bad).status_code == 422, bad


def test_the_server_serves_the_schema_and_shows_it_in_openapi(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        served = client.get("/api/options").json()
        assert served == [spec.to_json() for spec in OPTIONS]
        body = client.get("/openapi.json").json()["components"]["schemas"]["CreateGame"]
        assert {spec.name for spec in OPTIONS} <= set(body["properties"])
        assert body["required"] == ["players"]
        assert body["properties"]["tie_break"]["enum"] == ["reverse-order", "shared"]


def test_sagrada_options_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [spec.to_json() for spec in OPTIONS]
    assert main(["options"]) == 0
    text = capsys.readouterr().out
    assert all(flag(spec.name) in text for spec in OPTIONS)


def test_sagrada_options_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "--game", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err


def test_the_options_document_is_made_from_the_schema() -> None:
    # If this fails: sagrada options --markdown > docs/options.md
    assert (DOCS / "options.md").read_text(encoding="utf-8") == options_markdown()
    # and: sagrada options --game cards --markdown > docs/card-options.md
    assert (DOCS / "card-options.md").read_text(encoding="utf-8") == options_markdown("cards")


def test_the_engine_answers_what_a_form_needs_to_know(tmp_path: Path) -> None:
    # The lobby asks the engine, not its own copy of the rules: with the Private Dice Pool
    # rules tools 7 and 8 leave the deck and 13 and 14 join it (rulebook
    # 003_0d63153aaa85498d.txt, PRIVATE DICE POOL VARIANT); solo deals solo_tools tools and
    # 2 public objectives (001_3237e9a6eb6273e0.txt, SOLO PLAY).
    with new_client(tmp_path) as client:
        pools = client.post("/api/options/check", json={"players": 3, "private_pools": True})
        data = pools.json()
        assert data["error"] is None
        assert data["tool_deck"] == [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14]
        assert (data["num_tools"], data["num_public_objectives"]) == (3, 3)
        assert data["modules"] == ["base", "five-six", "private-pools"]
        solo = client.post("/api/options/check", json={"players": 1, "solo_tools": 4}).json()
        assert (solo["num_tools"], solo["num_public_objectives"]) == (4, 2)
        wrong = client.post("/api/options/check", json={"players": 3, "tools": [1, 2]}).json()
        assert wrong["error"] == "tools: this game uses 3 tool cards, got 2"
        assert wrong["tool_deck"] == list(range(1, 13))
        refused = client.post("/api/options/check", json={"players": 9}).json()
        assert refused["error"] == "players must be 1-6, got 9"
        # Life's Toil objectives join the public deck with the option toil (rulebook
        # 004_234c3922e9d01436.txt, TOIL PUBLIC OBJECTIVES), Orange Adjacency not without the
        # Masterwork module.
        base = client.post("/api/options/check", json={"players": 2}).json()["public_deck"]
        toil = client.post("/api/options/check", json={"players": 2, "toil": True}).json()
        assert len(base) == 10
        assert set(toil["public_deck"]) - set(base) == {
            "perfect_pairs",
            "alternating_shades",
            "checkerboard_columns",
            "alternating_colours",
            "tallest_column",
        }
