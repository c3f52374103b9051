"""The turn machine: one decision at a time, for every player and every tool.

``State`` is mutable (like a chess board): :meth:`State.apply` changes it in place and
:meth:`State.clone` copies it cheaply. Legality lives in :meth:`State.legal_actions`;
:meth:`State.is_legal` and :meth:`State.apply` consult it, so the three always agree, and an
illegal action raises :class:`IllegalActionError` naming the rule and changes nothing.

The machine knows the shape of a game (setup, rounds of turns, the tool card in use) and calls
the hooks of the game's rule modules (:class:`~sagrada.games.dice.rules.hooks.Rules`) for
everything else:
the turn's parts, how tools are paid for, the turn order, the scoring and the outcome. It never
asks which module is loaded.

Chance (drawing and rolling dice) comes from the game's own seeded generator, so
``(config, seed, actions)`` replays to the identical state. That generator is hidden
information: views (:mod:`sagrada.games.dice.rules.views`) never expose it. :meth:`State.is_chance`
says which actions draw or roll.
"""

from __future__ import annotations

from typing import Any, Final, SupportsIndex

from sagrada.core.codes import as_code
from sagrada.core.errors import IllegalActionError
from sagrada.core.messages import Message, msg
from sagrada.core.rng import Rng, check_seed
from sagrada.core.scoring import ScoreBreakdown, score_window
from sagrada.core.window import Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind, action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.explain import (
    describe_activity,
    describe_decision,
    slot_of,
    why_illegal,
)
from sagrada.games.dice.rules.hooks import PAY_STAGE, Rules, close_tool
from sagrada.games.dice.rules.outcome import Outcome
from sagrada.games.dice.rules.rules import rules_for
from sagrada.games.dice.rules.setup import deal
from sagrada.games.dice.rules.table import (
    DRAFTED,
    FREE_TOOL_SLOT,
    SHARED,
    TERMINAL,
    TOOL_USED,
    Phase,
    PlayerState,
    Table,
)
from sagrada.games.dice.rules.tools.effect import TOOL_EFFECTS, ToolEffect

_TOOL: Final = int(Kind.TOOL)
_PASS: Final = int(Kind.PASS)


