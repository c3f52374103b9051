"""The ``replay``, ``bench`` and ``play`` subcommands, and the command line as a whole.

Every test calls :func:`sagrada.cli.main.main` in process, except ``python -m sagrada
--version``, which checks the module entry point in a subprocess.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import play_random, write_json
from sagrada import __version__
from sagrada.cli.main import build_parser, main
from sagrada.compiled_build import build_state
from sagrada.core.cells import NUM_CELLS
from sagrada.games.dice.bots import make_bot
from sagrada.games.dice.rules.actions import (
    NUM_ACTIONS,
    Kind,
    action_to_str,
    draft,
    kind_of,
    parse_action,
)
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import make_view

TOTAL_LINE = re.compile(r"^Total\s+(-?\d+)$", re.MULTILINE)


# -- helpers ---------------------------------------------------------------------------------


def write_record(tmp_path: Path, state: State, seed: int, name: str = "game.json") -> str:
    """Write the record of ``state`` (played from ``seed``) to a file; return its path."""
    return write_json(tmp_path, GameRecord.of(state, seed).dumps(), name)


def run_ok(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run the command line, expect exit code 0 and nothing on stderr; return stdout."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return out


def run_usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run the command line, expect exit 2 and exactly one stderr line; return that line.

    Errors found by argparse exit through ``SystemExit(2)``; errors found by a subcommand
    return 2 from :func:`main`. Both are accepted.
    """
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    return lines[0]


# -- shared games ----------------------------------------------------------------------------

DUO_SEED = 11
SOLO_SEED = 5


@pytest.fixture(scope="module")
def duo_game() -> State:
    state = play_random(GameConfig(players=2), DUO_SEED)
    assert state.is_over
    return state


@pytest.fixture(scope="module")
def solo_game() -> State:
    state = play_random(GameConfig(players=1), SOLO_SEED)
    assert state.is_over
    return state


@pytest.fixture
def duo_record(tmp_path: Path, duo_game: State) -> str:
    return write_record(tmp_path, duo_game, DUO_SEED)


def record_data(state: State, seed: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GameRecord.of(state, seed).dumps())
    return data


# -- replay ----------------------------------------------------------------------------------


def test_replay_json_matches_the_outcome(
    capsys: pytest.CaptureFixture[str], duo_game: State, duo_record: str
) -> None:
    result = json.loads(run_ok(capsys, ["replay", duo_record, "--json"]))
    outcome = duo_game.outcome()
    assert result["finished"] is True
    assert result["actions"] == len(duo_game.history)
    assert [p["seat"] for p in result["players"]] == [0, 1]
    assert [p["total"] for p in result["players"]] == [s.total for s in outcome.scores]
    assert result["winners"] == list(outcome.winners)
    assert "target" not in result
    for player, breakdown in zip(result["players"], outcome.scores, strict=True):
        assert sum(part["points"] for part in player["parts"]) == player["total"]
        assert [part["name"] for part in player["parts"]] == [p.name for p in breakdown.parts]


def test_replay_of_a_game_that_used_tools(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    # The random game exercises tool cards, so the record's tool actions replay too.
    assert any(kind_of(a) == Kind.TOOL for a in duo_game.history)
    result = json.loads(
        run_ok(capsys, ["replay", write_record(tmp_path, duo_game, DUO_SEED), "--json"])
    )
    assert result["finished"] is True


def test_replay_table_shows_each_total_and_the_winner(
    capsys: pytest.CaptureFixture[str], duo_game: State, duo_record: str
) -> None:
    out = run_ok(capsys, ["replay", duo_record])
    outcome = duo_game.outcome()
    assert [int(t) for t in TOTAL_LINE.findall(out)] == [s.total for s in outcome.scores]
    for seat in range(2):
        assert re.search(rf"^Player {seat}\b", out, re.MULTILINE)
    for seat in outcome.winners:
        assert f"Player {seat} (winner)" in out
    assert "not finished" not in out


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, duo_game: State
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(GameRecord.of(duo_game, DUO_SEED).dumps()))
    result = json.loads(run_ok(capsys, ["replay", "-", "--json"]))
    assert [p["total"] for p in result["players"]] == [s.total for s in duo_game.outcome().scores]
    assert result["winners"] == list(duo_game.outcome().winners)


