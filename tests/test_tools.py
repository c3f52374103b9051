"""The twelve tool cards: every legal use and every way each can be refused.

Sources cited in the comments:

* "rulebook": rulebook 001_3237e9a6eb6273e0.txt (English base rules, second printing),
  sections TOOL CARDS & FAVOR TOKENS, PLACING DICE and GAMEPLAY.
* "CARDS.md §1": CARDS.md (card reference), section 1, the text of each tool card.
* "reading": the readings the project adopts, the rulebooks' README.md, section "Readings we
  adopt where the text is short".

Every situation is built by hand: setup is played with W-actions, then the position is
arranged through the public API (``sagrada.games.dice.rules.position.arrange``, via ``helpers``):
the draft
pool, the current player's window (on a test pattern whose grid is given), the Round Track, the
favor tokens and the tokens on the cards. Dice put on the table come out of the bag, so every
die stays conserved. Windows are drawn as four rows A-D of five columns 1-5; in the grids
"." is a white space, R Y G B P a colour and 1-6 a value. Every expected set below is worked out
by hand in the comment next to it.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers import act, arranged_game, legal, refused
from sagrada.core.cells import parse_cell
from sagrada.core.dice import DIE_COLOUR, DIE_NAMES, DIE_VALUE, PURPLE, RED, parse_die
from sagrada.games.dice.rules.actions import KIND_OF, Kind, action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import State

#: The edge and corner cells, where the first die of a window goes (PLACING DICE, "First die").
EDGE = ("A1", "A2", "A3", "A4", "A5", "B1", "B5", "C1", "C5", "D1", "D2", "D3", "D4", "D5")
EDGE_PUTS = {"@" + cell for cell in EDGE}


# -- helpers --------------------------------------------------------------------------------------


def situation(tools: tuple[int, int, int], *, favor: int = 5, **arrangement: Any) -> State:
    """Return a 2-player game (seed 7) with ``tools`` in play, arranged by
    ``helpers.arrange_turn``: every player has ``favor`` tokens and an empty window on a blank
    pattern, except the player at ``turn``, whose window is ``window`` holding ``placements``.
    """
    config = GameConfig(players=2, tools=tools)
    return arranged_game(config, 7, favor=favor, **arrangement)


def tool_actions(s: State) -> set[str]:
    """Return the legal actions that start a tool card, in notation."""
    return {action_to_str(a) for a in s.legal_actions() if KIND_OF[a] == Kind.TOOL}


def moves_from(s: State, cell: str) -> set[str]:
    """Return the cells the die on ``cell`` may move to at this step."""
    return {text.split(">")[1] for text in legal(s) if text.startswith(cell + ">")}


def at(s: State, seat: int, cell: str) -> str:
    """Return the die on ``cell`` of the seat's window, or ``"_"`` if it is open."""
    die = s.window(seat).dice[parse_cell(cell)]
    return DIE_NAMES[die] if die >= 0 else "_"


def slot_of(s: State, number: int) -> int:
    """Return the slot of tool card ``number`` among the cards in play."""
    return [card.id for card in s.tools].index(number)


# -- cost in favor tokens -------------------------------------------------------------------------


def test_first_use_of_a_card_costs_one_favor_token_then_two() -> None:
    # Rulebook, TOOL CARDS & FAVOR TOKENS, 1: "Place Favor Tokens on the Tool Card - 1 if there
    # aren't any tokens on the card, otherwise place 2."
    s = situation((10, 2, 3), pool="R3 G4 B5", favor=4)
    a, b = s.order[0], s.order[1]
    slot = slot_of(s, 10)
    act(s, "T10")
    assert s.players[a].favor == 3  # 4 - 1
    assert s.tool_tokens[slot] == 1
    act(s, "R3", "@A1")  # Grinding Stone turns R3 into R4
    assert s.current == b
    act(s, "T10")
    assert s.players[b].favor == 2  # 4 - 2: the card already holds a token
    assert s.tool_tokens[slot] == 3  # 1 + 2


