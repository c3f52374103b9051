"""What the dice game's scoring form needs (``GET /api/score/form``): every choice the input of
``sagrada score`` offers, from the engine and the content, so that the form repeats none of
them (docs/web-api.md).

The rulebook's scoring example (rulebook 001_3237e9a6eb6273e0.txt, SCORING EXAMPLE) is given
as an input the form can fill in at once: it scores 40.
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.content import catalog
from sagrada.core.dice import COLOUR_LETTERS, ROTATIONS
from sagrada.core.messages import msg
from sagrada.core.options import MAX_PLAYERS, OPTIONS
from sagrada.games.dice.rules.actions import ROUNDS
from sagrada.games.dice.rules.apprentice_cards import SCORING, card_data
from sagrada.games.dice.rules.apprentice_cards import content as apprentice_content
from sagrada.games.dice.rules.modules.masterwork import faces_json
from sagrada.games.dice.score_input import (
    MAX_PRIVATES,
    MAX_PUBLICS,
    MAX_SOLO_PRIVATES,
    MAX_SOLO_PUBLICS,
    MODES,
)
from sagrada.games.dice.score_players import DEFAULT_TIE_BREAK, MAX_NAME

#: The rulebook's SCORING EXAMPLE as an input of ``sagrada score`` (the window of its picture:
#: rows A to D top to bottom); it scores 10 + 4 + 12 + 17 + 0 - 3 = 40.
SCORING_EXAMPLE: Final = {
    "dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
    "public": ["Column Color Variety", "Light Shades", "Color Variety"],
    "private": ["Shades of Purple"],
    "favor_tokens": 0,
    "mode": "multiplayer",
}

#: The words of each mode of ``sagrada score``'s input.
MODE_LABELS: Final = {"multiplayer": msg("score.mode.multiplayer"), "solo": msg("score.mode.solo")}


def score_form(language: str, cards: dict[str, Any]) -> dict[str, Any]:
    """The dice game's scoring form: ``palette`` (the colours, each letter with its name's
    message, in the engine's order, and the values), ``windows`` (every pack's pattern),
    ``public_objectives`` and ``private_objectives`` (as ``GET /api/cards`` gives them, in
    ``language``), ``apprentice`` (the apprentice cards that score), ``masterwork`` (the
    symbols, each with its arrows before turning, requirement, explanation and name's
    message, and the rotations), ``modes``, ``tie_breaks`` (each with its label's message id,
    and the default), ``limits``, ``rounds`` (of a solo game's Round Track) and ``example``.

    Args:
        language: the language of the cards' words.
        cards: the game's cards in ``language``, as ``GET /api/cards`` gives them.
    """
    tie_break = next(spec for spec in OPTIONS if spec.name == "tie_break")
    labels = zip(tie_break.choices or (), tie_break.choice_ids or (), strict=True)
    return {
        "palette": {
            "colours": [
                {"letter": letter, "name_message": msg(f"colour.{letter}").to_json()}
                for letter in COLOUR_LETTERS
            ],
            "values": list(range(1, 7)),
        },
        "windows": [
            {"name": w.name, "difficulty": w.difficulty, "pack": w.pack, "grid": list(w.grid)}
            for w in catalog().windows
        ],
        "public_objectives": cards["public_objectives"],
        "private_objectives": cards["private_objectives"],
        "apprentice": [
            card_data(card, language)
            for card in apprentice_content().cards
            if card.effect in SCORING
        ],
        "masterwork": {
            "symbols": [
                {**face, "name_message": msg(f"masterwork.symbol.{face['symbol']}").to_json()}
                for face in faces_json()
            ],
            "rotations": list(ROTATIONS),
        },
        "modes": [{"mode": mode, "label_message": MODE_LABELS[mode].to_json()} for mode in MODES],
        "tie_breaks": [{"value": value, "label_id": label} for value, label in labels],
        "default_tie_break": DEFAULT_TIE_BREAK,
        "limits": {
            "publics": MAX_PUBLICS,
            "solo_publics": MAX_SOLO_PUBLICS,
            "privates": MAX_PRIVATES,
            "solo_privates": MAX_SOLO_PRIVATES,
            "players": MAX_PLAYERS,
            "name": MAX_NAME,
        },
        "rounds": ROUNDS,
        "example": SCORING_EXAMPLE,
    }
