"""The toy game joins the platform through the entry-point group ``sagrada.games`` alone, its
words join the catalogues while it is registered, and nothing outside its folder names it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from sagrada.core.messages import msg, template
from sagrada.i18n import catalogue_json
from sagrada.registry import ENTRY_POINT_GROUP, entries, entry, register_plugins, unregister_game
from toy_game import entry as toy_entry

ROOT = Path(__file__).resolve().parents[2]


def test_the_toy_game_is_registered_through_its_entry_point(toy_registered: Any) -> None:
    points = {p.name: p.value for p in entry_points(group=ENTRY_POINT_GROUP)}
    assert points["toy"] == "toy_game.entry:ENTRY"
    assert [e.name for e in entries()] == ["sagrada", "cards", "toy"]
    assert entry("toy") is toy_entry.ENTRY is toy_registered


def test_its_words_are_in_the_catalogues_while_it_is_registered() -> None:
    assert (
        str(msg("toy.decision.turn", player=1))
        == "player 1: take points or roll your secret die again"
    )
    assert catalogue_json("en")["messages"]["toy.list"] == "Secret dice"
    # German has no words of the toy game's: it shows the English ones.
    assert catalogue_json("de")["messages"]["toy.list"] == "Secret dice"
    assert template("toy.list", language="de") == "Secret dice"
    unregister_game("toy")
    try:
        assert template("toy.list") == "toy.list"
        assert "toy.list" not in catalogue_json("en")["messages"]
    finally:
        register_plugins()
    assert template("toy.list") == "Secret dice"


def test_a_new_process_finds_the_game_through_its_distribution_alone(
    subprocess_env: dict[str, str],
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sagrada", "options", "--game", "toy", "--json"],
        env=subprocess_env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    specs = json.loads(done.stdout)
    assert [(s["name"], s["default"], s["label"]) for s in specs] == [
        ("take_points", 1, "Points a take gives"),
        ("rolls", 1, "Rolls"),
    ]


#: Files of the project outside this folder that a game's name could hide in.
#: What makes the platform work: the docs may point at this folder as the example of a game.
SOURCES = ("src", "scripts", "pyproject.toml", "Makefile")


def test_nothing_outside_this_folder_names_the_toy_game() -> None:
    word = re.compile(r"\btoy(_game)?\b", re.IGNORECASE)
    found = []
    for name in SOURCES:
        top = ROOT / name
        for path in [top] if top.is_file() else sorted(top.rglob("*")):
            if path.is_file() and path.suffix in (
                "",
                ".py",
                ".js",
                ".html",
                ".md",
                ".json",
                ".toml",
                ".txt",
                ".css",
            ):
                text = path.read_text(encoding="utf-8", errors="replace")
                found += [f"{path.relative_to(ROOT)}:{m.group(0)}" for m in word.finditer(text)]
    assert found == []
