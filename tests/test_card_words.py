"""The cards' words in every language (issue 28, "German complete"; docs/translations.md).

A card's name and text are content (``sagrada/content/*.json``, English) and messages of the
catalogues, keyed by card (``card.tool.1.name``, ``card.public.<id>.text``,
``card.private.<id>.name``, ``card.apprentice.<n>.name``, ``cards.tool.<n>.text``,
``cards.order.<id>.name``); a masterwork symbol's name is ``masterwork.symbol.<symbol>``.

* the English catalogue says each card's words exactly as the content does (one fact, one
  source: the content; the catalogue's English is checked against it, never edited apart);
* every other language translates every one of them: a text left in English fails, except
  the proper names listed here;
* a few German names and texts are pinned against the German rulebook
  (000_59c065326239388f.txt), which prints the names of the cards of its scoring example;
* the server, the rules help, the views and the command line say them in the language asked
  for, and a content file's own words (a printed card in place of a house card) are shown as
  the file gives them, in every language, since no catalogue translates them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers import BLANK, card_words, write_json
from sagrada.cli import main as cli_main
from sagrada.core.content import catalog
from sagrada.core.content_files import install_content_file, uninstall_all
from sagrada.core.dice import SYMBOLS
from sagrada.core.messages import content_json, content_message, content_text, msg, render
from sagrada.core.position import make_window
from sagrada.core.scoring import score_public
from sagrada.games.cards.state import new_card_game
from sagrada.games.cards.views import make_card_view
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.games.dice.screen import table_screen
from test_messages import ENGLISH, catalogue_texts
from test_translations import TRANSLATIONS
from web_helpers import create_game, new_client, summary

#: The ids of the cards' words in the catalogues (``cards.tool.move``, a step of the card
#: game's tools, is none: a card's words are ``cards.tool.<number>.<field>``).
CARD_ID = re.compile(
    r"card\.(tool|public|private|apprentice)\.\w+\.(name|text|restriction)"
    r"|cards\.(tool|order)\.\w+\.(name|text)"
    r"|masterwork\.symbol\.\w+"
)
#: The words a language may say as English does, each a proper name or a word the two
#: languages share: German "Tunnel" (the 5 & 6 expansion's private objective).
SAME_AS_ENGLISH = {"de": {"card.private.tunnel.name"}}


def card_entries(texts: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """The entries of a catalogue that are the cards' words."""
    return {key: forms[0] for key, forms in texts.items() if CARD_ID.fullmatch(key)}


# -- the English catalogue is the content ----------------------------------------------------


def test_the_english_catalogue_says_every_cards_words_as_the_content_does() -> None:
    content = card_words()
    english = card_entries(ENGLISH)
    symbols = {f"masterwork.symbol.{symbol}": symbol for symbol in SYMBOLS}
    assert set(english) == set(content) | set(symbols)
    different = {key: (english[key], text) for key, text in content.items() if english[key] != text}
    assert not different, f"the catalogue differs from the content: {different}"
    assert {key: english[key] for key in symbols} == symbols


def test_every_card_of_every_pack_has_its_words() -> None:
    # 16 tools with a name and a text, 15 of them a restriction (Lens Cutter has none); 16
    # public objectives with a name and a text; 11 private objectives with a name; 22
    # apprentice cards; the card game's 9 tools and 5 shades orders.
    keys = set(card_words())
    assert sum(k.startswith("card.tool.") for k in keys) == 16 * 2 + 15
    assert sum(k.startswith("card.public.") for k in keys) == 16 * 2
    assert sum(k.startswith("card.private.") for k in keys) == 11
    assert sum(k.startswith("card.apprentice.") for k in keys) == 22 * 2
    assert sum(k.startswith("cards.tool.") for k in keys) == 9 * 2
    assert sum(k.startswith("cards.order.") for k in keys) == 5


