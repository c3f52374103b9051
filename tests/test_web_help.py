"""The rules help's data (issue 15, "Rules help"): ``GET /api/rules`` serves, for every game
in the registry's order, the rules in short, every card with its text and, for the base game's
tools and public objectives, a picture of what it does; every option explained; house cards
flagged. Each game's part comes from the help files in its own package
(``games/<game>/help/rules_help*.json``, read by ``sagrada.rules_help``); the server's route
names no game.

The pictures are checked against the rules they show: an objective's example window really
scores (the engine marks the cells), and no pictured window, before or after its arrows move
dice, has two dice side by side of one colour or one value (001_3237e9a6eb6273e0.txt,
"Placing Dice")."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from sagrada import rules_help
from sagrada.core.cells import CELL_NAMES
from sagrada.core.content import catalog
from sagrada.core.errors import ContentError
from sagrada.core.options import OPTIONS
from sagrada.games.cards import reference as card_reference
from sagrada.games.cards.content import content as card_content
from sagrada.games.cards.options import CARD_OPTIONS
from sagrada.games.dice import reference as dice_reference
from sagrada.i18n import languages
from sagrada.registry import entries
from sagrada.web.routes import rules as web_help
from web_helpers import new_client

BASE_TOOLS = 12
BASE_PUBLICS = 10
#: The titles of the rulebooks (shared/rules/README.md) as the English help cites them.
RULEBOOK_TITLES = {
    "Sagrada, English edition",
    "Sagrada, German edition (Pegasus)",
    "5 & 6 Player Expansion",
    "The Great Facades: Life",
    "Solo card game",
}


def served_help(tmp_path_factory: pytest.TempPathFactory, query: str = "") -> dict[str, Any]:
    """GET /api/rules (with ``query``) from a fresh server."""
    with new_client(tmp_path_factory.mktemp("help")) as client:
        response = client.get(f"/api/rules{query}")
        assert response.status_code == 200, response.text
        return dict(response.json())


@pytest.fixture(scope="module")
def answer(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return served_help(tmp_path_factory)


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return served_help(tmp_path_factory, "?language=de")


def part_of(answer: dict[str, Any], game: str) -> dict[str, Any]:
    """The part of the help answer of the game called ``game``."""
    (found,) = (part for part in answer["games"] if part["name"] == game)
    return dict(found)


def help_file(game: str, name: str) -> Path:
    """A help file of a game's package (``games/<game>/help/``)."""
    return Path(dice_reference.__file__).parent.parent / game / "help" / name


def windows_of(picture: dict[str, Any]) -> list[dict[str, Any]]:
    return [part for part in picture["parts"] if "window" in part]


def dice_by_cell(rows: list[str]) -> dict[str, str]:
    tokens = [token for row in rows for token in row.split()]
    return {CELL_NAMES[c]: t for c, t in enumerate(tokens) if t[0].isupper()}


def side_by_side_clash(dice: dict[str, str]) -> str | None:
    """Two orthogonal neighbours of one colour or one value, if any (as "A1/A2")."""
    for cell, die in dice.items():
        row, column = cell[0], int(cell[1])
        for other in (f"{row}{column + 1}", f"{chr(ord(row) + 1)}{column}"):
            if other in dice and (dice[other][0] == die[0] or dice[other][1] == die[1] != "?"):
                return f"{cell}/{other}"
    return None


def test_every_game_has_its_part_in_the_registrys_order(answer: dict[str, Any]) -> None:
    assert [(part["name"], part["title"]) for part in answer["games"]] == [
        (entry.name, entry.game.title) for entry in entries()
    ]


def test_every_section_has_a_title_text_and_a_rulebook(answer: dict[str, Any]) -> None:
    sections = [section for part in answer["games"] for section in part["sections"]]
    groups = {section["group"] for section in sections}
    assert groups == {"Sagrada", "5 & 6 Player Expansion", "Life", "Solo card game"}
    ids = {section["id"] for section in sections}
    for wanted in ("setup", "turn", "placement", "tools", "scoring", "solo", "private_pools"):
        assert wanted in ids
    for wanted in ("apprentice", "masterwork", "toil", "card_game"):
        assert wanted in ids
    # Each game's sections are its own: the solo card game's in its part, the others not.
    dice = part_of(answer, "sagrada")["sections"]
    cards = part_of(answer, "cards")["sections"]
    assert {s["group"] for s in dice} == {"Sagrada", "5 & 6 Player Expansion", "Life"}
    assert [s["id"] for s in cards] == ["card_game", "card_game_round", "card_game_end"]
    assert {s["group"] for s in cards} == {"Solo card game"}
    for section in sections:
        assert section["title"].strip()
        assert section["text"] and all(paragraph.strip() for paragraph in section["text"])
        # Cited by the rulebook's title and section, never by its file.
        assert any(section["source"].startswith(f"{title}, ") for title in RULEBOOK_TITLES)


