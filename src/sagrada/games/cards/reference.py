"""What the server tells of the solo card game apart from any play of it
(:class:`sagrada.entry.GameReference`): its cards, what its rules make of some option values,
its measured difficulty curve, and its part of the rules help.

Its help file is ``help/rules_help.json`` in this package (translations beside it, read by
:mod:`sagrada.rules_help`): the rules in short and the words of the shades orders' text
(``order_shades``)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from sagrada.core.errors import SagradaError
from sagrada.core.messages import DEFAULT_LANGUAGE, content_json, content_text, template
from sagrada.games.cards.cards import CARD_COLOURS
from sagrada.games.cards.content import content
from sagrada.games.cards.options import CARD_OPTIONS, CardOptions
from sagrada.rules_help import RulesHelp, explained_options

#: The measured data the card game publishes, by name: its files in ``sagrada.content``.
DATA_FILES: Final = {"difficulty": "card_difficulty.json"}
#: The card game's help files (``help/`` in this package).
HELP: Final = RulesHelp("sagrada.games.cards", (spec.name for spec in CARD_OPTIONS), CARD_COLOURS)
#: The colour letter of the black cards (where the dice have purple).
BLACK: Final = CARD_COLOURS[4]


class CardReference:
    """The card game's reference answers."""

    def cards(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The tool cards and order cards of the game: their names (a tool also its text) in
        ``language``, each with its message where the catalogues translate it."""
        cards = content()
        return {
            "tools": [
                {
                    "number": t.number,
                    **content_json(t.key, t.words(), language),
                    "pay": t.pay,
                    "house": cards.house,
                }
                for t in cards.tools
            ],
            "orders": [
                {
                    "id": o.id,
                    **content_json(o.key, o.words(), language),
                    "kind": o.kind,
                    "vp": o.vp,
                    "house": cards.house,
                }
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

    def help(self, language: str) -> dict[str, Any]:
        """The card game's part of the rules help in ``language``: its sections, its options
        (with no notes), whether its cards are house cards (``house``), its ``tools``
        (``number``, ``name``, ``pay``, ``text``, ``house``) and its ``orders`` (``id``,
        ``name``, ``kind``, ``vp``, ``text``, ``house``), names and texts in ``language``
        (a shades order's text made from its colour)."""
        data = HELP.document(language)
        cards = content()
        listed = self.cards(language)
        for entry, order in zip(listed["orders"], cards.orders, strict=True):
            if order.public is not None:
                public = order.public
                text = content_text(f"{public.key}.text", public.text, language)
            else:
                assert order.shades is not None and order.shades.colour is not None
                colour = _colour_name(CARD_COLOURS[order.shades.colour], language)
                text = data["texts"]["order_shades"].format(colour=colour)
            entry["text"] = text
        return {
            "sections": data["sections"],
            "options": explained_options(CARD_OPTIONS, data["option_notes"]),
            "house": cards.house,
            "tools": listed["tools"],
            "orders": listed["orders"],
        }

    def help_languages(self) -> tuple[str, ...]:
        """The languages the card game's help has prose for."""
        return HELP.languages()

    def score(self, data: Any) -> dict[str, Any]:
        """Score a card game's window (:func:`sagrada.games.cards.score_answer.score_json`).

        Raises:
            ScoreInputError: naming the field at fault.
        """
        # Imported when asked: the scoring modules are not needed to serve a game.
        from sagrada.games.cards.score_answer import score_json

        return score_json(data)

    def read_score_input(self, data: Any) -> dict[str, Any]:
        """Read back the windows of a scoring input, complete or not
        (:func:`sagrada.games.cards.score_answer.read_json`).

        Raises:
            ScoreInputError: if ``data`` is not a JSON object.
        """
        from sagrada.games.cards.score_answer import read_json

        return read_json(data)

    def score_form(self, language: str) -> dict[str, Any]:
        """What the scoring form needs (:func:`sagrada.games.cards.score_answer.score_form`)."""
        from sagrada.games.cards.score_answer import score_form

        return score_form(language, self.cards(language)["orders"])


def _colour_name(letter: str, language: str) -> str:
    """A card colour's name in ``language`` (black is the card game's own word)."""
    black = letter == BLACK
    return template("cards.colour.black" if black else f"colour.{letter}", language=language)


#: The card game's reference answers, as its entry names them.
REFERENCE: Final = CardReference()
