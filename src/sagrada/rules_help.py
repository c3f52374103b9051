"""A game's rules help: its help file, read from the game's package, checked, and translated.

Each game keeps its part of the pages' rules help (``GET /api/rules``, docs/web-api.md) in its
own package, in the folder ``help/``: ``rules_help.json`` is the English help, and a
translation is ``rules_help.<language>.json`` beside it. A game's reference
(:meth:`sagrada.entry.GameReference.help`) reads it through a :class:`RulesHelp` and adds what
it makes of its own cards; this module knows no game.

The English file holds:

================  =================================================================
``format``        1
``language``      ``"en"``
``note``          what the file is, for the people who edit it
``sections``      the rules in short: a list of ``{"id", "group", "title", "text"
                  (paragraphs), "source"}`` (``source``: the rulebook's file and
                  section)
``texts``         words the game's help makes texts of, with ``{fields}`` (optional)
``option_notes``  a note per option of the game, by the option's name (optional)
``illustrations`` groups of pictures by key (optional): each group holds either
                  pictures, ``{"parts": [...], "note"}``, or windows with no words
================  =================================================================

A picture's part is a window (``window``: four rows of five tokens, with ``arrows`` from cell
to cell and ``marks``), a row of dice (``dice``, with a ``label``), an arrow (``arrow``: its
words) or ``text``. A token is ``.`` (an open space), a die (``R3``; ``R?`` for a value not
known yet; the game's colour letters), a lower-case colour letter (a space needing that colour)
or a digit (a space needing that value). Cells are named ``A1``-``D5``.

A translation holds only words, keyed like the English: each section's ``group``, ``title`` and
``text`` by the section's id, the ``texts``, the ``option_notes``, and for every group of
pictures each picture's ``note`` and ``words`` (its parts' labels, arrows and texts, in order).
It is checked against the English when read (:func:`check_translation`): a section, a
paragraph, a note, a picture's word or a text's ``{field}`` missing (or left over) is refused,
so a translation cannot silently lack a part.

Standard library only: the adapters and the games' references use it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final, Protocol

from sagrada.core.errors import ContentError
from sagrada.core.messages import DEFAULT_LANGUAGE, template

#: The folder of a game's package that holds its help files.
FOLDER: Final = "help"
#: The English help's file name.
RULES_FILE: Final = "rules_help.json"
#: A translation's file name: its language.
TRANSLATION_FILE: Final = re.compile(r"^rules_help\.([a-z]{2,3})\.json$")
#: A ``{field}`` of a text.
FIELD: Final = re.compile(r"\{(\w+)\}")
#: The cells of a pictured window, row by row (rows A-D top to bottom, columns 1-5).
CELL_NAMES: Final = tuple(f"{row}{column}" for row in "ABCD" for column in range(1, 6))
#: The parts of an English help file (the last three optional).
ENGLISH_KEYS: Final = frozenset(
    {"format", "language", "note", "sections", "texts", "option_notes", "illustrations"}
)
#: The parts a translation may have.
TRANSLATION_KEYS: Final = ENGLISH_KEYS
#: The keys of a picture's part that hold words, in the order a translation lists them.
WORD_KEYS: Final = ("label", "arrow", "text")


class OptionSpec(Protocol):
    """What the help needs of a game's option: its name and its JSON schema entry."""

    @property
    def name(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


def _fail(file: str, where: str, problem: str) -> ContentError:
    return ContentError(f"{file}: {where}: {problem}")


def _words_ok(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def token_pattern(colours: str) -> re.Pattern[str]:
    """The tokens of a pictured window in a game whose colour letters are ``colours``."""
    upper = re.escape(colours.upper())
    lower = re.escape(colours.lower())
    return re.compile(rf"^(\.|[{upper}][1-6?]|[{lower}]|[1-6])$")


def _check_window(part: Any, where: str, token: re.Pattern[str], file: str) -> None:
    rows = part.get("window") if isinstance(part, dict) else None
    if not isinstance(rows, list) or len(rows) != 4:
        raise _fail(file, where, "a window is a list of 4 rows")
    for row in rows:
        tokens = row.split() if isinstance(row, str) else []
        if len(tokens) != 5 or not all(token.match(t) for t in tokens):
            raise _fail(file, where, f"a window row is 5 tokens like 'R3 . g 4 .', got {row!r}")
    cells = [*part.get("marks", []), *(c for arrow in part.get("arrows", []) for c in arrow)]
    for cell in cells:
        if cell not in CELL_NAMES:
            raise _fail(file, where, f"{cell!r} is not a cell (A1-D5)")


def _check_picture(entry: Any, where: str, token: re.Pattern[str], file: str) -> None:
    if not isinstance(entry, dict) or not isinstance(entry.get("parts"), list):
        raise _fail(file, where, "an illustration is an object with a list of parts")
    for part in entry["parts"]:
        if not isinstance(part, dict):
            raise _fail(file, where, f"a part is a window, dice, an arrow or text, got {part!r}")
        if "window" in part:
            _check_window(part, where, token, file)
        elif "dice" in part:
            dice = part["dice"]
            if not (isinstance(dice, list) and all(_is_die(d, token) for d in dice)):
                raise _fail(file, where, f"dice are written like 'R3' or 'R?', got {dice!r}")
        elif not isinstance(part.get("arrow", part.get("text")), str):
            raise _fail(file, where, f"a part is a window, dice, an arrow or text, got {part!r}")
    if "note" in entry and not _words_ok(entry["note"]):
        raise _fail(file, where, "a picture's note is words")


def _is_die(die: Any, token: re.Pattern[str]) -> bool:
    return isinstance(die, str) and die.isupper() and bool(token.match(die))


def is_picture_group(group: dict[str, Any]) -> bool:
    """Whether a group of illustrations holds pictures (with words), not bare windows."""
    return any(isinstance(entry, dict) and "parts" in entry for entry in group.values())


def check_help(
    data: dict[str, Any],
    options: Iterable[str],
    colours: str,
    file: str = RULES_FILE,
) -> dict[str, Any]:
    """Return an English help file's data once checked: its sections, texts, option notes
    (each naming one of ``options``) and illustrations (windows' tokens in ``colours``), with
    the optional parts present (empty where the file has none).

    Raises:
        ContentError: naming the file and the entry at fault.
    """
    if data.get("language") != DEFAULT_LANGUAGE:
        raise _fail(file, "language", f"the help file is the {DEFAULT_LANGUAGE!r} one")
    unknown = sorted(set(data) - ENGLISH_KEYS)
    if unknown:
        raise _fail(file, "the file", f"unknown parts {unknown}")
    sections = data.get("sections")
    if not isinstance(sections, list):
        raise _fail(file, "sections", "a list of sections")
    ids: set[str] = set()
    for index, section in enumerate(sections):
        where = f"sections[{index}]"
        if not isinstance(section, dict):
            raise _fail(file, where, "a section is an object")
        text = section.get("text")
        text_ok = isinstance(text, list) and bool(text) and all(_words_ok(p) for p in text)
        if not (isinstance(section.get("title"), str) and section["title"] and text_ok):
            raise _fail(file, where, "a section has a title and a list of paragraphs")
        for key in ("id", "group", "source"):
            if not _words_ok(section.get(key)):
                raise _fail(file, where, f"a section has its {key}")
        if section["id"] in ids:
            raise _fail(file, where, f"a second section {section['id']!r}")
        ids.add(section["id"])
    texts = data.get("texts", {})
    if not isinstance(texts, dict) or not all(_words_ok(t) for t in texts.values()):
        raise _fail(file, "texts", "an object of words by key")
    notes = data.get("option_notes", {})
    names = set(options)
    if not isinstance(notes, dict):
        raise _fail(file, "option_notes", "an object of notes by option")
    for name, note in notes.items():
        if name not in names:
            raise _fail(file, "option_notes", f"no option {name!r}")
        if not _words_ok(note):
            raise _fail(file, f"option_notes[{name!r}]", "a note is words")
    illustrations = data.get("illustrations", {})
    if not isinstance(illustrations, dict):
        raise _fail(file, "illustrations", "an object of groups of pictures")
    token = token_pattern(colours)
    for name, group in illustrations.items():
        if not isinstance(group, dict):
            raise _fail(file, f"illustrations.{name}", "a group is an object of pictures by key")
        pictures = is_picture_group(group)
        for key, entry in group.items():
            where = f"illustrations.{name}[{key!r}]"
            if pictures:
                _check_picture(entry, where, token, file)
            elif isinstance(entry, dict) and "window" in entry:
                _check_window(entry, where, token, file)
            else:
                raise _fail(file, where, "a group holds pictures (with parts) or windows, not both")
    return {**data, "texts": texts, "option_notes": notes, "illustrations": illustrations}


def picture_words(picture: dict[str, Any]) -> list[str]:
    """The words of a picture's parts, in order (the labels, arrows and texts)."""
    return [part[key] for part in picture["parts"] for key in WORD_KEYS if key in part]


def check_translation(
    english: dict[str, Any],
    translation: dict[str, Any],
    language: str,
    file: str | None = None,
) -> dict[str, Any]:
    """Return the English help (as :func:`check_help` returns it) with a translation's words,
    once the translation is checked against it: every section with its group, title and as
    many paragraphs as the English, every text with the same ``{fields}``, every option note,
    and every picture's note and words (as many as the English picture has).

    Raises:
        ContentError: naming the part that is missing, left over or malformed.
    """
    file = file or f"rules_help.{language}.json"

    def fail(where: str, problem: str) -> ContentError:
        return _fail(file, where, problem)

    def keyed_like(expected: Iterable[str], found: Any, where: str) -> dict[str, Any]:
        """``found``, an object with the keys of ``expected`` and no others."""
        if not isinstance(found, dict):
            raise fail(where, "an object keyed like the English help")
        wanted = list(expected)
        missing = [key for key in wanted if key not in found]
        extra = [key for key in found if key not in wanted]
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
    texts = keyed_like(english["texts"], translation.get("texts", {}), "texts")
    for key, text in english["texts"].items():
        if not _words_ok(texts[key]) or set(FIELD.findall(texts[key])) != set(FIELD.findall(text)):
            raise fail(f"texts[{key!r}]", f"needs the fields of {text!r}")
    notes = keyed_like(english["option_notes"], translation.get("option_notes", {}), "option_notes")
    for key, note in notes.items():
        if not _words_ok(note):
            raise fail(f"option_notes[{key!r}]", "a note is words")
    english_pictures = {
        name: group for name, group in english["illustrations"].items() if is_picture_group(group)
    }
    said_groups = keyed_like(
        english_pictures, translation.get("illustrations", {}), "illustrations"
    )
    illustrations = dict(english["illustrations"])
    for name, english_group in english_pictures.items():
        group_words = keyed_like(english_group, said_groups[name], f"illustrations.{name}")
        translated = {}
        for key, picture in english_group.items():
            where = f"illustrations.{name}[{key!r}]"
            entry = group_words[key]
            own = picture_words(picture)
            said = entry.get("words") if isinstance(entry, dict) else None
            if not (isinstance(said, list) and all(_words_ok(w) for w in said)):
                raise fail(where, "words: a list of the picture's words")
            if len(said) != len(own):
                raise fail(where, f"words: {len(said)} words, the English picture has {own}")
            if ("note" in picture) != _words_ok(entry.get("note")):
                raise fail(where, "a note where the English picture has one, and only there")
            queue = iter(said)
            parts = [
                {k: next(queue) if k in WORD_KEYS else value for k, value in part.items()}
                for part in picture["parts"]
            ]
            translated[key] = {**picture, "parts": parts}
            if "note" in picture:
                translated[key]["note"] = entry["note"]
        illustrations[name] = translated
    return {
        **english,
        "language": language,
        "sections": sections,
        "texts": texts,
        "option_notes": notes,
        "illustrations": illustrations,
    }


#: Each rulebook's file (``shared/rules/``, as the help files cite it) and the message of its
#: title: the help a person reads cites a rulebook by its title and section, never its file.
RULEBOOKS: dict[str, str] = {
    "001_3237e9a6eb6273e0.txt": "rulebook.base",
    "000_59c065326239388f.txt": "rulebook.base_german",
    "003_0d63153aaa85498d.txt": "rulebook.five_six",
    "004_234c3922e9d01436.txt": "rulebook.life",
    "002_a2583da13b6224b7.txt": "rulebook.cards",
}

_RULEBOOK_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


def cite_rulebooks(value: Any, language: str) -> Any:
    """``value`` (the help's data: objects, lists, words) with every rulebook's file name
    replaced by the rulebook's title in ``language`` (:data:`RULEBOOKS`).

    >>> cite_rulebooks({"source": "001_3237e9a6eb6273e0.txt, Gameplay"}, "en")
    {'source': 'Sagrada, English edition, Gameplay'}
    """
    if isinstance(value, str):
        return _RULEBOOK_FILE.sub(
            lambda found: template(RULEBOOKS[found.group()], language=language), value
        )
    if isinstance(value, dict):
        return {key: cite_rulebooks(item, language) for key, item in value.items()}
    if isinstance(value, list):
        return [cite_rulebooks(item, language) for item in value]
    return value


def explained_options(specs: Iterable[OptionSpec], notes: dict[str, str]) -> list[dict[str, Any]]:
    """A game's option schema (as ``GET /api/options`` serves it), each option with its
    ``note`` from the help (or None)."""
    return [{**spec.to_json(), "note": notes.get(spec.name)} for spec in specs]


class RulesHelp:
    """One game's help files, in the ``help/`` folder of its package: read and checked once
    per language.

    Args:
        package: the game's package (``"sagrada.games.dice"``).
        options: the names of the game's options (the option notes must name one).
        colours: the colour letters of the game's dice or cards, as its pictures write them.
    """

    def __init__(self, package: str, options: Iterable[str], colours: str) -> None:
        self.package = package
        self.options = frozenset(options)
        self.colours = colours
        self._documents: dict[str, dict[str, Any]] = {}
        self._cited: dict[str, dict[str, Any]] = {}
        self._languages: tuple[str, ...] | None = None

    @property
    def folder(self) -> Traversable:
        """The folder of the help files."""
        return resources.files(self.package).joinpath(FOLDER)

    def file_name(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The help file of ``language`` as its errors name it (from the package)."""
        name = RULES_FILE if language == DEFAULT_LANGUAGE else f"rules_help.{language}.json"
        return "/".join((*self.package.split("."), FOLDER, name))

    def languages(self) -> tuple[str, ...]:
        """The languages the help has prose for: English and each translation's."""
        if self._languages is None:
            found = (TRANSLATION_FILE.match(p.name) for p in self.folder.iterdir())
            translations = sorted(match.group(1) for match in found if match)
            self._languages = (DEFAULT_LANGUAGE, *translations)
        return self._languages

    def read(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The file of ``language`` as it is, unchecked.

        Raises:
            FileNotFoundError: if the help has no prose in ``language``.
        """
        name = RULES_FILE if language == DEFAULT_LANGUAGE else f"rules_help.{language}.json"
        data = json.loads(self.folder.joinpath(name).read_text("utf-8"))
        if not isinstance(data, dict):
            raise ContentError(f"{self.file_name(language)}: the file: a JSON object")
        return data

    def document(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The help in ``language``, read once and checked (:func:`check_help`; a translation
        also :func:`check_translation`): for a translation, the English help with its words.
        The answer is shared: read it, do not change it.

        Raises:
            ContentError: naming the file and the entry at fault.
            FileNotFoundError: if the help has no prose in ``language``.
        """
        known = self._cited.get(language)
        if known is None:
            known = self._cited[language] = cite_rulebooks(self._document(language), language)
        return known

    def _document(self, language: str) -> dict[str, Any]:
        """:meth:`document` with the rulebooks named by their files, as the help files do."""
        known = self._documents.get(language)
        if known is not None:
            return known
        english = self._documents.get(DEFAULT_LANGUAGE)
        if english is None:
            english = self.check(self.read())
            self._documents[DEFAULT_LANGUAGE] = english
        if language == DEFAULT_LANGUAGE:
            return english
        translated = check_translation(
            english, self.read(language), language, self.file_name(language)
        )
        self._documents[language] = translated
        return translated

    def check(self, data: dict[str, Any]) -> dict[str, Any]:
        """:func:`check_help` with this game's options and colours."""
        return check_help(data, self.options, self.colours, self.file_name())

    def check_translation(self, translation: dict[str, Any], language: str) -> dict[str, Any]:
        """:func:`check_translation` of a translation against this game's English help."""
        return check_translation(self.document(), translation, language, self.file_name(language))
