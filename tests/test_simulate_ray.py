"""Tournaments on Ray (``sagrada simulate --backend ray``, :mod:`sagrada.cluster`; issue 16).

A tournament's games are independent tasks with their own seeds, so a Ray cluster must play
exactly the games the local backend plays: these tests run tiny tournaments of both games on a
local Ray of 2 CPUs and compare them game by game with this process's. The tests that need Ray
are skipped when it is not installed (``make test`` installs it: the ``cluster`` extra).
"""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from sagrada.cli.main import main
from sagrada.cluster import RayBackend
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.tournament import run_card_tournament
from sagrada.games.dice.bots.tournament import run_tournament
from sagrada.games.dice.rules.config import GameConfig

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed (pip install -e '.[cluster]'; make test installs it)",
)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def without_speed(data: dict[str, object]) -> dict[str, object]:
    """A summary without its games per second (the one figure that depends on the machine)."""
    return {key: value for key, value in data.items() if key != "games_per_second"}


@needs_ray
def test_a_tournament_on_ray_plays_the_local_games_and_stops_its_ray() -> None:
    import ray

    config, cards = GameConfig(players=2), CardOptions()
    local = run_tournament(config, ["greedy", "random"], games=4, seed=7)
    local_cards = run_card_tournament(cards, ["greedy", "random"], games=2, seed=7)
    with RayBackend(cpus=2) as backend:
        on_ray = run_tournament(config, ["greedy", "random"], games=4, seed=7, backend=backend)
        assert ray.is_initialized()
        cards_on_ray = run_card_tournament(
            cards, ["greedy", "random"], games=2, seed=7, backend=backend
        )
    assert not ray.is_initialized()  # the Ray the backend started is stopped
    # Seeds 7 and 8, each in both seatings, in (seed, rotation) order; every score the same.
    assert [(g.seed, g.rotation) for g in on_ray.games] == [(7, 0), (7, 1), (8, 0), (8, 1)]
    assert on_ray.games == local.games
    assert without_speed(on_ray.to_json()) == without_speed(local.to_json())
    assert [(g.seed, g.bot) for g in cards_on_ray.games] == [
        (7, "greedy"), (7, "random"), (8, "greedy"), (8, "random"),
    ]  # fmt: skip
    assert cards_on_ray.games == local_cards.games


@needs_ray
def test_simulate_on_ray_prints_the_local_report(capsys: pytest.CaptureFixture[str]) -> None:
    import ray

    words = ["simulate", "--bots", "greedy,random", "--games", "4", "--seed", "3", "--quiet"]
    code, local, _ = run([*words, "--json"], capsys)
    assert code == 0
    code, on_ray, err = run([*words, "--json", "--backend", "ray", "--workers", "2"], capsys)
    assert (code, err) == (0, "")
    assert without_speed(json.loads(on_ray)) == without_speed(json.loads(local))
    assert not ray.is_initialized()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--address", "127.0.0.1:6379"], "--address names a Ray cluster: it needs --backend ray"),
        (["--backend", "ray", "--address", "127.0.0.1:6379", "--workers", "2"],
         "--workers sizes a local Ray; a cluster given by --address has its own CPUs"),
    ],
)  # fmt: skip
def test_bad_ray_options_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["simulate", "--games", "1", "--quiet", *args], capsys)
    assert (code, out) == (2, "")
    assert err == f"sagrada simulate: error: {message}\n"


def test_the_ray_backend_without_ray_says_which_extra_installs_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    code, out, err = run(["simulate", "--games", "1", "--quiet", "--backend", "ray"], capsys)
    assert (code, out) == (2, "")
    assert err == (
        "sagrada simulate: error: the Ray backend needs Ray: pip install 'sagrada[cluster]'\n"
    )


@needs_ray
@pytest.mark.parametrize(
    ("address", "message"),
    [
        # Port 1 of this machine: nothing listens there, the connection is refused at once.
        ("127.0.0.1:1", "cannot reach a Ray cluster at 127.0.0.1:1: Connection refused"),
        ("head-node", "--address head-node: expected HOST:PORT (or ray://HOST:PORT, auto)"),
    ],
)
def test_a_cluster_that_cannot_be_reached_is_one_line_and_exit_2(
    address: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    words = ["simulate", "--games", "1", "--quiet", "--backend", "ray", "--address", address]
    code, out, err = run(words, capsys)
    assert (code, out) == (2, "")
    assert err == f"sagrada simulate: error: {message}\n"
