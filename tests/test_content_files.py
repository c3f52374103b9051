"""Content files (issue 13, "House content, labelled and replaceable"): an owner of the box
replaces the house cards with the printed ones through a file, without code changes
(docs/content.md). The values below are made up for the tests: what matters is that the game
uses them, and that a malformed file is refused whole, naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import BLANK, write_json
from sagrada.cli.main import main
from sagrada.core.content import catalog
from sagrada.core.content_files import install_content_file, uninstall_all
from sagrada.core.errors import ContentError
from sagrada.core.position import make_window
from sagrada.core.scoring import score_public
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.masterwork_board import content, targets
from sagrada.games.dice.rules.state import new_game
from sagrada.games.dice.rules.views import make_view


@pytest.fixture(autouse=True)
def shipped_content() -> Iterator[None]:
    uninstall_all()
    yield
    uninstall_all()


def content_file(tmp_path: Path, **data: Any) -> str:
    return write_json(tmp_path, {"format": 1, "pack": "my-box", **data}, "box.json")


PRINTED_PAIRS = {
    "id": "perfect_pairs",
    "name": "Twin Panes",
    "text": "2 VP per die diagonally next to a die of its colour.",
    "vp": 2,
    "rule": "color_diagonals",
}


def test_a_printed_card_replaces_the_house_card_and_keeps_its_place_in_the_deck(
    tmp_path: Path,
) -> None:
    install_content_file(content_file(tmp_path, public_objectives=[PRINTED_PAIRS]))
    card = catalog().public("perfect_pairs")
    assert (card.name, card.vp, card.rule, card.house, card.pack) == (
        "Twin Panes",
        2,
        "color_diagonals",
        False,  # the owner's card: no house label
        "life",  # still a Toil card: in the deck with the option toil
    )
    assert "perfect_pairs" in GameConfig(players=2, toil=True).rules.public_deck
    # Scored by the rule it names: R1 on A1 and R4 on B2 are diagonal neighbours, 2 dice.
    part = score_public(make_window(BLANK, "A1=R1 B2=R4"), card)
    assert (part.name, part.points) == ("Twin Panes", 4)


def test_a_masterwork_section_replaces_the_faces_and_the_board(tmp_path: Path) -> None:
    shipped = json.loads(
        (Path(__file__).parent.parent / "src/sagrada/content/life.json").read_text("utf-8")
    )["masterwork"]
    printed = json.loads(json.dumps(shipped))
    del printed["house"]
    printed["faces"][0]["arrows"] = ["S", "W"]  # corner
    printed["met_vp"] = 4
    install_content_file(content_file(tmp_path, masterwork=printed))
    # A corner die on C3 turned 0 now points south (D3) and west (C2).
    window = make_window(BLANK, "C3=Ocorner0")
    assert targets(window.dice[12], 12) == [17, 11]
    assert content().met_vp == 4
    state = new_game(GameConfig(players=2, masterwork=True), seed=1)
    assert make_view(state, 0).to_json()["masterwork"]["house"] is False


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"boards": []}, "unknown key 'boards'"),
        (
            {"tools": [{"id": 40, "name": "X", "colour": "R", "text": "", "restriction": ""}]},
            "tools[0] 'X': no tool card with id 40 to replace",
        ),
        (
            {"public_objectives": [{**PRINTED_PAIRS, "rule": "most_dice"}]},
            "public_objectives[0] 'Twin Panes': rule 'most_dice' is not one of",
        ),
        ({"public_objectives": [{**PRINTED_PAIRS, "vp": "two"}]}, "field 'vp' must be int"),
        (
            {"masterwork": {"faces": [{"symbol": "star", "arrows": ["N"], "requirement": "same"}]}},
            "masterwork.faces[0]: symbol must be one of",
        ),
    ],
)
def test_a_malformed_file_is_refused_whole_naming_the_field(
    tmp_path: Path, data: dict[str, Any], fragment: str
) -> None:
    before = catalog()
    with pytest.raises(ContentError, match=r"box\.json") as refused:
        install_content_file(content_file(tmp_path, **data))
    assert fragment in str(refused.value)
    assert catalog() is before


def test_a_file_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the content file"):
        install_content_file(tmp_path / "missing.json")


def test_the_command_line_takes_a_content_file_for_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    box = content_file(tmp_path, public_objectives=[PRINTED_PAIRS])
    physical = write_json(
        tmp_path,
        {
            "dice": ["R1 _ _ _ _", "_ R4 _ _ _", "_ _ _ _ _", "_ _ _ _ _"],
            "public": ["Twin Panes"],
            "private": ["Shades of Red"],
        },
    )
    assert main(["--content", box, "score", physical, "--json"]) == 0
    parts = json.loads(capsys.readouterr().out)["parts"]
    assert parts[0] == {"name": "Twin Panes", "points": 4}
    uninstall_all()
    bad = write_json(tmp_path, {"format": 1, "tools": [{"id": 99}]}, "bad.json")
    assert main(["--content", bad, "score", physical]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.json" in err[0]
