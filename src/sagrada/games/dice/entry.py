"""The dice game's entry in the registry (:mod:`sagrada.registry`)."""

from __future__ import annotations

from importlib import resources
from typing import Final

from sagrada.core.options import PRESETS
from sagrada.entry import (
    GameBots,
    GameEntry,
    GamePage,
    OptionsDoc,
    QuickStart,
    Seats,
    SoloLadder,
)
from sagrada.games.dice.bots import BOT_NAMES, hint_bot, make_bot
from sagrada.games.dice.rules.config import MAX_PLAYERS, ROUNDS, GameConfig
from sagrada.games.dice.rules.game import DICE_GAME
from sagrada.games.dice.rules.state import State
from sagrada.games.dice.rules.views import PlayerView
from sagrada.table_options import TABLE_OPTIONS

ENTRY: Final[GameEntry[GameConfig, State, PlayerView]] = GameEntry(
    game=DICE_GAME,
    bots=GameBots(
        make=make_bot,
        names=BOT_NAMES,
        default="medium",
        searching=frozenset({"hard", "mcts", "planner"}),
        stand_in="medium",
        adviser=hint_bot,
        table=TABLE_OPTIONS,
    ),
    commands="sagrada.games.dice.commands:COMMANDS",
    reference="sagrada.games.dice.reference:REFERENCE",
    page=GamePage(
        "game",
        resources.files("sagrada.games.dice") / "page",
        "page.lobby.list.game",
        starts=(
            QuickStart(
                "bots",
                "page.lobby.start.bots",
                "page.lobby.start.bots.about",
                {"players": 2, "bots": [None, "medium"]},
            ),
            QuickStart(
                "solo", "page.lobby.start.solo", "page.lobby.start.solo.about", {"players": 1}
            ),
            QuickStart(
                "friends",
                "page.lobby.start.friends",
                "page.lobby.start.friends.about",
                {"players": 2, "bots": [None, None]},
                invite=True,
            ),
        ),
        presets=PRESETS,
        scoring="scoring.js",
    ),
    seats=Seats(most=MAX_PLAYERS, required_options=("players",)),
    request=("CreateGame", "A new game: its options (only players is required) and its seats."),
    options_doc=OptionsDoc(
        "options.md",
        """# Game options

Every option of the dice game, as the command line (`sagrada play`, `simulate`, `bench`), the
server (`POST /api/games`, `GET /api/options`) and the lobby take it. This file is made by
`sagrada options --markdown > docs/options.md` from the options' declarations
(`src/sagrada/core/options.py`); a test fails when it is out of date.

""",
    ),
    rounds=ROUNDS,
    encoder="sagrada.games.dice.encoder:DiceEncoder",
    gym_envs={"Sagrada/Solo-v0": {"players": 1}},
    chance="sagrada.games.dice.chance:DICE_CHANCE",
    summary=lambda config: {"private_pools": config.private_pools},
    # Solo games ranked by the number of tool cards (the rulebook's difficulty, 1 to 5); the
    # daily challenge is a solo game of 3 tools, the rulebook's middle.
    ladder=SoloLadder(
        "solo",
        "solo_tools",
        (1, 2, 3, 4, 5),
        "players.ladder.solo",
        {"players": 1, "solo_tools": 3},
    ),
)