def test_a_card_is_refused_to_a_player_with_too_few_favor_tokens() -> None:
    # Reading: "a player who lacks them cannot use it". Grinding Stone already holds a token
    # (it costs 2) and the player has 1; Eglomise Brush holds none (it costs 1).
    s = situation((10, 2, 3), pool="R3 G4", placements="A1=R1 B2=G2", favor=1, tool_tokens={10: 1})
    assert "T10" not in tool_actions(s)
    rule = refused(s, "T10", "favor token")
    assert "costs 2" in rule
    assert tool_actions(s) == {"T2", "T3"}
    act(s, "T2")
    assert s.players[s.order[0]].favor == 0
    assert s.tool_tokens[slot_of(s, 2)] == 1


def test_no_card_can_be_used_without_favor_tokens() -> None:
    # Even a card with no tokens on it costs 1.
    s = situation((10, 2, 3), pool="R3 G4", placements="A1=R1 B2=G2", favor=0)
    assert tool_actions(s) == set()
    refused(s, "T2", "costs 1 favor token", "you have 0")


def test_only_one_tool_card_per_turn() -> None:
    # Rulebook, GAMEPLAY: "Use 1 Tool Card by spending Favor Tokens" is one of the turn's two
    # actions. After Eglomise Brush the player may still draft, but use no other card.
    s = situation((2, 3, 10), pool="G4 B5", placements="A1=R1 B2=G2")
    a = s.order[0]
    act(s, "T2", "A1>A2")  # A2 touches B2; R1 is not next to another red or another 1
    assert s.current == a
    assert tool_actions(s) == set()
    assert "pass" in legal(s)
    assert "G4@A1" in legal(s)  # the draft is still open
    refused(s, "T3", "already used a tool card")
    refused(s, "T10", "already used a tool card")


def test_a_card_not_in_play_cannot_be_used() -> None:
    s = situation((10, 2, 3), pool="R3")
    refused(s, "T6", "not in play")


# -- the "after drafting" tools -------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 5, 6, 9, 10, 11])
def test_after_drafting_tools_are_refused_once_the_turns_die_is_drafted(number: int) -> None:
    # Reading: the "after drafting" tools (1, 5, 6, 9, 10, 11) work on the die drafted this turn,
    # so they need the turn's draft still unused. Lens Cutter also needs a Round Track die.
    s = situation((number, 2, 3), pool="R3 G4 B5", track={1: "Y2"})
    a = s.order[0]
    assert f"T{number}" in tool_actions(s)
    act(s, "R3@A1")
    assert s.current == a and s.drafted  # the turn goes on: the tool action is still open
    refused(s, f"T{number}", "already drafted")


@pytest.mark.parametrize("number", [2, 3, 4, 12])
def test_moving_tools_may_follow_the_draft_and_then_the_turn_ends(number: int) -> None:
    # Rulebook, GAMEPLAY: the two actions come "in any order". Window: A1=R1, B2=Y2; the
    # drafted G3 goes on C3 (it touches B2 diagonally). Round Track: a red die (Tap Wheel).
    # Each card has a move then: e.g. A1>A3 (A3 touches B2; no red or 1 next to it), and for
    # Lathekin a second one, B2>B3 (touches A3 and C3; next to R1 and G3, neither yellow nor 2).
    s = situation((number, 7, 8), pool="G3 P6", placements="A1=R1 B2=Y2", track={1: "R5"})
    a, b = s.order[0], s.order[1]
    act(s, "G3@C3")
    assert s.current == a
    assert f"T{number}" in tool_actions(s)
    act(s, f"T{number}")
    while s.current == a:
        s.apply(s.legal_actions()[0])
    # The turn ended by itself once both actions were done.
    assert s.current == b and s.turn == 1


# -- 1 Grozing Pliers ----------------------------------------------------------------------------


def test_grozing_pliers_lowers_the_drafted_die_which_must_then_be_placed() -> None:
    # CARDS.md §1, #1: "After drafting, increase or decrease the drafted die's value by 1."
    s = situation((1, 2, 3), pool="R1 G6 B3")
    a, b = s.order[0], s.order[1]
    act(s, "T1")
    assert legal(s) == {"R1", "G6", "B3"}  # any die of the pool may be drafted for the card
    act(s, "B3")
    assert legal(s) == {"+1", "-1"}
    act(s, "-1")
    assert DIE_NAMES[s.held] == "B2"
    # Reading: the die must then be placed (empty window: on any edge cell); no pass, no return.
    assert legal(s) == EDGE_PUTS
    refused(s, "pass")
    refused(s, "return")
    act(s, "@A1")
    assert at(s, a, "A1") == "B2"
    assert sorted(DIE_NAMES[d] for d in s.pool) == ["G6", "R1"]
    assert s.current == b  # draft and tool both done: the turn is over


