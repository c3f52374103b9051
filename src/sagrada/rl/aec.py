"""A game as a PettingZoo AEC environment: the dice game (``sagrada_v0``) by default.

Made with :func:`sagrada.rl.aec_env` (``players=2`` and any option of the game's schema:
``aec_env(players=3, apprentice=True, tools=[1, 4, 7])``, the same names as
``sagrada options``; ``game=`` names another game of the registry, whose environment is
``<game>_v0``). The environment knows the game only through its entry
(:mod:`sagrada.rl.games`). Agents are ``player_0`` ... ``player_{n-1}``, one per seat; the
agent that decides is the engine's current player (the dice game: at setup each chooses a
window pattern in turn; then the snake order of each round, every tool step a decision of its
own).

Actions
-------
``Discrete(num_distinct_actions)``: the engine's action codes (the dice game:
``docs/notation.md``; 1,427 for the base game, more with the Private Dice Pool rules and the
Life modules). The mask says which are legal now.

Observations
------------
A dict, for the agent observed (from the game's view of its seat, ``game.view(state, seat)``:
the dice game's shows its own private objective, never another's; the bag's counts, never its
order):

* ``observation``: ``Box(0, 1, (N,), float32)``, the game's observation of the agent's view,
  as the game's encoder makes it (the dice game's layout is tabled in
  :mod:`sagrada.games.dice.encoder`: ``N`` and the segments' sizes depend on the players, the
  tool cards in play and Life's modules);
* ``action_mask``: ``Box(0, 1, (num_distinct_actions,), int8)``, 1 for each legal action of
  the agent observed (all 0 when it is not its decision).

``env.unwrapped.layout`` is the layout for the environment's configuration
(``layout.slices()``, ``layout.table()``). Not in the dice game's observation: a tool's
scratch memory (the cell or die a multi-step tool remembers); the mask still follows it.

Rewards
-------
0 until the game ends; then +1 for each winner (the solo player when the score beats the
target) and -1 for every other player. ``infos[agent]`` holds ``score`` once the game is over.

Starting
--------
``reset(seed=S)`` deals the engine's game with seed ``S`` (``env.unwrapped.game_seed``: the
game record is ``(config, seed, actions)``; ``sagrada replay`` reads it); ``reset()`` with no
seed draws one from the environment's generator.
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from sagrada.core.errors import ConfigError
from sagrada.encoding_kit import Layout
from sagrada.entry import Record
from sagrada.rl.games import PlayedState, Result, encoder_for, entry_of

#: The environment's name and version (of the default game: ``<game>_v0``).
ENV_NAME: Final = "sagrada_v0"

Observation = dict[str, npt.NDArray[Any]]


def make_config(players: int | None, options: dict[str, Any], game: str | None = None) -> Any:
    """The configuration of a game with ``players`` and ``options`` (JSON-style names and
    values, as ``sagrada options`` lists them).

    Args:
        players: the seats: the game's option ``players`` where it has one (the dice game);
            a game without it seats a number of its own, which ``players`` must then be.
            ``None``: the game's default.
        options: the game's other options.
        game: the game's name in the registry (``None``: the default game).

    Raises:
        ConfigError: naming the option at fault, or the seats of a game that seats another
            number.
    """
    rules = entry_of(game).game
    data = dict(options)
    if players is not None and any(spec.name == "players" for spec in rules.options()):
        data["players"] = players
    config = rules.config_from_json(data)
    seats = rules.num_players(config)
    if players is not None and seats != players:
        raise ConfigError(f"players: {rules.name} seats {seats}, not {players}")
    return config


class SagradaAEC(AECEnv[str, Observation, int]):
    """A game for one agent a seat, the dice game by default (see the module's
    documentation).

    Args:
        config: the game's configuration (:func:`make_config`).
        render_mode: ``"ansi"`` or ``None``.
        game: the game's name in the registry (``None``: the default game).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi"],
        "name": ENV_NAME,
        "is_parallelizable": False,
    }

    def __init__(
        self, config: Any, render_mode: str | None = None, game: str | None = None
    ) -> None:
        super().__init__()
        self.entry = entry_of(game)
        self.metadata = {**type(self).metadata, "name": f"{self.entry.name}_v0"}
        self.config = config
        self.render_mode = render_mode
        self.encoder = encoder_for(self.entry, config)
        self.num_actions: int = self.entry.game.num_distinct_actions(config)
        seats = self.entry.game.num_players(config)
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agents = self.possible_agents[:]
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, 1.0, (self.encoder.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        action = gymnasium.spaces.Discrete(self.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._generator = np.random.default_rng()
        self.game_seed = 0
        self.game: PlayedState = self.entry.game.new_state(config, 0)

    @property
    def layout(self) -> Layout:
        """The segments of the ``observation`` vector."""
        return self.encoder.layout

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space (the same object for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space (the same object for every agent)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: with the engine's seed ``seed``, or one drawn at random."""
        if seed is not None:
            self._generator = np.random.default_rng(seed)
            self.game_seed = seed
        else:
            self.game_seed = int(self._generator.integers(2**63))
        self.game = self.entry.game.new_state(self.config, self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` may know now, and its legal actions (none when not deciding)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.game.current_player == seat:
            mask[self.game.legal_actions()] = 1
        return {
            "observation": self.encoder.encode(self.entry.game.view(self.game, seat)),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        """Apply the deciding agent's action (``None`` once it is terminated).

        Raises:
            IllegalActionError: if the action is not legal (the game does not change);
                :func:`sagrada.rl.aec_env` wraps the environment so that an illegal action
                ends the game instead, with -1 for its agent.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self.game.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over:
            outcome: Result = self.entry.game.outcome(self.game)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if seat in outcome.winners else -1.0
                self.terminations[name] = True
                self.infos[name] = {"score": outcome.scores[seat].total}
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[self.game.current_player]
            self._clear_rewards()

    def record(self) -> Record:
        """The record of the game so far (``sagrada replay`` reads its JSON)."""
        record: Record = self.entry.game.record_of(self.game, self.game_seed)
        return record

    def render(self) -> str | None:
        """The decision to take and the actions so far, in notation (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        moves = " ".join(self.record().to_json()["actions"])
        return f"{self.game.describe_decision()}\n{moves}\n"

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])
