"""``sagrada score --game cards``: score a finished window of the solo card game, described in
JSON (rulebook 002_a2583da13b6224b7.txt, Game end and final scoring)::

    {"cards": ["_ G4 R2 Y5 K6", "R3 B1 _ G1 Y2", "K5 G6 _ K6 R3", "B4 Y3 G4 B2 G4"],
     "orders": ["Row Color Variety", "Light Shades", "Shades of Black"],
     "turn_bar": [[3], [1, 5], [2], [6], [4], [1], [3], [2, 2], [5], [1]]}

``cards``: rows A-D, five tokens each, ``_`` for an open space, else a card (colour R Y G B K,
K black, and a value). ``orders``: the three order cards, 1 unique and 2 basic. ``turn_bar``:
the values of the cards of each round's stack. The target is the sum of the turn bar; the score
the orders' points minus 3 per open space; the player won if the score reaches the target. The
optional ``window`` names the glass window (a base window pattern, purple read as black), whose
restrictions are then checked; without it only neighbours are. A window that breaks a placement
rule, or a card given twice, is scored with a warning.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.cells import CELL_NAMES, COLUMNS, ROW_LETTERS, ROWS
from sagrada.core.content import WindowPattern
from sagrada.core.errors import InvalidNotationError
from sagrada.core.messages import DEFAULT_LANGUAGE, Message, msg
from sagrada.core.position import make_window
from sagrada.core.window import Window
from sagrada.games.cards.actions import ROUNDS
from sagrada.games.cards.cards import CARD_NAMES, parse_card
from sagrada.games.cards.content import BASIC, UNIQUE, Order, content
from sagrada.games.cards.state import colour_words, score_cards
from sagrada.textui import CliError, read_stacks, score_table, target_line

FIELDS: Final = ("cards", "orders", "turn_bar")
OPTIONAL_FIELDS: Final = ("window",)
#: The order cards a game lays out, by kind: 1 unique and 2 basic.
LAID_OUT: Final = {UNIQUE: 1, BASIC: 2}
#: The window of an input without ``window``: no restriction, only neighbours checked.
BLANK: Final = "..... ..... ..... ....."
OPEN_TOKEN: Final = "_"

EPILOG: Final = """\
with --game cards, the input (JSON) is a finished window of the solo card game:
  {"cards": ["_ G4 R2 Y5 K6", "R3 B1 _ G1 Y2", "K5 G6 _ K6 R3", "B4 Y3 G4 B2 G4"],
   "orders": ["Row Color Variety", "Light Shades", "Shades of Black"],
   "turn_bar": [[3], [1, 5], [2], [6], [4], [1], [3], [2, 2], [5], [1]]}

  cards     4 rows, A to D, of 5 tokens: _ for an open space, else a card: a colour
            letter (R Y G B, K for black) and a value 1-6
  orders    the three order cards: 1 unique (Shades of a colour, Color Diagonals) and
            2 basic (the base game's other public objectives)
  turn_bar  up to 10 lists, one per round, of the values (1-6) of its stack's cards
  window    optional: the glass window's name (a base window pattern, purple read
            as black), its restrictions then checked
