"""Reinforcement-learning interfaces (the ``rl`` extra: ``pip install -e '.[rl]'``).

* :func:`aec_env`: the dice game (or another game of the registry) as a PettingZoo AEC
  environment, 1-6 agents, any option (:mod:`sagrada.rl.aec`);
* :func:`solo_env`, :func:`cards_env`: solo Sagrada and the solo card game as Gymnasium
  environments, registered as ``Sagrada/Solo-v0`` and ``Sagrada/Cards-v0`` when this package
  is imported, as every environment a game's entry declares (:func:`make_env` makes any of
  them; :mod:`sagrada.rl.gym_envs`);
* ``import sagrada.rl.openspiel``: the dice game as an OpenSpiel game,
  ``pyspiel.load_game("python_sagrada")``.

Every observation is made from a player's view (the game's ``view(state, seat)``), never
from the game state. See ``docs/rl.md``.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sagrada.rl.aec import SagradaAEC, make_config
from sagrada.rl.gym_envs import CARDS_ID, SOLO_ID, GameEnv, make_env, register

#: The reward of an agent whose action is illegal (the game then ends), as PettingZoo's
#: classic environments give it.
ILLEGAL_REWARD = -1.0


def aec_env(
    players: int | None = None,
    render_mode: str | None = None,
    *,
    game: str | None = None,
    **options: Any,
) -> AECEnv[str, Any, int]:
    """A game for ``players`` agents as a PettingZoo AEC environment (the dice game unless
    ``game`` names another).

    Wrapped as PettingZoo's classic environments are: an illegal action ends the game with
    -1 for its agent, and the calls must come in order (reset first). ``env.unwrapped`` is the
    :class:`~sagrada.rl.aec.SagradaAEC`.

    Args:
        players: the agents: the dice game's ``players`` option, 1 to 6 (``None``: its
            default, 2); a game that seats a fixed number takes that number or ``None``.
        render_mode: ``"ansi"`` or ``None``.
        game: the game's name in the registry (``None``: the default game, the dice game).
        options: any option of the game (``sagrada options``), e.g. ``apprentice=True``.

    Raises:
        ConfigError: naming the option at fault (or ``players``, where the game seats
            another number).
        KeyError: if no game is called ``game``.
    """
    config = make_config(players, options, game)
    env: AECEnv[str, Any, int] = SagradaAEC(config, render_mode, game)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=ILLEGAL_REWARD)
    return wrappers.OrderEnforcingWrapper(env)


def solo_env(render_mode: str | None = None, **options: Any) -> GameEnv:
    """Solo Sagrada as a Gymnasium environment (``gymnasium.make(SOLO_ID, **options)``
    gives the same, wrapped by Gymnasium's checks)."""
    return make_env(SOLO_ID, render_mode, **options)


def cards_env(render_mode: str | None = None, **options: Any) -> GameEnv:
    """The solo card game as a Gymnasium environment (``CARDS_ID``)."""
    return make_env(CARDS_ID, render_mode, **options)


register()

__all__ = [
    "CARDS_ID",
    "SOLO_ID",
    "GameEnv",
    "SagradaAEC",
    "aec_env",
    "cards_env",
    "make_env",
    "solo_env",
]
