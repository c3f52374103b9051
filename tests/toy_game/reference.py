"""What the server tells of the toy game apart from any play of it
(:class:`sagrada.entry.GameReference`): it has no cards and no measured data; its option
check is the options' own; its part of the rules help is its help files
(``help/rules_help.json`` and its German words beside it, read by
:mod:`sagrada.rules_help`)."""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.errors import SagradaError
from sagrada.entry import ScoreInputError
from sagrada.rules_help import RulesHelp, explained_options
from toy_game.options import OPTION_NAMES, ToyOptions, toy_options

#: The toy game's help files (``help/`` in this package; its pictures have no dice).
HELP: Final = RulesHelp("toy_game", OPTION_NAMES, colours="")


class ToyReference:
    """The toy game's reference answers."""

    def cards(self, language: str) -> dict[str, Any]:
        """No cards, in any language."""
        return {}

    def check_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """The error the options would give (or null)."""
        try:
            ToyOptions.from_json(values)
        except (SagradaError, TypeError) as exc:
            message = getattr(exc, "message", None)
            return {"error": str(exc), "error_message": message and message.to_json()}
        return {"error": None, "error_message": None}

    def data(self, name: str) -> Any:
        """No measured data."""
        return None

    def help(self, language: str) -> dict[str, Any]:
        """The toy game's part of the rules help in ``language``: its sections and its
        options with their notes."""
        data = HELP.document(language)
        return {
            "sections": data["sections"],
            "options": explained_options(toy_options(), data["option_notes"]),
        }

    def help_languages(self) -> tuple[str, ...]:
        """The languages the toy game's help has prose for."""
        return HELP.languages()

    def score(self, data: Any) -> dict[str, Any]:
        """The toy game has no scoring form (its page declares none): nothing is scored."""
        raise ScoreInputError("the toy game scores no physical game's window")

    def read_score_input(self, data: Any) -> dict[str, Any]:
        """Nothing is scored, so nothing is read."""
        raise ScoreInputError("the toy game scores no physical game's window")

    def score_form(self, language: str) -> dict[str, Any]:
        """No scoring form."""
        return {}


#: The toy game's reference answers, as its entry names it.
REFERENCE: Final = ToyReference()