The target is the sum of the turn bar; the score is the orders minus 3 per open space.
"""


@dataclass(frozen=True)
class CardInput:
    """A card game's window to score, read from ``sagrada score``'s input.

    Attributes:
        named: the glass window's name, or ``None`` where the input names none.
    """

    window: Window
    orders: tuple[Order, ...]
    target: int
    named: str | None


def read_card_input(data: Any) -> CardInput:
    """Check the input (parsed JSON) and read its window, orders and target.

    Raises:
        CliError: one line naming the field, row or token at fault.
    """
    every = ", ".join(FIELDS + OPTIONAL_FIELDS)
    if not isinstance(data, dict):
        raise CliError("the input must be a JSON object with fields " + every)
    unknown = [key for key in data if key not in FIELDS + OPTIONAL_FIELDS]
    if unknown:
        raise CliError(f"unknown field {unknown[0]!r} (expected {every})")
    missing = [key for key in FIELDS if key not in data]
    if missing:
        raise CliError(f"missing field {missing[0]!r}")
    pattern = read_pattern(data["window"]) if "window" in data else None
    window = read_window(data["cards"], pattern)
    orders = _orders(data["orders"])
    target = read_stacks(data["turn_bar"], "turn_bar", ROUNDS)
    return CardInput(window, tuple(orders), target, None if pattern is None else pattern.name)


def score_card_game(data: Any, as_json: bool, language: str = DEFAULT_LANGUAGE) -> str:
    """Score a card game's window described by ``data`` (parsed JSON): a table in
    ``language``, or JSON (the content's English names in every language).

    Raises:
        CliError: one line naming the field, row or token at fault.
    """
    read = read_card_input(data)
    score = score_cards(read.window, read.orders)
    won = score.total >= read.target
    if as_json:
        return json.dumps(
            {
                "total": score.total,
                "target": read.target,
                "won": won,
                "parts": [{"name": p.name, "points": p.points} for p in score.parts],
            }
        )
    table = score_table(score, language)
    return f"{table}\n{target_line(table, read.target, won, language)}"


def card_warnings(data: Any) -> list[str]:
    """What is odd in a readable input without making it unscorable (:func:`card_problems`),
    in English, the placement rules in one line."""
    try:
        read = read_card_input(data)
    except CliError:
        return []
    problems = card_problems(read.window)
    out = [str(message) for message, _ in problems if message.id == "cards.score.twice"]
    broken = [str(message) for message, _ in problems if message.id != "cards.score.twice"]
    if broken:
        out.append(str(msg("score.warning.breaches", problems="; ".join(broken))))
    return out


def card_problems(window: Window) -> list[tuple[Message, tuple[str, ...]]]:
    """What is odd in a scorable window, each with its cells: each card that appears twice
    (the game has one of each), then each placement rule it breaks in the card game's words
    (cards, black where the pattern says purple)."""
    out = []
    cards = [c for c in window.dice if c >= 0]
    for card in sorted({c for c in cards if cards.count(c) > 1}):
        cells = tuple(CELL_NAMES[i] for i, c in enumerate(window.dice) if c == card)
        out.append((msg("cards.score.twice", die=CARD_NAMES[card]), cells))
    for breach in window.breaches():
        params = dict(breach.message.params)
        if "die" in params:
            params["die"] = CARD_NAMES[window.dice[CELL_NAMES.index(breach.cells[0])]]
        colour = params.get("colour")
        if isinstance(colour, str):
            params["colour"] = colour_words(colour)
            out.append((msg("cards.breach.colour", **params), breach.cells))
        else:
            out.append((msg(breach.message.id, **params), breach.cells))
    return out


def read_pattern(value: Any) -> WindowPattern:
    """The glass window named by the ``window`` field.

    Raises:
        CliError: naming the field, if there is no base window pattern of that name.
    """
    if not isinstance(value, str):
        raise CliError("field 'window': must be a glass window's name (a base window pattern)")
    try:
        return content().window(value)
    except KeyError:
        shown = json.dumps(value) if len(value) <= 40 else json.dumps(value[:37]) + "..."
        raise CliError(
            f"field 'window': no glass window named {shown} (the base game's window patterns)"
        ) from None


def read_window(rows: Any, pattern: WindowPattern | None = None) -> Window:
    if not isinstance(rows, list) or len(rows) != ROWS:
        raise CliError(f"field 'cards': must be a list of {ROWS} strings, rows A to D")
    placements = []
    for r, row in enumerate(rows):
        letter = ROW_LETTERS[r]
        if not isinstance(row, str) or len(row.split()) != COLUMNS:
            raise CliError(f"row {letter}: expected a string of {COLUMNS} tokens (a card or _)")
        for c, token in enumerate(row.split()):
            if token == OPEN_TOKEN:
                continue
            try:
                card = parse_card(token)
            except InvalidNotationError:
                raise CliError(
                    f"row {letter}, token {c + 1}: {token!r} is not a card (R Y G B K and a "
                    f"value 1-6, like K5) or {OPEN_TOKEN!r}"
                ) from None
            placements.append(f"{letter}{c + 1}={'RYGBP'[card // 6]}{card % 6 + 1}")
    # The glass windows are the base game's patterns (purple read as black): named as such.
    return make_window(BLANK if pattern is None else pattern.name, " ".join(placements))


def _orders(names: Any) -> list[Order]:
    if not isinstance(names, list) or len(names) != 3:
        raise CliError("field 'orders': must be a list of the 3 order card names")
    orders = []
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise CliError(f"field 'orders', entry {i + 1}: must be a name, got {json.dumps(name)}")
        try:
            orders.append(content().order(name))
        except KeyError:
            known = ", ".join(o.name for o in content().orders)
            raise CliError(
                f"field 'orders', entry {i + 1}: no order card {name!r} ({known})"
            ) from None
    if len({o.id for o in orders}) != 3:
        raise CliError("field 'orders': an order card is listed twice")
    if sorted(o.kind for o in orders) != sorted(k for k, n in LAID_OUT.items() for _ in range(n)):
        raise CliError("field 'orders': the game lays out 1 unique order and 2 basic orders")
    return orders
