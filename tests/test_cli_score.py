"""``sagrada score``: scoring a physical game's window from JSON.

Expected numbers come from rulebook 001_3237e9a6eb6273e0.txt (English base rules), sections
SCORING EXAMPLE and SOLO PLAY RULES, worked by hand in the comments. Life's masterwork dice and
Toil objectives follow rulebook 004_234c3922e9d01436.txt, with the house faces and Toil cards of
HOUSE-CONTENT.md (docs/rules-clarifications.md, "Life"): before rotation, corner points N and E,
bridge W and E, slant NW and SE, crown NW and NE (those four: the dice all of one colour or all
of one value), split N and S (all different values), prism N, E and W (all different colours);
a rotation turns the arrows clockwise (90 takes N to E), and a face is met only when every arrow
points at a die of the window: +5 VP, else -2 VP.
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


def _player(name: str, **changes: Any) -> dict[str, Any]:
    """A player of a table: the rulebook's window under ``name``, without the fields the
    table shares (``public``) or has not (``mode``)."""
    data = {k: v for k, v in RULEBOOK_INPUT.items() if k not in ("public", "mode")}
    return dict(data, name=name, **changes)


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


def test_solo_wins_with_a_score_greater_than_the_round_tracks_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rulebook 001, SOLO PLAY RULES, END OF GAME: the target is the sum of the dice left on
    # the Round Track; "If your Victory Point total is greater than the Target Score, you
    # win!". The window above scores 20 in solo. Dice 6, 5, 4, 3, 2: a target of 20, tied:
    # not won. Dice 6 and 5, 4 and 3, 1: 19, beaten.
    solo = dict(RULEBOOK_INPUT, public=["Color Variety"], mode="solo")
    for track, target, won in (
        ([[6], [5], [4], [3], [2]], 20, False),
        ([[6, 5], [4, 3], [1]], 19, True),
    ):
        code = cli_main.main(
            ["score", write_json(tmp_path, dict(solo, round_track=track)), "--json"]
        )
        out, err = capsys.readouterr()
        assert (code, err) == (0, "")
        answer = json.loads(out)
        assert (answer["total"], answer["target"], answer["won"]) == (20, target, won)
    code = cli_main.main(
        ["score", write_json(tmp_path, dict(solo, round_track=[[6, 5], [4, 3], [1]]))]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.splitlines()[-1].split() == ["Target", "19", "(won)"]


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


def test_a_named_window_pattern_has_its_restrictions_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Virtus's A1 requires a 4 and its A5 green (row A: 4 . 2 5 G): R3 and P6 break them.
    data = {
        "window": "Virtus",
        "dice": ["R3 _ _ _ P6", "_ _ _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
        "public": [],
        "private": ["Shades of Red"],
    }
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    # Red 3; 18 open spaces × -1: 3 - 18 = -15, scored all the same.
    assert json.loads(out)["total"] == -15
    assert err.splitlines() == [
        "sagrada score: warning: the window breaks the placement rules (scored anyway): "
        "A1: R3 on a space that requires a 4; A5: P6 on a space that requires a green die"
    ]


# A table of two (rulebook, END GAME SCORING): Ada scores the rulebook's 40; Bo the same window
# with Shades of Red (A3 2 + B1 3 + C5 3 = 8) and 2 favor tokens: 10 + 4 + 12 + 8 + 2 - 3 = 33.
TABLE_INPUT = {
    "public": RULEBOOK_INPUT["public"],
    "players": [_player("Ada"), _player("Bo", private=["Shades of Red"], favor_tokens=2)],
}


def test_a_table_of_players_is_ranked_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_main.main(["score", write_json(tmp_path, TABLE_INPUT), "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert answer["ranking"] == [[0], [1]]
    assert [(p["name"], p["place"], p["total"]) for p in answer["players"]] == [
        ("Ada", 1, 40),
        ("Bo", 2, 33),
    ]
    assert answer["players"][0]["parts"] == RULEBOOK_JSON["parts"]


def test_a_table_of_players_as_text_lists_them_by_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Bo first in the input, yet second: the table lists by place.
    data = dict(TABLE_INPUT, players=TABLE_INPUT["players"][::-1])
    assert cli_main.main(["score", write_json(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert out.index("1. Ada") < out.index("2. Bo")


def test_a_players_warning_names_the_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Virtus's A5 is green: Ada's P6 breaks it.
    data = dict(TABLE_INPUT, players=[_player("Ada", window="Virtus"), _player("Bo")])
    assert cli_main.main(["score", write_json(tmp_path, data), "--json"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("sagrada score: warning: Ada: the window breaks the placement rules")
    assert "A5: P6 on a space that requires a green die" in err


def test_help_documents_the_window_and_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main.main(["score", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "window a window pattern's name, any pack's" in out
    assert "players a table: 1 to 6 players" in out
    assert 'tie_break a table: "reverse-order"' in out


# -- Life: masterwork dice and Toil objectives ---------------------------------------------------

#      1   2   3   4   5
#  A   _   P4  R2  O   B6      A4: split, 0 degrees
#  B   Y1  O   G3  _   _       B2: corner, 90 degrees
#  C   _   G5  _   _   _
#  D   G3  _   _   _   _
LIFE_INPUT: dict[str, Any] = {
    "dice": ["_ P4 R2 O B6", "Y1 O G3 _ _", "_ G5 _ _ _", "G3 _ _ _ _"],
    "masterwork": {
        "A4": {"symbol": "split", "rotation": 0},
        "B2": {"symbol": "corner", "rotation": 90},
    },
    "public": ["Orange Adjacency", "Perfect Pairs"],
    "private": ["Shades of Green"],
    "favor_tokens": 2,
}

# Worked by hand:
# - Masterwork dice: the corner on B2 turned 90 points E and S (N -> E, E -> S), at B3 G3 and
#   C2 G5, both green: met, +5. The split on A4 unturned points N, off the window: not met, -2.
#   5 - 2 = 3 VP, 2 dice.
# - Orange Adjacency, 2 VP per die of the bag orthogonally beside a masterwork die: beside A4
#   are A3 R2 and A5 B6 (B4 is open); beside B2 are A2 P4, B1 Y1, B3 G3 and C2 G5. 6 × 2 = 12.
# - Perfect Pairs, 3 VP per two dice of one colour and one value: B3 G3 and D1 G3, 1 × 3 = 3.
# - Shades of Green: B3 3 + C2 5 + D1 3 = 11.
# - Favor tokens 2; open spaces: 20 cells - 9 dice = 11, × -1 = -11.
# - Total: 12 + 3 + 11 + 3 + 2 - 11 = 20.
# No two orthogonal neighbours share a colour or a value (the masterwork dice are orange and
# their symbols are values of their own), so there is no warning.
LIFE_JSON = {
    "total": 20,
    "parts": [
        {"name": "Orange Adjacency", "points": 12},
        {"name": "Perfect Pairs", "points": 3},
        {"name": "Shades of Green", "points": 11},
        {"name": "Masterwork dice", "points": 3},
        {"name": "Favor tokens", "points": 2},
        {"name": "Open spaces", "points": -11},
    ],
}


def test_masterwork_dice_and_toil_objectives_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_main.main(["score", write_json(tmp_path, LIFE_INPUT), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out) == LIFE_JSON


def test_masterwork_dice_and_toil_objectives_as_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_main.main(["score", write_json(tmp_path, LIFE_INPUT)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    rows = table_rows(out)
    # Same numbers as LIFE_JSON above: the masterwork part comes after the objectives and
    # before the favor tokens, with 1 face met and 1 not.
    assert rows["Orange Adjacency"] == ["12", "6", "6 dice × 2 VP"]
    assert rows["Perfect Pairs"] == ["3", "1", "1 set × 3 VP"]
    assert rows["Shades of Green"] == ["11", "3", "3 + 5 + 3"]
    assert rows["Masterwork dice"] == ["3", "2", "1 met × 5 VP, 1 not met × -2 VP"]
    assert rows["Favor tokens"] == ["2", "2", "2 tokens × 1 VP"]
    assert rows["Open spaces"] == ["-11", "11", "11 spaces × -1 VP"]
    assert rows["Total"] == ["20"]
    assert list(rows) == [
        "Orange Adjacency",
        "Perfect Pairs",
        "Shades of Green",
        "Masterwork dice",
        "Favor tokens",
        "Open spaces",
        "Total",
    ]


#      1   2   3   4   5
#  A   _   G2  O   B1  _       A3: prism
#  B   _   _   R6  _   _
#  C   _   _   O   _   _       C3: bridge
#  D   _   _   Y6  _   _
ROTATED_DICE = ["_ G2 O B1 _", "_ _ R6 _ _", "_ _ O _ _", "_ _ Y6 _ _"]


@pytest.mark.parametrize(
    ("prism", "bridge", "masterwork_points"),
    [
        # Prism at 180 points S, W, E (N -> S, E -> W, W -> E): B3 R6, A2 G2, A4 B1, red,
        # green and blue, all different colours: met, +5. Bridge at 90 points N, S (W -> N,
        # E -> S): B3 R6 and D3 Y6, two colours but one value, 6: met, +5. 5 + 5 = 10.
        (180, 90, 10),
        # Unturned, the prism points N off the window and the bridge W and E at C2 and C4,
        # both open: neither met, -2 - 2 = -4.
        (0, 0, -4),
    ],
)
def test_rotation_turns_the_arrows_clockwise(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    prism: int,
    bridge: int,
    masterwork_points: int,
) -> None:
    data = {
        "dice": ROTATED_DICE,
        "masterwork": {
            "A3": {"symbol": "prism", "rotation": prism},
            "C3": {"symbol": "bridge", "rotation": bridge},
        },
        "public": [],
        "private": ["Shades of Red"],
    }
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    # Shades of Red: B3 6. Open spaces: 20 - 6 dice (A2 A3 A4 B3 C3 D3) = 14, × -1 = -14.
    assert json.loads(out) == {
        "total": 6 + masterwork_points - 14,
        "parts": [
            {"name": "Shades of Red", "points": 6},
            {"name": "Masterwork dice", "points": masterwork_points},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -14},
        ],
    }


def test_a_masterwork_die_pointed_at_counts_as_orange(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    #      1   2   3   4   5
    #  A   O   _   _   _   _       A1: crown
    #  B   _   O   R1  _   _       B2: slant
    #  C   _   _   O   _   _       C3: split
    #  D   _   _   R2  _   _
    # Slant on B2 points NW and SE, at A1 and C3: two masterwork dice, both orange: met, +5.
    # Crown on A1 points NW and NE, off the window: not met, -2. Split on C3 points N and S, at
    # B3 R1 and D3 R2, values 1 and 2: met, +5. Masterwork 5 - 2 + 5 = 8.
    # Shades of Red 1 + 2 = 3; open spaces 20 - 5 = 15, × -1. Total 3 + 8 - 15 = -4.
    # Tokens and symbols are case-insensitive ("o", "Slant", "b2"), like the card names.
    data = {
        "dice": ["O _ _ _ _", "_ o R1 _ _", "_ _ O _ _", "_ _ R2 _ _"],
        "masterwork": {
            "A1": {"symbol": "crown", "rotation": 0},
            "b2": {"symbol": "Slant", "rotation": 0},
            "C3": {"symbol": "split", "rotation": 0},
        },
        "public": [],
        "private": ["Shades of Red"],
    }
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "total": -4,
        "parts": [
            {"name": "Shades of Red", "points": 3},
            {"name": "Masterwork dice", "points": 8},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -15},
        ],
    }


def test_masterwork_field_without_masterwork_dice_scores_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The field says the Masterwork module was in play: its part is listed, 0 dice, 0 VP, and
    # the rulebook SCORING EXAMPLE keeps its 40.
    data = dict(RULEBOOK_INPUT, masterwork={})
    path = write_json(tmp_path, data)
    assert cli_main.main(["score", path, "--json"]) == 0
    parts = RULEBOOK_JSON["parts"]
    assert json.loads(capsys.readouterr().out) == {
        "total": 40,
        "parts": [*parts[:4], {"name": "Masterwork dice", "points": 0}, *parts[4:]],
    }
    assert cli_main.main(["score", path]) == 0
    rows = table_rows(capsys.readouterr().out)
    assert rows["Masterwork dice"] == ["0", "0", "0 met × 5 VP, 0 not met × -2 VP"]


def test_masterwork_dice_side_by_side_are_scored_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two masterwork dice are both orange, so A1 and A2 break the adjacency rule; a corner and
    # a bridge are different values. Corner on A1 points N, off the window: -2. Bridge on A2
    # points W at A1 and E at A3, open: -2. No red die: Shades of Red 0. Open spaces 18 × -1.
    # Total -4 - 18 = -22.
    data = {
        "dice": ["O O _ _ _", "_ _ _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
        "masterwork": {
            "A1": {"symbol": "corner", "rotation": 0},
            "A2": {"symbol": "bridge", "rotation": 0},
        },
        "public": [],
        "private": ["Shades of Red"],
    }
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["total"] == -22
    assert len(err.splitlines()) == 1
    assert "A1 and A2: same colour side by side" in err
    assert "same value" not in err


def test_help_documents_the_masterwork_field(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli_main.main(["score", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "O for a masterwork die" in out
    assert '"masterwork": {"A4": {"symbol": "split", "rotation": 0},' in out
    assert "corner bridge slant crown split prism" in out
    assert "(0 90 180 270)" in out
    assert '"Masterwork dice" part' in out


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
        "row C, token 3: 'X9' is not a die, 'O' or '_'",
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
    ("round track in multiplayer", _with(round_track=[[3]]), "field 'round_track': a target is"),
    (
        "round track value",
        _with(mode="solo", public=THREE_PUBLICS[:2], round_track=[[3], [7]]),
        "field 'round_track', round 2: 7 is not a value 1-6",
    ),
    (
        "round track rounds",
        _with(mode="solo", public=THREE_PUBLICS[:2], round_track=[[1]] * 11),
        "field 'round_track': must be a list of at most 10 lists of values",
    ),
    ("negative tokens", _with(favor_tokens=-1), "field 'favor_tokens': must be an integer 0-99"),
    ("countless tokens", _with(favor_tokens=10**40), "field 'favor_tokens': must be an integer"),
    ("fractional tokens", _with(favor_tokens=1.5), "field 'favor_tokens'"),
    ("boolean tokens", _with(favor_tokens=True), "field 'favor_tokens'"),
    ("unknown window", _with(window="Nowhere"), "field 'window': no window pattern named"),
    ("window not a name", _with(window=3), "field 'window': must be a window pattern's name"),
    (
        "table with a mode",
        {"public": [], "mode": "solo", "players": [_without("public")]},
        "field 'mode': a table of players plays the multiplayer game",
    ),
    ("table of none", {"public": [], "players": []}, "must be a list of 1 to 6 players"),
    (
        "seven players",
        {"public": [], "players": [{"name": f"P{i}"} for i in range(7)]},
        "must be a list of 1 to 6 players",
    ),
    (
        "a name too long",
        {"public": [], "players": [{"name": "x" * 25}]},
        "player 1: field 'name' must be 1 to 24 characters",
    ),
    (
        "a name taken",
        {"public": [], "players": [_player("Ada"), _player(" ADA ")]},
        "player 2: the name 'ADA' is taken by another player",
    ),
    (
        "a player's bad field",
        {"public": [], "players": [_player("Ada"), dict(_player("Bo"), favor_tokens=-1)]},
        "field 'players', player 2 (Bo): field 'favor_tokens'",
    ),
    (
        "a player's mode",
        {"public": [], "players": [dict(_player("Ada"), mode="solo")]},
        "player 1: unknown field 'mode'",
    ),
    ("bad tie-break", {"public": [], "players": [], "tie_break": "dice"}, "field 'tie_break'"),
]


#: Marks that :func:`_life` keeps LIFE_INPUT's ``masterwork`` field.
_KEEP: Any = object()


def _life(masterwork: Any = _KEEP, **changes: Any) -> dict[str, Any]:
    """LIFE_INPUT with ``changes`` and its ``masterwork`` field replaced."""
    data = dict(LIFE_INPUT, **changes)
    if masterwork is not _KEEP:
        data["masterwork"] = masterwork
    return data


SPLIT_A4 = {"symbol": "split", "rotation": 0}
CORNER_B2 = {"symbol": "corner", "rotation": 90}


def _b2(**entry: Any) -> dict[str, Any]:
    """LIFE_INPUT with the entry of B2 (the corner) replaced by ``entry``."""
    return _life({"A4": SPLIT_A4, "B2": entry})


MALFORMED += [
    (
        "O without an entry",
        _life({"A4": SPLIT_A4}),
        "row B, token 2: O on B2 has no entry in field 'masterwork'",
    ),
    (
        "O and no masterwork field",
        {key: value for key, value in LIFE_INPUT.items() if key != "masterwork"},
        "row A, token 4: O on A4 has no entry in field 'masterwork'",
    ),
    (
        "masterwork entry on a die",
        _life({"A4": SPLIT_A4, "B2": CORNER_B2, "A3": CORNER_B2}),
        "field 'masterwork', A3: A3 holds R2 in 'dice', not O (a masterwork die)",
    ),
    (
        "masterwork entry on an open space",
        _life({"A1": CORNER_B2, "A4": SPLIT_A4, "B2": CORNER_B2}),
        "field 'masterwork', A1: A1 is open (_) in 'dice', not O (a masterwork die)",
    ),
    (
        "rotation 45",
        _b2(symbol="corner", rotation=45),
        "field 'masterwork', B2: rotation must be 0, 90, 180 or 270, got 45",
    ),
    ("rotation 360", _b2(symbol="corner", rotation=360), "B2: rotation must be 0, 90, 180 or 270"),
    ("rotation -90", _b2(symbol="corner", rotation=-90), "B2: rotation must be 0, 90, 180 or 270"),
    ("rotation as text", _b2(symbol="corner", rotation="90"), 'got "90"'),
    ("rotation 90.0", _b2(symbol="corner", rotation=90.0), "got 90.0"),
    ("rotation true", _b2(symbol="corner", rotation=True), "got true"),
    (
        "unknown symbol",
        _b2(symbol="star", rotation=90),
        "field 'masterwork', B2: symbol must be one of corner, bridge, slant, crown, split, "
        'prism, got "star"',
    ),
    ("symbol as a number", _b2(symbol=1, rotation=90), "B2: symbol must be one of"),
    ("no rotation", _b2(symbol="corner"), "field 'masterwork', B2: missing 'rotation'"),
    ("no symbol", _b2(rotation=90), "field 'masterwork', B2: missing 'symbol'"),
    (
        "unknown key in an entry",
        _b2(symbol="corner", rotation=90, colour="orange"),
        "field 'masterwork', B2: unknown key 'colour' (expected symbol, rotation)",
    ),
    (
        "entry not an object",
        _life({"A4": SPLIT_A4, "B2": "corner"}),
        "field 'masterwork', B2: must be an object like",
    ),
    (
        "masterwork not an object",
        _life([SPLIT_A4, CORNER_B2]),
        "field 'masterwork': must be an object from cells (A1 to D5)",
    ),
    ("masterwork null", _life(None), "field 'masterwork': must be an object"),
    (
        "masterwork key not a cell",
        _life({"A4": SPLIT_A4, "B2": CORNER_B2, "E1": CORNER_B2}),
        "field 'masterwork': 'E1' is not a cell (A1 to D5)",
    ),
    (
        "masterwork cell given twice",
        _life({"A4": SPLIT_A4, "B2": CORNER_B2, "b2": CORNER_B2}),
        "field 'masterwork', B2: the cell is given twice",
    ),
    (
        "masterwork die in record notation",
        _life(dice=["_ P4 R2 Osplit0 B6", *LIFE_INPUT["dice"][1:]]),
        "row A, token 4: write a masterwork die as O and give its symbol and rotation in "
        "field 'masterwork', got 'Osplit0'",
    ),
]


# -- Life: activated apprentice cards (HOUSE-CONTENT.md, "Life: Apprentice module") -----------

# Every row repeats a colour and no two orthogonal neighbours share a colour or a value.
FULL_WINDOW = ["R1 G2 R3 G4 R5", "G3 R4 G5 R1 G2", "R5 G1 R2 G3 R4", "G2 R3 G4 R5 G1"]


def test_activated_apprentice_cards_score_a_part_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The rulebook example's window: Study of Blue sums its blue dice, B1 (B2) + B4 (D1) +
    # B2 (D4) = 7; Master's Eye scores 0, as the window has open spaces (A1, B3, C3).
    data = dict(RULEBOOK_INPUT, apprentice=["Study of Blue", "master's eye"])
    assert cli_main.main(["score", write_json(tmp_path, data), "--json"]) == 0
    parts = json.loads(capsys.readouterr().out)["parts"]
    assert parts[4:7] == [
        {"name": "Study of Blue", "points": 7},
        {"name": "Master's Eye", "points": 0},
        {"name": "Favor tokens", "points": 0},
    ]


def test_masters_eye_scores_twenty_for_a_zero_objective_in_a_full_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Row Color Variety scores 0 (every row repeats red or green) in a window with no open
    # space: Master's Eye makes it 20. Shades of Red and Study of Red: 1 + 3 + 5 + 4 + 1 + 5 +
    # 2 + 4 + 3 + 5 = 33 each. Total 0 + 33 + 20 + 33 = 86.
    data = {
        "dice": FULL_WINDOW,
        "public": ["Row Color Variety"],
        "private": ["Shades of Red"],
        "apprentice": ["Master's Eye", "Study of Red"],
    }
    assert cli_main.main(["score", write_json(tmp_path, data), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == {
        "total": 86,
        "parts": [
            {"name": "Row Color Variety", "points": 0},
            {"name": "Shades of Red", "points": 33},
            {"name": "Master's Eye", "points": 20},
            {"name": "Study of Red", "points": 33},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": 0},
        ],
    }


MALFORMED += [
    (
        "apprentice not a list",
        dict(RULEBOOK_INPUT, apprentice="Study of Blue"),
        "field 'apprentice': must be a list",
    ),
    (
        "unknown apprentice card",
        dict(RULEBOOK_INPUT, apprentice=["Study of Orange"]),
        "field 'apprentice', entry 1: no apprentice card 'Study of Orange'",
    ),
    (
        "apprentice card that does not score",
        dict(RULEBOOK_INPUT, apprentice=["Second Look"]),
        "field 'apprentice', entry 1: Second Look does not score",
    ),
    (
        "apprentice card twice",
        dict(RULEBOOK_INPUT, apprentice=["Study of Blue", "study of blue"]),
        "field 'apprentice', entry 2: 'Study of Blue' is listed twice",
    ),
    (
        "apprentice card as a number",
        dict(RULEBOOK_INPUT, apprentice=[20]),
        "entry 1: must be a card name",
    ),
]


# -- the solo card game (rulebook 002_a2583da13b6224b7.txt, Game end and final scoring) -------

# The base rulebook's example window as glass cards (purple read as black), as the issue gives
# it. Row Color Variety 0 (rows A-C open, row D repeats green); Light Shades: 1s B2, B4 and
# 2s A3, B5, D4 -> 2 sets x 2 = 4; Shades of Black 6 + 5 + 6 = 17; 3 open spaces x -3 = -9:
# 12. Target: 3 + 1 + 5 + 2 + 6 + 4 + 1 + 3 + 2 + 2 + 5 + 1 = 35: lost.
CARD_INPUT: dict[str, Any] = {
    "cards": ["_ G4 R2 Y5 K6", "R3 B1 _ G1 Y2", "K5 G6 _ K6 R3", "B4 Y3 G4 B2 G4"],
    "orders": ["Row Color Variety", "Light Shades", "Shades of Black"],
    "turn_bar": [[3], [1, 5], [2], [6], [4], [1], [3], [2, 2], [5], [1]],
}


def test_a_card_game_window_is_scored_against_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_main.main(["score", "--game", "cards", write_json(tmp_path, CARD_INPUT), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out) == {
        "total": 12,
        "target": 35,
        "won": False,
        "parts": [
            {"name": "Row Color Variety", "points": 0},
            {"name": "Light Shades", "points": 4},
            {"name": "Shades of Black", "points": 17},
            {"name": "Open spaces", "points": -9},
        ],
    }
    # The example repeats cards the game has once: scored, with a warning.
    assert err.startswith("sagrada score: warning: R3 appears more than once")


def test_a_card_game_window_names_its_glass_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Sun's Glory, row A: 1 K Y . 4 (purple read as black). A3 R2 breaks the yellow space;
    # the rest of row A as the example has it: A2 G4 on K, A4 Y5 free, A5 K6 on the 4.
    data = dict(CARD_INPUT, window="Sun's Glory")
    assert cli_main.main(["score", "--game", "cards", write_json(tmp_path, data), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"] == 12  # the window changes no score
    assert "A2: G4 on a space that requires a black card" in err
    assert "A3: R2 on a space that requires a yellow card" in err
    assert "A5: K6 on a space that requires a 4" in err


def test_a_card_game_table_says_won_or_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = dict(CARD_INPUT, turn_bar=[[1], [2], [3], [1], [2], [3]])  # target 12: reached
    assert cli_main.main(["score", "--game", "cards", write_json(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert "Open spaces" in out and "-9" in out and out.rstrip().endswith("(won)")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**CARD_INPUT, "dice": []}, "unknown field 'dice'"),
        (
            {"cards": CARD_INPUT["cards"], "orders": CARD_INPUT["orders"]},
            "missing field 'turn_bar'",
        ),
        (
            {**CARD_INPUT, "cards": ["_ G4 R2 Y5 P6", *CARD_INPUT["cards"][1:]]},
            "row A, token 5: 'P6' is not a card",
        ),
        (
            {**CARD_INPUT, "orders": ["Light Shades", "Deep Shades", "Medium Shades"]},
            "1 unique order and 2 basic",
        ),
        (
            {**CARD_INPUT, "orders": ["Light Shades", "Deep Shades", "Shades of Purple"]},
            "no order card 'Shades of Purple'",
        ),
        ({**CARD_INPUT, "turn_bar": [[7]]}, "field 'turn_bar', round 1: 7 is not a value 1-6"),
        ({**CARD_INPUT, "turn_bar": [[1]] * 11}, "at most 10 lists"),
        ({**CARD_INPUT, "window": "Generosidad"}, "field 'window': no glass window named"),
    ],
)
def test_malformed_card_game_input_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any, message: str
) -> None:
    code = cli_main.main(["score", "--game", "cards", write_json(tmp_path, data)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and message in lines[0], err


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
