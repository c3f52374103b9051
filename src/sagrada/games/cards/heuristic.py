"""How promising a card game position looks: the evaluation the card bots maximise.

The score as the window stands says little mid-game: a row of four different colours scores
nothing until its fifth card, and every open space costs 3 whether it will be filled or not.
:func:`evaluate` estimates the final margin instead:

* each order's **potential**: a line order credits a line with no repeated colour (value) in
  proportion to its filled spaces; a set order credits its complete sets and a share of each
  set in progress; an order without a potential here (Shades, Color Diagonals) its points;
* the **turn bar** as it stands, and a share of the drawn cards mid-round (one of them will
  join it);
* the **dead spaces**: an open space that no card still to come can fill (its colour or value,
  and its orthogonal neighbours' colours and values, rule every one out) stays open (-3) and
  will cost a forfeited turn, whose card goes to the turn bar (about 3.5 more); a space few
  cards can fill is a risk, counted in proportion;
* open spaces beyond the turns left cannot be filled either.

The weights were tuned on seeded games (``scripts/card_difficulty.py``); they are estimates,
not rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from sagrada.core.cells import COLUMNS, NUM_CELLS, ORTHOGONAL, ROWS
from sagrada.core.objectives import LINE_RULES, SET_RULES
from sagrada.core.window import EMPTY, Window
from sagrada.games.cards.actions import ROUNDS, TURNS
from sagrada.games.cards.cards import NUM_CARDS, card_colour, card_value
from sagrada.games.cards.content import Order

if TYPE_CHECKING:
    from sagrada.games.cards.state import CardState

#: The share of a drawn card's value expected to reach the turn bar, mid-round.
HAND_SHARE: Final = 0.6
#: A dead space's cost beyond its 3 open-space points: the forfeited turn's card (about the
#: mean card value) goes to the turn bar.
DEAD_EXTRA: Final = 3.5
#: The cost of a space that ``n`` cards still to come can fill: ``TIGHT_WEIGHT / (n + 1)``.
TIGHT_WEIGHT: Final = 2.0
#: The share of a set order's VP credited for each set in progress, by its share filled.
SET_CREDIT: Final = 0.5
#: VP lost per open space (rulebook, Game end and final scoring).
OPEN_PENALTY: Final = 3

ROW_LINES: Final = tuple(tuple(range(r * COLUMNS, (r + 1) * COLUMNS)) for r in range(ROWS))
COLUMN_LINES: Final = tuple(tuple(range(c, NUM_CELLS, COLUMNS)) for c in range(COLUMNS))

Potential = Callable[[Window, int], float]


def _lines(lines: tuple[tuple[int, ...], ...], key: Callable[[int], int]) -> Potential:
    """A line order's potential: each line without a repeat, by its share filled."""

    def potential(window: Window, vp: int) -> float:
        total = 0.0
        for line in lines:
            seen = [key(window.dice[c]) for c in line if window.dice[c] != EMPTY]
            if len(seen) == len(set(seen)):
                total += vp * len(seen) / len(line)
        return total

    return potential


def _sets(members: tuple[int, ...], key: Callable[[int], int]) -> Potential:
    """A set order's potential: its complete sets, and ``SET_CREDIT`` of the next set by the
    share of its members already there."""

    def potential(window: Window, vp: int) -> float:
        counts = dict.fromkeys(members, 0)
        for card in window.dice:
            if card != EMPTY and key(card) in counts:
                counts[key(card)] += 1
        complete = min(counts.values())
        ahead = sum(1 for n in counts.values() if n > complete)
        return vp * (complete + SET_CREDIT * ahead / len(members))

    return potential


#: The potential of each public scoring rule the orders use, by rule id.
POTENTIALS: Final[dict[str, Potential]] = {
    **{
        rule: _lines(
            ROW_LINES if shape.rows else COLUMN_LINES,
            card_colour if shape.colours else card_value,
        )
        for rule, shape in LINE_RULES.items()
    },
    **{
        rule: _sets(shape.kinds, card_colour if shape.colours else card_value)
        for rule, shape in SET_RULES.items()
    },
}


def order_potential(window: Window, order: Order) -> float:
    """What ``order`` is expected to score from ``window``: its potential, or its points."""
    if order.public is not None:
        potential = POTENTIALS.get(order.public.rule)
        if potential is not None:
            return potential(window, order.vp)
    return float(order.score(window).points)


def to_come(window: Window, bar: list[list[int]]) -> list[int]:
    """The cards that may still be drawn or are in hand: neither placed nor in the turn bar.
    (Lens Cutter may bring back a turn bar card; that chance is left out.)"""
    gone = {c for c in window.dice if c != EMPTY}
    gone.update(c for stack in bar for c in stack)
    return [c for c in range(NUM_CARDS) if c not in gone]


def fillers(window: Window, cards: list[int]) -> list[int]:
    """For each open space, how many of ``cards`` could ever go there (its restriction and its
    orthogonal neighbours); -1 for an occupied space."""
    values_of = [0] * 5  # per colour, the mask of values (bit value - 1) among the cards
    for card in cards:
        values_of[card_colour(card)] |= 1 << (card_value(card) - 1)
    pattern = window.pattern
    out = []
    for cell in range(NUM_CELLS):
        if window.dice[cell] != EMPTY:
            out.append(-1)
            continue
        colours = 0b11111
        values = 0b111111
        neighbours = ORTHOGONAL[cell] & window.occupied
        for other in range(NUM_CELLS):
            if neighbours >> other & 1:
                card = window.dice[other]
                colours &= ~(1 << card_colour(card))
                values &= ~(1 << (card_value(card) - 1))
        allowed_values = 0
        for value in range(1, 7):
            if values >> (value - 1) & 1 and pattern.value_ok[value] >> cell & 1:
                allowed_values |= 1 << (value - 1)
        count = 0
        for colour in range(5):
            if colours >> colour & 1 and pattern.colour_ok[colour] >> cell & 1:
                count += (values_of[colour] & allowed_values).bit_count()
        out.append(count)
    return out


def evaluate(state: CardState) -> float:
    """The estimated final margin (score minus target) of ``state``; exact once it is over."""
    target = state.target()
    if state.is_over:
        return float(state.score().total - target)
    window = state.window
    value = sum(order_potential(window, order) for order in state.orders) - target
    if state.turn or state.tool:
        value -= HAND_SHARE * sum(card_value(c) for c in state.hand)
    counts = [n for n in fillers(window, to_come(window, state.bar)) if n >= 0]
    dead = counts.count(0)
    value -= (OPEN_PENALTY + DEAD_EXTRA) * dead
    value -= TIGHT_WEIGHT * sum(1 / (n + 1) for n in counts if n)
    turns_left = (ROUNDS - 1 - state.round) * TURNS + TURNS - state.turn
    value -= OPEN_PENALTY * max(0, len(counts) - dead - turns_left)
    return value
