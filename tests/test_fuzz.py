"""A seeded random-game fuzzer: whole games of uniformly random legal actions, checked throughout.

In the style of OpenSpiel's ``random_sim_test`` and pgx's shared API test. Each game picks a
uniformly random legal action at every decision, for every player count (1-6), with and without
the Private Dice Pool rules, solo with and without the 5 & 6 Player Expansion (so that every
combination of rule modules that the options can switch on is played), and for tool sets that,
over the suite, cover all 14 tool cards (each mode's deck is cycled through; solo games use five
tools). After every action:

* dice are conserved: ``dice_counts()`` equals the starting bag plus the Private Dice Pools,
  colour by colour;
* every window obeys the placement rules (``violations()`` is empty) and its bitboards agree
  with its dice;
* a game that is not over has at least one legal action, listed once, in increasing code order,
  each legal by ``is_legal`` and with a text form that parses back to it.

On a sample of decisions (every tool step, and a fifth of the others), also:

* ``legal_action_mask()`` and ``is_legal`` agree with ``legal_actions()`` over every code;
* every legal action (up to 40 of them) applies cleanly to its own clone, conserving the dice
  and leaving the acting player's window legal;
* illegal codes (random ones and near-misses of legal ones) are refused by ``apply`` with an
  ``IllegalActionError`` naming a rule, and leave the state exactly as it was;
* ``clone()`` is independent of the original and replays the same chance;
* every player's view hides the other players' private objectives (and, during setup, their
  window options) and the generator state, lists the real legal actions to the current player,
  and ``determinize`` of it gives the same legal actions.

At the end of every game (and once in the middle), the record ``(config, seed, actions)``
replays, directly and through its JSON text, to the identical state and scores; the game ends
within ``config.max_game_length`` decisions.

Scaling: the default run plays 480 games, about 3.5 minutes of one core on the pure build
(``make test`` plays 320 there, the fewest that reach every combination of rule modules, and
the 480 on the compiled build). Set ``SAGRADA_FUZZ_GAMES`` to
play more (or fewer), for example ``SAGRADA_FUZZ_GAMES=5000 pytest tests/test_fuzz.py``. Games
are numbered, so a failure names the game (``g0123-2p-T1.5.9``) and the decision, and re-running
that one test id reproduces it.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from helpers import fingerprint, reachable_module_sets
from sagrada.core.cells import NUM_CELLS
from sagrada.core.dice import (
    DIE_COLOUR,
    DIE_VALUE,
    NUM_COLOURS,
    NUM_VALUE_CLASSES,
    NUM_WINDOW_COLOURS,
)
from sagrada.core.errors import IllegalActionError
from sagrada.core.window import EMPTY, Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Kind, action_space_size, action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.modules.private_pools import OWN_DICE_PER_COLOUR as PRIVATE_POOL_DICE
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import TERMINAL, Phase, State, new_game
from sagrada.games.dice.rules.views import determinize, make_view

NUM_GAMES = int(os.environ.get("SAGRADA_FUZZ_GAMES", "480"))
ALL_TOOLS = range(1, 17)
#: Share of ordinary (non-tool) decisions that get the expensive checks.
EXPENSIVE_SHARE = 0.2
#: Random illegal codes tried per sampled decision, and at most this many near-misses.
RANDOM_ILLEGAL = 6
NEAR_MISSES = 10
#: At most this many legal actions are each applied to a clone at a sampled decision.
MAX_BRANCHES = 40
#: Code offsets that turn a legal action into a near-miss: the next cell, the cell in the next
#: row, the next die value, the next colour, the next die face of a DRAFT / source of a MOVE, the
#: next Round Track round, and the neighbouring kind.
NEAR_OFFSETS = (1, -1, 5, -5, 6, -6, NUM_CELLS, -NUM_CELLS, 30, -30, 100, -100)


@dataclass(frozen=True)
class FuzzCase:
    """One fuzzed game: its number, player count, seed and configuration."""

    index: int
    config: GameConfig
    seed: int

    @property
    def name(self) -> str:
        tools = ".".join(str(t) for t in self.config.tools or ())
        bag = "-full" if self.config.full_bag else ""
        pools = "-pools" if self.config.private_pools else ""
        expansion = "-exp" if self.config.expansion else ""
        life = "".join(f"-{flag}" for flag in LIFE_MODULES if getattr(self.config, flag))
        return f"g{self.index:04d}-{self.config.players}p{bag}{pools}{expansion}{life}-T{tools}"


#: The game modes the fuzzer cycles through: (players, Private Dice Pool rules, 5 & 6 Player
#: Expansion asked for). 5 and 6 players use the expansion anyway.
MODES = (
    (1, False, False),
    (1, False, True),
    (2, False, False),
    (3, False, False),
    (4, False, False),
    (5, False, False),
    (6, False, False),
    (2, True, False),
    (3, True, False),
    (4, True, False),
    (5, True, False),
    (6, True, False),
)


#: The Life expansion's modules, each switched on in about half the games of every mode.
LIFE_MODULES = ("apprentice", "masterwork", "toil")


def make_case(index: int) -> FuzzCase:
    """Return game ``index``: the modes cycle; one tool of the mode's deck is always in play
    (cycling through the deck), the others are random; Life's modules are on or off at
    random."""
    players, pools, expansion = MODES[index % len(MODES)]
    rng = random.Random(f"fuzz-config-{index}")
    life = {flag: rng.random() < 0.5 for flag in LIFE_MODULES}
    life["masterwork_random"] = life["masterwork"] and index % 4 == 1
    count = 5 if players == 1 else 3
    deck = GameConfig(players=players, private_pools=pools, expansion=expansion, **life).tool_deck
    forced = deck[(index // len(MODES)) % len(deck)]
    others = rng.sample([t for t in deck if t != forced], count - 1)
    tools = tuple(sorted([forced, *others]))
    config = GameConfig(
        players=players,
        tools=tools,
        solo_tools=5,
        private_pools=pools,
        expansion=expansion,
        full_bag=players in (2, 3) and not pools and index % 3 == 0,
        tie_break="shared" if index % 5 == 0 else "reverse-order",
        **life,
    )
    return FuzzCase(index, config, seed=1_000_003 * index + 17)


CASES = [make_case(i) for i in range(NUM_GAMES)]


# -- what a state is ---------------------------------------------------------------------------


def public_fingerprint(state: State) -> dict[str, Any]:
    """Everything every player can see: the table's snapshot without the chance, without
    the players' private objectives and window options, and with the rule modules' hidden
    parts erased as for a spectator (apprentice hands and deck)."""
    copy = state.clone()
    for redact in state.rules.redactions:
        redact(copy, -1)
    snapshot = copy.snapshot()
    del snapshot["rng"]
    for player in snapshot["players"]:
        del player["privates"], player["options"]
    return snapshot


# -- the checks --------------------------------------------------------------------------------


class Checker:
    """Plays one game at random and checks it after every action."""

    def __init__(self, case: FuzzCase) -> None:
        self.case = case
        self.config = case.config
        self.state = new_game(case.config, case.seed)
        self.chooser = random.Random(f"fuzz-play-{case.seed}")
        self.sampler = random.Random(f"fuzz-checks-{case.seed}")
        own = PRIVATE_POOL_DICE * case.config.players if case.config.private_pools else 0
        self.bag = [case.config.dice_per_colour + own] * NUM_COLOURS

    def where(self) -> str:
        """Say where the game is, for failure messages."""
        history = " ".join(action_to_str(a) for a in self.state.history[-8:])
        return (
            f"{self.case.name} (config {self.config}, seed {self.case.seed}), "
            f"decision {len(self.state.history)}: {self.state.describe_decision()}; "
            f"last actions: {history}"
        )

    def play(self) -> None:
        state = self.state
        mid_replay = self.sampler.randrange(1, 60)
        for _ in range(self.config.max_game_length + 1):
            self.check_invariants()
            if state.is_over:
                break
            legal = state.legal_actions()
            expensive = state.tool_slot >= 0 or self.sampler.random() < EXPENSIVE_SHARE
            if expensive:
                self.check_mask()
                self.check_every_legal_action_applies()
                self.check_illegal_actions()
                self.check_views()
            action = self.chooser.choice(legal)
            if len(state.history) == mid_replay:
                self.check_replay()
            twin = self.check_clone(action) if expensive else None
            state.apply(action)
            if twin is not None:
                assert fingerprint(twin) == fingerprint(state), f"clone differs: {self.where()}"
        assert state.is_over, f"the game did not end: {self.where()}"
        assert len(state.history) <= self.config.max_game_length, self.where()
        self.check_end()
        self.check_views()
        self.check_replay()

    def check_invariants(self) -> None:
        state = self.state
        assert state.dice_counts() == self.bag, f"dice not conserved: {self.where()}"
        for seat, player in enumerate(state.players):
            window = player.window
            if window is None:
                continue
            assert window.violations() == [], f"player {seat}'s window: {self.where()}"
            check_bitboards(window, self.where)
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [], self.where()
            assert state.current_player == TERMINAL, self.where()
            return
        assert legal, f"no legal action in a game that is not over: {self.where()}"
        assert all(a < b for a, b in itertools.pairwise(legal)), self.where()
        assert legal[0] >= 0 and legal[-1] < self.config.num_distinct_actions, self.where()
        for action in legal:
            assert state.is_legal(action), f"{action_to_str(action)}: {self.where()}"
            assert parse_action(action_to_str(action)) == action, self.where()

    def check_mask(self) -> None:
        state = self.state
        legal = set(state.legal_actions())
        mask = state.legal_action_mask()
        assert (
            len(mask) == self.config.num_distinct_actions == action_space_size(self.config.modules)
        )
        assert [i for i, ok in enumerate(mask) if ok] == sorted(legal), self.where()
        every = range(len(A.KIND_OF))
        assert [a for a in every if state.is_legal(a)] == sorted(legal), self.where()

    def check_every_legal_action_applies(self) -> None:
        """Apply each legal action (at most ``MAX_BRANCHES``) to its own clone."""
        state = self.state
        legal = state.legal_actions()
        branches = legal if len(legal) <= MAX_BRANCHES else self.sampler.sample(legal, MAX_BRANCHES)
        seat = state.current
        for action in branches:
            branch = state.clone()
            try:
                branch.apply(action)
            except Exception as exc:  # any exception here is the failure being reported
                message = f"legal {action_to_str(action)} raised {exc!r}: {self.where()}"
                raise AssertionError(message) from exc
            assert branch.dice_counts() == self.bag, f"{action_to_str(action)}: {self.where()}"
            window = branch.players[seat].window
            assert window is None or window.violations() == [], self.where()

    def illegal_sample(self) -> list[int]:
        legal = self.state.legal_actions()
        legal_set = set(legal)
        near = {
            a + offset
            for a in legal
            for offset in NEAR_OFFSETS
            if 0 <= a + offset < len(A.KIND_OF) and a + offset not in legal_set
        }
        picked = self.sampler.sample(sorted(near), min(NEAR_MISSES, len(near)))
        while len(picked) < NEAR_MISSES + RANDOM_ILLEGAL:
            code = self.sampler.randrange(len(A.KIND_OF))
            if code not in legal_set:
                picked.append(code)
        return picked

    def check_illegal_actions(self) -> None:
        state = self.state
        before = fingerprint(state)
        for action in self.illegal_sample():
            text = action_to_str(action)
            assert not state.is_legal(action), f"{text}: {self.where()}"
            rule = state.why_illegal(action)
            assert rule is not None and str(rule), f"{text}: why_illegal {rule!r}: {self.where()}"
            with pytest.raises(IllegalActionError) as caught:
                state.apply(action)
            assert caught.value.rule, f"{text}: empty rule: {self.where()}"
            assert caught.value.action == text, self.where()
            assert fingerprint(state) == before, f"{text} changed the state: {self.where()}"
        for code in (-1, len(A.KIND_OF)):
            assert not state.is_legal(code)
            with pytest.raises(IllegalActionError):
                state.apply(code)
        assert fingerprint(state) == before, self.where()

    def check_clone(self, action: int) -> State:
        """Check that clones are independent; return a clone that has played ``action``.

        The caller applies ``action`` to the original and compares: a clone carries the same
        chance, so the same action must give the same state.
        """
        state = self.state
        before = fingerprint(state)
        branch = state.clone()
        assert fingerprint(branch) == before, self.where()
        # Play a few random actions on a clone: the original must not notice.
        other = random.Random(self.sampler.random())
        for _ in range(1 + self.sampler.randrange(4)):
            if branch.is_over:
                break
            branch.apply(other.choice(branch.legal_actions()))
        assert fingerprint(state) == before, f"clone not independent: {self.where()}"
        twin = state.clone()
        twin.apply(action)
        assert fingerprint(state) == before, f"clone not independent: {self.where()}"
        return twin

    def check_views(self) -> None:
        state = self.state
        playing = not state.is_over
        secret_rng = str(state.rng.state)
        legal = state.legal_actions()
        seed = self.sampler.randrange(2**32)
        for seat in range(-1, len(state.players)):
            view = make_view(state, seat)
            text = json.dumps(view.to_json())
            assert secret_rng not in text, f"view {seat} shows the generator: {self.where()}"
            assert view.state.rng is not state.rng
            if playing:
                for other, player in enumerate(state.players):
                    if other == seat:
                        continue
                    assert view.state.players[other].privates == (), self.where()
                    assert view.state.players[other].options == (), self.where()
                    for objective in player.privates:
                        assert objective.name not in text, (
                            f"view {seat} shows player {other}'s {objective.name}: {self.where()}"
                        )
                    chosen = player.window.pattern.name if player.window else None
                    for option in player.options:
                        if option.name == chosen and state.phase != Phase.SETUP:
                            continue
                        assert f'"{option.name}"' not in text, (
                            f"view {seat} shows player {other}'s option {option.name}: "
                            f"{self.where()}"
                        )
            if "apprentice" in state.components and playing:
                hidden = view.state.snapshot()["components"]["apprentice"]
                truth = state.components["apprentice"].snapshot()
                assert set(hidden["deck"]) <= {-1}, self.where()
                for other, hand in enumerate(hidden["hands"]):
                    assert len(hand) == len(truth["hands"][other]), self.where()
                    if other != seat:
                        assert set(hand) <= {-1}, f"view {seat} shows hand {other}: {self.where()}"
            if seat == state.current_player:
                assert view.legal_actions() == legal, self.where()
            else:
                assert view.legal_actions() == [], self.where()
            if not playing:
                continue
            guess = determinize(view, seed)
            if seat == state.current_player or "apprentice" not in state.components:
                # Others may not know the cards the current player could play.
                assert guess.legal_actions() == legal, f"determinize({seat}): {self.where()}"
            assert guess.dice_counts() == self.bag, self.where()
            if state.phase != Phase.SETUP:
                assert public_fingerprint(guess) == public_fingerprint(state), self.where()

    def check_replay(self) -> None:
        state = self.state
        record = GameRecord.of(state, self.case.seed)
        expected = fingerprint(state)
        texts = (record.dumps(), json.dumps(record.to_json()))
        copies = [record, GameRecord.loads(texts[0]), GameRecord.from_json(json.loads(texts[1]))]
        for copy in copies:
            assert copy == record, self.where()
            replayed = copy.replay()
            assert fingerprint(replayed) == expected, f"replay differs: {self.where()}"
            if state.is_over:
                assert replayed.outcome() == state.outcome(), self.where()

    def check_end(self) -> None:
        state = self.state
        outcome = state.outcome()
        assert len(outcome.scores) == self.config.players
        for score in outcome.scores:
            counted = sum(part.points for part in score.parts if part.counted)
            assert score.total == counted, self.where()
        seats = sorted(seat for group in outcome.ranking for seat in group)
        assert seats == list(range(self.config.players)), self.where()
        if self.config.solo:
            assert outcome.target == state.target_score()
            assert outcome.winners in ((), (0,))
        else:
            assert outcome.winners == outcome.ranking[0]


def check_bitboards(window: Window, where: Callable[[], str]) -> None:
    """The window's masks must say exactly what its dice say."""
    occupied = 0
    by_colour = [0] * NUM_WINDOW_COLOURS
    by_value = [0] * NUM_VALUE_CLASSES
    for cell, die in enumerate(window.dice):
        if die == EMPTY:
            continue
        occupied |= 1 << cell
        by_colour[DIE_COLOUR[die]] |= 1 << cell
        by_value[DIE_VALUE[die]] |= 1 << cell
    assert window.occupied == occupied, where()
    assert window.by_colour == by_colour, where()
    assert window.by_value == by_value, where()
    assert window.waived_colour & ~occupied == 0, where()
    assert window.waived_value & ~occupied == 0, where()


