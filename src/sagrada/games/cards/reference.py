"""What the server tells of the solo card game apart from any play of it
(:class:`sagrada.entry.GameReference`): its cards, what its rules make of some option values,
and its measured difficulty curve."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from sagrada.core.errors import SagradaError
from sagrada.games.cards.content import content
from sagrada.games.cards.options import CardOptions

#: The measured data the card game publishes, by name: its files in ``sagrada.content``.
DATA_FILES: Final = {"difficulty": "card_difficulty.json"}


class CardReference:
    """The card game's reference answers."""

    def cards(self) -> dict[str, Any]:
        """The tool cards and order cards of the game."""
        cards = content()
        return {
            "tools": [
                {"number": t.number, "name": t.name, "pay": t.pay, "house": cards.house}
                for t in cards.tools
            ],
            "orders": [
                {"id": o.id, "name": o.name, "kind": o.kind, "vp": o.vp, "house": cards.house}
                for o in cards.orders
            ],
        }

    def check_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """The error the options would give (or null)."""
        try:
            CardOptions.from_json(values)
        except (SagradaError, TypeError) as exc:
            message = getattr(exc, "message", None)
            return {"error": str(exc), "error_message": message and message.to_json()}
        return {"error": None, "error_message": None}

    def data(self, name: str) -> Any:
        """The difficulty curve (``"difficulty"``): the strongest bot's win rate and mean
        margin for each number of tool cards (docs/card-game.md; made by
        scripts/card_difficulty.py), or None while it has not been measured."""
        file = DATA_FILES.get(name)
        if file is None:
            return None
        path = resources.files("sagrada.content").joinpath(file)
        return json.loads(path.read_text("utf-8")) if path.is_file() else None


#: The card game's reference answers, as its entry names them.
REFERENCE: Final = CardReference()
