"""The learned value function (:mod:`sagrada.bots.value`) and the search's window choice."""

from __future__ import annotations

from collections.abc import Sequence

from sagrada.bots.mcts import MctsBot
from sagrada.core import actions as A
from sagrada.core.actions import Action
from sagrada.core.config import GameConfig
from sagrada.core.state import Phase, new_game
from sagrada.core.views import PlayerView, make_view


def last_option(view: PlayerView, legal: Sequence[Action]) -> Action:
    return legal[-1]


def test_the_search_chooses_its_window_with_the_policy_it_is_given() -> None:
    state = new_game(GameConfig(players=2), seed=3)
    assert state.phase == Phase.SETUP
    legal = state.legal_actions()
    assert len(legal) == 4
    bot = MctsBot(seed=1, iterations=5, seconds=None, window_choice=last_option)
    chosen = bot.choose(make_view(state, state.current), legal)
    assert chosen == legal[-1]
    assert A.ARG1[chosen] == 3