class State(Table):
    """A game of Sagrada in progress. Create one with :func:`new_game`.

    Besides the table's fields (:class:`~sagrada.games.dice.rules.table.Table`) it keeps the game's
    rules and the legal actions of the current decision once computed.
    """

    EXTRA_FIELDS: Final = (("rules", SHARED), ("_legal", SHARED))
    __slots__ = tuple(name for name, _ in EXTRA_FIELDS)

    config: GameConfig
    rules: Rules
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
    def phase_name(self) -> str:
        """The phase for people and clients: ``setup``, ``play`` or ``over``."""
        return Phase(self.phase).name.lower()

    @property
    def active_tool(self) -> ToolEffect | None:
        """Return the effect of the tool card being used, if a tool is in progress."""
        return TOOL_EFFECTS[self.tool_number] if self.tool_slot >= 0 else None

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
        """Return a list of ``config.num_distinct_actions`` booleans, true for legal actions."""
        mask = [False] * self.rules.num_distinct_actions
        for action in self.legal_actions():
            mask[action] = True
        return mask

    def is_legal(self, action: object) -> bool:
        """Return whether ``action`` is legal at this decision (anything not an action code
        is not)."""
        return action in self.legal_actions()

    def turn_part_actions(self, kind: int) -> list[Action]:
        """Return the legal actions of the part of the turn that answers actions of ``kind``
        (the draft: ``Kind.DRAFT``), as :meth:`legal_actions` lists them but unsorted and
        without working out the rest; empty unless this is a turn's main decision with that
        part still to do. For playout policies (do not modify the list)."""
        if self.phase != Phase.PLAY or self.tool_slot >= 0 or self.step:
            return []
        part = self.rules.turn_by_kind.get(kind)
        if part is None or self.used & part.bit:
            return []
        return part.actions(self)

    def _allows(self, code: int) -> bool:
        """Return whether the action ``code`` is legal: whether :meth:`legal_actions` lists it,
        without listing them all where that is not needed. At a turn's main decision a pass
        is always listed, and a turn action's code exactly when that part of the turn is still
        to do and allows it (see :meth:`_generate`): a playout that drafts and passes never
        asks which tool cards could start."""
        legal = self._legal
        if legal is not None:
            return code in legal
        main = self.phase == Phase.PLAY and self.tool_slot < 0 and not self.step
        if main and 0 <= code < len(A.KIND_OF):
            kind = A.KIND_OF[code]
            if kind == _PASS:
                return True
            part = self.rules.turn_by_kind.get(kind)
            if part is not None:
                return not self.used & part.bit and part.allows(self, code)
        return code in self.legal_actions()

    def _generate(self) -> list[Action]:
        if self.phase == Phase.OVER:
            return []
        if self.phase == Phase.SETUP:
            return [A.pattern(i) for i in range(len(self.players[self.current].options))]
        if self.tool_slot >= 0:
            effect = TOOL_EFFECTS[self.tool_number]
            if self.stage == PAY_STAGE:
                return self.rules.payment.step_actions(self, effect)
            return effect.actions(self)
        if self.step:
            return self.rules.steps[self.step].actions(self)
        out = [A.PASS]
        used = self.used
        for part in self.rules.turn_actions:
            if not used & part.bit:
                out += part.actions(self)
        if not used & TOOL_USED:
            drafted = used & DRAFTED
            payment = self.rules.payment
            for slot, card in enumerate(self.tools):
                effect = TOOL_EFFECTS[card.id]
                if not (effect.after_drafting and drafted) and payment.available(
                    self, slot, effect
                ):
                    out.append(A.TOOL_BASE + card.id - 1)
        return out

    def is_chance(self, action: SupportsIndex) -> bool:
        """Return whether applying the legal ``action`` draws or rolls dice (its result then
        depends on the game's hidden chance, so nobody may see it before it is applied).

        Raises:
            IllegalActionError: if ``action`` is not legal here.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(_safe_text(action), why_illegal(self, self.rules, action))
        probe = self.clone()
        before = probe.rng.state
        probe.apply(action)
        return probe.rng.state != before

    def chance_words(self, action: SupportsIndex) -> Message:
        """Return what chance the legal chance ``action`` (:meth:`is_chance`) brings, in words:
        dice drawn from the bag, dice rolled, cards drawn from a deck (Life's apprentice
        cards), or else something decided at random. It is told by the kinds of draws the
        action makes on the game's chance, never by their results (which are hidden)."""
        probe = self.clone()
        watched = _WatchedChance(probe.rng.state)
        probe.rng = watched
        probe.apply(action)
        if "below" in watched.used and "roll" in watched.used:
            return msg("chance.draw_dice")  # a die drawn (its colour), then rolled
        if "roll" in watched.used:
            return msg("chance.roll")
        decks = [
            (len(getattr(before, "deck", ())), len(getattr(after, "deck", ())))
            for before, after in zip(
                self.components.values(), probe.components.values(), strict=True
            )
        ]
        if any(after < before for before, after in decks):
            return msg("chance.draw_cards")
        return msg("chance.random")

    # -- applying ----------------------------------------------------------------------------

    def apply(self, action: SupportsIndex) -> None:
        """Apply a legal action for the current player.

        Args:
            action: an action code (an ``int``; any integer type that supports
                ``__index__``, such as NumPy's, is accepted; ``bool`` is not).

        Raises:
            IllegalActionError: if the action is not legal here (or not an action at all),
                naming the rule it breaks. The state is left unchanged.
        """
        # (``action`` is typed ``SupportsIndex``, not ``int``, so that the compiled build lets
        # any value through to the refusal below instead of raising its own TypeError.)
        code = action if type(action) is int else as_code(action)
        if not self._allows(code):
            raise IllegalActionError(_safe_text(code), why_illegal(self, self.rules, code))
        self._legal = None
        self.history.append(code)
        self.actors.append(self.current)
        self.rounds.append(0 if self.phase == Phase.SETUP else self.round + 1)
        if self.phase == Phase.SETUP:
            self._choose_pattern(A.ARG1[code])
            return
        rules = self.rules
        if self.tool_slot >= 0:
            effect = TOOL_EFFECTS[self.tool_number]
            if self.stage == PAY_STAGE:
                rules.payment.apply_step(self, code)
                self.stage = 0
                finished = effect.start(self)
            else:
                finished = effect.apply(self, code)
            if finished:
                self._close_tool()
        elif self.step:
            if rules.steps[self.step].apply(self, code):
                self.step = ""
        else:
            kind = A.KIND_OF[code]
            if kind == _TOOL:
                slot = slot_of(self, A.ARG1[code])
                self.tool_slot = slot
                if rules.payment.pay(self, slot):
                    self.stage = 0
                    if TOOL_EFFECTS[self.tools[slot].id].start(self):
                        self._close_tool()
            elif kind == _PASS:
                self._end_turn()
                return
            else:
                part = rules.turn_by_kind[kind]
                part.apply(self, code)
                self.used |= part.bit
        for hook in rules.after_action:
            hook(self, code)
        if (
            self.tool_slot < 0
            and not self.step
            and self.used & rules.all_used == rules.all_used
            and not (rules.hold_turn and len(self.legal_actions()) > 1)
        ):
            self._end_turn()

    def _close_tool(self) -> None:
        """End the tool card in use: the turn's tool action is done (not by a tool's effect
        used free)."""
        if self.tool_slot != FREE_TOOL_SLOT:
            self.used |= TOOL_USED
        close_tool(self)

    def _choose_pattern(self, option: int) -> None:
        player = self.players[self.current]
        pattern = player.options[option]
        player.window = Window(pattern)
        player.favor = self.rules.favor_for(pattern)
        if self.current + 1 < len(self.players):
            self.current += 1
            return
        self.phase = Phase.PLAY
        self._start_round()

    def _start_round(self) -> None:
        self.order = self.rules.round_order(self.config.players, self.start_player)
        self.pool = [self.draw_die() for _ in range(self.rules.draft_pool_size)]
        self.turn = 0
        self.current = self.order[0]
        self.used = 0
        self.skip = 0

    def _end_turn(self) -> None:
        for hook in self.rules.turn_end:
            hook(self)
        self.used = 0
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
        for hook in self.rules.round_end:
            hook(self)
        self.track[self.round] = self.pool
        self.pool = []
        self.round += 1
        if self.round == self.rules.rounds:
            self.phase = Phase.OVER
            self.current = TERMINAL
            self.turn = 0
            return
        self.start_player = (self.start_player + 1) % n
        self._start_round()

    # -- explanations ------------------------------------------------------------------------

    def why_illegal(self, action: object) -> Message | None:
        """Return the rule that makes ``action`` illegal here, or ``None`` if it is legal."""
        if A.is_action(action) and self.is_legal(action):
            return None
        return why_illegal(self, self.rules, action)

    def describe_decision(self) -> Message:
        """Return a short sentence saying what the current player decides now."""
        return describe_decision(self, self.rules, self.legal_actions())

    def describe_activity(self) -> Message:
        """Return a sentence telling the other players whose turn it is and what they are
        doing."""
        return describe_activity(self, self.rules)

    # -- copying -----------------------------------------------------------------------------

    def clone(self) -> State:
        """Return an independent copy of the state (chance included)."""
        other = State()
        self.copy_table_to(other)
        other.rules = self.rules
        other._legal = self._legal  # never changed in place: shared until the next action
        return other

    def __getstate__(self) -> dict[str, Any]:
        """The state for pickling (a bot thinking in another process): the table without its
        rules, whose hooks are the rule modules' functions; unpickling makes them again from
        the options."""
        return {name: getattr(self, name) for name, _ in self.FIELDS}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.rules = rules_for(self.config)
        self._legal = None

    # -- scoring -----------------------------------------------------------------------------

    def scores(self) -> tuple[ScoreBreakdown, ...]:
        """Return each player's score breakdown as the windows stand now."""
        return tuple(self.score_of(seat) for seat in range(len(self.players)))

    def score_of(self, seat: int) -> ScoreBreakdown:
        """Return one player's score breakdown as their window stands now."""
        player = self.players[seat]
        window = player.window
        if window is None:
            raise ValueError("scores need every player's window pattern")
        breakdown = score_window(
            window, self.publics, player.privates, player.favor, solo=self.rules.solo_scoring
        )
        for hook in self.rules.score_parts:
            breakdown = breakdown.with_parts(hook(self, seat))
        return breakdown

    def target_score(self) -> int:
        """Return the sum of the values of the dice on the Round Track (the solo target)."""
        return sum(d % 6 + 1 for dice in self.track for d in dice)

    def outcome(self) -> Outcome:
        """Return the result of the finished game.

        Raises:
            ValueError: if the game is not over.
        """
        if self.phase != Phase.OVER:
            raise ValueError("the game is not over")
        return self.rules.outcome(self, self.scores())

    def __repr__(self) -> str:
        phase = Phase(self.phase).name.lower()
        return f"<State round {self.round + 1} {phase}: {self.describe_decision()}>"


