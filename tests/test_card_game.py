"""The solo card game (rulebook 002_a2583da13b6224b7.txt; its tool, order and window tables are
house content: HOUSE-CONTENT.md, "The card game").

Cards are written like dice, K for black. Cells: rows A-D, columns 1-5.
"""

from __future__ import annotations

import json

import pytest

from helpers import BLANK, arrange_cards, cards_of
from sagrada.core.errors import ConfigError, IllegalActionError, InvalidNotationError
from sagrada.core.position import make_window
from sagrada.games.cards import actions as A
from sagrada.games.cards.cards import CARD_NAMES, parse_card
from sagrada.games.cards.content import BASIC, UNIQUE, content
from sagrada.games.cards.game import CARD_GAME, CardRecord
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import CardState, new_card_game, score_cards
from sagrada.games.cards.views import determinize_cards, make_card_view
from sagrada.registry import read_record


def game(*tools: int, seed: int = 1, **position: object) -> CardState:
    """A card game with the tool cards ``tools`` in a described position (helpers)."""
    state = new_card_game(CardOptions(tool_cards=tools or (1, 2, 3)), seed=seed)
    arrange_cards(state, **position)  # type: ignore[arg-type]
    return state


def act(state: CardState, *texts: str) -> None:
    for text in texts:
        state.apply(A.parse_action(text))


def legal(state: CardState) -> set[str]:
    return {A.action_to_str(a) for a in state.legal_actions()}


def why(state: CardState, text: str) -> str:
    return str(state.why_illegal(A.parse_action(text)))


# -- setup ---------------------------------------------------------------------------------------


def test_setup_reveals_one_unique_and_two_basic_orders_and_draws_three_cards() -> None:
    # Setup 1: "reveal 1 of [the unique orders]. Then ... reveal 2 of them."
    for seed in range(20):
        state = new_card_game(CardOptions(tools=3), seed=seed)
        assert sorted(o.kind for o in state.orders) == [BASIC, BASIC, UNIQUE]
        assert len(state.tools) == 3 and len(state.hand) == 3 and len(state.pile) == 27
        assert state.window.pattern in content().windows
        assert state.cards() == list(range(30))


