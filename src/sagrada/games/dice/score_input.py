"""The dice game's part of ``sagrada score``: a finished window from a physical game, described
in JSON.

The input (a file, or ``-`` for standard input)::

    {"dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
     "public": ["Column Color Variety", "Light Shades", "Color Variety"],
     "private": ["Shades of Purple"],
     "favor_tokens": 0,
     "mode": "multiplayer"}

``dice`` holds rows A-D top to bottom, five tokens each: ``_`` for an open space, ``O`` for one
of Life's masterwork dice, otherwise a colour letter (R Y G B P) and a value. The optional
``window`` names the window pattern (any pack's, as printed: ``"Virtus"``), whose colour and
value restrictions are then checked too; without it the pattern is not known, so only the rule
that no two orthogonal neighbours share a colour or a value is checked (two masterwork dice side
by side share their orange). A window that breaks a rule is still scored, with a warning on
standard error. A table of players (its own input) is read by
:mod:`sagrada.games.dice.score_players`; the help of both forms is
:mod:`sagrada.games.dice.score_help`.

Life (rulebook 004_234c3922e9d01436.txt): the optional ``masterwork`` field gives the symbol and
clockwise rotation of the die on each ``O`` cell, ``{"B2": {"symbol": "corner", "rotation":
90}}``; every ``O`` needs an entry and every entry an ``O``. The score has a "Masterwork dice"
part (+5 per face met, -2 per face not met) exactly when the input has the field, even ``{}``:
the field says the Masterwork module was in play, so a player who took no masterwork die sees
its 0; an input without it (which then has no ``O``) scores as the base game. The Toil public
objectives are named in ``public`` like any other. The optional ``apprentice`` field lists the
activated apprentice cards that score (``["Study of Blue", "Master's Eye"]``), a part each.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from sagrada.core.cells import CELL_NAMES, COLUMNS, ROW_LETTERS, ROWS, Cell, parse_cell
from sagrada.core.content import PrivateObjective, PublicObjective, WindowPattern, catalog
from sagrada.core.dice import (
    DIE_NAMES,
    ROTATIONS,
    SYMBOLS,
    Die,
    is_masterwork,
    masterwork_die,
    parse_die,
    parse_window_die,
)
from sagrada.core.errors import InvalidNotationError
from sagrada.core.scoring import ScoreBreakdown, score_window
from sagrada.core.window import EMPTY, Window
from sagrada.games.dice.rules.actions import ROUNDS
from sagrada.games.dice.rules.apprentice_cards import SCORING, ApprenticeCard, card_named, card_part
from sagrada.games.dice.rules.apprentice_cards import content as apprentice_content
from sagrada.games.dice.rules.modules.masterwork import masterwork_part
from sagrada.textui import CliError, read_stacks

OPEN_TOKEN: Final = "_"
#: A masterwork die (Life) in a ``dice`` row; its symbol and rotation are in ``masterwork``.
MASTERWORK_TOKEN: Final = "O"
#: The keys of an entry of ``masterwork``.
MASTERWORK_KEYS: Final = ("symbol", "rotation")
MODES: Final = ("multiplayer", "solo")
REQUIRED_FIELDS: Final = ("dice", "public", "private")
#: More unspent favor tokens than any game gives a player (a window gives 3 to 6): a bound that
#: keeps a mistyped number out of a total.
MAX_FAVOR_TOKENS: Final = 99
OPTIONAL_FIELDS: Final = (
    "window",
    "favor_tokens",
    "mode",
    "masterwork",
    "apprentice",
    "round_track",
)
MAX_PUBLICS: Final = 3
#: Solo play has 2 public objectives (rulebook, SOLO PLAY RULES, SETUP).
MAX_SOLO_PUBLICS: Final = 2
#: A player scores 1 private objective; in solo play the better of 2 (SOLO PLAY RULES).
MAX_PRIVATES: Final = 1
MAX_SOLO_PRIVATES: Final = 2
_Card = TypeVar("_Card", PublicObjective, PrivateObjective)
#: A pattern without restrictions: the real one is unknown, so only adjacency is checked.
BLANK_PATTERN: Final = WindowPattern("unknown pattern", 0, 0, (".....", ".....", ".....", "....."))


def score_request(request: ScoreRequest) -> ScoreBreakdown:
    """Score a parsed request: the base game's parts, then the Masterwork dice part (with
    the ``masterwork`` field) and a part per apprentice card."""
    breakdown = score_window(
        request.window,
        request.publics,
        request.privates,
        request.favor_tokens,
        solo=request.solo,
    )
    if request.masterwork:
        breakdown = breakdown.with_parts([masterwork_part(request.window)])
    if request.apprentice:
        breakdown = breakdown.with_parts(
            [card_part(card, request.window, request.publics) for card in request.apprentice]
        )
    return breakdown


def beats_target(total: int, target: int) -> bool:
    """Whether a solo score wins against its target (rulebook 001_3237e9a6eb6273e0.txt, SOLO
    PLAY RULES, END OF GAME: "If your Victory Point total is greater than the Target Score,
    you win!")."""
    return total > target


@dataclass(frozen=True)
class ScoreRequest:
    """What ``sagrada score`` reads: a window, the cards in play, favor tokens and the mode.

    Attributes:
        masterwork: the input has a ``masterwork`` field (Life's Masterwork module was in
            play): the score has a "Masterwork dice" part.
        apprentice: the activated apprentice cards that score (Life), a part each.
        target: solo play's target score, the sum of the dice on the Round Track (the
            ``round_track`` field), or None where the input gives none.
    """

    window: Window
    publics: tuple[PublicObjective, ...]
    privates: tuple[PrivateObjective, ...]
    favor_tokens: int
    solo: bool
    masterwork: bool = False
    apprentice: tuple[ApprenticeCard, ...] = ()
    target: int | None = None


def request_from(data: Any) -> ScoreRequest:
    """Check the parsed JSON input of ``sagrada score`` for one window.

    Raises:
        CliError: one line naming the field, row or token at fault.
    """
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
    if (
        not isinstance(favor_tokens, int)
        or isinstance(favor_tokens, bool)
        or not 0 <= favor_tokens <= MAX_FAVOR_TOKENS
    ):
        raise CliError(
            f"field 'favor_tokens': must be an integer 0-{MAX_FAVOR_TOKENS}, "
            f"got {json.dumps(favor_tokens)}"
        )

    masterwork = parse_masterwork(data["masterwork"]) if "masterwork" in data else {}
    pattern = parse_pattern(data["window"]) if "window" in data else BLANK_PATTERN
    window = parse_dice(data["dice"], masterwork, pattern)
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
            _names(data["private"], "private", 1, MAX_SOLO_PRIVATES, "in solo mode")
            if solo
            else _names(
                data["private"], "private", 1, MAX_PRIVATES, "in multiplayer mode (solo: 1 or 2)"
            )
        )
    ]
    for field, cards in (("public", publics), ("private", privates)):
        seen: set[str] = set()
        for card in cards:
            if card.id in seen:
                raise CliError(f"field {field!r}: {card.name!r} is listed twice")
            seen.add(card.id)
    apprentice = parse_apprentice(data["apprentice"]) if "apprentice" in data else ()
    target = None
    if "round_track" in data:
        if not solo:
            raise CliError('field \'round_track\': a target is solo play\'s ("mode": "solo")')
        target = read_stacks(data["round_track"], "round_track", ROUNDS)
    return ScoreRequest(
        window,
        tuple(publics),
        tuple(privates),
        favor_tokens,
        solo,
        "masterwork" in data,
        apprentice,
        target,
    )


