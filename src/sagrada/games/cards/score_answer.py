"""The solo card game's scoring for a page (``POST /api/score?game=cards`` and
``GET /api/score/form?game=cards``): the input that ``sagrada score --game cards`` reads,
scored with every part's formula and cells, its warnings with their cells and the window read
back; and what its scoring form offers (docs/web-api.md)."""

from __future__ import annotations

from typing import Any

from sagrada.core.messages import msg
from sagrada.core.score_answer import score_answer, warning_json, window_json
from sagrada.entry import ScoreInputError
from sagrada.games.cards.actions import ROUNDS
from sagrada.games.cards.cards import CARD_COLOURS, grid_row
from sagrada.games.cards.content import content
from sagrada.games.cards.score_input import (
    LAID_OUT,
    card_problems,
    read_card_input,
    read_pattern,
    read_window,
)
from sagrada.games.cards.state import score_cards
from sagrada.textui import CliError


def score_json(data: Any) -> dict[str, Any]:
    """Score a card game's window (``data``, parsed JSON): the one-window answer with the
    ``target`` and whether the score reached it (``won``).

    Raises:
        ScoreInputError: the command line's one-line error, naming the field at fault.
    """
    try:
        read = read_card_input(data)
    except CliError as exc:
        raise ScoreInputError(str(exc)) from None
    score = score_cards(read.window, read.orders)
    warnings = [warning_json(message, cells) for message, cells in card_problems(read.window)]
    answer = score_answer(score, warnings, window_json(read.window, read.named, CARD_COLOURS))
    return {**answer, "target": read.target, "won": score.total >= read.target}


def score_form(language: str, orders: list[dict[str, Any]]) -> dict[str, Any]:
    """The card game's scoring form: ``palette`` (the card colours, black where the dice have
    purple, each with its name's message; the values), ``windows`` (the glass windows: the
    base patterns, purple read as black), ``orders`` (as ``GET /api/cards`` gives them, each
    with its ``kind``), ``rounds`` and ``limits``.

    Args:
        language: the language of the orders' words (the colours' are message ids).
        orders: the order cards in ``language``, as ``GET /api/cards`` gives them.
    """
    colours = [
        {
            "letter": letter,
            "name_message": msg(
                "cards.colour.black" if i == len(CARD_COLOURS) - 1 else f"colour.{letter}"
            ).to_json(),
        }
        for i, letter in enumerate(CARD_COLOURS)
    ]
    return {
        "palette": {"colours": colours, "values": list(range(1, 7))},
        "windows": [
            {
                "name": w.name,
                "difficulty": w.difficulty,
                "pack": w.pack,
                "grid": [grid_row(row) for row in w.grid],
            }
            for w in content().windows
        ],
        "orders": orders,
        "rounds": ROUNDS,
        "limits": {"orders": sum(LAID_OUT.values()), "by_kind": LAID_OUT, "rounds": ROUNDS},
    }


def read_json(data: Any) -> dict[str, Any]:
    """Read back the window of ``data`` (parsed JSON) as far as its own fields go, the orders
    and the turn bar unchecked: ``{"window": W}``, W as :func:`window_json` gives it, or None
    where its cards cannot be read (``POST /api/score/read?game=cards``).

    Raises:
        ScoreInputError: if ``data`` is not a JSON object.
    """
    if not isinstance(data, dict):
        raise ScoreInputError("the input must be a JSON object")
    if "cards" not in data:
        return {"window": None}
    try:
        pattern = read_pattern(data["window"]) if "window" in data else None
    except CliError:
        pattern = None
    try:
        window = read_window(data["cards"], pattern)
    except CliError:
        return {"window": None}
    named = None if pattern is None else pattern.name
    return {"window": window_json(window, named, CARD_COLOURS)}