def test_every_base_tool_and_public_objective_has_a_picture(answer: dict[str, Any]) -> None:
    cards = part_of(answer, "sagrada")["cards"]
    base_tools = [t for t in cards["tools"] if t["pack"] == "base"]
    base_publics = [o for o in cards["public_objectives"] if o["pack"] == "base"]
    assert len(base_tools) == BASE_TOOLS and len(base_publics) == BASE_PUBLICS
    for card in base_tools + base_publics:
        assert card["text"], card["name"]
        picture = card["illustration"]
        assert picture is not None and picture["parts"], f"{card['name']} has no picture"
    for tool in base_tools:
        assert tool["illustration"]["note"], tool["name"]


def test_every_card_has_its_text(answer: dict[str, Any]) -> None:
    cards = part_of(answer, "sagrada")["cards"]
    content = catalog()
    assert [t["number"] for t in cards["tools"]] == [t.id for t in content.tools]
    assert {t["name"]: t["text"] for t in cards["tools"]} == {t.name: t.text for t in content.tools}
    assert {o["id"]: o["text"] for o in cards["public_objectives"]} == {
        o.id: o.text for o in content.publics
    }
    for private in cards["private_objectives"]:
        assert private["text"], private["name"]
    assert all(card["text"] for card in cards["apprentice_cards"])


def test_an_objective_picture_is_a_window_that_scores_its_marked_cells(
    answer: dict[str, Any],
) -> None:
    publics = part_of(answer, "sagrada")["cards"]["public_objectives"]
    row_variety = next(o for o in publics if o["id"] == "row_color_variety")
    (window,) = windows_of(row_variety["illustration"])
    # A row of five different colours: one row, 6 VP, and the row's five cells marked.
    assert window["marks"] == ["A1", "A2", "A3", "A4", "A5"]
    assert row_variety["illustration"]["note"] == "This window scores 6 VP (1 row × 6 VP)."
    for objective in publics:
        if objective["illustration"] is None:
            continue
        (window,) = windows_of(objective["illustration"])
        assert window["marks"], f"{objective['name']}: the example scores nothing"
        assert set(window["marks"]) <= set(dice_by_cell(window["window"]))


def test_no_pictured_window_breaks_the_placement_rules(answer: dict[str, Any]) -> None:
    cards = part_of(answer, "sagrada")["cards"]
    pictures = [c["illustration"] for c in cards["tools"] + cards["public_objectives"]]
    for picture in filter(None, pictures):
        for part in windows_of(picture):
            dice = dice_by_cell(part["window"])
            assert side_by_side_clash(dice) is None, part["window"]
            for start, end in part.get("arrows", []):
                assert start in dice and end not in dice, (start, end)
                dice[end] = dice.pop(start)
                assert side_by_side_clash(dice) is None, f"{part['window']} after {start}>{end}"


def test_the_clash_check_can_fail() -> None:
    assert side_by_side_clash({"A1": "R3", "A2": "R5"}) == "A1/A2"
    assert side_by_side_clash({"A1": "R3", "B1": "G3"}) == "A1/B1"
    assert side_by_side_clash({"A1": "R3", "B2": "R3"}) is None


def test_every_option_of_the_schema_is_explained(answer: dict[str, Any]) -> None:
    options = part_of(answer, "sagrada")["options"]
    assert [o["name"] for o in options] == [spec.name for spec in OPTIONS]
    for option, spec in zip(options, OPTIONS, strict=True):
        assert option["label"] == spec.label and option["help"] == spec.help
        assert option["help"].strip()
    notes = {o["name"]: o["note"] for o in options if o["note"]}
    # The edition options name the rulebooks each choice follows.
    assert set(notes) == {"full_bag", "solo_private_objectives", "tie_break"}
    for note in notes.values():
        assert "Sagrada, English edition" in note, note
        assert "Sagrada, German edition" in note, note
        assert ".txt" not in note, note
    card_options = part_of(answer, "cards")["options"]
    assert [o["name"] for o in card_options] == [spec.name for spec in CARD_OPTIONS]
    assert all(o["help"].strip() for o in card_options)
    assert [o["note"] for o in card_options] == [None] * len(CARD_OPTIONS)


