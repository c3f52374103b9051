"""Solo Sagrada and the solo card game as Gymnasium environments.

``Sagrada/Solo-v0`` (:class:`SoloEnv`, the dice game with ``players=1``) and
``Sagrada/Cards-v0`` (:class:`CardsEnv`, the registry's game ``"cards"``) are registered when
:mod:`sagrada.rl` is imported; ``gymnasium.make("Sagrada/Solo-v0", solo_tools=2)`` passes the
game's options.

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

from typing import Any, Final, Generic, TypeVar

import gymnasium
import numpy as np
import numpy.typing as npt

from sagrada.core.game import DICE_GAME
from sagrada.core.state import State
from sagrada.core.views import make_view
from sagrada.encoding_kit import Layout, Vector
from sagrada.games.cards.encoder import CardEncoder
from sagrada.games.cards.game import CARD_GAME
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import CardState
from sagrada.games.cards.views import make_card_view
from sagrada.games.dice.encoder import DiceEncoder
from sagrada.rl.aec import make_config

SOLO_ID: Final = "Sagrada/Solo-v0"
CARDS_ID: Final = "Sagrada/Cards-v0"

Mask = npt.NDArray[np.int8]
_S = TypeVar("_S", State, CardState)


class _SoloGame(gymnasium.Env[Vector, np.int64], Generic[_S]):
    """What both solo environments share: seeding, masks, rewards."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's way)

    game: _S
    layout: Layout

    def __init__(self, size: int, num_actions: int, render_mode: str | None) -> None:
        self.render_mode = render_mode
        self.num_actions = num_actions
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (size,), dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(num_actions)
        self.game_seed = 0

    def _new_game(self, seed: int) -> _S:
        raise NotImplementedError

    def _observe(self) -> Vector:
        raise NotImplementedError

    def _final_info(self) -> dict[str, Any]:
        raise NotImplementedError

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
        self.game = self._new_game(self.game_seed)
        return self._observe(), {"action_mask": self.action_masks()}

    def step(self, action: np.int64) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Apply ``action``; an illegal one ends the episode with reward -1."""
        info: dict[str, Any] = {}
        if not self.game.is_legal(int(action)):
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


class SoloEnv(_SoloGame[State]):
    """Solo Sagrada (the dice game with one player) for one agent."""

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        self.config = make_config(1, options)
        self.encoder = DiceEncoder(self.config)
        self.layout = self.encoder.layout
        super().__init__(self.encoder.size, self.config.num_distinct_actions, render_mode)
        self.game = self._new_game(0)

    def _new_game(self, seed: int) -> State:
        return DICE_GAME.new_state(self.config, seed)

    def _observe(self) -> Vector:
        return self.encoder.encode(make_view(self.game, 0))

    def _final_info(self) -> dict[str, Any]:
        outcome = self.game.outcome()
        return {
            "won": bool(outcome.winners),
            "score": outcome.scores[0].total,
            "target": outcome.target,
        }


class CardsEnv(_SoloGame[CardState]):
    """The solo card game for one agent."""

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        self.config: CardOptions = CARD_GAME.config_from_json(options)
        self.encoder = CardEncoder()
        self.layout = self.encoder.layout
        super().__init__(
            self.encoder.size, CARD_GAME.num_distinct_actions(self.config), render_mode
        )
        self.game = self._new_game(0)

    def _new_game(self, seed: int) -> CardState:
        return CARD_GAME.new_state(self.config, seed)

    def _observe(self) -> Vector:
        return self.encoder.encode(make_card_view(self.game, 0))

    def _final_info(self) -> dict[str, Any]:
        outcome = self.game.outcome()
        return {"won": outcome.won, "score": outcome.score.total, "target": outcome.target}


def register() -> None:
    """Register ``Sagrada/Solo-v0`` and ``Sagrada/Cards-v0`` with Gymnasium (once)."""
    if SOLO_ID not in gymnasium.registry:
        gymnasium.register(SOLO_ID, entry_point=SoloEnv, disable_env_checker=False)
    if CARDS_ID not in gymnasium.registry:
        gymnasium.register(CARDS_ID, entry_point=CardsEnv, disable_env_checker=False)
