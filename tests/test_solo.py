"""Solo play: setup, rounds, tools paid with dice, and the target score.

Sources cited in the comments:

* "solo rules": rulebook 001_3237e9a6eb6273e0.txt (English base rules, second printing),
  section SOLO PLAY RULES (SETUP, GAMEPLAY, TOOL CARDS, END OF THE ROUND, END GAME SCORING).
* "reading": the rulebooks' README.md, section "Readings we adopt where the text is short":
  "Solo: no favor tokens; a tool is used once, paid with a draft-pool die of the tool's colour;
  that die and the card leave the game (the die is not on the round track and not in the target
  score)", and section "Edition differences", the option "Solo: private objectives: 2 face up,
  score only the better one (English) / 1 (German)".
* "CARDS.md §1": CARDS.md (card reference), section 1, the tool colours (10 Grinding Stone green,
  9 Cork-backed Straightedge yellow, 1 Grozing Pliers purple, 8 Running Pliers red).

Every expected value below is worked out by hand from those texts.
"""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import BLANK, act, arranged_game, legal, names, play_out, refused, start
from sagrada.core.cells import parse_cell
from sagrada.core.dice import DIE_COLOUR, DIE_NAMES, DIE_VALUE
from sagrada.core.position import make_window
from sagrada.games.dice.rules.actions import KIND_OF, Kind, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.state import State, new_game

#: Row and column colour variety: nothing on the two-colour windows below.
PUBLICS = ("row_color_variety", "column_color_variety")
#: The seed of the games below, unless a test needs a particular deal.
SEED = 17


# -- helpers --------------------------------------------------------------------------------------


def situation(tools: tuple[int, int, int], pool: str) -> State:
    """Return a solo game at its first turn, with an empty blank window and the given pool."""
    return arranged_game(GameConfig(players=1, tools=tools), SEED, pool=pool)


# -- setup and rounds ----------------------------------------------------------------------------


def test_solo_setup() -> None:
    # Solo rules, SETUP: "Favor Tokens are not used. 2 Public Objectives and 2 Private Objective
    # are placed face up." All 90 dice go in the bag (GAME SETUP D); 4 window patterns to choose
    # from (PLAYER SETUP 2).
    s = new_game(GameConfig(players=1), seed=4)
    player = s.players[0]
    assert len(player.options) == 4
    assert len(player.privates) == 2 and player.privates[0].id != player.privates[1].id
    assert len({objective.id for objective in s.publics}) == 2
    assert len(s.tools) == 3  # the default difficulty
    assert s.bag == [18] * 5
    act(s, "W2")
    assert player.options[1].difficulty >= 3
    assert player.favor == 0  # whatever the difficulty of the chosen window
    # GAMEPLAY: "Each round, pull 4 dice from the Dice Bag"; "Take 2 turns".
    assert len(s.pool) == 4 and sum(s.bag) == 86
    assert s.order == (0, 0)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_solo_difficulty_is_the_number_of_tool_cards(count: int) -> None:
    # Solo rules, SETUP: "between 1 Tool (Extreme Challenge) and 5 Tools (Easy)".
    s = new_game(GameConfig(players=1, solo_tools=count), seed=4)
    assert len({card.id for card in s.tools}) == count


def test_german_solo_deals_one_private_objective() -> None:
    s = new_game(GameConfig(players=1, solo_private_objectives=1), seed=4)
    assert len(s.players[0].privates) == 1


def test_solo_round_is_four_dice_and_two_turns() -> None:
    s = start(GameConfig(players=1), SEED)
    for r in range(10):
        assert s.round == r and len(s.pool) == 4
        pool = sorted(s.pool)
        act(s, "pass")
        assert s.round == r and s.turn == 1 and s.current == 0
        act(s, "pass")
        assert sorted(s.track[r]) == pool
    assert s.is_over
    assert sum(s.bag) == 90 - 40


# -- tools paid with dice ------------------------------------------------------------------------


