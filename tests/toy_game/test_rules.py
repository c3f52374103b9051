"""The toy game's own rules, views, records and bots (toy_game/__init__.py states them), each
with rolls chosen by hand (:mod:`toy_game.scripted`)."""

from __future__ import annotations

import pytest

from sagrada.core.errors import ConfigError, IllegalActionError, InvalidNotationError, RecordError
from sagrada.core.rng import Rng
from toy_game.bots import GreedyToyBot, RandomToyBot, make_toy_bot
from toy_game.game import TOY_GAME, ToyRecord
from toy_game.options import ToyOptions
from toy_game.scripted import scripted_game
from toy_game.state import ROLL, TAKE, ToyState, action_to_str, new_toy_game, parse_action
from toy_game.views import guess_state, make_toy_view


def play(state: ToyState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_the_secret_dice_are_rolled_at_the_start_seat_0_first() -> None:
    assert scripted_game(3, 5).dice == [3, 5]


def test_each_seat_decides_once_a_round_seat_0_first() -> None:
    state = scripted_game(3, 5)
    seen = []
    while not state.is_over:
        seen.append((state.round, state.turn, state.current_player))
        state.apply(TAKE)
    assert seen == [(0, 0, 0), (0, 1, 1), (1, 0, 0), (1, 1, 1)]
    assert (state.current_player, state.phase_name, state.round) == (-1, "over", 2)


def test_a_take_gains_the_take_points() -> None:
    state = scripted_game(3, 5, take_points=2)
    play(state, "take")
    assert state.points == [2, 0]


def test_a_roll_is_the_generators_next_roll_and_a_chance_action() -> None:
    state = scripted_game(3, 5, 6)
    assert state.is_chance(ROLL) and not state.is_chance(TAKE)
    play(state, "roll")
    assert (state.dice, state.rolls_left) == ([6, 5], [0, 1])


def test_a_player_without_a_roll_left_may_only_take() -> None:
    state = scripted_game(3, 5, 6, rolls=1)
    play(state, "roll", "take")
    assert state.legal_actions() == [TAKE]
    with pytest.raises(IllegalActionError, match="player 0 has no roll left"):
        state.apply(ROLL)
    assert (state.history, state.dice, state.points) == ([ROLL, TAKE], [6, 5], [0, 1])
    assert scripted_game(3, 5, rolls=0).legal_actions() == [TAKE]


def test_nothing_is_played_after_the_second_round() -> None:
    state = scripted_game(3, 5)
    play(state, "take", "take", "take", "take")
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(TAKE)


def test_the_score_is_points_plus_die_and_the_higher_total_wins() -> None:
    # Seat 0 rolls its 2 again and gets a 4, then takes: 1 + 4 = 5; seat 1 takes twice with
    # its 5: 2 + 5 = 7.
    state = scripted_game(2, 5, 4)
    play(state, "roll", "take", "take", "take")
    outcome = TOY_GAME.outcome(state)
    assert [(s.points, s.die, s.total) for s in outcome.scores] == [(1, 4, 5), (2, 5, 7)]
    assert outcome.winners == (1,)


def test_equal_totals_share_the_win() -> None:
    # Both take twice with a 4: 2 + 4 = 6 each.
    state = scripted_game(4, 4)
    play(state, "take", "take", "take", "take")
    assert TOY_GAME.outcome(state).winners == (0, 1)


def test_the_notation_is_take_and_roll_both_ways() -> None:
    assert [parse_action(t) for t in ("take", " ROLL ")] == [TAKE, ROLL]
    assert [action_to_str(a) for a in (TAKE, ROLL)] == ["take", "roll"]
    with pytest.raises(InvalidNotationError, match="pass is not an action of the toy game"):
        parse_action("pass")
    with pytest.raises(InvalidNotationError, match="2 is not an action code"):
        action_to_str(2)


def test_the_options_refuse_what_their_schema_does_not_allow() -> None:
    with pytest.raises(ConfigError, match="rolls must be 0-2, got 3"):
        ToyOptions(rolls=3)
    with pytest.raises(ConfigError, match="take_points must be 1 or 2, got 3"):
        ToyOptions.from_json({"take_points": 3})
    with pytest.raises(ConfigError, match="unknown configuration field 'players'"):
        ToyOptions.from_json({"players": 2})


def test_a_seat_sees_its_own_die_only_and_a_spectator_neither() -> None:
    state = scripted_game(3, 5)
    assert [make_toy_view(state, seat).to_json()["dice"] for seat in (0, 1, -1)] == [
        [3, None],
        [None, 5],
        [None, None],
    ]


def test_a_view_lists_the_viewers_legal_actions_as_objects() -> None:
    state = scripted_game(3, 5)
    mine, theirs = make_toy_view(state, 0).to_json(), make_toy_view(state, 1).to_json()
    assert mine["actions"] == [
        {"notation": "take", "kind": "take", "chance": False},
        {"notation": "roll", "kind": "roll", "chance": True},
    ]
    assert mine["legal_actions"] == ["take", "roll"]
    assert theirs["actions"] == [] and theirs["legal_actions"] == []


def test_a_view_holds_not_the_games_generator() -> None:
    state = new_toy_game(ToyOptions(), 11)
    view = make_toy_view(state, 0)
    assert view.state.rng.state == 0 != state.rng.state


def test_both_dice_are_shown_once_the_game_is_over() -> None:
    state = scripted_game(3, 5)
    play(state, "take", "take", "take", "take")
    data = make_toy_view(state, -1).to_json()
    assert data["dice"] == [3, 5]
    assert data["scores"] == [
        {"points": 2, "die": 3, "total": 5},
        {"points": 2, "die": 5, "total": 7},
    ]
    assert data["winners"] == [1]


def test_a_guess_keeps_what_the_view_shows_and_deals_the_hidden_die() -> None:
    state = scripted_game(3, 5)
    view = make_toy_view(state, 0)
    guess = guess_state(view, 9)
    assert guess.dice[0] == 3 and 1 <= guess.dice[1] <= 6
    assert make_toy_view(guess, 0).to_json() == view.to_json()


def test_a_record_replays_to_the_same_game() -> None:
    # Seed 11 rolls 4 and 2 for the dice, then 4 and 3 (sagrada.core.rng's SplitMix64).
    rolls = Rng(11)
    assert [rolls.roll() for _ in range(4)] == [4, 2, 4, 3]
    state = new_toy_game(ToyOptions(), 11)
    play(state, "take", "roll", "roll", "take")
    record = TOY_GAME.record_of(state, 11)
    assert record.to_json() == {
        "format": 2,
        "game": "toy",
        "config": {"take_points": 1, "rolls": 1},
        "seed": 11,
        "actions": ["take", "roll", "roll", "take"],
    }
    again = TOY_GAME.read_record(record.to_json()).replay()
    assert (again.dice, again.points, again.rolls_left) == ([3, 4], [1, 1], [0, 0])
    assert ToyRecord.from_json(record.to_json()).replay(upto=1).points == [1, 0]


def test_a_record_with_an_illegal_action_names_it() -> None:
    data = {"format": 2, "game": "toy", "config": {}, "seed": 11}
    with pytest.raises(RecordError, match=r"action 3 \(roll\): player 1 has no roll left"):
        TOY_GAME.read_record({**data, "actions": ["take", "roll", "take", "roll"]}).replay()
    with pytest.raises(RecordError, match="game must be 'toy' here"):
        TOY_GAME.read_record({**data, "game": "cards", "actions": []})


@pytest.mark.parametrize(
    ("take_points", "rolled"), [(1, {1, 2}), (2, {1})], ids=["take-1", "take-2"]
)
def test_the_greedy_bot_rolls_a_die_below_three_and_a_half_less_a_take(
    take_points: int, rolled: set[int]
) -> None:
    # A roll gains 3.5 - die on average, a take take_points: roll when 3.5 - die is more.
    bot = GreedyToyBot()
    chosen = {}
    for die in range(1, 7):
        state = scripted_game(die, 5, take_points=take_points)
        chosen[die] = bot.choose(make_toy_view(state, 0), state.legal_actions())
    assert {die for die, action in chosen.items() if action == ROLL} == rolled


def test_the_hint_rates_each_action_against_the_best() -> None:
    # A 2 with a take of 1 point: a roll gains 1.5 on average, a take 1, so a take is 0.5 worse.
    state = scripted_game(2, 5)
    ranked = GreedyToyBot().rank(make_toy_view(state, 0), state.legal_actions())
    assert [(r.action, r.value, r.scale, r.samples, r.basis) for r in ranked] == [
        (ROLL, 0.0, "relative", 6, "positions"),
        (TAKE, -0.5, "relative", 1, "positions"),
    ]


def test_the_random_bot_takes_only_legal_actions() -> None:
    bot = RandomToyBot(3)
    state = scripted_game(2, 5, rolls=0)
    assert {bot.choose(make_toy_view(state, 0), state.legal_actions()) for _ in range(20)} == {TAKE}


def test_an_unknown_bot_is_refused_naming_the_bots() -> None:
    with pytest.raises(ValueError, match="the bots: random, greedy"):
        make_toy_bot("minimax")
