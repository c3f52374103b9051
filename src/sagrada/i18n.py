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

from sagrada.core.messages import DOMAIN, LOCALE_DIR, PARAM_KINDS


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


@cache
def catalogue_json(language: str) -> dict[str, Any]:
    """Return ``language``'s messages for a client.

    ``{"language", "plural", "kinds", "messages"}``: ``plural`` is the language's gettext
    plural expression in ``n`` (a C expression, valid JavaScript) giving the index of a
    plural form; ``kinds`` maps the parameter names whose values are shown by kind
    (``player``, ``tool``, ``colour``) to their kind; ``messages`` maps each id to its
    template, or to the list of its plural forms.

    Raises:
        FileNotFoundError: if the language has no compiled catalogue.
    """
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
        "plural": catalogue.plural_expr,
        "kinds": dict(PARAM_KINDS),
        "messages": messages,
    }
