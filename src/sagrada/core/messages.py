"""Messages as ids: what the engine says to people, as an id and parameters.

Every sentence the engine produces for people (what a player decides, why an action is
refused, how a score was reckoned, what an action did) is a :class:`Message`: an id of the
message catalogue and the values to put in it. Adapters render a message in a language with
:func:`render` (the CLI and the server's refusals, in English) or send it as JSON
(``{"id": ..., "params": {...}}``) for the page to render from the same catalogue.

The catalogues are GNU gettext catalogues, one per language, in ``sagrada/locale``: the
``.po`` file is the source, written by hand; the ``.mo`` file beside it is compiled from it
with Babel (``make catalogue``) and read here with the standard library's :mod:`gettext`.

A message's text is a :meth:`str.format` template whose fields are the parameter names. A
parameter is an int, a string or another message (rendered first). Some parameter names have
a *kind* that says how their value is shown (:data:`PARAM_KINDS`): a ``player`` is a seat
number, a ``tool`` a tool card's number, a ``colour`` a colour letter. A message whose
catalogue entry has plural forms chooses the form by its parameter ``n``.

>>> str(msg("place.occupied", cell="B4"))
'B4 already holds a die'
>>> msg("place.occupied", cell="B4").to_json()
{'id': 'place.occupied', 'params': {'cell': 'B4'}}
>>> str(msg("formula.favor", n=1)), str(msg("formula.favor", n=3))
('1 token × 1 VP', '3 tokens × 1 VP')
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeAlias

#: The folder of the catalogues: ``<lang>/LC_MESSAGES/sagrada.po`` and ``.mo``.
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
#: The gettext domain of the catalogues.
DOMAIN: Final = "sagrada"
#: The language of the engine's own text (CLI, refusals, records).
DEFAULT_LANGUAGE: Final = "en"

#: The kind of each parameter name whose value is not shown as it is: a ``player`` is a seat
#: (0 first), a ``tool`` a tool card's number, a ``colour`` a colour letter (``"R"``), a
#: ``card`` an apprentice card's number (Life), a ``symbol`` a masterwork die's symbol
#: (``"corner"``: its name is the message ``masterwork.symbol.corner``), a ``die`` a die's
#: notation (``"R3"``), which the text here shows as it is (the terminal keeps its notation)
#: and a page in words ("red 3"), a ``cell`` a window's space by its name (``"B4"``), shown here
#: as it is and on a page by its row and column ("row 2, column 4"), as are a move's ``from``
#: and ``to`` (a value that is not a space's name is shown as it is).
PARAM_KINDS: Final[dict[str, str]] = {
    "player": "player",
    "tool": "tool",
    "colour": "colour",
    "card": "apprentice_card",
    "symbol": "symbol",
    "die": "die",
    "cell": "cell",
    "neighbour": "cell",
    "from": "cell",
    "to": "cell",
}

Param: TypeAlias = "int | str | Message"


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence for people, as a catalogue id and the values to put in it.

    Attributes:
        id: the catalogue id (``"place.occupied"``).
        params: the values by field name; ints, strings or messages.
    """

    id: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return ``{"id": ..., "params": {...}}``, nested messages as objects too."""
        return {
            "id": self.id,
            "params": {
                name: value.to_json() if isinstance(value, Message) else value
                for name, value in self.params.items()
            },
        }

    def __str__(self) -> str:
        return render(self)


def msg(id: str, **params: Param) -> Message:
    """Return the message ``id`` with ``params`` (the catalogue's extraction keyword)."""
    return Message(id, params)


@cache
def translations(language: str = DEFAULT_LANGUAGE) -> gettext.NullTranslations:
    """Return the compiled catalogue of ``language``.

    Raises:
        FileNotFoundError: if the language has no compiled catalogue.
    """
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


#: Messages added while the program runs, by language (:func:`add_messages`): the words of a
#: game of another distribution, which cannot add to the project's catalogues.
_ADDED: dict[str, dict[str, str]] = {}


def add_messages(language: str, messages: Mapping[str, str]) -> None:
    """Add messages the catalogues lack: a game of another distribution brings its own words
    this way (its entry's ``messages``, added while the game is registered). Each text is a
    template like the catalogue's (no plural forms); a language without a message of this
    kind has the English one.

    Raises:
        ValueError: if an id is the project's own (its words stay the project's), or was
            added already with another text.
    """
    added = _ADDED.setdefault(language, {})
    english = translations(DEFAULT_LANGUAGE)
    for message_id, text in messages.items():
        if english.gettext(message_id) != message_id:
            raise ValueError(f"the message {message_id!r} is in the catalogue already")
        if added.get(message_id, text) != text:
            raise ValueError(f"the message {message_id!r} was added already with another text")
    added.update(messages)


def remove_messages(message_ids: Iterable[str]) -> None:
    """Take added messages out again, in every language (a game unregistered)."""
    for added in _ADDED.values():
        for message_id in message_ids:
            added.pop(message_id, None)


def added_messages(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The messages added for ``language`` (:func:`add_messages`), English's where it has
    none of its own."""
    return {**_ADDED.get(DEFAULT_LANGUAGE, {}), **_ADDED.get(language, {})}


def template(message_id: str, n: int | None = None, language: str = DEFAULT_LANGUAGE) -> str:
    """Return the catalogue's text of ``message_id`` (its plural form for ``n``, if it has
    plural forms), an added message's (:func:`add_messages`), or the id itself if there is
    neither."""
    catalogue = translations(language)
    if n is not None:
        text = catalogue.ngettext(message_id, message_id, n)
        if text != message_id:
            return text
    text = catalogue.gettext(message_id)
    if text == message_id and _ADDED:
        return added_messages(language).get(message_id, message_id)
    return text


# -- the content's words ----------------------------------------------------------------------
#
# A card's name and text are content (``sagrada/content/*.json``, in English) and messages of
# the catalogues too, keyed by the card (``card.tool.1.name``, ``card.public.<id>.text``, ...):
# the English catalogue's entry is the content's English, and each other language translates
# it. A content file may give a card other words (the printed card in place of a house card);
# no catalogue translates those, so they are shown as the content file gives them, in every
# language: a card's words are the catalogue's only while the English catalogue says exactly
# what the content says.


@cache
def content_message(message_id: str, english: str) -> Message | None:
    """Return the catalogue's message for words of the content (a card's name or text), or
    None where the catalogues do not translate these words.

    Args:
        message_id: the words' id in the catalogues (``card.tool.1.name``).
        english: the content's words (what the loaded content file says).

    Returns:
        ``Message(message_id)`` if the English catalogue's entry of ``message_id`` is
        ``english``; None if it is another text (a content file gave the card its own words),
        if there is no such entry, or if ``english`` is empty (nothing to say).
    """
    if english and translations(DEFAULT_LANGUAGE).gettext(message_id) == english:
        return Message(message_id)
    return None


def content_text(message_id: str, english: str, language: str = DEFAULT_LANGUAGE) -> str:
    """Return words of the content in ``language``: the catalogue's translation where the
    catalogues translate them (:func:`content_message`), else the content's own ``english``.

    >>> content_text("card.tool.1.name", "Grozing Pliers", "de")
    'Kröselzange'
    >>> content_text("card.tool.1.name", "Pince à gruger", "de")  # a content file's words
    'Pince à gruger'
    """
    if content_message(message_id, english) is None:
        return english
    return template(message_id, language=language)


def content_param(message_id: str, english: str) -> Param:
    """Return words of the content as a message's parameter (a card's name in a sentence):
    the catalogue's message where the catalogues translate them (:func:`content_message`),
    which each language renders, else the content's own ``english``."""
    message = content_message(message_id, english)
    return english if message is None else message


