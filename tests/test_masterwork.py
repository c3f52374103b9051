"""Life's Masterwork module (rulebook 004_234c3922e9d01436.txt, MASTERWORK MODULE; the faces,
slots and starting symbols are house content: HOUSE-CONTENT.md, "Life: Masterwork module").

Cells: rows A-D, columns 1-5. A die on C3 has B3 to its north, C4 east, D3 south, C2 west,
B4 north-east, D4 south-east, D2 south-west and B2 north-west. A rotation turns every arrow
clockwise: 90 degrees takes N to E, E to S, NE to SE.
"""

from __future__ import annotations

import pytest

from helpers import BLANK, act, arrange_turn, cell_set, legal, start, why
from sagrada.core.cells import parse_cell
from sagrada.core.dice import SYMBOLS, die_symbol, masterwork_die
from sagrada.core.position import make_window
from sagrada.games.dice.render import table_text
from sagrada.games.dice.rules.actions import parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.modules.masterwork import board, face_met, masterwork_part, targets
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import make_view

#: Where each face's arrows point from C3, at each rotation (worked out from the table of
#: HOUSE-CONTENT.md: Corner N E, Bridge W E, Slant NW SE, Crown NW NE, Split N S, Prism N E W).
TARGETS_FROM_C3 = {
    ("corner", 0): {"B3", "C4"},
    ("corner", 90): {"C4", "D3"},
    ("corner", 180): {"D3", "C2"},
    ("corner", 270): {"C2", "B3"},
    ("bridge", 0): {"C2", "C4"},
    ("bridge", 90): {"B3", "D3"},
    ("bridge", 180): {"C4", "C2"},
    ("bridge", 270): {"D3", "B3"},
    ("slant", 0): {"B2", "D4"},
    ("slant", 90): {"B4", "D2"},
    ("slant", 180): {"D4", "B2"},
    ("slant", 270): {"D2", "B4"},
    ("crown", 0): {"B2", "B4"},
    ("crown", 90): {"B4", "D4"},
    ("crown", 180): {"D4", "D2"},
    ("crown", 270): {"D2", "B2"},
    ("split", 0): {"B3", "D3"},
    ("split", 90): {"C4", "C2"},
    ("split", 180): {"D3", "B3"},
    ("split", 270): {"C2", "C4"},
    ("prism", 0): {"B3", "C4", "C2"},
    ("prism", 90): {"C4", "D3", "B3"},
    ("prism", 180): {"D3", "C2", "C4"},
    ("prism", 270): {"C2", "B3", "D3"},
}

#: For each requirement, dice that meet it (twice for "same": by colour, by value) and dice
#: that do not, in the order of the cells (a two-arrow face uses the first two; the first two
#: of each list already decide).
MEETS = {
    "same": (["R1", "R4", "R6"], ["R1", "G1", "B1"], ["R1", "G2", "R3"]),
    "different_values": (["R1", "R2", "R3"], None, ["R1", "G1", "B2"]),
    "different_colours": (["R1", "G1", "B1"], None, ["R1", "R2", "G3"]),
}
REQUIREMENT = {
    "corner": "same",
    "bridge": "same",
    "slant": "same",
    "crown": "same",
    "split": "different_values",
    "prism": "different_colours",
}