# -- every language translates them ------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_no_card_text_of_a_translation_is_left_in_english(language: str) -> None:
    english = card_entries(ENGLISH)
    translated = card_entries(catalogue_texts(language, "po"))
    same = {key for key, text in translated.items() if text == english.get(key)}
    allowed = SAME_AS_ENGLISH.get(language, set())
    assert same - allowed == set(), f"{language}: still English: {sorted(same - allowed)}"
    # The list of exceptions holds only words that are the same (none left over).
    assert allowed <= same


def test_the_german_names_the_rulebook_prints_are_its_own() -> None:
    # Beispiel einer Wertung: "Farbvielfalt in einer Spalte", "Helle Schattierungen",
    # "Farbvielfalt" (Öffentliche Auftragskarten) and "Geheime Auftragskarte: Violettöne".
    names = {
        "column_color_variety": "Farbvielfalt in einer Spalte",
        "set_values_1_2": "Helle Schattierungen",
        "set_all_colors": "Farbvielfalt",
    }
    for objective, name in names.items():
        card = catalog().public(objective)
        assert content_text(f"{card.key}.name", card.name, "de") == name
    purple = catalog().private("shades_of_purple")
    assert content_text(f"{purple.key}.name", purple.name, "de") == "Violettöne"


def test_the_german_texts_speak_the_rulebooks_words() -> None:
    german = catalogue_texts("de", "po")

    def text(key: str) -> str:
        return german[key][0]

    # "Nimm 1 Würfel aus dem Fundus" (Spielablauf); the Round Track is the Rundenanzeiger
    # (Rundenende), whose dice "stehen für die Werkzeugkarten 5 und 12 zur Verfügung".
    assert text("card.tool.1.name") == "Kröselzange"
    assert text("card.tool.1.text") == (
        "Nach dem Nehmen: Erhöhe oder verringere die Augenzahl des genommenen Würfels um 1."
    )
    assert "Rundenanzeiger" in text("card.tool.5.text")
    assert "Rundenanzeiger" in text("card.tool.12.text")
    assert text("card.tool.7.text") == "Würfle alle Würfel im Fundus neu."
    # "Erlaubt dir die Karte das Versetzen von 1 oder mehreren Würfeln" (Werkzeugkarten).
    assert text("card.tool.4.text") == "Versetze genau 2 Würfel in deinem Fenster."
    # "Farb- und Schattierungsvorgaben der Musterkarten" (Spielziel).
    assert "Farbvorgaben" in text("card.tool.2.text")
    assert "Schattierungsvorgaben" in text("card.tool.3.text")
    # Rows are Reihen, as "Unvollständige Reihen oder Spalten" (Spielende); VP are PP.
    assert text("card.public.row_color_variety.name") == "Farbvielfalt in einer Reihe"
    assert text("card.public.perfect_pairs.text").startswith("3 PP für jedes Set")
    # Gunststeine (Spielmaterial), the Life modules as the German catalogue names them.
    assert text("card.apprentice.13.text") == "Erhalte 2 Gunststeine."
    assert text("card.public.orange_adjacency.name") == "Orange Nachbarschaft"
    # The card game's cards are cards (Karten), its turn bar the Rundenleiste.
    assert (
        text("cards.tool.5.text")
        == "Tausche eine gezogene Karte gegen eine Karte der Rundenleiste."
    )
    assert text("cards.order.shades_of_black.name") == "Schwarztöne"
    assert text("masterwork.symbol.corner") == "Ecke"


def test_a_card_name_in_a_message_is_said_in_the_language_of_the_message() -> None:
    refusal = msg("refuse.tool", tool=12, reason=msg("tool.track_empty"))
    assert render(refusal, "de") == "Klopfrad: auf dem Rundenanzeiger liegen noch keine Würfel"
    assert render(refusal) == "Tap Wheel: the Round Track has no dice yet"


