"""Ratings (issue 29, item 2; docs/ratings.md): the modes, one game's update with OpenSkill's
Plackett-Luce model, the places of a finished game, abandoned seats and the bots' fixed
ratings.

The expected updates are worked out by hand from the Plackett-Luce update (Weng and Lin 2011,
algorithm 4, as OpenSkill implements it) with the model's defaults: mu 25, sigma 25/3, beta
25/6, and tau 25/300 added to each sigma before the update (sigma'^2 = sigma^2 + tau^2).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from sagrada.core.messages import msg, render
from sagrada.players.ratings import (
    ABANDON_TURNS,
    MODES,
    START,
    Rating,
    Turn,
    abandoned_seats,
    bot_rating,
    bot_ratings,
    mode_of,
    ranks_of,
    rate,
    turns_of,
)
from sagrada.registry import entry, make_player

ROOT = Path(__file__).resolve().parent.parent
SIGMA = 25 / 3
BETA = 25 / 6
TAU = 25 / 300
#: A new account's variance once the update has added tau's.
WIDENED = SIGMA**2 + TAU**2


# -- modes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "mode"), [(1, None), (2, "2p"), (3, "multi"), (4, "multi"), (6, "multi"), (7, None)]
)
def test_a_games_mode_follows_its_number_of_players(players: int, mode: str | None) -> None:
    assert mode_of(players) == mode


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Two players", "Three to six players"]),
        ("de", ["Zwei Spieler", "Drei bis sechs Spieler"]),
    ],
)
def test_every_mode_has_its_words_in_each_language(language: str, words: list[str]) -> None:
    assert [render(msg(mode.message), language) for mode in MODES] == words


# -- one game's update ---------------------------------------------------------------------


def test_a_new_account_starts_at_the_models_prior_and_is_shown_as_zero() -> None:
    assert (START.mu, START.sigma) == (25.0, pytest.approx(SIGMA))
    assert START.display == 0.0


def test_the_winner_of_two_new_accounts_gains_what_the_loser_loses() -> None:
    # Two teams: c^2 = 2 (sigma'^2 + beta^2). Each is as likely to win (p = 1/2), so the
    # winner's omega is (1 - 1/2) sigma'^2 / c, the loser's -(1/2) sigma'^2 / c; both have
    # delta = (1/2)(1/2) sigma'^2 / c^2 times gamma = sigma' / c, and sigma'' = sigma' sqrt(1 -
    # delta). In numbers: c = 13.1767, the change 2.6354, sigma'' = 8.0659.
    c = math.sqrt(2 * (WIDENED + BETA**2))
    change = WIDENED / (2 * c)
    delta = 0.25 * WIDENED / c**2 * math.sqrt(WIDENED) / c
    sigma = math.sqrt(WIDENED) * math.sqrt(1 - delta)
    winner, loser = rate("2p", [START, START], [False, False], [1, 2])
    assert winner.mu == pytest.approx(25 + change) == pytest.approx(27.6354, abs=1e-4)
    assert loser.mu == pytest.approx(25 - change)
    assert winner.sigma == loser.sigma == pytest.approx(sigma) == pytest.approx(8.0659, abs=1e-4)


def test_the_lower_rank_wins_whatever_the_seat() -> None:
    first, second = rate("2p", [START, START], [False, False], [2, 1])
    assert first.mu < START.mu < second.mu


def test_a_tie_between_equal_ratings_moves_no_mean_but_makes_both_surer() -> None:
    # Tied teams share the place: each q of the two counts half (A_q = 2), so omega is
    # (1 - 1/2)/2 - (1/2)/2 = 0 and delta the same 1/4 as a decided game's.
    a, b = rate("2p", [START, START], [False, False], [1, 1])
    assert a.mu == pytest.approx(25.0) and b.mu == pytest.approx(25.0)
    assert a.sigma == pytest.approx(8.0659, abs=1e-4)


def test_a_fixed_seat_keeps_its_rating_and_the_other_moves_as_against_anyone_so_rated() -> None:
    bot = Rating(30.0, 1.5)
    person, kept = rate("2p", [START, bot], [False, True], [1, 2])
    assert kept is bot
    person_again, _ = rate("2p", [START, bot], [False, False], [1, 2])
    assert person == person_again
    assert person.mu > START.mu


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker() -> None:
    strong, weak = Rating(35.0, 2.0), Rating(15.0, 2.0)
    against_strong = rate("2p", [START, strong], [False, True], [1, 2])[0]
    against_weak = rate("2p", [START, weak], [False, True], [1, 2])[0]
    assert against_strong.mu - START.mu > against_weak.mu - START.mu > 0


def test_tied_seats_of_a_larger_game_share_their_place_and_its_change() -> None:
    first, second, third = rate("multi", [START] * 3, [False] * 3, [1, 1, 3])
    assert first == second
    assert first.mu > START.mu > third.mu


def test_in_a_larger_game_each_place_rates_above_the_next() -> None:
    after = rate("multi", [START] * 4, [False] * 4, [3, 1, 4, 2])
    assert after[1].mu > after[3].mu > after[0].mu > after[2].mu


@pytest.mark.parametrize(
    ("mode", "seats", "fixed", "ranks"),
    [
        ("2p", 3, 3, 3),
        ("multi", 2, 2, 2),
        ("multi", 7, 7, 7),
        ("solo", 2, 2, 2),
        ("2p", 2, 1, 2),
        ("2p", 2, 2, 3),
    ],
)
def test_an_update_refuses_a_game_its_mode_does_not_cover_or_lists_that_differ(
    mode: str, seats: int, fixed: int, ranks: int
) -> None:
    with pytest.raises(ValueError):
        rate(mode, [START] * seats, [False] * fixed, list(range(1, ranks + 1)))


# -- places --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranked:
    """A result with a ranking, as the dice game's."""

    ranking: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Points:
    total: int


