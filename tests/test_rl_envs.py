"""The PettingZoo and Gymnasium environments (issue 16, "RL adapters"): they pass their
frameworks' own tests, observe only what a player may know, and the docs' loops run."""

from __future__ import annotations

import ast
import random
import re
import warnings
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import sagrada.rl
from sagrada.entry import load
from sagrada.games.dice.encoder import DiceEncoder
from sagrada.games.dice.rules.actions import action_to_str, parse_action
from sagrada.games.dice.rules.views import determinize, make_view
from sagrada.registry import entries
from sagrada.rl import aec, cards_env, gym_envs, solo_env

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rl.md"

CONFIGS = [
    {"players": 2},
    {"players": 1, "solo_tools": 2},
    {"players": 3, "apprentice": True, "masterwork": True, "toil": True},
    {"players": 6, "private_pools": True},
]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # The frameworks warn about names their own lists do not know (and about render fps).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(
    "options", CONFIGS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items())
)
def test_the_aec_env_passes_pettingzoos_api_test(options: dict[str, Any]) -> None:
    api_test(sagrada.rl.aec_env(**options), num_cycles=400)


def test_the_aec_env_passes_pettingzoos_seed_test() -> None:
    seed_test(sagrada.rl.aec_env, num_cycles=400)


def play_aec(env: Any, seed: int) -> dict[str, float]:
    """Play a game of masked random agents; return each agent's last reward."""
    env.reset(seed=seed)
    rewards = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            rewards[agent] = reward
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    return rewards


def test_a_seeded_aec_game_is_the_engines_game_of_that_seed() -> None:
    env = sagrada.rl.aec_env(players=2)
    play_aec(env, 42)
    game = env.unwrapped.game
    assert game.is_over
    assert env.unwrapped.record().replay().snapshot() == game.snapshot()
    assert env.unwrapped.record().seed == 42


def test_the_aec_env_takes_its_game_from_the_registry() -> None:
    env = sagrada.rl.aec_env(players=2, game="sagrada")
    assert str(env.unwrapped) == "sagrada_v0" and env.unwrapped.entry.name == "sagrada"
    with pytest.raises(KeyError, match="no game called 'chess'"):
        sagrada.rl.aec_env(game="chess")