@pytest.mark.parametrize(("symbol", "rotation"), sorted(TARGETS_FROM_C3))
def test_each_face_points_where_its_arrows_turned_by_the_rotation_say(
    symbol: str, rotation: int
) -> None:
    die = masterwork_die(SYMBOLS.index(symbol), rotation)
    found = {None if t is None else "ABCD"[t // 5] + str(t % 5 + 1) for t in targets(die, 12)}
    assert found == TARGETS_FROM_C3[(symbol, rotation)]


@pytest.mark.parametrize(("symbol", "rotation"), sorted(TARGETS_FROM_C3))
def test_each_face_is_met_exactly_when_its_requirement_holds(symbol: str, rotation: int) -> None:
    cells = sorted(TARGETS_FROM_C3[(symbol, rotation)])
    die = f"O{symbol}{rotation}"
    met, also_met, missed = MEETS[REQUIREMENT[symbol]]
    for dice, expected in ((met, True), (also_met, True), (missed, False)):
        if dice is None:
            continue
        placements = " ".join(f"{c}={d}" for c, d in zip(cells, dice, strict=False))
        window = make_window(BLANK, f"C3={die} {placements}")
        assert face_met(window, parse_cell("C3")) is expected, (dice, expected)
    # An arrow at an open space: not met, whatever the other dice.
    first = " ".join(f"{c}={d}" for c, d in zip(cells[1:], met, strict=False))
    assert not face_met(make_window(BLANK, f"C3={die} {first}"), parse_cell("C3"))


def test_an_arrow_off_the_window_is_never_met() -> None:
    # A corner die on A5 turned 0 points north (off the window) and east (off the window).
    window = make_window(BLANK, "A5=Ocorner0 A4=R1 B5=R2")
    assert targets(window.dice[4], 4) == [None, None]
    assert not face_met(window, 4)
    # Turned 180 it points south (B5) and west (A4): both red, so met.
    window = make_window(BLANK, "A5=Ocorner180 A4=R1 B5=R2")
    assert face_met(window, 4)


def test_the_masterwork_dice_score_five_each_met_and_lose_two_each_missed() -> None:
    # C3 corner 0 points at B3 (R1) and C4 (R5): same colour, met (+5). A1 split 0 points
    # north, off the window: not met (-2). Total 3.
    window = make_window(BLANK, "C3=Ocorner0 B3=R1 C4=R5 A1=Osplit0 B1=G2")
    part = masterwork_part(window)
    assert (part.name, part.points, part.count) == ("Masterwork dice", 3, 2)
    assert str(part.formula) == "1 met × 5 VP, 1 not met × -2 VP"
    assert part.cells == ("A1", "C3")


# -- the board --------------------------------------------------------------------------------


def game(players: int = 2, **options: object) -> State:
    return start(GameConfig(players=players, masterwork=True, **options), seed=11)  # type: ignore[arg-type]


def test_the_board_starts_with_split_and_prism_right_and_the_other_four_left() -> None:
    # GAME SETUP: "[split] and [prism] dice on the rightmost orange slots, remaining dice in
    # the leftmost 4 slots"; one die per space for 2-3 players, two for 4-6.
    for seed in range(5):
        state = new_game(GameConfig(players=2, masterwork=True), seed=seed)
        symbols = [SYMBOLS[s] for s in board(state).symbols]
        assert symbols[4:] == ["split", "prism"]
        assert sorted(symbols[:4]) == ["bridge", "corner", "crown", "slant"]
        assert board(state).left == [1] * 6
    assert board(new_game(GameConfig(players=4, masterwork=True), seed=1)).left == [2] * 6


def test_a_drafted_die_goes_into_a_slot_it_matches_by_colour_or_value() -> None:
    # The board (HOUSE-CONTENT.md): colour slots R Y G B P any, value slots 1-6.
    state = game()
    arrange_turn(state, pool="R3 P5 Y6")
    slots = {a for a in legal(state) if "/" in a}
    assert slots == {
        "R3/1c", "R3/3v", "R3/6c",  # red slot, value slot 3, the any-colour slot
        "P5/5c", "P5/5v", "P5/6c",
        "Y6/2c", "Y6/6v", "Y6/6c",
    }  # fmt: skip
    # The slot in words, not its notation.
    assert why(state, "P5/1c") == (
        "the P5 does not match the colour slot of masterwork space 1 (its colour or its value)"
    )


def test_taking_a_masterwork_die_gains_favor_and_asks_where_it_goes() -> None:
    state = game()
    seat = arrange_turn(state, pool="R3 P5 Y6", favor=1)
    act(state, "P5/5c")  # space 5 (split, favor 1)
    assert state.players[seat].favor == 2
    assert state.pool.count(4 * 6 + 4) == 0  # the P5 is on the board now
    assert board(state).slots[8] == 4 * 6 + 4
    # The die must be placed now, with a rotation: the first die goes on an edge.
    choices = legal(state)
    assert "O90@A1" in choices and "O270@D5" in choices and "O0@B2" not in choices
    assert len(choices) == 4 * 14
    assert "pass" not in choices
    act(state, "O90@A1")
    assert state.window(seat).dice[0] == masterwork_die(SYMBOLS.index("split"), 90)
    # The turn's draft is used: no other draft, no other slot; a tool or pass remain.
    assert not any("@" in a and not a.startswith("T") for a in legal(state))
    assert why(state, "R3@A2") == "you have already drafted a die this turn"


@pytest.mark.parametrize(
    ("slot", "favor"), [("1c", 2), ("2c", 2), ("3v", 2), ("4v", 2), ("5c", 1), ("6c", 0)]
)
def test_each_space_gives_its_favor_tokens(slot: str, favor: int) -> None:
    # Favor for the space taken from: 2, 2, 2, 2, 1, 0 (rulebook, GAMEPLAY 3).
    die = {"1c": "R1", "2c": "Y2", "3v": "G3", "4v": "B4", "5c": "P5", "6c": "G6"}[slot]
    state = game()
    seat = arrange_turn(state, pool=die, favor=0)
    act(state, f"{die}/{slot}")
    assert state.players[seat].favor == favor


def test_solo_play_gains_no_favor_tokens() -> None:
    state = game(players=1)
    seat = arrange_turn(state, pool="R1 G2 B3 Y4")
    act(state, "R1/1c")
    assert state.players[seat].favor == 0


def test_two_or_three_players_have_one_die_per_space() -> None:
    state = game()
    arrange_turn(state, pool="P5 P5")
    act(state, "P5/5c", "O0@A1", "pass")
    arrange_turn(state, pool="P5 P5")
    assert not any(a.startswith("P5/5") for a in legal(state))
    assert why(state, "P5/5v") == "space 5 of the masterwork board has no masterwork die left"


def test_with_four_players_the_second_die_is_reached_only_through_the_open_slot() -> None:
    # GAMEPLAY 4: "if there is still an open slot above the masterwork die space, place a new
    # masterwork die there ... only by placing a die that matches the single remaining slot".
    state = game(players=4)
    arrange_turn(state, pool="P5 P5 R1")
    act(state, "P5/5c", "O0@A1", "pass")
    assert board(state).left[4] == 1 and SYMBOLS[board(state).symbols[4]] == "split"
    arrange_turn(state, pool="P5 P5 R1")
    offered = {a for a in legal(state) if "/5" in a}
    assert offered == {"P5/5v"}
    assert why(state, "P5/5c") == "the colour slot of masterwork space 5 already holds a die"
    act(state, "P5/5v", "O0@A1", "pass")
    assert board(state).left[4] == 0


def test_the_swap_is_offered_only_when_the_masterwork_die_can_be_placed() -> None:
    # Every space of this window needs red: an orange die can go nowhere.
    state = game()
    arrange_turn(state, window="RRRRR RRRRR RRRRR RRRRR", pool="R1 R3")
    assert not any("/" in a for a in legal(state))
    assert "R1@A1" in legal(state)
    symbol = SYMBOLS[board(state).symbols[0]]
    assert why(state, "R1/1c") == (
        f"the {symbol} masterwork die could not be placed anywhere in your window"
    )


def test_the_random_option_rolls_the_second_die_when_it_is_revealed() -> None:
    fixed = game(players=4)
    arrange_turn(fixed, pool="P5 R1")
    assert not fixed.is_chance(parse_action("P5/5c"))
    rolled = game(players=4, masterwork_random=True)
    arrange_turn(rolled, pool="P5 R1")
    assert rolled.is_chance(parse_action("P5/5c"))
    # With 2 players no second die is revealed: nothing is rolled.
    two = game(players=2, masterwork_random=True)
    arrange_turn(two, pool="P5 R1")
    assert not two.is_chance(parse_action("P5/5c"))


def test_views_show_the_board_and_each_masterwork_dies_arrows() -> None:
    state = game()
    seat = arrange_turn(state, pool="P5 R3", placements="B1=R2 A2=R4")
    act(state, "P5/5c")
    view = make_view(state, seat).to_json()
    assert view["held_die"] == "Osplit0"
    assert view["masterwork_placements"]  # where the taken die may go
    act(state, "O0@A1")  # split 0 on A1: north off the window, south B1
    view = make_view(state, seat).to_json()
    space5 = view["masterwork"]["spaces"][4]
    assert space5 == {
        "colour": "P",
        "value": 5,
        "favor": 1,
        "colour_slot": "P5",
        "value_slot": None,
        "symbol": None,
        "left": 0,
    }
    # Each face's arrows and what they need (HOUSE-CONTENT.md), for a legend.
    faces = {face["symbol"]: face for face in view["masterwork"]["faces"]}
    assert faces["prism"]["arrows"] == ["N", "E", "W"]
    # Each symbol its own words: where its arrows point, and what they ask.
    assert faces["prism"]["explanation"] == {
        "id": "masterwork.face",
        "params": {
            "arrows": {"id": "masterwork.symbol.prism.arrows", "params": {}},
            "requirement": {"id": "masterwork.requirement.different_colours", "params": {}},
        },
    }
    assert len({str(face["explanation"]) for face in faces.values()}) == len(faces)
    mine = view["players"][seat]["masterwork_dice"]
    assert mine == [
        {
            "cell": "A1",
            "symbol": "split",
            "rotation": 0,
            "arrows": ["N", "S"],
            "targets": [None, "B1"],
            "met": False,
        }
    ]


# -- Life's tools (house content: HOUSE-CONTENT.md, "Life: tool cards") ------------------------


def tools_game() -> State:
    return start(GameConfig(players=2, masterwork=True, tools=(15, 16, 1)), seed=5)


def test_lifes_tools_are_in_the_deck_only_with_the_masterwork_module() -> None:
    assert {15, 16} <= set(GameConfig(players=2, masterwork=True).tool_deck)
    assert not {15, 16} & set(GameConfig(players=2).tool_deck)


def test_soldering_iron_moves_a_masterwork_die_and_turns_it_again() -> None:
    # Corner die on A1 beside R2 on A2. Moving it: it must still touch a die and obey the
    # colour restrictions; B1 requires red (orange cannot go there), B2 and B3 touch A2.
    state = tools_game()
    seat = arrange_turn(
        state, window="..... R.... ..... .....", placements="A1=Ocorner0 A2=R2", favor=3
    )
    act(state, "T15")
    moves = {a for a in legal(state) if ">" in a}
    assert moves == {"A1>A3", "A1>B2", "A1>B3"}  # A2's other neighbours; B1 is red
    assert "requires a red die" in why(state, "A1>B1")
    act(state, "A1>B3")
    assert legal(state) == {"O0@B3", "O90@B3", "O180@B3", "O270@B3"}
    act(state, "O180@B3")
    window = state.window(seat)
    assert window.dice[parse_cell("B3")] == masterwork_die(SYMBOLS.index("corner"), 180)
    assert window.dice[parse_cell("A1")] < 0


@pytest.mark.parametrize(
    ("tool", "then"),
    [(2, ()), (3, ()), (4, ("A4>A3",))],
    ids=["Eglomise Brush", "Copper Foil Burnisher", "Lathekin"],
)
def test_a_masterwork_die_moved_by_any_tool_may_be_turned_keeping_its_symbol(
    tool: int, then: tuple[str, ...]
) -> None:
    # MASTERWORK DICE PLACEMENT: "If a Masterwork Die is moved, it may be rotated but must
    # remain showing the same symbol." Worked by hand: the corner die on A1 moves to B1
    # (touching the R2 on A2 diagonally); the player then chooses any of the four rotations
    # of a corner on B1, and the die shows a corner turned 90 degrees. Lathekin then moves its
    # second die (the G4 on A4 to A3, beside the R2), as it must move two.
    state = start(GameConfig(players=2, masterwork=True, tools=(2, 3, 4)), seed=5)
    seat = arrange_turn(state, placements="A1=Ocorner0 A2=R2 A4=G4", favor=3)
    act(state, f"T{tool}", "A1>B1")
    assert legal(state) == {"O0@B1", "O90@B1", "O180@B1", "O270@B1"}
    assert why(state, "O90@B2").endswith("choose how to turn the masterwork die on B1")
    act(state, "O90@B1", *then)
    window = state.window(seat)
    assert window.dice[parse_cell("B1")] == masterwork_die(SYMBOLS.index("corner"), 90)
    assert window.dice[parse_cell("A1")] < 0
    assert state.tool_slot < 0  # the card is over


def test_a_masterwork_die_turned_after_eglomise_brush_keeps_its_colour_waived() -> None:
    # Eglomise Brush ignores the space's colour restriction (rules README, "Moving a die"):
    # the corner die may move onto B1, which asks for red, and stays waived there once the
    # player turns it (MASTERWORK DICE PLACEMENT: "it may be rotated"), so the window breaks
    # no rule.
    state = start(GameConfig(players=2, masterwork=True, tools=(2, 3, 4)), seed=5)
    seat = arrange_turn(
        state, window="..... R.... ..... .....", placements="A1=Ocorner0 A2=R2", favor=3
    )
    act(state, "T2", "A1>B1", "O180@B1")
    window = state.window(seat)
    assert window.dice[parse_cell("B1")] == masterwork_die(SYMBOLS.index("corner"), 180)
    assert cell_set(window.waived_colour) == {"B1"}
    assert window.violations() == []


def test_soldering_iron_is_not_offered_without_a_masterwork_die_to_move() -> None:
    state = tools_game()
    arrange_turn(state, placements="A1=R2", favor=3)
    assert "T15" not in legal(state)
    assert why(state, "T15") == (
        "Soldering Iron: no masterwork die in your window can be moved anywhere"
    )


def test_glass_saw_puts_the_drafted_die_into_any_open_slot() -> None:
    # A green 4 matches neither slot of space 1 (red, 1): the Glass Saw ignores that. Space 1
    # gives 2 favor tokens; the card cost 1 (no token on it yet).
    state = tools_game()
    seat = arrange_turn(state, pool="G4 B5", favor=3)
    assert "G4/1c" not in legal(state)
    act(state, "T16", "G4")
    assert {"G4/1c", "G4/1v", "G4/6v"} <= legal(state)
    act(state, "G4/1c")
    assert state.players[seat].favor == 3 - 1 + 2
    symbol = die_symbol(state.held)
    act(state, "O90@A1")
    assert state.window(seat).dice[0] == masterwork_die(symbol, 90)
    # Glass Saw used the turn's draft, and the tool: the turn is over.
    assert state.current != seat


def test_the_terminal_shows_the_board_and_each_masterwork_die() -> None:
    state = game()
    seat = arrange_turn(state, pool="P5 R3", placements="B1=R2")
    act(state, "P5/5c", "O0@A1")  # split 0 on A1: north off the window, south B1 (R2)
    text = table_text(make_view(state, seat))
    assert "Masterwork board (house card: the printed card's text is not available):" in text
    assert "  5: slots 5c P5, 5v [5]; empty; 1 favor" in text
    assert "  6: slots 6c [any], 6v [6]; prism x1; 0 favor" in text
    assert "  A1: split 0° -> off the window, B1: not met" in text
