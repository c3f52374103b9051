"""``sagrada hint RECORD`` (issue 17, Hints): the player to move at a position of a game record
(either game) and the hint bot's best three actions with their values; ``hint`` in the card
game's terminal play; bad input is one line on stderr and exit code 2.

Each test rebuilds the position with the engine and asks the hint bot with the command's seed
and iterations, so the command must print exactly that ranking.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from helpers import play_random, write_json
from sagrada.cli.main import main
from sagrada.games.cards import actions as CA
from sagrada.games.cards.bots import planner
from sagrada.games.cards.game import CardRecord
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import CardState, new_card_game
from sagrada.games.cards.views import make_card_view
from sagrada.games.dice.bots import hint_bot
from sagrada.games.dice.rules.actions import action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import State
from sagrada.games.dice.rules.views import make_view
from sagrada.search.advice import RatedAction
from test_cli_commands import run_ok, run_usage_error

ITERATIONS = 40
SEED = 3


def dice_record(tmp_path: Path, decisions: int = 9) -> tuple[str, State]:
    """A two-player game of seed 5 after ``decisions`` random decisions, and its record."""
    state = play_random(GameConfig(players=2), 5, stop_after=decisions)
    return write_json(tmp_path, GameRecord.of(state, 5).dumps(), "game.json"), state


def card_game(decisions: int) -> CardState:
    state = new_card_game(CardOptions(tools=3), seed=6)
    choose = random.Random(6).choice
    for _ in range(decisions):
        state.apply(choose(state.legal_actions()))
    return state


def dice_ranking(state: State) -> list[RatedAction]:
    view = make_view(state, state.current_player)
    return hint_bot(SEED, iterations=ITERATIONS).rank(view, state.legal_actions())


def shown(value: float, mark: str = ".") -> str:
    """A value as printed: signed, to a tenth."""
    return f"{round(value, 1) + 0.0:+.1f}".replace(".", mark)


def test_hint_prints_the_player_to_move_and_the_search_best_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state = dice_record(tmp_path)
    argv = ["hint", path, "--iterations", str(ITERATIONS), "--seed", str(SEED)]
    lines = run_ok(capsys, argv).splitlines()
    seat = state.current_player
    assert lines[0] == f"player {seat} to move, after 9 actions of the record."
    assert lines[1] == "hint: the hard bot's best actions, in points expected against the best:"
    legal = state.legal_actions()
    assert lines[2:] == [
        f"  {legal.index(r.action) + 1} {action_to_str(r.action)}  {shown(r.value)} "
        f"({r.samples} simulations)"
        for r in dice_ranking(state)
    ]
    assert len(lines) == 5


def test_hint_at_n_is_the_position_after_the_first_n_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state = dice_record(tmp_path)
    earlier = GameRecord.of(state, 5).replay(4)
    argv = ["hint", path, "--at", "4", "--iterations", str(ITERATIONS), "--seed", str(SEED)]
    out = json.loads(run_ok(capsys, [*argv, "--json"]))
    assert out["game"] == "sagrada" and out["bot"] == "hard"
    assert (out["actions"], out["player"]) == (4, earlier.current_player)
    assert out["hints"] == [
        {
            "action": action_to_str(r.action),
            "value": round(r.value, 2),
            "scale": "relative",
            "samples": r.samples,
            "basis": "simulations",
        }
        for r in dice_ranking(earlier)
    ]


def test_hint_speaks_german_with_a_decimal_comma(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state = dice_record(tmp_path)
    argv = ["hint", path, "--iterations", str(ITERATIONS), "--seed", str(SEED), "--lang", "de"]
    lines = run_ok(capsys, argv).splitlines()
    assert (
        lines[0] == f"Spieler {state.current_player} ist am Zug, nach 9 Aktionen der Aufzeichnung."
    )
    assert lines[1].startswith("Tipp: die besten Züge des Bots hard")
    assert lines[2:] == [
        f"  {state.legal_actions().index(r.action) + 1} {action_to_str(r.action)}  "
        f"{shown(r.value, ',')} ({r.samples} Simulationen)"
        for r in dice_ranking(state)
    ]


def test_hint_on_a_card_game_record_gives_the_planners_margins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = card_game(decisions=5)
    path = write_json(tmp_path, CardRecord.of(state, 6).dumps(), "cards.json")
    lines = run_ok(capsys, ["hint", path, "--seed", str(SEED)]).splitlines()
    view = make_card_view(state)
    legal = state.legal_actions()
    ranking = planner(SEED).rank(view, legal)
    assert lines[0] == "player 0 to move, after 5 actions of the record."
    assert lines[1] == "hint: the plan bot's best actions, by the expected margin over the target:"
    assert lines[2:] == [
        f"  {legal.index(r.action) + 1} {CA.action_to_str(r.action)}  {shown(r.value)} "
        f"({r.samples} position{'s' if r.samples != 1 else ''} looked at)"
        for r in ranking
    ]
    assert ranking[0].action == planner(SEED).choose(view, legal)


def test_hint_in_the_card_games_terminal_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The hint bot is the planner seeded with the game's seed.
    state = new_card_game(CardOptions(tools=3), seed=4)
    ranking = planner(4).rank(make_card_view(state), state.legal_actions())
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    out = run_ok(capsys, ["play", "--game", "cards", "--seed", "4", "--tools", "3"])
    reply = out.split("> ")[1].splitlines()
    assert reply[:2] == [
        "the plan bot is thinking…",
        "hint: the plan bot's best actions, by the expected margin over the target:",
    ]
    # No choice numbers: the card game's terminal takes actions in notation only.
    assert [line.split()[:2] for line in reply[2:5]] == [
        [CA.action_to_str(r.action), shown(r.value)] for r in ranking
    ]


# -- bad input -------------------------------------------------------------------------------


def test_hint_refuses_a_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = play_random(GameConfig(players=1), 2)
    assert state.is_over
    path = write_json(tmp_path, GameRecord.of(state, 2).dumps())
    n = len(state.history)
    line = run_usage_error(capsys, ["hint", path])
    assert line == (
        f"sagrada hint: error: the game is over after {n} actions: no one is to move "
        "(choose an earlier --at)"
    )


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--at", "10"], "--at 10: the record has 9 actions: choose 0-9"),
        (["--at", "-1"], "--at -1: the record has 9 actions: choose 0-9"),
        (["--at", "x"], "argument --at: invalid int value: 'x'"),
        (["--seconds", "0"], "argument --seconds: seconds must be a positive number, got '0'"),
        (["--iterations", "0"], "iterations must be a whole number >= 1, got '0'"),
        (["--seconds", "1", "--iterations", "5"], "not allowed with argument"),
        (["--lang", "xx"], "--lang xx: no such language"),
    ],
)
def test_hint_refuses_bad_options_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    path, _ = dice_record(tmp_path)
    line = run_usage_error(capsys, ["hint", path, *argv])
    assert line.startswith("sagrada hint: error: ") and expected in line


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("not json", "not valid JSON"),
        ({"format": 2, "game": "chess", "config": {}, "seed": 1, "actions": []}, "chess"),
        ({"format": 1, "config": {"players": 2}, "seed": 7, "actions": ["W1", "Z9"]}, "Z9"),
        ({"format": 1, "config": {"players": 2}, "seed": 7, "actions": ["W1", "pass"]}, "pass"),
    ],
)
def test_hint_refuses_a_missing_or_bad_record_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, expected: str
) -> None:
    path = str(tmp_path / "absent.json") if content is None else write_json(tmp_path, content)
    line = run_usage_error(capsys, ["hint", path])
    assert line.startswith("sagrada hint: error: ") and expected in line


def test_hint_reads_a_record_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = dice_record(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(Path(path).read_text(encoding="utf-8")))
    out = run_ok(capsys, ["hint", "-", "--iterations", "10", "--json"])
    assert len(json.loads(out)["hints"]) == 3
    assert main(["hint", path, "--iterations", "5"]) == 0