def _safe_text(action: object) -> str:
    if A.is_action(action):
        return action_to_str(action)
    return repr(action)


class _WatchedChance(Rng):
    """The game's chance, noting the kinds of draws made on it (``below``, ``roll``,
    ``shuffle``), never their results: what a chance action brings, in words."""

    __slots__ = ("used",)

    def __init__(self, state: int) -> None:
        super().__init__(state)
        self.used: set[str] = set()

    def below(self, n: int) -> int:
        self.used.add("below")
        return super().below(n)

    def roll(self) -> int:
        self.used.add("roll")
        return super().roll()

    def shuffle(self, items: list[Any]) -> None:
        self.used.add("shuffle")
        super().shuffle(items)


def new_game(
    config: GameConfig | None = None, seed: object = 0, *, chance: Rng | None = None
) -> State:
    """Set up a new game: deal objectives, window cards, tools; pick the start player.

    Args:
        config: the game description (default: 2 players, everything dealt at random).
        seed: the seed of the game's chance, a whole number from 0 to 2**64 - 1; the same
            config, seed and actions always give the same game. (Typed ``object``: anything
            else is refused below with a ConfigError, in the compiled build too, which would
            otherwise refuse a non-``int`` with its own TypeError.)
        chance: the game's chance instead of a generator seeded with ``seed``: an object
            with :class:`~sagrada.core.rng.Rng`'s methods (a subclass) that chooses every
            outcome itself, as an adapter with explicit chance nodes does (OpenSpiel's). The
            engine draws only through ``below``, ``roll`` and ``shuffle``, and copies it with
            the game (``copy``).

    Raises:
        ConfigError: if the seed is out of range or the decks are too small.
    """
    config = config or GameConfig()
    rules = config.rules
    state = State()
    state.rules = rules
    deal(state, rules, Rng(check_seed(seed)) if chance is None else chance)
    state._legal = None
    return state


__all__ = ["TERMINAL", "Outcome", "Phase", "PlayerState", "State", "new_game"]
