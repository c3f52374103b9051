"""The rules help the pages open from anywhere (``GET /api/rules``, docs/web-api.md).

The answer gathers, for one panel, what is declared elsewhere once:

========================  ===============================================================
``house_label``           how a house card is labelled (``content/rules_help.json``)
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
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Final

from fastapi import APIRouter

from sagrada.cardgame.cards import CARD_COLOURS
from sagrada.cardgame.content import content as card_content
from sagrada.core.cells import CELL_NAMES
from sagrada.core.content import PublicObjective, catalog
from sagrada.core.errors import ContentError
from sagrada.core.messages import render, template
from sagrada.core.position import make_window
from sagrada.core.scoring import score_public
from sagrada.games import game as game_entry
from sagrada.web.reference import cards as listed_cards

#: The help's data file, in ``sagrada.content``.
RULES_FILE: Final = "rules_help.json"
#: One token of an illustration's window row (see the module docstring).
TOKEN: Final = re.compile(r"^(\.|[RYGBPK][1-6?]|[rygbpk]|[1-6])$")
#: The colour letter of the card game's black cards (where the dice have purple).
BLACK: Final = CARD_COLOURS[4]

router = APIRouter()


def _fail(where: str, problem: str) -> ContentError:
    return ContentError(f"{RULES_FILE}: {where}: {problem}")


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


@cache
def help_data() -> dict[str, Any]:
    """The help file, read once and checked (:func:`check_help`)."""
    text = resources.files("sagrada.content").joinpath(RULES_FILE).read_text("utf-8")
    return check_help(json.loads(text))


def check_help(data: dict[str, Any]) -> dict[str, Any]:
    """Return the help file's data once checked: sections, option notes and pictures.

    Raises:
        ContentError: naming the entry at fault.
    """
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


def objective_example(rows: list[str], objective: PublicObjective) -> dict[str, Any] | None:
    """An objective's example window, scored by the engine: the cells that earn points are
    marked, and the note says how many; ``None`` if the example earns nothing (a content file
    may have given the card another rule), as it would then show nothing."""
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
        "note": f"This window scores {part.points} VP ({render(part.formula)}).",
    }


def _colour_name(letter: str) -> str:
    return template("cards.colour.black") if letter == BLACK else template(f"colour.{letter}")


def _marked_spaces(marks: list[str], note: str) -> dict[str, Any]:
    return {"parts": [{"window": [". . . . ."] * 4, "marks": marks}], "note": note}


def card_game_help(texts: dict[str, str]) -> dict[str, Any]:
    """The solo card game's tools and orders (house cards)."""
    content = card_content()
    orders = []
    for order in content.orders:
        if order.public is not None:
            text = order.public.text
        else:
            assert order.shades is not None and order.shades.colour is not None
            letter = CARD_COLOURS[order.shades.colour]
            text = texts["order_shades"].format(colour=_colour_name(letter))
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


@router.get("/api/rules")
async def rules() -> dict[str, Any]:
    """The rules help: the rules in short, every card with its text (and a picture of what
    it does where the help file has one), and the options explained."""
    data = help_data()
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
            None if example is None else objective_example(example["window"], card)
        )
    for private in listed["private_objectives"]:
        if private["colour"] is not None:
            private["text"] = texts["private_colour"].format(colour=_colour_name(private["colour"]))
            private["illustration"] = None
        else:
            private["text"] = texts["private_spaces"].format(n=len(private["spaces"]))
            private["illustration"] = _marked_spaces(private["spaces"], texts["marked_spaces"])
    notes: dict[str, str] = data["option_notes"]
    return {
        "house_label": data["house_label"],
        "sections": data["sections"],
        "options": [
            {**spec.to_json(), "note": notes.get(spec.name)}
            for spec in game_entry("sagrada").options()
        ],
        "card_options": [spec.to_json() for spec in game_entry("cards").options()],
        "cards": listed,
        "card_game": card_game_help(texts),
    }
