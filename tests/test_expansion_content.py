"""The 5 & 6 Player Expansion's content pack: windows, private objectives and tools, pinned.

The expected data was typed by hand from CARDS.md (card reference), section 5 (5.1 window
patterns, 5.2 private objectives, 5.3 tools), not copied from ``five-six.json``, so that a slip
in either one shows up as a failure. CARDS.md marks all of it UNCERTAIN (a single source for the
grids, the masks and the tool effects); these tests pin what the project adopted, including the
doubtful Sol C2 = ``1`` and the asymmetric Brackets mask.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import sagrada.cli.main as cli_main
from helpers import write_json
from sagrada.core.cells import CELL_NAMES, ORTHOGONAL, cells_of, mask_names
from sagrada.core.content import Catalog, WindowPattern, catalog, load_pack
from sagrada.core.dice import COLOUR_LETTERS

# -- the reference tables (CARDS.md section 5), typed by hand -------------------------------------

#: CARDS.md 5.1: (card, name, difficulty, row A, row B, row C, row D). Side a of each card is
#: the difficulty-3 side, side b the difficulty-6 side. Card numbers are our own labels.
WINDOWS: list[tuple[int, str, int, str, str, str, str]] = [
    (1, "Generosidad", 3, "..3.Y", ".2G.4", "B..R.", "6.1.2"),
    (1, "Armonia", 6, ".53.Y", "Y2GB4", "B..R6", "6.1.2"),
    (2, "Ligero", 3, ".5G..", ".B1.6", "2.BP.", "..3.1"),
    (2, "Shadom", 6, ".5G..", "5B1.6", "2.BPG", "P.361"),
    (3, "Sol", 3, "1..Y.", "..Y5.", ".1..6", "Y3.2G"),
    (3, "Naturaleza", 6, "1..Y.", ".GY53", ".YG.6", "Y312G"),
    (4, "Esperança", 3, "1GP..", "3..P6", "R.5..", ".4..G"),
    (4, "Alegria", 6, "1GPR.", "35.P6", "R.5..", "P42.G"),
    (5, "Romanesque", 3, "..R..", ".R4B.", "1.P.2", ".Y6R."),
    (5, "Baroque", 6, "..R..", "YR4BP", "1.P.2", "3Y6R5"),
    (6, "Apricitas", 3, "..Y3.", "G4..B", "2.R.6", ".P.Y."),
    (6, "Tenebra", 6, ".5Y31", "G4..B", "2GR.6", ".PBY."),
]

#: CARDS.md 5.2, column "Scoring spaces".
PRIVATE_SPACES: dict[str, set[str]] = {
    "Fence": {"B1", "B3", "B5", "C1", "C3", "C5"},
    "Tunnel": {"A2", "A3", "A4", "D2", "D3", "D4"},
    "Brace": {"A2", "A4", "B3", "C3", "D2", "D4"},
    "Port": {"A3", "B2", "B4", "C2", "C4", "D3"},
    "Brackets": {"A1", "A2", "A4", "A5", "B1", "B5"},
    "Wall": {"B2", "B3", "B4", "C2", "C3", "C4"},
}

#: CARDS.md 5.2, column "Mask (rows A/B/C/D)", typed separately as a cross-check of the spaces.
PRIVATE_MASKS: dict[str, str] = {
    "Fence": "..... / #.#.# / #.#.# / .....",
    "Tunnel": ".###. / ..... / ..... / .###.",
    "Brace": ".#.#. / ..#.. / ..#.. / .#.#.",
    "Port": "..#.. / .#.#. / .#.#. / ..#..",
    "Brackets": "##.## / #...# / ..... / .....",
    "Wall": "..... / .###. / .###. / .....",
}

#: CARDS.md 5.3: (our number, name, colour letter). 13 and 14 are our labels (the printed
#: numbers are unknown); the colours rest on one source.
TOOLS: list[tuple[int, str, str]] = [(13, "Strip Cutter", "R"), (14, "Lead Came Nippers", "Y")]


@pytest.fixture(scope="module")
def pack() -> Catalog:
    return load_pack("five-six")


def spaces_of_mask(mask: str) -> set[str]:
    rows = mask.split(" / ")
    return {
        f"{'ABCD'[r]}{c + 1}" for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"
    }


# -- window patterns ---------------------------------------------------------------------------


def test_the_expansion_has_12_window_patterns_on_6_double_sided_cards(pack: Catalog) -> None:
    # CARDS.md: "the expansion does not add 6 window patterns. It adds 6 double-sided Window
    # Pattern cards, so 12 patterns".
    assert len(pack.windows) == 12
    assert len(pack.window_cards()) == 6


def test_every_expansion_window_matches_the_reference_table(pack: Catalog) -> None:
    expected = {
        name: WindowPattern(name, difficulty, card, (a, b, c, d), "five-six")
        for card, name, difficulty, a, b, c, d in WINDOWS
    }
    assert {w.name: w for w in pack.windows} == expected
    for window in pack.windows:
        card, _name, difficulty, a, b, c, d = next(row for row in WINDOWS if row[1] == window.name)
        assert (window.card, window.difficulty, window.grid, window.pack) == (
            card,
            difficulty,
            (a, b, c, d),
            "five-six",
        )


def test_expansion_cards_pair_a_3_side_with_a_6_side(pack: Catalog) -> None:
    # CARDS.md 5.1: names and pairs from two sources; side a difficulty 3, side b difficulty 6.
    expected = {
        frozenset({"Generosidad", "Armonia"}),
        frozenset({"Ligero", "Shadom"}),
        frozenset({"Sol", "Naturaleza"}),
        frozenset({"Esperança", "Alegria"}),
        frozenset({"Romanesque", "Baroque"}),
        frozenset({"Apricitas", "Tenebra"}),
    }
    pairs = pack.window_cards()
    assert {frozenset({a.name, b.name}) for a, b in pairs} == expected
    for a, b in pairs:
        assert a.card == b.card
        assert {a.difficulty, b.difficulty} == {3, 6}


def test_the_merged_catalog_keeps_the_packs_apart() -> None:
    cards = catalog()
    assert len(cards.windows) == 24 + 12
    assert {w.name for w in cards.windows if w.pack == "five-six"} == {row[1] for row in WINDOWS}
    assert len(cards.window_cards("five-six")) == 6
    assert len(cards.window_cards("base")) == 12
    # Card labels restart at 1 in each pack; a pair never mixes packs.
    for a, b in cards.window_cards():
        assert a.pack == b.pack


def test_restriction_counts_per_side(pack: Catalog) -> None:
    # CARDS.md 5.1: "Every 3-side has exactly 10 restrictions and every 6-side exactly 14."
    for window in pack.windows:
        restricted = (window.colour_restricted | window.value_restricted).bit_count()
        assert restricted == {3: 10, 6: 14}[window.difficulty], window.name


def test_no_expansion_pattern_has_matching_restrictions_side_by_side(pack: Catalog) -> None:
    # CARDS.md 5.1: "No pattern has conflicting adjacent restrictions."
    for window in pack.windows:
        for cell in range(20):
            here = window.restriction(cell)
            if here != ".":
                for other in cells_of(ORTHOGONAL[cell]):
                    assert window.restriction(other) != here, (window.name, cell, other)


def test_sol_c2_keeps_the_source_value_1(pack: Catalog) -> None:
    # CARDS.md 5.1, UNCERTAIN: the source has 1 at Sol C2 (Y is plausible, unverified). C2 is
    # row C, column 2 = cell 11. Naturaleza, the back side, has Y there.
    assert pack.window("Sol").restriction(11) == "1"
    assert pack.window("Naturaleza").restriction(11) == "Y"


def test_expansion_window_names_look_up_case_insensitively() -> None:
    assert catalog().window("esperança").name == "Esperança"
    assert catalog().window("SHADOM").name == "Shadom"  # spelled this way in both sources


# -- private objectives ------------------------------------------------------------------------


def test_the_reference_masks_and_spaces_agree() -> None:
    # Two hand-typed columns of the same CARDS.md table must say the same thing.
    for name, mask in PRIVATE_MASKS.items():
        assert spaces_of_mask(mask) == PRIVATE_SPACES[name], name


def test_the_6_expansion_private_objectives(pack: Catalog) -> None:
    assert {p.name for p in pack.privates} == set(PRIVATE_SPACES)
    for objective in pack.privates:
        assert objective.colour is None  # they score spaces, not a colour
        assert set(mask_names(objective.spaces)) == PRIVATE_SPACES[objective.name]
        assert objective.pack == "five-six"


def test_each_expansion_private_objective_marks_6_spaces(pack: Catalog) -> None:
    for objective in pack.privates:
        assert objective.spaces.bit_count() == 6, objective.name


def test_brackets_is_the_asymmetric_mask(pack: Catalog) -> None:
    # CARDS.md 5.2, UNCERTAIN: "Brackets is the only mask that is not symmetric top to bottom."
    def flipped(spaces: set[str]) -> set[str]:
        return {"DCBA"["ABCD".index(s[0])] + s[1] for s in spaces}

    asymmetric = {
        p.name
        for p in pack.privates
        if flipped(set(mask_names(p.spaces))) != set(mask_names(p.spaces))
    }
    assert asymmetric == {"Brackets"}


@pytest.mark.parametrize("key", ["Fence", "fence", "FENCE", "  Fence ", "Fence • Private"])
def test_expansion_private_objectives_look_up_by_name(key: str) -> None:
    found = catalog().private(key)
    assert found.name == "Fence"
    assert found.pack == "five-six"


def test_the_merged_catalog_has_11_private_objectives() -> None:
    # 5 base colours + 6 expansion spaces cards, shuffled together by default (expansion
    # rulebook, PLAYER SETUP).
    privates = catalog().privates
    assert len(privates) == 11
    assert sum(p.pack == "five-six" for p in privates) == 6


# -- tools -------------------------------------------------------------------------------------


def test_the_2_expansion_tools(pack: Catalog) -> None:
    assert [(t.id, t.name, COLOUR_LETTERS[t.colour]) for t in pack.tools] == TOOLS
    for tool in pack.tools:
        assert tool.pack == "five-six"
        assert "Private Dice Pool" in tool.text
        # Expansion rulebook: its tool cards "are only included when playing with the
        # Private Dice Pool Rules".
        assert "Private Dice Pool" in tool.restriction


def test_expansion_tools_look_up_by_number_and_name() -> None:
    cards = catalog()
    assert cards.tool(13).name == "Strip Cutter"
    assert cards.tool("14").name == "Lead Came Nippers"
    assert cards.tool("strip cutter").id == 13
    assert cards.tool("LEAD CAME NIPPERS").id == 14
    assert len([t for t in cards.tools if t.pack in ("base", "five-six")]) == 14


def test_the_expansion_adds_no_public_objectives(pack: Catalog) -> None:
    assert pack.publics == ()


# -- sagrada score with an expansion private objective -----------------------------------------

#: The base rulebook's SCORING EXAMPLE window (the expansion's figure repeats it), rows A-D.
#:   A: _  G4 R2 Y5 P6      B: R3 B1 _  G1 Y2      C: P5 G6 _  P6 R3      D: B4 Y3 G4 B2 G4
EXAMPLE_DICE = ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"]

#: The hand-worked sum of each expansion card on that window (values of A1..D5 above):
#:   Fence    B1 3 + C1 5 + B3 0 + C3 0 + B5 2 + C5 3 = 13 (the expansion rulebook's example)
#:   Tunnel   A2 4 + A3 2 + A4 5 + D2 3 + D3 4 + D4 2 = 20
#:   Brace    A2 4 + A4 5 + B3 0 + C3 0 + D2 3 + D4 2 = 14
#:   Port     A3 2 + B2 1 + B4 1 + C2 6 + C4 6 + D3 4 = 20
#:   Brackets A1 0 + A2 4 + A4 5 + A5 6 + B1 3 + B5 2 = 20
#:   Wall     B2 1 + B3 0 + B4 1 + C2 6 + C3 0 + C4 6 = 14
EXAMPLE_POINTS = {"Fence": 13, "Tunnel": 20, "Brace": 14, "Port": 20, "Brackets": 20, "Wall": 14}


def _score_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any) -> Any:
    code = cli_main.main(["score", write_json(tmp_path, data), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return json.loads(out)


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("Fence", "Fence"),
        ("fence", "Fence"),
        ("FENCE", "Fence"),
        ("tunnel", "Tunnel"),
        ("Brace", "Brace"),
        ("PORT", "Port"),
        ("brackets", "Brackets"),
        ("Wall • Private", "Wall"),
    ],
)
def test_score_accepts_an_expansion_private_objective(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, name: str
) -> None:
    # Publics as in the base rulebook's example: Column Color Variety 10, Light Shades 4,
    # Color Variety 12; no favor tokens; 3 open spaces (A1, B3, C3) = -3. So the total is
    # 10 + 4 + 12 + private - 3 = 23 + private.
    data = {
        "dice": EXAMPLE_DICE,
        "public": ["Column Color Variety", "Light Shades", "Color Variety"],
        "private": [given],
        "favor_tokens": 0,
    }
    points = EXAMPLE_POINTS[name]
    assert _score_json(tmp_path, capsys, data) == {
        "total": 23 + points,
        "parts": [
            {"name": "Column Color Variety", "points": 10},
            {"name": "Light Shades", "points": 4},
            {"name": "Color Variety", "points": 12},
            {"name": name, "points": points},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -3},
        ],
    }


def test_score_fence_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Expansion rulebook, SCORING EXAMPLE: Fence = 13 VP; with no publics, 2 favor tokens and
    # 3 open spaces: 13 + 2 - 3 = 12.
    data = {"dice": EXAMPLE_DICE, "public": [], "private": ["fence"], "favor_tokens": 2}
    assert _score_json(tmp_path, capsys, data) == {
        "total": 12,
        "parts": [
            {"name": "Fence", "points": 13},
            {"name": "Favor tokens", "points": 2},
            {"name": "Open spaces", "points": -3},
        ],
    }


def test_score_solo_with_an_expansion_and_a_base_private(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Solo: only the better of two privates counts. Shades of Purple = A5 6 + C1 5 + C4 6 = 17
    # beats Fence 13, so Fence shows 0 (not counted). Solo open spaces cost 3 VP each: A1, B3,
    # C3 = -9. Total 17 - 9 = 8.
    data = {
        "dice": EXAMPLE_DICE,
        "public": [],
        "private": ["Fence", "Shades of Purple"],
        "mode": "solo",
    }
    assert _score_json(tmp_path, capsys, data) == {
        "total": 8,
        "parts": [
            {"name": "Fence", "points": 0},
            {"name": "Shades of Purple", "points": 17},
            {"name": "Favor tokens", "points": 0},
            {"name": "Open spaces", "points": -9},
        ],
    }


def test_cell_names_cover_every_space_named_in_the_tables() -> None:
    for spaces in PRIVATE_SPACES.values():
        assert spaces <= set(CELL_NAMES)
