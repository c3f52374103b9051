"""The learned value function (:mod:`sagrada.games.dice.bots.value`) and the search's window choice.

The model's weights come from ``scripts/train_value.py``; these tests pin what does not depend
on them: which features a window has, where the correction applies, and that a window option is
rated as its empty window is at the start of the first round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sagrada.core.content import PrivateObjective, PublicObjective, WindowPattern
from sagrada.core.dice import RED, parse_die
from sagrada.core.window import Window
from sagrada.games.dice.bots import hint_bot
from sagrada.games.dice.bots.heuristic import evaluate
from sagrada.games.dice.bots.mcts import MctsBot
from sagrada.games.dice.bots.value import (
    FEATURES,
    choose_window,
    correction,
    learned_evaluate,
    option_value,
    weights,
    window_features,
)
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.config import ROUNDS, GameConfig
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import PlayerView, determinize, make_view

ROW_COLOUR_VARIETY = PublicObjective("row_color_variety", "Row Color Variety", "", 6)
SHADES_OF_RED = PrivateObjective("shades_of_red", "Shades of Red", RED)


def last_option(view: PlayerView, legal: Sequence[Action]) -> Action:
    return legal[-1]


def test_the_search_chooses_its_window_with_the_policy_it_is_given() -> None:
    state = new_game(GameConfig(players=2), seed=3)
    assert state.phase == Phase.SETUP
    legal = state.legal_actions()
    assert len(legal) == 4
    bot = MctsBot(seed=1, iterations=5, seconds=None, window_choice=last_option)
    chosen = bot.choose(make_view(state, state.current), legal)
    assert chosen == legal[-1]
    assert A.ARG1[chosen] == 3


def feature(values: list[float], name: str) -> float:
    return values[FEATURES.index(name)]


def test_a_line_counts_by_the_spaces_it_still_needs_unless_it_can_no_longer_vary() -> None:
    # Row 1: two red spaces, a repeat forced by the pattern. Row 2 empty (5 open spaces, counted
    # with 4 or more). Row 3: red and blue, 3 open. Row 4: two red dice, a repeat.
    window = Window(WindowPattern("test", 4, 1, ("R.R..", ".....", ".....", ".....")))
    for text, cell in (("R1", 10), ("B2", 11), ("R3", 15), ("R4", 17)):
        window.place(parse_die(text), cell)
    values = window_features(window, 4, [ROW_COLOUR_VARIETY], [SHADES_OF_RED])
    assert [feature(values, f"colour_lines_{k}") for k in (1, 2, 3, 4)] == [0, 0, 6, 6]
    assert [feature(values, f"shade_lines_{k}") for k in (1, 2, 3, 4)] == [0, 0, 0, 0]
    # 16 open spaces, red allowed on all of them but the 4 next to a red die (5, 12, 16, 18).
    assert feature(values, "private_open") == 12
    assert feature(values, "open_spaces") == 16
    assert feature(values, "favor") == 4
    assert feature(values, "colour_restricted_open") == 2


def round_start(config: GameConfig, seed: int, rounds: int) -> State:
    """A random game at the start of round ``rounds`` (0 = the first)."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    while state.phase == Phase.SETUP or state.round < rounds:
        state.apply(rng.choice(state.legal_actions()))
    while state.turn or state.used or state.tool_slot >= 0 or state.step:
        state.apply(rng.choice(state.legal_actions()))  # pragma: no cover (seeds chosen so)
    return state


def test_the_weights_give_one_model_a_round_over_the_features() -> None:
    rounds = weights()
    assert len(rounds) == ROUNDS
    assert all(len(row) == len(FEATURES) for row in rounds)


def test_the_correction_applies_at_a_round_start_of_a_two_player_base_game() -> None:
    state = round_start(GameConfig(players=2), seed=5, rounds=3)
    for player in (0, 1):
        expected = evaluate(state, player) + correction(state, player)
        assert abs(learned_evaluate(state, player) - expected) < 1e-9
    assert correction(state, 0) != 0.0


def test_elsewhere_the_value_is_the_hand_written_estimate() -> None:
    mid_round = round_start(GameConfig(players=2), seed=5, rounds=3)
    mid_round.apply(next(a for a in mid_round.legal_actions() if a != A.PASS))
    three = round_start(GameConfig(players=3), seed=5, rounds=3)
    modules = round_start(GameConfig(players=2, masterwork=True), seed=5, rounds=3)
    for state in (mid_round, three, modules):
        assert learned_evaluate(state, 0) == evaluate(state, 0)


def test_a_window_option_is_worth_its_empty_window_at_the_first_round() -> None:
    state = new_game(GameConfig(players=2), seed=8)
    values = {}
    while state.phase == Phase.SETUP:
        player = state.current
        action = state.legal_actions()[1]
        values[player] = option_value(state, player, A.ARG1[action])
        state.apply(action)
    assert state.round == 0
    for player, value in values.items():
        assert abs(learned_evaluate(state, player) - value) < 1e-9


def test_the_window_choice_takes_the_option_of_the_best_value() -> None:
    state = new_game(GameConfig(players=2), seed=8)
    view = make_view(state, state.current)
    legal = state.legal_actions()
    best = max(option_value(state, state.current, A.ARG1[a]) for a in legal)
    assert option_value(state, state.current, A.ARG1[choose_window(view, legal)]) == best


def test_hard_decides_the_same_whatever_it_cannot_know() -> None:
    state = round_start(GameConfig(players=2), seed=12, rounds=2)
    viewer = state.current
    view = make_view(state, viewer)
    other = 1 - viewer
    twin = next(
        t
        for t in (determinize(view, s) for s in range(100))
        if t.players[other].privates != state.players[other].privates
    )
    twin_view = make_view(twin, viewer)
    legal = state.legal_actions()
    chosen = hint_bot(seed=4, iterations=40).choose(view, legal)
    assert chosen == hint_bot(seed=4, iterations=40).choose(twin_view, legal)
