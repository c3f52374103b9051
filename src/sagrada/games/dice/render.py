"""Plain-text rendering for the terminal commands: the score table of ``score`` and
``replay``, a player's view as plain text (:func:`table_text`), and the Life expansion's lines
that the game's screen (:mod:`sagrada.games.dice.screen`) shows too."""

from __future__ import annotations

import json
from typing import Any

from sagrada.core.dice import COLOUR_LETTERS, DIE_NAMES
from sagrada.core.messages import DEFAULT_LANGUAGE, Message, json_words, msg, render, template
from sagrada.core.window import Window
from sagrada.games.dice.rules.actions import action_to_str
from sagrada.games.dice.rules.config import ROUNDS
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import Phase
from sagrada.games.dice.rules.views import PlayerView
from sagrada.textui import score_table


def window_lines(window: Window) -> list[str]:
    """Return a window as a grid: dice as ``R3``, open spaces as ``..``, ``.r`` or ``.4``; an
    open apprentice space (Life) starts with ``*`` instead of ``.``."""
    lines = ["    1  2  3  4  5"]
    for r, letter in enumerate("ABCD"):
        tokens = []
        for c in range(5):
            cell = r * 5 + c
            die = window.dice[cell]
            if die >= 0:
                tokens.append(DIE_NAMES[die])
            else:
                restriction = window.pattern.restriction(cell)
                mark = "*" if window.pattern.apprentice >> cell & 1 else "."
                tokens.append(mark + restriction.lower())
        lines.append(f"{letter}  " + " ".join(tokens))
    return lines


def _tokens(n: int) -> str:
    return f"{n} favor token" + ("" if n == 1 else "s")


