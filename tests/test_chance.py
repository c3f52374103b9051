"""The engine marks the actions that draw or roll dice (issue 11, "Chance steps marked by the
engine"): their result depends on the game's hidden chance, so a server must not let anyone see
it before the action is committed.

Which actions involve chance follows from the rulebook (001_3237e9a6eb6273e0.txt, GAMEPLAY:
at the start of each round dice are drawn from the bag and rolled) and the tool cards
(CARDS.md §1: Flux Brush re-rolls, Glazing Hammer re-rolls the pool, Flux Remover draws).
"""

from __future__ import annotations

import pytest

from sagrada.core.errors import IllegalActionError
from sagrada.games.dice.rules.actions import parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import make_view


def chance(state: State, text: str) -> bool:
    """Whether the action written ``text`` draws or rolls dice, as the engine says."""
    return state.is_chance(parse_action(text))


def started(seed: int = 3) -> State:
    """A 2-player game with Grozing Pliers, Flux Brush and Glazing Hammer, windows chosen."""
    state = new_game(GameConfig(players=2, tools=(1, 6, 7)), seed=seed)
    state.apply(parse_action("W1"))
    state.apply(parse_action("W1"))
    return state


def test_the_last_window_choice_draws_the_first_draft_pool() -> None:
    # SETUP ends when the last player has chosen; round 1 then draws its dice.
    state = new_game(GameConfig(players=2, tools=(1, 6, 7)), seed=3)
    assert not chance(state, "W1")
    state.apply(parse_action("W1"))
    assert chance(state, "W2")


def test_a_draft_is_not_chance_but_the_turn_that_ends_a_round_is() -> None:
    state = started()
    arrange(state, pool="R3 G4 B5 Y1 P2", turn=0)
    assert not chance(state, "R3@A1")
    assert not chance(state, "pass")  # the round goes on with the next player
    arrange(state, turn=3)  # the last turn of a 2-player round (A B B A)
    assert chance(state, "pass")  # the round ends and the next one draws its dice


def test_the_last_pass_of_the_game_draws_nothing() -> None:
    # After round 10 the game ends: no Draft Pool is drawn.
    state = started()
    arrange(state, round_number=10, turn=3)
    assert not chance(state, "pass")
    state.apply(parse_action("pass"))
    assert state.is_over


def test_tools_that_roll_or_draw_are_chance_and_the_others_are_not() -> None:
    state = started()
    arrange(state, pool="R3 G4", turn=0)
    assert not chance(state, "T1")  # Grozing Pliers: +1 or -1, chosen
    assert not chance(state, "T6")  # Flux Brush is chosen first; its die's re-roll comes next
    state.apply(parse_action("T6"))
    assert chance(state, "R3")  # taking the die re-rolls it
    state = started()
    arrange(state, pool="R3 G4", turn=2)  # a second turn: Glazing Hammer may be used
    assert chance(state, "T7")  # it re-rolls the whole pool at once


def test_an_illegal_action_is_refused_not_marked() -> None:
    state = started()
    with pytest.raises(IllegalActionError):
        chance(state, "W1")  # window choices belong to setup


def test_a_view_marks_the_chance_of_each_legal_action() -> None:
    # The view a client gets lists its legal actions as objects with "chance": the last
    # window choice draws the first Draft Pool; the first does not.
    state = new_game(GameConfig(players=2, tools=(1, 6, 7)), seed=3)
    first = make_view(state, state.current_player).to_json()["actions"]
    assert {a["notation"]: a["chance"] for a in first} == dict.fromkeys(
        ["W1", "W2", "W3", "W4"], False
    )
    state.apply(parse_action("W1"))
    last = make_view(state, state.current_player).to_json()["actions"]
    assert all(a["chance"] for a in last)
