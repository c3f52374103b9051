"""``sagrada score``: scoring a physical game's window from JSON.

Expected numbers come from rulebook 001_3237e9a6eb6273e0.txt (English base rules), sections
SCORING EXAMPLE and SOLO PLAY RULES, worked by hand in the comments.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import sagrada.cli.main as cli_main
from helpers import write_json

# The rulebook's SCORING EXAMPLE, exactly as the brief writes it.
RULEBOOK_INPUT: dict[str, Any] = {
    "dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
    "public": ["Column Color Variety", "Light Shades", "Color Variety"],
    "private": ["Shades of Purple"],
    "favor_tokens": 0,
    "mode": "multiplayer",
}

# Rulebook SCORING EXAMPLE: 10 + 4 + 12 + 17 + 0 - 3 = 40.
RULEBOOK_JSON = {
    "total": 40,
    "parts": [
        {"name": "Column Color Variety", "points": 10},  # columns 4 and 5 × 5 VP
        {"name": "Light Shades", "points": 4},  # min(two 1s, three 2s) = 2 sets × 2 VP
        {"name": "Color Variety", "points": 12},  # 3 sets × 4 VP
        {"name": "Shades of Purple", "points": 17},  # 5 + 6 + 6
        {"name": "Favor tokens", "points": 0},  # none remain
        {"name": "Open spaces", "points": -3},  # A1, B3, C3 × -1 VP
    ],
}


@pytest.fixture(autouse=True)
def only_score_subcommand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the command line with ``score`` alone, whether or not the other modules exist."""
    monkeypatch.setattr(cli_main, "SUBCOMMANDS", ("score",))


def table_rows(out: str) -> dict[str, list[str]]:
    """Split the table into its columns (separated by 2+ spaces), keyed by the source name."""
    rows = {}
    for line in out.splitlines()[1:]:
        cols = re.split(r"\s{2,}", line.strip())
        rows[cols[0]] = cols[1:]
    return rows


def test_rulebook_example_as_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main.main(["score", write_json(tmp_path, RULEBOOK_INPUT)])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    assert out.splitlines()[0].split() == ["Source", "Points", "Count", "Formula"]
    rows = table_rows(out)
    # points, count, formula; numbers from the rulebook SCORING EXAMPLE
    assert rows["Column Color Variety"] == ["10", "2", "2 columns × 5 VP"]
    assert rows["Light Shades"] == ["4", "2", "2 sets × 2 VP"]
    assert rows["Color Variety"] == ["12", "3", "3 sets × 4 VP"]
    assert rows["Shades of Purple"] == ["17", "3", "6 + 5 + 6"]  # A5, C1, C4
    assert rows["Favor tokens"] == ["0", "0", "0 tokens × 1 VP"]
    assert rows["Open spaces"] == ["-3", "3", "3 spaces × -1 VP"]
    assert rows["Total"] == ["40"]
    assert list(rows) == [
        "Column Color Variety",
        "Light Shades",
        "Color Variety",
        "Shades of Purple",
        "Favor tokens",
        "Open spaces",
        "Total",
    ]


