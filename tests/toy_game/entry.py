"""The toy game's entry (:class:`sagrada.entry.GameEntry`), which its distribution names in
the entry-point group ``sagrada.games`` (``toy = toy_game.entry:ENTRY``)."""

from __future__ import annotations

from importlib import resources
from typing import Final

from sagrada.entry import GameBots, GameEntry, GamePage, OptionsDoc, QuickStart, Seats
from sagrada.table_options import HINTS, TURN_SECONDS
from toy_game.bots import TOY_BOT_NAMES, hint_bot, make_toy_bot
from toy_game.game import TOY_GAME
from toy_game.messages import MESSAGES
from toy_game.options import ToyOptions
from toy_game.state import ROUNDS, ToyState
from toy_game.views import ToyView

ENTRY: Final[GameEntry[ToyOptions, ToyState, ToyView]] = GameEntry(
    game=TOY_GAME,
    bots=GameBots(
        make=make_toy_bot,
        names=TOY_BOT_NAMES,
        default="greedy",
        searching=frozenset(),
        stand_in="greedy",
        adviser=hint_bot,
        table=(TURN_SECONDS, HINTS),
    ),
    commands="toy_game.commands:COMMANDS",
    reference="toy_game.reference:REFERENCE",
    page=GamePage(
        "toy",
        resources.files("toy_game") / "page",
        "toy.list",
        # One start in the lobby's first screen, after the built-in games' (the registry's order).
        starts=(QuickStart("toy", "toy.start", "toy.start.about", {"bots": [None, "greedy"]}),),
    ),
    seats=Seats(most=2, least=2),
    request=("CreateToyGame", "A new game of secret dice: its options and its two seats."),
    options_doc=OptionsDoc(
        "toy-options.md",
        "# Options of secret dice, the toy game\n\n"
        "Every option of the toy game, as `sagrada options --game toy` lists them.\n\n",
    ),
    rounds=ROUNDS,
    encoder="toy_game.encoder:ToyEncoder",
    chance="toy_game.chance:TOY_CHANCE",
    messages=MESSAGES,
)
