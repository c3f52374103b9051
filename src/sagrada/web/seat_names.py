"""The names of a game's seats: cleaned as chat is, and distinct within a game
(docs/web-api.md, "Seat names").

A seat's name is one line of at most :data:`NAME_MAX` characters, kept as
:mod:`sagrada.web.plain_text` keeps a line; a name with nothing that shows is refused. Two seats
of a game never have names that are the same ignoring case, width and zero-width joiners
(:func:`name_key`). A name a person chooses (at creation, when joining, or their account's)
that another seat has is refused: they choose another. Names the server gives (``Player 2``, a
bot's ``Player 3 (easy bot)``) are made distinct instead, with a number.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from sagrada.core.messages import msg
from sagrada.web.plain_text import JOINERS, one_line
from sagrada.web.session import GameError

#: Characters a seat's name may have.
NAME_MAX: Final = 40


def clean_name(name: str) -> str:
    """The name as kept (the requests' models bound its length by :data:`NAME_MAX`).

    Raises:
        GameError: 422 if nothing that shows is left.
    """
    line = one_line(name)
    if not line.strip(JOINERS + " "):
        raise GameError(422, msg("web.seat_name_empty"))
    return line


def name_key(name: str) -> str:
    """The form in which seats' names are compared: compatibility characters folded (a
    full-width letter is the letter), case ignored, joiners and surrounding spaces removed."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join(folded.translate({ord(ch): None for ch in JOINERS}).split())


def is_free(name: str, others: Iterable[str]) -> bool:
    """Whether none of the ``others`` (the other seats' names) is the same as ``name``."""
    key = name_key(name)
    return all(name_key(other) != key for other in others)


def check_free(name: str, others: Iterable[str], status: int = 422) -> None:
    """Refuse ``name`` if one of the ``others`` (the other seats' names) is the same.

    Raises:
        GameError: ``status`` (422 for a name the request gives) saying the name is taken.
    """
    if not is_free(name, others):
        raise GameError(status, msg("web.seat_name_taken", name=name))


def check_distinct(names: list[str]) -> None:
    """Refuse a game's names if two of them are the same.

    Raises:
        GameError: 422 naming the first name that repeats.
    """
    for index, name in enumerate(names):
        check_free(name, names[:index])


def distinct(names: list[str]) -> list[str]:
    """The names the server gives, each made distinct from those before it by a number
    (``Player 2``, then ``Player 2 (2)``), within :data:`NAME_MAX` characters."""
    kept: list[str] = []
    for name in names:
        candidate, number = name, 1
        while not is_free(candidate, kept):
            number += 1
            suffix = f" ({number})"
            candidate = name[: NAME_MAX - len(suffix)] + suffix
        kept.append(candidate)
    return kept