def test_rulebook_example_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main.main(["score", write_json(tmp_path, RULEBOOK_INPUT), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    assert json.loads(out) == RULEBOOK_JSON


def test_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(RULEBOOK_INPUT)))
    code = cli_main.main(["score", "-", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert json.loads(out) == RULEBOOK_JSON


def test_defaults_and_printed_card_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # favor_tokens defaults to 0 and mode to multiplayer; names match case-insensitively and
    # in the printed form "Shades of Purple • Private" (CARDS.md §3).
    data = dict(RULEBOOK_INPUT)
    del data["favor_tokens"], data["mode"]
    data["public"] = ["column color variety", "LIGHT SHADES", "set_all_colors"]
    data["private"] = ["Shades of Purple • Private"]
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert json.loads(out) == RULEBOOK_JSON


def test_favor_tokens_and_no_public_objectives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Shades of Purple 17 + 3 favor tokens - 3 open spaces = 17.
    data = dict(RULEBOOK_INPUT, public=[], favor_tokens=3)
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert json.loads(out) == {
        "total": 17,
        "parts": [
            {"name": "Shades of Purple", "points": 17},
            {"name": "Favor tokens", "points": 3},
            {"name": "Open spaces", "points": -3},
        ],
    }


def test_solo_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Rulebook SOLO PLAY RULES: only the better private counts, favor tokens unused, -3 VP per
    # open space. Column Color Variety 10 + Light Shades 4 + Shades of Green 19
    # (4 + 1 + 6 + 4 + 4, better than Purple's 17) + 0 - 3 × 3 = 24.
    data = dict(
        RULEBOOK_INPUT,
        public=["Column Color Variety", "Light Shades"],
        private=["Shades of Purple", "Shades of Green"],
        mode="solo",
    )
    path = write_json(tmp_path, data)
    code = cli_main.main(["score", path, "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    assert json.loads(out) == {
        "total": 24,
        "parts": [
            {"name": "Column Color Variety", "points": 10},
            {"name": "Light Shades", "points": 4},
            # Listed, but it does not count: 0 in the JSON so that the parts add up to the
            # total (the table shows the 17 it would have given, marked "not counted").
            {"name": "Shades of Purple", "points": 0},
            {"name": "Shades of Green", "points": 19},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -9},
        ],
    }
    assert cli_main.main(["score", path]) == 0
    rows = table_rows(capsys.readouterr().out)
    assert rows["Open spaces"] == ["-9", "3", "3 spaces × -3 VP"]
    assert rows["Shades of Purple"][0] == "17"
    assert "not counted" in rows["Shades of Purple"][-1]
    assert rows["Total"] == ["24"]


def test_solo_warns_that_favor_tokens_are_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Solo: 17 (Purple) - 9 = 8; the 4 tokens are ignored with a warning.
    data = dict(RULEBOOK_INPUT, public=[], mode="solo", favor_tokens=4)
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["total"] == 8
    assert "favor tokens are not used in solo" in err


# Rulebook SOLO PLAY RULES, SETUP: "2 Public Objectives and 2 Private Objective are placed
# face up". The rulebook example's three public objectives are right for multiplayer only.
THREE_PUBLICS = ["Column Color Variety", "Light Shades", "Color Variety"]


def test_solo_refuses_three_public_objectives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = dict(RULEBOOK_INPUT, public=THREE_PUBLICS, mode="solo")
    code = cli_main.main(["score", write_json(tmp_path, data)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.splitlines() == [
        "sagrada score: error: field 'public': expected 0 to 2 card names in solo mode, got 3"
    ]


def test_solo_refuses_four_public_objectives_naming_the_solo_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = dict(RULEBOOK_INPUT, public=[*THREE_PUBLICS, "Deep Shades"], mode="solo")
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "sagrada score: error: field 'public': expected 0 to 2 card names in solo mode, got 4"
    ]


def test_solo_accepts_one_public_objective(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Solo, Color Variety alone: 3 sets x 4 VP = 12 (rulebook SCORING EXAMPLE); Shades of
    # Purple 6 + 5 + 6 = 17; favor tokens unused; 3 open spaces x -3 = -9. 12 + 17 - 9 = 20.
    data = dict(RULEBOOK_INPUT, public=["Color Variety"], mode="solo")
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "total": 20,
        "parts": [
            {"name": "Color Variety", "points": 12},
            {"name": "Shades of Purple", "points": 17},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -9},
        ],
    }


def test_multiplayer_still_takes_three_public_objectives_and_no_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The same three cards as the solo refusal above: in multiplayer they give the rulebook's
    # SCORING EXAMPLE, 10 + 4 + 12 + 17 + 0 - 3 = 40.
    data = dict(RULEBOOK_INPUT, public=THREE_PUBLICS, mode="multiplayer")
    assert cli_main.main(["score", write_json(tmp_path, data), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 40
    data["public"] = [*THREE_PUBLICS, "Deep Shades"]
    assert cli_main.main(["score", write_json(tmp_path, data)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "sagrada score: error: field 'public': expected 0 to 3 card names, got 4"
    ]


def test_help_states_the_public_objective_limits(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli_main.main(["score", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "0 to 3 distinct public objective names (solo: 0 to 2)" in " ".join(out.split())


def test_window_breaking_placement_rules_is_scored_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A1 R1 and A2 R2 are red side by side; B1 G1 sits under A1 R1 with the same value.
    data = {
        "dice": ["R1 R2 _ _ _", "G1 _ _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
        "public": [],
        "private": ["Shades of Red"],
    }
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    # Red 1 + 2 = 3; 17 open spaces × -1: 3 - 17 = -14.
    assert json.loads(out) == {
        "total": -14,
        "parts": [
            {"name": "Shades of Red", "points": 3},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -17},
        ],
    }
    assert len(err.splitlines()) == 1
    assert "warning" in err
    assert "A1 and A2: same colour side by side" in err
    assert "A1 and B1: same value side by side" in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main.main(["score", str(tmp_path / "nothing.json")])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.splitlines() == [f"sagrada score: error: {tmp_path / 'nothing.json'}: no such file"]


def _with(**changes: Any) -> dict[str, Any]:
    return dict(RULEBOOK_INPUT, **changes)


def _without(key: str) -> dict[str, Any]:
    data = dict(RULEBOOK_INPUT)
    del data[key]
    return data


DICE = RULEBOOK_INPUT["dice"]

MALFORMED: list[tuple[str, Any, str]] = [
    ("bad JSON", '{"dice": [', "not valid JSON"),
    ("not an object", "[1, 2]", "must be a JSON object"),
    ("missing dice", _without("dice"), "missing field 'dice'"),
    ("missing private", _without("private"), "missing field 'private'"),
    ("unknown field", _with(colour="red"), "unknown field 'colour'"),
    ("two unknown fields", _with(a=1, b=2), "unknown fields 'a', 'b'"),
    ("dice not a list", _with(dice="R1"), "field 'dice'"),
    ("row not a string", _with(dice=[*DICE[:3], 12]), "row D: expected a string of 5 tokens"),
    ("three rows", _with(dice=DICE[:3]), "field 'dice': expected 4 rows (A to D), got 3"),
    ("five rows", _with(dice=[*DICE, DICE[0]]), "expected 4 rows (A to D), got 5"),
    ("four tokens", _with(dice=[DICE[0], "R3 B1 _ G1", *DICE[2:]]), "row B: expected 5 tokens"),
    ("six tokens", _with(dice=[*DICE[:3], "B4 Y3 G4 B2 G4 R1"]), "row D: expected 5 tokens"),
    (
        "bad token",
        _with(dice=[DICE[0], DICE[1], "P5 G6 X9 P6 R3", DICE[3]]),
        "row C, token 3: 'X9' is not a die or '_'",
    ),
    ("value 7", _with(dice=["_ G7 R2 Y5 P6", *DICE[1:]]), "row A, token 2: 'G7'"),
    ("unknown public", _with(public=["Light Shades", "Dark Shades"]), "field 'public', item 2"),
    ("unknown private", _with(private=["Shades of Orange"]), "field 'private', item 1"),
    (
        "four publics",
        _with(public=["Light Shades", "Deep Shades", "Shade Variety", "Color Variety"]),
        "field 'public': expected 0 to 3 card names, got 4",
    ),
    (
        "three publics in solo",
        _with(mode="solo", private=["Shades of Red"]),
        "field 'public': expected 0 to 2 card names in solo mode, got 3",
    ),
    ("repeated public", _with(public=["Light Shades", "light shades"]), "listed twice"),
    ("public not a list", _with(public="Light Shades"), "field 'public': must be a list"),
    ("no private", _with(private=[]), "field 'private': expected exactly 1"),
    (
        "two privates in multiplayer",
        _with(private=["Shades of Red", "Shades of Blue"]),
        "field 'private': expected exactly 1 card name in multiplayer mode (solo: 1 or 2), got 2",
    ),
    (
        "three privates in solo",
        _with(
            mode="solo",
            public=THREE_PUBLICS[:2],  # solo has 2 public objectives
            private=["Shades of Red", "Shades of Blue", "Shades of Green"],
        ),
        "field 'private': expected 1 or 2 card names in solo mode, got 3",
    ),
    (
        "repeated private in solo",
        _with(mode="solo", public=THREE_PUBLICS[:2], private=["Shades of Red", "shades of red"]),
        "field 'private': 'Shades of Red' is listed twice",
    ),
    ("bad mode", _with(mode="duel"), "field 'mode': must be 'multiplayer' or 'solo'"),
    ("negative tokens", _with(favor_tokens=-1), "field 'favor_tokens': must be a non-negative"),
    ("fractional tokens", _with(favor_tokens=1.5), "field 'favor_tokens'"),
    ("boolean tokens", _with(favor_tokens=True), "field 'favor_tokens'"),
]


@pytest.mark.parametrize(
    ("data", "message"), [case[1:] for case in MALFORMED], ids=[case[0] for case in MALFORMED]
)
def test_malformed_input_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any, message: str
) -> None:
    code = cli_main.main(["score", write_json(tmp_path, data)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("sagrada score: error: ")
    assert message in lines[0]