def parse_apprentice(value: Any) -> tuple[ApprenticeCard, ...]:
    """Read the ``apprentice`` field: the names of the activated scoring apprentice cards.

    Raises:
        CliError: naming the entry at fault.
    """
    scoring = [card.name for card in apprentice_content().cards if card.effect in SCORING]
    if not isinstance(value, list):
        raise CliError("field 'apprentice': must be a list of apprentice card names")
    found: list[ApprenticeCard] = []
    for i, name in enumerate(value):
        where = f"field 'apprentice', entry {i + 1}"
        if not isinstance(name, str):
            raise CliError(f"{where}: must be a card name, got {json.dumps(name)}")
        try:
            card = card_named(name)
        except KeyError:
            raise CliError(f"{where}: no apprentice card {name!r}") from None
        if card.effect not in SCORING:
            raise CliError(
                f"{where}: {card.name} does not score (scoring cards: {', '.join(scoring)})"
            )
        if card in found:
            raise CliError(f"{where}: {card.name!r} is listed twice")
        found.append(card)
    return tuple(found)


def parse_masterwork(value: Any) -> dict[Cell, Die]:
    """Read the ``masterwork`` field: the masterwork die, as placed, on each cell it names.

    Raises:
        CliError: naming the cell, and the key, at fault.
    """
    example = '{"symbol": "corner", "rotation": 90}'
    if not isinstance(value, dict):
        raise CliError(f"field 'masterwork': must be an object from cells (A1 to D5) to {example}")
    rotations = ", ".join(map(str, ROTATIONS[:-1])) + f" or {ROTATIONS[-1]}"
    dice: dict[Cell, Die] = {}
    for key, entry in value.items():
        try:
            cell = parse_cell(key)
        except InvalidNotationError:
            raise CliError(f"field 'masterwork': {key!r} is not a cell (A1 to D5)") from None
        where = f"field 'masterwork', {CELL_NAMES[cell]}"
        if cell in dice:
            raise CliError(f"{where}: the cell is given twice")
        if not isinstance(entry, dict):
            raise CliError(f"{where}: must be an object like {example}, got {json.dumps(entry)}")
        unknown = [k for k in entry if k not in MASTERWORK_KEYS]
        if unknown:
            raise CliError(f"{where}: unknown key {unknown[0]!r} (expected symbol, rotation)")
        missing = [k for k in MASTERWORK_KEYS if k not in entry]
        if missing:
            raise CliError(f"{where}: missing {missing[0]!r}")
        symbol, rotation = entry["symbol"], entry["rotation"]
        if not isinstance(symbol, str) or symbol.strip().lower() not in SYMBOLS:
            raise CliError(
                f"{where}: symbol must be one of {', '.join(SYMBOLS)}, got {json.dumps(symbol)}"
            )
        if not isinstance(rotation, int) or isinstance(rotation, bool) or rotation not in ROTATIONS:
            raise CliError(f"{where}: rotation must be {rotations}, got {json.dumps(rotation)}")
        dice[cell] = masterwork_die(SYMBOLS.index(symbol.strip().lower()), rotation)
    return dice


