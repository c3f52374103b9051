"""Rule modules plug into the engine through hooks alone (issue 11, "Variants as modules").

A made-up module, defined here and registered for these tests only, uses the hooks Life's
modules need (docs/architecture.md, "Adding a rule module"): a component of its own on the
table, a hook after every action that notices a space being covered, a step of its own that
interrupts the turn, an end-of-turn hook, and a score part. Nothing of the engine knows it.
The made-up rule: covering a corner space of one's window for the first time asks the player to
take a favor token (``=1``) or not (``=2``); each corner so rewarded scores 1 VP at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from sagrada.core.dice import parse_die
from sagrada.core.messages import Message, msg
from sagrada.core.options import Options
from sagrada.core.position import make_window
from sagrada.core.rng import Rng
from sagrada.core.scoring import ScorePart
from sagrada.core.window import Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.hooks import (
    ModuleStep,
    RuleModule,
    RulesBuilder,
    TurnAction,
    use_tool_free,
)
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.rules import register_module, unregister_module
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.table import FIRST_MODULE_BIT, Table
from sagrada.games.dice.rules.tools.effect import TOOL_EFFECTS
from sagrada.games.dice.rules.views import determinize, make_view

NAME = "test-corners"
CORNERS = 1 << 0 | 1 << 4 | 1 << 15 | 1 << 19  # A1, A5, D1, D5


class Rewarded:
    """The corners each seat has been rewarded for (a component: copied with the game)."""

    def __init__(self, masks: list[int]) -> None:
        self.masks = masks

    def copy(self) -> Rewarded:
        return Rewarded(self.masks[:])

    def snapshot(self) -> Any:
        return list(self.masks)

    def dice(self) -> list[int]:
        return []


def rewarded(table: Table) -> Rewarded:
    component = table.components[NAME]
    assert isinstance(component, Rewarded)
    return component


class ChooseReward(ModuleStep):
    def actions(self, table: Table) -> list[Action]:
        return [A.set_value(1), A.set_value(2)]

    def apply(self, table: Table, action: Action) -> bool:
        if action == A.set_value(1):
            table.players[table.current].favor += 1
        return True

    def prompt(self, table: Table) -> Message:
        # A message of the catalogue (a module of the project adds its own entries there).
        return msg("tool.new_value", colour="R")


class CornerModule(RuleModule):
    name = NAME
    title = "the corner test module"
    enabled = False

    def active(self, options: Options) -> bool:
        return self.enabled

    def configure(self, rules: RulesBuilder) -> None:
        rules.setup_steps.append(self.setup)
        rules.after_action.append(self.notice)
        rules.steps["corner"] = ChooseReward()
        rules.turn_end.append(self.count_turn)
        rules.score_parts.append(self.score)

    def setup(self, table: Table) -> None:
        table.components[NAME] = Rewarded([0] * len(table.players))

    def notice(self, table: Table, action: Action) -> None:
        window = table.players[table.current].window
        assert window is not None
        component = rewarded(table)
        new = window.occupied & CORNERS & ~component.masks[table.current]
        if new:
            component.masks[table.current] |= new
            table.step = "corner"

    def count_turn(self, table: Table) -> None:
        self.turns_ended += 1

    turns_ended = 0

    def score(self, table: Table, seat: int) -> list[ScorePart]:
        count = rewarded(table).masks[seat].bit_count()
        return [ScorePart("Corners", "module", count, count, msg("formula.die", n=count, vp=1), ())]


@pytest.fixture
def corner_module() -> Iterator[CornerModule]:
    module = CornerModule()
    module.enabled = True
    register_module(module)
    try:
        yield module
    finally:
        unregister_module(NAME)


def act(state: State, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def legal(state: State) -> set[str]:
    return {action_to_str(a) for a in state.legal_actions()}


def started() -> State:
    state = new_game(GameConfig(players=2, tools=(1, 2, 3)), seed=5)
    act(state, "W1", "W1")
    blank = make_window("..... ..... ..... .....")
    arrange(state, windows={0: blank, 1: blank}, pool="R3 G4 B5 Y1 P2", turn=0)
    return state


def test_a_registered_module_is_active_for_the_games_it_chooses(
    corner_module: CornerModule,
) -> None:
    assert NAME in GameConfig(players=2).modules
    corner_module.enabled = False
    assert NAME not in GameConfig(players=3).modules


def test_a_module_step_interrupts_the_turn_until_answered(corner_module: CornerModule) -> None:
    state = started()
    seat = state.current
    favor = state.players[seat].favor
    act(state, "R3@A1")
    assert state.current == seat and state.step == "corner"
    assert legal(state) == {"=1", "=2"}
    decision = state.describe_decision()
    assert decision.params["prompt"] == msg("tool.new_value", colour="R")
    assert "does not answer this step" in str(state.why_illegal(A.PASS))
    act(state, "=1")
    assert state.players[seat].favor == favor + 1
    assert state.step == "" and "pass" in legal(state)


def test_a_module_component_is_copied_with_the_game(corner_module: CornerModule) -> None:
    state = started()
    seat = state.current
    twin = state.clone()
    act(state, "R3@A1", "=2")
    expected = [0, 0]
    expected[seat] = 1  # A1 is cell 0: mask 1
    assert rewarded(state).masks == expected
    assert rewarded(twin).masks == [0, 0]
    assert state.snapshot()["components"] == {NAME: expected}


def test_module_score_parts_count_in_the_total(corner_module: CornerModule) -> None:
    state = started()
    act(state, "R3@A1", "=2")
    seat = state.current
    before = state.scores()[seat]
    part = next(p for p in before.parts if p.name == "Corners")
    assert part.points == 1
    # Listed before favor tokens and open spaces, and counted: without it the total is 1 less.
    kinds = [p.kind for p in before.parts]
    assert kinds.index("module") < kinds.index("favor") < kinds.index("open")
    assert before.total == sum(p.points for p in before.parts if p.counted)


def test_the_turn_end_hook_runs_once_per_turn(corner_module: CornerModule) -> None:
    state = started()
    act(state, "R3@A1", "=2", "pass")
    assert corner_module.turns_ended == 1


def test_without_the_module_the_same_moves_play_as_before() -> None:
    state = started()
    seat = state.current
    act(state, "R3@A1")
    assert state.step == "" and state.current == seat and "=1" not in legal(state)
    assert all(p.name != "Corners" for p in state.scores()[seat].parts)
    assert isinstance(state.window(seat), Window)


# -- a tool's effect used free (what Life's Apprentice's tools need) ---------------------------

FREE_NAME = "test-free-pliers"


class FreePliers(TurnAction):
    """Once a turn, ``=3`` uses Grozing Pliers' effect free (a card that copies a tool)."""

    bit = FIRST_MODULE_BIT << 1
    kind = int(A.Kind.VALUE)

    def actions(self, table: Table) -> list[Action]:
        return [A.set_value(3)] if TOOL_EFFECTS[1].can_start(table) else []

    def apply(self, table: Table, action: Action) -> None:
        use_tool_free(table, 1)


