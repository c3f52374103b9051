"""Content files: an owner's printed cards in place of the house cards (``--content FILE``).

Some cards of the game are not available from any public source; the project ships house
versions of them, labelled as such (``HOUSE-CONTENT.md``). An owner of the box can give the
printed ones in a content file, in the format of the shipped packs (``docs/content.md``):
each card it holds replaces the card with the same id (a window: the same name), keeping its
place in the decks, and a section such as ``masterwork`` replaces the shipped section. The
file is checked whole before anything changes: a malformed file gets one error naming the
field, and a card that replaces nothing is refused.

The content in use is the engine's, for the whole process: :func:`install_content_file` is
called once, at start (the command line's ``--content``); worker processes get the same files
through :func:`installed_files` and :func:`install_content_text`. A file is checked by the
checks the games' rules register in :mod:`sagrada.core.content` when they are imported (every
rule module of the dice game its sections'); the registry imports every game, and the command
line, the server and a worker of a tournament have it imported before a file is installed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from sagrada.core.content import (
    CARD_CHECKS,
    SECTION_CHECKS,
    USER_FILES,
    card_key,
    catalog,
    content_changed,
    parse_pack,
)
from sagrada.core.errors import ContentError

#: The top-level keys of a content file besides the rule modules' sections.
CARD_KEYS: Final = ("windows", "tools", "public_objectives", "private_objectives")
OTHER_KEYS: Final = ("format", "pack", "title")

_KINDS: Final = (
    ("windows", "windows", "window pattern", "name"),
    ("tools", "tools", "tool card", "id"),
    ("public_objectives", "publics", "public objective", "id"),
    ("private_objectives", "privates", "private objective", "id"),
)


def install_content_file(path: str | Path) -> None:
    """Check the content file at ``path`` and use its cards from now on.

    Raises:
        ContentError: naming the file and the field at fault; nothing changes then.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the content file: {exc.strerror}") from None
    install_content_text(str(path), text)


def install_content_text(filename: str, text: str) -> None:
    """Check a content file's text and use its cards from now on (see
    :func:`install_content_file`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"{filename}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ContentError(f"{filename}: the top level must be an object")
    allowed = (
        *OTHER_KEYS,
        *CARD_KEYS,
        *SECTION_CHECKS,
    )  # (a starred tuple after `in` crashes mypyc)
    for key in data:
        if key not in allowed:
            known = ", ".join((*CARD_KEYS, *SECTION_CHECKS))
            raise ContentError(f"{filename}: unknown key {key!r} (a content file has {known})")
    if "pack" not in data:
        data["pack"] = "user"
    cards = parse_pack(filename, json.dumps(data))
    current = catalog()
    for key, attribute, kind, field in _KINDS:
        have = {card_key(card) for card in getattr(current, attribute)}
        for index, card in enumerate(getattr(cards, attribute)):
            if card_key(card) not in have:
                value = getattr(card, field)
                raise ContentError(
                    f"{filename}: {key}[{index}] {card.name!r}: no {kind} with {field} "
                    f"{value!r} to replace (a content file replaces cards the game has)"
                )
    for card_check in CARD_CHECKS:
        card_check(filename, cards)
    for key, section_check in SECTION_CHECKS.items():
        if data.get(key) is not None:
            section_check(filename, data[key])
    USER_FILES.append((filename, data))
    content_changed()


def installed_files() -> list[tuple[str, str]]:
    """The content files in use, as (file name, text), for worker processes."""
    return [(filename, json.dumps(data)) for filename, data in USER_FILES]


def install_files(files: list[tuple[str, str]]) -> None:
    """Use the content files given as (file name, text) (a worker process's initializer)."""
    for filename, text in files:
        if (filename, json.loads(text)) not in USER_FILES:
            install_content_text(filename, text)


def uninstall_all() -> None:
    """Forget every content file given (the shipped content only; for tests)."""
    USER_FILES.clear()
    content_changed()


__all__ = [
    "install_content_file",
    "install_content_text",
    "install_files",
    "installed_files",
    "uninstall_all",
]
