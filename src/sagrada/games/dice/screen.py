"""The dice game's terminal screen, drawn with Rich (the ``cli`` extra): the table a player
sees, their numbered choices and the final scores.

The screen is drawn from the player's view as JSON (:meth:`PlayerView.to_json`, the data the
web page gets too) and never grows wider than 80 columns. Every colour has a glyph, so the
screen reads the same without colour: a die is its colour letter and value (``R3``), an open
space is ``_`` and what it asks for (``__`` nothing, ``_r`` red, ``_4`` a 4; ``*`` in place of
the ``_`` on Life's apprentice spaces). Rich leaves colours out when the output is not a
terminal; with ``NO_COLOR`` set the screen has no escape codes at all.

Everything the screen says is rendered in the language it is made for: the engine's
sentences (decisions, formulas, colour names) and the screen's own words (its labels, the
score table's headings: the catalogues' ``ui.*`` entries) and the cards' names, where the
catalogues translate them (the view's ``name_message``). Window names are proper names.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any, Final

from rich import box
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.messages import Message, json_words, msg, render
from sagrada.core.scoring import ScoreBreakdown
from sagrada.games.dice.render import (
    apprentice_lines,
    masterwork_die_lines,
    masterwork_lines,
    player_apprentice_lines,
)

#: The widest the screen gets, in columns: a plain terminal's width.
MAX_WIDTH: Final = 80
#: How a die of each colour is drawn (``O``: Life's masterwork dice, orange).
DIE_STYLES: Final = {
    "R": "bold white on red",
    "Y": "bold black on yellow",
    "G": "bold black on green",
    "B": "bold white on blue",
    "P": "bold white on magenta",
    "O": "bold black on dark_orange",
}
#: How an open space that asks for a colour is drawn.
INK: Final = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "magenta"}
#: A masterwork die's rotation as an arrow (its symbol is spelt out below the windows).
ARROWS: Final = {"0": "↑", "90": "→", "180": "↓", "270": "←"}
#: The mark of a choice that draws or rolls dice.
CHANCE_MARK: Final = "~"
#: The widest a window option gets at setup, and a window in play (four fit 80 columns; a
#: longer pattern name is cut short with an ellipsis). A window in play widens up to
#: ``OPTION_WIDTH`` where a language needs more for its title (the player and their favor
#: tokens), which is never cut short.
OPTION_WIDTH: Final = 24
WINDOW_WIDTH: Final = 18
ROWS: Final = "ABCD"


def make_console() -> Console:
    """Return the console of the terminal game: standard output, at most 80 columns wide,
    colours as Rich decides (none when the output is not a terminal), no escape codes at all
    when ``NO_COLOR`` is set."""
    plain = os.environ.get("NO_COLOR", "") != ""
    console = Console(
        file=sys.stdout,
        highlight=False,
        markup=False,
        emoji=False,
        color_system=None if plain else "auto",
    )
    console.width = min(console.width, MAX_WIDTH)
    return console


def colour_legend(lang: str) -> str:
    """``R red, Y yellow, ...``: each colour's glyph and its name in ``lang``."""
    return ", ".join(f"{c} {render(msg(f'colour.{c}'), lang)}" for c in COLOUR_LETTERS)


# -- dice and windows ------------------------------------------------------------------------


def die(name: str) -> Text:
    """A die drawn as its name (``R3``), a masterwork die as ``O`` and its rotation's arrow."""
    if name.startswith("O") and len(name) > 2:
        rotation = name.rstrip("0123456789")
        name = "O" + ARROWS.get(name[len(rotation) :], "?")
    return Text(name, style=DIE_STYLES.get(name[0], ""))


def dice(names: Iterable[str], empty: str = "-") -> Text:
    """Dice side by side, or ``empty`` when there are none."""
    shown = [die(name) for name in names]
    return Text(" ").join(shown) if shown else Text(empty, style="dim")


