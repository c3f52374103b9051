"""Hints (docs/bots.md, "Hints"): each game's hint bot ranks the legal actions and rates the best
three, sorted by value, on one stated scale, deterministic for a seed and an iteration budget,
and blind to what the player cannot know (another player's private objective, the bag's or
the pile's order), like every bot's choice (tests/test_bots.py)."""

from __future__ import annotations

import random

import pytest

from sagrada.games.cards.bots import make_card_bot, planner
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import CardState, new_card_game
from sagrada.games.cards.views import determinize_cards, make_card_view
from sagrada.games.dice.bots import hint_bot
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.registry import game_bots, games, make_adviser
from sagrada.search.advice import HINT_COUNT, RatedAction
from test_bots import decision_points, hidden_twin

#: A small budget (playouts of the planner, iterations of the search it falls back to): enough
#: to play every plan out a few times, quick in a test.
ITERATIONS = 60


def random_position(config: GameConfig, seed: int, wanted: int | None = None) -> State:
    """A position of a seeded random game after setup where the player to move has more than
    :data:`HINT_COUNT` legal actions (or exactly ``wanted``)."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    while not state.is_over:
        count = len(state.legal_actions())
        fits = count > HINT_COUNT if wanted is None else count == wanted
        if state.phase == Phase.PLAY and fits and len(state.history) > 2 * config.players:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no such position in the game of seed {seed}")


def rank(state: State, seed: int = 7) -> list[RatedAction]:
    view = make_view(state, state.current_player)
    return hint_bot(seed, iterations=ITERATIONS).rank(view, state.legal_actions())


def check_ranking(ranking: list[RatedAction], legal: list[int]) -> None:
    """At most three distinct legal actions, best first, on one scale."""
    assert 1 <= len(ranking) <= HINT_COUNT
    assert len(ranking) == min(HINT_COUNT, len(legal)) or len(legal) > HINT_COUNT
    actions = [r.action for r in ranking]
    assert len(set(actions)) == len(actions)
    assert set(actions) <= set(legal)
    values = [r.value for r in ranking]
    assert values == sorted(values, reverse=True)
    assert len({(r.scale, r.basis) for r in ranking}) == 1
    assert all(r.samples >= 1 for r in ranking)


# -- the dice game's planner -----------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_planner_names_three_legal_actions_best_first_against_the_best(players: int) -> None:
    state = random_position(GameConfig(players=players), seed=players)
    bot = hint_bot(5, iterations=ITERATIONS)
    ranking = bot.rank(make_view(state, state.current_player), state.legal_actions())
    check_ranking(ranking, state.legal_actions())
    assert len(ranking) == HINT_COUNT
    # The scale is the points against the best action: 0 for the first, less for the others.
    assert ranking[0].value == 0.0
    assert all(r.scale == "relative" and r.basis == "simulations" for r in ranking)
    # Each playout plays one plan, which begins with one action.
    assert bot.last is not None
    assert sum(r.samples for r in ranking) <= bot.last.playouts


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_hints_first_is_the_move_the_planner_plays(players: int) -> None:
    # The same seed and playouts: the same guesses and the same race, whose winner the
    # planner plays and the hint puts first, at 0.
    state = random_position(GameConfig(players=players), seed=10 + players)
    view, legal = make_view(state, state.current_player), state.legal_actions()
    move = hint_bot(5, iterations=ITERATIONS).choose(view, legal)
    ranking = hint_bot(5, iterations=ITERATIONS).rank(view, legal)
    assert (ranking[0].action, ranking[0].value) == (move, 0.0)


def test_where_the_planner_cannot_play_out_the_search_ranks() -> None:
    # Life's Masterwork module (rulebook 004_234c3922e9d01436.txt) is not in the planner's
    # playouts: the search ranks, one simulation a root action per iteration.
    state = random_position(GameConfig(players=2, masterwork=True), seed=4)
    bot = hint_bot(5, iterations=ITERATIONS)
    ranking = bot.rank(make_view(state, state.current_player), state.legal_actions())
    check_ranking(ranking, state.legal_actions())
    assert ranking[0].value == 0.0
    assert all(r.scale == "relative" and r.basis == "simulations" for r in ranking)
    assert sum(r.samples for r in ranking) <= ITERATIONS


def test_the_ranking_is_the_same_for_the_same_seed_and_iteration_budget() -> None:
    state = random_position(GameConfig(players=2), seed=8)
    assert rank(state, seed=3) == rank(state, seed=3)


@pytest.mark.parametrize("count", [1, 2])
def test_with_fewer_legal_actions_than_three_the_hint_names_them_all(count: int) -> None:
    # One legal action is rated too (the search runs on it): its value is its own, 0.
    seed = next(s for s in range(40) if _has_position(s, count))
    state = random_position(GameConfig(players=2), seed=seed, wanted=count)
    ranking = rank(state)
    check_ranking(ranking, state.legal_actions())
    assert sorted(r.action for r in ranking) == sorted(state.legal_actions())


def _has_position(seed: int, count: int) -> bool:
    try:
        random_position(GameConfig(players=2), seed, wanted=count)
    except AssertionError:
        return False
    return True


def test_where_every_action_decides_the_end_the_values_are_the_final_results_apart() -> None:
    # Solo (rulebook, Solo Variant): the game ends after round 10 with the player's score and
    # the target. The planner's result is the score less half the target (docs/bots.md, the
    # planner). Where each action leaves no choice to the end of the game (seed 7, at its last
    # turn), nothing is left to guess: an action's value is its final result less the best
    # action's, exactly.
    state = new_game(GameConfig(players=1), seed=7)
    rng = random.Random(7)
    while not all(_forced_end(state, a) for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    margins = {a: _result_after(state, a) for a in state.legal_actions()}
    assert len(set(margins.values())) > 1, "the test wants actions of different margins"
    best = max(margins.values())
    ranking = rank(state)
    check_ranking(ranking, state.legal_actions())
    assert len(ranking) == min(HINT_COUNT, len(margins))
    for rated in ranking:
        assert rated.value == pytest.approx(margins[rated.action] - best)
    # The three best margins, whichever actions share them.
    assert [r.value for r in ranking] == pytest.approx(
        sorted((m - best for m in margins.values()), reverse=True)[: len(ranking)]
    )


def _forced_end(state: State, action: int) -> State | None:
    """The finished game after ``action`` when every decision after it has one legal action
    (else ``None``)."""
    child = state.clone()
    child.apply(action)
    while not child.is_over:
        legal = child.legal_actions()
        if len(legal) != 1:
            return None
        child.apply(legal[0])
    return child


def _result_after(state: State, action: int) -> float:
    finished = _forced_end(state, action)
    assert finished is not None
    outcome = finished.outcome()
    assert outcome.target is not None
    return outcome.scores[0].total - 0.5 * outcome.target


def test_the_window_choice_is_rated_by_playouts_too() -> None:
    state = new_game(GameConfig(players=2), seed=6)
    assert state.phase == Phase.SETUP
    ranking = rank(state)
    check_ranking(ranking, state.legal_actions())
    assert len(ranking) == HINT_COUNT  # of the four window options


@pytest.mark.parametrize(
    "config",
    [GameConfig(players=3), GameConfig(players=3, apprentice=True, masterwork=True)],
)
def test_the_ranking_does_not_depend_on_what_the_player_cannot_know(config: GameConfig) -> None:
    viewer = 1
    for state in decision_points(config, seed=12, viewer=viewer, count=3):
        twin = hidden_twin(state, viewer)
        view, twin_view = make_view(state, viewer), make_view(twin, viewer)
        assert view.to_json() == twin_view.to_json()
        legal = state.legal_actions()
        ranking = hint_bot(99, iterations=30).rank(view, legal)
        assert hint_bot(99, iterations=30).rank(twin_view, legal) == ranking


# -- the card game's planner -----------------------------------------------------------------


def card_position(seed: int, decisions: int) -> CardState:
    """A seeded random card game after ``decisions`` decisions, then on to the first with more
    than three legal actions."""
    state = new_card_game(CardOptions(tools=3), seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) <= HINT_COUNT:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_planner_ranks_by_the_estimated_margin_and_its_first_is_its_choice() -> None:
    state = card_position(seed=2, decisions=4)
    legal = state.legal_actions()
    view = make_card_view(state)
    ranking = planner(4).rank(view, legal)
    check_ranking(ranking, legal)
    assert len(ranking) == HINT_COUNT
    assert all(r.scale == "margin" and r.basis == "positions" for r in ranking)
    assert ranking[0].action == make_card_bot("plan", seed=4).choose(view, legal)


def test_the_planners_ranking_does_not_depend_on_the_piles_order() -> None:
    state = card_position(seed=5, decisions=3)
    twin = determinize_cards(make_card_view(state), seed=1)
    # The twin has the same cards unseen, and another chance to draw them in.
    assert sorted(twin.pile) == sorted(state.pile) and twin.rng.state != state.rng.state
    view, twin_view = make_card_view(state), make_card_view(twin)
    assert view.to_json() == twin_view.to_json()
    legal = state.legal_actions()
    ranking = planner(9).rank(view, legal)
    assert planner(9).rank(twin_view, legal) == ranking


# -- every game ------------------------------------------------------------------------------


def test_every_games_hint_bot_is_an_adviser_named_by_its_bots() -> None:
    for game in games():
        adviser = make_adviser(game.name, seed=1, iterations=5)
        assert adviser.name == game_bots(game.name).hint
        state = game.new_state(game.config_from_json({}), 3)
        view = game.view(state, state.current_player)
        ranking = adviser.rank(view, view.legal_actions())
        check_ranking(ranking, view.legal_actions())
