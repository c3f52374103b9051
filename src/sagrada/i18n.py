"""The message catalogues for clients and for maintainers (needs Babel: extra ``web``).

The engine renders its messages with the standard library (:mod:`sagrada.core.messages`);
this module reads and writes the catalogues with Babel, the project's i18n tool:

* :func:`catalogue_json` gives a language's messages as JSON for the page, which renders
  the engine's ``{"id", "params"}`` objects from it (``GET /api/messages``);
* :func:`compile_catalogue` compiles a ``.po`` source into the ``.mo`` file the engine
  reads (``make catalogue`` runs ``pybabel compile``, which does the same).
"""

from __future__ import annotations

from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from sagrada.core.messages import DOMAIN, LOCALE_DIR, PARAM_KINDS, added_messages


def catalogue_path(language: str, suffix: str) -> Path:
    """Return the path of ``language``'s catalogue file (``suffix`` ``"po"`` or ``"mo"``)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"


def languages() -> list[str]:
    """Return the languages with a compiled catalogue."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


def read_catalogue(language: str, suffix: str = "mo") -> Catalog:
    """Read ``language``'s compiled catalogue (or its ``.po`` source)."""
    with catalogue_path(language, suffix).open("rb") as file:
        return read_mo(file) if suffix == "mo" else read_po(file)


def compile_catalogue(source: Catalog) -> bytes:
    """Return the ``.mo`` form of a catalogue."""
    out = BytesIO()
    write_mo(out, source)
    return out.getvalue()


def catalogue_json(language: str) -> dict[str, Any]:
    """Return ``language``'s messages for a client.

    ``{"language", "languages", "plural", "kinds", "messages"}``: ``languages`` lists every
    language with a catalogue, ``{"code", "name"}``, each named in itself (``Deutsch``, for
    a switch of languages); ``plural`` is the language's gettext
    plural expression in ``n`` (a C expression, valid JavaScript) giving the index of a
    plural form; ``kinds`` maps the parameter names whose values are shown by kind
    (``player``, ``tool``, ``colour``) to their kind; ``messages`` maps each id to its
    template, or to the list of its plural forms.

    The messages that games of other distributions add
    (:func:`~sagrada.core.messages.add_messages`) are among ``messages``.

    Raises:
        FileNotFoundError: if the language has no compiled catalogue.
    """
    data = _compiled_json(language)
    added = added_messages(language)
    if not added:
        return data
    return {**data, "messages": {**added, **data["messages"]}}


@cache
def _compiled_json(language: str) -> dict[str, Any]:
    """:func:`catalogue_json` of the compiled catalogue alone (read once)."""
    catalogue = read_catalogue(language)
    messages: dict[str, str | list[str]] = {}
    for message in catalogue:
        if not message.id:
            continue  # the header
        string = message.string or ""
        if isinstance(message.id, tuple | list):
            messages[message.id[0]] = [str(form) for form in string]
        else:
            messages[message.id] = str(string)
    return {
        "language": language,
        "languages": [{"code": code, "name": language_name(code)} for code in languages()],
        "plural": catalogue.plural_expr,
        "kinds": dict(PARAM_KINDS),
        "messages": messages,
    }


def language_name(language: str) -> str:
    """Return a language's name for itself (``Deutsch``): its catalogue's ``language.name``,
    else its code."""
    entry = read_catalogue(language).get("language.name")
    return str(entry.string) if entry is not None and entry.string else language


def negotiate(accept_language: str, default: str) -> str:
    """Return the language of a catalogue that an ``Accept-Language`` header prefers most.

    Languages are compared by their primary subtag (``de-AT`` asks for ``de``); ``*`` and
    languages without a catalogue are passed over, and so is a malformed weight.

    >>> negotiate("fr-CH, de;q=0.8, en;q=0.5", "en")
    'de'
    >>> negotiate("fr", "en")
    'en'
    """
    offered = set(languages())
    wanted: list[tuple[float, int, str]] = []
    for place, part in enumerate(accept_language.split(",")):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        name, _, value = parameters.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                continue
        primary = tag.strip().split("-")[0].lower()
        if primary in offered and weight > 0:
            wanted.append((-weight, place, primary))
    return min(wanted)[2] if wanted else default