def test_replay_solo_reports_the_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, solo_game: State
) -> None:
    path = write_record(tmp_path, solo_game, SOLO_SEED)
    outcome = solo_game.outcome()
    assert outcome.target is not None
    result = json.loads(run_ok(capsys, ["replay", path, "--json"]))
    assert result["finished"] is True
    assert result["target"] == outcome.target
    assert [p["total"] for p in result["players"]] == [outcome.scores[0].total]
    assert result["winners"] == list(outcome.winners)

    out = run_ok(capsys, ["replay", path])
    assert f"Solo target: {outcome.target}" in out
    assert [int(t) for t in TOTAL_LINE.findall(out)] == [outcome.scores[0].total]


def test_replay_unfinished_game_prints_scores_so_far(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = play_random(GameConfig(players=2), DUO_SEED, stop_after=20)
    assert not state.is_over
    path = write_record(tmp_path, state, DUO_SEED)
    result = json.loads(run_ok(capsys, ["replay", path, "--json"]))
    assert result["finished"] is False
    assert result["actions"] == 20
    assert [p["total"] for p in result["players"]] == [s.total for s in state.scores()]
    assert result["winners"] == []

    out = run_ok(capsys, ["replay", path])
    assert "not finished" in out
    assert "20 actions" in out
    assert [int(t) for t in TOTAL_LINE.findall(out)] == [s.total for s in state.scores()]


def test_replay_empty_record_during_setup(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_record(tmp_path, new_game(GameConfig(players=2), 1), 1)
    result = json.loads(run_ok(capsys, ["replay", path, "--json"]))
    assert result == {"finished": False, "actions": 0, "players": [], "winners": []}


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.json")
    line = run_usage_error(capsys, ["replay", missing])
    assert line.startswith("sagrada replay: error: ")
    assert "nope.json" in line
    assert "no such file" in line


def test_replay_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = run_usage_error(capsys, ["replay", str(tmp_path)])
    assert line.startswith("sagrada replay: error: ")
    assert "directory" in line


def test_replay_invalid_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, '{"format": 1,')])
    assert line.startswith("sagrada replay: error: ")
    assert "not valid JSON" in line
    assert "line 1" in line


def test_replay_unknown_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    data = record_data(duo_game, DUO_SEED)
    data["comment"] = "hello"
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert line.startswith("sagrada replay: error: ")
    assert "unknown field 'comment'" in line


def illegal_draft(state: State) -> int:
    """Return a draft of a die in the pool to a cell where the rules forbid it."""
    for die in state.pool:
        for cell in range(NUM_CELLS):
            action = draft(die, cell)
            if not state.is_legal(action):
                return action
    raise AssertionError("every placement is legal")


def test_replay_illegal_action_names_index_and_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    prefix = play_random(GameConfig(players=2), DUO_SEED, stop_after=5)
    bad = illegal_draft(prefix)
    rule = str(prefix.why_illegal(bad))
    data = record_data(duo_game, DUO_SEED)
    data["actions"][5] = action_to_str(bad)
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert line.startswith("sagrada replay: error: ")
    assert "action 5" in line
    assert action_to_str(bad) in line
    assert rule in line


