"""The rules help the pages open from anywhere (``GET /api/rules``, docs/web-api.md).

The answer gathers, for one panel, what is declared elsewhere once:

========================  ===============================================================
``house_label``           how a house card is labelled (the catalogue's ``page.help.house``)
``sections``              the rules in short, per rulebook (``content/rules_help.json``):
                          ``id``, ``group``, ``title``, ``text`` (paragraphs), ``source``
                          (the rulebook's file and section), ``game`` (``cards`` for the
                          solo card game's; else the dice game's)
``options``               the dice game's option schema (as ``GET /api/options``), each with
                          an optional ``note`` naming the rulebooks an edition option rests on
``card_options``          the card game's option schema (as ``GET /api/options?game=cards``)
``cards``                 ``GET /api/cards`` with each card's ``text`` (tools also their
                          ``restriction``) and, where the help file has one, an
                          ``illustration``
``card_game``             the solo card game's tools and orders (served nowhere else)
========================  ===============================================================

An illustration is ``{"parts": [...], "note"}``; a part is a window (``window``: four rows of
five tokens, with ``arrows`` from cell to cell and ``marks``), a row of dice (``dice``, with a
``label``), an arrow (``arrow``: its words) or ``text``. A token is ``.`` (an open space), a die
(``R3``; ``R?`` for a value not known yet), a lower-case colour letter (a space needing that
colour) or a digit (a space needing that value). A public objective's example gives dice only:
the engine scores it, and its marks and note are the cells and points it earns.

The help speaks the languages it has prose for (``?language=``, else the browser's
``Accept-Language`` as ``GET /api/messages`` chooses, else English). ``rules_help.json`` is the
English help and holds everything else (the pictures, the rulebooks cited); a translation,
``rules_help.<language>.json``, holds only words, keyed like the English: each section's
``group``, ``title`` and ``text`` by the section's id, the ``texts``, the ``option_notes``, and
each pictured tool's ``note`` and ``words`` (its parts' labels, arrows and texts, in order).
It is checked against the English when read (:func:`check_translation`): a section, a
paragraph, a note, a picture's word or a text's ``{field}`` missing (or left over) is refused,
so a translation cannot silently lack a part. Card names and texts are the printed cards'
English in every language.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Final

from fastapi import APIRouter, Request

from sagrada.core.cells import CELL_NAMES
from sagrada.core.content import PublicObjective, catalog
from sagrada.core.errors import ContentError
from sagrada.core.messages import DEFAULT_LANGUAGE, render, template
from sagrada.core.position import make_window
from sagrada.core.scoring import score_public
from sagrada.games.cards.cards import CARD_COLOURS
from sagrada.games.cards.content import content as card_content
from sagrada.i18n import negotiate
from sagrada.registry import game as game_entry
from sagrada.web.openapi import errors
from sagrada.web.reference import cards as listed_cards
from sagrada.web.session import GameError

#: The help's data file, in ``sagrada.content`` (English; a translation is
#: ``rules_help.<language>.json``).
RULES_FILE: Final = "rules_help.json"
#: A translation's file name: its language.
TRANSLATION_FILE: Final = re.compile(r"^rules_help\.([a-z]{2,3})\.json$")
#: A ``{field}`` of a text.
FIELD: Final = re.compile(r"\{(\w+)\}")
#: One token of an illustration's window row (see the module docstring).
TOKEN: Final = re.compile(r"^(\.|[RYGBPK][1-6?]|[rygbpk]|[1-6])$")
#: The colour letter of the card game's black cards (where the dice have purple).
BLACK: Final = CARD_COLOURS[4]

router = APIRouter()


def _fail(where: str, problem: str, file: str = RULES_FILE) -> ContentError:
    return ContentError(f"{file}: {where}: {problem}")


def _check_window(part: dict[str, Any], where: str) -> None:
    rows = part.get("window")
    if not isinstance(rows, list) or len(rows) != 4:
        raise _fail(where, "a window is a list of 4 rows")
    for row in rows:
        tokens = row.split() if isinstance(row, str) else []
        if len(tokens) != 5 or not all(TOKEN.match(token) for token in tokens):
            raise _fail(where, f"a window row is 5 tokens like 'R3 . g 4 .', got {row!r}")
    cells = [*part.get("marks", []), *(c for arrow in part.get("arrows", []) for c in arrow)]
    for cell in cells:
        if cell not in CELL_NAMES:
            raise _fail(where, f"{cell!r} is not a cell (A1-D5)")


def _check_illustration(entry: Any, where: str) -> None:
    if not isinstance(entry, dict) or not isinstance(entry.get("parts"), list):
        raise _fail(where, "an illustration is an object with a list of parts")
    for part in entry["parts"]:
        if "window" in part:
            _check_window(part, where)
        elif "dice" in part:
            if not all(isinstance(d, str) and d.isupper() and TOKEN.match(d) for d in part["dice"]):
                raise _fail(where, f"dice are written like 'R3' or 'R?', got {part['dice']!r}")
        elif not isinstance(part.get("arrow", part.get("text")), str):
            raise _fail(where, f"a part is a window, dice, an arrow or text, got {part!r}")


def _read(name: str) -> dict[str, Any]:
    data = json.loads(resources.files("sagrada.content").joinpath(name).read_text("utf-8"))
    assert isinstance(data, dict), name
    return data


@cache
def help_languages() -> tuple[str, ...]:
    """The languages the help has prose for: English and each translation's."""
    found = (TRANSLATION_FILE.match(p.name) for p in resources.files("sagrada.content").iterdir())
    return (DEFAULT_LANGUAGE, *sorted(match.group(1) for match in found if match))


