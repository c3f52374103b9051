"""What every game's terminal parts share (below the games, so that a game's own command-line
parts need not import the adapter ``sagrada.cli``): the error of bad input, reading a line of a
terminal game, how a hint is written, and a score breakdown as a table."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sagrada.core.messages import DEFAULT_LANGUAGE, Message, msg, render
from sagrada.core.scoring import ScoreBreakdown
from sagrada.search.advice import RatedAction


class CliError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def load_json(text: str) -> Any:
    """The JSON input of ``sagrada score`` (a physical game to score).

    Raises:
        CliError: if it is not readable JSON.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"not valid JSON: {exc}") from None
    except ValueError as exc:  # a number too long to read
        raise CliError(f"not readable: {exc}") from None
    except RecursionError:
        raise CliError("not readable: nested too deeply") from None


def read_stacks(value: Any, field: str, rounds: int) -> int:
    """The sum of ``field``: at most ``rounds`` lists, one a round, of values 1-6 (the dice on
    the dice game's Round Track, the cards of the card game's turn bar): a solo game's target.

    Raises:
        CliError: naming the field, and the round, at fault.
    """
    if not isinstance(value, list) or len(value) > rounds:
        raise CliError(f"field {field!r}: must be a list of at most {rounds} lists of values")
    total = 0
    for i, stack in enumerate(value):
        if not isinstance(stack, list):
            raise CliError(f"field {field!r}, round {i + 1}: must be a list of values 1-6")
        for pips in stack:
            if not isinstance(pips, int) or isinstance(pips, bool) or not 1 <= pips <= 6:
                raise CliError(
                    f"field {field!r}, round {i + 1}: {json.dumps(pips)} is not a value 1-6"
                )
            total += pips
    return total


def target_line(table: str, target: int, won: bool, language: str = DEFAULT_LANGUAGE) -> str:
    """The line under a score's table (:func:`score_table`): the solo game's target, right
    under the total's points, and whether the score won."""
    label = render(msg("score.target"), language)
    verdict = render(msg("score.won") if won else msg("score.lost"), language)
    end = len(table.splitlines()[-1])
    return f"{label} {target:>{max(1, end - len(label) - 1)}}  ({verdict})"


def score_table(breakdown: ScoreBreakdown, language: str = DEFAULT_LANGUAGE) -> str:
    """Return a score breakdown as an aligned table in ``language``, one line per source, then
    the total (the one plain table of ``score``, ``replay`` and ``play``): the headings, the
    sources' names (a card's name where the catalogues translate it) and the formulas are the
    catalogue's."""
    headings = {
        "source": msg("ui.score.source"),
        "points": msg("ui.score.points"),
        "count": msg("ui.score.count"),
        "formula": msg("ui.score.formula"),
        "total": msg("ui.score.total"),
    }
    words = {key: render(heading, language) for key, heading in headings.items()}
    names = [
        render(part.name_message, language) if part.name_message else part.name
        for part in breakdown.parts
    ]
    width = max([len(words["total"]), len(words["source"]), *(len(name) for name in names)])
    points, count = max(6, len(words["points"])), max(5, len(words["count"]))
    lines = [
        f"{words['source']:<{width}}  {words['points']:>{points}}  {words['count']:>{count}}  "
        f"{words['formula']}"
    ]
    for name, part in zip(names, breakdown.parts, strict=True):
        # Only the solo private objective that is not the better one goes uncounted.
        formula = part.formula if part.counted else msg("ui.not_counted", formula=part.formula)
        lines.append(
            f"{name:<{width}}  {part.points:>{points}}  {part.count:>{count}}  "
            f"{render(formula, language)}"
        )
    lines.append(f"{words['total']:<{width}}  {breakdown.total:>{points}}")
    return "\n".join(lines)


def read_command(legal: Callable[[], list[str] | None], help_text: str) -> str | None:
    """Read a line of a terminal game: ``None`` to stop (quit, or the end of the input), ``""``
    once a command is answered here (``?`` lists the legal actions, ``help``), else the line
    (an action, or another command of the game).

    Args:
        legal: for ``?``: returns the legal actions, printed on one line, or shows them
            itself and returns ``None``.
        help_text: printed for ``help``.
    """
    try:
        line = input("> ").strip()
    except EOFError:
        print()
        return None
    if line in ("quit", "exit", "q"):
        return None
    if line in ("?", "moves", "legal"):
        listed = legal()
        if listed is not None:
            print(" ".join(listed))
        return ""
    if line == "help":
        print(help_text)
        return ""
    return line


def hint_text(
    ranked: Sequence[RatedAction],
    bot: str,
    notation: Callable[[int], str],
    numbers: Mapping[int, int] | None,
    language: str,
) -> str:
    """A hint as the terminal shows it: what the values mean, then a line per action with its
    number among the choices (``numbers``, when the player may type one), its notation, its
    value and what backs it."""
    lines = [render(_heading(ranked[0].scale, bot), language)] if ranked else []
    for rated in ranked:
        choice = notation(rated.action)
        if numbers is not None:
            choice = f"{numbers[rated.action]} {choice}"
        value = points(rated.value, language)
        lines.append(render(_line(rated, choice, value), language))
    return "\n".join(lines)


def thinking(bot: str, language: str) -> str:
    """What the terminal says while the hint bot searches."""
    return render(msg("ui.hint.thinking", bot=bot), language)


def points(value: float, language: str) -> str:
    """A value in points to a tenth, signed, with the language's decimal mark (``+1.5``)."""
    text = f"{round(value, 1) + 0.0:+.1f}"  # + 0.0: no "-0.0"
    return text.replace(".", render(msg("ui.decimal_mark"), language))


def _heading(scale: str, bot: str) -> Message:
    if scale == "margin":
        return msg("ui.hint.margin", bot=bot)
    return msg("ui.hint.relative", bot=bot)


def _line(rated: RatedAction, choice: str, value: str) -> Message:
    if rated.basis == "positions":
        return msg("ui.hint.positions", choice=choice, value=value, n=rated.samples)
    return msg("ui.hint.simulations", choice=choice, value=value, n=rated.samples)
