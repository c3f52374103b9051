"""``sagrada score``: score a finished window from a physical game, described in JSON.

The input (a file, or ``-`` for standard input)::

    {"dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
     "public": ["Column Color Variety", "Light Shades", "Color Variety"],
     "private": ["Shades of Purple"],
     "favor_tokens": 0,
     "mode": "multiplayer"}

``dice`` holds rows A-D top to bottom, five tokens each: ``_`` for an open space, otherwise a
colour letter (R Y G B P) and a value. The window pattern is not known, so only the rule that
no two orthogonal neighbours share a colour or a value is checked; a window that breaks it is
still scored, with a warning on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from sagrada.cli.common import CliError, read_input
from sagrada.cli.render import score_table
from sagrada.core.cells import COLUMNS, ROW_LETTERS, ROWS
from sagrada.core.content import PrivateObjective, PublicObjective, WindowPattern, catalog
from sagrada.core.dice import parse_die
from sagrada.core.errors import InvalidNotationError
from sagrada.core.scoring import score_window
from sagrada.core.window import Window

OPEN_TOKEN: Final = "_"
MODES: Final = ("multiplayer", "solo")
REQUIRED_FIELDS: Final = ("dice", "public", "private")
OPTIONAL_FIELDS: Final = ("favor_tokens", "mode")
MAX_PUBLICS: Final = 3
#: Solo play has 2 public objectives (rulebook, SOLO PLAY RULES, SETUP).
MAX_SOLO_PUBLICS: Final = 2
_Card = TypeVar("_Card", PublicObjective, PrivateObjective)
#: A pattern without restrictions: the real one is unknown, so only adjacency is checked.
BLANK_PATTERN: Final = WindowPattern("unknown pattern", 0, 0, (".....", ".....", ".....", "....."))

_EPILOG: Final = """\
input (JSON):
  {"dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
   "public": ["Column Color Variety", "Light Shades", "Color Variety"],
   "private": ["Shades of Purple"],
   "favor_tokens": 0,
   "mode": "multiplayer"}

  dice          4 rows, A to D top to bottom, of 5 tokens each: _ for an open space,
                else a colour letter (R Y G B P) and a value 1-6
  public        0 to 3 distinct public objective names (solo: 0 to 2)
  private       1 private objective name (solo: 1 or 2, the better one counts)
  favor_tokens  unspent favor tokens, a non-negative integer (default 0; ignored in solo)
  mode          "multiplayer" (default) or "solo" (-3 VP per open space)
