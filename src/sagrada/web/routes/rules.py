"""The rules help the pages open from anywhere (``GET /api/rules``, docs/web-api.md).

Every game tells its own part (:meth:`sagrada.entry.GameReference.help`, from the help files
in its package: :mod:`sagrada.rules_help`); the answer gathers them, in the registry's order:

========================  ===============================================================
``house_label``           how a house card is labelled (the catalogue's ``page.help.house``)
``games``                 one entry per game: its ``name`` and ``title``, and its help:
                          ``sections`` (the rules in short), ``options`` (its option
                          schema, each with a ``note``) and its own parts (its cards)
========================  ===============================================================

The help speaks the languages every game's help has prose for (``?language=``, else the
browser's ``Accept-Language`` as ``GET /api/messages`` chooses, else English).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from sagrada.core.messages import DEFAULT_LANGUAGE, template
from sagrada.i18n import negotiate
from sagrada.registry import entries
from sagrada.web.openapi import errors
from sagrada.web.session import GameError

router = APIRouter()


def help_languages() -> tuple[str, ...]:
    """The languages the help has prose for: those every game's help has, English first."""
    per_game = [set(entry.answers().help_languages()) for entry in entries()]
    common = set.intersection(*per_game) if per_game else {DEFAULT_LANGUAGE}
    return (DEFAULT_LANGUAGE, *sorted(common - {DEFAULT_LANGUAGE}))


@router.get("/api/rules", responses=errors(404))
async def rules(request: Request, language: str | None = None) -> dict[str, Any]:
    """The rules help: for every game, the rules in short, its cards with their texts (and a
    picture of what a card does where the game's help has one) and its options explained; in
    ``language``, else the one of the browser's languages (``Accept-Language``) the help has,
    else English."""
    offered = help_languages()
    if language is None:
        language = negotiate(request.headers.get("accept-language", ""), DEFAULT_LANGUAGE)
        if language not in offered:
            language = DEFAULT_LANGUAGE
    elif language not in offered:
        raise GameError(404, f"no rules help in {language!r}: try one of {list(offered)}")
    return {
        "house_label": template("page.help.house", language=language),
        "games": [
            {"name": entry.name, "title": entry.game.title, **entry.answers().help(language)}
            for entry in entries()
        ],
    }