def test_grozing_pliers_raises_the_drafted_die() -> None:
    s = situation((1, 2, 3), pool="B3")
    act(s, "T1", "B3", "+1")
    assert DIE_NAMES[s.held] == "B4"


@pytest.mark.parametrize(("die", "offered", "forbidden"), [("R1", "+1", "-1"), ("G6", "-1", "+1")])
def test_grozing_pliers_never_turns_a_1_into_a_6_nor_a_6_into_a_1(
    die: str, offered: str, forbidden: str
) -> None:
    # CARDS.md §1, #1: "A 1 may not become a 6, and a 6 may not become a 1 (no wrap-around)."
    s = situation((1, 2, 3), pool=f"{die} B3")
    act(s, "T1", die)
    assert legal(s) == {offered}
    refused(s, forbidden, "a 6 cannot become a 1, nor a 1 a 6")


def test_a_die_only_the_tool_makes_placeable_may_be_drafted_with_it() -> None:
    # Reading: "you may draft a die that only the tool makes placeable". Every space of this
    # window requires a 4: G3 cannot be drafted as it is, but Grozing Pliers makes it a G4.
    s = situation((1, 2, 3), pool="G3", window="44444 44444 44444 44444")
    assert not any(text.startswith("G3@") for text in legal(s))
    refused(s, "G3@A1", "requires a 4")
    act(s, "T1", "G3", "+1")
    assert legal(s) == EDGE_PUTS


def test_grozing_pliers_offers_only_dice_and_changes_that_can_be_placed() -> None:
    # docs/rules-clarifications.md, "Tools are offered only when they can complete": every
    # space of this window requires a 4. G3 fits after +1 (G4) but not after -1 (G2); R5 fits
    # after -1 (R4) but not after +1 (R6). So both dice may be taken, and for G3 only +1 is
    # offered.
    s = situation((1, 2, 3), pool="G3 R5", window="44444 44444 44444 44444")
    act(s, "T1")
    assert legal(s) == {"G3", "R5"}
    act(s, "G3")
    assert legal(s) == {"+1"}
    refused(s, "-1", "a G2 could not be placed anywhere in your window")


def test_grozing_pliers_is_not_offered_when_no_die_could_be_placed_after_it() -> None:
    # Same window: G1 can only become G2 (a 1 never becomes a 6), R6 only R5; neither is a 4.
    # The card is not offered, and no favor token is paid for it.
    s = situation((1, 2, 3), pool="G1 R6", window="44444 44444 44444 44444")
    a = s.order[0]
    assert "T1" not in tool_actions(s)
    refused(s, "T1", "no die in the Draft Pool could be placed after raising or lowering it by 1")
    assert s.players[a].favor == 5


# -- 2 Eglomise Brush and 3 Copper Foil Burnisher -------------------------------------------------

# Grid:            Window:                 The die moved is the R2 on B1. Lifted, the others stay:
#   A  G 3 . . .     A  _  _  _  _  _        B2=Y4, C3=P1, B4=G2, D4=R6.
#   B  . . . . .     B  R2 Y4 _  G2 _        Cells touching one of them: all open cells but D1.
#   C  . . . . .     C  _  _  P1 _  _        Next to G2 (a 2): A4, B3, B5, C4.
#   D  . . . . .     D  _  _  _  R6 _        Next to R6 (red): C4, D3, D5.
MOVE_GRID = "G3... ..... ..... ....."
MOVE_DICE = "B1=R2 B2=Y4 C3=P1 B4=G2 D4=R6"