def test_replay_action_out_of_phase(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    data = record_data(duo_game, DUO_SEED)
    data["actions"][5] = "W1"  # a window choice, long after setup
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert "action 5 (W1)" in line
    assert "not a decision of this step" in line


def test_replay_action_after_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    data = record_data(duo_game, DUO_SEED)
    data["actions"].append("pass")
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert f"action {len(duo_game.history)}" in line
    assert "the game is over" in line


def test_replay_unparsable_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    data = record_data(duo_game, DUO_SEED)
    data["actions"][3] = "Z9@A1"
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert line.startswith("sagrada replay: error: ")
    assert "action 3" in line
    assert "'Z9@A1' is not an action" in line
    assert "'Z9' is not a die" in line


def test_replay_non_string_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, duo_game: State
) -> None:
    data = record_data(duo_game, DUO_SEED)
    data["actions"][2] = 42
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert "action 2" in line
    assert "not a string" in line


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"config": {"players": 9}}, "players must be 1-6, got 9"),
        ({"config": {"players": 2, "colour": "red"}}, "unknown configuration field 'colour'"),
        ({"config": {"players": 2, "tools": [1, 2, 99]}}, "no tool card 99"),
        ({"config": {"players": 2, "full_bag": "yes"}}, "full_bag must be true or false"),
        ({"config": "two players"}, "the configuration must be a JSON object"),
        ({"seed": -1}, "seed must be a whole number from 0 to 2**64 - 1, got -1"),
        # 2**64 = 18446744073709551616: one past the largest seed.
        (
            {"seed": 18446744073709551616},
            "seed must be a whole number from 0 to 2**64 - 1, got 18446744073709551616",
        ),
        ({"format": 3}, "format must be 1 or 2"),
        ({"actions": "W1 W2"}, "actions must be a list"),
    ],
)
def test_replay_bad_config_and_fields(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    duo_game: State,
    change: dict[str, Any],
    expected: str,
) -> None:
    data = record_data(duo_game, DUO_SEED)
    data.update(change)
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, data)])
    assert line.startswith("sagrada replay: error: ")
    assert expected in line
    if "config" in change:
        assert "config: " in line


def test_replay_record_not_an_object(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = run_usage_error(capsys, ["replay", write_json(tmp_path, "[1, 2]")])
    assert "must be a JSON object" in line


# -- bench -----------------------------------------------------------------------------------


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = json.loads(run_ok(capsys, ["bench", "--games", "2", "--players", "2", "--json"]))
    assert result["games"] == 2
    assert result["players"] == 2
    for key in ("games_per_second", "us_per_decision", "decisions_per_second"):
        assert isinstance(result[key], float | int)
        assert result[key] > 0
    # A 2-player game has at least the 2 window choices and 20 turns.
    assert result["decisions_per_game"] >= 22
    assert isinstance(result["python"], str)
    assert result["build"] == build_state().name


def test_bench_plain(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_ok(capsys, ["bench", "--games", "1", "--players", "1"])
    assert "games/s" in out
    assert "1 random 1-player games" in out
    assert f"build: {build_state().describe()}" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["bench", "--games", "0"], "--games must be at least 1"),
        (["bench", "--games", "1", "--players", "9"], "--players must be 1-6"),
        (["bench", "--games", "1", "--players", "0"], "--players must be 1-6"),
        (["bench", "--games", "many"], "invalid int value: 'many'"),
    ],
)
def test_bench_bad_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    line = run_usage_error(capsys, argv)
    assert line.startswith("sagrada bench: error: ")
    assert expected in line


def test_bench_accepts_the_largest_seed(capsys: pytest.CaptureFixture[str]) -> None:
    # 2**64 - 1 = 18446744073709551615: one game plays that seed and no other.
    argv = ["bench", "--games", "1", "--mcts-iterations", "0", "--json"]
    result = json.loads(run_ok(capsys, [*argv, "--seed", "18446744073709551615"]))
    assert result["games"] == 1


def test_bench_refuses_games_whose_last_seed_passes_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Game i plays seed + i. Two games from 2**64 - 1 would need seed 2**64 =
    # 18446744073709551616; the highest first seed for two games is 2**64 - 2 =
    # 18446744073709551614.
    line = run_usage_error(
        capsys,
        ["bench", "--games", "2", "--mcts-iterations", "0", "--seed", "18446744073709551615"],
    )
    assert line == (
        "sagrada bench: error: --seed 18446744073709551615: the games would use seeds up to "
        "18446744073709551616, past 2**64 - 1 (with 2 seeds, --seed may be at most "
        "18446744073709551614)"
    )


def test_bench_accepts_games_whose_last_seed_is_the_largest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seeds 2**64 - 2 and 2**64 - 1: both in range.
    argv = ["bench", "--games", "2", "--players", "1", "--mcts-iterations", "0", "--json"]
    result = json.loads(run_ok(capsys, [*argv, "--seed", "18446744073709551614"]))
    assert result["games"] == 2


