"""The solo planner (:mod:`sagrada.games.dice.bots.planner`, :mod:`sagrada.games.cards.planner`),
the perfect-information Monte Carlo driver it shares (:mod:`sagrada.search.pimc`) and its fast
playouts (:mod:`sagrada.search.window_playout`, :mod:`sagrada.games.dice.bots.playout_values`).

Solo rules: rulebook 001_3237e9a6eb6273e0.txt, SOLO PLAY RULES (4 dice a round, two turns, -3
VP per open space, the target is the sum of the Round Track's dice); the card game: rulebook
002_a2583da13b6224b7.txt.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from helpers import BLANK, arrange_cards, arranged_game, start
from sagrada.core.dice import parse_die
from sagrada.core.position import make_window
from sagrada.games.cards.bots import make_card_bot
from sagrada.games.cards.game import CARD_GAME
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.planner import PlannerCardBot
from sagrada.games.cards.state import CardState, new_card_game
from sagrada.games.cards.tournament import play_card_game
from sagrada.games.cards.views import determinize_cards, make_card_view
from sagrada.games.dice.bots import Bot, make_bot
from sagrada.games.dice.bots.planner import PlannerBot, turn_over
from sagrada.games.dice.bots.tournament import run_tournament
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.game import DICE_GAME
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import PlayerView, determinize, make_view
from sagrada.search.budget import Budget
from sagrada.search.pimc import race, turn_plans
from sagrada.search.plans import PlanFollower
from sagrada.search.window_playout import final_score, kept_tools_worth, play_out
from sagrada.search.window_summary import PolicyWeights, SoloModel

SOLO = GameConfig(players=1)

#: 18 dice on a blank window, every orthogonal pair differing in colour and value (colour
#: (row + 2 column) mod 5, value (3 row + column) mod 6 + 1); A1 and D5 are open. A1's
#: neighbours are G2 and Y4, D5's P1 and R5.
ALL_BUT_TWO_CORNERS = (
    "A2=G2 A3=P3 A4=Y4 A5=B5 B1=Y4 B2=B5 B3=R6 B4=G1 B5=P2 C1=G1 C2=P2 C3=Y3 C4=B4 C5=R5 "
    "D1=B4 D2=R5 D3=G6 D4=P1"
)


def solo_view(state: State) -> PlayerView:
    return make_view(state, 0)


def play_solo(bot: Bot, seed: int) -> State:
    state = new_game(SOLO, seed)
    while not state.is_over:
        state.apply(bot.choose(make_view(state, 0), state.legal_actions()))
    return state


# -- specs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "iterations", "seconds"),
    [("planner", None, 1.0), ("planner:300", 300, None), ("planner:0.5s", None, 0.5)],
)
def test_planner_specs_give_a_budget_of_playouts_or_seconds(
    spec: str, iterations: int | None, seconds: float | None
) -> None:
    bot = make_bot(spec, seed=1)
    assert isinstance(bot, PlannerBot)
    assert (bot.name, bot.budget) == (spec, Budget(iterations, seconds))
    card_bot = make_card_bot(spec, seed=1)
    assert isinstance(card_bot, PlannerCardBot)
    assert (card_bot.name, card_bot.budget) == (spec, Budget(iterations, seconds))


@pytest.mark.parametrize("spec", ["planner:0", "planner:-2", "planner:1.5", "planner:infs"])
def test_a_bad_planner_budget_is_refused_by_both_games(spec: str) -> None:
    with pytest.raises(ValueError, match="bad planner budget"):
        make_bot(spec)
    with pytest.raises(ValueError, match="bad planner budget"):
        make_card_bot(spec)


# -- the driver ------------------------------------------------------------------------------


def test_a_race_drops_the_clearly_worse_and_keeps_the_best() -> None:
    # Constant values: after the 4 guesses a candidate must wait for, the two behind the
    # leader by 2 and 1 on every guess (no spread) are dropped; 3 x 4 playouts in all.
    result = race(3, lambda candidate, guess: [1.0, 3.0, 2.0][candidate], Budget(100))
    assert result.best == 1
    assert result.samples == (4, 4, 4)
    assert result.playouts == 12
    assert result.means == (1.0, 3.0, 2.0)


def test_a_race_keeps_one_of_candidates_equal_on_every_guess() -> None:
    result = race(3, lambda candidate, guess: float(guess % 3), Budget(100))
    assert result.best == 0  # the first of equals
    assert result.playouts == 12


def test_a_race_spends_no_more_than_its_playouts() -> None:
    # Two candidates too close to part: the budget ends the race after whole guesses.
    noise = random.Random(5)
    values = {(c, g): noise.gauss(0.0, 10.0) for c in range(2) for g in range(100)}
    result = race(2, lambda candidate, guess: values[candidate, guess], Budget(25))
    assert result.playouts == 24  # 12 whole guesses; a 13th would need 26
    assert result.samples == (12, 12)


def test_a_race_whose_time_runs_out_within_a_guess_ends_with_the_guesses_it_has() -> None:
    # Ten candidates of a millisecond each and 5 ms: the second guess is cut short, where the
    # race would drop candidates if it were complete (after two guesses); the cut guess drops
    # none, and the best mean so far wins.
    def value(candidate: int, guess: int) -> float:
        time.sleep(0.001)
        return float(candidate == 7)

    result = race(10, value, Budget(seconds=0.005), min_samples=2, z=0.0)
    assert result.best == 7
    assert sum(result.samples) == result.playouts < 20
    assert min(result.samples) == 1


def test_a_race_finds_the_better_mean_under_noise() -> None:
    noise = random.Random(7)

    def value(candidate: int, guess: int) -> float:
        return (1.0 if candidate == 2 else 0.0) + noise.gauss(0.0, 1.0)

    assert race(4, value, Budget(2000)).best == 2


def test_a_plan_is_followed_while_the_game_goes_as_planned() -> None:
    follower = PlanFollower()
    assert follower.start([4, 8], (5, 6, 7)) == 5
    assert follower.next([4, 8, 5], [6, 9]) == 6
    assert follower.next([4, 8, 5, 6], [0, 1]) is None  # 7 is not legal: the plan is dropped
    assert follower.next([4, 8, 5, 6], [0, 7]) is None


def test_a_plan_is_dropped_when_the_game_left_it() -> None:
    follower = PlanFollower()
    follower.start([4, 8], (5, 6, 7))
    assert follower.next([4, 8, 9], [6]) is None  # another action was played
    assert follower.next([4, 8, 9, 6], [7]) is None


def test_turn_plans_end_with_the_turn_or_with_chance() -> None:
    state = start(SOLO, seed=3)
    plans = turn_plans(state, turn_over, lambda s: 0.0, width=1000, node_budget=100_000)
    assert len(plans) > 10
    for actions, _ in plans:
        position = state.clone()
        for action in actions[:-1]:
            position.apply(action)
            assert not turn_over(state, position)
        before = position.rng.state
        position.apply(actions[-1])
        assert turn_over(state, position) or position.rng.state != before


# -- the playouts ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_playouts_score_is_the_engines_solo_score(seed: int) -> None:
    state = new_game(SOLO, seed)
    choose = random.Random(seed).choice
    while not state.is_over:
        state.apply(choose(state.legal_actions()))
    player = state.players[0]
    assert player.window is not None
    model = SoloModel(player.window.pattern, state.publics, player.privates, PolicyWeights())
    assert final_score(model, player.window) == state.score_of(0).total


def test_a_playout_places_the_die_that_fits_and_leaves_the_rest_to_the_track() -> None:
    # D5 takes neither purple nor red (D4 P1, C5 R5) nor a 1 or a 5: of the pool only B6.
    window = make_window(BLANK, ALL_BUT_TWO_CORNERS + " A1=R1")
    state = new_game(SOLO, 1)
    model = SoloModel(window.pattern, state.publics, state.players[0].privates, PolicyWeights())
    pool = [parse_die(d) for d in ("Y1", "B6", "G5")]
    _, target = play_out(model, window, pool, 1, [], 20)
    assert window.open_spaces == 0
    assert window.dice[19] == parse_die("B6")
    assert target == 20 + 1 + 5


def test_a_kept_tool_is_worth_its_reserve_at_the_start_and_nothing_at_the_end() -> None:
    # 20 turns in a solo game: halfway through, a tool kept is worth half its reserve.
    assert kept_tools_worth(3, 20, 4.0) == 12.0
    assert kept_tools_worth(3, 10, 4.0) == 6.0
    assert kept_tools_worth(2, 0, 4.0) == 0.0
    assert kept_tools_worth(0, 20, 4.0) == 0.0


# -- the dice game's planner ----------------------------------------------------------------


def test_the_planner_fills_both_last_spaces_where_the_high_die_first_would_not() -> None:
    # The last round, A1 and D5 open. B6 fits both; R3 only A1 (D5 is beside R5); Y1 and G5
    # neither. B6 on A1 first leaves D5 open (-3, and R3 on the track); R3 on A1 or B6 on D5
    # first fills both. The tools are the purple ones, which no die of the pool can pay for.
    state = arranged_game(
        GameConfig(players=1, tools=(1, 6, 11)),
        4,
        placements=ALL_BUT_TWO_CORNERS,
        pool="B6 R3 Y1 G5",
        track={r: "R1 Y1" for r in range(1, 10)},
    )
    bot = make_bot("planner:60", seed=2)
    while not state.is_over:
        state.apply(bot.choose(make_view(state, 0), state.legal_actions()))
    window = state.players[0].window
    assert window is not None
    assert window.open_spaces == 0


def test_the_planner_plays_legal_reproducible_games() -> None:
    first = play_solo(make_bot("planner:15", seed=8), seed=8)
    again = play_solo(make_bot("planner:15", seed=8), seed=8)
    assert first.history == again.history
    window = first.players[0].window
    assert window is not None
    assert window.violations() == []


def played_plans(
    bot: PlannerBot | PlannerCardBot, state: Any, view: Callable[[Any], Any]
) -> list[tuple[list[int], list[int]]]:
    """Play a solo game by ``bot``, checking that what it says it has planned after each
    action (:meth:`PlannerBot.planned`) is what it then plays, step by step (nothing else
    moves in a solo game); return each plan, its actions and each step's number of legal
    actions."""
    plans: list[tuple[list[int], list[int]]] = []
    expected: tuple[int, ...] = ()
    while not state.is_over:
        legal = state.legal_actions()
        action = bot.choose(view(state), legal)
        if expected:
            assert (action, *bot.planned()) == expected  # the plan's next step, and the rest
            plans[-1][1].append(len(legal))
        elif bot.planned():
            plans.append(([action, *bot.planned()], [len(legal)]))
        expected = bot.planned()
        state.apply(action)
    assert not expected  # a plan ends with the turn
    return plans


def test_the_planner_says_what_it_has_planned_and_then_plays_it() -> None:
    plans = played_plans(PlannerBot(1, iterations=15, seconds=None), new_game(SOLO, 1), solo_view)
    tools = [p for p in plans if DICE_GAME.action_to_str(p[0][0]).startswith("T")]
    assert any(len(actions) >= 3 for actions, _ in tools)  # a tool through its steps
    # A step with one legal action (paying for a tool with the only die that may pay) is the
    # plan's too: the planner goes on with its plan after it, without planning again.
    assert any(1 in counts[1:-1] for _, counts in plans)


def test_the_card_planner_says_what_it_has_planned_and_then_plays_it() -> None:
    plans = played_plans(
        PlannerCardBot(0, iterations=15, seconds=None),
        new_card_game(CardOptions(tools=3), 0),
        make_card_view,
    )
    assert any(CARD_GAME.action_to_str(p[0][0]).startswith("T") for p in plans)


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(players=1, apprentice=True, masterwork=True, toil=True),
        GameConfig(players=1, solo_private_objectives=1, expansion=True),
    ],
    ids=["life", "one-private-five-six"],
)
def test_the_planner_finishes_solo_games_with_the_other_modules(config: GameConfig) -> None:
    # Its playouts know the base rules only; the engine's rules still decide what is legal.
    state = new_game(config, 2)
    bot = make_bot("planner:10", seed=2)
    while not state.is_over:
        state.apply(bot.choose(make_view(state, 0), state.legal_actions()))
    window = state.players[0].window
    assert window is not None
    assert window.violations() == []


def solo_decisions(seed: int, count: int) -> list[State]:
    """Positions of a random solo game where the player has a choice (setup first)."""
    state = new_game(SOLO, seed)
    rng = random.Random(seed)
    points: list[State] = []
    while not state.is_over and len(points) < count:
        if len(state.legal_actions()) > 1 and (state.phase == Phase.SETUP or rng.random() < 0.3):
            points.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return points


def test_the_planners_choice_does_not_depend_on_the_bag() -> None:
    for state in solo_decisions(seed=12, count=5):
        view = make_view(state, 0)
        twin = determinize(view, 99)  # the same game, another future for the bag
        assert twin.rng.state != state.rng.state
        twin_view = make_view(twin, 0)
        assert twin_view.to_json() == view.to_json()
        legal = state.legal_actions()
        chosen = make_bot("planner:20", seed=4).choose(view, legal)
        assert chosen == make_bot("planner:20", seed=4).choose(twin_view, legal)


def test_a_planner_handed_the_true_game_plans_on_it_alone() -> None:
    # scripts/solo_bound.py's oracle: every guess is the game itself, so a plan's playouts
    # meet the same dice on every guess and give the same result.
    state = solo_decisions(seed=12, count=3)[-1]
    calls: list[PlayerView] = []

    def true_game(view: PlayerView) -> State:
        calls.append(view)
        return state.clone()

    bot = PlannerBot(3, iterations=200, seconds=None, min_samples=3, guesser=true_game)
    bot.choose(make_view(state, 0), state.legal_actions())
    assert bot.last is not None and calls
    played = [values for values in bot.last.values if values]
    assert played and all(len(set(values)) == 1 for values in played)


def test_with_other_players_the_planner_plays_legally() -> None:
    state = new_game(GameConfig(players=2), 6)
    bots = [make_bot("planner:8", seed=1), make_bot("greedy", seed=2)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(make_view(state, seat), state.legal_actions()))
    assert state.players[0].window is not None
    assert state.players[0].window.violations() == []


def test_a_tiny_solo_tournament_of_the_planner() -> None:
    result = run_tournament(SOLO, ["planner:10", "greedy"], games=4, seed=30)
    planner, greedy = result.summaries
    assert (planner.games, greedy.games) == (2, 2)
    assert len(planner.margins) == 2
    assert all(score > 0 for score in planner.scores)


# -- the card game's planner -----------------------------------------------------------------


def test_the_card_planner_places_the_high_cards_and_leaves_the_low_one_to_the_turn_bar() -> None:
    # Two turns and three cards on a blank window: the card left is the round's turn bar stack
    # (the target), so R1 stays in hand.
    state = new_card_game(
        CardOptions(tool_cards=(1,), orders=("shades_of_blue", "set_values_1_2", "set_values_3_4")),
        seed=1,
    )
    arrange_cards(state, hand="R1 Y6 G5")
    bot = make_card_bot("planner:40", seed=1)
    for _ in range(2):
        state.apply(bot.choose(make_card_view(state), state.legal_actions()))
    assert [c % 6 + 1 for c in state.bar[-1]] == [1]


def test_the_card_planners_choice_does_not_depend_on_the_pile() -> None:
    state = new_card_game(CardOptions(tools=3), seed=5)
    rng = random.Random(5)
    for _ in range(6):
        view = make_card_view(state)
        twin: CardState = determinize_cards(view, 77)
        assert twin.pile != state.pile or twin.rng.state != state.rng.state
        legal = state.legal_actions()
        chosen = make_card_bot("planner:20", seed=3).choose(view, legal)
        assert chosen == make_card_bot("planner:20", seed=3).choose(make_card_view(twin), legal)
        state.apply(rng.choice(legal))


def test_the_card_planner_plays_legal_reproducible_games() -> None:
    first = play_card_game((CardOptions(tools=3), "planner:15", 4))
    again = play_card_game((CardOptions(tools=3), "planner:15", 4))
    assert first == again