def test_eglomise_brush_ignores_the_spaces_colour_but_nothing_else() -> None:
    # CARDS.md §1, #2: "Move any one die already in your window, ignoring the colour
    # restrictions. You must obey all other placement restrictions." Reading: the orthogonal
    # same colour/value rule and the must-touch rule still hold.
    # Targets of B1: the open cells touching a die, minus A2 (requires a 3), minus those next to a
    # 2 or a red die: A1 (green space: allowed), A3, A5, C1, C2, C5, D2.
    s = situation((2, 3, 10), pool="P5", window=MOVE_GRID, placements=MOVE_DICE)
    a = s.order[0]
    act(s, "T2")
    assert moves_from(s, "B1") == {"A1", "A3", "A5", "C1", "C2", "C5", "D2"}
    refused(s, "B1>A2", "A2 requires a 3")
    refused(s, "B1>B3", "same value")
    refused(s, "B1>D3", "same colour")
    refused(s, "B1>D1", "does not touch")
    act(s, "B1>A1")
    assert at(s, a, "A1") == "R2" and at(s, a, "B1") == "_"
    assert s.window(a).violations() == []  # the colour the card ignored is not a mistake later
    # The card was the turn's tool action; the draft is still open (P5 on B1: touches R2 and
    # Y4, next to neither a purple die nor a 5).
    assert s.current == a and tool_actions(s) == set() and "P5@B1" in legal(s)


def test_copper_foil_burnisher_ignores_the_spaces_value_but_nothing_else() -> None:
    # CARDS.md §1, #3: the same with the value restrictions. Targets of B1: A2 (requires a 3:
    # ignored; next to Y4 and nothing red or 2) instead of A1 (requires green), and A3, A5, C1,
    # C2, C5, D2 as with Eglomise Brush.
    s = situation((3, 2, 10), pool="P5", window=MOVE_GRID, placements=MOVE_DICE)
    a = s.order[0]
    act(s, "T3")
    assert moves_from(s, "B1") == {"A2", "A3", "A5", "C1", "C2", "C5", "D2"}
    refused(s, "B1>A1", "A1 requires a green die")
    refused(s, "B1>A4", "same value")
    refused(s, "B1>C4", "orthogonally next to")
    refused(s, "B1>D1", "does not touch")
    act(s, "B1>A2")
    assert at(s, a, "A2") == "R2"
    assert s.window(a).violations() == []


@pytest.mark.parametrize("number", [2, 3, 4, 12])
def test_moving_tools_are_refused_on_an_empty_window(number: int) -> None:
    s = situation((number, 1, 7), pool="R1", track={1: "R5"})
    refused(s, f"T{number}")
    assert f"T{number}" not in tool_actions(s)


# -- 4 Lathekin ----------------------------------------------------------------------------------

# Grid (Y everywhere but five white spaces), window R3 on A1, G4 on B2:
#   A  . Y Y Y Y     A  R3 _ _ _ _
#   B  Y . Y Y Y     B  _  G4 _ _ _
#   C  . Y . Y Y
#   D  Y Y Y . Y
# The dice may only stand on white spaces (neither is yellow).
# * G4 cannot move first: the white spaces touching R3 (A2, B1) are none.
# * R3 may go to C1 or C3 (white, touching G4, nothing next to them).
#   - after A1>C1, G4 would need a white space touching C1 (B1, C2, D1, D2): none;
#   - after A1>C3, G4 may go to D4 (white, touches C3).
# So the only first move offered is A1>C3, and the only second move is B2>D4.
LATHEKIN_GRID = ".YYYY Y.YYY .Y.YY YYY.Y"


def test_lathekin_moves_exactly_two_different_dice() -> None:
    # CARDS.md §1, #4: "Move exactly two dice in your window. Obey all placement restrictions."
    s = situation((4, 2, 3), pool="P6", window=LATHEKIN_GRID, placements="A1=R3 B2=G4")
    a = s.order[0]
    act(s, "T4")
    assert legal(s) == {"A1>C3"}
    refused(s, "A1>C1", "no second die")
    refused(s, "B2>A1")
    act(s, "A1>C3")
    assert legal(s) == {"B2>D4"}
    # The second move may not move the same die again (C1 and A1 touch G4 and are white).
    refused(s, "C3>C1", "another die")
    refused(s, "C3>A1", "another die")
    act(s, "B2>D4")
    assert [at(s, a, cell) for cell in ("A1", "B2", "C3", "D4")] == ["_", "_", "R3", "G4"]
    assert s.current == a and s.tool_used and not s.drafted


