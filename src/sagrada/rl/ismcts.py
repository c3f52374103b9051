"""OpenSpiel's information-set MCTS as a bot of the dice game (spec ``openspiel-ismcts:SECONDS``).

The bot sees a view, like every bot: it gives OpenSpiel's ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``) the information state through the OpenSpiel game
``python_sagrada`` (:mod:`sagrada.rl.openspiel`). The search's root is the view with its
hidden parts guessed, and each simulation starts from a fresh guess
(:func:`sagrada.core.views.determinize`, as the search's resampler), so the search never sees
another player's private objective or the bag's order. Leaves are valued by OpenSpiel's
``RandomRolloutEvaluator`` (one random playout to the end, chance nodes included); the
search runs simulations until its time is up, then plays the most visited action.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from sagrada.core.actions import Action
from sagrada.core.config import GameConfig
from sagrada.core.views import PlayerView
from sagrada.rl.openspiel import PARAMETERS, SHORT_NAME, SagradaGame, SagradaState

#: The exploration constant of the search's UCT (OpenSpiel's MCTS examples use 2 for
#: returns in [-1, 1]).
UCT_C: Final = 2.0


def game_for(config: GameConfig) -> SagradaGame:
    """The OpenSpiel game of ``config`` (loaded through OpenSpiel's registry)."""
    params: dict[str, Any] = {}
    for name, value in config.to_json().items():
        if name not in PARAMETERS:
            continue
        if isinstance(value, list):
            value = ";".join(str(v) for v in value)
        params[name] = "" if value is None else value
    game: SagradaGame = pyspiel.load_game(SHORT_NAME, params)
    return game


class OpenSpielIsmctsBot:
    """A bot that asks OpenSpiel's ISMCTS, ``seconds`` of search per decision."""

    def __init__(self, seed: int = 0, seconds: float = 1.0, name: str = "openspiel-ismcts"):
        self.name = name
        self.seconds = seconds
        self._random = np.random.RandomState(seed % 2**32)
        self._games: dict[GameConfig, SagradaGame] = {}
        #: Simulations run by the last decision searched (for reports and tests).
        self.simulations = 0

    def _guess(self, game: SagradaGame, view: PlayerView) -> SagradaState:
        return game.state_from_view(view, int(self._random.randint(2**62)))

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Search from the view for ``seconds``; return the most visited legal action."""
        if len(legal) == 1:
            return legal[0]
        config = view.state.config
        game = self._games.get(config)
        if game is None:
            game = self._games[config] = game_for(config)
        evaluator = mcts.RandomRolloutEvaluator(1, self._random)
        search = ismcts.ISMCTSBot(
            game, evaluator, UCT_C, max_simulations=0, random_state=self._random
        )
        search.set_resampler(lambda state, player: self._guess(game, view))
        root = self._guess(game, view)
        search.reset()
        node = search.create_new_node(root)
        deadline = time.perf_counter() + self.seconds
        self.simulations = 0
        while self.simulations < 2 or time.perf_counter() < deadline:
            search.run_simulation(search.sample_root_state(root))
            self.simulations += 1
        policy = search.get_final_policy(root, node)
        best = max(p for _, p in policy)
        choices = [action for action, p in policy if p == best and action in legal]
        return int(choices[self._random.randint(len(choices))])
