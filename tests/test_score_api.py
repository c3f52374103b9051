"""``POST /api/score`` and ``GET /api/score/form``: a physical game's window scored for the
scoring page, with each part's cells, each broken placement rule and the window read back; a
table of players ranked.

Expected numbers are worked by hand in the comments from the rulebooks in the shared rules
folder: 001_3237e9a6eb6273e0.txt (English base rules: SCORING EXAMPLE, PLACEMENT RESTRICTIONS,
END GAME SCORING), 000_59c065326239388f.txt (German base rules, SPIELENDE: players still tied
share the win), 004_234c3922e9d01436.txt (Life: MASTERWORK DICE PLACEMENT, SCORING) with the
house faces and cards of HOUSE-CONTENT.md, and 002_a2583da13b6224b7.txt (the solo card game).
No database is touched: the server is made on an SQLite file only because it needs one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sagrada.web.app import create_app
from test_cli_score import LIFE_INPUT

# The rulebook's SCORING EXAMPLE window (rows A-D, columns 1-5):
#      1   2   3   4   5
#  A   _   G4  R2  Y5  P6
#  B   R3  B1  _   G1  Y2
#  C   P5  G6  _   P6  R3
#  D   B4  Y3  G4  B2  G4
RULEBOOK: dict[str, Any] = {
    "dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
    "public": ["Column Color Variety", "Light Shades", "Color Variety"],
    "private": ["Shades of Purple"],
    "favor_tokens": 0,
}
ALL_CELLS = [f"{row}{column}" for row in "ABCD" for column in range(1, 6)]
OPEN = ["A1", "B3", "C3"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module (scoring keeps nothing: no test sees another's)."""
    path = tmp_path_factory.mktemp("score") / "score.db"
    with TestClient(create_app(f"sqlite:///{path}")) as client:
        yield client