def test_lathekin_is_refused_when_no_second_move_could_follow() -> None:
    # Without the white D4 and C3, R3 can still go to C1, but then G4 cannot move.
    grid = ".YYYY Y.YYY .YYYY YYYYY"
    s = situation((4, 2, 3), pool="P6", window=grid, placements="A1=R3 B2=G4")
    refused(s, "T4", "no two dice")
    # Eglomise Brush, by contrast, has its one move (A1>C1, and more since it ignores colours).
    assert "T2" in tool_actions(s)


# -- 5 Lens Cutter -------------------------------------------------------------------------------


def test_lens_cutter_swaps_the_drafted_die_with_a_round_track_die() -> None:
    # CARDS.md §1, #5: "After drafting, swap the drafted die with a die on the Round Track."
    # Reading: the drafted die goes to the Round Track where the chosen die was.
    s = situation((5, 2, 3), pool="R3 P4", track={1: "B2 Y6", 2: "G1"})
    a = s.order[0]
    act(s, "T5", "R3")
    assert legal(s) == {"r1:B2", "r1:Y6", "r2:G1"}
    refused(s, "r2:B2", "round 2 of the Round Track holds no B2")
    act(s, "r1:Y6")
    assert sorted(DIE_NAMES[d] for d in s.track[0]) == ["B2", "R3"]
    assert [DIE_NAMES[d] for d in s.track[1]] == ["G1"]
    assert DIE_NAMES[s.held] == "Y6"
    assert legal(s) == EDGE_PUTS
    act(s, "@D5")
    assert at(s, a, "D5") == "Y6"
    assert [DIE_NAMES[d] for d in s.pool] == ["P4"]


def test_lens_cutter_is_refused_while_the_round_track_is_empty() -> None:
    # In the first round nothing lies on the Round Track yet, so there is nothing to swap with.
    s = situation((5, 2, 3), pool="R3 P4")
    assert "T5" not in tool_actions(s)
    refused(s, "T5", "Round Track has no dice")


def test_lens_cutter_offers_only_round_track_dice_that_can_be_placed() -> None:
    # Every space requires red: of the Round Track's G1 and R2, only the R2 could be placed, so
    # only it may be swapped for the drafted die.
    s = situation((5, 2, 3), pool="R3", window="RRRRR RRRRR RRRRR RRRRR", track={1: "G1 R2"})
    act(s, "T5", "R3")
    assert legal(s) == {"r1:R2"}
    refused(s, "r1:G1", "the G1 could not be placed anywhere in your window")


def test_lens_cutter_is_not_offered_when_no_round_track_die_could_be_placed() -> None:
    # Every space requires red and the Round Track holds only a G1.
    s = situation((5, 2, 3), pool="R3", window="RRRRR RRRRR RRRRR RRRRR", track={1: "G1"})
    assert "T5" not in tool_actions(s)
    refused(s, "T5", "no die on the Round Track could be placed in your window")


# -- 6 Flux Brush --------------------------------------------------------------------------------


@pytest.mark.parametrize("rolls_before", range(4))
def test_flux_brush_rerolls_the_drafted_die_keeping_its_colour(rolls_before: int) -> None:
    # CARDS.md §1, #6: "After drafting, re-roll the drafted die." A re-roll changes the value only.
    s = situation((6, 2, 3), pool="P2 G5")
    for _ in range(rolls_before):  # vary the roll
        s.rng.roll()
    a = s.order[0]
    act(s, "T6", "P2")
    assert DIE_COLOUR[s.held] == PURPLE and 1 <= DIE_VALUE[s.held] <= 6
    assert legal(s) == EDGE_PUTS
    act(s, "@A1")
    assert DIE_COLOUR[s.window(a).dice[parse_cell("A1")]] == PURPLE


def test_flux_brush_offers_only_dice_whose_colour_could_be_placed() -> None:
    # Every space requires green: a red die fits nowhere whatever it rolls, so only G4 may be
    # taken; with only red dice in the pool the card is not offered at all.
    s = situation((6, 2, 3), pool="R3 G4", window="GGGGG GGGGG GGGGG GGGGG")
    act(s, "T6")
    assert legal(s) == {"G4"}
    refused(s, "R3", "the R3 could not be placed with some value of its colour")
    s = situation((6, 2, 3), pool="R3 R5", window="GGGGG GGGGG GGGGG GGGGG")
    assert "T6" not in tool_actions(s)