def test_house_cards_are_flagged_and_the_label_says_so(answer: dict[str, Any]) -> None:
    assert answer["house_label"] == (
        "house card (the project's text; the printed card is not available)"
    )
    cards = part_of(answer, "sagrada")["cards"]
    house_tools = {t["name"] for t in cards["tools"] if t["house"]}
    assert house_tools == {t.name for t in catalog().tools if t.house}
    assert {"Soldering Iron", "Glass Saw"} <= house_tools
    assert not any(t["house"] for t in cards["tools"] if t["pack"] == "base")
    assert {o["id"] for o in cards["public_objectives"] if o["house"]} >= {"perfect_pairs"}
    assert all(card["house"] for card in cards["apprentice_cards"])


def test_the_card_game_tools_and_orders_are_served(answer: dict[str, Any]) -> None:
    cards = card_content()
    game = part_of(answer, "cards")
    assert game["house"] is True
    assert [(t["name"], t["pay"], t["text"]) for t in game["tools"]] == [
        (t.name, t.pay, t.text) for t in cards.tools
    ]
    assert [o["id"] for o in game["orders"]] == [o.id for o in cards.orders]
    assert all(o["text"] and o["house"] for o in game["orders"])
    black = next(o for o in game["orders"] if o["id"] == "shades_of_black")
    assert black["text"] == "The sum of the values of your black cards (1 VP per pip)."


def test_a_malformed_picture_is_refused_naming_it() -> None:
    path = help_file("dice", rules_help.RULES_FILE)
    shipped = json.loads(path.read_text("utf-8"))
    check = dice_reference.HELP.check
    assert check(shipped) == shipped
    shipped["illustrations"]["tools"]["2"]["parts"][0]["window"][0] = "R2 Y5 . ."
    with pytest.raises(ContentError, match=r"tools\['2'\].*5 tokens"):
        check(shipped)
    shipped["illustrations"]["tools"]["2"]["parts"][0]["window"][0] = "R2 Y5 . . ."
    shipped["option_notes"]["no_such_option"] = "..."
    with pytest.raises(ContentError, match="no option 'no_such_option'"):
        check(shipped)


@pytest.mark.parametrize(
    ("spoil", "complaint"),
    [
        (
            lambda h: h["illustrations"]["public_objectives"]["perfect_pairs"].update(marks=["E1"]),
            r"public_objectives\['perfect_pairs'\]: 'E1' is not a cell",
        ),
        (
            # The dice game has no black (the card game's K): its pictures cannot show one.
            lambda h: h["illustrations"]["tools"]["1"]["parts"][0].update(dice=["K3"]),
            r"tools\['1'\]: dice are written like 'R3'",
        ),
        (
            lambda h: h["illustrations"]["tools"]["1"]["parts"].append({"size": 3}),
            r"tools\['1'\]: a part is a window, dice, an arrow or text",
        ),
        (
            lambda h: h["illustrations"]["tools"].update({"13": {"window": [". . . . ."] * 4}}),
            r"tools\['13'\]: an illustration is an object with a list of parts",
        ),
        (lambda h: h["sections"][0].pop("source"), r"sections\[0\]: a section has its source"),
        (lambda h: h["sections"][1].update(id="overview"), r"a second section 'overview'"),
        (lambda h: h["sections"][2].update(text=[]), r"sections\[2\]: a section has a title"),
        (lambda h: h.update(language="de"), r"language: the help file is the 'en' one"),
        (lambda h: h.update(cards={}), r"unknown parts \['cards'\]"),
    ],
)
def test_a_malformed_help_file_is_refused_naming_its_file_and_entry(
    spoil: Any, complaint: str
) -> None:
    shipped = json.loads(help_file("dice", rules_help.RULES_FILE).read_text("utf-8"))
    spoil(shipped)
    with pytest.raises(ContentError, match=complaint) as refused:
        dice_reference.HELP.check(shipped)
    assert str(refused.value).startswith("sagrada/games/dice/help/rules_help.json: ")


def test_a_help_file_may_leave_out_its_texts_notes_and_pictures() -> None:
    # The card game's help has no option notes nor pictures: they are empty, not missing.
    english = card_reference.HELP.document()
    assert english["option_notes"] == {} and english["illustrations"] == {}
    assert set(english["texts"]) == {"order_shades"}
    bare = {"format": 1, "language": "en", "note": "", "sections": english["sections"]}
    assert card_reference.HELP.check(bare)["texts"] == {}


