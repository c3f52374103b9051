"""Translations (issue 15): every language's catalogue says every English message.

English is the source (``src/sagrada/locale/en/LC_MESSAGES/sagrada.po``); another language is
one more catalogue beside it. For each of them:

* it has exactly the English ids, none empty, none fuzzy (``pybabel compile`` leaves a fuzzy
  entry out, and the engine would then show the id);
* each text uses exactly the ``{parameters}`` of the English text (a lost or renamed field
  would raise a ``KeyError`` or show a raw value), and an entry has plural forms, as many as
  the language's Plural-Forms header says, exactly where the English entry has them;
* its compiled ``.mo`` is the compilation of its ``.po``.

German takes its words from the German rulebook (Pegasus, ``000_59c065326239388f.txt``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sagrada.core.messages import DOMAIN, LOCALE_DIR, msg, render
from sagrada.i18n import catalogue_json, languages, read_catalogue
from test_messages import ENGLISH, catalogue_texts, fields_of
from web_helpers import new_client

#: Every language with a catalogue source, compiled or not.
SOURCES = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
#: The languages translated from English.
TRANSLATIONS = [language for language in SOURCES if language != "en"]


def test_german_has_a_catalogue() -> None:
    assert "de" in TRANSLATIONS


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_has_exactly_the_english_ids(language: str) -> None:
    texts = catalogue_texts(language, "po")
    missing = sorted(set(ENGLISH) - set(texts))
    extra = sorted(set(texts) - set(ENGLISH))
    assert not missing, f"{language}: no translation of {missing}"
    assert not extra, f"{language}: ids the English catalogue no longer has: {extra}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_no_translation_is_empty_or_fuzzy(language: str) -> None:
    problems = []
    for message in read_catalogue(language, "po"):
        if not message.id:
            continue  # the header
        message_id = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple | list) else [message.string]
        if not all(forms):
            problems.append(f"{message_id}: an empty text")
        if message.fuzzy:
            problems.append(f"{message_id}: marked fuzzy (not compiled)")
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_keeps_every_placeholder_of_the_english_text(language: str) -> None:
    problems = []
    for message_id, forms in catalogue_texts(language, "po").items():
        if message_id not in ENGLISH:
            continue  # the test of the ids says so
        english = set().union(*(fields_of(form) for form in ENGLISH[message_id]))
        for form in forms:
            if fields_of(form) != english:
                problems.append(f"{message_id}: {form!r} has not the fields {sorted(english)}")
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_has_plural_forms_where_english_has_them(language: str) -> None:
    catalogue = read_catalogue(language, "po")
    assert catalogue.locale is not None and str(catalogue.locale) == language, (
        f"{language}: the header's Language says {catalogue.locale}"
    )
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        plural = isinstance(message.id, tuple | list)
        message_id = message.id[0] if plural else message.id
        if message_id not in ENGLISH:
            continue
        if plural != (len(ENGLISH[message_id]) > 1):
            problems.append(f"{message_id}: plural forms here and not in English, or back")
        elif plural and len(message.string) != catalogue.num_plurals:
            problems.append(
                f"{message_id}: {len(message.string)} forms, not {catalogue.num_plurals}"
            )
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", SOURCES)
def test_every_catalogue_is_compiled_from_its_current_source(language: str) -> None:
    # `make catalogue` (pybabel compile) writes the .mo files the engine reads.
    assert language in languages(), f"{language}: no compiled catalogue, run `make catalogue`"
    assert catalogue_texts(language, "mo") == catalogue_texts(language, "po"), (
        f"{language}: the compiled catalogue is stale, run `make catalogue`"
    )


# -- German, in the German rulebook's words (000_59c065326239388f.txt) -------------------------


def test_german_says_favor_tokens_draft_pool_and_round_track_as_the_rulebook_does() -> None:
    # "Um 1 Werkzeugkarte zu nutzen, musst du Gunststeine bezahlen" (Werkzeugkarten und
    # Gunststeine); tool 1 is Grozing Pliers (CARDS.md §1), in German our Kröselzange (the
    # cards' words: tests/test_card_words.py).
    assert render(msg("refuse.cost", tool=1, n=1, favor=0), "de") == (
        "Kröselzange kostet 1 Gunststein und du hast 0"
    )
    assert render(msg("refuse.cost", tool=1, n=2, favor=1), "de") == (
        "Kröselzange kostet 2 Gunststeine und du hast 1"
    )
    # "Nimm 1 Würfel aus dem Fundus" (Spielablauf); "Rundenanzeiger" (Rundenende).
    assert render(msg("tool.pool_empty"), "de") == "der Fundus ist leer"
    assert (
        render(msg("tool.track_empty"), "de") == "auf dem Rundenanzeiger liegen noch keine Würfel"
    )
    # The colours of the box: gelb, rot, violett, blau und grün; a colour is named as a noun.
    refusal = msg("refuse.tool", tool=1, reason=msg("place.colour", cell="B4", colour="P"))
    assert render(refusal, "de") == "Kröselzange: B4 verlangt einen Würfel der Farbe Violett"
    # Freie Felder cost points (Spielende); plural by n.
    assert render(msg("formula.open", n=1, penalty=3), "de") == "1 freies Feld × -3 PP"
    assert render(msg("formula.open", n=2, penalty=1), "de") == "2 freie Felder × -1 PP"


def test_the_card_games_german_messages_speak_of_cards_not_dice() -> None:
    # The solo card game (002_a2583da13b6224b7.txt) is played with glass cards, not dice.
    german = catalogue_texts("de", "po")
    dice = {
        message_id: form
        for message_id, forms in german.items()
        if message_id.startswith("cards.")
        for form in forms
        if "Würfel" in form
    }
    assert not dice


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def test_the_page_gets_the_german_catalogue(client: TestClient) -> None:
    answer = client.get("/api/messages", params={"language": "de"})
    assert answer.status_code == 200
    data = answer.json()
    assert data == catalogue_json("de")
    assert data["language"] == "de"
    assert data["plural"] == "(n != 1)"  # Plural-Forms of German: one, other
    assert set(data["messages"]) == set(ENGLISH)
    assert data["messages"]["formula.favor"] == ["{n} Gunststein × 1 PP", "{n} Gunststeine × 1 PP"]