@pytest.mark.parametrize("rolls_before", range(6))
def test_flux_brush_die_that_rolls_a_value_that_fits_nowhere_returns_to_the_pool(
    rolls_before: int,
) -> None:
    # CARDS.md §1, #6: "If it cannot be placed, return it to the Draft Pool." Every space
    # requires a 1: the R3 may be taken (as an R1 it would fit), then its re-roll decides.
    s = situation((6, 2, 3), pool="R3", window="11111 11111 11111 11111")
    for _ in range(rolls_before):  # vary the roll
        s.rng.roll()
    a, b = s.order[0], s.order[1]
    value = s.rng.copy().roll()  # the value the card's re-roll will give
    act(s, "T6", "R3")
    if value == 1:
        assert legal(s) == EDGE_PUTS
    else:
        assert [DIE_NAMES[d] for d in s.pool] == [f"R{value}"]
        assert s.held == -1 and s.window(a).occupied == 0
        assert s.current == b


# -- 7 Glazing Hammer ----------------------------------------------------------------------------


def test_glazing_hammer_rerolls_the_whole_pool_on_the_second_turn_before_drafting() -> None:
    # CARDS.md §1, #7: "Re-roll all dice in the Draft Pool. Only on your second turn of the
    # round, before drafting." In 2 players the order is A B B A: turn 2 is B's second turn.
    s = situation((7, 2, 3), pool="R1 R2 G3 B4 P5", turn=2)
    b = s.order[2]
    colours = sorted(DIE_COLOUR[d] for d in s.pool)
    act(s, "T7")
    assert sorted(DIE_COLOUR[d] for d in s.pool) == colours  # 5 dice, same colours
    assert s.players[b].favor == 4
    # The tool was the turn's tool action; the player may now draft.
    assert s.current == b and s.tool_used
    assert any(KIND_OF[a] == Kind.DRAFT for a in s.legal_actions())


def test_glazing_hammer_is_refused_on_the_first_turn() -> None:
    s = situation((7, 2, 3), pool="R1 R2 G3 B4 P5", turn=0)
    refused(s, "T7", "second turn")
    s = situation((7, 2, 3), pool="R1 R2 G3 B4 P5", turn=1)
    refused(s, "T7", "second turn")


def test_glazing_hammer_is_refused_after_drafting() -> None:
    s = situation((7, 2, 3), pool="R1 R2 G3 B4 P5", turn=3)
    act(s, "R1@A1")
    refused(s, "T7", "before drafting")


# -- 8 Running Pliers ----------------------------------------------------------------------------


def test_running_pliers_places_a_second_die_and_skips_the_second_turn() -> None:
    # CARDS.md §1, #8: "After your first turn, immediately draft (and place) another die. You
    # skip your next turn this round." Reading: in your first turn, after placing a die.
    s = situation((8, 2, 3), pool="R1 G2 B3 Y4 P5")
    a, b = s.order[0], s.order[1]
    assert s.order == (a, b, b, a)
    refused(s, "T8", "after you have drafted")
    act(s, "R1@A1")
    act(s, "T8")
    # The second die must touch R1: A2, B1, B2; A2 and B1 are orthogonally next to it, but no
    # die left is red or a 1. So every remaining die may go on each of the three cells.
    assert legal(s) == {f"{d}@{c}" for d in ("G2", "B3", "Y4", "P5") for c in ("A2", "B1", "B2")}
    act(s, "G2@B2")
    assert (at(s, a, "A1"), at(s, a, "B2")) == ("R1", "G2")
    assert s.current == b and s.turn == 1
    act(s, "pass")
    assert s.current == b and s.turn == 2
    act(s, "pass")
    # A's second turn (turn 3 of A B B A, counting from 0) is skipped: the round is over.
    assert s.round == 1
    assert sorted(DIE_NAMES[d] for d in s.track[0]) == ["B3", "P5", "Y4"]
    assert s.order == (b, a, a, b) and s.current == b  # the bag passed clockwise


def test_running_pliers_used_by_the_second_player_skips_the_turn_right_after() -> None:
    # Turns 0-3 go A B B A: B's first turn is turn 1, its second (turn 2) is skipped, and A
    # plays turn 3 at once.
    s = situation((8, 2, 3), pool="R1 G2 B3 Y4 P5", turn=1)
    a = s.order[0]
    act(s, "R1@A1", "T8", "G2@B2")
    assert s.current == a and s.turn == 3
    act(s, "pass")
    assert s.round == 1