# -- where they are said ---------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def test_the_cards_answer_speaks_the_language_asked_for(client: TestClient) -> None:
    english = client.get("/api/cards").json()
    german = client.get("/api/cards", params={"language": "de"}).json()
    grozing = german["tools"][0]
    assert (grozing["number"], grozing["name"]) == (1, "Kröselzange")
    assert grozing["restriction"] == "Aus einer 1 wird keine 6 und aus einer 6 keine 1."
    # Each translated word comes with its message, for a page to say in its own language.
    assert grozing["name_message"] == {"id": "card.tool.1.name", "params": {}}
    assert english["tools"][0]["name"] == "Grozing Pliers"
    assert english["tools"][0]["name_message"] == grozing["name_message"]
    purple = next(o for o in german["private_objectives"] if o["id"] == "shades_of_purple")
    assert purple["name"] == "Violettöne"
    patron = next(c for c in german["apprentice_cards"] if c["number"] == 13)
    assert (patron["name"], patron["text"]) == ("Gönner", "Erhalte 2 Gunststeine.")
    cards = client.get("/api/cards", params={"game": "cards", "language": "de"}).json()
    assert [t["name"] for t in cards["tools"]][:2] == ["Églomisé-Pinsel", "Kupferfolien-Glätter"]
    black = next(o for o in cards["orders"] if o["id"] == "shades_of_black")
    assert black["name"] == "Schwarztöne"
    assert client.get("/api/cards", params={"language": "xx"}).status_code == 404


def test_the_german_rules_help_names_the_cards_in_german(client: TestClient) -> None:
    help = client.get("/api/rules", params={"language": "de"}).json()
    dice = next(part for part in help["games"] if part["name"] == "sagrada")
    publics = {o["id"]: o for o in dice["cards"]["public_objectives"]}
    assert publics["set_values_1_2"]["name"] == "Helle Schattierungen"
    assert publics["set_values_1_2"]["text"] == "Sets aus einer 1 und einer 2, überall im Fenster"
    cards = next(part for part in help["games"] if part["name"] == "cards")
    diagonals = next(o for o in cards["orders"] if o["id"] == "color_diagonals")
    assert diagonals["name"] == "Farbdiagonalen"


def test_views_carry_each_cards_words_with_their_messages() -> None:
    state = new_game(GameConfig(players=2, tools=(1, 5, 12)), seed=4)
    data = make_view(state, 0).to_json()
    lens = next(t for t in data["tools"] if t["number"] == 5)
    assert lens["name"] == "Lens Cutter"
    assert lens["name_message"] == {"id": "card.tool.5.name", "params": {}}
    assert "restriction_message" not in lens  # it has none to say
    for objective in data["public_objectives"]:
        assert objective["name_message"]["id"] == f"card.public.{objective['id']}.name"
    mine = data["players"][0]
    assert [m["id"] for m in mine["private_objective_messages"]] == [
        f"card.private.{catalog().private(name).id}.name" for name in mine["private_objectives"]
    ]
    cards = make_card_view(new_card_game(seed=2)).to_json()
    assert all(t["text_message"]["id"] == f"cards.tool.{t['number']}.text" for t in cards["tools"])
    # The terminal shows them in its language.
    from rich.console import Console

    console = Console(width=80, record=True, no_color=True)
    console.print(table_screen(data, "de"))
    screen = console.export_text()
    assert "Kreisschneider" in screen and "Klopfrad" in screen and "Lens Cutter" not in screen


def test_a_score_part_of_a_card_is_named_in_the_language_asked_for() -> None:
    light = score_public(make_window(BLANK, "A1=R1 A2=G2"), catalog().public("set_values_1_2"))
    assert (light.name, light.points) == ("Light Shades", 2)
    assert light.name_message is not None
    assert render(light.name_message, "de") == "Helle Schattierungen"


