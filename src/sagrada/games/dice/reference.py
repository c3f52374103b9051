"""What the server tells of the dice game apart from any play of it
(:class:`sagrada.entry.GameReference`): its cards, what the rules make of some option values
as a form is filled in, and its part of the rules help.

Its help file is ``help/rules_help.json`` in this package (translations beside it, read by
:mod:`sagrada.rules_help`): the rules in short, the words of its texts (``private_colour``,
``private_spaces``, ``marked_spaces``, ``objective_example``), the option notes, and the
illustrations: ``tools``, a picture per tool card's number, and ``public_objectives``, an
example window per objective's id, which the engine scores here (the cells that earn points
marked, the note saying how many)."""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.cells import CELL_NAMES, mask_names
from sagrada.core.content import PublicObjective, catalog
from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.errors import SagradaError
from sagrada.core.messages import DEFAULT_LANGUAGE, content_json, render, template
from sagrada.core.options import OPTIONS
from sagrada.core.position import make_window
from sagrada.core.scoring import score_public
from sagrada.games.dice.rules.apprentice_cards import card_data
from sagrada.games.dice.rules.apprentice_cards import content as apprentice_content
from sagrada.games.dice.rules.config import GameConfig
from sagrada.rules_help import RulesHelp, explained_options

#: The dice game's help files (``help/`` in this package).
HELP: Final = RulesHelp("sagrada.games.dice", (spec.name for spec in OPTIONS), COLOUR_LETTERS)


class DiceReference:
    """The dice game's reference answers."""

    def cards(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """Every tool card and objective the server knows, for choosing them in the lobby,
        and Life's apprentice cards: their names and texts in ``language``, each with its
        message where the catalogues translate it (``name_message``...)."""
        content = catalog()
        return {
            "tools": [
                {
                    "number": t.id,
                    **content_json(t.key, t.words(), language),
                    "colour": COLOUR_LETTERS[t.colour],
                    "pack": t.pack,
                    "house": t.house,
                }
                for t in content.tools
            ],
            "public_objectives": [
                {
                    "id": o.id,
                    **content_json(o.key, o.words(), language),
                    "vp": o.vp,
                    "pack": o.pack,
                    "house": o.house,
                }
                for o in content.publics
            ],
            "private_objectives": [
                {
                    "id": o.id,
                    **content_json(o.key, o.words(), language),
                    "pack": o.pack,
                    "colour": None if o.colour is None else COLOUR_LETTERS[o.colour],
                    "spaces": list(mask_names(o.spaces)),
                }
                for o in content.privates
            ],
            "apprentice_cards": [card_data(card, language) for card in apprentice_content().cards],
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

    def help(self, language: str) -> dict[str, Any]:
        """The dice game's part of the rules help in ``language``: its sections, its options
        with their notes, and ``cards`` (:meth:`cards` in ``language``), each card with its
        ``text`` (a tool also its ``restriction``, a private objective a text made from its
        colour or spaces)
        and an ``illustration`` (or None): a tool's picture from the help file, a public
        objective's example window scored by the engine, a private objective's marked
        spaces."""
        data = HELP.document(language)
        texts: dict[str, str] = data["texts"]
        pictures = data["illustrations"]
        content = catalog()
        listed = self.cards(language)
        for tool in listed["tools"]:
            tool["illustration"] = pictures["tools"].get(str(tool["number"]))
        for objective in listed["public_objectives"]:
            card = content.public(objective["id"])
            example = pictures["public_objectives"].get(card.id)
            objective["illustration"] = (
                None if example is None else objective_example(example["window"], card, language)
            )
        for private in listed["private_objectives"]:
            if private["colour"] is not None:
                colour = template(f"colour.{private['colour']}", language=language)
                private["text"] = texts["private_colour"].format(colour=colour)
                private["illustration"] = None
            else:
                private["text"] = texts["private_spaces"].format(n=len(private["spaces"]))
                private["illustration"] = _marked_spaces(private["spaces"], texts["marked_spaces"])
        return {
            "sections": data["sections"],
            "options": explained_options(OPTIONS, data["option_notes"]),
            "cards": listed,
        }

    def help_languages(self) -> tuple[str, ...]:
        """The languages the dice game's help has prose for."""
        return HELP.languages()

    def score(self, data: Any) -> dict[str, Any]:
        """Score a physical game's window, or a table of players
        (:func:`sagrada.games.dice.score_answer.score_json`).

        Raises:
            ScoreInputError: naming the field at fault.
        """
        # Imported when asked: the scoring modules are not needed to serve a game.
        from sagrada.games.dice.score_answer import score_json

        return score_json(data)

    def read_score_input(self, data: Any) -> dict[str, Any]:
        """Read back the windows of a scoring input, complete or not
        (:func:`sagrada.games.dice.score_answer.read_json`).

        Raises:
            ScoreInputError: if ``data`` is not a JSON object.
        """
        from sagrada.games.dice.score_answer import read_json

        return read_json(data)

    def score_form(self, language: str) -> dict[str, Any]:
        """What the scoring form needs (:func:`sagrada.games.dice.score_form.score_form`)."""
        from sagrada.games.dice.score_form import score_form

        return score_form(language, self.cards(language))


def objective_example(
    rows: list[str], objective: PublicObjective, language: str = DEFAULT_LANGUAGE
) -> dict[str, Any] | None:
    """An objective's example window, scored by the engine: the cells that earn points are
    marked, and the note (in ``language``) says how many; ``None`` if the example earns nothing
    (a content file may have given the card another rule), as it would then show nothing."""
    tokens = [token for row in rows for token in row.split()]
    pattern = " ".join(
        "".join(t.upper() if t.islower() or t.isdigit() else "." for t in row.split())
        for row in rows
    )
    dice = " ".join(f"{CELL_NAMES[c]}={t}" for c, t in enumerate(tokens) if t[0].isupper())
    part = score_public(make_window(pattern, dice), objective)
    if part.points <= 0:
        return None
    return {
        "parts": [{"window": rows, "marks": list(part.cells)}],
        "note": HELP.document(language)["texts"]["objective_example"].format(
            points=part.points, formula=render(part.formula, language)
        ),
    }


def _marked_spaces(marks: list[str], note: str) -> dict[str, Any]:
    """A blank window with ``marks``: the spaces a private objective scores."""
    return {"parts": [{"window": [". . . . ."] * 4, "marks": marks}], "note": note}


def _message_of(exc: Exception) -> dict[str, Any] | None:
    """The engine's message for a refusal, for a page to show in its language (or null)."""
    message = getattr(exc, "message", None)
    return message.to_json() if message is not None else None


#: The dice game's reference answers, as its entry names them.
REFERENCE: Final = DiceReference()