def test_the_deck_has_thirty_glass_cards_fifteen_orders_nine_tools() -> None:
    assert len(CARD_NAMES) == 30 and CARD_NAMES[29] == "K6"
    assert sorted(o.kind for o in content().orders).count(UNIQUE) == 6
    assert len(content().orders) == 15 and len(content().tools) == 9
    assert [t.pay for t in content().tools] == [1, 2, 3, 4, 5, 6, 5, 1, 6]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tools": 0}, "tools must be 1-9"),
        ({"tool_cards": (10,)}, "no tool card 10"),
        ({"tool_cards": (True,)}, "True is not a tool card number or name"),
        ({"window": "Nowhere"}, "no glass window 'Nowhere'"),
        ({"orders": ("Light Shades", "Deep Shades", "Medium Shades")}, "1 unique order"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        CardOptions(**options)  # type: ignore[arg-type]


def test_chosen_tools_window_and_orders_are_used() -> None:
    options = CardOptions(
        tool_cards=("Lathekin", 9),
        window="Virtus",
        orders=("Shades of Black", "Light Shades", "Row Color Variety"),
    )
    state = new_card_game(options, seed=3)
    assert state.tools == (4, 9) and state.window.pattern.name == "Virtus"
    assert [o.name for o in state.orders] == [
        "Shades of Black",
        "Light Shades",
        "Row Color Variety",
    ]


# -- placement -----------------------------------------------------------------------------------


def test_the_first_card_goes_on_an_edge_or_a_corner() -> None:
    # "The very first card must be placed on an edge or corner square": not B2-B4, C2-C4.
    state = game(hand="R3")
    cells = {a.split("@")[1] for a in legal(state) if "@" in a}
    assert cells == {
        "A1",
        "A2",
        "A3",
        "A4",
        "A5",
        "B1",
        "B5",
        "C1",
        "C5",
        "D1",
        "D2",
        "D3",
        "D4",
        "D5",
    }


def test_a_card_touches_a_card_and_never_sits_beside_its_colour_or_value() -> None:
    # "adjacent (horizontally, vertically, diagonally) to a card"; "never horizontally or
    # vertically adjacent to a card of the same color or number (diagonally is allowed)".
    state = game(placements="B2=R3", hand="R5 G3")
    red = {a.split("@")[1] for a in legal(state) if a.startswith("R5@")}
    assert red == {"A1", "A3", "C1", "C3"}  # the diagonals; A2, B1, B3, C2 are beside the R3
    green = {a.split("@")[1] for a in legal(state) if a.startswith("G3@")}
    assert green == {"A1", "A3", "C1", "C3"}  # beside it, the 3 repeats
    assert why(state, "R5@A2") == "A2 is orthogonally next to B2, a card of the same colour"
    assert why(state, "R5@D4") == "D4 does not touch any placed card (orthogonally or diagonally)"


def test_a_card_meets_its_spaces_colour_or_value() -> None:
    # "In the case of a number requirement, the number must match; ... color ... must match."
    # A1 asks for black, A2 for a 3.
    state = game(grid="K3... ..... ..... .....", hand="R3 K5 G1")
    placed = {a for a in legal(state) if "@" in a and a.split("@")[1] in ("A1", "A2")}
    assert placed == {"K5@A1", "R3@A2"}
    assert why(state, "G1@A1") == "A1 requires a black card"
    assert why(state, "G1@A2") == "A2 requires a 3"


def test_a_turn_with_nothing_to_do_is_forfeited() -> None:
    # "If the player cannot play cards according to these rules, this turn is forfeited."
    # Every edge space asks for a 6 and no tool can be paid (no 1, 2 or 3 drawn).
    grid = "66666 6...6 6...6 66666"
    state = game(1, 2, 3, grid=grid, hand="R4 G5 B4")
    assert legal(state) == {"pass"}
    assert "forfeited" in str(state.describe_decision())
    act(state, "pass", "pass")
    assert state.bar == [cards_of("R4 G5 B4")] and len(state.hand) == 3  # round 2 drew 3


# -- the round -----------------------------------------------------------------------------------


def test_a_turn_without_a_placement_may_be_forfeited_even_when_a_tool_could_be_used() -> None:
    # Forfeiting is tied to placing ("If the player cannot play cards ... this turn is
    # forfeited"): a tool stays a choice. Running Pliers (pays with a 5) could be used.
    grid = "66666 6...6 6...6 66666"
    state = game(7, grid=grid, hand="R5 G4 B4")
    assert legal(state) == {"T7", "pass"}
    assert "use a tool, or pass to forfeit the turn" in str(state.describe_decision())


def test_two_turns_then_the_cards_left_go_to_the_turn_bar_as_one_stack() -> None:
    # "At the end of the round, the player places unused cards in a row ... stacked."
    state = game(hand="R3 K5 G1")
    act(state, "R3@A1", "K5@B2")
    assert state.bar == [[parse_card("G1")]] and state.round == 1 and state.turn == 0
    assert len(state.hand) == 3


def test_a_tool_is_paid_with_a_drawn_card_of_its_value_and_used_once() -> None:
    # Glazing Hammer shows 3: only a 3 pays; the card and the tool are discarded.
    state = game(3, hand="R3 K5 G1")
    assert "T3" in legal(state)
    act(state, "T3")
    assert legal(state) == {"$R3"}
    act(state, "$R3")
    assert state.discard == cards_of("R3") and state.spent == [3] and len(state.hand) == 2
    assert state.turn == 1 and "T3" not in legal(state)


def test_a_tool_needs_a_card_of_its_value() -> None:
    state = game(3, hand="R4 K5 G1")
    assert "T3" not in legal(state)
    assert why(state, "T3") == (
        "Glazing Hammer is paid with a drawn card of value 3, and then its effect must be possible"
    )
    assert why(state, "T4") == "tool card 4 is not in this game"


def test_one_tool_a_round() -> None:
    # "either put two ... or put one ... and use a tool with one card."
    state = game(3, 7, hand="R3 K5 G1")
    act(state, "T7", "$K5")
    assert "T3" not in legal(state)
    assert why(state, "T3") == "a tool has been used this round (one a round)"
    assert why(state, "T7") == "Running Pliers has been used (each tool card is used once)"


def test_an_empty_pile_is_refilled_by_shuffling_the_discarded_cards() -> None:
    # "When the deck is used up, the discarded cards are reshuffled to form a new deck."
    state = game(hand="R3 K5 G1")
    everything_else = [c for c in range(30) if c not in cards_of("R3 K5 G1 Y2 Y4 B6")]
    state.bar = [everything_else]
    state.pile, state.discard = [], cards_of("Y2 Y4 B6")
    act(state, "R3@A1", "K5@B2")
    assert sorted(state.hand) == sorted(cards_of("Y2 Y4 B6")) and state.discard == []


# -- each tool -----------------------------------------------------------------------------------


def test_eglomise_brush_moves_a_card_ignoring_the_colour_restriction() -> None:
    state = game(1, grid="..... ..... ..... ....G", placements="C5=R3 D4=B2", hand="Y1 K6 K4")
    act(state, "T1", "$Y1")
    assert "C5>D5" in legal(state)  # D5 asks for green: the red 3 goes there anyway
    act(state, "C5>D5")
    assert state.window.dice[19] == parse_card("R3") and state.window.violations() == []


def test_copper_foil_burnisher_moves_a_card_ignoring_the_value_restriction() -> None:
    state = game(2, grid="..... ..... ..... ....6", placements="C5=R3 D4=B2", hand="Y2 K6 K4")
    act(state, "T2", "$Y2")
    assert "C5>D5" in legal(state)
    act(state, "C5>D5")
    assert state.window.dice[19] == parse_card("R3")


def test_glazing_hammer_puts_the_other_cards_under_the_pile_and_draws_as_many() -> None:
    # The rulebook: "Just redraw 2 new cards (since 1 card has already been discarded)."
    state = game(3, hand="R3 K5 G1")
    act(state, "T3", "$R3")
    assert state.bottom == cards_of("G1 K5") and len(state.hand) == 2
    assert not set(state.hand) & set(cards_of("R3 K5 G1"))  # new cards: the pile had 27 more


def test_glazing_hammer_with_the_pile_used_up_draws_from_the_reshuffled_discards() -> None:
    # "When the deck is used up, the discarded cards are reshuffled to form a new deck": the
    # hammer's new cards come from them, not back from under the pile.
    state = game(3, hand="R3 K5 G1")
    others = [c for c in range(30) if c not in cards_of("R3 K5 G1 Y2 Y4")]
    state.bar, state.pile, state.discard = [others], [], cards_of("Y2 Y4")
    act(state, "T3", "$R3")
    assert sorted(state.hand) != sorted(cards_of("K5 G1"))
    assert len(state.hand) == 2 and state.cards() == list(range(30))


def test_lathekin_moves_exactly_two_cards() -> None:
    state = game(4, placements="A1=R3 A2=B2", hand="Y4 K6 G1")
    act(state, "T4", "$Y4")
    first = legal(state)
    assert first and all(">" in a for a in first)
    act(state, "A1>B1")
    second = legal(state)
    assert second and not any(a.startswith("B1>") for a in second)  # another card
    act(state, sorted(second)[0])
    assert state.tool == 0


def test_lens_cutter_swaps_a_drawn_card_with_a_turn_bar_card() -> None:
    state = game(5, hand="R5 K6 G1", bar=["Y2 B3"])
    act(state, "T5", "$R5", "K6", "r1:B3")
    assert sorted(state.hand) == sorted(cards_of("B3 G1")) and state.bar == [cards_of("Y2 K6")]


def test_cork_backed_straightedge_places_a_card_where_none_touches_it() -> None:
    state = game(6, placements="A1=R3", hand="G6 K5 Y2")
    act(state, "T6", "$G6")
    cells = {a.split("@")[1] for a in legal(state) if a.startswith("K5@")}
    assert "B2" not in cells and "A2" not in cells and "C3" in cells
    act(state, "K5@C3")
    assert state.window.dice[12] == parse_card("K5")
    # Its placement is the round's one ("put one of them in his window and use a tool"): the
    # round ends, the card left goes to the turn bar.
    assert state.round == 1 and state.bar == [cards_of("Y2")]


def test_cork_backed_straightedge_is_not_used_once_a_card_is_placed_this_round() -> None:
    state = game(6, placements="A1=R3", hand="G6 K5 Y2")
    act(state, "Y2@B2")
    assert "T6" not in legal(state)


def test_running_pliers_draws_four_cards_next_round() -> None:
    state = game(7, hand="R5 K6 G1")
    act(state, "T7", "$R5", "K6@A1")
    assert len(state.hand) == 4 and state.bar == [cards_of("G1")]


def test_running_pliers_is_not_used_in_the_last_round() -> None:
    state = game(7, hand="R5 K6 G1", round_number=10, bar=[""] * 9)
    assert "T7" not in legal(state)


def test_flux_remover_puts_a_card_under_the_pile_and_draws_the_top_one() -> None:
    state = game(8, hand="R1 K6 G3")
    act(state, "T8", "$R1", "K6")
    assert state.bottom == cards_of("K6") and len(state.hand) == 2
    assert parse_card("G3") in state.hand and parse_card("K6") not in state.hand


def test_tap_wheel_moves_up_to_two_cards_of_a_turn_bar_colour() -> None:
    state = game(9, placements="A1=R3 B2=R1 A2=G2", hand="K6 Y1 B4", bar=["R5"])
    act(state, "T9", "$K6")
    assert all(a.split(">")[0] in ("A1", "B2") for a in legal(state))  # red only
    assert "A1>B1" not in legal(state)  # beside the red 1 on B2
    act(state, "A1>A3")
    assert "stop" in legal(state) and all(a == "stop" or a.startswith("B2>") for a in legal(state))
    act(state, "stop")
    assert state.tool == 0 and state.window.dice[2] == parse_card("R3")


# -- orders and the end --------------------------------------------------------------------------

# Each row and each column holds the five colours; rows repeat no value, columns do.
FULL = (
    "A1=R1 A2=Y2 A3=G3 A4=B4 A5=K5 B1=Y3 B2=G4 B3=B5 B4=K6 B5=R1 "
    "C1=G5 C2=B6 C3=K1 C4=R2 C5=Y3 D1=B1 D2=K2 D3=R3 D4=Y4 D5=G5"
)
#: Each order on FULL, worked by hand: Row Color Variety 4 rows x 6; Column Color Variety 5 x
#: 5; Row Shade Variety 4 x 5; no column without a repeated value; 1s: 4, 2s: 3 -> 3 sets x 2;
#: 3s: 4, 4s: 3 -> 3 x 2; 5s: 4, 6s: 2 -> 2 x 2; values 1-6 all at least twice -> 2 x 5; four of
#: each colour -> 4 x 4; red 1+1+2+3, green 3+4+5+5, yellow 2+3+3+4, blue 4+5+6+1, black
#: 5+6+1+2; colour diagonals: every card but A1 and D5 has a same-coloured diagonal neighbour.
ORDER_POINTS = {
    "Row Color Variety": 24,
    "Column Color Variety": 25,
    "Row Shade Variety": 20,
    "Column Shade Variety": 0,
    "Light Shades": 6,
    "Medium Shades": 6,
    "Deep Shades": 4,
    "Shade Variety": 10,
    "Color Variety": 16,
    "Shades of Red": 7,
    "Shades of Green": 17,
    "Shades of Yellow": 12,
    "Shades of Blue": 16,
    "Shades of Black": 14,
    "Color Diagonals": 18,
}


def test_the_formulas_speak_of_cards_and_black() -> None:
    window = make_window(BLANK, "A1=R1 B2=R2")
    assert str(content().order("Shades of Black").score(window).formula) == "no black cards"
    assert str(content().order("Color Diagonals").score(window).formula) == "2 cards × 1 VP"


@pytest.mark.parametrize(("name", "points"), ORDER_POINTS.items())
def test_each_order_scores_as_worked_by_hand(name: str, points: int) -> None:
    window = make_window(BLANK, FULL.replace("K", "P"))
    part = content().order(name).score(window)
    assert (part.name, part.points) == (name, points)


def test_the_end_target_and_score() -> None:
    # "Add up the values of all the cards on the turn bar ... For each empty field ... 3 points
    # are lost. If the sum ... is at least the target, you won." One open space (D5).
    orders = [content().order(n) for n in ("Shades of Green", "Light Shades", "Color Variety")]
    window = make_window(BLANK, FULL.replace("K", "P").rsplit(" ", 1)[0])
    score = score_cards(window, orders)
    # Shades of Green 12 (the G5 on D5 is gone), Light Shades 6, Color Variety: green has 3,
    # so 3 sets x 4 = 12; -3 for D5.
    assert [p.points for p in score.parts] == [12, 6, 12, -3] and score.total == 27


def test_a_whole_game_ends_after_ten_rounds_with_the_target_of_the_turn_bar() -> None:
    state = new_card_game(CardOptions(tools=3), seed=5)
    choose = __import__("random").Random(5).choice
    while not state.is_over:
        state.apply(choose(state.legal_actions()))
    outcome = state.outcome()
    assert len(state.bar) == 10
    assert outcome.target == sum(c % 6 + 1 for stack in state.bar for c in stack)
    assert outcome.won == (outcome.score.total >= outcome.target)
    assert state.cards() == list(range(30))


# -- hidden information, notation, records -------------------------------------------------------


def test_the_view_never_shows_the_piles_order() -> None:
    state = new_card_game(CardOptions(tools=3), seed=7)
    view = make_card_view(state)
    data = view.to_json()
    assert data["pile"] == 27 and "rng" not in json.dumps(data)
    assert set(view.state.pile) == {-1}
    guesses = {tuple(sorted(determinize_cards(view, s).pile)) for s in range(5)}
    assert guesses == {tuple(sorted(state.pile))}  # the unseen cards, dealt again
    assert determinize_cards(view, 1).legal_actions() == state.legal_actions()


def test_notation_reads_back_and_refuses_what_is_not_an_action() -> None:
    for text in ("pass", "stop", "T9", "$K6", "R3", "K6@D5", "B4>C5", "r10:K6"):
        assert A.action_to_str(A.parse_action(text)) == text
    with pytest.raises(InvalidNotationError, match="not an action of the card game"):
        A.parse_action("P3@A1")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = game(hand="R3 K5 G1")
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="not among your drawn cards"):
        state.apply(A.parse_action("Y2@A1"))
    assert state.snapshot() == before


def test_a_record_names_its_game_and_replays_identically() -> None:
    state = new_card_game(CardOptions(tools=4), seed=11)
    choose = __import__("random").Random(11).choice
    while not state.is_over:
        state.apply(choose(state.legal_actions()))
    record = CardRecord.of(state, 11)
    again = read_record(record.dumps())
    assert again.to_json()["game"] == "cards" and again.replay().snapshot() == state.snapshot()
    assert CARD_GAME.outcome(again.replay()).target == state.outcome().target
