"""The solo card game on the command line: ``--game cards`` for play, replay, bench, simulate
and options (rulebook 002_a2583da13b6224b7.txt)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import sagrada.cli.main as cli_main
from sagrada.games.cards import actions as card_actions
from sagrada.games.cards.game import CardRecord
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import new_card_game


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_shows_the_drawn_cards_and_the_legal_actions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("?\nT9\nquit\n"))
    code, out, _ = run(["play", "--game", "cards", "--seed", "4", "--tool-cards", "3,7,8"], capsys)
    assert code == 0
    assert "Drawn: " in out and "Tools: T3 Glazing Hammer (pay 3)" in out
    assert "tool card 9 is not in this game" in out
    assert "@" in out.split("> ")[1]  # the legal actions listed: placements


def test_a_whole_game_played_by_typing_ends_with_the_target(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Play the first legal action each time, as typed text (the same game as the engine's).
    state = new_card_game(CardOptions(tools=2), seed=9)
    typed = []
    while not state.is_over:
        action = state.legal_actions()[0]
        typed.append(card_actions.action_to_str(action))
        state.apply(action)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    code, out, _ = run(["play", "--game", "cards", "--seed", "9", "--tools", "2"], capsys)
    assert code == 0
    outcome = state.outcome()
    verdict = "You win!" if outcome.won else "You lose."
    assert f"Target {outcome.target} (the turn bar). {verdict}" in out


def test_replay_prints_the_score_against_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_card_game(CardOptions(tools=3), seed=3)
    choose = random.Random(3).choice
    while not state.is_over:
        state.apply(choose(state.legal_actions()))
    path = tmp_path / "record.json"
    path.write_text(CardRecord.of(state, 3).dumps(), encoding="utf-8")
    code, out, _ = run(["replay", "--json", str(path)], capsys)
    data = json.loads(out)
    assert code == 0 and data["target"] == state.target() and data["total"] == state.score().total
    assert data["won"] == state.outcome().won and data["finished"]


def test_bench_and_simulate_play_the_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bench", "--game", "cards", "--games", "5", "--json"], capsys)
    assert code == 0 and json.loads(out)["game"] == "cards"
    code, out, _ = run(
        [
            "simulate",
            "--game",
            "cards",
            "--bots",
            "greedy,random",
            "--games",
            "3",
            "--quiet",
            "--json",
        ],
        capsys,
    )
    data = json.loads(out)
    assert code == 0 and [b["name"] for b in data["bots"]] == ["greedy", "random"]
    assert all(b["games"] == 3 and 0 <= b["win_rate"] <= 1 for b in data["bots"])


def test_the_card_games_options_are_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["options", "--game", "cards", "--json"], capsys)
    assert code == 0
    assert [o["name"] for o in json.loads(out)] == ["tools", "tool_cards", "window", "orders"]
    code, _, err = run(["play", "--game", "cards", "--tools", "0"], capsys)
    assert code == 2 and err.strip() == "sagrada play: error: tools must be 1-9, got 0"
    with pytest.raises(SystemExit) as exit_info:  # a dice game option: argparse refuses it
        cli_main.main(["play", "--game", "cards", "--players", "2"])
    assert exit_info.value.code == 2 and "--players" in capsys.readouterr().err


def test_simulate_refuses_a_plot_of_the_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        ["simulate", "--game", "cards", "--games", "1", "--plot", "scores.png"], capsys
    )
    assert code == 2 and "scripts/card_difficulty.py" in err
