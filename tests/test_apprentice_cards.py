"""Life's apprentice cards and windows, as content (rulebook 004_234c3922e9d01436.txt,
APPRENTICE MODULE; house content: HOUSE-CONTENT.md, "Life: Apprentice module"). The module
that plays them comes next; these pin the content it will read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import write_json
from sagrada.core.apprentice_cards import apprentice_window, content
from sagrada.core.cells import parse_cell
from sagrada.core.content import catalog
from sagrada.core.content_files import install_content_file, uninstall_all
from sagrada.core.errors import ContentError


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


@pytest.mark.parametrize(
    ("card", "fragment"),
    [
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
