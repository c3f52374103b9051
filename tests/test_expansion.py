"""The 5 & 6 Player Expansion's rules: bags, draft pools, Private Dice Pools, new tools, content.

Sources, quoted in the tests:

* the expansion's rulebook, rulebook 003_0d63153aaa85498d.txt (5 & 6 Player Expansion),
  sections "DICE BAG SETUP", "GAMEPLAY - PRIVATE DICE POOL RULES", "TOOL CARD CLARIFICATIONS"
  and "SCORING EXAMPLE";
* CARDS.md (card reference), section 5 (the cards, several from a single source);
* the readings the project adopted where the text is short, ``docs/rules-clarifications.md``
  ("5 & 6 Player Expansion"): Strip Cutter's die from the own pool is placed like a drafted die
  (or goes to the Draft Pool); Lead Came Nippers re-rolls one die then a second or ``stop``.

Every expected value is worked out by hand in the comments. Situations are built by playing
setup and then arranging, through the public API (``sagrada.games.dice.rules.position.arrange``, via
``helpers``), the current player's window, the favor tokens, the Draft Pool and the own pool;
dice put on the table come out of the bag, so every die stays conserved.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from helpers import act, arrange_turn, fingerprint, legal, names, play_random, start, why
from sagrada.core.cells import parse_cell
from sagrada.core.content import catalog
from sagrada.core.dice import DIE_COLOUR, DIE_NAMES, DIE_VALUE, parse_die
from sagrada.core.errors import ConfigError
from sagrada.core.scoring import score_private, score_window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.games.dice.score_input import parse_dice

#: Tools for situations under the Private Dice Pool rules: Grozing Pliers (a base "after
#: drafting" tool), Strip Cutter and Lead Came Nippers.
POOL_TOOLS = (1, 13, 14)

#: CARDS.md 5.2, "Scoring spaces" (also pinned in test_expansion_content.py).
SPACES: dict[str, set[str]] = {
    "Fence": {"B1", "B3", "B5", "C1", "C3", "C5"},
    "Tunnel": {"A2", "A3", "A4", "D2", "D3", "D4"},
    "Brace": {"A2", "A4", "B3", "C3", "D2", "D4"},
    "Port": {"A3", "B2", "B4", "C2", "C4", "D3"},
    "Brackets": {"A1", "A2", "A4", "A5", "B1", "B5"},
    "Wall": {"B2", "B3", "B4", "C2", "C3", "C4"},
}

# -- helpers -----------------------------------------------------------------------------------


def private_pool_game() -> State:
    """Return a 2-player game under the Private Dice Pool rules with :data:`POOL_TOOLS`, past
    setup."""
    return start(GameConfig(players=2, private_pools=True, tools=POOL_TOOLS), 0)


def set_turn(
    state: State,
    placements: str = "",
    *,
    window: str = "Sol",
    pool: str = "",
    own: str = "",
    favor: int = 3,
    tool_tokens: dict[int, int] | None = None,
) -> int:
    """Arrange the first turn of the round (``helpers.arrange_turn``) and return its seat.

    The player gets a fresh ``window`` holding ``placements`` (``"A1=Y1"``), the Draft Pool
    ``pool`` and the own pool ``own`` (both empty unless given); every player gets ``favor``
    tokens and every other player an empty window.
    """
    return arrange_turn(
        state,
        window=window,
        placements=placements,
        pool=pool,
        own=own,
        favor=favor,
        tool_tokens=tool_tokens,
    )


# Sol (CARDS.md 5.1, card 3a), used for most situations:
#        1  2  3  4  5
#   A    1  .  .  Y  .
#   B    .  .  Y  5  .
#   C    .  1  .  .  6
#   D    Y  3  .  2  G
# With a Y1 on A1 (a 1 space), its neighbours A2, B1 (orthogonal) and B2 (diagonal) are all
# white spaces.


# -- scoring: the expansion's private objectives -----------------------------------------------

#: The base rulebook's SCORING EXAMPLE window, which the expansion's figure repeats:
#:   A: _  G4 R2 Y5 P6      B: R3 B1 _  G1 Y2      C: P5 G6 _  P6 R3      D: B4 Y3 G4 B2 G4
EXAMPLE = ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"]

#: Hand sums on EXAMPLE (0 for the open spaces A1, B3, C3):
#:   Fence    B1 3 + C1 5 + B3 0 + C3 0 + B5 2 + C5 3 = 13 (the expansion rulebook's example)
#:   Tunnel   A2 4 + A3 2 + A4 5 + D2 3 + D3 4 + D4 2 = 20, 6 dice
#:   Brace    A2 4 + A4 5 + B3 0 + C3 0 + D2 3 + D4 2 = 14, 4 dice
#:   Port     A3 2 + B2 1 + B4 1 + C2 6 + C4 6 + D3 4 = 20, 6 dice
#:   Brackets A1 0 + A2 4 + A4 5 + A5 6 + B1 3 + B5 2 = 20, 5 dice
#:   Wall     B2 1 + B3 0 + B4 1 + C2 6 + C3 0 + C4 6 = 14, 4 dice
EXAMPLE_POINTS = {
    "Fence": (13, 4),
    "Tunnel": (20, 6),
    "Brace": (14, 4),
    "Port": (20, 6),
    "Brackets": (20, 5),
    "Wall": (14, 4),
}

#: A full, legal window: value = (cell number mod 6) + 1, colours shifted by two per row.
GRADIENT = ["R1 Y2 G3 B4 P5", "G6 B1 P2 R3 Y4", "P5 R6 Y1 G2 B3", "Y4 G5 B6 P1 R2"]

#: Hand sums on GRADIENT:
#:   Fence    B1 6 + B3 2 + B5 4 + C1 5 + C3 1 + C5 3 = 21
#:   Tunnel   A2 2 + A3 3 + A4 4 + D2 5 + D3 6 + D4 1 = 21
#:   Brace    A2 2 + A4 4 + B3 2 + C3 1 + D2 5 + D4 1 = 15
#:   Port     A3 3 + B2 1 + B4 3 + C2 6 + C4 2 + D3 6 = 21
#:   Brackets A1 1 + A2 2 + A4 4 + A5 5 + B1 6 + B5 4 = 22
#:   Wall     B2 1 + B3 2 + B4 3 + C2 6 + C3 1 + C4 2 = 15
GRADIENT_POINTS = {"Fence": 21, "Tunnel": 21, "Brace": 15, "Port": 21, "Brackets": 22, "Wall": 15}


def test_rulebook_scoring_example_fence_is_13() -> None:
    # Expansion rulebook, SCORING EXAMPLE: "Fence would sum the values for dice in the specified
    # spaces. B1 and C1 giving 3 and 5, B3 and C3 giving 0 each, B5 and C5 giving 2 and 3 =
    # 13 VP total."
    window = parse_dice(EXAMPLE)
    part = score_private(window, catalog().private("Fence"))
    assert part.points == 13
    assert part.kind == "private"
    assert part.count == 4  # B3 and C3 are open
    assert part.cells == ("B1", "B5", "C1", "C5")  # in A1..D5 order
    assert str(part.formula) == "3 + 2 + 5 + 3"  # B1 R3, B5 Y2, C1 P5, C5 R3


def test_fence_in_the_full_breakdown_of_the_rulebook_window() -> None:
    # Base rulebook example publics: Column Color Variety 10, Light Shades 4, Color Variety 12;
    # Fence 13; no favor tokens; 3 open spaces -3. Total 10 + 4 + 12 + 13 - 3 = 36.
    cards = ("Column Color Variety", "Light Shades", "Color Variety")
    publics = [catalog().public(name) for name in cards]
    breakdown = score_window(parse_dice(EXAMPLE), publics, [catalog().private("Fence")], 0)
    assert [(p.name, p.points) for p in breakdown.parts] == [
        ("Column Color Variety", 10),
        ("Light Shades", 4),
        ("Color Variety", 12),
        ("Fence", 13),
        ("Favor tokens", 0),
        ("Open spaces", -3),
    ]
    assert breakdown.total == 36
    assert breakdown.private_points == 13  # the first tie-break


@pytest.mark.parametrize("name", sorted(EXAMPLE_POINTS))
def test_every_expansion_private_on_the_rulebook_window(name: str) -> None:
    points, count = EXAMPLE_POINTS[name]
    part = score_private(parse_dice(EXAMPLE), catalog().private(name))
    assert (part.points, part.count) == (points, count)


@pytest.mark.parametrize("name", sorted(GRADIENT_POINTS))
def test_every_expansion_private_on_a_full_window_sums_any_colour(name: str) -> None:
    # Expansion rulebook: "summing the values of their dice within the specific spaces in their
    # window (regardless of color)". Each card's six spaces here hold several colours.
    window = parse_dice(GRADIENT)
    assert window.violations() == []
    part = score_private(window, catalog().private(name))
    assert (part.points, part.count) == (GRADIENT_POINTS[name], 6)


@pytest.mark.parametrize("name", sorted(SPACES))
@pytest.mark.parametrize("cell", [f"{r}{c}" for r in "ABCD" for c in range(1, 6)])
def test_a_single_die_counts_only_on_a_marked_space(name: str, cell: str) -> None:
    # A lone P5 scores 5 on one of the card's spaces (CARDS.md 5.2) and 0 anywhere else.
    rows = [["_"] * 5 for _ in range(4)]
    rows["ABCD".index(cell[0])][int(cell[1]) - 1] = "P5"
    window = parse_dice([" ".join(row) for row in rows])
    expected = 5 if cell in SPACES[name] else 0
    assert score_private(window, catalog().private(name)).points == expected


def test_an_empty_window_scores_nothing_for_a_spaces_card() -> None:
    part = score_private(parse_dice(["_ _ _ _ _"] * 4), catalog().private("Wall"))
    assert (part.points, part.count, str(part.formula)) == (0, 0, "no dice on its spaces")


def test_score_window_with_tunnel_and_favor_tokens() -> None:
    # GRADIENT is full: no open spaces. No publics, Tunnel 21, 4 favor tokens: 21 + 4 = 25.
    breakdown = score_window(parse_dice(GRADIENT), [], [catalog().private("Tunnel")], 4)
    assert breakdown.total == 25
    assert breakdown.private_points == 21


# -- bag, draft pool and rounds ----------------------------------------------------------------

#: Expansion rulebook, DICE BAG SETUP - STANDARD RULES: 10/14/18/22/26 of each colour for 2-6
#: players. GAMEPLAY - STANDARD RULES: 2 per player plus 1 (5: 11, 6: 13).
STANDARD = {2: (10, 5), 3: (14, 7), 4: (18, 9), 5: (22, 11), 6: (26, 13)}
#: DICE BAG SETUP - PRIVATE DICE POOL RULES: 6/8/10/12/14 of each colour; GAMEPLAY - PRIVATE
#: DICE POOL RULES: "1 per player, plus 1 additional die" (2: 3 ... 6: 7).
PRIVATE = {2: (6, 3), 3: (8, 4), 4: (10, 5), 5: (12, 6), 6: (14, 7)}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bag_and_draft_pool_sizes_by_player_count(players: int) -> None:
    per_colour, pool = STANDARD[players]
    config = GameConfig(players=players)
    assert (config.dice_per_colour, config.draft_pool_size, config.turns_per_round) == (
        per_colour,
        pool,
        2,
    )
    per_colour, pool = PRIVATE[players]
    config = GameConfig(players=players, private_pools=True)
    assert (config.dice_per_colour, config.draft_pool_size, config.turns_per_round) == (
        per_colour,
        pool,
        1,
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("private_pools", [False, True])
def test_the_bag_at_setup(players: int, private_pools: bool) -> None:
    per_colour = (PRIVATE if private_pools else STANDARD)[players][0]
    state = new_game(GameConfig(players=players, private_pools=private_pools), seed=players)
    # The own pools' dice come from outside the bag ("There will then be fewer dice in the
    # Dice Bag"): the bag holds the table's count of each colour, untouched.
    assert state.bag == [per_colour] * 5
    for player in state.players:
        if private_pools:
            # "Give each player 2 dice of each color."
            assert Counter(DIE_COLOUR[d] for d in player.own_pool) == {c: 2 for c in range(5)}
        else:
            assert player.own_pool == []


@dataclass
class RoundLog:
    """What a round looked like at its first decision, and who took its turns."""

    start_player: int
    pool: int
    bag: int
    seats: list[int] = field(default_factory=list)


def play_logged(config: GameConfig, seed: int) -> tuple[State, list[RoundLog]]:
    """Play a seeded random game to the end, logging each round."""
    state = new_game(config, seed)
    choose = random.Random(seed).choice
    while state.phase == Phase.SETUP:
        state.apply(choose(state.legal_actions()))
    logs: list[RoundLog] = []
    seen: tuple[int, int] | None = None
    while not state.is_over:
        if seen is None or state.round != seen[0]:
            logs.append(RoundLog(state.start_player, len(state.pool), sum(state.bag)))
        if (state.round, state.turn) != seen:
            logs[-1].seats.append(state.current)
            seen = (state.round, state.turn)
        state.apply(choose(state.legal_actions()))
    return state, logs


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("private_pools", [False, True])
def test_round_structure_of_a_full_game(players: int, private_pools: bool) -> None:
    # Standard rules: the base game's snake order, the start player first and last. Private
    # Dice Pool rules: "Beginning with the Start Player, each player takes a single turn in
    # clockwise order." The start player passes clockwise each round; a game is 10 rounds.
    # (Tools without Running Pliers, whose skipped turn would change the order.)
    tools = POOL_TOOLS if private_pools else (1, 6, 11)
    config = GameConfig(players=players, private_pools=private_pools, tools=tools)
    per_colour, pool = (PRIVATE if private_pools else STANDARD)[players]
    state, logs = play_logged(config, seed=100 + players)
    assert len(logs) == 10
    first = logs[0].start_player
    for r, log in enumerate(logs):
        start_player = (first + r) % players
        clockwise = [(start_player + i) % players for i in range(players)]
        assert log.start_player == start_player
        assert log.seats == (clockwise if private_pools else clockwise + clockwise[::-1])
        assert log.pool == pool
        # Each round's draw leaves 5 * per_colour - (r + 1) * pool dice in the bag.
        assert log.bag == 5 * per_colour - (r + 1) * pool
    # 10 rounds of (2n + 1) or (n + 1) dice is exactly the bag: 2p 50 = 10 * 5, ...,
    # 6p 130 = 10 * 13; private 2p 30 = 10 * 3, ..., 6p 70 = 10 * 7.
    assert state.bag == [0] * 5
    assert len(state.history) <= config.max_game_length


def test_leftover_draft_dice_go_to_the_round_track_own_dice_stay() -> None:
    # Expansion rulebook: the turn structure is the base game's otherwise, so the Draft Pool's
    # leftovers go to the Round Track at the end of the round; nothing moves an own pool's dice
    # but the player, so they stay from round to round.
    state = start(GameConfig(players=2, private_pools=True, tools=POOL_TOOLS), 7)
    first = state.current
    second = 1 - first
    pool = list(state.pool)
    own = [list(p.own_pool) for p in state.players]
    assert len(pool) == 3  # 2 players + 1
    # The start player places an own die and a Draft Pool die (any legal ones), then passes.
    placed_own = next(a for a in state.legal_actions() if A.KIND_OF[a] == A.Kind.OWN_DRAFT)
    state.apply(placed_own)
    drafted = next(a for a in state.legal_actions() if A.KIND_OF[a] == A.Kind.DRAFT)
    state.apply(drafted)
    act(state, "pass")
    assert state.current == second
    act(state, "pass")
    assert state.round == 1
    assert state.start_player == second
    leftover = list(pool)
    leftover.remove(A.ARG1[drafted])
    assert names(state.track[0]) == names(leftover)  # 2 dice
    mine = list(own[first])
    mine.remove(A.ARG1[placed_own])
    assert names(state.players[first].own_pool) == names(mine)  # 9 dice
    assert names(state.players[second].own_pool) == names(own[second])  # 10 dice
    assert len(state.pool) == 3
    assert sum(state.bag) == 30 - 6


# -- a turn under the Private Dice Pool rules --------------------------------------------------


def test_the_three_actions_of_a_turn_each_once_then_the_turn_ends_by_itself() -> None:
    # "On a player's turn, they may perform each of the following actions once in any order:
    # Select 1 die from their Private Dice Pool and place it ...; Select 1 die from the Draft
    # Pool and place it ...; Use 1 Tool Card by spending Favor Tokens."
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2 G4 B6", own="P3 B5")
    assert {"pass", "*P3@B2", "R2@A2", "T1", "T13", "T14"} <= legal(state)

    act(state, "*P3@B2")
    assert state.current == seat
    assert not any(a.startswith("*") for a in legal(state))
    assert why(state, "*B5@B1") == (
        "you have already placed a die from your Private Dice Pool this turn"
    )
    assert {"R2@A2", "T1", "T13", "T14"} <= legal(state)

    act(state, "R2@A2")  # A2 touches A1 Y1 and B2 P3: neither red nor a 2
    assert state.current == seat  # one action left
    assert why(state, "G4@B1") == "you have already drafted a die this turn"
    # Grozing Pliers and Strip Cutter act on the die you draft: no longer usable.
    assert "T1" not in legal(state)
    assert "T13" not in legal(state)
    assert "T14" in legal(state)

    act(state, "T14", "*B5")  # the only own die: the tool ends after one re-roll
    assert state.players[seat].favor == 2  # the first use of a card costs 1 token
    assert state.current == 1 - seat  # all three done: the turn ended by itself
    assert state.turn == 1
    assert [DIE_COLOUR[d] for d in state.players[seat].own_pool] == [DIE_COLOUR[parse_die("B5")]]


def test_the_actions_may_come_in_any_order() -> None:
    # Tool first, then the own die, then the draft.
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2 G4 B6", own="P3 B5")
    act(state, "T14", "*P3", "stop")
    assert state.current == seat
    assert why(state, "T13") == "you have already used a tool card this turn"
    act(state, "*B5@B2")
    assert state.current == seat
    act(state, "G4@A2")  # A2 touches A1 Y1 and B2 B5: neither green nor a 4
    assert state.current == 1 - seat


def test_pass_ends_the_turn_after_fewer_actions() -> None:
    # "Each action is optional ... or pass their turn taking no actions."
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2 G4 B6", own="P3 B5")
    act(state, "*P3@B2", "pass")
    assert state.current == 1 - seat
    assert names(state.players[seat].own_pool) == ["B5"]
    assert names(state.pool) == ["B6", "G4", "R2"]


def test_a_turn_with_an_empty_own_pool_needs_a_pass() -> None:
    # Nothing left to place from the own pool: the turn does not end by itself.
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2 G4", own="")
    act(state, "R2@A2")
    assert state.current == seat
    assert legal(state) == {"pass"}  # no own die, no pool tool (drafted), no own-pool tool
    act(state, "pass")
    assert state.current == 1 - seat


def test_own_pool_dice_obey_the_adjacency_rules() -> None:
    # "All dice placement restrictions are the same as the Standard Rules, even when dice are
    # selected from the Private Dice Pool."
    # Y1 on A1; the cells touching it are A2, B1 (orthogonal) and B2 (diagonal), all white.
    # R2: anywhere of the three. Y3: not next to the yellow A1, so only B2. G1: not next to
    # the 1 on A1, so only B2.
    state = private_pool_game()
    set_turn(state, "A1=Y1", own="R2 Y3 G1")
    own_moves = {a for a in legal(state) if a.startswith("*")}
    assert own_moves == {"*R2@A2", "*R2@B1", "*R2@B2", "*Y3@B2", "*G1@B2"}
    assert why(state, "*Y3@A2") == "A2 is orthogonally next to A1, a die of the same colour"
    assert why(state, "*G1@B1") == "B1 is orthogonally next to A1, a die of the same value"
    assert why(state, "*R2@C3") == "C3 does not touch any placed die (orthogonally or diagonally)"
    # The same dice in the Draft Pool may go to exactly the same spaces.
    set_turn(state, "A1=Y1", pool="R2 Y3 G1")
    assert {a for a in legal(state) if "@" in a} == {m[1:] for m in own_moves}


def test_own_pool_dice_obey_the_first_die_and_space_rules() -> None:
    # Empty Sol. The first die goes on an edge: A1-A5, B1, B5, C1, C5, D1-D5. For an R2, drop
    # A1 (a 1), A4 (yellow), C5 (a 6), D1 (yellow), D2 (a 3), D5 (green); D4 asks for a 2.
    state = private_pool_game()
    set_turn(state, own="R2")
    assert {a for a in legal(state) if a.startswith("*")} == {
        f"*R2@{cell}" for cell in ("A2", "A3", "A5", "B1", "B5", "C1", "D3", "D4")
    }
    assert why(state, "*R2@B2") == "the first die must be placed on an edge or corner space"
    assert why(state, "*R2@A4") == "A4 requires a yellow die"
    assert why(state, "*R2@A1") == "A1 requires a 1"
    assert why(state, "*P3@A2") == "there is no P3 in your Private Dice Pool"


def test_no_own_pool_without_the_private_dice_pool_rules() -> None:
    state = start(GameConfig(players=2), 0)
    assert all(p.own_pool == [] for p in state.players)
    assert not any(A.KIND_OF[a] == A.Kind.OWN_DRAFT for a in state.legal_actions())
    assert why(state, "*R2@A1") == "only the Private Dice Pool rules give players dice of their own"


# -- the tool deck -----------------------------------------------------------------------------


def test_tool_decks() -> None:
    # "The Tool Cards from the expansion are only included when playing with the Private Dice
    # Pool Rules. Glazing Hammer (#7) and Running Pliers (#8) Tool Cards are not used with the
    # Private Dice Pool rules."
    assert set(GameConfig(players=3, private_pools=True).tool_deck) == (set(range(1, 15)) - {7, 8})
    for config in (GameConfig(players=5), GameConfig(players=6), GameConfig(expansion=True)):
        assert set(config.tool_deck) == set(range(1, 13))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_dealt_tools_under_private_pools(players: int) -> None:
    # Over 100 deals 13 and 14 each turn up (a deal of 3 of 12 misses a given card with
    # probability 3/4, so all 100 miss with probability 0.75**100), and 7 and 8 never do.
    dealt: set[int] = set()
    for seed in range(100):
        state = new_game(GameConfig(players=players, private_pools=True), seed)
        numbers = {t.id for t in state.tools}
        assert len(numbers) == 3
        assert not numbers & {7, 8}
        dealt |= numbers
    assert {13, 14} <= dealt
    assert dealt == set(range(1, 15)) - {7, 8}


@pytest.mark.parametrize("options", [{"players": 5}, {"players": 6}, {"expansion": True}])
def test_dealt_tools_without_private_pools(options: dict[str, Any]) -> None:
    dealt: set[int] = set()
    for seed in range(100):
        dealt |= {t.id for t in new_game(GameConfig(**options), seed).tools}
    assert dealt == set(range(1, 13))  # 7 and 8 can be dealt, 13 and 14 never


@pytest.mark.parametrize(("number", "name"), [(7, "Glazing Hammer"), (8, "Running Pliers")])
def test_private_pools_refuse_glazing_hammer_and_running_pliers(number: int, name: str) -> None:
    with pytest.raises(ConfigError, match=name):
        GameConfig(players=3, private_pools=True, tools=(number, 1, 2))


@pytest.mark.parametrize(("number", "name"), [(13, "Strip Cutter"), (14, "Lead Came Nippers")])
def test_expansion_tools_need_private_pools(number: int, name: str) -> None:
    with pytest.raises(ConfigError, match=name):
        GameConfig(players=5, tools=(number, 1, 2))


# -- Strip Cutter (13) ---------------------------------------------------------------------------


def test_strip_cutter_swaps_the_drafted_die_with_an_own_die() -> None:
    # CARDS.md 5.3: "After drafting, swap the drafted die with a die from your Private Dice
    # Pool." The own die is then placed like a drafted die.
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2 G4", own="P3 B5")
    act(state, "T13")
    assert state.players[seat].favor == 2  # 1 token: the card had none on it
    assert legal(state) == {"R2", "G4"}  # take a die from the Draft Pool
    act(state, "R2")
    assert state.drafted
    assert legal(state) == {"*P3", "*B5"}  # then a die of your own pool
    assert why(state, "*G1") == "Strip Cutter: there is no G1 in your Private Dice Pool"
    act(state, "*P3")
    # The swapped Draft Pool die is now in the own pool; the P3 is placed: A2, B1 and B2
    # touch A1 (Y1) and are white, and P3 shares neither colour nor value with Y1.
    assert names(state.players[seat].own_pool) == ["B5", "R2"]
    assert legal(state) == {"@A2", "@B1", "@B2"}
    act(state, "@B2")
    assert DIE_NAMES[state.window(seat).dice[parse_cell("B2")]] == "P3"
    assert names(state.pool) == ["G4"]
    # The own-pool placement is still open this turn, and may use the swapped-in die.
    assert state.current == seat
    assert "*R2@A2" in legal(state)
    act(state, "*R2@A2")  # draft, tool, own die: the turn ends by itself
    assert state.current == 1 - seat


def test_strip_cutter_offers_only_own_dice_that_can_be_placed() -> None:
    # docs/rules-clarifications.md, "Tools are offered only when they can complete". Shadom:
    # A ".5G.."  B "5B1.6". With an R3 on A1, the cells touching it are A2 (a 5), B1 (a 5) and
    # B2 (blue): a P6 fits on none of them; a B5 fits on all three.
    state = private_pool_game()
    set_turn(state, "A1=R3", window="Shadom", pool="G2", own="P6 B5")
    act(state, "T13", "G2")
    assert legal(state) == {"*B5"}
    assert why(state, "*P6") == "Strip Cutter: the P6 could not be placed anywhere in your window"


def test_strip_cutter_is_not_offered_when_no_own_die_could_be_placed() -> None:
    # Same window with only the P6 of one's own: the card could only send it to the Draft Pool.
    state = private_pool_game()
    set_turn(state, "A1=R3", window="Shadom", pool="G2", own="P6")
    assert "T13" not in legal(state)
    assert why(state, "T13") == (
        "Strip Cutter: no die of your Private Dice Pool could be placed in your window"
    )


def test_strip_cutter_needs_an_own_die() -> None:
    state = private_pool_game()
    set_turn(state, "A1=Y1", pool="R2", own="")
    assert "T13" not in legal(state)
    assert why(state, "T13") == "Strip Cutter: your Private Dice Pool is empty"


def test_strip_cutter_needs_a_draft_pool_die() -> None:
    state = private_pool_game()
    set_turn(state, "A1=Y1", pool="", own="P3")
    assert "T13" not in legal(state)
    assert why(state, "T13") == "Strip Cutter: the Draft Pool is empty"


def test_strip_cutter_not_after_drafting() -> None:
    state = private_pool_game()
    set_turn(state, "A1=Y1", pool="R2 G4", own="P3")
    act(state, "R2@A2")
    assert "T13" not in legal(state)
    assert why(state, "T13") == (
        "Strip Cutter acts on the die you draft, and you have already drafted this turn"
    )


def test_strip_cutter_costs_favor_tokens() -> None:
    # Base rules: 1 token if the card has none on it, else 2.
    state = private_pool_game()
    set_turn(state, "A1=Y1", pool="R2", own="P3", favor=0)
    assert why(state, "T13") == "Strip Cutter costs 1 favor token and you have 0"
    set_turn(state, "A1=Y1", pool="R2", own="P3", favor=1, tool_tokens={13: 1})
    assert why(state, "T13") == "Strip Cutter costs 2 favor tokens and you have 1"
    set_turn(state, "A1=Y1", pool="R2", own="P3", favor=2)
    assert "T13" in legal(state)


# -- Lead Came Nippers (14) --------------------------------------------------------------------


def test_lead_came_nippers_rerolls_two_dice_keeping_their_colours() -> None:
    # CARDS.md 5.3: "Re-roll up to 2 dice in your Private Dice Pool."
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2", own="P3 B5 G1")
    act(state, "T14")
    assert legal(state) == {"*P3", "*B5", "*G1"}
    assert why(state, "*R2") == (
        "Lead Came Nippers: there is no other R2 in your Private Dice Pool"
    )
    act(state, "*P3")
    # The second die must be another die: the re-rolled purple die is not offered again.
    assert legal(state) == {"*B5", "*G1", "stop"}
    rerolled = next(d for d in state.players[seat].own_pool if DIE_COLOUR[d] == 4)
    assert why(state, "*" + DIE_NAMES[rerolled]).startswith("Lead Came Nippers: ")
    act(state, "*G1")
    own = state.players[seat].own_pool
    assert sorted(DIE_COLOUR[d] for d in own) == [2, 3, 4]  # green, blue, purple as before
    assert "B5" in names(own)  # untouched
    assert state.tool_used and state.tool_slot == -1
    assert state.players[seat].favor == 2
    assert state.drafted is False  # the tool did not use the draft


def test_lead_came_nippers_second_die_may_match_the_first_face() -> None:
    # Two P3s: after re-rolling one, the other P3 is still a different die.
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2", own="P3 P3")
    act(state, "T14", "*P3")
    # Whatever the re-roll showed, the untouched P3 is offered and the re-rolled die is not.
    assert legal(state) == {"*P3", "stop"}
    act(state, "*P3")
    assert [DIE_COLOUR[d] for d in state.players[seat].own_pool] == [4, 4]
    assert state.tool_used


def test_lead_came_nippers_may_stop_after_one() -> None:
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2", own="P3 B5")
    act(state, "T14", "*B5", "stop")
    own = state.players[seat].own_pool
    assert "P3" in names(own)
    assert sorted(DIE_COLOUR[d] for d in own) == [3, 4]  # blue, purple
    assert state.tool_used
    assert state.current == seat  # draft and own placement still open


def test_lead_came_nippers_may_follow_the_draft() -> None:
    # Unlike the "after drafting" cards it does not touch the Draft Pool, so it works after
    # the draft too.
    state = private_pool_game()
    set_turn(state, "A1=Y1", pool="R2", own="P3")
    act(state, "R2@A2")
    assert "T14" in legal(state)


def test_lead_came_nippers_rerolls_give_random_values() -> None:
    values = set()
    for seed in range(40):
        state = start(GameConfig(players=2, private_pools=True, tools=POOL_TOOLS), seed)
        seat = set_turn(state, "A1=Y1", pool="R2", own="P3")
        act(state, "T14", "*P3")
        (die,) = state.players[seat].own_pool
        assert DIE_COLOUR[die] == 4
        values.add(DIE_VALUE[die])
    assert len(values) >= 4  # a fresh roll, not the old face


def test_lead_came_nippers_needs_an_own_die_and_favor() -> None:
    state = private_pool_game()
    set_turn(state, "A1=Y1", pool="R2", own="")
    assert "T14" not in legal(state)
    assert why(state, "T14") == "Lead Came Nippers: your Private Dice Pool is empty"
    set_turn(state, "A1=Y1", pool="R2", own="P3", favor=0)
    assert why(state, "T14") == "Lead Came Nippers costs 1 favor token and you have 0"


# -- base tools under the Private Dice Pool rules ----------------------------------------------


@pytest.mark.parametrize("number", [1, 6, 9, 10, 11])
def test_after_drafting_tools_take_only_draft_pool_dice(number: int) -> None:
    # "Tool cards from the base game that refer to the 'Draft Pool' or the 'Drafted Die' cannot
    # be used on dice from a Private Dice Pool."
    state = start(GameConfig(players=2, private_pools=True, tools=(number, 13, 14)), 0)
    set_turn(state, "A1=Y1", pool="R2", own="G4 B6")
    card = catalog().tool(number).name
    act(state, f"T{number}")
    assert legal(state) == {"R2"}  # never G4 or B6, nor *G4 / *B6
    assert why(state, "G4") == f"{card}: there is no G4 in the Draft Pool"


@pytest.mark.parametrize("number", [1, 6, 9, 10, 11])
def test_after_drafting_tools_cannot_start_on_an_own_pool_alone(number: int) -> None:
    state = start(GameConfig(players=2, private_pools=True, tools=(number, 13, 14)), 0)
    set_turn(state, "A1=Y1", pool="", own="G4 B6")
    card = catalog().tool(number).name
    assert f"T{number}" not in legal(state)
    assert why(state, f"T{number}") == f"{card}: the Draft Pool is empty"


def test_grozing_pliers_changes_the_draft_die_and_leaves_the_own_pool() -> None:
    state = private_pool_game()
    seat = set_turn(state, "A1=Y1", pool="R2", own="G4")
    act(state, "T1", "R2", "+1")  # R3: A2, B1, B2 are white and touch A1
    assert legal(state) == {"@A2", "@B1", "@B2"}
    act(state, "@B1")
    assert DIE_NAMES[state.window(seat).dice[parse_cell("B1")]] == "R3"
    assert names(state.players[seat].own_pool) == ["G4"]


# -- content selection -------------------------------------------------------------------------


def packs_dealt(state: State) -> tuple[set[str], set[str]]:
    windows = {o.pack for p in state.players for o in p.options}
    privates = {o.pack for p in state.players for o in p.privates}
    return windows, privates


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_deal_only_base_content(players: int) -> None:
    # Expansion rulebook: the standard rules are the base game's; the expansion's cards join
    # at 5-6 players (or when asked for).
    config = GameConfig(players=players)
    assert config.packs == ("base",)
    for seed in range(20):
        state = new_game(config, seed)
        assert packs_dealt(state) == ({"base"}, {"base"})
        assert len(state.private_deck) == 5


@pytest.mark.parametrize(
    "options",
    [
        {"players": 5},
        {"players": 6},
        {"players": 2, "expansion": True},
        {"players": 4, "expansion": True},
        {"players": 3, "private_pools": True},
    ],
)
def test_expansion_games_deal_from_both_packs(options: dict[str, Any]) -> None:
    # "All Private Objective Cards ... from the base game and the expansion are shuffled
    # together"; the expansion's windows "can be combined with those just like normal".
    config = GameConfig(**options)
    assert config.packs == ("base", "five-six")
    windows: set[str] = set()
    privates: set[str] = set()
    for seed in range(40):
        state = new_game(config, seed)
        assert len(state.private_deck) == 11  # 5 base + 6 expansion
        w, p = packs_dealt(state)
        windows |= w
        privates |= p
    assert windows == {"base", "five-six"}
    assert privates == {"base", "five-six"}


@pytest.mark.parametrize("players", [5, 6])
def test_only_expansion_private_objectives(players: int) -> None:
    # "Optionally, setup can be performed only using Private Objective Cards from the
    # expansion, setting aside the original Private objective cards."
    for seed in range(10):
        state = new_game(GameConfig(players=players, private_objectives="expansion"), seed)
        assert {o.name for o in state.private_deck} == set(SPACES)
        for player in state.players:
            (objective,) = player.privates
            assert objective.pack == "five-six"


def test_six_players_hold_the_six_expansion_privates_once_each() -> None:
    # The expansion deck has 6 cards: with 6 players each card is dealt exactly once.
    state = new_game(GameConfig(players=6, private_objectives="expansion"), seed=4)
    assert sorted(p.privates[0].name for p in state.players) == sorted(SPACES)


@pytest.mark.parametrize("deck", ["all", "expansion"])
def test_a_six_player_game_works_with_both_private_decks(deck: str) -> None:
    config = GameConfig(players=6, private_objectives=deck)
    state = new_game(config, seed=21)
    # 6 players take 12 of the 18 window cards, each card once.
    options = [o.name for p in state.players for o in p.options]
    assert len(options) == len(set(options)) == 24
    held = [p.privates[0].name for p in state.players]
    assert len(set(held)) == 6
    choose = random.Random(21).choice
    while not state.is_over:
        state.apply(choose(state.legal_actions()))
    assert state.round == 10
    outcome = state.outcome()
    assert len(outcome.scores) == 6
    # A spaces card scores the sum of the dice on its CARDS.md spaces, whatever their colour.
    for player, breakdown in zip(state.players, outcome.scores, strict=True):
        objective = player.privates[0]
        part = next(p for p in breakdown.parts if p.kind == "private")
        assert part.name == objective.name
        if objective.name in SPACES:
            window = player.window
            assert window is not None
            cells = [parse_cell(c) for c in SPACES[objective.name]]
            assert part.points == sum(
                DIE_VALUE[window.dice[c]] for c in cells if window.dice[c] >= 0
            )


# -- views ---------------------------------------------------------------------------------------


def test_every_view_shows_every_own_pool_and_hides_other_privates() -> None:
    # Own pools lie face up on the Private Dice Pool boards; private objectives stay secret.
    state = start(GameConfig(players=3, private_pools=True, tools=POOL_TOOLS), 5)
    choose = random.Random(5).choice
    for _ in range(6):
        state.apply(choose(state.legal_actions()))
    for viewer in (-1, 0, 1, 2):
        view = make_view(state, viewer)
        data = view.to_json()
        for seat, entry in enumerate(data["players"]):
            own = state.players[seat].own_pool
            assert entry["private_dice_pool"] == [DIE_NAMES[d] for d in own]
            assert view.state.players[seat].own_pool == own
            if seat == viewer:
                assert entry["private_objectives"] == [state.players[seat].privates[0].name]
            else:
                assert "private_objectives" not in entry
                assert view.state.players[seat].privates == ()


# -- records -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(players=6),
        GameConfig(players=5, private_objectives="expansion"),
        GameConfig(players=4, private_pools=True, tools=POOL_TOOLS),
        GameConfig(players=6, private_pools=True),
    ],
    ids=["6p", "5p-expansion-privates", "4p-private-pools", "6p-private-pools"],
)
def test_replaying_a_record_gives_the_identical_state(config: GameConfig) -> None:
    seed = 31
    state = play_random(config, seed)
    assert state.is_over
    text = GameRecord.of(state, seed).dumps()
    replayed = GameRecord.loads(text).replay()
    assert fingerprint(replayed) == fingerprint(state)
    assert make_view(replayed, -1).to_json() == make_view(state, -1).to_json()
    assert replayed.outcome() == state.outcome()


def test_the_private_pool_record_exercises_the_new_actions() -> None:
    # The 4-player record above uses own-pool placements and both expansion tools, so the
    # replay covers their notation (*R3@B4, *R3).
    state = play_random(GameConfig(players=4, private_pools=True, tools=POOL_TOOLS), 31)
    texts = [action_to_str(a) for a in state.history]
    assert any(t.startswith("*") and "@" in t for t in texts)
    assert "T13" in texts
    assert "T14" in texts
    assert any(t.startswith("*") and "@" not in t for t in texts)


# -- dice conservation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "private_pools", "per_colour"),
    [
        (5, False, 22),  # bag 22
        (6, False, 26),  # bag 26
        (2, True, 10),  # bag 6 + own pools 2 x 2
        (4, True, 18),  # bag 10 + own pools 4 x 2
        (5, True, 22),  # bag 12 + own pools 5 x 2
        (6, True, 26),  # bag 14 + own pools 6 x 2 (all 130 dice of base and expansion)
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_dice_are_conserved(players: int, private_pools: bool, per_colour: int, seed: int) -> None:
    # Every die is always somewhere: bag, Draft Pool, own pools, hand, windows, Round Track.
    state = new_game(GameConfig(players=players, private_pools=private_pools), seed)
    choose = random.Random(seed).choice
    assert state.dice_counts() == [per_colour] * 5
    while not state.is_over:
        state.apply(choose(state.legal_actions()))
        assert state.dice_counts() == [per_colour] * 5