Card names are case-insensitive; ids (set_values_1_2) and the printed form
("Shades of Purple • Private") are accepted.
"""


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``score`` subcommand to the ``sagrada`` command line."""
    parser = subparsers.add_parser(
        "score",
        help="score a finished window described in JSON",
        description="Score a finished window: public and private objectives, favor tokens "
        "and open spaces, by the rulebook's END GAME SCORING.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the window and cards in JSON; - for stdin")
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"total": N, "parts": [{"name": ..., "points": N}, ...]} instead of a table',
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Score the window described in ``args.file`` and print the breakdown.

    Raises:
        CliError: if the input is malformed, naming the field, row or token at fault.
    """
    request = parse_request(read_input(args.file))
    problems = request.window.violations()
    if problems:
        print(
            "sagrada score: warning: the window breaks the placement rules (scored anyway): "
            + "; ".join(problems),
            file=sys.stderr,
        )
    if request.solo and request.favor_tokens:
        print("sagrada score: warning: favor tokens are not used in solo play", file=sys.stderr)
    breakdown = score_window(
        request.window,
        request.publics,
        request.privates,
        request.favor_tokens,
        solo=request.solo,
    )
    if args.json:
        print(json.dumps(breakdown.to_json()))
    else:
        print(score_table(breakdown))
    return 0


@dataclass(frozen=True)
class ScoreRequest:
    """What ``sagrada score`` reads: a window, the cards in play, favor tokens and the mode."""

    window: Window
    publics: tuple[PublicObjective, ...]
    privates: tuple[PrivateObjective, ...]
    favor_tokens: int
    solo: bool


def parse_request(text: str) -> ScoreRequest:
    """Parse and check the JSON input of ``sagrada score``.

    Raises:
        CliError: one line naming the field, row or token at fault.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"not valid JSON: {exc}") from None
    except ValueError as exc:  # a number too long to read
        raise CliError(f"not readable: {exc}") from None
    except RecursionError:
        raise CliError("not readable: nested too deeply") from None
    if not isinstance(data, dict):
        raise CliError("the input must be a JSON object with fields " + _field_list())
    unknown = [key for key in data if key not in REQUIRED_FIELDS + OPTIONAL_FIELDS]
    if unknown:
        names = ", ".join(repr(key) for key in unknown)
        raise CliError(
            f"unknown field{'s' if len(unknown) > 1 else ''} {names} (expected {_field_list()})"
        )
    missing = [key for key in REQUIRED_FIELDS if key not in data]
    if missing:
        names = ", ".join(repr(key) for key in missing)
        raise CliError(f"missing field{'s' if len(missing) > 1 else ''} {names}")

    mode = data.get("mode", "multiplayer")
    if mode not in MODES:
        raise CliError(f"field 'mode': must be 'multiplayer' or 'solo', got {mode!r}")
    solo = mode == "solo"

    favor_tokens = data.get("favor_tokens", 0)
    if not isinstance(favor_tokens, int) or isinstance(favor_tokens, bool) or favor_tokens < 0:
        raise CliError(
            f"field 'favor_tokens': must be a non-negative integer, got {json.dumps(favor_tokens)}"
        )

    window = parse_dice(data["dice"])
    publics = [
        _card(catalog().public, "public", i, name)
        for i, name in enumerate(
            _names(data["public"], "public", 0, MAX_SOLO_PUBLICS, "in solo mode")
            if solo
            else _names(data["public"], "public", 0, MAX_PUBLICS)
        )
    ]
    privates = [
        _card(catalog().private, "private", i, name)
        for i, name in enumerate(
            _names(data["private"], "private", 1, 2, "in solo mode")
            if solo
            else _names(data["private"], "private", 1, 1, "in multiplayer mode (solo: 1 or 2)")
        )
    ]
    for field, cards in (("public", publics), ("private", privates)):
        seen: set[str] = set()
        for card in cards:
            if card.id in seen:
                raise CliError(f"field {field!r}: {card.name!r} is listed twice")
            seen.add(card.id)
    return ScoreRequest(window, tuple(publics), tuple(privates), favor_tokens, solo)


def parse_dice(rows: Any) -> Window:
    """Build a window (on a blank pattern) from four rows of five tokens.

    Raises:
        CliError: naming the row, and the token, at fault.
    """
    if not isinstance(rows, list):
        raise CliError(f"field 'dice': must be a list of {ROWS} strings, rows A to D")
    if len(rows) != ROWS:
        raise CliError(f"field 'dice': expected {ROWS} rows (A to D), got {len(rows)}")
    window = Window(BLANK_PATTERN)
    for r, row in enumerate(rows):
        letter = ROW_LETTERS[r]
        if not isinstance(row, str):
            raise CliError(
                f"row {letter}: expected a string of {COLUMNS} tokens, got {json.dumps(row)}"
            )
        tokens = row.split()
        if len(tokens) != COLUMNS:
            raise CliError(
                f"row {letter}: expected {COLUMNS} tokens (a die like R3, or _), got {len(tokens)}"
            )
        for c, token in enumerate(tokens):
            if token == OPEN_TOKEN:
                continue
            try:
                die = parse_die(token)
            except InvalidNotationError:
                raise CliError(
                    f"row {letter}, token {c + 1}: {token!r} is not a die or {OPEN_TOKEN!r}"
                ) from None
            window.place(die, r * COLUMNS + c)
    return window


def _field_list() -> str:
    return ", ".join(REQUIRED_FIELDS + OPTIONAL_FIELDS)


def _names(value: Any, field: str, least: int, most: int, when: str = "") -> list[str]:
    """Check that ``value`` is a list of ``least`` to ``most`` card names."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise CliError(f"field {field!r}: must be a list of card names")
    if not least <= len(value) <= most:
        if least == most:
            wanted = f"exactly {least}"
        else:
            wanted = f"{least} {'or' if most == least + 1 else 'to'} {most}"
        noun = "card name" if most == 1 else "card names"
        where = f" {when}" if when else ""
        raise CliError(f"field {field!r}: expected {wanted} {noun}{where}, got {len(value)}")
    return value


def _card(find: Callable[[str], _Card], field: str, index: int, name: str) -> _Card:
    """Look a card up by name, naming the field and item when there is none."""
    try:
        return find(name)
    except KeyError as exc:
        raise CliError(f"field {field!r}, item {index + 1}: {exc.args[0]}") from None