@cache
def help_data(language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The help in ``language``, read once and checked (:func:`check_help`; a translation
    also :func:`check_translation`): for a translation, the English help with its words.

    Raises:
        ContentError: naming the entry at fault.
        FileNotFoundError: if the help has no prose in ``language``.
    """
    english = check_help(_read(RULES_FILE))
    if language == DEFAULT_LANGUAGE:
        return english
    return check_translation(english, _read(f"rules_help.{language}.json"), language)


def check_help(data: dict[str, Any]) -> dict[str, Any]:
    """Return the help file's data once checked: sections, option notes and pictures.

    Raises:
        ContentError: naming the entry at fault.
    """
    if data.get("language") != DEFAULT_LANGUAGE:
        raise _fail("language", f"the help file is the {DEFAULT_LANGUAGE!r} one")
    for index, section in enumerate(data["sections"]):
        text_ok = isinstance(section.get("text"), list) and all(
            isinstance(p, str) and p for p in section["text"]
        )
        if not (isinstance(section.get("title"), str) and section["title"] and text_ok):
            raise _fail(f"sections[{index}]", "a section has a title and a list of paragraphs")
    names = {spec.name for spec in game_entry("sagrada").options()}
    for name in data["option_notes"]:
        if name not in names:
            raise _fail("option_notes", f"no option {name!r}")
    for number, entry in data["illustrations"]["tools"].items():
        _check_illustration(entry, f"illustrations.tools[{number!r}]")
    for key, entry in data["illustrations"]["public_objectives"].items():
        _check_window(entry, f"illustrations.public_objectives[{key!r}]")
    return data


#: The parts a translation may have.
TRANSLATION_KEYS: Final = frozenset(
    {"format", "language", "note", "sections", "texts", "option_notes", "illustrations"}
)
#: The keys of a picture's part that hold words, in the order a translation lists them.
WORD_KEYS: Final = ("label", "arrow", "text")


def _picture_words(picture: dict[str, Any]) -> list[str]:
    """The words of a picture's parts, in order (the labels, arrows and texts)."""
    return [part[key] for part in picture["parts"] for key in WORD_KEYS if key in part]


def _words_ok(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def check_translation(
    english: dict[str, Any], translation: dict[str, Any], language: str
) -> dict[str, Any]:
    """Return the English help with a translation's words, once the translation is checked
    against it: every section with its group, title and as many paragraphs as the English,
    every text with the same ``{fields}``, every option note, and every pictured tool's note
    and words (as many as the English picture has).

    Raises:
        ContentError: naming the part that is missing, left over or malformed.
    """
    file = f"rules_help.{language}.json"

    def fail(where: str, problem: str) -> ContentError:
        return _fail(where, problem, file)

    def keyed_like(expected: dict[str, Any] | list[str], found: Any, where: str) -> dict[str, Any]:
        """``found``, an object with the keys of ``expected`` and no others."""
        if not isinstance(found, dict):
            raise fail(where, "an object keyed like the English help")
        missing = [key for key in expected if key not in found]
        extra = [key for key in found if key not in expected]
        if missing or extra:
            raise fail(where, f"missing {missing}, not in the English help {extra}")
        return found

    if translation.get("language") != language:
        raise fail("language", f"must be {language!r}")
    unknown = sorted(set(translation) - TRANSLATION_KEYS)
    if unknown:
        raise fail("the file", f"unknown parts {unknown}")
    ids = [section["id"] for section in english["sections"]]
    words = keyed_like(ids, translation.get("sections"), "sections")
    groups: dict[str, str] = {}
    sections = []
    for section in english["sections"]:
        where = f"sections[{section['id']!r}]"
        entry = words[section["id"]]
        if not (isinstance(entry, dict) and _words_ok(entry.get("group"))):
            raise fail(where, "a section has a group")
        if not _words_ok(entry.get("title")):
            raise fail(where, "a section has a title")
        text = entry.get("text")
        if not (isinstance(text, list) and all(_words_ok(p) for p in text)):
            raise fail(where, "a section's text is a list of paragraphs")
        if len(text) != len(section["text"]):
            english_count = len(section["text"])
            raise fail(where, f"{len(text)} paragraphs where the English has {english_count}")
        group = groups.setdefault(section["group"], entry["group"])
        if group != entry["group"]:
            raise fail(where, f"group {entry['group']!r}, elsewhere {group!r}")
        sections.append({**section, "group": group, "title": entry["title"], "text": text})
    if len(set(groups.values())) != len(groups):
        raise fail("sections", "two groups of the English help have one name")
    texts = keyed_like(english["texts"], translation.get("texts"), "texts")
    for key, text in english["texts"].items():
        if not _words_ok(texts[key]) or set(FIELD.findall(texts[key])) != set(FIELD.findall(text)):
            raise fail(f"texts[{key!r}]", f"needs the fields of {text!r}")
    notes = keyed_like(english["option_notes"], translation.get("option_notes"), "option_notes")
    for key, note in notes.items():
        if not _words_ok(note):
            raise fail(f"option_notes[{key!r}]", "a note is words")
    pictures = keyed_like(["tools"], translation.get("illustrations"), "illustrations")
    english_tools = english["illustrations"]["tools"]
    tool_words = keyed_like(english_tools, pictures["tools"], "illustrations.tools")
    tools = {}
    for number, picture in english_tools.items():
        where = f"illustrations.tools[{number!r}]"
        entry = tool_words[number]
        own = _picture_words(picture)
        said = entry.get("words") if isinstance(entry, dict) else None
        if not (isinstance(said, list) and all(_words_ok(w) for w in said)):
            raise fail(where, "words: a list of the picture's words")
        if len(said) != len(own):
            raise fail(where, f"words: {len(said)} words, the English picture has {own}")
        if ("note" in picture) != _words_ok(entry.get("note")):
            raise fail(where, "a note where the English picture has one, and only there")
        queue = iter(said)
        parts = [
            {key: next(queue) if key in WORD_KEYS else value for key, value in part.items()}
            for part in picture["parts"]
        ]
        tools[number] = {**picture, "parts": parts}
        if "note" in picture:
            tools[number]["note"] = entry["note"]
    return {
        **english,
        "language": language,
        "sections": sections,
        "texts": texts,
        "option_notes": notes,
        "illustrations": {**english["illustrations"], "tools": tools},
    }


def objective_example(
    rows: list[str], objective: PublicObjective, language: str = DEFAULT_LANGUAGE
) -> dict[str, Any] | None:
    """An objective's example window, scored by the engine: the cells that earn points are
    marked, and the note (in ``language``) says how many; ``None`` if the example earns nothing
    (a content file may have given the card another rule), as it would then show nothing."""
    tokens = [token for row in rows for token in row.split()]
    pattern = " ".join(
        "".join(t.upper() if t.islower() or t.isdigit() else "." for t in row.split())
        for row in rows
    )
    dice = " ".join(f"{CELL_NAMES[c]}={t}" for c, t in enumerate(tokens) if t[0].isupper())
    part = score_public(make_window(pattern, dice), objective)
    if part.points <= 0:
        return None
    return {
        "parts": [{"window": rows, "marks": list(part.cells)}],
        "note": help_data(language)["texts"]["objective_example"].format(
            points=part.points, formula=render(part.formula, language)
        ),
    }


def _colour_name(letter: str, language: str) -> str:
    black = letter == BLACK
    return template("cards.colour.black" if black else f"colour.{letter}", language=language)


def _marked_spaces(marks: list[str], note: str) -> dict[str, Any]:
    return {"parts": [{"window": [". . . . ."] * 4, "marks": marks}], "note": note}


def card_game_help(texts: dict[str, str], language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The solo card game's tools and orders (house cards); ``texts`` the help's, in
    ``language``."""
    content = card_content()
    orders = []
    for order in content.orders:
        if order.public is not None:
            text = order.public.text
        else:
            assert order.shades is not None and order.shades.colour is not None
            letter = CARD_COLOURS[order.shades.colour]
            text = texts["order_shades"].format(colour=_colour_name(letter, language))
        orders.append(
            {
                "id": order.id,
                "name": order.name,
                "kind": order.kind,
                "vp": order.vp,
                "text": text,
                "house": content.house,
            }
        )
    tools = [
        {"number": t.number, "name": t.name, "pay": t.pay, "text": t.text, "house": content.house}
        for t in content.tools
    ]
    return {"house": content.house, "tools": tools, "orders": orders}


@router.get("/api/rules", responses=errors(404))
async def rules(request: Request, language: str | None = None) -> dict[str, Any]:
    """The rules help: the rules in short, every card with its text (and a picture of what
    it does where the help file has one), and the options explained; in ``language``, else
    the one of the browser's languages (``Accept-Language``) the help has, else English."""
    if language is None:
        language = negotiate(request.headers.get("accept-language", ""), DEFAULT_LANGUAGE)
        if language not in help_languages():
            language = DEFAULT_LANGUAGE
    elif language not in help_languages():
        raise GameError(404, f"no rules help in {language!r}: try one of {list(help_languages())}")
    data = help_data(language)
    texts: dict[str, str] = data["texts"]
    pictures = data["illustrations"]
    content = catalog()
    listed = await listed_cards()
    for tool in listed["tools"]:
        tool_card = content.tool(tool["number"])
        tool["text"] = tool_card.text
        tool["restriction"] = tool_card.restriction
        tool["illustration"] = pictures["tools"].get(str(tool_card.id))
    for objective in listed["public_objectives"]:
        card = content.public(objective["id"])
        objective["text"] = card.text
        example = pictures["public_objectives"].get(card.id)
        objective["illustration"] = (
            None if example is None else objective_example(example["window"], card, language)
        )
    for private in listed["private_objectives"]:
        if private["colour"] is not None:
            colour = _colour_name(private["colour"], language)
            private["text"] = texts["private_colour"].format(colour=colour)
            private["illustration"] = None
        else:
            private["text"] = texts["private_spaces"].format(n=len(private["spaces"]))
            private["illustration"] = _marked_spaces(private["spaces"], texts["marked_spaces"])
    notes: dict[str, str] = data["option_notes"]
    return {
        "house_label": template("page.help.house", language=language),
        "sections": data["sections"],
        "options": [
            {**spec.to_json(), "note": notes.get(spec.name)}
            for spec in game_entry("sagrada").options()
        ],
        "card_options": [spec.to_json() for spec in game_entry("cards").options()],
        "cards": listed,
        "card_game": card_game_help(texts, language),
    }