def test_a_tool_is_paid_with_a_pool_die_of_its_colour_and_used_once() -> None:
    # Solo rules, TOOL CARDS: "place a die from the Draft Pool that matches the color shown on
    # the top-left of the Tool Card. Each Tool Card may only be used once. Both the die spent
    # and the Tool Card are now removed from play." Grinding Stone is green.
    s = situation((10, 9, 1), "G2 G5 R3 Y4")
    act(s, "T10")
    assert legal(s) == {"$G2", "$G5"}
    refused(s, "$R3", "must be paid with a green die")
    refused(s, "$P6", "no P6 in the Draft Pool")
    act(s, "$G2")
    assert names(s.removed) == ["G2"]
    assert names(s.pool) == ["G5", "R3", "Y4"]
    assert legal(s) == {"G5", "R3", "Y4"}  # the die the card acts on is another one
    act(s, "G5")  # Grinding Stone: G5 becomes G2
    act(s, "@A1")
    assert DIE_NAMES[s.window(0).dice[parse_cell("A1")]] == "G2"
    assert s.players[0].favor == 0 and s.tool_tokens == [0, 0, 0]
    # Second turn of the round: the card is gone.
    assert s.turn == 1
    refused(s, "T10", "used once")
    play_out(s)
    assert s.tool_spent == [True, False, False]


def test_a_tool_needs_a_die_of_its_colour_and_something_left_to_act_on() -> None:
    # No green die: Grinding Stone cannot be paid for.
    s = situation((10, 9, 1), "R3 Y4")
    refused(s, "T10", "needs a green die")
    # The only pool die is the green one: after paying, no die is left to grind.
    s = situation((10, 9, 1), "G2")
    refused(s, "T10", "something to act on")


def test_payment_dice_leave_the_game_and_an_empty_round_leaves_an_empty_track_space() -> None:
    # Solo rules, END OF THE ROUND: "If no dice remain, use a Score Marker as a placeholder."
    # Turn 1: Grinding Stone paid with G2, G5 -> G2 on A1. Turn 2: Cork-backed Straightedge
    # (yellow) paid with Y4, R3 on a space touching no die. The pool is then empty.
    s = situation((10, 9, 1), "G2 G5 R3 Y4")
    counts = s.dice_counts()
    act(s, "T10", "$G2", "G5", "@A1")
    refused(s, "T1", "needs a purple die")  # Grozing Pliers is purple; no purple die left
    act(s, "T9")
    assert legal(s) == {"$Y4"}
    act(s, "$Y4", "R3")
    # A die on A1 touches A2, B1, B2: every other open space is free of neighbours.
    lone = {f"{row}{col}" for row in "ABCD" for col in "12345"} - {"A1", "A2", "B1", "B2"}
    assert legal(s) == {"@" + cell for cell in lone}
    act(s, "@D5")
    assert s.round == 1 and s.pool != []  # a new round began with 4 new dice
    assert s.track[0] == []
    assert names(s.removed) == ["G2", "Y4"]
    play_out(s)
    outcome = s.outcome()
    # END GAME SCORING: "The Target Score is the sum of the values from all the dice on the
    # Round Track. Dice used to pay for Tool Cards are not counted."
    assert s.track[0] == []
    assert outcome.target == sum(DIE_VALUE[d] for dice in s.track for d in dice)
    assert sum(len(dice) for dice in s.track) == 36  # rounds 2-10, 4 dice each
    assert s.dice_counts() == counts  # every die is somewhere: bag, window, track, spent


def test_running_pliers_in_solo_skips_the_second_turn() -> None:
    # Running Pliers (red): first turn, after placing, a second die; the second turn is skipped.
    s = situation((8, 10, 9), "R1 R2 G3 B4")
    act(s, "G3@A1", "T8")
    assert legal(s) == {"$R1", "$R2"}
    act(s, "$R1")
    # The second die must touch A1: A2, B1 or B2; neither R2 nor B4 is green or a 3.
    assert legal(s) == {f"{d}@{c}" for d in ("R2", "B4") for c in ("A2", "B1", "B2")}
    act(s, "B4@B2")
    assert s.round == 1 and s.turn == 0  # no second turn in round 1
    assert names(s.track[0]) == ["R2"] and names(s.removed) == ["R1"]


# -- end of the game -----------------------------------------------------------------------------

