"""The bots: specs, the hidden-information contract, complete games in every mode, strength.

The contract every bot keeps (module docstring of :mod:`sagrada.games.dice.bots`): it decides from a
:class:`~sagrada.games.dice.rules.views.PlayerView` and the legal actions only, so two games that
differ only in what the player cannot know (other players' private objectives and window options,
the order the bag will give its dice) get the same decision from a seeded bot.
"""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Callable, Sequence

import pytest

from helpers import reachable_module_sets
from sagrada.core.cells import parse_cell
from sagrada.core.content import WindowPattern
from sagrada.core.dice import parse_die
from sagrada.core.window import Window
from sagrada.games.dice.bots import BOT_NAMES, Bot, RandomBot, make_bot
from sagrada.games.dice.bots.greedy import GreedyBot
from sagrada.games.dice.bots.heuristic import dead_spaces, evaluate, final_scale_evaluate
from sagrada.games.dice.bots.mcts import MctsBot, estimated_rewards
from sagrada.games.dice.bots.planner import PlannerBot
from sagrada.games.dice.bots.tournament import run_tournament
from sagrada.games.dice.rules.actions import Action, action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, State, new_game
from sagrada.games.dice.rules.views import PlayerView, determinize, make_view
from sagrada.search.budget import Budget

#: The bots of the "every mode" games: the fast ones and a tiny search.
MODE_BOTS = ("random", "greedy", "easy", "mcts:10")


def play(config: GameConfig, bots: Sequence[Bot], seed: int) -> State:
    """Play a whole game, each seat's bot deciding from its own view (as a tournament does)."""
    state = new_game(config, seed)
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(make_view(state, seat), state.legal_actions())
        state.apply(action)  # raises IllegalActionError if the bot chose an illegal action
    return state


# -- specs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "kind", "iterations", "seconds"),
    [
        ("random", RandomBot, None, None),
        ("greedy", GreedyBot, None, None),
        ("medium", GreedyBot, None, None),
        ("easy", GreedyBot, None, None),
        ("mcts", MctsBot, None, 1.0),
        ("hard", PlannerBot, None, 1.0),
        ("mcts:500", MctsBot, 500, None),
        ("mcts:0.5s", MctsBot, None, 0.5),
    ],
)
def test_every_bot_spec_builds(
    spec: str, kind: type, iterations: int | None, seconds: float | None
) -> None:
    bot = make_bot(spec, seed=3)
    assert isinstance(bot, kind)
    assert bot.name == spec
    if isinstance(bot, (MctsBot, PlannerBot)):
        assert bot.budget == Budget(iterations, seconds)


def test_every_bot_name_is_a_spec() -> None:
    for name in BOT_NAMES:
        assert make_bot(name).name == name


def test_specs_ignore_case_and_spaces() -> None:
    bot = make_bot("  MCTS:40 ")
    assert isinstance(bot, MctsBot)
    assert (bot.name, bot.budget) == ("mcts:40", Budget(40))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "no bot named 'alphazero'"),
        ("", "no bot named ''"),
        ("greedy:5", "only mcts and planner take a budget, not 'greedy'"),
        ("hard:2s", "only mcts and planner take a budget, not 'hard'"),
        ("mcts:0", "bad mcts budget '0'"),
        ("mcts:-3", "bad mcts budget '-3'"),
        ("mcts:abc", "bad mcts budget 'abc'"),
        ("mcts:1.5", "bad mcts budget '1.5'"),
        ("mcts:0s", "bad mcts budget '0s'"),
        ("mcts:nans", "bad mcts budget 'nans'"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_unknown_bot_message_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="known: random, greedy, mcts, easy, medium, hard"):
        make_bot("minimax")


@pytest.mark.parametrize("spec", ["mcts:infs", "mcts:1e999s"])
def test_mcts_time_budget_must_be_finite(spec: str) -> None:
    with pytest.raises(ValueError, match="bad mcts budget"):
        make_bot(spec)


def test_mcts_needs_some_budget() -> None:
    with pytest.raises(ValueError, match="needs a budget"):
        MctsBot(iterations=None, seconds=None)


