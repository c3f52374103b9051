"""The game state: one decision at a time, for every player and every tool.

``State`` is mutable (like a chess board): :meth:`State.apply` changes it in place and
:meth:`State.clone` copies it cheaply. Legality lives in :meth:`State.legal_actions`;
:meth:`State.is_legal` and :meth:`State.apply` consult it, so the three always agree, and an
illegal action raises :class:`IllegalActionError` naming the rule and changes nothing.

Chance (drawing and rolling dice) comes from the game's own seeded generator, so
``(config, seed, actions)`` replays to the identical state. That generator is hidden
information: :meth:`State.view` never exposes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Final

from sagrada.core import actions as A
from sagrada.core.actions import Action, Kind, action_to_str
from sagrada.core.cells import CELL_NAMES
from sagrada.core.config import PRIVATE_POOL_DICE, ROUNDS, GameConfig
from sagrada.core.content import PrivateObjective, PublicObjective, ToolCard, WindowPattern, catalog
from sagrada.core.dice import COLOUR_NAMES, DIE_COLOUR, DIE_NAMES, DIE_VALUE, NUM_COLOURS, Die
from sagrada.core.errors import ConfigError, IllegalActionError
from sagrada.core.rng import Rng
from sagrada.core.tools import PAY_STAGE, TOOL_EFFECTS, ToolEffect, placement_actions
from sagrada.core.window import Window

if TYPE_CHECKING:
    from sagrada.core.scoring import ScoreBreakdown
    from sagrada.core.views import PlayerView

#: ``current_player`` once the game is over.
TERMINAL: Final = -1


class Phase(IntEnum):
    """The phases of a game."""

    SETUP = 0
    PLAY = 1
    OVER = 2


class PlayerState:
    """What one player has: window, favor tokens, private objectives, the setup choice, and
    (with the Private Dice Pool rules) their own dice."""

    __slots__ = ("favor", "options", "own_pool", "privates", "window")

    def __init__(
        self,
        options: tuple[WindowPattern, ...],
        privates: tuple[PrivateObjective, ...],
    ) -> None:
        self.options = options
        self.privates = privates
        self.window: Window | None = None
        self.favor = 0
        self.own_pool: list[Die] = []

    def copy(self) -> PlayerState:
        """Return an independent copy."""
        other = PlayerState.__new__(PlayerState)
        other.options = self.options
        other.privates = self.privates
        other.window = self.window.copy() if self.window is not None else None
        other.favor = self.favor
        other.own_pool = self.own_pool[:]
        return other


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        scores: each player's score breakdown, by seat.
        ranking: seats grouped by place, best first; a group of several seats shares a place
            (only possible with the ``"shared"`` tie-break).
        winners: the seats that won (solo: ``(0,)`` if the score beat the target, else empty).
        target: solo only: the target score (sum of the Round Track dice), else ``None``.
    """

    scores: tuple[ScoreBreakdown, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    target: int | None = None


class State:
    """A game of Sagrada in progress. Create one with :func:`new_game`."""

    __slots__ = (
        "_legal",
        "actors",
        "bag",
        "config",
        "current",
        "drafted",
        "held",
        "history",
        "memo",
        "order",
        "phase",
        "placed_own",
        "players",
        "pool",
        "private_deck",
        "publics",
        "removed",
        "rng",
        "round",
        "skip",
        "stage",
        "start_player",
        "tool_slot",
        "tool_spent",
        "tool_tokens",
        "tool_used",
        "tools",
        "track",
        "turn",
    )

    config: GameConfig
    rng: Rng
    phase: Phase
    players: list[PlayerState]
    tools: tuple[ToolCard, ...]
    tool_tokens: list[int]
    tool_spent: list[bool]
    publics: tuple[PublicObjective, ...]
    private_deck: tuple[PrivateObjective, ...]
    bag: list[int]
    pool: list[Die]
    track: list[list[Die]]
    removed: list[Die]
    round: int
    start_player: int
    order: tuple[int, ...]
    turn: int
    current: int
    drafted: bool
    placed_own: bool
    tool_used: bool
    skip: int
    tool_slot: int
    stage: int
    held: int
    memo: int
    history: list[Action]
    actors: list[int]
    _legal: list[Action] | None

    # -- reading -----------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """Return the seat that decides now, or ``TERMINAL`` (-1) once the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        """Return whether the game has ended."""
        return self.phase == Phase.OVER

    @property
    def active_tool(self) -> ToolEffect | None:
        """Return the effect of the tool card being used, if a tool is in progress."""
        return TOOL_EFFECTS[self.tools[self.tool_slot].id] if self.tool_slot >= 0 else None

    @property
    def first_turn(self) -> bool:
        """Return whether the current turn is the player's first turn of the round."""
        return self.turn < self.config.players

    def window(self, player: int | None = None) -> Window:
        """Return a player's window (default: the current player's).

        Raises:
            ValueError: during setup, before that player has chosen a window pattern.
        """
        seat = self.current if player is None else player
        window = self.players[seat].window
        if window is None:
            raise ValueError(f"player {seat} has not chosen a window pattern yet")
        return window

    # -- legality ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Return the legal actions at this decision, in increasing code order.

        The list is computed once per decision and cached: do not modify it.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = sorted(self._generate())
        return legal

    def legal_action_mask(self) -> list[bool]:
        """Return a list of ``num_distinct_actions`` booleans, true for legal actions."""
        mask = [False] * A.NUM_ACTIONS
        for action in self.legal_actions():
            mask[action] = True
        return mask

    def is_legal(self, action: Action) -> bool:
        """Return whether ``action`` is legal at this decision."""
        return action in self.legal_actions()

    def _generate(self) -> list[Action]:
        if self.phase == Phase.OVER:
            return []
        if self.phase == Phase.SETUP:
            return [A.pattern(i) for i in range(len(self.players[self.current].options))]
        if self.tool_slot >= 0:
            effect = TOOL_EFFECTS[self.tools[self.tool_slot].id]
            if self.stage == PAY_STAGE:
                return self._payment_actions(effect)
            return effect.actions(self)
        out = [A.PASS]
        player = self.players[self.current]
        window = player.window
        assert window is not None
        if not self.drafted:
            out += placement_actions(window, self.pool, A.DRAFT_BASE)
        if self.config.private_pools and not self.placed_own:
            out += placement_actions(window, player.own_pool, A.OWN_DRAFT_BASE)
        if not self.tool_used:
            for slot in range(len(self.tools)):
                if self._tool_available(slot):
                    out.append(A.TOOL_BASE + self.tools[slot].id - 1)
        return out

    def tool_cost(self, slot: int) -> int:
        """Return what the tool in ``slot`` costs now: 1 favor token if it has none, else 2."""
        return 1 if self.tool_tokens[slot] == 0 else 2

    def _tool_available(self, slot: int) -> bool:
        """Return whether the current player may start using the tool card in ``slot``."""
        effect = TOOL_EFFECTS[self.tools[slot].id]
        if effect.after_drafting and self.drafted:
            return False
        if self.config.solo:
            if self.tool_spent[slot]:
                return False
            return bool(self._payment_actions(effect, slot))
        if self.players[self.current].favor < self.tool_cost(slot):
            return False
        return effect.can_start(self)

    def _payment_actions(self, effect: ToolEffect, slot: int | None = None) -> list[Action]:
        """Solo: the Draft Pool dice that can pay for the tool and still leave it usable."""
        colour = self.tools[self.tool_slot if slot is None else slot].colour
        out = []
        seen = 0
        pool = self.pool
        for i, die in enumerate(pool):
            if DIE_COLOUR[die] != colour or seen >> die & 1:
                continue
            seen |= 1 << die
            del pool[i]
            usable = effect.can_start(self)
            pool.insert(i, die)
            if usable:
                out.append(A.PAY_BASE + die)
        return out

    # -- applying ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply a legal action for the current player.

        Raises:
            IllegalActionError: if the action is not legal here, naming the rule it breaks. The
                state is left unchanged.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(_safe_text(action), self.why_illegal(action))
        self._legal = None
        self.history.append(action)
        self.actors.append(self.current)
        if self.phase == Phase.SETUP:
            self._choose_pattern(A.ARG1[action])
            return
        if self.tool_slot >= 0:
            effect = TOOL_EFFECTS[self.tools[self.tool_slot].id]
            if self.stage == PAY_STAGE:
                die = A.ARG1[action]
                self.pool.remove(die)
                self.removed.append(die)
                self.tool_spent[self.tool_slot] = True
                self._start_effect(effect)
            else:
                effect.apply(self, action)
            return
        kind = A.KIND_OF[action]
        if kind == Kind.DRAFT or kind == Kind.OWN_DRAFT:
            # From the Draft Pool, or (Private Dice Pool rules) from the player's own pool.
            player = self.players[self.current]
            die = A.ARG1[action]
            if kind == Kind.DRAFT:
                self.pool.remove(die)
                self.drafted = True
            else:
                player.own_pool.remove(die)
                self.placed_own = True
            assert player.window is not None
            player.window.place(die, A.ARG2[action])
            if self._turn_done():
                self._end_turn()
        elif kind == Kind.TOOL:
            slot = self._slot_of(A.ARG1[action])
            self.tool_slot = slot
            if self.config.solo:
                self.stage = PAY_STAGE
            else:
                cost = self.tool_cost(slot)
                self.players[self.current].favor -= cost
                self.tool_tokens[slot] += cost
                self._start_effect(TOOL_EFFECTS[self.tools[slot].id])
        else:  # PASS
            self._end_turn()

    def _start_effect(self, effect: ToolEffect) -> None:
        self.stage = 0
        effect.start(self)

    def _slot_of(self, number: int) -> int:
        for slot, card in enumerate(self.tools):
            if card.id == number:
                return slot
        return -1

    def finish_tool(self) -> None:
        """End the tool in progress (called by tool effects); ends the turn if nothing is left."""
        self.tool_slot = -1
        self.stage = 0
        self.memo = 0
        self.tool_used = True
        self._legal = None
        if self._turn_done():
            self._end_turn()

    def _turn_done(self) -> bool:
        """Whether the current player has done everything a turn allows."""
        return (
            self.drafted and self.tool_used and (self.placed_own or not self.config.private_pools)
        )

    def _choose_pattern(self, option: int) -> None:
        player = self.players[self.current]
        pattern = player.options[option]
        player.window = Window(pattern)
        player.favor = 0 if self.config.solo else pattern.difficulty
        if self.current + 1 < len(self.players):
            self.current += 1
            return
        self.phase = Phase.PLAY
        self._start_round()

    def _start_round(self) -> None:
        n = self.config.players
        first = [(self.start_player + i) % n for i in range(n)]
        self.order = tuple(first if self.config.private_pools else first + first[::-1])
        self.pool = [self.draw_die() for _ in range(self.config.draft_pool_size)]
        self.turn = 0
        self.current = self.order[0]
        self.drafted = False
        self.placed_own = False
        self.tool_used = False
        self.skip = 0

    def _end_turn(self) -> None:
        self.drafted = False
        self.placed_own = False
        self.tool_used = False
        self._legal = None
        n = self.config.players
        order = self.order
        turn = self.turn + 1
        while turn < len(order) and turn >= n and self.skip >> order[turn] & 1:
            turn += 1
        if turn < len(order):
            self.turn = turn
            self.current = order[turn]
            return
        self.track[self.round] = self.pool
        self.pool = []
        self.round += 1
        if self.round == ROUNDS:
            self.phase = Phase.OVER
            self.current = TERMINAL
            self.turn = 0
            return
        self.start_player = (self.start_player + 1) % n
        self._start_round()

    # -- chance ------------------------------------------------------------------------------

    def draw_die(self) -> Die:
        """Draw a random die from the bag and roll it."""
        bag = self.bag
        r = self.rng.below(sum(bag))
        colour = 0
        while r >= bag[colour]:
            r -= bag[colour]
            colour += 1
        bag[colour] -= 1
        return colour * 6 + self.rng.roll() - 1

    def roll(self, die: Die) -> Die:
        """Re-roll ``die``: same colour, a random value."""
        return (die // 6) * 6 + self.rng.roll() - 1

    # -- explanations ------------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        """Return the rule that makes ``action`` illegal here (or ``"legal"`` if it is legal)."""
        if not isinstance(action, int) or not 0 <= action < A.NUM_ACTIONS:
            return f"{action!r} is not an action code"
        if self.is_legal(action):
            return "legal"
        if self.phase == Phase.OVER:
            return "the game is over"
        kind = A.KIND_OF[action]
        if self.phase == Phase.SETUP:
            return "during setup each player chooses a window pattern option, W1 to W4"
        if self.tool_slot >= 0:
            card = self.tools[self.tool_slot]
            effect = TOOL_EFFECTS[card.id]
            if self.stage == PAY_STAGE:
                if kind != Kind.PAY:
                    colour = COLOUR_NAMES[card.colour]
                    return (
                        f"pay for {card.name} first with a {colour} die from the Draft Pool ($R3)"
                    )
                die = A.ARG1[action]
                if die not in self.pool:
                    return f"there is no {DIE_NAMES[die]} in the Draft Pool"
                if DIE_COLOUR[die] != card.colour:
                    return f"{card.name} must be paid with a {COLOUR_NAMES[card.colour]} die"
                return f"paying with {DIE_NAMES[die]} would leave {card.name} nothing to act on"
            return f"{card.name}: {effect.explain(self, action)}"
        if kind == Kind.DRAFT:
            die, cell = A.ARG1[action], A.ARG2[action]
            if self.drafted:
                return "you have already drafted a die this turn"
            if die not in self.pool:
                return f"there is no {DIE_NAMES[die]} in the Draft Pool"
            problem = self.window().placement_problem(die, cell)
            return problem or "that placement is not allowed"
        if kind == Kind.OWN_DRAFT:
            die, cell = A.ARG1[action], A.ARG2[action]
            if not self.config.private_pools:
                return "only the Private Dice Pool rules give players dice of their own"
            if self.placed_own:
                return "you have already placed a die from your Private Dice Pool this turn"
            if die not in self.players[self.current].own_pool:
                return f"there is no {DIE_NAMES[die]} in your Private Dice Pool"
            problem = self.window().placement_problem(die, cell)
            return problem or "that placement is not allowed"
        if kind == Kind.TOOL:
            slot = self._slot_of(A.ARG1[action])
            if slot < 0:
                return f"tool card {A.ARG1[action]} is not in play"
            card = self.tools[slot]
            effect = TOOL_EFFECTS[card.id]
            if self.tool_used:
                return "you have already used a tool card this turn"
            if effect.after_drafting and self.drafted:
                return (
                    f"{card.name} acts on the die you draft, and you have already drafted this turn"
                )
            if self.config.solo:
                if self.tool_spent[slot]:
                    return (
                        f"in solo play each tool card is used once, and {card.name} has been used"
                    )
                return (
                    f"{card.name} needs a {COLOUR_NAMES[card.colour]} die in the Draft Pool to pay "
                    "with, and something to act on"
                )
            cost = self.tool_cost(slot)
            if self.players[self.current].favor < cost:
                return (
                    f"{card.name} costs {cost} favor token{'s' if cost > 1 else ''} and you have "
                    f"{self.players[self.current].favor}"
                )
            return f"{card.name}: {effect.why_not_startable(self)}"
        return (
            f"{action_to_str(action)} is not a decision of this step: "
            "draft a die (like R3@B4), use a tool (T1) or pass"
        )

    def describe_decision(self) -> str:
        """Return a short sentence saying what the current player decides now."""
        if self.phase == Phase.OVER:
            return "the game is over"
        if self.phase == Phase.SETUP:
            return f"player {self.current}: choose a window pattern (W1-W4)"
        who = f"player {self.current}"
        if self.tool_slot >= 0:
            card = self.tools[self.tool_slot]
            if self.stage == PAY_STAGE:
                return f"{who}: pay for {card.name} with a {COLOUR_NAMES[card.colour]} die"
            return f"{who}: {card.name}: {TOOL_EFFECTS[card.id].prompt(self)}"
        if self.config.private_pools:
            return (
                f"{who}: place a die from the Draft Pool and/or your own pool, use a tool, or pass"
            )
        return f"{who}: draft and place a die, use a tool, or pass"

    # -- copying and views -------------------------------------------------------------------

    def clone(self) -> State:
        """Return an independent copy of the state (chance included)."""
        other = State.__new__(State)
        other.config = self.config
        other.rng = self.rng.copy()
        other.phase = self.phase
        other.players = [p.copy() for p in self.players]
        other.tools = self.tools
        other.tool_tokens = self.tool_tokens[:]
        other.tool_spent = self.tool_spent[:]
        other.publics = self.publics
        other.private_deck = self.private_deck
        other.bag = self.bag[:]
        other.pool = self.pool[:]
        other.track = [t[:] for t in self.track]
        other.removed = self.removed[:]
        other.round = self.round
        other.start_player = self.start_player
        other.order = self.order
        other.turn = self.turn
        other.current = self.current
        other.drafted = self.drafted
        other.placed_own = self.placed_own
        other.tool_used = self.tool_used
        other.skip = self.skip
        other.tool_slot = self.tool_slot
        other.stage = self.stage
        other.held = self.held
        other.memo = self.memo
        other.history = self.history[:]
        other.actors = self.actors[:]
        other._legal = self._legal
        return other

    def view(self, player: int) -> PlayerView:
        """Return what ``player`` may know (``-1``: a spectator): see :mod:`sagrada.core.views`."""
        from sagrada.core.views import make_view

        return make_view(self, player)

    # -- scoring -----------------------------------------------------------------------------

    def scores(self) -> tuple[ScoreBreakdown, ...]:
        """Return each player's score breakdown as the windows stand now."""
        from sagrada.core.scoring import score_window

        out = []
        for player in self.players:
            window = player.window
            if window is None:
                raise ValueError("scores need every player's window pattern")
            out.append(
                score_window(
                    window, self.publics, player.privates, player.favor, solo=self.config.solo
                )
            )
        return tuple(out)

    def target_score(self) -> int:
        """Solo: the sum of the values of the dice on the Round Track (payment dice are gone)."""
        return sum(DIE_VALUE[d] for dice in self.track for d in dice)

    def outcome(self) -> Outcome:
        """Return the result of the finished game.

        Raises:
            ValueError: if the game is not over.
        """
        if self.phase != Phase.OVER:
            raise ValueError("the game is not over")
        scores = self.scores()
        if self.config.solo:
            target = self.target_score()
            return Outcome(scores, ((0,),), (0,) if scores[0].total > target else (), target)
        n = self.config.players
        last_start = (self.start_player) % n
        shared = self.config.tie_break == "shared"

        def key(seat: int) -> tuple[int, ...]:
            s = scores[seat]
            base = (s.total, s.private_points, s.favor_tokens)
            # English tie-break: the later a player sits in the final round's order, the better.
            return base if shared else (*base, (seat - last_start) % n)

        seats = sorted(range(n), key=key, reverse=True)
        ranking: list[list[int]] = []
        for seat in seats:
            if ranking and key(ranking[-1][0]) == key(seat):
                ranking[-1].append(seat)
            else:
                ranking.append([seat])
        groups = tuple(tuple(sorted(g)) for g in ranking)
        return Outcome(scores, groups, groups[0])

    # -- dice accounting ---------------------------------------------------------------------

    def dice_counts(self) -> list[int]:
        """Return, per colour, the dice in bag, pools, hand, windows, Round Track and spent."""
        counts = self.bag[:]
        dice: list[Die] = [*self.pool, *self.removed]
        if self.held >= 0:
            dice.append(self.held)
        for round_dice in self.track:
            dice.extend(round_dice)
        for player in self.players:
            dice.extend(player.own_pool)
            if player.window is not None:
                dice.extend(d for d in player.window.dice if d >= 0)
        for die in dice:
            counts[DIE_COLOUR[die]] += 1
        return counts

    def __repr__(self) -> str:
        phase = Phase(self.phase).name.lower()
        return f"<State round {self.round + 1} {phase}: {self.describe_decision()}>"


def _safe_text(action: Action) -> str:
    if isinstance(action, int) and 0 <= action < A.NUM_ACTIONS:
        return action_to_str(action)
    return repr(action)


def new_game(config: GameConfig | None = None, seed: int = 0) -> State:
    """Set up a new game: deal objectives, window cards, tools; pick the start player.

    Args:
        config: the game description (default: 2 players, everything dealt at random).
        seed: the seed of the game's chance; the same config, seed and actions always give the
            same game.
    """
    config = config or GameConfig()
    cards = catalog()
    rng = Rng(seed)
    n = config.players

    deck = [p for p in cards.privates if p.pack in config.private_objective_packs]
    per_player = config.num_private_objectives
    if len(deck) < n * per_player:
        raise ConfigError(
            f"{n} players need {n * per_player} private objectives and the deck has {len(deck)}"
        )
    order = list(range(len(deck)))
    rng.shuffle(order)
    privates = [tuple(deck[order[p * per_player + k]] for k in range(per_player)) for p in range(n)]

    window_cards = [card for pack in config.packs for card in cards.window_cards(pack)]
    card_order = list(range(len(window_cards)))
    rng.shuffle(card_order)
    options = []
    for p in range(n):
        first, second = window_cards[card_order[2 * p]], window_cards[card_order[2 * p + 1]]
        options.append((first[0], first[1], second[0], second[1]))

    if config.tools is None:
        numbers = list(config.tool_deck)
        rng.shuffle(numbers)
        tool_numbers = sorted(numbers[: config.num_tools])
    else:
        tool_numbers = list(config.tools)
    if config.public_objectives is None:
        ids = [p.id for p in cards.publics if p.pack == "base"]
        rng.shuffle(ids)
        public_ids = ids[: config.num_public_objectives]
    else:
        public_ids = list(config.public_objectives)

    state = State.__new__(State)
    state.config = config
    state.phase = Phase.SETUP
    state.players = [PlayerState(options[p], privates[p]) for p in range(n)]
    state.tools = tuple(cards.tool(number) for number in tool_numbers)
    state.tool_tokens = [0] * len(state.tools)
    state.tool_spent = [False] * len(state.tools)
    state.publics = tuple(cards.public(i) for i in public_ids)
    state.private_deck = tuple(deck)
    state.bag = [config.dice_per_colour] * NUM_COLOURS
    state.pool = []
    state.track = [[] for _ in range(ROUNDS)]
    state.removed = []
    state.round = 0
    state.start_player = rng.below(n)
    state.order = ()
    state.turn = 0
    state.current = 0
    state.drafted = False
    state.placed_own = False
    state.tool_used = False
    state.skip = 0
    state.tool_slot = -1
    state.stage = 0
    state.held = -1
    state.memo = 0
    state.history = []
    state.actors = []
    state._legal = None
    state.rng = rng
    if config.private_pools:
        # Each player rolls 2 dice of each colour, which come from outside the bag.
        for player in state.players:
            player.own_pool = [
                colour * 6 + rng.roll() - 1
                for colour in range(NUM_COLOURS)
                for _ in range(PRIVATE_POOL_DICE)
            ]
    return state


__all__ = ["CELL_NAMES", "TERMINAL", "Outcome", "Phase", "PlayerState", "State", "new_game"]