def parse_pattern(value: Any) -> WindowPattern:
    """Read the ``window`` field: a window pattern's name, any pack's (case-insensitive).

    Raises:
        CliError: naming the field, if there is no pattern of that name.
    """
    if not isinstance(value, str):
        raise CliError(f"field 'window': must be a window pattern's name, got {_short(value)}")
    try:
        return catalog().window(value)
    except KeyError:
        raise CliError(
            f"field 'window': no window pattern named {_short(value)} (a pattern's name as "
            "printed on its card, any pack's)"
        ) from None


def _short(value: Any) -> str:
    """``value`` as JSON, cut to a length that fits in one line of an error (a list or an
    object only named)."""
    if isinstance(value, list | dict):
        return "a list" if isinstance(value, list) else "an object"
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_dice(
    rows: Any,
    masterwork: dict[Cell, Die] | None = None,
    pattern: WindowPattern = BLANK_PATTERN,
) -> Window:
    """Build a window on ``pattern`` (a blank one unless given) from four rows of five tokens.

    Args:
        rows: the ``dice`` field.
        masterwork: the masterwork die on each ``O`` cell (:func:`parse_masterwork`); none
            when not given.
        pattern: the window pattern (the ``window`` field).

    Raises:
        CliError: naming the row, and the token, at fault; or the ``masterwork`` entry that
            is not on an ``O``.
    """
    masterwork = masterwork or {}
    if not isinstance(rows, list):
        raise CliError(f"field 'dice': must be a list of {ROWS} strings, rows A to D")
    if len(rows) != ROWS:
        raise CliError(f"field 'dice': expected {ROWS} rows (A to D), got {len(rows)}")
    window = Window(pattern)
    for r, row in enumerate(rows):
        letter = ROW_LETTERS[r]
        if not isinstance(row, str):
            raise CliError(
                f"row {letter}: expected a string of {COLUMNS} tokens, got {json.dumps(row)}"
            )
        tokens = row.split()
        if len(tokens) != COLUMNS:
            raise CliError(
                f"row {letter}: expected {COLUMNS} tokens (a die like R3, O or _), "
                f"got {len(tokens)}"
            )
        for c, token in enumerate(tokens):
            cell = r * COLUMNS + c
            where = f"row {letter}, token {c + 1}"
            if token == OPEN_TOKEN:
                continue
            if token.upper() == MASTERWORK_TOKEN:
                if cell not in masterwork:
                    raise CliError(
                        f"{where}: O on {CELL_NAMES[cell]} has no entry in field 'masterwork'"
                    )
                window.place(masterwork[cell], cell)
                continue
            try:
                die = parse_die(token)
            except InvalidNotationError:
                raise CliError(_bad_token(where, token)) from None
            window.place(die, cell)
    for cell in sorted(masterwork):
        die = window.dice[cell]
        if not is_masterwork(die):
            name = CELL_NAMES[cell]
            there = f"is open ({OPEN_TOKEN})" if die == EMPTY else f"holds {DIE_NAMES[die]}"
            raise CliError(
                f"field 'masterwork', {name}: {name} {there} in 'dice', not O (a masterwork die)"
            )
    return window


def _bad_token(where: str, token: str) -> str:
    """The error for a token of ``dice`` that is not a die, ``O`` or ``_``."""
    try:
        parse_window_die(token)
    except InvalidNotationError:
        return f"{where}: {token!r} is not a die, {MASTERWORK_TOKEN!r} or {OPEN_TOKEN!r}"
    # The notation of the game records ("Ocorner90") is not this file's: say where it goes.
    return (
        f"{where}: write a masterwork die as O and give its symbol and rotation in field "
        f"'masterwork', got {token!r}"
    )


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
