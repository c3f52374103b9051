"""A fast estimate of how many points a player's window will be worth at the end.

The estimate is the window's score as it stands (objectives, favor tokens, open spaces) plus
partial credit for rows and columns on their way to a variety objective and for half-built
sets, minus a penalty for *dead* spaces: open spaces that no die can ever fill, because the
space's restriction clashes with its orthogonal neighbours. Bots use it to compare the results
of their own actions; it never looks at another player's private objective.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from sagrada.core.cells import COLUMN_MASKS, FULL, ROW_MASKS, Mask, cell_list, orthogonal_spread
from sagrada.core.content import PrivateObjective, PublicObjective
from sagrada.core.dice import DIE_PIPS, DIE_VALUE, NUM_COLOURS, ORANGE
from sagrada.core.objectives import LINE_RULES, PUBLIC_RULES, SET_RULES
from sagrada.core.window import Window
from sagrada.games.dice.rules.apprentice_cards import SCORING, card_part, cards_by_number
from sagrada.games.dice.rules.apprentice_table import NAME as APPRENTICE
from sagrada.games.dice.rules.apprentice_table import Apprentice
from sagrada.games.dice.rules.config import ROUNDS
from sagrada.games.dice.rules.masterwork_board import targets
from sagrada.games.dice.rules.state import Phase, State

#: A function rating a position for a player: estimated final points, higher is better.
Evaluator = Callable[[State, int], float]

#: Extra points lost for a space that can never be filled (beyond its -1 as an open space).
DEAD_SPACE_PENALTY: Final = 2.0
#: The lines of each variety objective (:data:`~sagrada.core.objectives.LINE_RULES`) and
#: whether it counts colours.
_LINES: Final = {
    rule: (ROW_MASKS if shape.rows else COLUMN_MASKS, shape.colours)
    for rule, shape in LINE_RULES.items()
}


def dead_spaces(window: Window) -> int:
    """Return the number of open spaces no die could ever legally fill."""
    empty = FULL & ~window.occupied
    pattern = window.pattern
    colour_ok = 0
    for colour in range(NUM_COLOURS):
        colour_ok |= pattern.colour_ok[colour] & ~orthogonal_spread(window.by_colour[colour])
    value_ok = 0
    for value in range(1, 7):
        value_ok |= pattern.value_ok[value] & ~orthogonal_spread(window.by_value[value])
    return (empty & ~(colour_ok & value_ok)).bit_count()


#: Window choice at setup: points per favor token the window gives, and per restricted space.
APPEAL_DIFFICULTY: float = 0.8
APPEAL_RESTRICTED: float = 0.25
#: Weight of the partial credit for rows and columns on their way to a variety objective.
LINE_WEIGHT: float = 0.6
#: Weight of the fillability term: the faces an open space can no longer take.
FILL_WEIGHT: float = 3.0


#: ``(1 - colours * values / 30)²`` for a space that ``colours`` colours (0-5) and ``values``
#: values (0-6) may still take, at ``colours * 8 + values``: the shortfall of a space.
_SHORTFALL: Final[tuple[float, ...]] = tuple(
    s * s for s in (1.0 - (i // 8) * (i % 8) / 30.0 for i in range(6 * 8))
)


def _add_bit(planes: tuple[int, int, int], mask: Mask) -> tuple[int, int, int]:
    """Add 1 to the 3-bit counter of every cell of ``mask``: ``planes`` hold each cell's count
    in binary (bit ``cell`` of the first plane is the count's lowest bit)."""
    low, middle, high = planes
    carry = low & mask
    low ^= mask
    high |= middle & carry  # counts stay below 8
    middle ^= carry
    return low, middle, high


def fill_shortfall(window: Window) -> float:
    """Return the sum over open spaces of (1 - faces still allowed / 30)², 0 for a space that
    any die could fill, 1 for a dead one.

    A space allows a face if the pattern accepts its colour and value and no orthogonal
    neighbour shows that colour or value. The colours and the values each space allows are
    counted for all spaces at once, as bits (a 3-bit counter per cell), then each open space
    looks its shortfall up in a table.
    """
    empty = FULL & ~window.occupied
    if not empty:
        return 0.0
    pattern = window.pattern
    colours = (0, 0, 0)
    for colour in range(NUM_COLOURS):
        allowed = pattern.colour_ok[colour] & ~orthogonal_spread(window.by_colour[colour])
        colours = _add_bit(colours, empty & allowed)
    values = (0, 0, 0)
    for value in range(1, 7):
        allowed = pattern.value_ok[value] & ~orthogonal_spread(window.by_value[value])
        values = _add_bit(values, empty & allowed)
    c0, c1, c2 = colours
    v0, v1, v2 = values
    total = 0.0
    mask = empty
    while mask:
        low = mask & -mask
        cell = low.bit_length() - 1
        count = (c0 >> cell & 1) | (c1 >> cell & 1) << 1 | (c2 >> cell & 1) << 2
        count = count * 8 + ((v0 >> cell & 1) | (v1 >> cell & 1) << 1 | (v2 >> cell & 1) << 2)
        total += _SHORTFALL[count]
        mask ^= low
    return total


def _line_credit(window: Window, lines: tuple[int, ...], by_colour: bool, vp: int) -> float:
    """Partial credit for lines still able to meet a variety objective."""
    masks = window.by_colour if by_colour else window.by_value[1:]
    credit = 0.0
    occupied = window.occupied
    for line in lines:
        filled = (occupied & line).bit_count()
        if filled == 0:
            continue
        kinds = sum(1 for mask in masks if mask & line)
        if kinds != filled:
            continue  # a repeat: this line can never score
        size = line.bit_count()
        if filled == size:
            continue  # complete lines are in the real score already
        credit += vp * (filled / size) ** 2
    return credit


def public_estimate(window: Window, objective: PublicObjective) -> float:
    """Return the points ``objective`` gives now plus partial credit for progress."""
    rule = objective.rule
    count, _ = PUBLIC_RULES[rule](window)
    points = float(count * objective.vp)
    line = _LINES.get(rule)
    if line is not None:
        return points + LINE_WEIGHT * _line_credit(window, line[0], line[1], objective.vp)
    shape = SET_RULES.get(rule)
    if shape is None:
        return points
    masks = window.by_colour if shape.colours else window.by_value
    kinds = shape.kinds
    if len(kinds) == 2:  # a pair: half a set while one of the two is ahead
        a = masks[kinds[0]].bit_count()
        b = masks[kinds[1]].bit_count()
        return points + (0.5 * objective.vp if a != b else 0.0)
    counts = sorted(masks[kind].bit_count() for kind in kinds)
    return points + objective.vp * sum(1 for c in counts if c > counts[0]) / len(kinds) * 0.6


def private_points(window: Window, objective: PrivateObjective) -> int:
    """Return the points a private objective gives as the window stands."""
    mask = window.by_colour[objective.colour] if objective.colour is not None else objective.spaces
    total = 0
    dice = window.dice
    while mask:
        low = mask & -mask
        die = dice[low.bit_length() - 1]
        if die >= 0:
            total += DIE_PIPS[die]
        mask ^= low
    return total


#: What a masterwork die whose face can still be met is worth beyond the -2 it scores now:
#: about halfway between missing (-2) and meeting (+5) it.
OPEN_FACE_HOPE: Final = 3.5


def open_faces(window: Window) -> int:
    """Count the masterwork dice not met yet whose arrows all point into the window, at
    least one of them at an open space."""
    count = 0
    for cell in cell_list(window.by_colour[ORANGE]):
        pointed = targets(window.dice[cell], cell)
        if None in pointed:
            continue
        if any(window.dice[t] < 0 for t in pointed if t is not None):
            count += 1
    return count


#: What a scoring apprentice card in hand is worth, as a share of what it would score if
#: activated now: a little less, so that activating it (which it must be to score) rates
#: better than holding it, while a Study card kept of two rates better than a card of no points.
HELD_CARD_SHARE: Final = 0.9


def held_cards(state: State, player: int, window: Window) -> float:
    """The worth of ``player``'s scoring apprentice cards still in hand (Life)."""
    component = state.components.get(APPRENTICE)
    if not isinstance(component, Apprentice):
        return 0.0
    cards = cards_by_number()
    total = 0.0
    for number in component.hands[player]:
        card = cards.get(number)
        if card is not None and card.effect in SCORING:
            total += card_part(card, window, state.publics).points
    return HELD_CARD_SHARE * total


def evaluate(state: State, player: int) -> float:
    """Return the estimated final points of ``player``'s window (higher is better).

    In solo play the value is the margin over the target as it stands: the dice on the Round
    Track and those still in the Draft Pool (which end on the track unless drafted or spent
    on a tool) count against the player.
    """
    seat = state.players[player]
    window = seat.window
    if window is None:
        return 0.0
    solo = state.config.solo
    value = sum(public_estimate(window, objective) for objective in state.publics)
    privates = [private_points(window, objective) for objective in seat.privates]
    if privates:
        value += max(privates) if solo else sum(privates)
    if not solo:
        value += seat.favor
    open_spaces = window.open_spaces
    value -= (3 if solo else 1) * open_spaces
    value -= DEAD_SPACE_PENALTY * dead_spaces(window)
    if FILL_WEIGHT:
        value -= FILL_WEIGHT * fill_shortfall(window)
    # The rule modules' own points as they stand (Life's masterwork dice), and for a
    # masterwork die whose arrows still point at open spaces of the window, the hope of
    # meeting its face.
    for hook in state.rules.score_parts:
        value += sum(part.points for part in hook(state, player) if part.counted)
    if window.by_colour[ORANGE]:
        value += OPEN_FACE_HOPE * open_faces(window)
    value += held_cards(state, player, window)
    if solo:
        value -= state.target_score() + sum(DIE_VALUE[d] for d in state.pool)
    return value


def pattern_appeal(state: State, player: int, option: int) -> float:
    """Return how attractive window option ``option`` is at setup for ``player``.

    Favor tokens are points and tool money; restricted spaces make a window harder to fill;
    spaces of the private objective's colour are where its dice score.
    """
    seat = state.players[player]
    pattern = seat.options[option]
    restricted = (pattern.colour_restricted | pattern.value_restricted).bit_count()
    appeal = 0.0 if state.config.solo else APPEAL_DIFFICULTY * pattern.difficulty
    appeal -= APPEAL_RESTRICTED * restricted
    for objective in seat.privates:
        if objective.colour is not None:
            own = pattern.colour_restricted & ~pattern.colour_ok[objective.colour]
            appeal -= 0.1 * own.bit_count()
            letter_cells = pattern.colour_restricted & pattern.colour_ok[objective.colour]
            appeal += 0.6 * letter_cells.bit_count()
    return appeal


#: Solo: the points each round still to come adds to the target, on average (two dice).
SOLO_TARGET_PER_ROUND: Final = 7.0


def final_scale_evaluate(state: State, player: int) -> float:
    """Like :func:`evaluate`, but in solo play the margin over the target *so far* is moved to
    the final scale by adding the target's expected growth over the rounds still to come."""
    value = evaluate(state, player)
    if state.config.solo and state.phase == Phase.PLAY:
        value -= SOLO_TARGET_PER_ROUND * (ROUNDS - 1 - state.round)
    return value