# -- --seed on every command -------------------------------------------------------------------

#: 2**64 - 1, the largest seed.
MAX_SEED = "18446744073709551615"
#: The argv prefix of each command that takes --seed, cheap enough to run to the seed check.
SEED_COMMANDS = {
    "bench": ["bench", "--games", "1", "--mcts-iterations", "0"],
    "hint": ["hint", "record.json"],
    "play": ["play", "--players", "1"],
    "simulate": ["simulate", "--players", "1", "--bots", "random", "--games", "1", "--quiet"],
}


@pytest.mark.parametrize("command", sorted(SEED_COMMANDS))
@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        ("-1", "-1"),
        ("18446744073709551616", "18446744073709551616"),  # 2**64
        ("36893488147419103231", "36893488147419103231"),  # 2**65 - 1
        ("seven", "'seven'"),
        ("1.5", "'1.5'"),
    ],
)
def test_every_seed_option_refuses_a_seed_out_of_range(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    seed: str,
    shown: str,
) -> None:
    feed(monkeypatch, ["quit"])
    line = run_usage_error(capsys, [*SEED_COMMANDS[command], "--seed", seed])
    assert line == (
        f"sagrada {command}: error: argument --seed: "
        f"seed must be a whole number from 0 to 2**64 - 1, got {shown}"
    )


def test_every_seed_option_is_checked() -> None:
    # Every subcommand with a --seed option is in SEED_COMMANDS, so none is left unchecked.
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    with_seed = {
        name
        for name, sub in subparsers.choices.items()
        if any("--seed" in a.option_strings for a in sub._actions)
    }
    assert with_seed == set(SEED_COMMANDS)


def test_play_accepts_the_largest_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, ["quit"])
    out = run_ok(capsys, ["play", "--players", "1", "--seed", MAX_SEED])
    assert "Sagrada, 1 player(s). You are player 0." in out


# -- play ------------------------------------------------------------------------------------


def feed(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))


def test_play_session(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Rebuild the game the command plays: seed 3, 2 players, the human at seat 0, a bot at
    # seat 1. The human chooses W1, then the bot chooses (its choice does not change the
    # human's legal actions, which depend only on the human's window and the pool).
    state = new_game(GameConfig(players=2), 3)
    options = [p.name for p in state.players[0].options]
    state.apply(parse_action("W1"))
    bot = make_bot("random", 3 + 1)
    state.apply(bot.choose(make_view(state, 1), state.legal_actions()))
    assert state.current_player == 0, "the test expects the human to start round 1"
    legal_text = " ".join(action_to_str(a) for a in state.legal_actions())
    bad = illegal_draft(state)
    rule = str(state.why_illegal(bad))

    feed(monkeypatch, ["W1", "?", "Z9@A1", action_to_str(bad), "quit"])
    out = run_ok(capsys, ["play", "--seed", "3"])
    # The seed decides every die to come: it is not shown before the game is over.
    assert "seed" not in out
    for i, name in enumerate(options, start=1):
        assert f"W{i}: {name}" in out
    assert out.count("difficulty") == 4
    lines = out.splitlines()
    listing = out.split("\n> ")[2]  # the answer to "?": the legal actions, numbered
    numbered = re.findall(r"(?<!\S)(\d+) ([^\s~]+)~?(?!\S)", listing)
    assert numbered == [(str(i), a) for i, a in enumerate(legal_text.split(), start=1)]
    notation = [line for line in lines if "Z9" in line]
    assert len(notation) == 1
    assert "not an action" in notation[0]
    assert "'Z9' is not a die" in notation[0]
    illegal = [line for line in lines if "illegal action" in line]
    assert len(illegal) == 1
    assert action_to_str(bad) in illegal[0]
    assert rule in illegal[0]
    assert "Total" not in out  # quit before the end: no final scores


def test_play_help_and_board_commands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, ["help", "board", "", "quit"])
    out = run_ok(capsys, ["play", "--seed", "3"])
    assert out.count("Commands: ? (legal actions), board, help, quit.") == 2
    assert out.count("Setup: choose one of your four window patterns") == 2


