"""The RL adapters play the toy game knowing it only through its entry: PettingZoo's AEC
environment (PettingZoo's own API and seed tests), the observation encoder the entry names,
and OpenSpiel (``python_toy``, OpenSpiel's own random simulation test) through the entry's
chance model."""

from __future__ import annotations

import functools
import json
import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import sagrada.rl  # noqa: E402
import sagrada.rl.openspiel  # noqa: E402
from sagrada.core.errors import ConfigError  # noqa: E402
from toy_game import encoder as toy_encoder  # noqa: E402
from toy_game.encoder import ToyEncoder  # noqa: E402
from toy_game.scripted import scripted_game  # noqa: E402
from toy_game.views import make_toy_view  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # The frameworks warn about names their own lists do not know.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.fixture(scope="module", autouse=True)
def _openspiel_knows_the_toy_game() -> None:
    # The OpenSpiel module registered the games there were when it was imported (before the
    # toy game's registration): it registers the games registered since.
    sagrada.rl.openspiel.register()


@pytest.mark.parametrize("options", [{}, {"rolls": 2, "take_points": 2}, {"rolls": 0}])
def test_the_aec_env_passes_pettingzoos_api_test(options: dict[str, Any]) -> None:
    api_test(sagrada.rl.aec_env(game="toy", **options), num_cycles=200)


def test_the_aec_env_passes_pettingzoos_seed_test() -> None:
    seed_test(functools.partial(sagrada.rl.aec_env, game="toy"), num_cycles=200)


def play_aec(env: Any, seed: int) -> tuple[dict[str, float], dict[str, Any]]:
    """Play a game of masked random agents; return each agent's last reward and info."""
    env.reset(seed=seed)
    rewards, infos = {}, {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            rewards[agent], infos[agent] = reward, info
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    return rewards, infos


def test_an_aec_game_is_the_engines_game_of_its_seed_and_pays_the_winners() -> None:
    env = sagrada.rl.aec_env(game="toy")
    assert str(env.unwrapped) == "toy_v0" and env.unwrapped.possible_agents == [
        "player_0",
        "player_1",
    ]
    rewards, infos = play_aec(env, 42)
    game = env.unwrapped.game
    assert game.is_over and len(game.history) == 4
    replayed = env.unwrapped.record().replay()
    assert (replayed.dice, replayed.points) == (game.dice, game.points)
    winners = game.outcome().winners
    assert rewards == {f"player_{s}": 1.0 if s in winners else -1.0 for s in (0, 1)}
    assert [infos[f"player_{s}"]["score"] for s in (0, 1)] == [
        score.total for score in game.outcome().scores
    ]


def test_the_aec_env_seats_the_games_two_players_only() -> None:
    with pytest.raises(ConfigError, match="players: toy seats 2, not 3"):
        sagrada.rl.aec_env(players=3, game="toy")
    assert sagrada.rl.aec_env(players=2, game="toy").unwrapped.num_agents == 2


def test_an_observation_shows_the_viewers_die_and_never_the_others() -> None:
    encoder = ToyEncoder()
    slices = encoder.layout.slices()
    mine = scripted_game(3, 5)
    other = scripted_game(3, 2)
    seen = encoder.encode(make_toy_view(mine, 0))
    assert list(seen[slices["my_die"]]) == [0, 0, 1, 0, 0, 0]
    assert list(seen[slices["round"]]) == [1, 0] and seen[slices["deciding"]][0] == 1
    assert (seen == encoder.encode(make_toy_view(other, 0))).all()
    assert not (
        encoder.encode(make_toy_view(mine, 1)) == encoder.encode(make_toy_view(other, 1))
    ).all()


def test_the_observation_table_in_the_encoders_docstring_is_the_layout() -> None:
    assert ToyEncoder().layout.table() in (toy_encoder.__doc__ or "")


def test_openspiels_random_simulation_test_passes() -> None:
    for name in ("python_toy", "python_toy(rolls=2,take_points=2)", "python_toy(rolls=0)"):
        pyspiel.random_sim_test(
            pyspiel.load_game(name), num_sims=20, serialize=False, verbose=False
        )


def test_the_openspiel_game_is_the_entrys() -> None:
    game = pyspiel.load_game("python_toy(take_points=2)")
    assert game.entry.name == "toy" and game.config.take_points == 2
    assert (game.num_players(), game.num_distinct_actions(), game.max_game_length()) == (2, 2, 4)
    assert game.max_chance_outcomes() == 6
    assert game.get_type().long_name == "Secret dice (a toy game) (python)"


def test_the_deal_and_each_roll_are_chance_nodes_of_six_faces() -> None:
    state = pyspiel.load_game("python_toy").new_initial_state()
    outcomes = []
    for face in (2, 4):  # seat 0 rolls a 3, seat 1 a 5
        assert state.is_chance_node()
        outcomes.append(len(state.chance_outcomes()))
        state.apply_action(face)
    assert outcomes == [6, 6] and state.engine.dice == [3, 5]
    state.apply_action(1)  # seat 0 rolls again
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    state.apply_action(5)  # a 6
    assert state.engine.dice == [6, 5] and state.current_player() == 1


def test_a_players_information_state_is_the_same_whatever_the_other_die() -> None:
    states = []
    for other in (0, 5):  # seat 1 rolls a 1, or a 6
        state = pyspiel.load_game("python_toy").new_initial_state()
        state.apply_action(2)
        state.apply_action(other)
        state.apply_action(0)  # seat 0 takes
        states.append(state)
    mine = [s.information_state_string(0) for s in states]
    assert mine[0] == mine[1]
    assert json.loads(mine[0].partition(" ")[2])["dice"] == [3, None]
    assert states[0].observation_tensor(0) == states[1].observation_tensor(0)
    assert states[0].information_state_string(1) != states[1].information_state_string(1)


def test_a_tie_pays_both_players() -> None:
    state = pyspiel.load_game("python_toy").new_initial_state()
    state.apply_action(3)
    state.apply_action(3)  # two 4s
    while not state.is_terminal():
        state.apply_action(0)  # every decision a take: 2 + 4 each
    assert state.returns() == [1.0, 1.0]


def test_a_game_played_at_random_through_openspiel_replays_in_the_engine() -> None:
    rng = random.Random(7)
    state = pyspiel.load_game("python_toy(rolls=2)").new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    engine = state.engine
    winners = engine.outcome().winners
    assert state.returns() == [1.0 if s in winners else -1.0 for s in (0, 1)]
