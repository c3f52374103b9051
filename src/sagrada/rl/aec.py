"""The dice game as a PettingZoo AEC environment (``sagrada_v0``).

Made with :func:`sagrada.rl.aec_env` (``players=2`` and any option of the game's schema:
``aec_env(players=3, apprentice=True, tools=[1, 4, 7])``, the same names as
``sagrada options``). Agents are ``player_0`` ... ``player_{n-1}``, one per seat; the agent
that decides is the engine's current player (setup: each chooses a window pattern in turn;
then the snake order of each round, every tool step a decision of its own).

Actions
-------
``Discrete(num_distinct_actions)``: the engine's action codes (``docs/notation.md``; 1,427 for
the base game, more with the Private Dice Pool rules and the Life modules). The mask says
which are legal now.

Observations
------------
A dict, for the agent observed (from :func:`sagrada.core.views.make_view` of its seat: its own
private objective, never another's; the bag's counts, never its order):

* ``observation``: ``Box(0, 1, (N,), float32)``, the segments below, in order (``N`` and the
  segments' sizes for a 2-player base game; ``current``, ``start_player`` and ``seats`` grow
  with the players, ``tools`` with the tool cards in play);
* ``action_mask``: ``Box(0, 1, (num_distinct_actions,), int8)``, 1 for each legal action of
  the agent observed (all 0 when it is not its decision).

====  =========  ==================  =============================================================
Size  Slice      Name                Meaning
====  =========  ==================  =============================================================
3     0-2        phase               setup, play, over (one-hot)
10    3-12       round               the round 1-10 (one-hot; none once over)
1     13         first_turn          1 in a player's first turn of the round
2     14-15      current             the seat deciding now, relative to the viewer (one-hot)
2     16-17      start_player        the round's start player, relative (one-hot)
8     18-25      turn_done           parts of the turn done: drafted, tool used, module parts
30    26-55      draft_pool          Draft Pool: dice of each face R1..P6 / 13
30    56-85      held_die            the die a tool holds (one-hot)
300   86-385     round_track         Round Track: per round, dice of each face / 13
5     386-390    bag                 dice of each colour left in the bag / dice per colour
102   391-492    tools               per tool card in play (3): its number 1-32 (one-hot), favor
                                     tokens on it / 10, used (solo)
32    493-524    tool_in_use         the tool card in use (one-hot)
10    525-534    tool_stage          its step: payment, then 0-8 (one-hot)
16    535-550    public_objectives   public objectives in play (multi-hot, catalogue order)
11    551-561    private_objectives  the viewer's own (multi-hot, catalogue order)
1264  562-1825   seats               per seat from the viewer's (2 blocks of 632): window dice (20
                                     cells x 18: colour RYGBP+orange, value 1-6 and 6 symbols),
                                     window pattern (20 x 12: colour, value, apprentice space),
                                     has a window, favor tokens / 10, own dice of each face / 13
964   1826-2789  window_options      setup: the viewer's 4 window patterns (20 x 12 each, then
                                     difficulty / 6)
====  =========  ==================  =============================================================

With Life's modules the vector goes on: the Masterwork module adds ``masterwork_board`` (per
space, the masterwork dice left and the symbol on top) and ``masterwork_slots`` (the die in
each slot), the Apprentice module ``apprentice_hand`` (the viewer's cards only),
``apprentice_active`` (each seat's activated cards), ``apprentice_hands`` (how many cards each
seat holds), ``apprentice_discard``, ``apprentice_offer`` (the two cards the viewer looks at)
and ``apprentice_turn`` (the deck's size, a card gained this turn, Steady Hand in effect).
``env.unwrapped.layout`` is the layout for the environment's configuration
(``layout.slices()``, ``layout.table()``). Not in the observation: a tool's scratch memory
(the cell or die a multi-step tool remembers); the mask still follows it.

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

from sagrada.core.config import GameConfig
from sagrada.core.record import GameRecord
from sagrada.core.state import State, new_game
from sagrada.core.views import make_view
from sagrada.rl.encoding import DiceEncoder, Layout

#: The environment's name and version.
ENV_NAME: Final = "sagrada_v0"

Observation = dict[str, npt.NDArray[Any]]


def make_config(players: int, options: dict[str, Any]) -> GameConfig:
    """The configuration of a game with ``players`` and ``options`` (JSON-style names and
    values, as ``sagrada options`` lists them).

    Raises:
        ConfigError: naming the option at fault.
    """
    return GameConfig.from_json({**options, "players": players})


class SagradaAEC(AECEnv[str, Observation, int]):
    """The dice game for 1-6 agents (see the module's documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi"],
        "name": ENV_NAME,
        "is_parallelizable": False,
    }

    def __init__(self, config: GameConfig, render_mode: str | None = None) -> None:
        super().__init__()
        self.config = config
        self.render_mode = render_mode
        self.encoder = DiceEncoder(config)
        self.num_actions = config.num_distinct_actions
        self.possible_agents = [f"player_{seat}" for seat in range(config.players)]
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
        self.game: State = new_game(config, 0)

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
        self.game = new_game(self.config, self.game_seed)
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
            "observation": self.encoder.encode(make_view(self.game, seat)),
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
            outcome = self.game.outcome()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if seat in outcome.winners else -1.0
                self.terminations[name] = True
                self.infos[name] = {"score": outcome.scores[seat].total}
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[self.game.current_player]
            self._clear_rewards()

    def record(self) -> GameRecord:
        """The record of the game so far (``sagrada replay`` reads its JSON)."""
        return GameRecord.of(self.game, self.game_seed)

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
        return ENV_NAME