def scored(client: TestClient, data: Any, game: str | None = None) -> dict[str, Any]:
    """The 200 answer to ``data``."""
    answer = client.post("/api/score" + (f"?game={game}" if game else ""), json=data)
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def refused(client: TestClient, body: str, game: str | None = None) -> str:
    """The one-line reason of the 400 answer to ``body`` (raw text)."""
    answer = client.post(
        "/api/score" + (f"?game={game}" if game else ""),
        content=body.encode("utf-8"),
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400, answer.text
    detail: str = answer.json()["detail"]
    assert "\n" not in detail
    return detail


def parts(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {part["name"]: part for part in answer["parts"]}


def test_the_rulebooks_scoring_example_scores_40_with_each_parts_dice(client: TestClient) -> None:
    answer = scored(client, RULEBOOK)
    # SCORING EXAMPLE: 10 + 4 + 12 + 17 + 0 - 3 = 40; private objective 17, no favor token.
    assert (answer["total"], answer["private_points"], answer["favor_tokens"]) == (40, 17, 0)
    by_name = parts(answer)
    assert [(p["name"], p["points"]) for p in answer["parts"]] == [
        ("Column Color Variety", 10),
        ("Light Shades", 4),
        ("Color Variety", 12),
        ("Shades of Purple", 17),
        ("Favor tokens", 0),
        ("Open spaces", -3),
    ]
    # Columns 4 (Y G P B) and 5 (P Y R G) are full with four colours: their eight dice.
    column = by_name["Column Color Variety"]
    assert column["cells"] == ["A4", "A5", "B4", "B5", "C4", "C5", "D4", "D5"]
    assert (column["kind"], column["count"], column["formula"]) == ("public", 2, "2 columns × 5 VP")
    assert column["formula_message"] == {"id": "formula.column", "params": {"n": 2, "vp": 5}}
    # Light Shades: the 1s B2 and B4 and two of the three 2s (A3, B5, D4): "the third 2-value
    # die is not part of a pair and is not counted", so four dice.
    light = set(by_name["Light Shades"]["cells"])
    assert {"B2", "B4"} <= light <= {"A3", "B2", "B4", "B5", "D4"} and len(light) == 4
    # Color Variety: three sets of five colours, fifteen dice: every red, yellow, blue and
    # purple die (three each) and three of the five greens (A2, B4, C2, D3, D5).
    variety = set(by_name["Color Variety"]["cells"])
    greens = {"A2", "B4", "C2", "D3", "D5"}
    assert len(variety) == 15 and len(variety & greens) == 3
    assert set(ALL_CELLS) - set(OPEN) - greens <= variety
    # Shades of Purple: C1 5, C4 6 and A5 6.
    purple = by_name["Shades of Purple"]
    assert purple["cells"] == ["A5", "C1", "C4"] and purple["count"] == 3
    assert by_name["Favor tokens"]["cells"] == []
    assert by_name["Open spaces"]["cells"] == OPEN
    assert all(part["counted"] for part in answer["parts"])
    # A blank window (no pattern named): only neighbours are checked, and none breaks a rule.
    assert answer["warnings"] == []
    window = answer["window"]
    assert window["name"] is None and window["grid"] == ["....."] * 4
    assert [window["cells"][ALL_CELLS.index(cell)] for cell in ("A1", "A2", "D5")] == [
        None,
        {"colour": "G", "value": 4},
        {"colour": "G", "value": 4},
    ]


def test_the_solo_private_objective_that_does_not_count_shows_0_and_keeps_its_formula(
    client: TestClient,
) -> None:
    # SOLO PLAY RULES: only the better private objective counts, -3 VP per open space, no
    # favor tokens. Purple 17 beats red (A3 2 + B1 3 + C5 3 = 8). Column Color Variety 10 +
    # Light Shades 4 + 17 + 0 - 3 × 3 = 22; the unspent token is warned about.
    data = dict(
        RULEBOOK,
        mode="solo",
        public=RULEBOOK["public"][:2],
        private=["Shades of Purple", "Shades of Red"],
        favor_tokens=1,
    )
    answer = scored(client, data)
    assert answer["total"] == 22 and answer["favor_tokens"] == 0
    red = parts(answer)["Shades of Red"]
    assert (red["points"], red["counted"], red["formula"]) == (0, False, "2 + 3 + 3")
    assert red["cells"] == ["A3", "B1", "C5"]
    assert answer["warnings"] == [
        {
            "text": "favor tokens are not used in solo play",
            "message": {"id": "score.warning.solo_favor", "params": {}},
            "cells": [],
        }
    ]


def test_the_example_of_the_form_is_the_rulebooks(client: TestClient) -> None:
    form = client.get("/api/score/form").json()
    assert scored(client, form["example"])["total"] == 40


# Virtus:   1 2 3 4 5
#       A   4 . 2 5 G
#       B   . . 6 G 2
#       C   . 3 G 4 .
#       D   5 G 1 . .
# A1 R3 on the 4: a value it does not meet; B1 R5 under A1 R3: same colour side by side; A5 P6
# on the green space: a colour it does not meet. Shades of Red 3 + 5 = 8; 17 open spaces -17:
# -9, scored all the same.
VIRTUS = {
    "window": "virtus",
    "dice": ["R3 _ _ _ P6", "R5 _ _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
    "public": [],
    "private": ["Shades of Red"],
}


def test_a_named_windows_broken_restrictions_are_warnings_with_their_cells(
    client: TestClient,
) -> None:
    answer = scored(client, VIRTUS)
    assert answer["total"] == -9
    assert answer["warnings"] == [
        {
            "text": "A1: R3 on a space that requires a 4",
            "message": {
                "id": "breach.value",
                "params": {"cell": "A1", "die": "R3", "value": 4},
            },
            "cells": ["A1"],
        },
        {
            "text": "A1 and B1: same colour side by side",
            "message": {"id": "breach.same_colour", "params": {"cell": "A1", "neighbour": "B1"}},
            "cells": ["A1", "B1"],
        },
        {
            "text": "A5: P6 on a space that requires a green die",
            "message": {
                "id": "breach.colour",
                "params": {"cell": "A5", "die": "P6", "colour": "G"},
            },
            "cells": ["A5"],
        },
    ]
    window = answer["window"]
    assert window["name"] == "Virtus"
    assert window["grid"] == ["4.25G", "..6G2", ".3G4.", "5G1.."]
    assert window["cells"][4] == {"colour": "P", "value": 6}


# Three players, blank windows, no public objective; each window holds one or two dice, so
# open spaces cost 19 (one die) or 18 (two dice).
def player(name: str, dice: str, private: str, favor: int) -> dict[str, Any]:
    return {
        "name": name,
        "dice": [dice, "_ _ _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
        "private": [private],
        "favor_tokens": favor,
    }


def table(*players: dict[str, Any], tie_break: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"public": [], "players": list(players)}
    if tie_break:
        data["tie_break"] = tie_break
    return data


def ranking(answer: dict[str, Any]) -> tuple[list[list[int]], list[tuple[str, int, int]]]:
    return answer["ranking"], [(p["name"], p["place"], p["total"]) for p in answer["players"]]


def test_a_tie_is_broken_by_private_objective_points(client: TestClient) -> None:
    # Ada: red 6 on Shades of Red, 6 - 19 = -13 (private 6). Bo: red 6 on Shades of Blue and 6
    # favor tokens, 0 + 6 - 19 = -13 (private 0). Cy: red 1, 1 - 19 = -18. Ada and Bo tie on
    # -13; Ada has more private objective points (END GAME SCORING), though Bo plays later.
    answer = scored(
        client,
        table(
            player("Ada", "R6 _ _ _ _", "Shades of Red", 0),
            player("Bo", "R6 _ _ _ _", "Shades of Blue", 6),
            player("Cy", "R1 _ _ _ _", "Shades of Red", 0),
        ),
    )
    assert ranking(answer) == ([[0], [1], [2]], [("Ada", 1, -13), ("Bo", 2, -13), ("Cy", 3, -18)])
    assert answer["tie_break"] == "reverse-order"
    assert answer["players"][1]["private_points"] == 0


def test_a_tie_on_private_points_is_broken_by_favor_tokens(client: TestClient) -> None:
    # Ada: red 6, Shades of Red, 1 token: 6 + 1 - 19 = -12. Bo: red 6 and green 1, Shades of
    # Red, no token: 6 + 0 - 18 = -12. Both have 6 private points; Ada has more tokens.
    answer = scored(
        client,
        table(
            player("Ada", "R6 _ _ _ _", "Shades of Red", 1),
            player("Bo", "R6 G1 _ _ _", "Shades of Red", 0),
            player("Cy", "R1 _ _ _ _", "Shades of Red", 0),
        ),
    )
    assert ranking(answer) == ([[0], [1], [2]], [("Ada", 1, -12), ("Bo", 2, -12), ("Cy", 3, -18)])


TIED = (
    player("Ada", "R6 _ _ _ _", "Shades of Red", 0),
    player("Bo", "R6 _ _ _ _", "Shades of Red", 0),
    player("Cy", "R1 _ _ _ _", "Shades of Red", 0),
)


def test_a_full_tie_goes_to_the_later_player_in_the_final_round(client: TestClient) -> None:
    # Ada and Bo: -13, 6 private points, no token each. The players are listed in the final
    # round's order; reverse player order puts Bo, who played after Ada, first.
    answer = scored(client, table(*TIED))
    assert ranking(answer) == ([[1], [0], [2]], [("Ada", 2, -13), ("Bo", 1, -13), ("Cy", 3, -18)])


def test_a_full_tie_is_shared_under_the_german_rules(client: TestClient) -> None:
    # German rules: still tied, both win; Cy is third (two players are ahead).
    answer = scored(client, table(*TIED, tie_break="shared"))
    assert ranking(answer) == ([[0, 1], [2]], [("Ada", 1, -13), ("Bo", 1, -13), ("Cy", 3, -18)])
    assert answer["tie_break"] == "shared"


# Life on Luz Celestial:   1 2 3 4 5        dice:   1   2   3   4   5
#                      A   . . R 5 .            A   _   P4  R2  O   B6   A4: split, 0
#                      B   P 4 . G 3            B   Y1  O   G3  _   _    B2: corner, 90
#                      C   6 . . B .            C   _   G5  _   _   _
#                      D   . Y 2 . .            D   G3  _   _   _   _
# The masterwork dice lie on the 5 (A4) and the 4 (B2): they may fill a space with any value
# restriction (MASTERWORK DICE PLACEMENT). Y1 on B1's purple breaks its colour restriction.
# Scores (as tests/test_cli_score.py's LIFE_INPUT, worked there): Orange Adjacency 12, Perfect
# Pairs 3, Shades of Green 11, Masterwork dice +5 - 2 = 3, favor tokens 2, 11 open spaces -11;
# and Study of Green (HOUSE-CONTENT.md, card 19): the green dice B3 3 + C2 5 + D1 3 = 11.
# Total 12 + 3 + 11 + 3 + 11 + 2 - 11 = 31.
LIFE = dict(LIFE_INPUT, window="Luz Celestial", apprentice=["Study of Green"])


def test_a_life_window_with_masterwork_dice_and_an_apprentice_card(client: TestClient) -> None:
    answer = scored(client, LIFE)
    assert [(p["name"], p["points"]) for p in answer["parts"]] == [
        ("Orange Adjacency", 12),
        ("Perfect Pairs", 3),
        ("Shades of Green", 11),
        ("Masterwork dice", 3),
        ("Study of Green", 11),
        ("Favor tokens", 2),
        ("Open spaces", -11),
    ]
    assert answer["total"] == 31
    assert parts(answer)["Study of Green"]["cells"] == ["B3", "C2", "D1"]
    assert [w["cells"] for w in answer["warnings"]] == [["B1"]]
    assert answer["warnings"][0]["text"] == "B1: Y1 on a space that requires a purple die"
    cells = answer["window"]["cells"]
    assert cells[ALL_CELLS.index("A4")] == {"symbol": "split", "rotation": 0}
    assert cells[ALL_CELLS.index("B2")] == {"symbol": "corner", "rotation": 90}


def test_an_orange_die_meets_no_colour_restriction(client: TestClient) -> None:
    # The same window with the corner moved from B2 to C4, Luz Celestial's blue space:
    # "they must obey all color restrictions", and orange is no other colour.
    data = dict(
        LIFE,
        dice=["_ P4 R2 O B6", "Y1 _ G3 _ _", "_ G5 _ O _", "G3 _ _ _ _"],
        masterwork={
            "A4": {"symbol": "split", "rotation": 0},
            "C4": {"symbol": "corner", "rotation": 90},
        },
    )
    warnings = scored(client, data)["warnings"]
    assert [w["cells"] for w in warnings] == [["B1"], ["C4"]]
    assert warnings[1]["message"]["id"] == "breach.colour"


# The solo card game on Sun's Glory (a base pattern; its purple spaces are black, K):
#      1 2 3 4 5          cards: A1 R1, A2 K3, A3 G2, B1 B5
#  A   1 K Y . 4
#  B   K Y . . 6
#  C   Y . . 5 3
#  D   . 5 4 2 1
# A3 G2 on the yellow space and B1 B5 on the black one break their colour restrictions.
# Row Color Variety 0 (no full row); Light Shades: the 1 A1 and the 2 A3, one set × 2 = 2;
# Shades of Black: K3 = 3; 16 open spaces × -3 = -48. Total 2 + 3 - 48 = -43; target 1: lost.
CARDS = {
    "window": "Sun's Glory",
    "cards": ["R1 K3 G2 _ _", "B5 _ _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
    "orders": ["Row Color Variety", "Light Shades", "Shades of Black"],
    "turn_bar": [[1]],
}


def test_a_card_game_window_with_a_pattern(client: TestClient) -> None:
    answer = scored(client, CARDS, game="cards")
    assert [(p["name"], p["points"]) for p in answer["parts"]] == [
        ("Row Color Variety", 0),
        ("Light Shades", 2),
        ("Shades of Black", 3),
        ("Open spaces", -48),
    ]
    assert (answer["total"], answer["target"], answer["won"]) == (-43, 1, False)
    assert [(w["text"], w["cells"]) for w in answer["warnings"]] == [
        ("A3: G2 on a space that requires a yellow card", ["A3"]),
        ("B1: B5 on a space that requires a black card", ["B1"]),
    ]
    window = answer["window"]
    assert window["name"] == "Sun's Glory"
    assert window["grid"] == ["1KY.4", "KY..6", "Y..53", ".5421"]
    assert window["cells"][1] == {"colour": "K", "value": 3}


def test_the_forms_offer_what_the_inputs_take(client: TestClient) -> None:
    dice = client.get("/api/score/form?language=de").json()
    assert [c["letter"] for c in dice["palette"]["colours"]] == list("RYGBP")
    assert {w["name"] for w in dice["windows"]} >= {"Virtus", "Luz Celestial"}
    assert {w["pack"] for w in dice["windows"]} == {"base", "five-six"}
    # The scoring apprentice cards: the five Studies and Master's Eye (HOUSE-CONTENT.md).
    assert [c["number"] for c in dice["apprentice"]] == [17, 18, 19, 20, 21, 22]
    assert dice["limits"] == {
        "publics": 3,
        "solo_publics": 2,
        "privates": 1,
        "solo_privates": 2,
        "players": 6,
        "name": 24,
    }
    assert [t["value"] for t in dice["tie_breaks"]] == ["reverse-order", "shared"]
    cards = client.get("/api/score/form?game=cards").json()
    assert [c["letter"] for c in cards["palette"]["colours"]] == list("RYGBK")
    assert len(cards["windows"]) == 24 and cards["rounds"] == 10
    assert next(w for w in cards["windows"] if w["name"] == "Sun's Glory")["grid"][0] == "1KY.4"
    assert {o["kind"] for o in cards["orders"]} == {"basic", "unique"}


def test_the_registry_gives_each_games_scoring_form(client: TestClient) -> None:
    registry = {game["name"]: game["scoring"] for game in client.get("/api/registry").json()}
    assert registry == {
        "sagrada": "/static/games/sagrada/scoring.js",
        "cards": "/static/games/cards/scoring.js",
    }


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("[1, 2]", "must be a JSON object"),
        ('"Virtus"', "must be a JSON object"),
        ("{", "not valid JSON"),
        ("9" * 5000, "not readable"),
        ("[" * 3000 + "]" * 3000, "nested too deeply"),
        (json.dumps(dict(RULEBOOK, window="Nowhere")), "field 'window': no window pattern named"),
        (json.dumps(dict(RULEBOOK, window="x" * 1000)), "..."),
        (json.dumps(dict(RULEBOOK, window=[1])), "field 'window': must be a window pattern"),
        (json.dumps(dict(RULEBOOK, favor_tokens=-(10**30))), "field 'favor_tokens'"),
        (json.dumps(table(*TIED[:2]) | {"mode": "solo"}), "field 'mode'"),
        (json.dumps(table()), "field 'players': must be a list of 1 to 6"),
        (
            json.dumps(table(*(dict(TIED[0], name=f"P{i}") for i in range(7)))),
            "1 to 6",
        ),
        (json.dumps(table(player("  ", "R1 _ _ _ _", "Shades of Red", 0))), "1 to 24"),
        (json.dumps(table(player("x" * 25, "R1 _ _ _ _", "Shades of Red", 0))), "1 to 24"),
        (
            json.dumps(table(TIED[0], dict(TIED[1], name=" ada "))),
            "player 2: the name 'ada' is taken",
        ),
        (
            json.dumps(table(TIED[0], dict(TIED[1], dice=["R1"]))),
            "field 'players', player 2 (Bo): field 'dice'",
        ),
        (json.dumps(table(dict(TIED[0], name="A\nB"))), "player 1: field 'name' must be printable"),
        (json.dumps(table(*TIED, tie_break="coin")), "field 'tie_break'"),
        (json.dumps({"public": [], "players": ["Ada"]}), "player 1: must be an object"),
    ],
)
def test_bad_input_is_refused_with_its_one_line_reason(
    client: TestClient, body: str, reason: str
) -> None:
    assert reason in refused(client, body)


def test_a_card_games_bad_window_is_refused(client: TestClient) -> None:
    assert "field 'window': no glass window named" in refused(
        client, json.dumps(dict(CARDS, window="Generosidad")), game="cards"
    )


def test_an_unknown_game_is_not_found_and_a_long_body_too_large(client: TestClient) -> None:
    assert client.post("/api/score?game=chess", json=RULEBOOK).status_code == 404
    assert client.get("/api/score/form?game=chess").status_code == 404
    assert client.get("/api/score/form?language=xx").status_code == 404
    assert client.post("/api/score", content=b" " * 100_000).status_code == 413


# -- reading back a link's windows (POST /api/score/read) ------------------------------------


def read_back(client: TestClient, data: Any, game: str | None = None) -> dict[str, Any]:
    """The 200 answer of ``POST /api/score/read`` to ``data``."""
    answer = client.post("/api/score/read" + (f"?game={game}" if game else ""), json=data)
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_a_window_not_complete_yet_is_read_back_for_a_link(client: TestClient) -> None:
    # Virtus chosen and two dice tapped in, no objective yet: POST /api/score refuses it (no
    # private objective), the read gives the dice back on their spaces.
    data = {"window": "Virtus", "dice": ["G4 _ _ _ _", "_ R2 _ _ _", "_ _ _ _ _", "_ _ _ _ _"]}
    assert client.post("/api/score", json=data).status_code == 400
    window = read_back(client, data)["window"]
    assert window["name"] == "Virtus"
    assert window["cells"][0] == {"colour": "G", "value": 4}
    assert window["cells"][6] == {"colour": "R", "value": 2}  # B2
    assert [i for i, cell in enumerate(window["cells"]) if cell] == [0, 6]
    # A pattern not known reads as a blank window; dice that cannot be read, as none.
    assert read_back(client, {**data, "window": "Nowhere"})["window"]["name"] is None
    assert read_back(client, {"dice": ["X9 _ _ _ _"]})["window"] is None
    assert read_back(client, {"public": []})["window"] is None


def test_a_tables_windows_are_read_back_each_on_its_own(client: TestClient) -> None:
    # Life's masterwork dice come back with their symbol and rotation; a player whose dice
    # cannot be read (a row of four tokens) has no window, the others keep theirs.
    life = {key: LIFE_INPUT[key] for key in ("dice", "masterwork")}
    table = {"players": [{"name": "Ada", **life}, {"name": "Bo", "dice": ["R1 _ _ _"]}, 7]}
    players = read_back(client, table)["players"]
    assert [player["name"] for player in players] == ["Ada", "Bo", None]
    assert players[0]["window"]["cells"][3] == {"symbol": "split", "rotation": 0}  # A4
    assert players[0]["window"]["cells"][6] == {"symbol": "corner", "rotation": 90}  # B2
    assert players[1]["window"] is None and players[2]["window"] is None


def test_a_card_games_window_is_read_back_with_its_black_cards(client: TestClient) -> None:
    data = {"cards": ["K6 _ _ _ _", "_ _ _ _ _", "_ _ _ _ _", "_ _ _ _ R1"]}
    cells = read_back(client, data, "cards")["window"]["cells"]
    assert cells[0] == {"colour": "K", "value": 6}
    assert cells[19] == {"colour": "R", "value": 1}


def test_reading_back_refuses_only_what_is_not_an_object(client: TestClient) -> None:
    for body in ("[]", '"dice"', "{"):
        answer = client.post(
            "/api/score/read", content=body, headers={"content-type": "application/json"}
        )
        assert answer.status_code == 400, body
    assert client.post("/api/score/read?game=chess", json={}).status_code == 404


def test_a_solo_window_with_its_round_track_says_whether_it_won(client: TestClient) -> None:
    # The rulebook's window in solo with Color Variety alone scores 20 (tests/test_cli_score.py
    # works it); the Round Track's dice 6 + 5 + 4 + 3 + 1 = 19 are beaten (rulebook 001, SOLO
    # PLAY RULES, END OF GAME: greater than the Target Score wins).
    data = {**RULEBOOK, "public": ["Color Variety"], "mode": "solo"}
    answer = scored(client, {**data, "round_track": [[6, 5], [4, 3], [1]]})
    assert (answer["total"], answer["target"], answer["won"]) == (20, 19, True)
    assert "target" not in scored(client, data)
    assert client.get("/api/score/form").json()["rounds"] == 10