def test_the_winners_get_plus_one_and_the_others_minus_one() -> None:
    env = sagrada.rl.aec_env(players=3)
    rewards = play_aec(env, 5)
    winners = env.unwrapped.game.outcome().winners
    assert rewards == {f"player_{s}": 1.0 if s in winners else -1.0 for s in range(3)}


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_player() -> None:
    env = sagrada.rl.aec_env(players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0


def test_the_mask_is_the_engines_legal_actions_and_empty_for_others() -> None:
    env = sagrada.rl.aec_env(players=2)
    env.reset(seed=3)
    game = env.unwrapped.game
    deciding = env.agent_selection
    other = next(a for a in env.agents if a != deciding)
    assert list(np.flatnonzero(env.observe(deciding)["action_mask"])) == game.legal_actions()
    assert not env.observe(other)["action_mask"].any()


@pytest.mark.parametrize("options", CONFIGS[:1] + CONFIGS[2:], ids=["base", "life", "pools"])
def test_an_observation_is_the_same_whatever_the_viewer_cannot_know(
    options: dict[str, Any],
) -> None:
    """Another player's private objective, their window options at setup, the bag's order and
    the modules' hidden cards may be anything: the viewer's observation does not change."""
    config = aec.make_config(options["players"], options)
    encoder = DiceEncoder(config)
    env = aec.SagradaAEC(config)
    env.reset(seed=11)
    game = env.game
    for _ in range(60):  # setup, then play
        view = make_view(game, 0)
        seen = encoder.encode(view)
        for seed in range(3):
            guess = determinize(view, seed)
            assert np.array_equal(encoder.encode(make_view(guess, 0)), seen)
        if game.is_over:
            break
        game.apply(game.legal_actions()[-1])


def test_the_observation_shows_the_viewers_private_objective_only() -> None:
    env = aec.SagradaAEC(aec.make_config(2, {}))
    env.reset(seed=2)
    layout = env.layout.slices()["private_objectives"]
    mine = env.observe("player_0")["observation"][layout]
    theirs = env.observe("player_1")["observation"][layout]
    index = env.encoder.private_index
    assert list(np.flatnonzero(mine)) == [index[o.id] for o in env.game.players[0].privates]
    assert list(np.flatnonzero(theirs)) == [index[o.id] for o in env.game.players[1].privates]


def test_a_placed_die_shows_in_its_cell_of_the_viewers_window() -> None:
    env = aec.SagradaAEC(aec.make_config(1, {}))
    env.reset(seed=4)
    env.step(parse_action("W1"))
    draft = next(a for a in env.game.legal_actions() if "@" in action_to_str(a))
    text = action_to_str(draft)  # such as "R3@B4"
    env.step(draft)
    colour, value, cell = "RYGBP".index(text[0]), int(text[1]), text[3:]
    row, column = "ABCD".index(cell[0]), int(cell[1]) - 1
    seats = env.layout.slices()["seats"]
    base = seats.start + (row * 5 + column) * 18
    observation = env.observe("player_0")["observation"]
    assert observation[base + colour] == 1 and observation[base + 6 + value - 1] == 1


@pytest.mark.parametrize("game", [e for e in entries() if e.encoder], ids=lambda e: e.name)
def test_the_observation_table_in_the_encoders_docstring_is_the_layout(game: Any) -> None:
    """Each game's encoder module tables the layout of the game's default configuration."""
    module = import_module(game.encoder.partition(":")[0])
    layout = load(game.encoder)(game.game.config_from_json({})).layout
    assert layout.table() in (module.__doc__ or "")


@pytest.mark.parametrize("make", [solo_env, cards_env], ids=["solo", "cards"])
def test_the_gymnasium_envs_pass_check_env(make: Any) -> None:
    check_env(make())


@pytest.mark.parametrize("env_id", [gym_envs.SOLO_ID, gym_envs.CARDS_ID])
def test_the_gymnasium_envs_are_registered_and_pass_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    assert env.spec is not None and env.spec.id == env_id


@pytest.mark.parametrize("make", [solo_env, cards_env], ids=["solo", "cards"])
def test_a_gymnasium_game_ends_with_a_win_or_a_loss(make: Any) -> None:
    env = make()
    _, info = env.reset(seed=8)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert list(np.flatnonzero(info["action_mask"])) == env.game.legal_actions()
        _, reward, done, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
        assert not truncated and "illegal_action" not in info
        steps += 1
    assert reward == (1.0 if info["won"] else -1.0)
    assert steps <= 400


@pytest.mark.parametrize("make", [solo_env, cards_env], ids=["solo", "cards"])
def test_an_illegal_gymnasium_action_ends_the_episode_and_changes_nothing(make: Any) -> None:
    env = make()
    _, info = env.reset(seed=9)
    before = env.game.snapshot()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.game.snapshot() == before


def test_the_games_declare_their_environments_and_make_env_names_them() -> None:
    declared = gym_envs.declared_envs()
    assert declared[gym_envs.SOLO_ID] == ("sagrada", {"players": 1})
    assert declared[gym_envs.CARDS_ID] == ("cards", {})
    with pytest.raises(KeyError, match=r"no environment 'Sagrada/Chess-v0' \(there is .*Solo"):
        sagrada.rl.make_env("Sagrada/Chess-v0")


def test_the_solo_env_takes_the_games_options() -> None:
    env = gymnasium.make(gym_envs.SOLO_ID, solo_tools=5)
    env.reset(seed=0)
    assert len(env.unwrapped.game.tools) == 5


def docs_snippets() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("index", range(len(docs_snippets())))
def test_the_docs_loops_run(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(docs_snippets()[index], f"docs/rl.md snippet {index}", "exec"), {})
    assert capsys.readouterr().out


RL_FRAMEWORKS = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def frameworks_imported(path: Path) -> set[str]:
    """The RL frameworks ``path`` imports (by their top-level package)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(RL_FRAMEWORKS)


def test_only_sagrada_rl_and_the_encoders_import_the_rl_frameworks() -> None:
    """The frameworks are the ``rl`` extra's: the core, the bots, the games and the other
    adapters work without them. Besides ``sagrada.rl``, only what it loads through the games'
    entries imports one, NumPy: the games' observation encoders (``GameEntry.encoder``) and
    the kit they share."""
    package = Path(sagrada.rl.__file__).resolve().parent.parent
    encoders = {e.encoder.partition(":")[0] for e in entries() if e.encoder}
    numpy_users = {*encoders, "sagrada.encoding_kit"}
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.is_relative_to(package / "rl"):
            continue
        name = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        allowed = {"numpy"} if name in numpy_users else set()
        found += [f"{name}: {f}" for f in sorted(frameworks_imported(path) - allowed)]
    assert found == []


def test_a_life_observation_shows_the_viewers_apprentice_cards_and_only_the_count_of_others() -> (
    None
):
    config = aec.make_config(2, {"apprentice": True, "masterwork": True})
    env = aec.SagradaAEC(config)
    env.reset(seed=6)
    game, rng = env.game, random.Random(6)
    cards = game.components["apprentice"]
    while not any(cards.hands) and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        cards = game.components["apprentice"]
    holder = next(seat for seat, hand in enumerate(cards.hands) if hand)
    slices = env.layout.slices()
    for seat in (0, 1):
        seen = env.observe(f"player_{seat}")["observation"]
        hand = list(np.flatnonzero(seen[slices["apprentice_hand"]]) + 1)
        assert hand == (sorted(set(cards.hands[seat])) if seat == holder else [])
        sizes = seen[slices["apprentice_hands"]] * 10
        assert round(sizes[(holder - seat) % 2]) == len(cards.hands[holder])
        board = seen[slices["masterwork_board"]].reshape(6, 7)
        assert list(board[:, 0] * 2) == game.components["masterwork"].left