# -- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_random_game_keeps_every_invariant(case: FuzzCase) -> None:
    Checker(case).play()


def test_fuzz_configurations_cover_every_player_count_and_tool() -> None:
    if NUM_GAMES < 160:
        pytest.skip("SAGRADA_FUZZ_GAMES is below 160: not every tool is in play")
    counts = Counter(tool for case in CASES for tool in case.config.tools or ())
    assert set(counts) == set(ALL_TOOLS)
    assert min(counts.values()) >= NUM_GAMES // 40
    modes = {(c.config.players, c.config.private_pools, c.config.expansion) for c in CASES}
    assert modes == set(MODES)


def test_fuzz_cases_cover_every_reachable_combination_of_rule_modules() -> None:
    # The combinations are found by trying option values (helpers.reachable_module_sets), so a
    # rule module registered later, or a new way to switch one on, shows up here.
    if len(MODES) > NUM_GAMES:
        pytest.skip("SAGRADA_FUZZ_GAMES is below the number of modes: not every mode is played")
    played = {case.config.modules for case in CASES}
    assert sorted(set(reachable_module_sets()) - played) == []


def play_quietly(case: FuzzCase) -> tuple[Counter[int], Counter[str]]:
    """Play a fuzz game without the checks; count the tools started and the kinds played."""
    state = new_game(case.config, case.seed)
    chooser = random.Random(f"fuzz-play-{case.seed}")
    tools: Counter[int] = Counter()
    kinds: Counter[str] = Counter()
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        kinds[A.action_kind(action).name] += 1
        if A.KIND_OF[action] == Kind.TOOL:
            tools[A.ARG1[action]] += 1
        state.apply(action)
    return tools, kinds


def test_random_play_uses_every_tool_and_every_kind_of_action() -> None:
    # The invariants above only prove something about a tool step if random play reaches it.
    if NUM_GAMES < 160:
        pytest.skip("SAGRADA_FUZZ_GAMES is below 160: too few games to expect every tool")
    tools: Counter[int] = Counter()
    kinds: Counter[str] = Counter()
    for case in CASES:
        case_tools, case_kinds = play_quietly(case)
        tools += case_tools
        kinds += case_kinds
    assert {tool: tools[tool] for tool in ALL_TOOLS if tools[tool] < 5} == {}
    assert {kind.name: kinds[kind.name] for kind in A.KINDS if kinds[kind.name] < 5} == {}
