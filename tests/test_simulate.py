"""Tournaments between bots (:mod:`sagrada.games.dice.bots.tournament`) and ``sagrada simulate``.

Seats are rotated so that every bot sits in every seat equally often on the same seeds, and
the results do not depend on the number of worker processes. The command line is called in
process through :func:`sagrada.cli.main.main`.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sagrada.cli.main import main
from sagrada.core.errors import ConfigError
from sagrada.games.dice.bots.tournament import run_tournament
from sagrada.games.dice.rules.config import GameConfig
from sagrada.search.stats import mean_interval, wilson_interval
from sagrada.search.tournament import lineups, seeds_needed

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def seat_counts(seatings: list[tuple[str, ...]]) -> Counter[tuple[int, str]]:
    """How often each bot sits in each seat."""
    return Counter((seat, bot) for seating in seatings for seat, bot in enumerate(seating))


# -- seatings --------------------------------------------------------------------------------


def test_two_bots_in_two_seats_swap_seats() -> None:
    assert lineups(["greedy", "random"], 2) == [("greedy", "random"), ("random", "greedy")]


def test_two_bots_in_four_seats_sit_in_every_seat_equally_often() -> None:
    # The bots alternate round the table (g r g r); the 4 rotations put each bot in each seat
    # twice.
    seatings = lineups(["greedy", "random"], 4)
    assert len(seatings) == 4
    assert seatings[0] == ("greedy", "random", "greedy", "random")
    counts = seat_counts(seatings)
    assert counts == {(seat, bot): 2 for seat in range(4) for bot in ("greedy", "random")}


def test_three_bots_in_three_seats_sit_in_every_seat_once() -> None:
    seatings = lineups(["a", "b", "c"], 3)
    assert seatings == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert seat_counts(seatings) == {(seat, bot): 1 for seat in range(3) for bot in "abc"}


def test_solo_plays_each_bot_alone() -> None:
    assert lineups(["greedy", "random", "mcts:5"], 1) == [("greedy",), ("random",), ("mcts:5",)]


def test_more_bots_than_seats_is_an_error() -> None:
    with pytest.raises(ValueError, match="3 bots do not fit 2 seats"):
        lineups(["a", "b", "c"], 2)


# -- tournaments -----------------------------------------------------------------------------


def test_worker_processes_do_not_change_the_results() -> None:
    config = GameConfig(players=2)
    serial = run_tournament(config, ["greedy", "random"], games=4, seed=7, workers=1)
    parallel = run_tournament(config, ["greedy", "random"], games=4, seed=7, workers=2)
    # 4 games = seeds 7 and 8, each in both rotations, gathered in (seed, rotation) order.
    assert [(g.seed, g.rotation) for g in serial.games] == [(7, 0), (7, 1), (8, 0), (8, 1)]
    assert parallel.games == serial.games
    summary, parallel_summary = serial.to_json(), parallel.to_json()
    del summary["games_per_second"], parallel_summary["games_per_second"]
    assert parallel_summary == summary


def test_games_are_rounded_up_to_whole_rotations() -> None:
    result = run_tournament(GameConfig(players=2), ["random"], games=3, seed=0)
    assert len(result.games) == 4  # 2 seeds x 2 rotations


def test_summary_json_has_the_documented_keys() -> None:
    result = run_tournament(GameConfig(players=2), ["greedy", "random"], games=2, seed=1)
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) == {"players", "private_pools", "games", "bots", "games_per_second"}
    assert (data["players"], data["private_pools"], data["games"]) == (2, False, 2)
    assert [bot["name"] for bot in data["bots"]] == ["greedy", "random"]
    for bot in data["bots"]:
        assert {"name", "games", "mean_score", "mean_score_ci95", "win_rate", "win_rate_ci95",
                "components"} <= set(bot)  # fmt: skip
        assert "mean_margin" not in bot  # margins are for solo games only
        assert bot["games"] == 2
    # Exactly one seat wins each 2-player game (reverse-order tie-break): the rates add to 1.
    assert sum(bot["win_rate"] for bot in data["bots"]) == pytest.approx(1.0)


def test_the_summary_is_worked_out_from_the_games() -> None:
    result = run_tournament(GameConfig(players=2), ["greedy", "random"], games=4, seed=2)
    for summary in result.summaries:
        scores = [
            g.totals[s] for g in result.games for s, b in enumerate(g.bots) if b == summary.name
        ]
        wins = sum(1 for g in result.games for s in g.winners if g.bots[s] == summary.name)
        data = summary.to_json()
        assert data["mean_score"] == pytest.approx(sum(scores) / len(scores))
        mean = mean_interval(scores)
        assert data["mean_score_ci95"] == pytest.approx([mean.low, mean.high])
        assert data["win_rate"] == pytest.approx(wins / 4)
        rate = wilson_interval(wins, 4)
        assert data["win_rate_ci95"] == pytest.approx([rate.low, rate.high])


def test_solo_reports_the_win_rate_against_the_target_and_the_margin() -> None:
    result = run_tournament(
        GameConfig(players=1, solo_tools=5), ["greedy", "random"], games=4, seed=3
    )
    # Solo: each seed is played once by each bot, alone: seeds 3 and 4, two bots.
    assert [(g.seed, g.bots) for g in result.games] == [
        (3, ("greedy",)), (3, ("random",)), (4, ("greedy",)), (4, ("random",)),
    ]  # fmt: skip
    for summary in result.summaries:
        games = [g for g in result.games if g.bots == (summary.name,)]
        assert all(g.target is not None for g in games)
        margins = [g.totals[0] - g.target for g in games if g.target is not None]
        beaten = sum(1 for m in margins if m > 0)  # the score must beat the target
        data = summary.to_json()
        assert data["games"] == 2
        assert data["win_rate"] == pytest.approx(beaten / 2)
        assert data["mean_margin"] == pytest.approx(sum(margins) / 2)
        assert "mean_margin_ci95" in data


# -- the command line ------------------------------------------------------------------------


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "3", "--bots", "greedy,random", "--games", "3",
                 "--seed", "5", "--json", "--quiet"])  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"players", "private_pools", "games", "bots", "games_per_second"}
    assert (data["players"], data["games"]) == (3, 3)
    # g r g round 3 seats, rotated 3 times: greedy has 6 seats, random 3.
    assert {bot["name"]: bot["games"] for bot in data["bots"]} == {"greedy": 6, "random": 3}


def test_simulate_solo_table_shows_the_margin(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "1", "--bots", "greedy", "--games", "2", "--quiet"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "beats target" in out
    assert "mean margin over the target" in out


def test_simulate_private_pools_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "2", "--bots", "random", "--games", "2",
                 "--private-pools", "--json", "--quiet"])  # fmt: skip
    out, _ = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["private_pools"] is True


def test_simulate_plot_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "scores.png"
    code = main(["simulate", "--bots", "greedy,random", "--games", "2", "--quiet",
                 "--plot", str(path)])  # fmt: skip
    capsys.readouterr()
    assert code == 0
    assert path.read_bytes()[:8] == PNG_SIGNATURE


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", ""], "--bots needs at least one bot"),
        (["--bots", " , "], "--bots needs at least one bot"),
        (["--games", "0"], "--games must be at least 1"),
        (["--players", "2", "--bots", "greedy,random,easy"], "3 bots do not fit 2 seats"),
        (["--bots", "greedy,deepblue"], "no bot named 'deepblue'"),
        (["--bots", "mcts:0"], "bad mcts budget"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--players", "7"], "players must be 1-6"),
    ],
)
def test_simulate_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--games", "1", "--quiet", *args])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("sagrada simulate: error: ")
    assert message in err


# -- the seed's range: 0 to 2**64 - 1, the last seed of the tournament included -----------------

#: 2**64 - 1 and 2**64 - 2, written out.
MAX_SEED = 18446744073709551615
MAX_SEED_LESS_1 = 18446744073709551614


def test_seeds_needed_is_the_games_over_the_seatings_rounded_up() -> None:
    # 2 players: 2 rotations a seed. 3 games -> 2 seeds, 4 -> 2, 5 -> 3; 1 game -> 1 seed.
    bots = ["random", "random"]
    assert [seeds_needed(bots, 2, games) for games in (1, 3, 4, 5)] == [1, 2, 2, 3]
    # Solo: each bot plays each seed alone; 2 bots, 3 games -> 2 seeds.
    assert seeds_needed(["greedy", "random"], 1, 3) == 2


def test_simulate_accepts_the_largest_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "1", "--bots", "random", "--games", "1",
                 "--seed", str(MAX_SEED), "--json", "--quiet"])  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out)["games"] == 1


def test_simulate_accepts_a_run_of_seeds_that_ends_on_the_largest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 2 players, 3 games: 2 rotations a seed, so seeds 2**64 - 2 and 2**64 - 1 (4 games).
    code = main(["simulate", "--players", "2", "--bots", "random", "--games", "3",
                 "--seed", str(MAX_SEED_LESS_1), "--json", "--quiet"])  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out)["games"] == 4


def test_simulate_refuses_a_run_of_seeds_past_the_largest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 2 players, 5 games: 3 seeds, 2**64 - 2, 2**64 - 1 and 2**64 = 18446744073709551616; the
    # highest first seed for 3 seeds is 2**64 - 3 = 18446744073709551613.
    code = main(["simulate", "--players", "2", "--bots", "random", "--games", "5",
                 "--seed", str(MAX_SEED_LESS_1), "--quiet"])  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "sagrada simulate: error: --seed 18446744073709551614: the games would use seeds up to "
        "18446744073709551616, past 2**64 - 1 (with 3 seeds, --seed may be at most "
        "18446744073709551613)"
    ]


def test_run_tournament_refuses_seeds_out_of_range() -> None:
    solo = GameConfig(players=1)
    with pytest.raises(ConfigError, match=r"got -1$"):
        run_tournament(solo, ["random"], games=1, seed=-1)
    # 1 bot alone: 2 games are seeds 2**64 - 1 and 2**64.
    with pytest.raises(ConfigError, match=r"got 18446744073709551616$"):
        run_tournament(solo, ["random"], games=2, seed=MAX_SEED)


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--bots", "random", "--games", "2", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    json.loads(out)  # stdout is only the summary
    assert "\r[" in err
    assert err.endswith("] 2/2 games, ETA 0m00s\n")


def test_quiet_silences_the_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--bots", "random", "--games", "2", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    assert out.startswith("2 games, 2 player(s)")
