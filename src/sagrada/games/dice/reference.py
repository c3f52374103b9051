"""What the server tells of the dice game apart from any play of it
(:class:`sagrada.entry.GameReference`): its cards, and what the rules make of some option
values as a form is filled in."""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.apprentice_cards import card_data
from sagrada.core.apprentice_cards import content as apprentice_content
from sagrada.core.cells import mask_names
from sagrada.core.config import GameConfig
from sagrada.core.content import catalog
from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.errors import SagradaError


class DiceReference:
    """The dice game's reference answers."""

    def cards(self) -> dict[str, Any]:
        """Every tool card and objective the server knows, for choosing them in the lobby,
        and Life's apprentice cards."""
        content = catalog()
        return {
            "tools": [
                {
                    "number": t.id,
                    "name": t.name,
                    "colour": COLOUR_LETTERS[t.colour],
                    "pack": t.pack,
                    "house": t.house,
                }
                for t in content.tools
            ],
            "public_objectives": [
                {"id": o.id, "name": o.name, "vp": o.vp, "pack": o.pack, "house": o.house}
                for o in content.publics
            ],
            "private_objectives": [
                {
                    "id": o.id,
                    "name": o.name,
                    "pack": o.pack,
                    "colour": None if o.colour is None else COLOUR_LETTERS[o.colour],
                    "spaces": list(mask_names(o.spaces)),
                }
                for o in content.privates
            ],
            "apprentice_cards": [card_data(card) for card in apprentice_content().cards],
        }

    def check_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """What the engine makes of some option values, for a form to follow as it is filled
        in: the tool deck and the number of cards dealt (from every value but the chosen
        cards), the active rule modules, and the error the whole set would give (or null)."""
        unchosen = {k: v for k, v in values.items() if k not in ("tools", "public_objectives")}
        try:
            rules = GameConfig.from_json(unchosen).rules
        except (SagradaError, TypeError) as exc:
            return {
                "error": str(exc),
                "error_message": _message_of(exc),
                "tool_deck": [],
                "public_deck": [],
                "num_tools": 0,
                "num_public_objectives": 0,
                "modules": [],
            }
        error = error_message = None
        try:
            GameConfig.from_json(values)
        except (SagradaError, TypeError) as exc:
            error, error_message = str(exc), _message_of(exc)
        return {
            "error": error,
            "error_message": error_message,
            "tool_deck": list(rules.tool_deck),
            "public_deck": list(rules.public_deck),
            "num_tools": rules.num_tools,
            "num_public_objectives": rules.num_publics,
            "modules": list(rules.modules),
        }

    def data(self, name: str) -> Any:
        """The dice game publishes no measured data."""
        return None


def _message_of(exc: Exception) -> dict[str, Any] | None:
    """The engine's message for a refusal, for a page to show in its language (or null)."""
    message = getattr(exc, "message", None)
    return message.to_json() if message is not None else None


#: The dice game's reference answers, as its entry names them.
REFERENCE: Final = DiceReference()
