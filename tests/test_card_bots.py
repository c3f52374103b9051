"""The card game's bots and the evaluation they share (rulebook 002_a2583da13b6224b7.txt): what
they must see in a position, worked out by hand from the placement rules and the orders."""

from __future__ import annotations

import pytest

from helpers import BLANK, arrange_cards, cards_of
from sagrada.core.cells import parse_cell
from sagrada.core.position import make_window
from sagrada.games.cards import actions as A
from sagrada.games.cards.bots import make_card_bot
from sagrada.games.cards.content import content
from sagrada.games.cards.heuristic import fillers, order_potential, to_come
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import CardState, new_card_game
from sagrada.games.cards.tournament import play_card_game
from sagrada.games.cards.views import make_card_view

#: Orders that care nothing for the cards the positions below turn on.
QUIET_ORDERS = ("shades_of_blue", "set_values_1_2", "set_values_3_4")


def position(**arrangement: object) -> CardState:
    state = new_card_game(CardOptions(tool_cards=(1,), orders=QUIET_ORDERS), seed=1)
    arrange_cards(state, **arrangement)  # type: ignore[arg-type]
    return state


def fill_count(state: CardState, cell: str) -> int:
    return fillers(state.window, to_come(state.window, state.bar))[parse_cell(cell)]


def test_a_space_can_take_any_card_to_come_but_its_neighbours_colour_and_value() -> None:
    # Placement (the text): never orthogonally beside a card of the same colour or value.
    state = position(placements="A3=G1")
    assert fill_count(state, "A3") == -1  # occupied
    assert fill_count(state, "D5") == 29  # nothing beside it: every card but the placed one
    # A2 is beside G1: no green card and no 1 of another colour: 4 colours x 5 values.
    assert fill_count(state, "A2") == 20


def test_cards_in_the_turn_bar_will_not_come_again() -> None:
    state = position(placements="A3=G1", bar=["R1 R2 R3", "R4 R6"])
    # A red space beside nothing: of the six red cards only R5 is still to come.
    state.window = make_window("..... .R... ..... .....", "A3=G1")
    assert fill_count(state, "B2") == 1
    state.window = make_window("..... .R... ..... .....", "A3=G1 A2=Y5")
    assert fill_count(state, "B2") == 0  # R5 may not sit beside Y5: the space is dead


@pytest.mark.parametrize(
    ("order", "placements", "expected"),
    [
        # Row Color Variety, 6 VP a row: a row of 4 different colours is 4/5 of the way.
        ("row_color_variety", "A1=R1 A2=Y2 A3=G3 A4=B4", 6 * 4 / 5),
        # A row with a colour twice can no longer score.
        ("row_color_variety", "A1=R1 A2=Y2 A3=R3", 0.0),
        # Light Shades, 2 VP a set of a 1 and a 2: one set, and a 1 towards the next (half of
        # the set's members there, credited at half the VP).
        ("set_values_1_2", "A1=R1 A3=Y2 C1=G1", 2 * (1 + 0.5 * 1 / 2)),
        # Shades of Blue scores what it scores: the blue values.
        ("shades_of_blue", "A1=B4 C3=B6 A3=R5", 10.0),
    ],
)
def test_an_orders_potential_credits_lines_and_sets_in_progress(
    order: str, placements: str, expected: float
) -> None:
    window = make_window(BLANK, placements)
    assert order_potential(window, content().order(order)) == pytest.approx(expected)


@pytest.mark.parametrize("bot", ["greedy", "plan"])
def test_the_bots_do_not_kill_a_space_the_last_card_to_come_could_fill(bot: str) -> None:
    # B2 must be red, and of the red cards only R5 is still to come. Y5 beside B2 (on A2 or B3)
    # would rule R5 out for good: an open space (-3) and a forfeited turn. A4 and B4 are safe.
    state = position(bar=["R1 R2 R3", "R4 R6"], hand="Y5", turn=1)
    state.window = make_window("..... .R... ..... .....", "A3=G1")
    choice = make_card_bot(bot, seed=3).choose(make_card_view(state), state.legal_actions())
    assert A.action_to_str(choice) in {"Y5@A4", "Y5@B4"}


def test_the_planner_places_the_high_cards_and_leaves_the_low_one_to_the_turn_bar() -> None:
    # Two turns and three cards: the card left is the round's turn bar stack (the target).
    state = position(hand="R1 Y6 G5")
    bot = make_card_bot("plan", seed=1)
    for _ in range(2):
        state.apply(bot.choose(make_card_view(state), state.legal_actions()))
    assert state.bar[-1] == cards_of("R1")


def test_the_planner_beats_greedy_over_seeded_games() -> None:
    # A tiny version of `sagrada simulate --game cards --bots plan,greedy`: the same deals.
    margins = {}
    for name in ("plan", "greedy"):
        games = [play_card_game((CardOptions(tools=3), name, seed)) for seed in range(1, 9)]
        margins[name] = sum(game.score - game.target for game in games)
    assert margins["plan"] > margins["greedy"]
