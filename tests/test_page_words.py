"""Words, never codes: what the pages show of the engine's messages has no notation in it.

Random games of every kind (Life's modules, 5 and 6 players with and without private dice
pools, solo, the card game) are played to the end; every message of every view the server
would send (the decision, what the others are told, each log line, what a chance step brings,
a masterwork symbol's words: any ``{"id", "params"}`` object in the view) is rendered in
English and German from the catalogue, as the pages render it, and must not read like an
action's notation (``R3@B4``, ``B4>C5``, ``gain:deck``, ``keep:1``, ``W2``, ``T5``, a masterwork
slot ``2c``), give an example of it ("like R3"), name a window by its option number, or cite a
file. The rules help the pages show cites the rulebooks by title, never by file.

A parameter the pages show by kind is shown here as they show it: a die (``die``) in words
("red 3"), as ``dieWords`` does (``games/dice/page/orange.js``), and a window's space
(``cell``) by its row and column ("row 2, column 4"), as ``cellWords`` does
(``web/static/common.js``); the terminal keeps its notation.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from sagrada.core.cells import CELL_NAMES, COLUMNS
from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.messages import PARAM_KINDS, Message, render, template
from sagrada.i18n import catalogue_json
from sagrada.registry import game
from sagrada.rules_help import RULEBOOKS

#: Text that reads like notation or a file, with what it is.
NOTATION = {
    "an example of notation": re.compile(r"\((like|wie) [^)]*\)"),
    "a placement": re.compile(r"\b[A-Z][1-6]?@[A-D][1-5]\b"),
    "a move": re.compile(r"\b[A-D][1-5]>[A-D][1-5]\b"),
    "a code with a colon": re.compile(r"\b[a-z]+:[a-z0-9]+\b"),
    "a Round Track die": re.compile(r"\br\d{1,2}:"),
    "a window option by number": re.compile(r"\b[Ww][1-4]\b|\b(option|Option|Muster) \d\b"),
    "a tool by code": re.compile(r"\bT\d{1,2}\b"),
    "a value choice": re.compile(r"(?<![\w-])=\d\b"),
    "a masterwork slot": re.compile(r"\b[1-6][cv]\b|/[1-6][cv]\b"),
    "a die's notation": re.compile(r"\b[RGYBPK][1-6]\b|\bO[a-z]+\d+\b"),
    "a space by its name": re.compile(r"\b[A-D][1-5]\b"),
    "a file": re.compile(r"\b\w+\.(txt|md|json|py)\b"),
}

#: The games played: each game's name and its options (as a create request gives them).
GAMES = [
    ("sagrada", {"players": 2, "apprentice": True, "masterwork": True, "toil": True}),
    ("sagrada", {"players": 4, "apprentice": True, "masterwork": True, "masterwork_random": True}),
    ("sagrada", {"players": 5, "expansion": True, "apprentice": True, "masterwork": True}),
    ("sagrada", {"players": 6, "private_pools": True, "toil": True, "apprentice": True}),
    ("sagrada", {"players": 1, "masterwork": True}),
    ("cards", {}),
]

LANGUAGES = ("en", "de")


def messages_in(data: Any) -> Iterator[dict[str, Any]]:
    """Every message (``{"id", "params"}``) in a view, outermost first."""
    if isinstance(data, dict):
        if set(data) == {"id", "params"} and isinstance(data["id"], str):
            yield data
            return
        for value in data.values():
            yield from messages_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from messages_in(value)


def die_words(die: str, language: str) -> str:
    """A die as the pages say it (``dieWords``): "red 3", a masterwork die by its symbol."""
    masterwork = re.fullmatch(r"O([a-z]+)(\d+)", die)
    if masterwork:
        symbol = template(f"masterwork.symbol.{masterwork[1]}", language=language)
        words = template("page.game.masterwork.die_turned", language=language)
        return words.format(symbol=symbol, rotation=masterwork[2])
    if die[:1] not in COLOUR_LETTERS:
        return die
    colour = template(f"colour.{die[0]}", language=language)
    return template("page.common.die", language=language).format(colour=colour, value=die[1:])


def as_page_shows(data: dict[str, Any], language: str) -> Message:
    """A message of a view as the page renders it: its dice in words (the kind die)."""
    params: dict[str, Any] = {}
    for name, value in data["params"].items():
        if isinstance(value, dict):
            params[name] = as_page_shows(value, language)
        elif PARAM_KINDS.get(name) == "die" and isinstance(value, str):
            params[name] = die_words(value, language)
        elif PARAM_KINDS.get(name) == "cell" and value in CELL_NAMES:
            row, column = divmod(CELL_NAMES.index(value), COLUMNS)
            words = template("page.common.cell", language=language)
            params[name] = words.format(row=row + 1, column=column + 1)
        else:
            params[name] = value
    return Message(data["id"], params)


def notation_in(text: str) -> list[str]:
    return [
        f"{what} ({found.group()!r})"
        for what, pattern in NOTATION.items()
        for found in pattern.finditer(text)
    ]


def played_views(name: str, options: dict[str, Any], seed: int) -> Iterator[dict[str, Any]]:
    """Every view of a random game, to the current player and to the seat after them."""
    entry = game(name)
    config = entry.config_from_json(options)
    state = entry.new_state(config, seed)
    players = entry.num_players(config)
    chooser = random.Random(seed)
    while True:
        current = state.current_player
        seats = {current % players, (current + 1) % players} if current >= 0 else {0}
        for seat in seats:
            yield entry.view(state, seat).to_json()
        if state.is_over:
            return
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{json.dumps(o)}" for n, o in GAMES])
def test_no_message_a_page_shows_reads_like_notation(name: str, options: dict[str, Any]) -> None:
    seen: set[str] = set()
    problems: set[str] = set()
    for seed in range(2):
        for view in played_views(name, options, seed):
            for data in messages_in(view):
                key = json.dumps(data, sort_keys=True)
                if key in seen:
                    continue
                seen.add(key)
                for language in LANGUAGES:
                    text = render(as_page_shows(data, language), language)
                    for problem in notation_in(text):
                        problems.add(f"{data['id']} ({language}): {problem} in {text!r}")
    assert len(seen) > 20, "too few messages to judge"
    assert not problems, "\n".join(sorted(problems))


def test_the_notation_patterns_catch_the_codes_they_name() -> None:
    # The test above can fail: each pattern finds what it stands for.
    for text in (
        "choose a die (like R3)",
        "look at the deck (gain:deck)",
        "keep it (keep:1)",
        "chose window option 2",
        "put it into slot 2c",
        "move B4>C5",
        "cites 001_3237e9a6eb6273e0.txt",
        "placed the R3 on B4",
    ):
        assert notation_in(text), text
    assert not notation_in("placed the red 3 on row 2, column 4, then used Grozing Pliers")


def test_the_rules_help_cites_each_rulebook_by_its_title() -> None:
    from sagrada.games.cards.reference import HELP as CARD_HELP
    from sagrada.games.dice.reference import HELP as DICE_HELP

    for language in LANGUAGES:
        text = "".join(
            json.dumps(help.document(language), ensure_ascii=False)
            for help in (DICE_HELP, CARD_HELP)
        )
        assert not re.findall(r"\d{3}_[0-9a-f]{16}\.txt", text), language
        for title in RULEBOOKS.values():
            assert template(title, language=language) in text, (language, title)


def test_no_word_of_the_pages_in_the_catalogue_reads_like_notation() -> None:
    # The pages' own words (page.*), every plural form, in every language.
    problems = []
    for language in LANGUAGES:
        for message_id, forms in catalogue_json(language)["messages"].items():
            if not message_id.startswith("page."):
                continue
            for text in forms if isinstance(forms, list) else [forms]:
                problems += [f"{message_id} ({language}): {p}" for p in notation_in(text)]
    assert not problems, "\n".join(problems)


def test_what_a_chance_step_brings_is_told_by_its_kind_never_by_its_result() -> None:
    # Flux Remover (11) puts a die back in the bag and draws another: its step always "draws
    # dice from the bag", whichever colour comes (a draw of the same colour must not read as
    # a roll: that would tell the hidden result). Glazing Hammer (7) rolls the Draft Pool.
    entry = game("sagrada")
    said: dict[str, set[str]] = {"T11": set(), "T7": set()}
    for seed in range(12):
        state = entry.new_state(entry.config_from_json({"players": 2, "tools": [7, 11, 1]}), seed)
        chooser = random.Random(seed)
        while not state.is_over:
            under_way = state.tool_number if state.tool_slot >= 0 else None
            for action in state.legal_actions():
                text = entry.action_to_str(action)
                key = "T7" if text == "T7" else "T11" if under_way == 11 else None
                if key and state.is_chance(action):
                    said[key].add(state.chance_words(action).id)
            state.apply(chooser.choice(state.legal_actions()))
    assert said == {"T11": {"chance.draw_dice"}, "T7": {"chance.roll"}}
