"""OpenSpiel's ISMCTS as an opponent (issue 16): the bot spec ``openspiel-ismcts:SECONDS``
makes a bot that searches from the view only, plays in ``sagrada simulate``, and without the
``rl`` extra is refused in one line with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

from sagrada.cli.main import main
from sagrada.games.dice.bots import make_bot
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.rl.ismcts import OpenSpielIsmctsBot, game_for


def test_the_spec_makes_openspiels_ismcts_with_its_seconds() -> None:
    bot = make_bot("openspiel-ismcts:0.25", seed=3)
    assert isinstance(bot, OpenSpielIsmctsBot)
    assert (bot.name, bot.seconds) == ("openspiel-ismcts:0.25", 0.25)
    assert make_bot("openspiel-ismcts").seconds == 1.0  # type: ignore[attr-defined]


@pytest.mark.parametrize("budget", ["x", "0", "-1", "inf"])
def test_a_bad_budget_is_refused_naming_the_spec(budget: str) -> None:
    with pytest.raises(ValueError, match=r"openspiel-ismcts:1"):
        make_bot(f"openspiel-ismcts:{budget}")


def test_the_bot_plays_legal_actions_from_views_with_a_search_each() -> None:
    state = new_game(GameConfig(players=3, private_pools=True, tools=(1, 5, 6)), seed=2)
    bot = make_bot("openspiel-ismcts:0.02", seed=1)
    searched = 0
    for _ in range(12):
        legal = state.legal_actions()
        action = bot.choose(make_view(state, state.current_player), legal)
        assert action in legal
        searched += len(legal) > 1 and bot.simulations >= 2  # type: ignore[attr-defined]
        state.apply(action)
    assert searched >= 3


def test_the_search_plays_the_game_of_the_views_configuration() -> None:
    config = GameConfig(players=4, apprentice=True, tools=(1, 4, 7), tie_break="shared")
    assert game_for(config).config == config


def test_simulate_plays_random_against_openspiels_ismcts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "simulate",
            "--bots",
            "random,openspiel-ismcts:0.005",
            "--games",
            "2",
            "--quiet",
            "--json",
            "--seed",
            "4",
        ]
    )
    assert code == 0
    summaries = json.loads(capsys.readouterr().out)["bots"]
    assert [s["name"] for s in summaries] == ["random", "openspiel-ismcts:0.005"]
    assert all(s["games"] == 2 for s in summaries)


def test_without_the_rl_extra_the_spec_is_refused_in_one_line_with_exit_2() -> None:
    program = (
        "import sys; sys.modules['pyspiel'] = None\n"  # as if OpenSpiel were not installed
        "from sagrada.cli.main import main\n"
        "sys.exit(main(['simulate', '--bots', 'hard,openspiel-ismcts:1', '--games', '1']))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "openspiel-ismcts needs the rl extra (pip install -e '.[rl]')" in done.stderr