def test_running_pliers_used_by_both_players_ends_the_round_after_two_turns() -> None:
    # A (turn 0) and B (turn 1) both use the card (1 token, then 2): turns 2 (B) and 3 (A) are
    # both skipped. Four dice were placed, the fifth goes on the Round Track.
    s = situation((8, 2, 3), pool="R1 G2 B3 Y4 P5")
    a, b = s.order[0], s.order[1]
    act(s, "R1@A1", "T8", "G2@B2")
    act(s, "B3@A1", "T8", "Y4@B2")  # on B's empty window: A1 is a corner, B2 touches it
    assert (s.players[a].favor, s.players[b].favor) == (4, 3)
    assert s.tool_tokens[slot_of(s, 8)] == 3
    assert s.round == 1
    assert [DIE_NAMES[d] for d in s.track[0]] == ["P5"]
    assert s.current == b and s.order == (b, a, a, b)


def test_running_pliers_is_refused_on_the_second_turn() -> None:
    s = situation((8, 2, 3), pool="R1 G2 B3 Y4 P5", turn=2)
    act(s, "R1@A1")
    refused(s, "T8", "first turn")


# -- 9 Cork-backed Straightedge -------------------------------------------------------------------

# Grid:            Window:
#   A  . . . . .     A  _ _  _ _ _        Cells touching R3 on B2 (any of the 8 directions):
#   B  . . . . .     B  _ R3 _ _ _        A1 A2 A3 B1 B3 C1 C2 C3. Cells touching no die:
#   C  . . . . .     C  _ _  _ _ _        A4 A5 B4 B5 C4 C5 D1 D2 D3 D4 D5; D1 requires red,
#   D  R . . . 6     D  _ _  _ _ _        D5 a 6.
CORK_GRID = "..... ..... ..... R...6"


def test_cork_backed_straightedge_places_the_die_where_no_die_touches_it() -> None:
    # CARDS.md §1, #9: "After drafting, place the die in a space that is not adjacent to any
    # other die. You must obey all other placement restrictions."
    s = situation((9, 2, 3), pool="G4", window=CORK_GRID, placements="B2=R3")
    a = s.order[0]
    act(s, "T9", "G4")
    expected = {"A4", "A5", "B4", "B5", "C4", "C5", "D2", "D3", "D4"}
    assert legal(s) == {"@" + cell for cell in expected}
    refused(s, "@A2", "must not touch any die")
    refused(s, "@C3", "must not touch any die")
    refused(s, "@D1", "D1 requires a red die")
    refused(s, "@D5", "D5 requires a 6")
    act(s, "@D3")
    assert at(s, a, "D3") == "G4"


def test_cork_backed_straightedge_offers_only_dice_with_a_lone_space() -> None:
    # Every space touching no die (A4-C5 and row D, away from the R3 on B2) requires red: G4
    # could be drafted normally (next to R3) but has no lone space, so the card takes only R5,
    # and with G4 alone in the pool it is not offered.
    grid = "...RR ...RR ...RR RRRRR"
    s = situation((9, 2, 3), pool="G4 R5", window=grid, placements="B2=R3")
    assert "G4@A1" in legal(s)
    act(s, "T9")
    assert legal(s) == {"R5"}
    refused(s, "G4", "the G4 could not be placed on a space that touches no die")
    s = situation((9, 2, 3), pool="G4", window=grid, placements="B2=R3")
    assert "T9" not in tool_actions(s)


# -- 10 Grinding Stone ---------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "opposite"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_grinding_stone_turns_the_die_to_its_opposite_face(value: int, opposite: int) -> None:
    # CARDS.md §1, #10: "flip the die to its opposite face. 6↔1, 5↔2, 4↔3."
    s = situation((10, 2, 3), pool=f"Y{value}")
    a = s.order[0]
    act(s, "T10", f"Y{value}")
    assert DIE_NAMES[s.held] == f"Y{opposite}"
    assert legal(s) == EDGE_PUTS
    act(s, "@C1")
    assert at(s, a, "C1") == f"Y{opposite}"


# -- 11 Flux Remover -----------------------------------------------------------------------------


