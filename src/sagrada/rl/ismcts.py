"""OpenSpiel's information-set MCTS as a bot of a game with a chance model: the dice game's
``openspiel-ismcts:SECONDS`` (its bots find :class:`OpenSpielIsmctsBot` by name, as
``"sagrada.rl.ismcts:OpenSpielIsmctsBot"``, and import it only when that spec is asked for).

The bot sees a view, like every bot: it gives OpenSpiel's ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``) the information state through the game's OpenSpiel
game (``python_sagrada``: :mod:`sagrada.rl.openspiel`). The search's root is the view with its
hidden parts guessed, and each simulation starts from a fresh guess (the game's chance model's
``guess``, as the search's resampler; the dice game's is
:func:`sagrada.games.dice.rules.views.determinize`), so the search never sees another player's
private objective or the bag's order. Leaves are valued by OpenSpiel's
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

from sagrada.entry import ChanceModel, load
from sagrada.rl.games import entry_of
from sagrada.rl.openspiel import SagradaGame, SagradaState, parameters, short_name

#: The exploration constant of the search's UCT (OpenSpiel's MCTS examples use 2 for
#: returns in [-1, 1]).
UCT_C: Final = 2.0


def game_for(config: Any, game: str | None = None) -> SagradaGame:
    """The OpenSpiel game of ``config`` (loaded through OpenSpiel's registry), a configuration
    of the game called ``game`` (``None``: the default game)."""
    name = entry_of(game).name
    known = parameters(name)
    params: dict[str, Any] = {}
    for key, value in config.to_json().items():
        if key not in known:
            continue
        if isinstance(value, list):
            value = ";".join(str(v) for v in value)
        params[key] = "" if value is None else value
    loaded: SagradaGame = pyspiel.load_game(short_name(name), params)
    return loaded


class OpenSpielIsmctsBot:
    """A bot that asks OpenSpiel's ISMCTS, ``seconds`` of search per decision.

    Args:
        seed: the seed of the search's random numbers.
        seconds: the search's time per decision.
        name: the bot's name (its spec).
        game: the game's name in the registry (``None``: the default game); it needs a
            chance model.

    Raises:
        ValueError: if the game has no chance model.
    """

    def __init__(
        self,
        seed: int = 0,
        seconds: float = 1.0,
        name: str = "openspiel-ismcts",
        game: str | None = None,
    ) -> None:
        entry = entry_of(game)
        if not entry.chance:
            raise ValueError(f"the game {entry.name!r} has no chance model for OpenSpiel")
        self.name = name
        self.seconds = seconds
        self.game_name = entry.name
        self._model: ChanceModel = load(entry.chance)
        self._random = np.random.RandomState(seed % 2**32)
        self._games: dict[Any, SagradaGame] = {}
        #: Simulations run by the last decision searched (for reports and tests).
        self.simulations = 0

    def _guess(self, game: SagradaGame, view: Any) -> SagradaState:
        return game.state_from_view(view, int(self._random.randint(2**62)))

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        """Search from the view for ``seconds``; return the most visited legal action."""
        if len(legal) == 1:
            return legal[0]
        config = self._model.config_of(view)
        game = self._games.get(config)
        if game is None:
            game = self._games[config] = game_for(config, self.game_name)
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