def space(restriction: str, apprentice: bool) -> Text:
    """An open space: ``_`` (``*`` on an apprentice space), then what it asks for: ``_``
    nothing, a colour letter in lower case, or a value."""
    mark = "*" if apprentice else "_"
    if restriction in INK:
        return Text(mark + restriction.lower(), style=INK[restriction])
    return Text(mark + ("_" if restriction == "." else restriction.lower()), style="dim")


def window_block(
    title: str,
    subtitle: str,
    grid: Sequence[str],
    placed: Sequence[str | None] = (),
    apprentice: Iterable[str] = (),
) -> list[Text]:
    """A window under its title: the column numbers, then rows A-D of dice and open spaces."""
    spaces = set(apprentice)
    lines = [Text(title, style="bold"), Text(subtitle), Text("   1  2  3  4  5", style="dim")]
    for r, row in enumerate(ROWS):
        line = Text.assemble((row + " ", "dim"))
        for c in range(5):
            name = placed[r * 5 + c] if placed else None
            cell = die(name) if name else space(grid[r][c], f"{row}{c + 1}" in spaces)
            line.append(" ")
            line.append_text(cell)
        lines.append(line)
    return lines


def side_by_side(blocks: Sequence[list[Text]], width: int, widest: int) -> RenderableType:
    """Window blocks in rows, as many to a row as fit ``width``, each at most ``widest``
    columns wide."""
    column = min(widest, max((line.cell_len for block in blocks for line in block), default=0))
    per_row = max(1, (width + 2) // (column + 2))
    grid = Table.grid(padding=(0, 2))
    for _ in range(min(per_row, len(blocks))):
        grid.add_column(width=column, no_wrap=True, overflow="ellipsis")
    for start in range(0, len(blocks), per_row):
        row = [Text("\n").join(block) for block in blocks[start : start + per_row]]
        grid.add_row(*row)
        if start + per_row < len(blocks):
            grid.add_row(*(Text("") for _ in row))
    return grid


# -- the table -------------------------------------------------------------------------------


def _who(seat: int, me: int, lang: str) -> str:
    return render(msg("ui.you") if seat == me else msg("player", seat=seat), lang)


def _favor(tokens: int, lang: str) -> str:
    """``5 favor``: a number of favor tokens in ``lang``."""
    return render(msg("ui.favor", n=tokens), lang)


def packed(items: Sequence[Text], width: int, separator: str = "; ") -> Text:
    """Items on lines of at most ``width`` columns, an item never split across lines."""
    out = Text()
    used = 0
    for item in items:
        if used and used + len(separator) + item.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(separator)
            used += len(separator)
        out.append_text(item)
        used += item.cell_len
    return out


def _tools(data: dict[str, Any], lang: str) -> list[Text]:
    out = []
    for tool in data["tools"]:
        name = json_words(tool, "name", lang)
        entry = Text.assemble((f"T{tool['number']}", "bold"), f" {name} ")
        entry.append(tool["colour"], style=DIE_STYLES[tool["colour"]])
        if data["solo"]:
            used = msg("ui.used") if tool["used"] else msg("ui.unused")
            entry.append(" " + render(used, lang))
        else:
            entry.append(" " + _favor(tool["favor_tokens"], lang))
        out.append(entry)
    return out


def _track(data: dict[str, Any]) -> list[Text]:
    return [
        Text.assemble((f"{number}:", "dim"), dice(stack))
        for number, stack in enumerate(data["round_track"], start=1)
        if stack
    ]


def _facts(data: dict[str, Any], lang: str, width: int) -> Table:
    """The labelled lines above the windows: tools, objectives, Round Track, Draft Pool."""
    label: dict[str, str] = {
        "tools": render(msg("ui.tools"), lang),
        "public": render(msg("ui.public"), lang),
        "private": render(msg("ui.private"), lang),
        "track": render(msg("ui.track"), lang),
        "pool": render(msg("ui.pool"), lang),
        "in_hand": render(msg("ui.in_hand"), lang),
    }
    # As wide as the language's widest label, shown or not, so that nothing moves in play.
    label_width = max(Text(text).cell_len for text in label.values())
    room = width - label_width - 1
    empty = render(msg("ui.empty"), lang)
    facts = Table.grid(padding=(0, 1))
    facts.add_column(style="bold", no_wrap=True, width=label_width)
    facts.add_column()
    facts.add_row(label["tools"], packed(_tools(data, lang), room))
    publics = [
        Text(f"{json_words(o, 'name', lang)} ({o['vp']})") for o in data["public_objectives"]
    ]
    facts.add_row(label["public"], packed(publics, room))
    me = data["player"]
    if me >= 0:
        mine = ", ".join(_private_names(data["players"][me], lang))
        facts.add_row(label["private"], render(msg("ui.yours_only", objectives=mine), lang))
    house = [json_words(t, "name", lang) for t in data["tools"] if t["house"]]
    house += [json_words(o, "name", lang) for o in data["public_objectives"] if o["house"]]
    if house:
        facts.add_row("", f"{', '.join(house)}: {render(msg('card.house'), lang)}")
    if data["phase"] != "setup":
        track = packed(_track(data), room, "  ") or Text(empty, style="dim")
        facts.add_row(label["track"], track)
        facts.add_row(label["pool"], dice(data["draft_pool"], empty))
    if data["held_die"]:
        facts.add_row(label["in_hand"], die(data["held_die"]))
    return facts


def _private_names(entry: dict[str, Any], lang: str) -> list[str]:
    """A player's private objectives' names in ``lang`` (their messages, where the view has
    them)."""
    names = entry.get("private_objectives", [])
    messages = entry.get("private_objective_messages", [None] * len(names))
    return [
        json_words({"name": name, "name_message": message}, "name", lang)
        for name, message in zip(names, messages, strict=True)
    ]


def _setup_blocks(data: dict[str, Any], lang: str) -> list[list[Text]]:
    options = data["players"][data["player"]].get("window_options", [])
    blocks = []
    for number, option in enumerate(options, start=1):
        about = render(msg("ui.difficulty", difficulty=option["difficulty"]), lang)
        if not data["solo"]:
            about += ", " + _favor(option["favor_tokens"], lang)
        blocks.append(window_block(f"W{number}: {option['name']}", about, option["grid"]))
    return blocks


def _player_extras(data: dict[str, Any], seat: int, who: str, lang: str) -> list[str]:
    """What the windows cannot show of a player: their own dice (Private Dice Pool rules),
    where their masterwork dice point, their apprentice cards."""
    entry = data["players"][seat]
    lines = []
    if "private_dice_pool" in entry:
        own = " ".join(entry["private_dice_pool"]) or render(msg("ui.none"), lang)
        lines.append(render(msg("ui.own_dice", who=who, dice=own), lang))
    lines.extend(f"{who}, {line.strip()}" for line in masterwork_die_lines(entry, lang))
    if "apprentice" in data:
        lines.extend(f"{who}, {line.strip()}" for line in player_apprentice_lines(entry, lang))
    return lines


def table_screen(data: dict[str, Any], lang: str, width: int = MAX_WIDTH) -> Group:
    """Everything the viewing player can see, from their view's JSON."""
    me = data["player"]
    heading: Message
    if data["phase"] == "setup":
        heading = msg("ui.setup")
    elif me >= 0:
        heading = msg("ui.round_you", round=data["round"], start=data["start_player"], seat=me)
    else:
        heading = msg("ui.round", round=data["round"], start=data["start_player"])
    head = render(heading, lang)
    parts: list[RenderableType] = [
        Text(""),
        Rule(Text(head, style="bold"), align="left", style="dim"),
        _facts(data, lang, width),
    ]
    if "masterwork" in data:
        parts.extend(Text(line) for line in masterwork_lines(data, lang))
    if "apprentice" in data:
        parts.extend(Text(line) for line in apprentice_lines(data, lang))
    blocks = _setup_blocks(data, lang) if data["phase"] == "setup" and me >= 0 else []
    extras: list[str] = []
    for seat, entry in enumerate(data["players"]):
        window = entry["window"]
        if window is None:
            continue
        who = _who(seat, me, lang)
        blocks.append(
            window_block(
                f"{who}, {_favor(entry['favor_tokens'], lang)}",
                window["name"],
                window["grid"],
                window["dice"],
                data.get("apprentice", {}).get("spaces", ()),
            )
        )
        extras.extend(_player_extras(data, seat, who, lang))
    if blocks:
        parts.append(Text(""))
        if data["phase"] == "setup":
            widest = OPTION_WIDTH
        else:
            titles = max(block[0].cell_len for block in blocks)
            widest = min(OPTION_WIDTH, max(WINDOW_WIDTH, titles))
        parts.append(side_by_side(blocks, width, widest))
    parts.extend(Text(line) for line in extras)
    return Group(*parts)


# -- choices ---------------------------------------------------------------------------------


def choices(actions: Sequence[dict[str, Any]], lang: str, width: int = MAX_WIDTH) -> Group:
    """The legal actions numbered from 1, in the engine's order, a new row for each kind;
    an action that draws or rolls dice is marked ``~`` (it commits at once, which a line in
    ``lang`` says)."""
    if not actions:
        return Group()
    digits = len(str(len(actions)))
    chance = any(a["chance"] for a in actions)
    cell = digits + 1 + max(len(a["notation"]) for a in actions) + (1 if chance else 0)
    per_row = max(1, (width + 2) // (cell + 2))
    rows: list[Text] = []
    line = Text()
    in_row = 0
    for number, action in enumerate(actions, start=1):
        new_kind = number > 1 and action["kind"] != actions[number - 2]["kind"]
        if in_row and (in_row == per_row or new_kind):
            rows.append(line)
            line, in_row = Text(), 0
        entry = Text.assemble((f"{number:>{digits}}", "bold"), " ")
        entry.append(action["notation"] + (CHANCE_MARK if action["chance"] else ""))
        entry.pad_right(cell - entry.cell_len)
        if in_row:
            line.append("  ")
        line.append_text(entry)
        in_row += 1
    rows.append(line)
    for row in rows:
        row.rstrip()
    if chance:
        rows.append(Text(render(msg("ui.chance", mark=CHANCE_MARK), lang)))
    return Group(*rows)


# -- scores ----------------------------------------------------------------------------------


def score_table(breakdown: ScoreBreakdown, lang: str) -> Table:
    """A score breakdown in ``lang``: a row per source (points, count, formula), then the
    total."""
    # Collapsed padding and a source column up to 38 wide: the longest card name of a language
    # whole (German "Schattierungsvielfalt in einer Spalte"), the formulas wrapping instead.
    table = Table(box=box.HORIZONTALS, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(
        render(msg("ui.score.source"), lang), no_wrap=True, max_width=38, overflow="ellipsis"
    )
    table.add_column(render(msg("ui.score.points"), lang), justify="right")
    table.add_column(render(msg("ui.score.count"), lang), justify="right")
    table.add_column(render(msg("ui.score.formula"), lang))
    for i, part in enumerate(breakdown.parts):
        name = render(part.name_message, lang) if part.name_message else part.name
        formula: Message = part.formula
        if not part.counted:
            formula = msg("ui.not_counted", formula=part.formula)
        last = i == len(breakdown.parts) - 1
        table.add_row(
            name, str(part.points), str(part.count), render(formula, lang), end_section=last
        )
    total = render(msg("ui.score.total"), lang)
    table.add_row(Text(total, style="bold"), Text(str(breakdown.total), style="bold"))
    return table


__all__ = [
    "MAX_WIDTH",
    "choices",
    "colour_legend",
    "make_console",
    "score_table",
    "table_screen",
    "window_block",
]
