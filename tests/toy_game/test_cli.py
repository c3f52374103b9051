"""The command line plays the toy game knowing it only through its entry: ``play``,
``simulate``, ``bench``, ``replay``, ``score``, ``options`` and ``hint`` with ``--game toy``
(in this process, through :func:`sagrada.cli.main.main`).

The games are seeded: seed 11 rolls 4 and 2 for the dice, then 4, 3; seed 12 rolls 4 and 4,
then 3, 4 (the platform's generator, :mod:`sagrada.core.rng`; the first test checks it)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import sagrada.cli.main as cli_main
from sagrada.core.rng import Rng

ROLLS = {11: [4, 2, 4, 3], 12: [4, 4, 3, 4]}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def typed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def record(tmp_path: Path, seed: int, *actions: str) -> str:
    path = tmp_path / "game.json"
    data = {"format": 2, "game": "toy", "config": {}, "seed": seed, "actions": list(actions)}
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("seed", sorted(ROLLS))
def test_the_seeds_roll_what_these_tests_say(seed: int) -> None:
    rng = Rng(seed)
    assert [rng.roll() for _ in ROLLS[seed]] == ROLLS[seed]


def test_play_reads_the_moves_from_the_terminal_against_the_greedy_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 11: my die is 4, the bot's 2. I take (1 point); the bot rolls its 2 again (a 4);
    # I roll my 4 again (a 3); the bot, without a roll left, takes. 1 + 3 = 4 against 1 + 4 = 5.
    typed(monkeypatch, "hint", "take", "?", "roll")
    code, out, _ = run(["play", "--game", "toy", "--seed", "11", "--bot", "greedy"], capsys)
    assert code == 0
    assert "Your secret die: 4 (1 roll(s) left)." in out
    # The hint: a take gains 1, a roll 3.5 - 4 = -0.5 on average, 1.5 less.
    assert "  take  +0.0 (1 position looked at)\n  roll  -1.5 (6 positions looked at)" in out
    assert "player 1 rolls the secret die again." in out
    assert "> take roll\n" in out
    assert "player 1 takes 1 point(s)." in out
    assert out.endswith(
        "player 0: 1 points + die 3 = 4\nplayer 1: 1 points + die 4 = 5\nplayer 1 wins.\n"
        "(The game's seed was 11: `--seed 11` deals the same game again.)\n"
    )


def test_play_in_the_second_seat_ends_in_a_shared_win(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 12: both dice are 4s; the greedy bot takes with a 4, and so do I: 2 + 4 each.
    typed(monkeypatch, "take", "take")
    code, out, _ = run(["play", "--game", "toy", "--seed", "12", "--seat", "1"], capsys)
    assert code == 0
    assert out.count("player 0 takes 1 point(s).") == 2
    assert "A tie: player 0 and player 1 share the win." in out


def test_play_says_why_a_move_is_refused_and_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed(monkeypatch, "pass", "roll", "quit")
    code, out, _ = run(["play", "--game", "toy", "--seed", "11", "--rolls", "0"], capsys)
    assert code == 0
    assert "  pass is not an action of the toy game: take or roll" in out
    assert "illegal action 'roll': player 0 has no roll left" in out
    assert "wins" not in out


@pytest.mark.parametrize(
    ("flags", "error"),
    [
        (["--seat", "2"], "--seat must be 0-1"),
        (["--lang", "de"], "--lang: the toy game is in en only"),
        (["--bot", "minimax"], "no toy bot called 'minimax'"),
        (["--take-points", "2", "--rolls", "3"], "rolls must be 0-2, got 3"),
    ],
)
def test_play_refuses_bad_flags_in_one_line(
    flags: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["play", "--game", "toy", *flags], capsys)
    assert code == 2 and error in err and err.count("\n") == 1


def test_simulate_plays_every_seating_on_every_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The greedy bot in both seats; 4 games are seeds 11 and 12, each in its two seatings
    # (the same bot: the same game twice). Seed 11: seat 0 takes twice with its 4 (6); seat 1
    # rolls its 2 again (a 4) and takes once (5): seat 0 wins. Seed 12: every decision a take
    # with two 4s: 6 and 6, both win. So 8 seats, 2 + 4 wins, mean score (2 * 11 + 4 * 6) / 8.
    argv = ["simulate", "--game", "toy", "--bots", "greedy", "--games", "4", "--seed", "11"]
    code, out, _ = run([*argv, "--json", "--quiet"], capsys)
    assert code == 0
    result = json.loads(out)
    assert (result["game"], result["games"], result["config"]) == (
        "toy",
        4,
        {"take_points": 1, "rolls": 1},
    )
    [greedy] = result["bots"]
    assert (greedy["name"], greedy["games"], greedy["wins"]) == ("greedy", 8, 6)
    assert greedy["win_rate"] == 0.75 and greedy["mean_score"] == 5.75
    code, out, _ = run([*argv, "--quiet"], capsys)
    assert out.startswith("4 toy games, ")
    assert "greedy: 8 seats, wins 75.0% [" in out and "mean score 5.75 [" in out


def test_simulate_gives_the_same_games_in_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "toy", "--bots", "greedy,random", "--games", "6", "--json"]
    results = []
    for workers in ("1", "2"):
        code, out, _ = run([*argv, "--quiet", "--workers", workers], capsys)
        assert code == 0
        result = json.loads(out)
        result.pop("games_per_second")
        results.append(result)
    assert results[0] == results[1]
    # 6 games: 3 seeds, each with the greedy bot in seat 0, then in seat 1.
    assert results[0]["games"] == 6
    assert [bot["games"] for bot in results[0]["bots"]] == [6, 6]


@pytest.mark.parametrize(
    ("bots", "error"),
    [
        ("greedy,random,greedy", "3 bots do not fit 2 seats"),
        ("greedy,nobot", "no toy bot called 'nobot'"),
    ],
)
def test_simulate_refuses_bots_the_game_cannot_seat(
    bots: str, error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["simulate", "--game", "toy", "--bots", bots, "--quiet"], capsys)
    assert code == 2 and error in err


def test_bench_plays_random_games_of_four_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bench", "--game", "toy", "--games", "3", "--json"], capsys)
    assert code == 0
    result = json.loads(out)
    assert (result["game"], result["games"], result["players"]) == ("toy", 3, 2)
    assert result["decisions_per_game"] == 4.0
    assert result["config"] == {"take_points": 1, "rolls": 1}
    assert result["greedy_decisions_per_second"] > 0
    code, out, _ = run(["bench", "--game", "toy", "--games", "3", "--take-points", "2"], capsys)
    assert out.startswith(
        "3 random 2-player games of Secret dice (a toy game) (4 decisions each) on one core"
    )


def test_replay_prints_the_scores_and_the_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 11: seat 0 takes, seat 1 rolls its 2 (a 4), seat 0 rolls its 4 (a 3), seat 1 takes.
    path = record(tmp_path, 11, "take", "roll", "roll", "take")
    code, out, _ = run(["replay", path], capsys)
    assert code == 0
    assert out == "player 0: 1 points + die 3 = 4\nplayer 1: 1 points + die 4 = 5\nplayer 1 wins.\n"
    code, out, _ = run(["replay", path, "--json"], capsys)
    assert json.loads(out) == {
        "finished": True,
        "actions": 4,
        "scores": [{"points": 1, "die": 3, "total": 4}, {"points": 1, "die": 4, "total": 5}],
        "winners": [1],
    }


def test_replay_of_an_unfinished_game_gives_the_score_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["replay", record(tmp_path, 11, "take", "roll")], capsys)
    assert code == 0
    assert out == (
        "The game is not finished (2 actions): the score so far.\n"
        "player 0: 1 points + die 4 = 5\nplayer 1: 0 points + die 4 = 4\n"
    )


def test_replay_names_the_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["replay", record(tmp_path, 11, "take", "roll", "take", "roll")], capsys)
    assert code == 2
    assert err == "sagrada replay: error: action 3 (roll): player 1 has no roll left\n"


def test_score_reckons_a_described_final_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 2 + 5 = 7 and 1 + 6 = 7: a tie.
    typed(monkeypatch, '{"points": [2, 1], "dice": [5, 6]}')
    code, out, err = run(["score", "--game", "toy", "-"], capsys)
    assert (code, err) == (0, "")
    assert out == (
        "player 0: 2 points + die 5 = 7\nplayer 1: 1 points + die 6 = 7\n"
        "A tie: player 0 and player 1 share the win.\n"
    )
    typed(monkeypatch, '{"points": [5, 0], "dice": [1, 6]}')
    code, out, err = run(["score", "--game", "toy", "--json", "-"], capsys)
    assert code == 0
    assert json.loads(out) == {
        "scores": [{"points": 5, "die": 1, "total": 6}, {"points": 0, "die": 6, "total": 6}],
        "winners": [0, 1],
    }
    assert err == "sagrada score: warning: points[0]: 5 is more than a game can give (4)\n"


def test_score_refuses_a_die_that_is_no_die(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed(monkeypatch, '{"points": [2, 1], "dice": [7, 6]}')
    code, _, err = run(["score", "--game", "toy", "-"], capsys)
    assert code == 2 and err == "sagrada score: error: dice[0]: 7 is not 1-6\n"


def test_score_help_shows_the_toy_games_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main.main(["score", "--help"])
    assert "toy: a finished game of secret dice as JSON" in capsys.readouterr().out


def test_options_lists_the_toy_games_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["options", "--game", "toy"], capsys)
    assert code == 0
    assert out == (
        "--take-points  int, default 1\n    allowed: 1, 2\n"
        "    the points a player gains with take\n"
        "--rolls  int, default 1\n    allowed: 0-2\n"
        "    how often each player may roll their secret die again\n"
    )
    code, out, _ = run(["options", "--game", "toy", "--markdown"], capsys)
    assert out.startswith("# Options of secret dice, the toy game\n")
    assert "| `rolls` | `--rolls` | int | 1 | 0-2 |  | how often each player may roll" in out


def test_hint_rates_the_actions_at_a_records_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 11 after seat 0's take: seat 1 holds a 2: a roll gains 1.5, a take 1.
    code, out, _ = run(["hint", record(tmp_path, 11, "take"), "--json"], capsys)
    assert code == 0
    result = json.loads(out)
    assert (result["game"], result["actions"], result["player"], result["bot"]) == (
        "toy",
        1,
        1,
        "greedy",
    )
    assert [(h["action"], h["value"]) for h in result["hints"]] == [("roll", 0.0), ("take", -0.5)]
