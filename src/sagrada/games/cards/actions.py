"""The card game's actions: small integers with a text notation both ways.

=============  ====  =====================================================================
Text           Size  Meaning
=============  ====  =====================================================================
``pass``       1     forfeit the turn (only when nothing else can be done)
``stop``       1     end Tap Wheel after one card
``T1``-``T9``  9     use the tool card with that number
``$R3``        30    pay for the tool with this drawn card (of the tool's value)
``R3``         30    choose this drawn card for the tool (Lens Cutter, Flux Remover)
``R3@B4``      600   place this drawn card on B4 (a turn; Cork-backed Straightedge's card)
``B4>C5``      400   move the card on B4 to C5 (the moving tools)
``r3:K5``      300   the card K5 of round 3 of the turn bar (Lens Cutter)
=============  ====  =====================================================================

Codes are laid out kind after kind in this order: 1,371 codes. A card is
``colour * 6 + value - 1`` (R Y G B K = 0-4), a cell ``row * 5 + column - 1``.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.cells import CELL_NAMES, NUM_CELLS
from sagrada.core.errors import InvalidNotationError
from sagrada.core.messages import msg
from sagrada.games.cards.cards import CARD_NAMES, NUM_CARDS

NUM_TOOLS: Final = 9
#: Rounds in a game, and turns in a round.
ROUNDS: Final = 10
TURNS: Final = 2

PASS: Final = 0
STOP: Final = 1
TOOL_BASE: Final = 2
PAY_BASE: Final = TOOL_BASE + NUM_TOOLS
CHOOSE_BASE: Final = PAY_BASE + NUM_CARDS
PLACE_BASE: Final = CHOOSE_BASE + NUM_CARDS
MOVE_BASE: Final = PLACE_BASE + NUM_CARDS * NUM_CELLS
BAR_BASE: Final = MOVE_BASE + NUM_CELLS * NUM_CELLS
NUM_ACTIONS: Final = BAR_BASE + ROUNDS * NUM_CARDS

#: The kinds, in code order: (name, first code, the fields of its arguments).
KINDS: Final = (
    ("pass", PASS, ()),
    ("stop", STOP, ()),
    ("tool", TOOL_BASE, ("tool",)),
    ("pay", PAY_BASE, ("card",)),
    ("choose", CHOOSE_BASE, ("card",)),
    ("place", PLACE_BASE, ("card", "cell")),
    ("move", MOVE_BASE, ("from", "to")),
    ("bar", BAR_BASE, ("round", "card")),
)


def tool(number: int) -> int:
    """Use tool card ``number`` (1-9)."""
    return TOOL_BASE + number - 1


def pay(card: int) -> int:
    """Pay for the tool with ``card``."""
    return PAY_BASE + card


def choose(card: int) -> int:
    """Choose ``card`` of the hand for the tool."""
    return CHOOSE_BASE + card


def place(card: int, cell: int) -> int:
    """Place ``card`` on ``cell``."""
    return PLACE_BASE + card * NUM_CELLS + cell


def move(source: int, target: int) -> int:
    """Move the card on ``source`` to ``target``."""
    return MOVE_BASE + source * NUM_CELLS + target


def bar(round_number: int, card: int) -> int:
    """The card ``card`` of round ``round_number`` (1-10) of the turn bar."""
    return BAR_BASE + (round_number - 1) * NUM_CARDS + card


def kind_of(action: int) -> str:
    """The name of the kind of ``action``."""
    name = KINDS[0][0]
    for kind, first, _ in KINDS:
        if action >= first:
            name = kind
    return name


def args(action: int) -> tuple[int, int]:
    """The two arguments of ``action`` (see each kind; unused ones are 0)."""
    kind = kind_of(action)
    first = next(f for k, f, _ in KINDS if k == kind)
    n = action - first
    if kind == "tool":
        return n + 1, 0
    if kind in ("place", "move"):
        return divmod(n, NUM_CELLS)
    if kind == "bar":
        round_index, card = divmod(n, NUM_CARDS)
        return round_index + 1, card
    return n, 0


def _text(action: int) -> str:
    kind = kind_of(action)
    a, b = args(action)
    if kind in ("pass", "stop"):
        return kind
    if kind == "tool":
        return f"T{a}"
    if kind == "pay":
        return "$" + CARD_NAMES[a]
    if kind == "choose":
        return CARD_NAMES[a]
    if kind == "place":
        return f"{CARD_NAMES[a]}@{CELL_NAMES[b]}"
    if kind == "move":
        return f"{CELL_NAMES[a]}>{CELL_NAMES[b]}"
    return f"r{a}:{CARD_NAMES[b]}"


_TEXT: Final = tuple(_text(a) for a in range(NUM_ACTIONS))
_BY_TEXT: Final = {text.upper(): code for code, text in enumerate(_TEXT)}


def action_to_str(action: int) -> str:
    """The notation of ``action``.

    Raises:
        InvalidNotationError: if it is not a code of the card game.
    """
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(msg("notation.code", code=action, last=NUM_ACTIONS - 1))
    return _TEXT[action]


def parse_action(text: str) -> int:
    """The action written ``text`` (case-insensitive).

    Raises:
        InvalidNotationError: saying what the card game's actions look like.
    """
    action = _BY_TEXT.get(text.strip().upper())
    if action is None:
        raise InvalidNotationError(msg("cards.notation.action", text=repr(text)))
    return action


def action_fields(action: int) -> dict[str, int | str]:
    """An action as structured data: ``notation``, ``kind`` and its fields."""
    kind = kind_of(action)
    fields = next(f for k, _, f in KINDS if k == kind)
    out: dict[str, int | str] = {"notation": _TEXT[action], "kind": kind}
    for name, value in zip(fields, args(action), strict=False):
        if name in ("card",):
            out[name] = CARD_NAMES[value]
        elif name in ("cell", "from", "to"):
            out[name] = CELL_NAMES[value]
        else:
            out[name] = value
    return out
