"""The solo card game's entry in the registry (:mod:`sagrada.registry`)."""

from __future__ import annotations

from importlib import resources
from typing import Final

from sagrada.entry import (
    GameBots,
    GameEntry,
    GamePage,
    OptionsDoc,
    QuickStart,
    Seats,
    SoloLadder,
)
from sagrada.games.cards.actions import ROUNDS
from sagrada.games.cards.bots import CARD_BOT_NAMES, make_card_bot, planner
from sagrada.games.cards.game import CARD_GAME
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import CardState
from sagrada.games.cards.views import CardView
from sagrada.table_options import CARD_HINTS

# The card game's page shows no turn clock: no time limit.
ENTRY: Final[GameEntry[CardOptions, CardState, CardView]] = GameEntry(
    game=CARD_GAME,
    bots=GameBots(
        make=make_card_bot,
        names=CARD_BOT_NAMES,
        default="plan",
        searching=frozenset({"plan", "search", "planner"}),
        stand_in="plan",
        adviser=planner,
        table=(CARD_HINTS,),
    ),
    commands="sagrada.games.cards.commands:COMMANDS",
    reference="sagrada.games.cards.reference:REFERENCE",
    page=GamePage(
        "cards",
        resources.files("sagrada.games.cards") / "page",
        "page.lobby.list.card_game",
        starts=(
            QuickStart(
                "cards", "page.lobby.start.cards", "page.lobby.start.cards.about", {"bots": [None]}
            ),
        ),
        scoring="scoring.js",
    ),
    seats=Seats(most=1, least=1),
    request=(
        "CreateCardGame",
        "A new solo card game: its options and its seat.",
    ),
    options_doc=OptionsDoc(
        "card-options.md",
        """# Options of the solo card game

Every option of the solo card game, as the command line takes it after `--game cards`
(`sagrada play --game cards`, `simulate`, `bench`). This file is made by
`sagrada options --game cards --markdown > docs/card-options.md` from the options'
declarations (`src/sagrada/games/cards/options.py`); a test fails when it is out of date.

""",
    ),
    rounds=ROUNDS,
    encoder="sagrada.games.cards.encoder:CardEncoder",
    gym_envs={"Sagrada/Cards-v0": {}},
    # Ranked by the number of tool cards in play (1 to 9); the daily challenge has the 3 that
    # the rulebook recommends to new players.
    ladder=SoloLadder(
        "cards", "tools", tuple(range(1, 10)), "players.ladder.cards", {"bots": [None], "tools": 3}
    ),
)
