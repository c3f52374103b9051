"""The content pack: every card pinned to the reference tables, lookups, and load-time checks.

The expected data below was typed by hand from CARDS.md (card reference), sections 1-4,
not copied from ``base.json``, so that a slip in either one shows up as a failure here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from sagrada.core.cells import CELL_NAMES, ORTHOGONAL, cells_of, mask_names
from sagrada.core.content import (
    Catalog,
    PrivateObjective,
    PublicObjective,
    WindowPattern,
    catalog,
    load_pack,
    parse_pack,
)
from sagrada.core.dice import BLUE, COLOUR_LETTERS, GREEN, PURPLE, RED, YELLOW
from sagrada.core.errors import ContentError

# -- the reference tables (CARDS.md), typed by hand -----------------------------------------------

#: CARDS.md section 4: (card, name, difficulty, row A, row B, row C, row D). The card number is
#: the project's own label for the double-sided card (side a, then side b).
WINDOWS: list[tuple[int, str, int, str, str, str, str]] = [
    (1, "Sun's Glory", 6, "1PY.4", "PY..6", "Y..53", ".5421"),
    (1, "Firelight", 5, "3415.", ".62.Y", "...YR", "5.YR6"),
    (2, "Shadow Thief", 5, "6P..5", "5.P..", "R6.P.", "YR543"),
    (2, "Sun Catcher", 3, ".B2.Y", ".4.R.", "..5Y.", "G3..P"),
    (3, "Fulgor del Cielo", 5, ".BR..", ".45.B", "B2.R5", "6R31."),
    (3, "Luz Celestial", 3, "..R5.", "P4.G3", "6..B.", ".Y2.."),
    (4, "Aurora Sagradis", 4, "R.B.Y", "4P3G2", ".1.5.", "..6.."),
    (4, "Aurorae Magnificus", 5, "5GBP2", "P...Y", "Y.6.P", "1..G4"),
    (5, "Lux Mundi", 6, "..1..", "1G3B2", "B546G", ".B5G."),
    (5, "Lux Astram", 5, ".1GP4", "6P25G", "1G53P", "....."),
    (6, "Kaleidoscopic Dream", 4, "YB..1", "G.5.4", "3.R.G", "2..BY"),
    (6, "Firmitas", 5, "P6..3", "5P3..", ".2P1.", ".15P4"),
    (7, "Gravitas", 5, "1.3B.", ".2B..", "6B.4.", "B52.1"),
    (7, "Water of Life", 6, "6B..1", ".5B..", "4R2B.", "G6Y3P"),
    (8, "Batllo", 5, "..6..", ".5B4.", "3GYP2", "14R53"),
    (8, "Bellesguard", 3, "B6..Y", ".3B..", ".562.", ".4.1G"),
    (9, "Virtus", 5, "4.25G", "..6G2", ".3G4.", "5G1.."),
    (9, "Symphony of Light", 6, "2.5.1", "Y6P2R", ".B4G.", ".3.5."),
    (10, "Ripples of Light", 5, "...R5", "..P4B", ".B3Y6", "Y2G1R"),
    (10, "Fractal Drops", 3, ".4.Y6", "R.2..", "..RP1", "BY..."),
    (11, "Via Lux", 4, "Y.6..", ".15.2", "3YRP.", "..43R"),
    (11, "Industria", 5, "1R3.6", "54R2.", "..5R1", "...3R"),
    (12, "Chromatic Splendor", 4, "..G..", "2Y5B1", ".R3P.", "1.6.4"),
    (12, "Comitas", 5, "Y.2.6", ".4.5Y", "...Y5", "12Y3."),
]

#: CARDS.md section 1: (number, name, colour letter of the top-left die).
TOOLS: list[tuple[int, str, str]] = [
    (1, "Grozing Pliers", "P"),
    (2, "Eglomise Brush", "B"),
    (3, "Copper Foil Burnisher", "R"),
    (4, "Lathekin", "Y"),
    (5, "Lens Cutter", "G"),
    (6, "Flux Brush", "P"),
    (7, "Glazing Hammer", "B"),
    (8, "Running Pliers", "R"),
    (9, "Cork-backed Straightedge", "Y"),
    (10, "Grinding Stone", "G"),
    (11, "Flux Remover", "P"),
    (12, "Tap Wheel", "B"),
]

#: CARDS.md section 2: (id, name, VP per row/column/set/die). The ids are the project's
#: scoring-rule keys; the card itself is unnumbered. Color Diagonals is "#": 1 VP per die.
PUBLICS: list[tuple[str, str, int]] = [
    ("row_color_variety", "Row Color Variety", 6),
    ("column_color_variety", "Column Color Variety", 5),
    ("row_shade_variety", "Row Shade Variety", 5),
    ("column_shade_variety", "Column Shade Variety", 4),
    ("set_values_1_2", "Light Shades", 2),
    ("set_values_3_4", "Medium Shades", 2),
    ("set_values_5_6", "Deep Shades", 2),
    ("set_all_values", "Shade Variety", 5),
    ("color_diagonals", "Color Diagonals", 1),
    ("set_all_colors", "Color Variety", 4),
]

#: CARDS.md section 3: the card reads "Shades of Red • Private"; the name stored is the part
#: before the bullet.
PRIVATES: list[tuple[str, str, int]] = [
    ("shades_of_red", "Shades of Red", RED),
    ("shades_of_yellow", "Shades of Yellow", YELLOW),
    ("shades_of_green", "Shades of Green", GREEN),
    ("shades_of_blue", "Shades of Blue", BLUE),
    ("shades_of_purple", "Shades of Purple", PURPLE),
]


@pytest.fixture(scope="module")
def cards() -> Catalog:
    # The base game's pack; the 5 & 6 Player Expansion's is pinned in test_expansion_content.
    return load_pack("base")


# -- window patterns ---------------------------------------------------------------------------


def test_there_are_24_window_patterns_on_12_double_sided_cards(cards: Catalog) -> None:
    assert len(cards.windows) == 24
    pairs = cards.window_cards()
    assert len(pairs) == 12
    for front, back in pairs:
        assert front.card == back.card
        assert front.name != back.name


def test_every_window_pattern_matches_the_reference_table(cards: Catalog) -> None:
    expected = {
        name: WindowPattern(name, difficulty, card, (a, b, c, d), "base")
        for card, name, difficulty, a, b, c, d in WINDOWS
    }
    assert len(expected) == 24
    loaded = {w.name: w for w in cards.windows}
    assert loaded == expected
    # Equality of WindowPattern covers name, difficulty, card, grid and pack; spell them out
    # too so a change to what equality compares cannot hide a drift.
    for window in cards.windows:
        card, _name, difficulty, a, b, c, d = next(row for row in WINDOWS if row[1] == window.name)
        assert (window.card, window.difficulty, window.grid) == (card, difficulty, (a, b, c, d))


def test_window_pattern_cards_pair_the_reference_sides(cards: Catalog) -> None:
    # CARDS.md: "BGA pair column, Vermihunter's order and the randomizer's card list all give
    # the same 12 pairs", e.g. "Symphony of Light / Virtus", "Firelight / Sun's Glory".
    expected = {
        frozenset({"Sun's Glory", "Firelight"}),
        frozenset({"Shadow Thief", "Sun Catcher"}),
        frozenset({"Fulgor del Cielo", "Luz Celestial"}),
        frozenset({"Aurora Sagradis", "Aurorae Magnificus"}),
        frozenset({"Lux Mundi", "Lux Astram"}),
        frozenset({"Kaleidoscopic Dream", "Firmitas"}),
        frozenset({"Gravitas", "Water of Life"}),
        frozenset({"Batllo", "Bellesguard"}),
        frozenset({"Virtus", "Symphony of Light"}),
        frozenset({"Ripples of Light", "Fractal Drops"}),
        frozenset({"Via Lux", "Industria"}),
        frozenset({"Chromatic Splendor", "Comitas"}),
    }
    assert {frozenset({a.name, b.name}) for a, b in cards.window_cards()} == expected
    assert cards.window_cards("base") == cards.window_cards()
    assert cards.window_cards("no such pack") == ()


def test_difficulties_run_from_3_to_6(cards: Catalog) -> None:
    # Rulebook, Setup: "Windows have varying difficulty from level 3 (easiest) to 6 (hardest)".
    assert {w.difficulty for w in cards.windows} == {3, 4, 5, 6}


def test_no_pattern_has_matching_restrictions_side_by_side(cards: Catalog) -> None:
    # CARDS.md: "A sanity check also finds no pattern with two orthogonally adjacent identical
    # restrictions" (such a pair could never be filled: same colour or value side by side).
    for window in cards.windows:
        for cell in range(20):
            here = window.restriction(cell)
            if here == ".":
                continue
            for other in cells_of(ORTHOGONAL[cell]):
                assert window.restriction(other) != here, (window.name, cell, other)


# Regressions for the faults CARDS.md found in single third-party sources.


def test_shadow_thief_row_d_is_yr543_not_yr563(cards: Catalog) -> None:
    # BGA dbmodel.sql has D4 = 6; the card and five other files say 4.
    assert cards.window("Shadow Thief").grid[3] == "YR543"
    assert cards.window("Shadow Thief").restriction(18) == "4"


def test_industria_difficulty_is_5_not_6(cards: Catalog) -> None:
    # Vermihunter gives 6; the card shows 5 dots.
    assert cards.window("Industria").difficulty == 5


def test_via_lux_c4_is_purple(cards: Catalog) -> None:
    # Vermihunter has a '/' typo there. C4 is row C, column 4 = cell 13.
    assert cards.window("Via Lux").grid[2] == "3YRP."
    assert cards.window("Via Lux").restriction(13) == "P"


def test_aurorae_magnificus_greens_are_at_a2_and_d4(cards: Catalog) -> None:
    # danmontesi misplaces one G here (and stores 11 patterns rotated by 180 degrees).
    pattern = cards.window("Aurorae Magnificus")
    greens = {name for c, name in enumerate(CELL_NAMES) if pattern.restriction(c) == "G"}
    assert greens == {"A2", "D4"}


def test_no_pattern_is_stored_rotated_by_180_degrees(cards: Catalog) -> None:
    # danmontesi's rotated copies: Sun's Glory would start ".5421" reversed, i.e. "1245.".
    assert cards.window("Sun's Glory").grid[0] == "1PY.4"
    assert cards.window("Sun's Glory").grid[3] == ".5421"
    assert cards.window("Lux Astram").grid[3] == "....."  # the empty row is at the bottom


def test_grids_use_only_known_symbols(cards: Catalog) -> None:
    # danmontesi writes 'V' for purple; CARDS.md: '.', R Y G B P, 1-6.
    for window in cards.windows:
        assert set("".join(window.grid)) <= set(".RYGBP123456"), window.name


def test_names_are_spelled_as_on_the_card_scans(cards: Catalog) -> None:
    # CARDS.md lists variants seen in sources; the scans read these.
    names = {w.name for w in cards.windows}
    assert {"Batllo", "Bellesguard", "Via Lux", "Luz Celestial", "Aurorae Magnificus"} <= names
    assert not names & {
        "Batllò",
        "Battlo",
        "Vialux",
        "Lux Celestial",
        "Aurorae Magfinicus",
        "Kaleidoscopic Dreams",
        "Symphony Of Life",
        "Aurorae Sagradis",
    }


def test_restriction_masks_of_sun_catcher(cards: Catalog) -> None:
    # Sun Catcher:  A .B2.Y   B .4.R.   C ..5Y.   D G3..P
    # Colour spaces: A2 B, A5 Y, B4 R, C4 Y, D1 G, D5 P. Value spaces: A3 2, B2 4, C3 5, D2 3.
    pattern = cards.window("Sun Catcher")
    assert set(mask_names(pattern.colour_restricted)) == {"A2", "A5", "B4", "C4", "D1", "D5"}
    assert set(mask_names(pattern.value_restricted)) == {"A3", "B2", "C3", "D2"}
    # A red die satisfies every space except the five coloured other than red.
    not_for_red = {"A2", "A5", "C4", "D1", "D5"}
    assert set(mask_names(pattern.colour_ok[RED])) == set(CELL_NAMES) - not_for_red
    # A 4 satisfies every space except the value spaces asking for 2, 5 and 3.
    assert set(mask_names(pattern.value_ok[4])) == set(CELL_NAMES) - {"A3", "C3", "D2"}


# -- tools and objectives ----------------------------------------------------------------------


def test_the_12_tool_cards(cards: Catalog) -> None:
    assert [(t.id, t.name, COLOUR_LETTERS[t.colour]) for t in cards.tools] == TOOLS
    assert cards.tool(1).colour == PURPLE
    for tool in cards.tools:
        assert tool.pack == "base"
        assert tool.text  # every card has its effect text


def test_tool_colours_follow_the_printed_cycle(cards: Catalog) -> None:
    # CARDS.md: "Colour cycle: P, B, R, Y, G repeating by number".
    for tool in cards.tools:
        assert COLOUR_LETTERS[tool.colour] == "PBRYG"[(tool.id - 1) % 5], tool.name


def test_the_10_public_objectives(cards: Catalog) -> None:
    assert {(p.id, p.name, p.vp) for p in cards.publics} == set(PUBLICS)
    assert len(cards.publics) == 10
    for public in cards.publics:
        assert isinstance(public, PublicObjective)
        assert public.text


def test_the_5_private_objectives(cards: Catalog) -> None:
    assert {(p.id, p.name, p.colour) for p in cards.privates} == set(PRIVATES)
    assert len(cards.privates) == 5
    for private in cards.privates:
        assert isinstance(private, PrivateObjective)
        assert private.spaces == 0  # base privates score a colour, not spaces


# -- lookups -----------------------------------------------------------------------------------


def test_catalog_is_loaded_once() -> None:
    assert catalog() is catalog()


def test_catalog_holds_the_base_pack_and_the_expansion(cards: Catalog) -> None:
    assert set(cards.windows) <= set(catalog().windows)
    assert {w.pack for w in catalog().windows} == {"base", "five-six"}


@pytest.mark.parametrize("key", ["Sun's Glory", "sun's glory", "SUN'S GLORY", "  Sun's   Glory "])
def test_window_lookup_ignores_case_and_spacing(cards: Catalog, key: str) -> None:
    assert cards.window(key).name == "Sun's Glory"


@pytest.mark.parametrize(
    "key", [9, "9", " 9 ", "Cork-backed Straightedge", "cork-backed straightedge"]
)
def test_tool_lookup_by_number_or_name(cards: Catalog, key: int | str) -> None:
    assert cards.tool(key).name == "Cork-backed Straightedge"


@pytest.mark.parametrize("key", ["Row Color Variety", "row color variety", "row_color_variety"])
def test_public_lookup_by_name_or_id(cards: Catalog, key: str) -> None:
    assert cards.public(key).vp == 6


@pytest.mark.parametrize(
    "key",
    [
        "Shades of Purple • Private",  # as printed on the card
        "shades of purple • private",
        "Shades of Purple",
        "SHADES OF PURPLE",
        "shades_of_purple",
    ],
)
def test_private_lookup_accepts_the_printed_name(cards: Catalog, key: str) -> None:
    assert cards.private(key).colour == PURPLE


@pytest.mark.parametrize(
    ("lookup", "key"),
    [
        ("window", "Sagrada Familia"),
        ("window", "Batllò"),
        ("tool", 0),
        ("tool", 15),
        ("tool", "15"),
        ("tool", "Hammer"),
        ("public", "Diagonals"),
        ("private", "Shades of Orange"),
        ("private", "Shades of Orange • Private"),
        ("private", "Private"),
    ],
)
def test_unknown_names_raise_key_error(cards: Catalog, lookup: str, key: int | str) -> None:
    with pytest.raises(KeyError):
        getattr(cards, lookup)(key)


@pytest.mark.parametrize("key", ["", "   ", "•"])
def test_blank_window_name_is_unknown(cards: Catalog, key: str) -> None:
    with pytest.raises(KeyError):
        cards.window(key)


def test_lookups_do_not_cross_kinds(cards: Catalog) -> None:
    # A tool name is not a window, a window name is not a tool.
    with pytest.raises(KeyError):
        cards.window("Lathekin")
    with pytest.raises(KeyError):
        cards.tool("Virtus")


# -- validation of malformed content -----------------------------------------------------------


def valid_pack() -> dict[str, Any]:
    """Return a small pack that parses: one window card, one of each other card."""
    return {
        "format": 1,
        "pack": "test",
        "windows": [
            {
                "name": "Foo",
                "difficulty": 4,
                "card": 1,
                "grid": ["R....", ".1...", ".....", "....P"],
            },
            {
                "name": "Bar",
                "difficulty": 5,
                "card": 1,
                "grid": [".....", ".....", ".....", "....."],
            },
        ],
        "tools": [{"id": 1, "name": "Hammer", "colour": "B", "text": "Hit.", "restriction": ""}],
        "public_objectives": [{"id": "rows", "name": "Rows", "text": "Rows.", "vp": 3}],
        "private_objectives": [
            {"id": "reds", "name": "Reds", "colour": "R"},
            {"id": "corners", "name": "Corners", "spaces": ["A1", "A5", "D1", "D5"]},
        ],
    }


def test_the_small_pack_is_valid() -> None:
    pack = parse_pack("test.json", json.dumps(valid_pack()))
    assert [w.name for w in pack.windows] == ["Foo", "Bar"]
    assert pack.window("Foo").grid == ("R....", ".1...", ".....", "....P")
    assert pack.window("Foo").pack == "test"
    assert pack.tool(1).colour == BLUE
    assert pack.private("Reds").colour == RED
    # Corners: A1 = 0, A5 = 4, D1 = 15, D5 = 19.
    corners = pack.private("Corners")
    assert corners.colour is None
    assert corners.spaces == 1 << 0 | 1 << 4 | 1 << 15 | 1 << 19


Mutation = Callable[[dict[str, Any]], None]


def _set(section: str, index: int, key: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data[section][index][key] = value

    return mutate


def _delete(section: str, index: int, key: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        del data[section][index][key]

    return mutate


def _append(section: str, entry: dict[str, Any]) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data[section].append(entry)

    return mutate


def _top(key: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        if value is _DELETE:
            del data[key]
        else:
            data[key] = value

    return mutate


_DELETE = object()

FOO = "windows[0] 'Foo'"
BAR = "windows[1] 'Bar'"
HAMMER = "tools[0] 'Hammer'"
ROWS = "public_objectives[0] 'Rows'"
REDS = "private_objectives[0] 'Reds'"
CORNERS = "private_objectives[1] 'Corners'"

#: (test id, how to break the small pack, fragments the error message must contain: the entry
#: and the problem; the file name is checked for every case).
MALFORMED: list[tuple[str, Mutation, tuple[str, ...]]] = [
    ("format-2", _top("format", 2), ("format", "1", "2")),
    ("format-missing", _top("format", _DELETE), ("format",)),
    ("pack-name-missing", _top("pack", _DELETE), ("pack name",)),
    ("windows-not-a-list", _top("windows", {"Foo": {}}), ("windows", "list")),
    ("grid-3-rows", _set("windows", 0, "grid", ["R....", ".1...", "....P"]), (FOO, "4 rows", "3")),
    (
        "grid-5-rows",
        _set("windows", 0, "grid", ["R....", ".1...", ".....", ".....", "....P"]),
        (FOO, "4 rows", "5"),
    ),
    (
        "row-6-chars",
        _set("windows", 0, "grid", ["R....", ".1....", ".....", "....P"]),
        (FOO, "row B", "5 characters"),
    ),
    (
        "row-4-chars",
        _set("windows", 1, "grid", [".....", ".....", "....", "....."]),
        (BAR, "row C", "5 characters"),
    ),
    (
        "row-not-a-string",
        _set("windows", 0, "grid", ["R....", ".1...", 12345, "....P"]),
        (FOO, "row C"),
    ),
    (
        "unknown-char-X",
        _set("windows", 0, "grid", ["R....", ".1...", "..X..", "....P"]),
        (FOO, "row C", "'X'"),
    ),
    (
        "unknown-char-lowercase",
        _set("windows", 0, "grid", ["r....", ".1...", ".....", "....P"]),
        (FOO, "row A", "'r'"),
    ),
    (
        "unknown-char-0",
        _set("windows", 1, "grid", [".....", ".....", ".....", "...0."]),
        (BAR, "row D", "'0'"),
    ),
    (
        "unknown-char-7",
        _set("windows", 1, "grid", ["7....", ".....", ".....", "....."]),
        (BAR, "row A", "'7'"),
    ),
    ("difficulty-0", _set("windows", 0, "difficulty", 0), (FOO, "difficulty", "0")),
    ("difficulty-7", _set("windows", 1, "difficulty", 7), (BAR, "difficulty", "7")),
    ("card-one-side", _set("windows", 1, "card", 2), ("windows", "card 1", "expected 2")),
    (
        "card-three-sides",
        _append(
            "windows",
            {
                "name": "Baz",
                "difficulty": 3,
                "card": 1,
                "grid": [".....", ".....", ".....", "....."],
            },
        ),
        ("windows", "card 1", "3", "expected 2"),
    ),
    ("missing-grid", _delete("windows", 0, "grid"), (FOO, "missing", "'grid'")),
    ("missing-name", _delete("windows", 1, "name"), ("windows[1]", "missing", "'name'")),
    ("missing-tool-text", _delete("tools", 0, "text"), (HAMMER, "missing", "'text'")),
    ("missing-vp", _delete("public_objectives", 0, "vp"), (ROWS, "missing", "'vp'")),
    ("missing-private-id", _delete("private_objectives", 0, "id"), (REDS, "missing", "'id'")),
    ("difficulty-is-a-string", _set("windows", 0, "difficulty", "4"), (FOO, "'difficulty'", "int")),
    ("difficulty-is-a-bool", _set("windows", 0, "difficulty", True), (FOO, "'difficulty'", "int")),
    (
        "grid-is-a-string",
        _set("windows", 0, "grid", "R.... .1... ..... ....P"),
        (FOO, "'grid'", "list"),
    ),
    ("name-is-a-number", _set("windows", 1, "name", 7), ("windows[1]", "'name'", "str")),
    ("tool-id-is-a-string", _set("tools", 0, "id", "1"), (HAMMER, "'id'", "int")),
    ("vp-is-a-float", _set("public_objectives", 0, "vp", 2.5), (ROWS, "'vp'", "int")),
    ("vp-zero", _set("public_objectives", 0, "vp", 0), (ROWS, "vp", "0")),
    ("tool-colour-X", _set("tools", 0, "colour", "X"), (HAMMER, "colour", "'X'")),
    ("tool-colour-empty", _set("tools", 0, "colour", ""), (HAMMER, "colour", "''")),
    ("tool-colour-two-letters", _set("tools", 0, "colour", "RB"), (HAMMER, "colour", "'RB'")),
    ("tool-colour-lowercase", _set("tools", 0, "colour", "b"), (HAMMER, "colour", "'b'")),
    ("private-colour-X", _set("private_objectives", 0, "colour", "X"), (REDS, "colour", "'X'")),
    (
        "private-colour-and-spaces",
        _set("private_objectives", 0, "spaces", ["A1"]),
        (REDS, "exactly one", "'colour'", "'spaces'"),
    ),
    (
        "private-neither",
        _delete("private_objectives", 0, "colour"),
        (REDS, "exactly one", "'colour'", "'spaces'"),
    ),
    (
        "unknown-cell-E1",
        _set("private_objectives", 1, "spaces", ["A1", "E1"]),
        (CORNERS, "'E1'", "A1-D5"),
    ),
    (
        "unknown-cell-A6",
        _set("private_objectives", 1, "spaces", ["A6"]),
        (CORNERS, "'A6'", "A1-D5"),
    ),
    ("cell-as-number", _set("private_objectives", 1, "spaces", [3]), (CORNERS, "3", "A1-D5")),
    ("spaces-empty", _set("private_objectives", 1, "spaces", []), (CORNERS, "empty")),
    ("duplicate-window", _set("windows", 1, "name", "Foo"), ("windows", "'Foo'", "twice")),
    ("duplicate-window-other-case", _set("windows", 1, "name", "FOO"), ("windows", "twice")),
    (
        "duplicate-tool-name",
        _append(
            "tools",
            {"id": 2, "name": "hammer", "colour": "R", "text": "Hit again.", "restriction": ""},
        ),
        ("tools", "'hammer'", "twice"),
    ),
    (
        "duplicate-tool-number",
        _append(
            "tools", {"id": 1, "name": "Saw", "colour": "R", "text": "Cut.", "restriction": ""}
        ),
        ("tools", "'Saw'", "twice"),
    ),
    (
        "duplicate-public-id",
        _append(
            "public_objectives", {"id": "rows", "name": "Other rows", "text": "Rows.", "vp": 2}
        ),
        ("public_objectives", "'Other rows'", "twice"),
    ),
    (
        "duplicate-private",
        _append("private_objectives", {"id": "reds2", "name": "Reds", "colour": "R"}),
        ("private_objectives", "'Reds'", "twice"),
    ),
]


@pytest.mark.parametrize(
    ("mutate", "fragments"),
    [pytest.param(mutate, fragments, id=name) for name, mutate, fragments in MALFORMED],
)
def test_malformed_content_is_refused_naming_file_entry_and_problem(
    mutate: Mutation, fragments: tuple[str, ...]
) -> None:
    data = valid_pack()
    mutate(data)
    with pytest.raises(ContentError) as caught:
        parse_pack("test.json", json.dumps(data))
    message = str(caught.value)
    assert message.startswith("test.json: "), message
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_bad_json_is_refused_naming_the_file() -> None:
    text = json.dumps(valid_pack())[:-1]  # cut off the closing brace
    with pytest.raises(ContentError, match=r"^test\.json: not valid JSON"):
        parse_pack("test.json", text)


def test_top_level_must_be_an_object() -> None:
    with pytest.raises(ContentError, match=r"^test\.json: .*object"):
        parse_pack("test.json", "[]")


def test_content_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_pack("test.json", "{")


def test_card_with_one_side_names_the_lonely_window() -> None:
    data = valid_pack()
    data["windows"][1]["card"] = 2  # Foo alone on card 1, Bar alone on card 2
    with pytest.raises(ContentError) as caught:
        parse_pack("test.json", json.dumps(data))
    assert "'Foo'" in str(caught.value) or "'Bar'" in str(caught.value)