def test_the_german_scoring_example_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Beispiel einer Wertung (000_59c065326239388f.txt): Farbvielfalt in einer Spalte 10,
    # Helle Schattierungen 4, Farbvielfalt 12, Violettöne 17, Gunststeine 0, freie Felder -3:
    # 40 Prestigepunkte. The window is the English rulebook's same example (test_cli_score).
    from test_cli_score import RULEBOOK_INPUT, table_rows

    path = write_json(tmp_path, RULEBOOK_INPUT)
    assert cli_main.main(["score", path, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["Wertung", "Punkte", "Anzahl", "Rechnung"]
    rows = table_rows(out)
    assert rows == {
        "Farbvielfalt in einer Spalte": ["10", "2", "2 Spalten × 5 PP"],
        "Helle Schattierungen": ["4", "2", "2 Sets × 2 PP"],
        "Farbvielfalt": ["12", "3", "3 Sets × 4 PP"],
        "Violettöne": ["17", "3", "6 + 5 + 6"],
        "Gunststeine": ["0", "0", "0 Gunststeine × 1 PP"],
        "Freie Felder": ["-3", "3", "3 freie Felder × -1 PP"],
        "Insgesamt": ["40"],
    }
    # JSON is the same in every language: the content's names.
    assert cli_main.main(["score", path, "--lang", "de", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["parts"][0]["name"] == "Column Color Variety"


def test_the_card_games_score_table_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_cli_score import CARD_INPUT

    path = write_json(tmp_path, CARD_INPUT)
    assert cli_main.main(["score", "--game", "cards", path, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Schwarztöne" in out and "Shades of Black" not in out
    assert out.rstrip().splitlines()[-1].split() == ["Zielpunktzahl", "35", "(verloren)"]


def test_score_refuses_a_language_without_a_catalogue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_cli_score import RULEBOOK_INPUT

    code = cli_main.main(["score", write_json(tmp_path, RULEBOOK_INPUT), "--lang", "xx"])
    assert code == 2
    assert "--lang xx: no such language" in capsys.readouterr().err


# -- a content file's own words ----------------------------------------------------------------


@pytest.fixture
def printed_card(tmp_path: Path) -> Iterator[None]:
    """A content file giving Perfect Pairs printed words of its own (made up here)."""
    uninstall_all()
    card = {
        "id": "perfect_pairs",
        "name": "Twin Panes",
        "text": "2 VP per pair.",
        "vp": 2,
        "rule": "perfect_pairs",
    }
    data: dict[str, Any] = {"format": 1, "pack": "my-box", "public_objectives": [card]}
    install_content_file(write_json(tmp_path, data, "box.json"))
    yield
    uninstall_all()


@pytest.mark.usefixtures("printed_card")
def test_a_content_files_own_words_are_shown_as_it_gives_them_in_every_language() -> None:
    card = catalog().public("perfect_pairs")
    assert card.name == "Twin Panes"
    # No catalogue translates them: no message, the file's words in German too.
    assert content_message(f"{card.key}.name", card.name) is None
    assert content_json(card.key, card.words(), "de") == {
        "name": "Twin Panes",
        "text": "2 VP per pair.",
    }
    # A shipped card beside it is translated as before.
    light = catalog().public("set_values_1_2")
    assert content_text(f"{light.key}.name", light.name, "de") == "Helle Schattierungen"


# -- the seats' default names ------------------------------------------------------------------


def test_default_seat_names_follow_the_browsers_language(client: TestClient) -> None:
    answer = client.post(
        "/api/games",
        json={"players": 2, "bots": [None, "easy"]},
        headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"},
    )
    assert answer.status_code == 201, answer.text
    names = [seat["name"] for seat in summary(client, answer.json()["id"])["seats"]]
    assert names == ["Spieler 1", "Spieler 2 (Bot easy)"]


def test_default_seat_names_follow_the_language_asked_for(client: TestClient) -> None:
    # The field wins over the browser's languages (a page's chosen language).
    created = create_game(client, players=2, language="de", redeem=False)
    assert [s["name"] for s in summary(client, created["id"])["seats"]] == [
        "Spieler 1",
        "Spieler 2",
    ]
    english = client.post(
        "/api/games",
        json={"players": 2, "language": "en"},
        headers={"Accept-Language": "de"},
    )
    assert summary(client, english.json()["id"])["seats"][0]["name"] == "Player 1"
    refused = client.post("/api/games", json={"players": 2, "language": "xx"})
    assert refused.status_code == 422 and "language" in refused.text
