"""The toy game's words: messages of its own, which its entry brings to the catalogues while
the game is registered (``GameEntry.messages``), as a game of another distribution cannot
add to the project's gettext catalogues. Every id starts with ``toy.``."""

from __future__ import annotations

from typing import Final

#: The game's messages, by language (English only: another language falls back to it).
MESSAGES: Final = {
    "en": {
        # The engine's sentences.
        "toy.decision.turn": "{player}: take points or roll your secret die again",
        "toy.decision.take": "{player}: take points (no roll left)",
        "toy.refuse.no_roll": "{player} has no roll left",
        "toy.notation": "{text} is not an action of the toy game: take or roll",
        "toy.option.take_points.label": "Points a take gives",
        "toy.option.take_points": "the points a player gains with take",
        "toy.option.rolls.label": "Rolls",
        "toy.option.rolls": "how often each player may roll their secret die again",
        # The pages' words.
        "toy.list": "Secret dice",
        "toy.page.title": "Secret dice",
        "toy.page.game_title": "Secret dice {game}, round {round} of {rounds}",
        "toy.page.about": "Two players, two rounds: take points or roll your secret die again. "
        "Your score is your points plus your die.",
        "toy.page.opponent": "Opponent",
        "toy.page.create": "Create a game of secret dice",
        "toy.start": "Secret dice",
        "toy.start.about": "You against the greedy bot, two quick rounds.",
        "toy.page.you": "You",
        "toy.page.players": "Players",
        "toy.page.points": "Points",
        "toy.page.die": "Secret die",
        "toy.page.rolls": "Rolls left",
        "toy.page.hidden": "hidden",
        "toy.page.your_turn": "Your turn: take points or roll your secret die again.",
        "toy.page.waiting": "{name} is deciding.",
        "toy.page.action.take": "Take points",
        "toy.page.action.roll": "Roll again",
        "toy.page.score": "{name}: {points} points + die {die} = {total}",
        "toy.page.won": "{names} won.",
        "toy.page.tie": "A tie: {names} share the win.",
        "toy.help.tab": "Secret dice",
        "toy.help.options": "Options of secret dice",
    },
}
