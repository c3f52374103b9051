"""Messages as ids (issue 12): the engine's sentences leave it as ``{"id", "params"}``, one
catalogue per language renders them, and the catalogues are gettext catalogues built with Babel.

* the compiled catalogue the engine reads is the compilation of its ``.po`` source;
* every message the code sends is in the catalogue, with exactly the parameters its text
  uses, and every entry of the catalogue is sent by some code;
* the page gets the same catalogue as JSON, and the server's refusals carry the message.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers import act as play
from helpers import card_words
from sagrada.core.dice import COLOUR_LETTERS, SYMBOLS
from sagrada.core.errors import IllegalActionError, InvalidNotationError
from sagrada.core.messages import PARAM_KINDS, msg, render
from sagrada.core.objectives import public_rule_ids, public_unit
from sagrada.core.options import OPTIONS
from sagrada.games.cards.options import CARD_OPTIONS
from sagrada.games.dice.rules.actions import KINDS, action_fields, action_message, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.masterwork_board import REQUIREMENTS
from sagrada.games.dice.rules.state import new_game
from sagrada.i18n import catalogue_json, compile_catalogue, languages, read_catalogue
from sagrada.players.ratings import MODES
from sagrada.registry import entries, game_bots, games
from sagrada.rules_help import RULEBOOKS
from web_helpers import act, create_game, new_client, start_play, tokens_of

SOURCE = Path(__file__).resolve().parent.parent / "src" / "sagrada"


def catalogue_texts(language: str, suffix: str) -> dict[str, tuple[str, ...]]:
    """Each id of a catalogue file and its text (its plural forms, for a plural entry)."""
    out: dict[str, tuple[str, ...]] = {}
    for message in read_catalogue(language, suffix):
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            out[message.id[0]] = tuple(message.string)
        else:
            out[message.id] = (message.string,)
    return out


ENGLISH = catalogue_texts("en", "po")


def fields_of(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def sent_messages() -> Iterator[tuple[str, set[str] | None, str]]:
    """Every ``msg("id", ...)`` call of the package: the id, its parameter names (``None``
    where they are passed as ``**mapping``) and where it is."""
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg"):
                continue
            first = node.args[0]
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names = {k.arg for k in node.keywords if k.arg is not None}
                spread = any(k.arg is None for k in node.keywords)
                yield first.value, None if spread else names, where
            elif isinstance(first, ast.JoinedStr):
                # An id made of a fixed prefix and a value (formula.<unit>): checked by family.
                prefix = first.values[0]
                assert isinstance(prefix, ast.Constant), where
                yield f"{prefix.value}*", None, where


#: Ids made at run time from a family name and a value, with every value they can take.
FAMILIES = {
    "action.": {kind.name for kind in KINDS},
    "colour.": set(COLOUR_LETTERS),
    "formula.": {public_unit(rule) for rule in public_rule_ids()},
    "option.": {spec.name for spec in OPTIONS}
    | {f"{spec.name}.label" for spec in OPTIONS}
    | {i.removeprefix("option.") for spec in OPTIONS for i in spec.choice_ids or ()},
    "cards.option.": {spec.name for spec in CARD_OPTIONS}
    | {f"{spec.name}.label" for spec in CARD_OPTIONS},
    "masterwork.requirement.": set(REQUIREMENTS),
    # A masterwork die's symbol is named by its own message (the parameter kind symbol), and
    # its arrows said in words by another (masterwork.symbol.<symbol>.arrows).
    "masterwork.symbol.": set(SYMBOLS) | {f"{symbol}.arrows" for symbol in SYMBOLS},
    # A slot of the masterwork board in words: its colour or its value slot.
    "masterwork.slot.": {"colour", "value"},
    # Where an apprentice card is gained from, in words.
    "apprentice.source.": {"deck", "discard"},
    # The rulebooks' titles, which the rules help cites in place of their files.
    "rulebook.": {title.removeprefix("rulebook.") for title in RULEBOOKS.values()},
    # The card game says the window's placement rules with its own words (cards.place.<rule>).
    "cards.place.": {
        "occupied",
        "colour",
        "value",
        "first",
        "cork",
        "isolated",
        "same_colour",
        "same_value",
    },
}


def test_the_compiled_catalogue_is_the_compilation_of_its_source() -> None:
    # `make catalogue` (pybabel compile) writes the .mo files; a stale one fails here.
    assert "en" in languages()  # the others: tests/test_translations.py
    for language in languages():
        assert catalogue_texts(language, "mo") == catalogue_texts(language, "po"), (
            f"{language}: run `make catalogue`"
        )
        assert compile_catalogue(read_catalogue(language, "po"))  # Babel compiles the source


def test_every_message_the_code_sends_is_in_the_catalogue_with_the_fields_it_uses() -> None:
    problems = []
    for message_id, names, where in sent_messages():
        if message_id.endswith("*"):
            family = message_id[:-1]
            assert family in FAMILIES, f"{where}: an id family the test does not know"
            continue
        if message_id not in ENGLISH:
            problems.append(f"{where}: {message_id!r} is not in the catalogue")
            continue
        if names is None:
            continue
        for form in ENGLISH[message_id]:
            if fields_of(form) != names - {"n"} and fields_of(form) != names:
                problems.append(f"{where}: {message_id!r} gets {sorted(names)}, uses {form!r}")
        if len(ENGLISH[message_id]) > 1 and "n" not in names:
            problems.append(f"{where}: {message_id!r} has plural forms but no parameter n")
    assert not problems, "\n".join(problems)


def test_every_family_of_ids_has_an_entry_for_each_of_its_values() -> None:
    for family, values in FAMILIES.items():
        missing = {value for value in values if family + value not in ENGLISH}
        assert not missing, f"{family}: no entry for {sorted(missing)}"
    # A log line uses only the fields of its action kind.
    for kind in KINDS:
        for form in ENGLISH[f"action.{kind.name}"]:
            assert fields_of(form) <= set(kind.fields), kind.name


def test_every_entry_of_the_catalogue_is_sent_by_some_code() -> None:
    from test_page_texts import page_ids  # the pages' own words (page.*), named by the pages

    used = {message_id for message_id, _, _ in sent_messages() if not message_id.endswith("*")}
    used |= {family + value for family, values in FAMILIES.items() for value in values}
    used |= set(page_ids()) | {"language.name"}  # each catalogue's name for itself (i18n.py)
    # The table options' words, served with them (tests/test_web_table_options.py).
    used |= {i for g in games() for option in game_bots(g.name).table for i in option.message_ids()}
    # Each game's entry names the words of a game of its kind in the lobby's list, of its
    # one-click starts and of its form's presets; its option schema the names of its groups.
    used |= {e.page.list_label for e in entries()}
    used |= {w for e in entries() for start in e.page.starts for w in (start.label, start.about)}
    used |= {preset.label_id for e in entries() for preset in e.page.presets}
    used |= {spec.group_id for e in entries() for spec in e.game.options() if spec.group_id}
    # The players' layer: the rating modes' words and each game's solo ladders'.
    used |= {mode.message for mode in MODES}
    used |= {e.ladder.label_id for e in entries() if e.ladder is not None}
    # The cards' words, keyed by card (tests/test_card_words.py).
    used |= set(card_words())
    assert set(ENGLISH) - used == set()


def test_a_parameter_with_a_kind_is_shown_by_kind_and_a_message_inside_is_rendered_first() -> None:
    # Favor tokens pay for tools (rulebook 001_3237e9a6eb6273e0.txt, TOOL CARDS & FAVOR
    # TOKENS): tool 1 is Grozing Pliers (CARDS.md §1), R the colour red.
    assert PARAM_KINDS == {
        "player": "player",
        "tool": "tool",
        "colour": "colour",
        "card": "apprentice_card",
        "symbol": "symbol",
        "die": "die",  # shown as it is here; the pages show it in words
        "cell": "cell",  # so are a window's spaces ("row 2, column 4")
        "neighbour": "cell",
        "from": "cell",
        "to": "cell",
    }
    refusal = msg("refuse.tool", tool=1, reason=msg("place.colour", cell="B4", colour="R"))
    assert str(refusal) == "Grozing Pliers: B4 requires a red die"
    assert refusal.to_json() == {
        "id": "refuse.tool",
        "params": {
            "tool": 1,
            "reason": {"id": "place.colour", "params": {"cell": "B4", "colour": "R"}},
        },
    }
    assert (
        render(msg("decision.setup", player=0))
        == "player 0: choose one of your four window patterns"
    )
    # Life's apprentice card 16 is Second Look (HOUSE-CONTENT.md, "Life: Apprentice module").
    assert str(action_message(parse_action("discard:16"))) == "discarded Second Look"


def test_plural_forms_follow_the_count() -> None:
    assert str(msg("refuse.cost", tool=1, n=1, favor=0)) == (
        "Grozing Pliers costs 1 favor token and you have 0"
    )
    assert str(msg("refuse.cost", tool=1, n=2, favor=1)) == (
        "Grozing Pliers costs 2 favor tokens and you have 1"
    )
    assert str(msg("formula.die", n=1, vp=1)) == "1 die × 1 VP"
    assert str(msg("formula.die", n=0, vp=1)) == "0 dice × 1 VP"


def test_a_log_line_is_the_action_kinds_message_with_its_fields() -> None:
    move = parse_action("B4>C5")
    assert action_message(move).to_json() == {
        "id": "action.move",
        "params": {"from": "B4", "to": "C5"},
    }
    assert str(action_message(move)) == "moved the die on B4 to C5"
    assert str(action_message(parse_action("T7"))) == "used Glazing Hammer"
    assert action_fields(move)["kind"] == "move"


def test_refusals_carry_their_message() -> None:
    state = new_game(GameConfig(players=2), seed=1)
    with pytest.raises(IllegalActionError) as refused:
        play(state, "pass")
    assert refused.value.message is not None
    assert refused.value.message.id == "refuse.setup"
    assert refused.value.rule == str(refused.value.message)
    with pytest.raises(InvalidNotationError) as unparsed:
        play(state, "R3@Z9")
    assert unparsed.value.message is not None
    assert unparsed.value.message.to_json() == {
        "id": "notation.not_action",
        "params": {
            "text": "'R3@Z9'",
            "why": {"id": "notation.cell", "params": {"text": "'Z9'"}},
        },
    }


# -- the page's copy ---------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def test_the_page_gets_the_whole_catalogue_as_json(client: TestClient) -> None:
    answer = client.get("/api/messages")
    assert answer.status_code == 200
    data = answer.json()
    assert data == catalogue_json("en")
    assert data["language"] == "en"
    assert data["plural"] == "(n != 1)"
    assert data["kinds"] == PARAM_KINDS
    assert set(data["messages"]) == set(ENGLISH)
    assert data["messages"]["refuse.cost"] == list(ENGLISH["refuse.cost"])
    assert data["messages"]["place.occupied"] == "{cell} already holds a die"
    unknown = client.get("/api/messages", params={"language": "xx"})
    assert unknown.status_code == 404 and "'xx'" in unknown.json()["detail"]


def test_a_refused_action_answers_the_reason_as_text_and_as_a_message(
    client: TestClient,
) -> None:
    created = create_game(client, players=2)
    tokens = tokens_of(created)
    view = start_play(client, created["id"], tokens)
    seat = view["current_player"]
    response = act(client, created["id"], tokens[seat], "T99")
    assert response.status_code == 422
    body = response.json()
    assert body["message"]["id"] == "notation.not_action"
    assert render_like_the_page(body["message"]) in body["detail"]


def render_like_the_page(message: dict[str, Any]) -> str:
    """Render a message from the served JSON alone, as the page does (plural aside)."""
    data = catalogue_json("en")
    template = data["messages"][message["id"]]
    assert isinstance(template, str)

    def value(name: str) -> str:
        param = message["params"][name]
        return render_like_the_page(param) if isinstance(param, dict) else str(param)

    return re.sub(r"\{(\w+)\}", lambda m: value(m.group(1)), template)


def test_views_send_the_decision_and_each_log_line_as_messages(client: TestClient) -> None:
    created = create_game(client, players=2)
    tokens = tokens_of(created)
    view = start_play(client, created["id"], tokens)
    seat = view["current_player"]
    # The engine's decision, as a message: the turn's prompt is the whole one ("draft and
    # place a die, use a tool, or pass") or, when the deal leaves no tool usable, the parts left.
    room = client.app.state.manager.rooms[created["id"]]  # type: ignore[attr-defined]
    assert view["decision_message"] == room.state.describe_decision().to_json()
    assert view["decision_message"]["id"] == "decision.player"
    assert view["decision_message"]["params"]["player"] == seat
    assert view["decision_message"]["params"]["prompt"]["id"] in {
        "prompt.turn",
        "prompt.or",
        "prompt.turn.end",
    }
    # A window chosen is logged by its name (not its option's number).
    first = view["history_actions"][0]
    chosen = view["players"][view["history_seats"][0]]["window"]["name"]
    assert first["message"] == {"id": "action.window", "params": {"name": chosen}}