@dataclass(frozen=True)
class Unranked:
    """A result with winners and scores only."""

    winners: tuple[int, ...]
    scores: tuple[Points, ...]


def test_places_follow_the_ranking_and_a_shared_place_is_one_rank() -> None:
    assert ranks_of(Ranked(((2,), (0, 1), (3,)))) == [2, 2, 1, 4]


def test_an_abandoned_seat_is_last_whatever_its_points_and_the_others_close_up() -> None:
    assert ranks_of(Ranked(((2,), (0, 1), (3,))), {2}) == [1, 1, 4, 3]


def test_abandoned_seats_share_the_last_place() -> None:
    assert ranks_of(Ranked(((2,), (0, 1), (3,))), {0, 2}) == [3, 1, 3, 2]


def test_without_a_ranking_the_winners_come_first_then_the_others_by_points() -> None:
    result = Unranked((2,), (Points(30), Points(25), Points(40), Points(30)))
    assert ranks_of(result) == [2, 4, 1, 2]


def test_an_abandoned_seat_must_be_a_seat_of_the_game() -> None:
    with pytest.raises(ValueError, match=r"\[5\]"):
        ranks_of(Ranked(((0,), (1,))), {5})


def test_a_finished_dice_game_gives_its_winner_the_first_place() -> None:
    chosen = entry("sagrada")
    config = chosen.game.config_from_json({"players": 3})
    state = chosen.game.new_state(config, 11)
    bots = [make_player("sagrada", "greedy", seat) for seat in range(3)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(chosen.game.view(state, seat), state.legal_actions()))
    outcome = chosen.game.outcome(state)
    ranks = ranks_of(outcome)
    assert sorted(ranks) == [1, 2, 3]  # the English tie-break leaves no tie
    assert [ranks[seat] for seat in outcome.winners] == [1]
    totals = [score.total for score in outcome.scores]
    assert totals[ranks.index(1)] == max(totals)


# -- abandonment ---------------------------------------------------------------------------


def test_a_seat_abandons_after_three_turns_in_a_row_played_by_a_bot() -> None:
    assert ABANDON_TURNS == 3
    turns = [Turn(seat, timed_out=seat == 0) for _ in range(3) for seat in (0, 1)]
    assert abandoned_seats(turns) == {0}


def test_fewer_turns_in_a_row_or_a_run_broken_by_a_played_turn_is_no_abandonment() -> None:
    two = [Turn(0, True), Turn(1, False), Turn(0, True), Turn(1, False)]
    assert abandoned_seats(two) == set()
    broken = [Turn(0, True), Turn(0, True), Turn(0, False), Turn(0, True), Turn(0, True)]
    assert abandoned_seats(broken) == set()


def test_another_seats_turns_between_do_not_break_a_run() -> None:
    turns = [Turn(0, True), Turn(1, False), Turn(1, False), Turn(0, True), Turn(0, True)]
    assert abandoned_seats(turns) == {0}


