"""The OpenSpiel game ``python_sagrada`` (issue 16, "RL adapters"): OpenSpiel's own random
simulation test passes on it, its chance nodes are the engine's draws and rolls, and a
player's information state holds only what the player may know."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import sagrada.rl.openspiel as sagrada_openspiel  # noqa: E402
from sagrada.core.dice import DIE_COLOUR  # noqa: E402
from sagrada.games.dice.rules.state import new_game  # noqa: E402
from sagrada.games.dice.rules.views import make_view  # noqa: E402


@pytest.mark.parametrize(
    "name",
    [
        "python_sagrada",
        "python_sagrada(players=1,solo_tools=2)",
        "python_sagrada(players=3,apprentice=True,masterwork=True,toil=True)",
        "python_sagrada(players=5,private_pools=True)",
        "python_sagrada(players=4,tools=1;4;7)",
    ],
)
def test_openspiels_random_simulation_test_passes(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=False, verbose=False)


def test_each_game_with_a_chance_model_is_registered_through_its_entry() -> None:
    """The dice game's entry names a chance model (and an encoder): ``python_sagrada``; the
    card game's names none, so OpenSpiel has no ``python_cards``."""
    names = set(pyspiel.registered_names())
    assert "python_sagrada" in names and "python_cards" not in names
    game = pyspiel.load_game("python_sagrada")
    assert game.entry.name == "sagrada" and game.get_type().long_name == "Sagrada (python)"
    assert (game.get_type().min_num_players, game.get_type().max_num_players) == (1, 6)


def play_randomly(state: object, rng: random.Random, stop: int = 10**6) -> None:
    """Play chance and players uniformly at random (``stop`` player actions at most)."""
    while not state.is_terminal() and stop:  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            outcomes = state.chance_outcomes()  # type: ignore[attr-defined]
            state.apply_action(rng.choice(outcomes)[0])  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
            stop -= 1


def test_the_parameters_are_the_games_options() -> None:
    game = pyspiel.load_game("python_sagrada(players=3,private_pools=True,tools=1;4;6)")
    config = game.config
    assert (config.players, config.private_pools, config.tools) == (3, True, (1, 4, 6))
    assert game.num_players() == 3
    assert game.num_distinct_actions() == config.num_distinct_actions
    assert game.max_game_length() == config.max_game_length


def test_a_game_starts_with_the_deal_as_chance_nodes() -> None:
    state = pyspiel.load_game("python_sagrada").new_initial_state()
    assert state.is_chance_node()
    sizes = []
    while state.is_chance_node():
        sizes.append(len(state.chance_outcomes()))
        state.apply_action(0)
    # Fisher-Yates over the 5 private objectives (5, 4, 3, 2 outcomes), the 12 window cards,
    # the 12 tools, the 10 public objectives, then the start player of 2.
    assert sizes == [*range(5, 1, -1), *range(12, 1, -1), *range(12, 1, -1), *range(10, 1, -1), 2]
    assert state.current_player() == 0


def test_each_die_drawn_is_a_die_of_the_bag_then_a_roll() -> None:
    """After the last window choice the round's 5 dice are drawn: for each, one of the dice
    left in the bag (2 players: 10 of each colour, so 50, 49, ...), then one of six values."""
    state = pyspiel.load_game("python_sagrada").new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    sizes = []
    while state.is_chance_node():
        sizes.append(len(state.chance_outcomes()))
        state.apply_action(sizes[-1] - 1)  # the last die of the bag (purple), a 6
    assert sizes == [50, 6, 49, 6, 48, 6, 47, 6, 46, 6]
    assert [DIE_COLOUR[d] for d in state.engine.pool] == [4] * 5
    assert all(d % 6 == 5 for d in state.engine.pool)


def test_a_game_through_openspiel_replays_in_the_engine() -> None:
    state = pyspiel.load_game("python_sagrada(players=3)").new_initial_state()
    play_randomly(state, random.Random(4))
    engine = state.engine
    assert engine.is_over
    assert state.returns() == [1.0 if s in engine.outcome().winners else -1.0 for s in range(3)]
    assert engine.dice_counts() == [engine.config.dice_per_colour] * 5


def test_a_players_information_state_is_the_same_whatever_they_cannot_know() -> None:
    game = pyspiel.load_game("python_sagrada(players=3)")
    state = game.new_initial_state()
    play_randomly(state, random.Random(2), stop=20)
    view = make_view(state.engine, state.current_player())
    me = state.current_player()
    guesses = [game.state_from_view(view, seed) for seed in range(4)]
    for guess in guesses:
        assert guess.information_state_string(me) == state.information_state_string(me)
        assert guess.observation_tensor(me) == state.observation_tensor(me)
        assert guess.legal_actions() == state.legal_actions()
    other = (me + 1) % 3
    assert len({g.information_state_string(other) for g in guesses}) > 1


def test_the_information_state_names_only_the_players_own_private_objective() -> None:
    state = pyspiel.load_game("python_sagrada").new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    mine, theirs = ([p.privates[0].id] for p in state.engine.players)
    seen = json.loads(state.information_state_string(0).partition(" ")[2])
    assert [p["privates"] for p in seen["players"]] == [mine, []]
    seen = json.loads(state.information_state_string(1).partition(" ")[2])
    assert [p["privates"] for p in seen["players"]] == [[], theirs]


def test_resampling_keeps_the_information_state() -> None:
    state = pyspiel.load_game("python_sagrada(players=2)").new_initial_state()
    play_randomly(state, random.Random(9), stop=30)
    me = state.current_player()
    sample = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(me) == state.information_state_string(me)


def test_the_engine_plays_through_the_chosen_chance_as_through_its_own() -> None:
    """``new_game(chance=...)`` deals with the outcomes given: the same draws as a seeded
    generator's give the same game."""
    recorded = []

    class Recorder(sagrada_openspiel.ChosenChance):
        """The numbers a seeded generator draws (Rng.shuffle's swap is next64() % (i + 1),
        its roll next64() % 6 + 1: what ChosenChance.shuffle and roll ask of below)."""

        def __init__(self, seed: int) -> None:
            super().__init__([])
            self.seeded = sagrada_openspiel.Rng(seed)

        def below(self, n: int) -> int:
            recorded.append(self.seeded.below(n))
            return recorded[-1]

    seeded = new_game(seed=5, chance=Recorder(5))
    chosen = new_game(chance=sagrada_openspiel.ChosenChance(recorded))
    assert chosen.snapshot()["players"] == seeded.snapshot()["players"]
    assert chosen.snapshot()["tools"] == seeded.snapshot()["tools"]