def test_an_example_that_scores_nothing_shows_nothing() -> None:
    row_variety = catalog().public("row_color_variety")
    repeated = ["R3 Y1 R5 B2 P4", ". . . . .", ". . . . .", ". . . . ."]
    assert dice_reference.objective_example(repeated, row_variety) is None
    varied = ["R3 Y1 G5 B2 P4", ". . . . .", ". . . . .", ". . . . ."]
    assert dice_reference.objective_example(varied, row_variety) is not None


# -- the help in German (issue 15, German) ------------------------------------------------------


def test_every_language_of_the_pages_has_the_rules_help() -> None:
    # A page asks for the help in its language: a language with a catalogue but no help
    # would show the panel's words and no rules. Every game's help speaks every one.
    assert set(web_help.help_languages()) == set(languages())
    for entry in entries():
        assert set(entry.answers().help_languages()) == set(languages()), entry.name


def test_the_help_offers_only_the_languages_every_game_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game whose help lacks a language takes it from the help: one panel, one language.
    monkeypatch.setattr(card_reference.HELP, "languages", lambda: ("en",))
    assert web_help.help_languages() == ("en",)
    with new_client(tmp_path) as client:
        missing = client.get("/api/rules?language=de")
        assert missing.status_code == 404
        assert "'de'" in missing.json()["detail"] and "['en']" in missing.json()["detail"]
        asked = client.get("/api/rules", headers={"Accept-Language": "de"})
        assert asked.json()["games"][0]["sections"][0]["title"] == "The goal"


def test_the_german_help_has_every_part_of_the_english_in_german(
    answer: dict[str, Any], german: dict[str, Any]
) -> None:
    # Every game's every section, with as many paragraphs, and a rulebook cited (by its title
    # in German).
    def shape(help: dict[str, Any]) -> list[tuple[str, str, bool, int]]:
        return [
            (part["name"], s["id"], bool(s["source"]) and ".txt" not in s["source"], len(s["text"]))
            for part in help["games"]
            for s in part["sections"]
        ]

    assert shape(german) == shape(answer)
    german_sections = [s for part in german["games"] for s in part["sections"]]
    titles = {s["id"]: s["title"] for s in german_sections}
    assert titles["placement"] == "Das Einsetzen der Würfel"
    assert {s["group"] for s in german_sections} == {
        "Sagrada",
        "Erweiterung für 5 & 6 Spieler",
        "Leben",
        "Solo-Kartenspiel",
    }
    assert german["house_label"].startswith("Hauskarte")
    # Every option note; the options' own words are the catalogue's (label_id, help_id).
    dice, german_dice = part_of(answer, "sagrada"), part_of(german, "sagrada")
    notes = {o["name"]: o["note"] for o in german_dice["options"] if o["note"]}
    assert set(notes) == {o["name"] for o in dice["options"] if o["note"]}
    assert "deutsche Ausgabe (Pegasus)" in notes["full_bag"] and "Beutel" in notes["full_bag"]
    # Every picture with as many words, and its note, in German; the cards too (their words:
    # tests/test_card_words.py).
    for english, translated in zip(
        dice["cards"]["tools"], german_dice["cards"]["tools"], strict=True
    ):
        assert english["name"] != translated["name"] and english["text"] != translated["text"]
        if english["illustration"] is None:
            assert translated["illustration"] is None
            continue
        assert len(english["illustration"]["parts"]) == len(translated["illustration"]["parts"])
        assert translated["illustration"]["note"] != english["illustration"]["note"]
    grozing = german_dice["cards"]["tools"][0]["illustration"]
    assert grozing["parts"][0] == {"dice": ["R3"], "label": "genommen"}
    row_variety = next(
        o for o in german_dice["cards"]["public_objectives"] if o["id"] == "row_color_variety"
    )
    assert row_variety["illustration"]["note"].startswith("Dieses Fenster bringt 6 PP (")
    colour = next(p for p in german_dice["cards"]["private_objectives"] if p["colour"] == "R")
    assert colour["text"] == "Die Summe der Augenzahlen deiner Würfel der Farbe Rot."
    orders = part_of(german, "cards")["orders"]
    black = next(o for o in orders if o["id"] == "shades_of_black")
    assert "Schwarz" in black["text"]


