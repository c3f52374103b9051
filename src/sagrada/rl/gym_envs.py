"""The games' single-agent Gymnasium environments: solo Sagrada, the solo card game.

Each game declares its environments in its entry (``GameEntry.gym_envs``: an id and the
options it fixes); :func:`register` registers them all with Gymnasium when :mod:`sagrada.rl`
is imported: ``Sagrada/Solo-v0`` (:data:`SOLO_ID`, the dice game with ``players=1``) and
``Sagrada/Cards-v0`` (:data:`CARDS_ID`, the solo card game). Every one is a :class:`GameEnv`
of its game; ``gymnasium.make("Sagrada/Solo-v0", solo_tools=2)`` passes the game's options.

Actions are the engine's codes, ``Discrete(num_distinct_actions)``. The legal ones are given
as Gymnasium's own environments give them (Taxi): ``info["action_mask"]``, an ``int8`` array
with 1 for each legal action, in the info of ``reset`` and of every ``step``;
``env.action_masks()`` returns the same array. ``action_space.sample(mask=info["action_mask"])``
draws a legal action. An illegal action ends the episode (``terminated``) with reward -1 and
``info["illegal_action"] = True``; the game is not changed.

The observation is a ``Box(0, 1, (N,), float32)`` built from the player's view (the pile's and
the bag's order never in it) by the game's encoder: for the solo dice game the layout of
:mod:`sagrada.games.dice.encoder` with one seat, for the card game that of
:mod:`sagrada.games.cards.encoder` (``env.layout.table()`` prints it).

Rewards: 0 until the end, then +1 for a win (the score beats the target) and -1 for a loss.
The final info has ``score`` and ``target``. ``reset(seed=S)`` plays the engine's game with
seed ``S`` (``env.unwrapped.game_seed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt

from sagrada.encoding_kit import Layout, Vector
from sagrada.registry import entries
from sagrada.rl.games import PlayedState, Result, encoder_for, entry_of

#: The id of solo Sagrada's environment (the dice game's entry declares it).
SOLO_ID: Final = "Sagrada/Solo-v0"
#: The id of the solo card game's environment (the card game's entry declares it).
CARDS_ID: Final = "Sagrada/Cards-v0"

Mask = npt.NDArray[np.int8]


class GameEnv(gymnasium.Env[Vector, np.int64]):
    """A game for one agent, who plays seat 0 (a game of one seat, or made so by ``fixed``).

    Args:
        game: the game's name in the registry (``None``: the default game).
        render_mode: ``"ansi"`` or ``None``.
        fixed: options the environment fixes, over those given (``{"players": 1}``).
        options: any option of the game (``sagrada options``).

    Raises:
        ConfigError: naming the option at fault.
        ValueError: if the game has no observation encoder.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's way)

    game: PlayedState

    def __init__(
        self,
        game: str | None = None,
        render_mode: str | None = None,
        fixed: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.entry = entry_of(game)
        self.config = self.entry.game.config_from_json({**options, **(fixed or {})})
        self.encoder = encoder_for(self.entry, self.config)
        self.layout: Layout = self.encoder.layout
        self.render_mode = render_mode
        self.num_actions: int = self.entry.game.num_distinct_actions(self.config)
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, (self.encoder.size,), dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self.num_actions)
        self.game_seed = 0
        self.game = self.entry.game.new_state(self.config, 0)

    def _observe(self) -> Vector:
        return self.encoder.encode(self.entry.game.view(self.game, 0))

    def _final_info(self) -> dict[str, Any]:
        outcome: Result = self.entry.game.outcome(self.game)
        return {
            "won": bool(outcome.winners),
            "score": outcome.scores[0].total,
            "target": outcome.target,
        }

    def action_masks(self) -> Mask:
        """1 for each legal action now."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.game.legal_actions()] = 1
        return mask

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Start a new game: the engine's game of seed ``seed``, or of a seed drawn from the
        environment's generator."""
        super().reset(seed=seed)
        self.game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self.game = self.entry.game.new_state(self.config, self.game_seed)
        return self._observe(), {"action_mask": self.action_masks()}

    def step(self, action: np.int64) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Apply ``action``; an illegal one ends the episode with reward -1."""
        info: dict[str, Any] = {}
        if int(action) not in self.game.legal_actions():
            info = {"action_mask": self.action_masks(), "illegal_action": True}
            return self._observe(), -1.0, True, False, info
        self.game.apply(int(action))
        info["action_mask"] = self.action_masks()
        reward = 0.0
        if self.game.is_over:
            info.update(self._final_info())
            reward = 1.0 if info["won"] else -1.0
        return self._observe(), reward, self.game.is_over, False, info

    def render(self) -> str | None:
        """The decision to take now (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return f"{self.game.describe_decision()}\n"


def declared_envs() -> dict[str, tuple[str, Mapping[str, Any]]]:
    """Every environment the games' entries declare: its id, then its game's name and the
    options it fixes."""
    return {env_id: (e.name, fixed) for e in entries() for env_id, fixed in e.gym_envs.items()}


def make_env(env_id: str, render_mode: str | None = None, **options: Any) -> GameEnv:
    """The environment ``env_id`` (one a game declares) with ``options``, unwrapped
    (``gymnasium.make(env_id, **options)`` gives the same, wrapped by Gymnasium's checks).

    Raises:
        KeyError: naming the environments there are.
    """
    declared = declared_envs()
    if env_id not in declared:
        raise KeyError(f"no environment {env_id!r} (there is {', '.join(sorted(declared))})")
    game, fixed = declared[env_id]
    return GameEnv(game, render_mode, fixed, **options)


def register() -> None:
    """Register every environment the games declare with Gymnasium (once each)."""
    for env_id, (game, fixed) in declared_envs().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point=GameEnv,
                disable_env_checker=False,
                kwargs={"game": game, "fixed": dict(fixed)},
            )