class FreePliersModule(RuleModule):
    name = FREE_NAME
    title = "the free pliers test module"

    def active(self, options: Options) -> bool:
        return True

    def configure(self, rules: RulesBuilder) -> None:
        rules.turn_actions.append(FreePliers())


@pytest.fixture
def free_pliers() -> Iterator[None]:
    register_module(FreePliersModule())
    try:
        yield
    finally:
        unregister_module(FREE_NAME)


def test_a_tools_effect_used_free_costs_nothing_and_leaves_the_turns_tool_action(
    free_pliers: None,
) -> None:
    # Grozing Pliers (tool 1): take a die, raise or lower it by 1, place it. Used free, it
    # takes no favor token and the turn may still use a tool card; it does use the turn's
    # draft, as the card acts "after drafting" (docs/rules-clarifications.md).
    state = new_game(GameConfig(players=2, tools=(1, 2, 3)), seed=5)
    act(state, "W1", "W1")
    blank = make_window("..... ..... ..... .....")
    arrange(state, windows={0: blank, 1: blank}, pool="R3 G4 B5 Y1 P2", favor={0: 1, 1: 1}, turn=0)
    seat = state.current
    act(state, "=3")
    assert state.tool_slot >= 0 and state.free_tool == 1
    assert str(state.describe_decision()) == (
        f"player {seat}: Grozing Pliers: choose a die from the Draft Pool"
    )
    act(state, "R3", "+1", "@A1")
    window = state.window(seat)
    assert window.dice[0] == parse_die("R4")
    assert state.players[seat].favor == 1
    assert state.current == seat
    assert "T2" in legal(state) and not any("@" in a for a in legal(state))


# -- hidden parts of a module's component (what Life's apprentice hands need) ------------------

SECRET_NAME = "test-secrets"
UNKNOWN = -1


class Secrets:
    """Each seat's secret card (1-10) and the deck of the others: hidden information."""

    def __init__(self, hands: list[int], deck: list[int]) -> None:
        self.hands = hands
        self.deck = deck

    def copy(self) -> Secrets:
        return Secrets(self.hands[:], self.deck[:])

    def snapshot(self) -> Any:
        return {"hands": list(self.hands), "deck": list(self.deck)}

    def dice(self) -> list[int]:
        return []


