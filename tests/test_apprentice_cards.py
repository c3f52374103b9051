"""Life's apprentice cards and windows, as content (rulebook 004_234c3922e9d01436.txt,
APPRENTICE MODULE; house content: HOUSE-CONTENT.md, "Life: Apprentice module"). The module
that plays them comes next; these pin the content it will read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import act, legal, write_json
from sagrada.core.cells import parse_cell
from sagrada.core.content import catalog
from sagrada.core.content_files import install_content_file, uninstall_all
from sagrada.core.errors import ContentError
from sagrada.games.dice.rules.apprentice_cards import apprentice_window, content
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import new_game


@pytest.fixture(autouse=True)
def shipped_content() -> Iterator[None]:
    uninstall_all()
    yield
    uninstall_all()


def test_the_house_deck_has_the_twenty_two_cards_of_the_table() -> None:
    # HOUSE-CONTENT.md: 1-12 Apprentice's <tool> (Discard), 13-14 Patron (Discard, 2 favor
    # tokens), 15 Steady Hand, 16 Second Look (Discard), 17-21 Study of a colour (Activate),
    # 22 Master's Eye (Activate).
    cards = content().cards
    assert len(cards) == 22 and content().house
    assert [c.number for c in cards] == list(range(1, 23))
    assert [c.value for c in cards[:12]] == list(range(1, 13))
    assert {c.effect for c in cards[:12]} == {"tool"}
    assert cards[0].name == "Apprentice's Grozing Pliers"
    assert Counter(c.effect for c in cards[12:]) == {
        "favor": 2,
        "steady_hand": 1,
        "reroll": 1,
        "study": 5,
        "masters_eye": 1,
    }
    assert [c.value for c in cards if c.effect == "study"] == [0, 1, 2, 3, 4]  # R Y G B P
    assert {c.play for c in cards if c.effect in ("study", "masters_eye")} == {"activate"}
    assert {c.play for c in cards if c.effect not in ("study", "masters_eye")} == {"discard"}
    assert cards[21].value == 20


def test_cards_that_refer_to_what_a_game_may_lack_say_so() -> None:
    # Patron gives favor tokens (solo has none); Glazing Hammer (7) and Running Pliers (8)
    # need a second turn in the round (the Private Dice Pool rules give one turn).
    needs = {c.number: c.needs for c in content().cards if c.needs}
    assert needs == {7: "two_turns", 8: "two_turns", 13: "favor_tokens", 14: "favor_tokens"}


def test_an_apprentice_window_loses_the_value_restrictions_of_its_apprentice_spaces() -> None:
    # Sun's Glory: rows 1PY.4 / PY..6 / Y..53 / .5421. B2 is yellow (kept); D4 is a 2 (gone).
    spaces = content().spaces
    assert spaces == 1 << parse_cell("B2") | 1 << parse_cell("D4")
    window = apprentice_window(catalog().window("Sun's Glory"), spaces)
    assert window.grid == ("1PY.4", "PY..6", "Y..53", ".54.1")
    assert window.apprentice == spaces
    assert (window.name, window.difficulty) == ("Sun's Glory", 6)
    assert content().favor_less == 1
    # The value restriction is gone for placing, the colour restriction stays.
    assert window.value_ok[5] >> parse_cell("D4") & 1
    assert not window.colour_ok[0] >> parse_cell("B2") & 1


def test_a_content_file_may_give_the_printed_apprentice_cards(tmp_path: Path) -> None:
    printed = {
        "spaces": ["A3", "C3"],
        "favor_less": 0,
        "cards": [
            {"number": 1, "name": "Helper", "text": "...", "play": "discard", "effect": "reroll"}
        ],
    }
    install_content_file(write_json(tmp_path, {"format": 1, "apprentice": printed}, "box.json"))
    assert [c.name for c in content().cards] == ["Helper"]
    assert content().spaces == 1 << parse_cell("A3") | 1 << parse_cell("C3")
    assert not content().house


def test_a_game_plays_the_printed_cards_of_a_content_file(tmp_path: Path) -> None:
    # The module reads whatever cards the file gives: its spaces, its favor, its numbers.
    printed = {
        "spaces": ["A3"],
        "favor_less": 0,
        "cards": [
            {
                "number": 30,
                "name": "Gift",
                "text": "...",
                "play": "discard",
                "effect": "favor",
                "tokens": 3,
            },
            {
                "number": 31,
                "name": "Gift",
                "text": "...",
                "play": "discard",
                "effect": "favor",
                "tokens": 3,
            },
        ],
    }
    install_content_file(write_json(tmp_path, {"format": 1, "apprentice": printed}, "box.json"))
    state = new_game(GameConfig(players=2, apprentice=True), seed=2)
    option = state.players[0].options[0]
    assert option.apprentice == 1 << parse_cell("A3")
    act(state, "W1", "W1")
    assert state.players[0].favor == option.difficulty  # no token fewer
    table = state.components["apprentice"].snapshot()
    assert sorted(table["deck"] + table["discard"]) == [30, 31]
    seat = state.current
    favor = state.players[seat].favor
    on_a3 = sorted(a for a in legal(state) if a.endswith("@A3"))
    assert on_a3  # seed 2 has a die for A3 (an edge space: the first die may go there)
    act(state, on_a3[0])
    assert state.step == "apprentice"
    act(state, "gain:discard")
    (card,) = state.components["apprentice"].snapshot()["hands"][seat]
    act(state, f"discard:{card}")  # a Gift: 3 favor tokens
    assert state.players[seat].favor == favor + 3


@pytest.mark.parametrize(
    ("card", "fragment"),
    [
        ({"number": 33}, "number must be 1-32, got 33"),
        ({"play": "keep"}, "play must be one of discard, activate"),
        ({"effect": "fly"}, "effect must be one of"),
        ({"effect": "tool", "tool": 13}, "tool must be a base game tool card 1-12"),
        ({"effect": "study", "colour": "O"}, "colour must be one of R Y G B P"),
        ({"needs": "dragons"}, "needs must be one of favor_tokens, two_turns"),
    ],
)
def test_a_malformed_apprentice_card_is_refused_naming_the_field(
    tmp_path: Path, card: dict[str, object], fragment: str
) -> None:
    entry = {"number": 1, "name": "X", "text": "", "play": "discard", "effect": "reroll", **card}
    data = {"format": 1, "apprentice": {"spaces": ["B2"], "favor_less": 1, "cards": [entry]}}
    with pytest.raises(ContentError, match=r"apprentice\.cards\[0\]") as refused:
        install_content_file(write_json(tmp_path, data, "box.json"))
    assert fragment in str(refused.value)
    assert len(content().cards) == 22