def test_play_end_of_input_exits_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, ["W2"])
    out = run_ok(capsys, ["play", "--seed", "3"])
    assert "Round 1 of 10" in out
    assert "Total" not in out


def test_play_whole_game_against_a_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Setup, then 10 rounds of 2 turns each: the human passes every time.
    feed(monkeypatch, ["W1"] + ["pass"] * 20)
    out = run_ok(capsys, ["play", "--seed", "8", "--players", "2", "--seat", "0"])
    assert out.count("Total") == 2
    assert "Player 0 (you)" in out
    assert re.search(r"^Winner\(s\): player [01]", out, re.MULTILINE)
    # The human placed nothing: 20 open spaces.
    assert "Open spaces" in out
    assert re.search(r"^Open spaces\s+-20\s+20\b", out, re.MULTILINE)


def test_play_whole_game_from_the_second_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, ["W3"] + ["pass"] * 20)
    out = run_ok(capsys, ["play", "--seed", "4", "--players", "3", "--seat", "1"])
    assert out.count("Total") == 3
    assert "Player 1 (you)" in out
    assert "Winner(s): player" in out


def test_play_whole_solo_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, ["W1"] + ["pass"] * 20)
    out = run_ok(capsys, ["play", "--seed", "2", "--players", "1", "--solo-tools", "5"])
    assert out.count("Total") == 1
    # Nothing placed: no objective scores, 20 open spaces at -3 each in solo; never a win.
    assert re.search(r"^Target score \d+\. You lose\.$", out, re.MULTILINE)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--seat", "5"], "--seat must be 0-1"),
        (["play", "--players", "3", "--seat", "-1"], "--seat must be 0-2"),
        (["play", "--players", "9", "--seat", "0"], "--players must be 1-6"),
        (["play", "--players", "1", "--solo-tools", "9"], "solo_tools must be 1-5"),
        (["play", "--bot", "genius"], "no bot named 'genius'"),
    ],
)
def test_play_bad_arguments(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    expected: str,
) -> None:
    feed(monkeypatch, ["quit"])
    line = run_usage_error(capsys, argv)
    assert line.startswith("sagrada play: error: ")
    assert expected in line


def test_play_zero_players_names_the_player_count(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, ["quit"])
    line = run_usage_error(capsys, ["play", "--players", "0"])
    assert "players" in line.removeprefix("sagrada play: error: ")
    assert "0--1" not in line


# -- the command line as a whole -------------------------------------------------------------


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for name in ("play", "score", "replay", "bench"):
        assert name in out


@pytest.mark.parametrize("command", ["play", "replay", "bench"])
def test_subcommand_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    assert f"usage: sagrada {command}" in capsys.readouterr().out


def test_unknown_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    line = run_usage_error(capsys, ["bogus"])
    assert line.startswith("sagrada: error: ")
    assert "'bogus'" in line


def test_no_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    line = run_usage_error(capsys, [])
    assert line.startswith("sagrada: error: ")


def test_missing_replay_file_argument(capsys: pytest.CaptureFixture[str]) -> None:
    line = run_usage_error(capsys, ["replay"])
    assert line.startswith("sagrada replay: error: ")
    assert "FILE" in line


@pytest.mark.parametrize(
    "text",
    ['{"seed": 1' + "0" * 5000 + "}", "[" * 100_000 + "]" * 100_000],
    ids=["number-too-long", "nested-too-deeply"],
)
@pytest.mark.parametrize("command", ["replay", "score"])
def test_unreadable_json_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str
) -> None:
    assert main([command, write_json(tmp_path, text)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_version_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"sagrada {__version__}"


def test_python_dash_m_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sagrada", "--version"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"sagrada {__version__}"


def test_action_codes_cover_the_records() -> None:
    # Guard for the helpers above: every recorded action has a text form that parses back.
    state = play_random(GameConfig(players=2), DUO_SEED)
    for action in state.history:
        assert 0 <= action < NUM_ACTIONS
        assert parse_action(action_to_str(action)) == action