def masterwork_lines(data: dict[str, Any], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The masterwork board of a view, in ``language``: per space its slots (the die in each,
    or what it takes), the symbol on top and how many dice are left, and its favor tokens."""
    board = data["masterwork"]
    lines = [
        render(msg("ui.life.masterwork_board", house=_house(board["house"], language)), language)
    ]
    for number, space in enumerate(board["spaces"], start=1):
        wanted = space["colour"]
        if wanted == "any":
            wanted = render(msg("ui.life.any_colour"), language)
        colour = space["colour_slot"] or f"[{wanted}]"
        value = space["value_slot"] or f"[{space['value']}]"
        symbol = space["symbol"]
        below: Message | str = (
            f"{_symbol(symbol, language)} x{space['left']}" if symbol else msg("ui.empty")
        )
        line = msg(
            "ui.life.masterwork_space",
            number=number,
            colour_slot=colour,
            value_slot=value,
            below=below,
            favor=msg("ui.favor", n=space["favor"]),
        )
        lines.append("  " + render(line, language))
    return lines


def _house(house: bool, language: str) -> str:
    """`` (house card: ...)`` after a heading of house content, in ``language``; else ``""``."""
    return f" ({render(msg('card.house'), language)})" if house else ""


def _symbol(symbol: str, language: str) -> str:
    """A masterwork symbol's name in ``language``."""
    return template(f"masterwork.symbol.{symbol}", language=language)


def _card(card: dict[str, Any], language: str) -> str:
    return f"{card['number']} {json_words(card, 'name', language)}"


def apprentice_lines(data: dict[str, Any], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The apprentice cards of a view, in ``language``: the deck and the discard pile, and the
    cards looked at while choosing one to keep."""
    cards = data["apprentice"]
    discard = cards["discard"]
    top: Message = (
        msg("ui.life.on_top", entry=_card(discard[-1], language), n=len(discard))
        if discard
        else msg("ui.empty")
    )
    head = msg(
        "ui.life.apprentice",
        house=_house(cards["house"], language),
        deck=cards["deck"],
        top=top,
        spaces=", ".join(cards["spaces"]),
    )
    lines = [render(head, language)]
    if cards["set_aside"]:
        aside = ", ".join(_card(c, language) for c in cards["set_aside"])
        lines.append("  " + render(msg("ui.life.set_aside", cards=aside), language))
    for place, card in enumerate(cards.get("offer", []), start=1):
        text = json_words(card, "text", language)
        lines.append(f"  keep:{place}  {_card(card, language)}: {text}")
    return lines


def player_apprentice_lines(entry: dict[str, Any], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """A player's apprentice cards in a view, in ``language``: their activated cards and how
    many they hold, and the viewer's own hand with how each card is played."""
    lines = []
    if "apprentice_hand" in entry:
        for card in entry["apprentice_hand"]:
            line = msg(
                "ui.life.hand_card",
                entry=_card(card, language),
                play=card["play"],
                number=card["number"],
                text=json_words(card, "text", language),
            )
            lines.append("  " + render(line, language))
    else:
        count = msg("ui.life.card_count", count=entry["apprentice_cards"])
        lines.append("  " + render(count, language))
    if entry["apprentice_active"]:
        active = ", ".join(json_words(c, "name", language) for c in entry["apprentice_active"])
        lines.append("  " + render(msg("ui.life.activated", cards=active), language))
    return lines


def masterwork_die_lines(entry: dict[str, Any], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """A player's masterwork dice in a view (Life), in ``language``: each one's space, symbol
    and rotation, the spaces it points at and whether its face is met."""
    lines = []
    off = render(msg("ui.life.off_window"), language)
    for die in entry.get("masterwork_dice", []):
        line = msg(
            "ui.life.masterwork_die",
            cell=die["cell"],
            symbol=die["symbol"],  # a parameter of kind symbol: named in the language
            rotation=die["rotation"],
            pointed=", ".join(cell or off for cell in die["targets"]),
            met=msg("ui.life.met") if die["met"] else msg("ui.life.not_met"),
        )
        lines.append("  " + render(line, language))
    return lines


def table_text(view: PlayerView) -> str:
    """Return everything the viewing player can see, as text."""
    s = view.state
    out = []
    if s.phase == Phase.SETUP:
        out.append("Setup: choose one of your four window patterns (W1-W4).")
        if view.player >= 0:
            for i, pattern in enumerate(s.players[view.player].options):
                tokens = "" if s.config.solo else f", {_tokens(s.rules.favor_for(pattern))}"
                out.append(f"W{i + 1}: {pattern.name} (difficulty {pattern.difficulty}{tokens})")
                out.extend("    " + line for line in window_lines(Window(pattern)))
    else:
        out.append(f"Round {min(s.round + 1, ROUNDS)} of {ROUNDS}, start player {s.start_player}")
    tools = ", ".join(
        f"T{t.id} {t.name} ({COLOUR_LETTERS[t.colour]}, "
        + (
            _tokens(s.tool_tokens[i])
            if not s.config.solo
            else ("used" if s.tool_spent[i] else "unused")
        )
        + ")"
        for i, t in enumerate(s.tools)
    )
    out.append(f"Tools: {tools}")
    out.append("Public objectives: " + ", ".join(f"{o.name} ({o.vp})" for o in s.publics))
    house = [t.name for t in s.tools if t.house] + [o.name for o in s.publics if o.house]
    if house:
        out.append(f"{', '.join(house)}: {msg('card.house')}")
    me = view.player
    if me >= 0:
        out.append(
            "Your private objective(s): " + ", ".join(o.name for o in s.players[me].privates)
        )
    track = "  ".join(
        f"{i + 1}:" + ("".join(DIE_NAMES[d] for d in dice) or "-") for i, dice in enumerate(s.track)
    )
    out.append(f"Round Track: {track}")
    out.append("Draft Pool: " + (" ".join(DIE_NAMES[d] for d in s.pool) or "(empty)"))
    if s.held >= 0:
        out.append(f"In hand: {DIE_NAMES[s.held]}")
    data = view.to_json()
    if "masterwork" in data:
        out.extend(masterwork_lines(data))
    if "apprentice" in data:
        out.extend(apprentice_lines(data))
    blocks = []
    for seat, player in enumerate(s.players):
        if player.window is None:
            continue
        who = "you" if seat == me else f"player {seat}"
        head = f"{who}: {player.window.pattern.name}, {player.favor} favor"
        if s.config.private_pools:
            head += ", own dice: " + (" ".join(DIE_NAMES[d] for d in player.own_pool) or "none")
        block = [head, *window_lines(player.window), *masterwork_die_lines(data["players"][seat])]
        if "apprentice" in data:
            block.extend(player_apprentice_lines(data["players"][seat]))
        blocks.append(block)
    for block in blocks:
        out.extend(block)
    if s.history:
        out.append("Last actions: " + " ".join(action_to_str(a) for a in s.history[-6:]))
    return "\n".join(out)


def replay_text(record: GameRecord, as_json: bool) -> str:
    """Each player's score breakdown after a record (so far, if the game is not over), the
    winners, and the target of a solo game: as tables, or as JSON."""
    state = record.replay()
    finished = state.is_over
    if finished:
        outcome = state.outcome()
        scores, winners, target = outcome.scores, outcome.winners, outcome.target
    else:
        scores, winners, target = state.scores() if state.phase else (), (), None
    if as_json:
        result: dict[str, Any] = {
            "finished": finished,
            "actions": len(record.actions),
            "players": [
                {"seat": seat, **breakdown.to_json()} for seat, breakdown in enumerate(scores)
            ],
            "winners": list(winners),
        }
        if target is not None:
            result["target"] = target
        return json.dumps(result)
    lines = []
    if not finished:
        lines.append(f"The game is not finished ({len(record.actions)} actions): scores so far.")
    for seat, breakdown in enumerate(scores):
        lines.append(f"Player {seat}" + (" (winner)" if seat in winners else ""))
        lines.append(score_table(breakdown))
        lines.append("")
    if target is not None:
        won = "beats" if winners else "does not beat"
        lines.append(f"Solo target: {target}; the score {won} it.")
    return "\n".join(lines)