# A full window of red 1s and blue 2s, no colour or value twice side by side:
#   A  R1 B2 R1 B2 R1
#   B  B2 R1 B2 R1 B2
#   C  R1 B2 R1 B2 R1
#   D  B2 R1 B2 R1 B2
# Every row and every column repeats a colour: both public objectives score 0.
# Red: 10 dice of 1 = 10. Blue: 10 dice of 2 = 20. No open space.
CHECKERBOARD = " ".join(
    f"{row}{col}={'R1' if (r + col) % 2 == 1 else 'B2'}"
    for r, row in enumerate("ABCD")
    for col in range(1, 6)
)


def dealing(config: GameConfig, privates: tuple[str, ...]) -> int:
    """Return the first seed whose deal gives the solo player exactly ``privates``, in order.

    Private objectives come from the deal only: a position does not choose them.
    """
    for seed in range(1000):
        dealt = new_game(config, seed).players[0].privates
        if tuple(objective.name for objective in dealt) == privates:
            return seed
    raise AssertionError(f"no seed below 1000 deals {privates}")


def spend_a_purple_and_a_red_six(s: State) -> None:
    """Pay for two tool cards with a P6 and an R6, in rounds 1 and 2 (tools 8 and 1 in play)."""
    # Round 1: G3 on A1, then Running Pliers (red), paid with the R6, places the Y4 on B2; the
    # second turn is skipped.
    arrange(s, windows={0: make_window(BLANK)}, pool="G3 R6 Y4")
    act(s, "G3@A1", "T8", "$R6", "Y4@B2")
    # Round 2: Grozing Pliers (purple), paid with the P6, turns the B3 into a B2 on A3.
    arrange(s, pool="P6 B3")
    act(s, "T1", "$P6", "B3", "-1", "@A3")
    assert names(s.removed) == ["P6", "R6"]


def finished(
    privates: tuple[str, ...], placements: str, track: list[str], *, spent: bool = False
) -> State:
    """Return a finished solo game whose player was dealt ``privates`` (one: German rules) and
    ends with the window ``placements`` and the Round Track ``track`` (one entry per round from
    round 1, dice like ``"G6 Y6"``; the other rounds empty). With ``spent``, a P6 and an R6 were
    paid for tools during the game."""
    config = GameConfig(
        players=1,
        tools=(1, 8, 10),
        public_objectives=PUBLICS,
        solo_private_objectives=len(privates),
    )
    s = start(config, dealing(config, privates))
    if spent:
        spend_a_purple_and_a_red_six(s)
    rounds = dict.fromkeys(range(1, 10), "")
    rounds.update(enumerate(track, start=1))
    # The last turn of round 10, with an empty Draft Pool: the player passes, the game ends and
    # round 10 leaves no die on the Round Track.
    window = make_window(BLANK, placements)
    arrange(s, windows={0: window}, track=rounds, pool="", round_number=10, turn=1)
    act(s, "pass")
    assert s.is_over
    return s


def test_the_window_drawn_is_the_one_the_reasoning_uses() -> None:
    window = make_window(BLANK, CHECKERBOARD)
    assert window.rows()[0] == "R1 B2 R1 B2 R1" and window.rows()[3] == "B2 R1 B2 R1 B2"
    assert window.open_spaces == 0 and window.violations() == []


@pytest.mark.parametrize(
    "order", [("Shades of Red", "Shades of Blue"), ("Shades of Blue", "Shades of Red")]
)
def test_only_the_better_private_objective_counts(order: tuple[str, str]) -> None:
    # Solo rules, END GAME SCORING: "selecting only one of the two Private Objectives".
    s = finished(order, CHECKERBOARD, ["G6 Y6 P6", "G1"])
    outcome = s.outcome()
    score = outcome.scores[0]
    assert score.total == 20  # blue 20, not red 10, not both
    assert score.private_points == 20
    counted = {part.name: part.counted for part in score.parts if part.kind == "private"}
    assert counted == {"Shades of Blue": True, "Shades of Red": False}


def test_german_solo_scores_its_single_private_objective() -> None:
    s = finished(("Shades of Red",), CHECKERBOARD, ["G6"])
    assert s.outcome().scores[0].total == 10