def content_json(
    key: str, words: Mapping[str, str], language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """Return a card's words as the server sends them: each field (``name``, ``text``...) in
    ``language``, and ``<field>_message`` beside it where the catalogues translate it (the
    message a page renders in its own language).

    Args:
        key: the card's key in the catalogues (``card.tool.1``): a field's id is
            ``<key>.<field>``.
        words: the content's English words, by field.
        language: the language of the fields' texts.
    """
    out: dict[str, Any] = {}
    for field_name, english in words.items():
        message_id = f"{key}.{field_name}"
        message = content_message(message_id, english)
        out[field_name] = english if message is None else template(message_id, language=language)
        if message is not None:
            out[f"{field_name}_message"] = message.to_json()
    return out


def json_words(data: Mapping[str, Any], field_name: str, language: str = DEFAULT_LANGUAGE) -> str:
    """Return a card's words from its JSON (:func:`content_json`) in ``language``: its
    ``<field>_message`` where it has one, else the ``field`` as it is (a terminal shows a
    view's cards so, as a page does)."""
    message = data.get(f"{field_name}_message")
    if message is None:
        return str(data.get(field_name) or "")
    return template(str(message["id"]), language=language)


#: How a parameter of each kind is shown, given its value and the language.
_FORMATTERS: dict[str, Callable[[Any, str], str]] = {
    "player": lambda seat, language: render(msg("player", seat=seat), language),
    "colour": lambda letter, language: template(f"colour.{letter}", language=language),
    "symbol": lambda symbol, language: template(f"masterwork.symbol.{symbol}", language=language),
}


def register_param_kind(kind: str, formatter: Callable[[Any, str], str]) -> None:
    """Say how a parameter of ``kind`` is shown (the content registers ``tool``: a card's
    name from its number)."""
    _FORMATTERS[kind] = formatter


def render(message: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """Return ``message`` as text in ``language``."""
    values: dict[str, object] = {}
    for name, value in message.params.items():
        if isinstance(value, Message):
            values[name] = render(value, language)
            continue
        kind = PARAM_KINDS.get(name)
        formatter = _FORMATTERS.get(kind) if kind else None
        values[name] = formatter(value, language) if formatter else value
    n = message.params.get("n")
    text = template(message.id, n if isinstance(n, int) else None, language)
    return text.format(**values)


__all__ = [
    "DEFAULT_LANGUAGE",
    "PARAM_KINDS",
    "Message",
    "add_messages",
    "added_messages",
    "content_json",
    "content_message",
    "content_param",
    "content_text",
    "json_words",
    "msg",
    "register_param_kind",
    "remove_messages",
    "render",
    "template",
]