def test_flux_remover_returns_the_die_to_the_bag_draws_one_and_sets_its_value() -> None:
    # CARDS.md §1, #11: "After drafting, return the die to the Dice Bag and draw 1 die from the
    # bag. Choose its value, then place it obeying all placement restrictions, or return it to
    # the Draft Pool."
    s = situation((11, 2, 3), pool="R3 G4")
    a = s.order[0]
    bag = s.bag[:]
    counts = s.dice_counts()
    act(s, "T11", "R3")
    drawn = DIE_COLOUR[s.held]
    expected = bag[:]
    expected[RED] += 1  # R3 went into the bag...
    expected[drawn] -= 1  # ...then a die came out
    assert s.bag == expected
    assert legal(s) == {f"={v}" for v in range(1, 7)}
    act(s, "=5")
    assert DIE_COLOUR[s.held] == drawn and DIE_VALUE[s.held] == 5
    assert legal(s) == EDGE_PUTS | {"return"}
    act(s, "@A5")
    assert s.window(a).dice[parse_cell("A5")] == drawn * 6 + 4
    assert s.dice_counts() == counts  # no die was made or lost


def test_flux_remover_die_may_go_back_to_the_pool() -> None:
    s = situation((11, 2, 3), pool="R3 G4")
    a, b = s.order[0], s.order[1]
    act(s, "T11", "R3", "=2")
    drawn = s.held
    act(s, "return")
    assert sorted(s.pool) == sorted([parse_die("G4"), drawn])
    assert s.window(a).occupied == 0
    assert s.current == b  # the returned die was the turn's draft


def test_flux_remover_value_that_fits_nowhere_sends_the_die_back_to_the_pool() -> None:
    # Every space requires a 6: as a 6 the new die may be placed (or returned); as a 5 it fits
    # nowhere and goes straight back to the Draft Pool.
    s = situation((11, 2, 3), pool="R3", window="66666 66666 66666 66666")
    b = s.order[1]
    act(s, "T11", "R3")
    six = s.clone()
    act(six, "=6")
    assert legal(six) == EDGE_PUTS | {"return"}
    act(s, "=5")
    assert len(s.pool) == 1 and DIE_VALUE[s.pool[0]] == 5
    assert s.current == b


# -- 12 Tap Wheel --------------------------------------------------------------------------------

# Blank grid, window R1 A1, B2 A2, R3 A3; Round Track: R5 and G6. Only red dice may move.
TAP_DICE = "A1=R1 A2=B2 A3=R3"


def test_tap_wheel_moves_dice_of_a_colour_on_the_round_track_and_may_stop_after_one() -> None:
    # CARDS.md §1, #12: "Move up to two dice of the same colour in your window. That colour must
    # match the colour of a die on the Round Track."
    s = situation((12, 2, 3), pool="P6", placements=TAP_DICE, track={1: "R5 G6"})
    a = s.order[0]
    act(s, "T12")
    assert {text.split(">")[0] for text in legal(s)} == {"A1", "A3"}
    refused(s, "A2>B3", "must match a die on the Round Track")
    # B1 touches B2 on A2 and is next to no red die nor a 1.
    act(s, "A1>B1")
    assert "stop" in legal(s)
    assert {text.split(">")[0] for text in legal(s) - {"stop"}} == {"A3"}
    refused(s, "B1>C1", "another die")
    refused(s, "A2>B3", "same colour")
    stopped = s.clone()
    act(stopped, "stop")
    assert (at(stopped, a, "A1"), at(stopped, a, "B1"), at(stopped, a, "A3")) == ("_", "R1", "R3")
    assert stopped.current == a and stopped.tool_used
    # Or a second red die: B3 touches B2 on A2, and R1 is now on B1, not next to B3.
    act(s, "A3>B3")
    assert (at(s, a, "B1"), at(s, a, "B3"), at(s, a, "A3")) == ("R1", "R3", "_")
    assert s.current == a and s.tool_used and s.tool_slot == -1


def test_tap_wheel_is_refused_without_a_matching_colour_on_the_round_track() -> None:
    s = situation((12, 2, 3), pool="P6", placements=TAP_DICE)
    refused(s, "T12", "Round Track has no dice")
    s = situation((12, 2, 3), pool="P6", placements=TAP_DICE, track={1: "G6 Y2"})
    refused(s, "T12", "colour on the Round Track")
