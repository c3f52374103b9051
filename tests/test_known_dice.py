"""The ceiling's search (games/dice/bots/known_dice.py): a solo game solved knowing every die."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import BLANK, start
from sagrada.core.cells import parse_cell
from sagrada.core.dice import parse_colour, parse_die
from sagrada.core.position import make_window
from sagrada.games.dice.bots.known_dice import CeilingSettings, solve
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.state import new_game

SMALL = CeilingSettings(width=2, shortlist=6, turn_nodes=300)


@pytest.mark.parametrize(
    "settings", [SMALL, replace(SMALL, nested=replace(SMALL, width=1, shortlist=2, turn_nodes=100))]
)
def test_the_ceiling_is_a_legal_finished_game_whose_score_the_engine_gives(
    settings: CeilingSettings,
) -> None:
    config = GameConfig(players=1, solo_tools=3)
    game = solve(new_game(config, 7), settings)
    replay = new_game(config, 7)  # the same seed: the same bag, the same rolls
    for action in game.actions:
        replay.apply(action)  # raises IllegalActionError for an illegal action
    assert replay.is_over
    outcome = replay.outcome()
    assert (outcome.scores[0].total, outcome.target) == (game.score, game.target)


def test_the_ceiling_plays_the_last_round_so_that_both_open_spaces_are_filled() -> None:
    # Round 10, its first turn; A1 and D5 are open. A1 touches R1 (A2) and G2 (B1), D5 touches
    # B3 (D4) and Y4 (C5). The Draft Pool holds B5 and P6: P6 fits either space, B5 only A1
    # (D4 is blue). Placing P6 on A1 first leaves B5 nowhere to go (an open space, -3), so the
    # best play is B5 on A1, then P6 on D5. Nothing else tells the plays apart: every row
    # repeats a value whatever fills A1 and D5 (Row Shade Variety: 0), Light Shades counts
    # only 1s and 2s, the private objectives (seed 1) are green and yellow, and the tool cards
    # are red, yellow and green with no die of those colours in the pool to pay with.
    config = GameConfig(
        players=1, tools=(3, 4, 5), public_objectives=("set_values_1_2", "row_shade_variety")
    )
    state = start(config, 1)
    assert [objective.colour for objective in state.players[0].privates] == [
        parse_colour("G"),
        parse_colour("Y"),
    ]
    others = "A3=Y3 A4=B4 A5=P3 B2=B6 B3=P1 B4=G3 B5=R2 C1=Y5 C2=P4 C3=R6 C4=B2 D1=R3 D2=G1 D3=P2"
    window = make_window(BLANK, f"A2=R1 B1=G2 D4=B3 C5=Y4 {others}")
    arrange(state, windows={0: window}, pool="B5 P6", round_number=10, turn=0)
    game = solve(state, CeilingSettings(width=4, shortlist=8, turn_nodes=200))
    played = state.clone()
    for action in game.actions:
        played.apply(action)
    final = played.players[0].window
    assert final is not None
    assert final.dice[parse_cell("A1")] == parse_die("B5")
    assert final.dice[parse_cell("D5")] == parse_die("P6")
    # Light Shades: three 1s and four 2s, 3 sets of 2 points; the yellow dice 3 + 5 + 4 = 12
    # (green: 2 + 3 + 1 = 6); no open space.
    assert game.score == played.outcome().scores[0].total == 6 + 12