def test_the_help_speaks_the_browsers_language_and_refuses_one_it_lacks(
    tmp_path: Path,
) -> None:
    with new_client(tmp_path) as client:
        asked = client.get("/api/rules", headers={"Accept-Language": "de-AT, en;q=0.5"})
        assert asked.json()["games"][0]["sections"][0]["title"] == "Spielziel"
        other = client.get("/api/rules", headers={"Accept-Language": "fr"})
        assert other.json()["games"][0]["sections"][0]["title"] == "The goal"
        # The language asked for wins over the browser's.
        english = client.get("/api/rules?language=en", headers={"Accept-Language": "de"})
        assert english.json()["games"][0]["sections"][0]["title"] == "The goal"
        missing = client.get("/api/rules?language=fr")
        assert missing.status_code == 404
        assert "'fr'" in missing.json()["detail"]


def _translation(game: str = "dice") -> dict[str, Any]:
    return dict(json.loads(help_file(game, "rules_help.de.json").read_text("utf-8")))


@pytest.mark.parametrize(
    ("spoil", "complaint"),
    [
        (lambda t: t["sections"].pop("toil"), r"sections: missing \['toil'\]"),
        (lambda t: t["sections"]["turn"]["text"].pop(), r"sections\['turn'\]: 3 paragraphs.*4"),
        (lambda t: t["sections"]["setup"].pop("title"), r"sections\['setup'\]: .*title"),
        (
            lambda t: t["sections"]["toil"].update(group="Sagrada"),
            r"sections\['toil'\]: group 'Sagrada', elsewhere 'Leben'",
        ),
        (lambda t: t["texts"].update(private_spaces="ohne Zahl"), r"texts\['private_spaces'\]"),
        (lambda t: t["option_notes"].pop("tie_break"), r"option_notes: missing \['tie_break'\]"),
        (
            lambda t: t["illustrations"]["tools"]["11"]["words"].pop(),
            r"tools\['11'\]: words: 4 words",
        ),
        (
            lambda t: t["illustrations"]["tools"]["3"].pop("note"),
            r"tools\['3'\]: a note",
        ),
        (lambda t: t["illustrations"]["tools"].pop("12"), r"illustrations.tools: missing"),
        (lambda t: t.update(sectoins={}), r"unknown parts \['sectoins'\]"),
        (lambda t: t.update(language="fr"), r"language: must be 'de'"),
    ],
)
def test_a_translation_lacking_a_part_is_refused_naming_it(spoil: Any, complaint: str) -> None:
    english = dice_reference.HELP.document()
    assert rules_help.check_translation(english, _translation(), "de")
    translation = _translation()
    spoil(translation)
    with pytest.raises(ContentError, match=complaint):
        rules_help.check_translation(english, translation, "de")
    with pytest.raises(ContentError, match=r"sagrada/games/dice/help/rules_help\.de\.json: "):
        dice_reference.HELP.check_translation(translation, "de")


@pytest.mark.parametrize(
    ("spoil", "complaint"),
    [
        (lambda t: t["sections"].pop("card_game_end"), r"sections: missing \['card_game_end'\]"),
        (
            lambda t: t["texts"].update(order_shades="ohne Farbe"),
            r"texts\['order_shades'\]: needs the fields",
        ),
        (lambda t: t["texts"].pop("order_shades"), r"texts: missing \['order_shades'\]"),
        (lambda t: t.update(option_notes={"tools": "..."}), r"option_notes: .*\['tools'\]"),
        (
            lambda t: t.update(illustrations={"tools": {}}),
            r"illustrations: missing \[\], not in the English help \['tools'\]",
        ),
    ],
)
def test_the_card_games_translation_is_checked_against_its_own_english(
    spoil: Any, complaint: str
) -> None:
    assert card_reference.HELP.check_translation(_translation("cards"), "de")
    translation = _translation("cards")
    spoil(translation)
    with pytest.raises(ContentError, match=complaint):
        card_reference.HELP.check_translation(translation, "de")


# -- generic: the route and the help machinery know no game -------------------------------------


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


#: What the help's generic parts may import of the platform (the shared kit of messages and
#: errors): nothing of a game's rules.
KIT = {"sagrada.core.errors", "sagrada.core.messages"}


def test_the_help_route_imports_no_games_module_and_names_no_game() -> None:
    path = Path(web_help.__file__)
    games = [m for m in _imports(path) if m.startswith(("sagrada.games", "sagrada.core"))]
    assert set(games) <= KIT, games
    names = {entry.name for entry in entries()}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant):
            assert node.value not in names, f"line {node.lineno} names {node.value!r}"


def test_the_help_machinery_is_standard_library_only() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for name in _imports(Path(rules_help.__file__)):
        assert name in KIT or name.split(".")[0] in allowed, name