class ScriptedState:
    """A game that walks through given (round, turn, current player) keys, one an action."""

    def __init__(self, keys: list[tuple[int, int, int]], at: int = 0) -> None:
        self.keys = keys
        self.at = at

    @property
    def round(self) -> int:
        return self.keys[self.at][0]

    @property
    def turn(self) -> int:
        return self.keys[self.at][1]

    @property
    def current_player(self) -> int:
        return self.keys[self.at][2]

    def apply(self, action: Any) -> None:
        self.at += 1

    def clone(self) -> ScriptedState:
        return ScriptedState(self.keys, self.at)


def test_turns_are_runs_of_one_seats_actions_and_timed_out_if_a_bot_played_any() -> None:
    keys = [(0, 0, 0), (0, 0, 0), (0, 1, 1), (0, 2, 1), (0, 3, 0), (1, 0, 0)]
    start = ScriptedState(keys)
    turns = turns_of(start, [7, 7, 7, 7, 7], {1, 3})
    assert turns == [Turn(0, True), Turn(1, False), Turn(1, True), Turn(0, False)]
    assert start.at == 0


# -- the bots' fixed ratings ---------------------------------------------------------------


def measured() -> list[tuple[str, str, str]]:
    data = bot_ratings()["ratings"]
    return [(game, mode, bot) for game in data for mode in data[game] for bot in data[game][mode]]


def test_the_bot_ratings_file_says_how_it_was_measured() -> None:
    header = bot_ratings()["header"]
    assert header["command"].startswith("python scripts/bot_ratings.py")
    assert date.fromisoformat(header["date"]) <= date.today()
    for game, modes in bot_ratings()["ratings"].items():
        assert set(header["games"][game]) == set(modes)
        assert all(count > 0 for count in header["games"][game].values())


def test_every_bot_the_file_names_is_a_bot_of_its_game_in_a_mode() -> None:
    assert measured()
    names = {mode.name for mode in MODES}
    for game, mode, bot in measured():
        assert mode in names
        assert bot.partition(":")[0] in entry(game).bots.names
        assert isinstance(bot_rating(game, mode, bot), Rating)


def test_a_bot_not_measured_has_no_rating() -> None:
    game, mode, _ = measured()[0]
    assert bot_rating(game, mode, "mcts:123") is None
    assert bot_rating(game, "solo", "random") is None
    assert bot_rating("no such game", mode, "random") is None


@pytest.mark.parametrize("mode", [mode.name for mode in MODES])
def test_the_measured_dice_bots_rank_as_their_difficulty(mode: str) -> None:
    mus = {}
    for bot in ("random", "easy", "medium", "hard"):
        rating = bot_rating("sagrada", mode, bot)
        assert rating is not None
        mus[bot] = rating.mu
    assert sorted(mus, key=mus.__getitem__) == ["random", "easy", "medium", "hard"]


def test_a_new_account_stands_level_with_the_anchor_bot() -> None:
    anchors = bot_ratings()["header"]["anchor"]
    for game, modes in bot_ratings()["ratings"].items():
        for mode in modes:
            rating = bot_rating(game, mode, anchors[game])
            assert rating is not None
            assert rating.mu == pytest.approx(START.mu)


# -- the command that measures them ---------------------------------------------------------


def test_the_measuring_command_seats_distinct_bots_and_anchors_its_ratings(tmp_path: Path) -> None:
    out, results = tmp_path / "ratings.json", tmp_path / "games.jsonl"
    command = [sys.executable, str(ROOT / "scripts" / "bot_ratings.py"), "--game", "sagrada"]
    flags = ["--bots", "random,greedy,easy", "--anchor", "greedy", "--games", "4", "--passes", "3"]
    files = ["--out", str(out), "--results", str(results)]
    subprocess.run([*command, *flags, *files], check=True, capture_output=True, cwd=ROOT)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["header"]["command"] == (
        "python scripts/bot_ratings.py --game sagrada --bots random,greedy,easy --games 4"
        " --seed 1 --passes 3 --anchor greedy"
    )
    assert data["header"]["games"] == {"sagrada": {"2p": 4, "multi": 4}}
    for mode in ("2p", "multi"):
        assert set(data["ratings"]["sagrada"][mode]) == {"random", "greedy", "easy"}
        assert data["ratings"]["sagrada"][mode]["greedy"]["mu"] == pytest.approx(START.mu)
    games = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    # Three bots seat games of 2 and of 3 only, each bot once a game.
    assert sorted(len(game["bots"]) for game in games) == [2] * 4 + [3] * 4
    assert all(len(set(game["bots"])) == len(game["bots"]) for game in games)