def test_each_open_space_costs_three_points() -> None:
    # "you lose 3 Victory Points for each open space". Without the B2 on D5: blue 9 x 2 = 18,
    # red 10; 1 open space: 18 - 3 = 15.
    placements = CHECKERBOARD.replace(" D5=B2", "")
    s = finished(("Shades of Red", "Shades of Blue"), placements, ["G1"])
    score = s.outcome().scores[0]
    assert score.total == 15
    assert [part.points for part in score.parts if part.kind == "open"] == [-3]
    assert [part.points for part in score.parts if part.kind == "favor"] == [0]


@pytest.mark.parametrize(
    ("track", "target", "won"),
    [
        (["G6 Y6 P6", "G1"], 19, True),  # 20 > 19
        (["G6 Y6 P6", "G2"], 20, False),  # 20 = 20: not greater, a loss
        (["G6 Y6 P6", "G3"], 21, False),  # 20 < 21
        ([], 0, True),  # every round emptied: target 0
    ],
)
def test_the_score_must_beat_the_target_strictly(track: list[str], target: int, won: bool) -> None:
    # "The Target Score is the sum of the values from all the dice on the Round Track."
    # "If your Victory Point total is greater than the Target Score, you win!"
    # Dice spent on tools (a P6 and an R6) never count.
    s = finished(("Shades of Red", "Shades of Blue"), CHECKERBOARD, track, spent=True)
    outcome = s.outcome()
    assert outcome.target == target
    assert outcome.scores[0].total == 20
    assert outcome.winners == ((0,) if won else ())


# -- whole games ---------------------------------------------------------------------------------


def drafting_policy(s: State) -> int:
    """Draft the first die that can be placed, else pass; never use a tool."""
    for action in s.legal_actions():
        if KIND_OF[action] == Kind.DRAFT:
            return action
    return parse_action("pass")


def tool_policy(s: State) -> int:
    """Start a tool whenever one is available, then take the first option of every step;
    otherwise draft the first die that can be placed, else pass."""
    actions = s.legal_actions()
    if s.tool_slot >= 0:
        return actions[0]
    for kind in (Kind.TOOL, Kind.DRAFT):
        for action in actions:
            if KIND_OF[action] == kind:
                return action
    return parse_action("pass")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_solo_game_without_tools(seed: int) -> None:
    s = start(GameConfig(players=1), seed)
    drafted = Counter[int]()
    while not s.is_over:
        action = drafting_policy(s)
        if KIND_OF[action] == Kind.DRAFT:
            drafted[s.round] += 1
        s.apply(action)
    assert s.round == 10
    # At most one die per turn, two turns a round: 4 - drafted dice stay on each round's space.
    for r in range(10):
        assert drafted[r] <= 2
        assert len(s.track[r]) == 4 - drafted[r]
    outcome = s.outcome()
    score = outcome.scores[0]
    window = s.window(0)
    assert outcome.target == sum(DIE_VALUE[d] for dice in s.track for d in dice)
    assert [p.points for p in score.parts if p.kind == "open"] == [-3 * window.open_spaces]
    assert outcome.winners == ((0,) if score.total > outcome.target else ())
    assert window.violations() == []
    assert s.dice_counts() == [18] * 5


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_whole_solo_game_with_tools(seed: int) -> None:
    s = start(GameConfig(players=1, solo_tools=5), seed)
    while not s.is_over:
        s.apply(tool_policy(s))
    # One payment die per tool used, of that tool's colour; none of them on the Round Track.
    spent = [card.colour for card, used in zip(s.tools, s.tool_spent, strict=True) if used]
    assert sorted(DIE_COLOUR[d] for d in s.removed) == sorted(spent)
    assert s.tool_tokens == [0] * 5
    assert s.dice_counts() == [18] * 5
    assert s.window(0).violations() == []
    outcome = s.outcome()
    assert outcome.target == sum(DIE_VALUE[d] for dice in s.track for d in dice)
    assert outcome.winners == ((0,) if outcome.scores[0].total > outcome.target else ())