def test_mcts_spends_exactly_its_iteration_budget() -> None:
    state = new_game(GameConfig(players=2), seed=4)
    rng = random.Random(4)
    while state.phase == Phase.SETUP or len(state.legal_actions()) <= 8:
        state.apply(rng.choice(state.legal_actions()))
    bot = make_bot("mcts:30", seed=1)
    assert isinstance(bot, MctsBot)
    action = bot.choose(make_view(state, state.current), state.legal_actions())
    assert action in state.legal_actions()
    assert bot.last_iterations == 30


# -- hidden information ----------------------------------------------------------------------


def hidden_twin(state: State, viewer: int) -> State:
    """Return a game that differs from ``state`` only in what ``viewer`` cannot know.

    It is :func:`~sagrada.games.dice.rules.views.determinize` of the viewer's view: the other
    players' private objectives (and, during setup, their window options) guessed anew, and another
    future for the bag; the first guess (seeds 0 to 99) that gives the first other player
    other private objectives than the real ones.
    """
    other = next(seat for seat in range(len(state.players)) if seat != viewer)
    view = make_view(state, viewer)
    for seed in range(100):
        twin = determinize(view, seed)
        if twin.players[other].privates != state.players[other].privates:
            return twin
    raise AssertionError(f"no guess of seeds 0-99 changes player {other}'s private objectives")