def secrets(table: Table) -> Secrets:
    component = table.components[SECRET_NAME]
    assert isinstance(component, Secrets)
    return component


class SecretsModule(RuleModule):
    name = SECRET_NAME
    title = "the secret cards test module"

    def active(self, options: Options) -> bool:
        return True

    def configure(self, rules: RulesBuilder) -> None:
        rules.setup_steps.append(self.deal)
        rules.redactions.append(self.redact)
        rules.guesses.append(self.guess)

    def deal(self, table: Table) -> None:
        deck = list(range(1, 11))
        table.rng.shuffle(deck)
        seats = len(table.players)
        table.components[SECRET_NAME] = Secrets(deck[:seats], deck[seats:])

    def redact(self, table: Table, viewer: int) -> None:
        state = secrets(table)
        state.hands = [card if seat == viewer else UNKNOWN for seat, card in enumerate(state.hands)]
        state.deck = [UNKNOWN] * len(state.deck)

    def guess(self, table: Table, viewer: int, rng: Rng) -> None:
        state = secrets(table)
        known = {card for card in state.hands if card != UNKNOWN}
        unseen = [card for card in range(1, 11) if card not in known]
        rng.shuffle(unseen)
        state.hands = [card if card != UNKNOWN else unseen.pop() for card in state.hands]
        state.deck = unseen


@pytest.fixture
def secret_cards() -> Iterator[None]:
    register_module(SecretsModule())
    try:
        yield
    finally:
        unregister_module(SECRET_NAME)


def test_a_modules_hidden_parts_leave_views_and_are_guessed_for_search(
    secret_cards: None,
) -> None:
    state = new_game(GameConfig(players=3), seed=8)
    truth = secrets(state)
    view = make_view(state, 0)
    seen = secrets(view.state)
    assert seen.hands == [truth.hands[0], UNKNOWN, UNKNOWN]
    assert seen.deck == [UNKNOWN] * 7
    hidden = view.state.snapshot()["components"][SECRET_NAME]
    assert truth.hands[1] not in [*hidden["hands"], *hidden["deck"]]
    guesses = set()
    for seed in range(30):
        guessed = secrets(determinize(view, seed))
        cards = [*guessed.hands, *guessed.deck]
        assert sorted(cards) == list(range(1, 11))  # every card once: a consistent world
        assert guessed.hands[0] == truth.hands[0]  # what the viewer knows stays
        guesses.add(guessed.hands[1])
    assert len(guesses) > 3  # the others' cards are guessed, not copied from the truth


# -- placements that ignore value restrictions for a while (what Life's Steady Hand needs) ----

STEADY_NAME = "test-steady"


class SteadyHand(TurnAction):
    """``=4``: the die placed this turn ignores its space's value restriction."""

    bit = FIRST_MODULE_BIT << 2
    kind = int(A.Kind.VALUE)

    def actions(self, table: Table) -> list[Action]:
        return [A.set_value(4)]

    def apply(self, table: Table, action: Action) -> None:
        table.window().free_value = True


class SteadyModule(RuleModule):
    name = STEADY_NAME
    title = "the steady hand test module"

    def active(self, options: Options) -> bool:
        return True

    def configure(self, rules: RulesBuilder) -> None:
        rules.turn_actions.append(SteadyHand())
        rules.after_action.append(self.placed)
        rules.turn_end.append(lambda table: self.clear(table))

    def placed(self, table: Table, action: Action) -> None:
        if A.KIND_OF[action] == A.Kind.DRAFT:
            self.clear(table)

    def clear(self, table: Table) -> None:
        table.window().free_value = False


@pytest.fixture
def steady_hand() -> Iterator[None]:
    register_module(SteadyModule())
    try:
        yield
    finally:
        unregister_module(STEADY_NAME)


def test_a_module_may_let_a_placement_ignore_value_restrictions(steady_hand: None) -> None:
    # A1 requires a 3: a red 5 may not go there (rulebook, placement restrictions) until the
    # module lifts the value restriction for the die placed; the colour rule still holds.
    state = new_game(GameConfig(players=2, tools=(1, 2, 3)), seed=5)
    act(state, "W1", "W1")
    grid = make_window("3G... ..... ..... .....")
    arrange(state, windows={0: grid, 1: grid}, pool="R5 Y3 B1", turn=0)
    seat = state.current
    assert "R5@A1" not in legal(state)
    act(state, "=4")
    assert "R5@A1" in legal(state) and "R5@A2" not in legal(state)  # A2 needs green
    act(state, "R5@A1")
    window = state.window(seat)
    assert window.dice[0] == parse_die("R5")
    assert window.waived_value == 1  # A1: the restriction is lifted for this die only
    assert window.violations() == []
    assert not window.free_value  # the next die obeys value restrictions again
