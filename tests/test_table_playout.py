"""The planner's playouts at a table of 2-4 players (:mod:`sagrada.games.dice.bots.table_playout`):
the final score is the engine's, the turns go in the engine's order, the playout plays the game the
engine would play with the same policy and the same dice, and only the games whose rules it models
are played this way."""

from __future__ import annotations

import random

import pytest

from helpers import BLANK, play_random
from sagrada.core.content import catalog
from sagrada.core.position import make_window
from sagrada.core.scoring import score_window
from sagrada.games.dice.bots.planner import PlannerBot
from sagrada.games.dice.bots.playout_values import play_on_table
from sagrada.games.dice.bots.table_playout import plays_at_table, round_turns
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.search.playout_policy import best_placement
from sagrada.search.window_playout import final_score
from sagrada.search.window_summary import PolicyWeights, SoloModel, Tables

TABLE_WEIGHTS = PolicyWeights(target_weight=0.0)


def models_of(state: State) -> list[SoloModel]:
    models = []
    for player in state.players:
        assert player.window is not None
        models.append(
            SoloModel(player.window.pattern, state.publics, player.privates, TABLE_WEIGHTS)
        )
    return models


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_the_fast_final_score_is_the_engines_for_every_player(players: int, seed: int) -> None:
    state = play_random(GameConfig(players=players), seed)
    totals = [score.total for score in state.outcome().scores]
    fast = [
        final_score(model, player.window, 1, player.favor, best_private=False)
        for model, player in zip(models_of(state), state.players, strict=True)
        if player.window is not None
    ]
    assert fast == totals


def test_a_hand_worked_score_by_the_rulebooks_end_game_scoring() -> None:
    # Rulebook 001, END GAME SCORING: each public objective as often as it is met, the private
    # objective's dice, 1 VP per unspent favor token, -1 VP per open space. Light Shades (2 VP
    # a set of a 1 and a 2): the 1s R1 and B1, the 2s Y2 and G2 make 2 sets, 4 VP; Shades of
    # Red: R1 + R6 = 7; 3 favor tokens, 3 VP; 15 open spaces, -15 VP: -1 in all. Solo (SOLO
    # PLAY RULES): no favor tokens, -3 VP per open space: 4 + 7 - 45 = -34.
    window = make_window(BLANK, "A1=R1 A2=Y2 A3=R6 B1=G2 B2=B1")
    publics = [catalog().public("set_values_1_2")]
    privates = [catalog().private("shades_of_red")]
    model = SoloModel(window.pattern, publics, privates, TABLE_WEIGHTS)
    assert final_score(model, window, 1, 3, best_private=False) == -1
    assert final_score(model, window) == -34
    assert score_window(window, publics, privates, 3).total == -1
    assert score_window(window, publics, privates, 0, solo=True).total == -34


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_turns_left_in_a_round_are_the_engines(players: int) -> None:
    # Random play uses Running Pliers now and then: the player then misses the second turn.
    for seed in range(6):
        state = new_game(GameConfig(players=players), seed)
        choose = random.Random(seed).choice
        while state.phase == Phase.SETUP:
            state.apply(choose(state.legal_actions()))
        starts: list[tuple[int, int, int, int, tuple[int, ...]]] = []
        skips: dict[int, int] = {}
        while not state.is_over:
            if not starts or starts[-1][:2] != (state.round, state.turn):
                starts.append((state.round, state.turn, state.current, state.skip, state.order))
            skips[state.round] = state.skip
            state.apply(choose(state.legal_actions()))
        for index, (round_number, turn, _, skip, order) in enumerate(starts):
            played = [seat for r, _, seat, _, _ in starts[index:] if r == round_number]
            assert played == round_turns(order, turn, players, skips[round_number])
            if skips[round_number] == skip:
                assert played == round_turns(order, turn, players, skip)


def _policy_action(state: State, models: list[SoloModel]) -> int:
    """The playout policy's choice in the engine: its placement, or a pass."""
    seat = state.current
    if state.used:
        return A.PASS
    turns = round_turns(state.order, state.turn, len(state.players), state.skip).count(seat)
    turns += 2 * (state.rules.rounds - 1 - state.round)
    window = state.players[seat].window
    assert window is not None
    index, cell = best_placement(Tables(models[seat], window.copy(), turns), state.pool)
    return A.PASS if index < 0 else A.draft(state.pool[index], cell)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_a_playout_plays_the_game_the_engine_plays_with_its_policy(players: int, seed: int) -> None:
    # From a position reached by random play, the playout's scores are those of the engine
    # playing every turn by the same policy on the same dice (no tool, so no other chance).
    state = play_random(GameConfig(players=players), seed, stop_after=players + 6 * players)
    while state.used or state.tool_slot >= 0 or state.step:
        state.apply(random.Random(seed).choice(state.legal_actions()))
    models = models_of(state)
    fast = play_on_table(models, state)
    engine = state.clone()
    while not engine.is_over:
        engine.apply(_policy_action(engine, models))
    assert fast == [score.total for score in engine.outcome().scores]


def test_only_games_the_playouts_model_are_played_at_a_table() -> None:
    assert plays_at_table(GameConfig(players=2).rules)
    assert plays_at_table(GameConfig(players=4, full_bag=True).rules)
    assert not plays_at_table(GameConfig(players=1).rules)
    assert not plays_at_table(GameConfig(players=5).rules)
    assert not plays_at_table(GameConfig(players=2, private_pools=True).rules)
    assert not plays_at_table(GameConfig(players=2, apprentice=True).rules)
    assert not plays_at_table(GameConfig(players=2, masterwork=True).rules)
    assert not plays_at_table(GameConfig(players=3, toil=True).rules)


def test_the_planner_plays_a_two_player_game_from_the_view_only() -> None:
    # Two games that differ only in what the planner cannot see get the same first decisions.
    state = new_game(GameConfig(players=2), 3)
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    choices = []
    for hidden in (0, 1):
        game = state.clone()
        other = game.players[1 - game.current]
        other.privates = (catalog().private("shades_of_red" if hidden else "shades_of_blue"),)
        bot = PlannerBot(seed=5, iterations=60, seconds=None)
        view = make_view(game, game.current)
        choices.append(bot.choose(view, game.legal_actions()))
        assert bot.last is not None and bot.last.playouts > 0
    assert choices[0] == choices[1]