def decision_points(config: GameConfig, seed: int, viewer: int, count: int) -> list[State]:
    """Return ``count`` states of a seeded random game where ``viewer`` decides (setup first)."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    points = []
    while not state.is_over and len(points) < count:
        mine = state.current == viewer and len(state.legal_actions()) > 1
        # Every other decision of the viewer, to spread the points over the game.
        if mine and (state.phase == Phase.SETUP or len(state.history) % 2):
            points.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    assert len(points) == count
    return points


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(players=3),
        GameConfig(players=4, private_pools=True),
        GameConfig(players=3, apprentice=True, masterwork=True),
    ],
)
def test_hidden_information_does_not_change_the_view_or_the_decision(config: GameConfig) -> None:
    viewer = 1
    for state in decision_points(config, seed=11, viewer=viewer, count=4):
        twin = hidden_twin(state, viewer)
        others = [s for s in range(config.players) if s != viewer]
        # The twin really differs in hidden information ...
        assert twin.players[others[0]].privates != state.players[others[0]].privates
        assert twin.rng.state != state.rng.state
        # ... and not in anything the viewer may know.
        view, twin_view = make_view(state, viewer), make_view(twin, viewer)
        assert view.to_json() == twin_view.to_json()
        legal = state.legal_actions()
        assert twin.legal_actions() == legal
        for spec in ("greedy", "easy", "mcts:30"):
            chosen = make_bot(spec, seed=99).choose(view, legal)
            twin_chosen = make_bot(spec, seed=99).choose(twin_view, legal)
            assert chosen == twin_chosen, (spec, state)


class Spy:
    """Wraps a bot and checks every view it is given against the real game."""

    def __init__(self, bot: Bot, game: list[State]) -> None:
        self.name = bot.name
        self._bot = bot
        self._game = game
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        real = self._game[0]
        seen = view.state
        assert seen is not real
        assert seen.rng.state != real.rng.state, "the view carries the game's chance"
        entries = view.to_json()["players"]
        for seat, player in enumerate(seen.players):
            if seat == view.player:
                assert player.privates == real.players[seat].privates
                continue
            assert player.privates == (), f"seat {seat}'s private objective is in the view"
            assert player.options == (), f"seat {seat}'s window options are in the view"
            assert "private_objectives" not in entries[seat]
            assert "apprentice_hand" not in entries[seat]
        if "apprentice" in real.components:  # Life: only the viewer's own cards are known
            hands = seen.snapshot()["components"]["apprentice"]["hands"]
            for seat, hand in enumerate(hands):
                if seat != view.player:
                    assert set(hand) <= {-1}, f"seat {seat}'s apprentice cards are in the view"
        self.decisions += 1
        return self._bot.choose(view, legal)


@pytest.mark.parametrize(
    ("config", "specs"),
    [
        (GameConfig(players=1), ("mcts:10",)),
        (GameConfig(players=3), ("greedy", "mcts:10", "easy")),
        (GameConfig(players=2, private_pools=True), ("mcts:10", "greedy")),
        (GameConfig(players=3, apprentice=True, masterwork=True), ("greedy", "mcts:10", "easy")),
    ],
)
def test_bots_are_given_views_without_hidden_information(
    config: GameConfig, specs: tuple[str, ...]
) -> None:
    game = [new_game(config, seed=21)]
    spies = [Spy(make_bot(spec, seed), game) for seed, spec in enumerate(specs)]
    state = game[0]
    while not state.is_over:
        seat = state.current_player
        state.apply(spies[seat].choose(make_view(state, seat), state.legal_actions()))
    assert all(spy.decisions > 0 for spy in spies)


# -- complete games in every mode ------------------------------------------------------------

MODES = [
    pytest.param(GameConfig(players=1), id="solo"),
    *(pytest.param(GameConfig(players=n), id=f"{n}p") for n in range(2, 7)),
    *(
        pytest.param(GameConfig(players=n, private_pools=True), id=f"{n}p-private-pools")
        for n in (2, 4, 6)
    ),
    pytest.param(GameConfig(players=1, apprentice=True, masterwork=True), id="solo-life"),
    pytest.param(GameConfig(players=4, apprentice=True, masterwork=True, toil=True), id="4p-life"),
    pytest.param(
        GameConfig(players=3, apprentice=True, private_pools=True), id="3p-apprentice-pools"
    ),
]


@pytest.mark.parametrize("config", MODES)
def test_every_bot_finishes_games_in_every_mode(config: GameConfig) -> None:
    n = config.players
    # Enough games that every bot sits at the table at least once; seats taken in turn.
    games = math.ceil(len(MODE_BOTS) / n)
    played: set[str] = set()
    for game in range(games):
        specs = [MODE_BOTS[(game * n + seat) % len(MODE_BOTS)] for seat in range(n)]
        state = play(config, [make_bot(spec, game * 10 + s) for s, spec in enumerate(specs)], game)
        assert state.is_over
        outcome = state.outcome()
        assert len(outcome.scores) == n
        for player in state.players:
            assert player.window is not None
            assert player.window.violations() == []
            assert player.window.occupied  # every bot placed at least one die
        played.update(specs)
    assert played == set(MODE_BOTS)


# -- Life ------------------------------------------------------------------------------------


def test_greedy_keeps_the_study_of_a_colour_it_has_over_a_card_of_no_points() -> None:
    # HOUSE-CONTENT.md, "Life: Apprentice module": Study of Blue (20) scores the blue dice's
    # values once activated; Apprentice's Lens Cutter (5) scores nothing itself.
    state = new_game(GameConfig(players=2, apprentice=True), seed=3)
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    seat = state.current
    window = state.players[seat].window
    assert window is not None
    for name, cell in (("B6", "A1"), ("B5", "A3")):
        window.place(parse_die(name), parse_cell(cell))
    cards = state.components["apprentice"]
    cards.deck = sorted(set(cards.deck) - {5, 20})  # type: ignore[attr-defined]
    cards.discard = [c for c in cards.discard if c not in (5, 20)]  # type: ignore[attr-defined]
    cards.offer = [5, 20]  # type: ignore[attr-defined]
    state.step = "apprentice-keep"
    state._legal = None
    legal = state.legal_actions()
    chosen = GreedyBot(seed=1).choose(make_view(state, seat), legal)
    assert action_to_str(chosen) == "keep:2"


# -- strength --------------------------------------------------------------------------------


def test_greedy_beats_random_most_of_the_time() -> None:
    # 3 seeds, each played with greedy in both seats: 6 two-player games.
    result = run_tournament(GameConfig(players=2), ["greedy", "random"], games=6, seed=0)
    greedy, random_bot = result.summaries
    assert (greedy.name, greedy.games) == ("greedy", 6)
    assert greedy.wins >= 4
    assert greedy.mean_score.estimate > random_bot.mean_score.estimate


BLANK_BUT_A_THREE = WindowPattern(
    "dead three", 3, 0, ("3....", ".....", ".....", "....3")
)  # fmt: skip


def test_a_value_space_next_to_that_value_is_dead() -> None:
    # A1 only takes a 3; a 3 on A2 (its orthogonal neighbour) means no 3 may ever go on A1,
    # and no other value suits A1: A1 is dead. D5 (also a 3, far away) and A3 (free, next to
    # the 3, so only a 3 or a blue die are out) can still be filled.
    window = Window(BLANK_BUT_A_THREE)
    assert dead_spaces(window) == 0
    window.place(parse_die("B3"), parse_cell("A2"))
    assert dead_spaces(window) == 1


def test_a_colour_space_next_to_that_colour_is_dead() -> None:
    # C1 only takes red; a red die on B1 (above it) makes C1 dead too; the 3 on A1 is
    # filled, so it is not an open space at all.
    pattern = WindowPattern("dead red", 3, 0, ("3....", ".....", "R....", "....."))
    window = Window(pattern)
    window.place(parse_die("Y3"), parse_cell("A1"))
    window.place(parse_die("R5"), parse_cell("B1"))
    assert dead_spaces(window) == 1
    window.place(parse_die("G3"), parse_cell("C2"))  # a 3 beside C1 changes nothing: still red
    assert dead_spaces(window) == 1


# -- search rewards ---------------------------------------------------------------------------


def _fixed(values: dict[int, float]) -> Callable[[State, int], float]:
    return lambda state, player: values[player]


def test_search_rewards_weigh_the_rivals_points_by_the_rivalry() -> None:
    # Worked by hand from the reward's definition: 0.5 + 2 × 0.02 × (own − rivalry × best other).
    # Player 0 is rated 50, player 1 is rated 40.
    state = new_game(GameConfig(players=2), seed=1)
    rate = _fixed({0: 50.0, 1: 40.0})
    pure_margin = estimated_rewards(state, rate, rivalry=1.0)
    assert pure_margin == pytest.approx([0.5 + 0.04 * 10, 0.5 + 0.04 * -10])
    own_points = estimated_rewards(state, rate, rivalry=0.0)
    assert own_points == pytest.approx([0.5 + 0.04 * 50, 0.5 + 0.04 * 40])
    mixed = estimated_rewards(state, rate, rivalry=0.3)
    assert mixed == pytest.approx([0.5 + 0.04 * (50 - 12), 0.5 + 0.04 * (40 - 15)])


def test_the_best_rival_is_the_one_that_counts() -> None:
    # Three players rated 30, 45 and 20: each player's rival is the best of the others.
    state = new_game(GameConfig(players=3), seed=1)
    rewards = estimated_rewards(state, _fixed({0: 30.0, 1: 45.0, 2: 20.0}), rivalry=1.0)
    assert rewards == pytest.approx([0.5 - 0.04 * 15, 0.5 + 0.04 * 15, 0.5 - 0.04 * 25])


def test_solo_estimates_count_the_target_still_to_come() -> None:
    # The hand-written solo estimate is the margin over the dice on the track so far; on the
    # final scale every round still to come adds two dice, 7 points, to the target. In round 1
    # (index 0) nine rounds are still to come.
    state = new_game(GameConfig(players=1, solo_tools=3), seed=3)
    while state.phase != Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert state.round == 0
    assert final_scale_evaluate(state, 0) == pytest.approx(evaluate(state, 0) - 63.0)


def test_a_view_reaches_a_bot_in_another_process_intact_in_every_module_set() -> None:
    # The server's searching bots think in worker processes: the view they are sent is
    # pickled, and a game's rules (the rule modules' functions) are made again from its options.
    for modules, config in reachable_module_sets().items():
        state = new_game(config, 1)
        rng = random.Random(1)
        for _ in range(60):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        view = make_view(state, max(0, state.current_player))
        copy = pickle.loads(pickle.dumps(view))
        assert copy.state.snapshot() == view.state.snapshot(), modules
        assert copy.legal_actions() == view.legal_actions(), modules
        assert copy.state.rules.modules == modules
