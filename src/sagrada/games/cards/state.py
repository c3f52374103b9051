"""The card game's turn machine: one decision at a time (rulebook 002_a2583da13b6224b7.txt,
Gameplay).

Ten rounds; each draws 3 cards (4 after Running Pliers) and has two turns. A turn places a
drawn card in the window (``R3@B4``) or, once a round, uses a tool card (``T5``) paid with a
drawn card of the value it shows (``$R5``); a turn in which nothing can be done is forfeited
(``pass``, then the only action). The cards left at the end of the round go to the turn bar as
one stack. After ten rounds: the target is the sum of the turn bar's values; the score is the
orders' points minus 3 per open space; the player wins if the score reaches the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.cells import cell_list
from sagrada.core.codes import as_code
from sagrada.core.errors import IllegalActionError
from sagrada.core.messages import Message, content_param, msg
from sagrada.core.rng import Rng, check_seed
from sagrada.core.scoring import ScoreBreakdown, open_spaces_part
from sagrada.core.window import Window
from sagrada.games.cards import actions as A
from sagrada.games.cards.cards import CARD_NAMES, card_value
from sagrada.games.cards.content import BASIC, UNIQUE, Order, content
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.table import DRAW, DRAW_MORE, OVER, CardTable
from sagrada.games.cards.tools import TOOLS

#: The stage of a tool card whose payment is still to be chosen.
PAY_STAGE: Final = -1
#: VP lost per open space (rulebook, Game end and final scoring).
OPEN_SPACE_PENALTY: Final = 3
#: Decisions of a round at most: two turns of a tool of at most three steps and its payment.
MAX_DECISIONS_PER_ROUND: Final = 6


@dataclass(frozen=True, slots=True)
class CardOutcome:
    """The result of a finished card game: the score breakdown, the target, whether won."""

    score: ScoreBreakdown
    target: int
    won: bool

    @property
    def margin(self) -> int:
        """The score minus the target."""
        return self.score.total - self.target

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats, as the dice game's outcome gives them: the player (0) if won."""
        return (0,) if self.won else ()

    @property
    def scores(self) -> tuple[ScoreBreakdown, ...]:
        """Each seat's score, as the dice game's outcome gives them: the player's."""
        return (self.score,)


class CardState(CardTable):
    """A card game in progress. Create one with :func:`new_card_game`."""

    _legal: list[int] | None

    # -- reading -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """``play`` or ``over``."""
        return "over" if self.phase == OVER else "play"

    @property
    def current_player(self) -> int:
        """The one player (0), or -1 once the game is over."""
        return -1 if self.phase == OVER else 0

    # -- legality ------------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The legal actions now, in increasing code order (cached per decision)."""
        if self._legal is None:
            self._legal = sorted(self._generate())
        return self._legal

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        return action in self.legal_actions()

    def _generate(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.tool:
            if self.stage == PAY_STAGE:
                return [A.pay(card) for card in self._payments(self.tool)]
            return TOOLS[self.tool].actions(self)
        out = [
            A.place(card, cell)
            for card in sorted(set(self.hand))
            for cell in cell_list(self.window.legal_cells(card))
        ]
        placements = bool(out)
        if not self.tool_used:
            out += [A.tool(t) for t in self.tools if t not in self.spent and self._payments(t)]
        if not placements:  # a turn without a placement may be forfeited; a tool is optional
            out.append(A.PASS)
        return out

    def _payments(self, number: int) -> list[int]:
        """The drawn cards that may pay for tool ``number``: of its value, and leaving a hand
        with which its effect can happen."""
        value = content().tool(number).pay
        effect = TOOLS[number]
        out = []
        for card in sorted(set(self.hand)):
            if card_value(card) == value:
                place = self.hand.index(card)
                del self.hand[place]  # the hand without the paying card, then as it was
                try:
                    if effect.can_start(self):
                        out.append(card)
                finally:
                    self.hand.insert(place, card)
        return out

    def is_chance(self, action: int) -> bool:
        """Whether applying the legal ``action`` draws unseen cards (its result then depends
        on the pile, which nobody sees)."""
        probe = self.clone()
        before = probe.rng.state
        probe.apply(action)
        return probe.rng.state != before

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action.

        Raises:
            IllegalActionError: naming what is decided now; the state is unchanged.
        """
        if type(action) is not int:
            action = as_code(action)
        if action not in self.legal_actions():
            text = A.action_to_str(action) if 0 <= action < A.NUM_ACTIONS else repr(action)
            raise IllegalActionError(text, self.why_illegal(action))
        self._legal = None
        self.history.append(action)
        if self.tool:
            effect = TOOLS[self.tool]
            if self.stage == PAY_STAGE:
                card = A.args(action)[0]
                self.hand.remove(card)
                self.discard.append(card)
                self.spent.append(self.tool)
                self.tool_used = True
                self.stage = 0
                done = effect.start(self)
            else:
                done = effect.apply(self, action)
            if done:
                self.tool = self.stage = self.memo = 0
                self._end_turn()
            return
        kind = A.kind_of(action)
        if kind == "tool":
            self.tool = A.args(action)[0]
            self.stage = PAY_STAGE
            return
        if kind == "place":
            card, cell = A.args(action)
            self.hand.remove(card)
            self.window.place(card, cell)
            self.placed += 1
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn < A.TURNS:
            return
        self.bar.append(self.hand)
        self.hand = []
        self.turn = 0
        self.placed = 0
        self.tool_used = False
        self.round += 1
        if self.round == A.ROUNDS:
            self.phase = OVER
            return
        self._deal()

    def _deal(self) -> None:
        count = DRAW_MORE if self.more else DRAW
        self.more = False
        for _ in range(count):
            card = self.draw()
            if card is not None:
                self.hand.append(card)

    # -- explanations --------------------------------------------------------------------------

    def describe_decision(self) -> Message:
        """What the player decides now."""
        if self.phase == OVER:
            return msg("game.over")
        if self.tool:
            tool = content().tool(self.tool)
            name = content_param(f"{tool.key}.name", tool.name)
            if self.stage == PAY_STAGE:
                return msg("cards.decision.pay", name=name, value=tool.pay)
            return msg("cards.decision.tool", name=name, prompt=TOOLS[self.tool].prompt(self))
        legal = self.legal_actions()
        if legal == [A.PASS]:
            return msg("cards.decision.forfeit", round=self.round + 1, turn=self.turn + 1)
        if A.PASS in legal:
            return msg("cards.decision.no_place", round=self.round + 1, turn=self.turn + 1)
        return msg("cards.decision.turn", round=self.round + 1, turn=self.turn + 1)

    def why_illegal(self, action: int) -> Message:
        """Why ``action`` is not legal now (the decision and its choices)."""
        if self.phase == OVER:
            return msg("game.over")
        if not 0 <= action < A.NUM_ACTIONS:
            return msg("refuse.not_code", code=repr(action))
        if A.kind_of(action) == "tool" and not self.tool:
            number = A.args(action)[0]
            if number not in self.tools:
                return msg("cards.refuse.tool_absent", number=number)
            tool = content().tool(number)
            name = content_param(f"{tool.key}.name", tool.name)
            if number in self.spent:
                return msg("cards.refuse.tool_spent", name=name)
            if self.tool_used:
                return msg("cards.refuse.tool_round")
            return msg("cards.refuse.tool_pay", name=name, value=tool.pay)
        if A.kind_of(action) == "place" and not self.tool:
            card, cell = A.args(action)
            if card not in self.hand:
                return msg("cards.refuse.not_drawn", name=CARD_NAMES[card])
            problem = self.window.placement_problem(card, cell)
            if problem is not None:
                return card_wording(problem)
        return msg("refuse.step", prompt=self.describe_decision())

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> CardState:
        """An independent copy (chance included)."""
        other = CardState.__new__(CardState)
        self.copy_into(other)
        other._legal = None
        return other

    # -- the end -------------------------------------------------------------------------------

    def target(self) -> int:
        """The sum of the values of the turn bar's cards."""
        return sum(card_value(c) for stack in self.bar for c in stack)

    def score(self) -> ScoreBreakdown:
        """The score as the window stands: each order, then -3 per open space."""
        return score_cards(self.window, self.orders)

    def outcome(self) -> CardOutcome:
        """The result of the finished game.

        Raises:
            ValueError: if the game is not over.
        """
        if self.phase != OVER:
            raise ValueError("the game is not over")
        score, target = self.score(), self.target()
        return CardOutcome(score, target, score.total >= target)

    def __repr__(self) -> str:
        return f"<CardState round {min(self.round + 1, A.ROUNDS)}: {self.describe_decision()}>"


def colour_words(letter: str) -> Message:
    """A colour of the window's pattern (a dice colour's letter) as the card game names it:
    black where the pattern says purple."""
    return msg("cards.colour.black") if letter == "P" else msg(f"colour.{letter}")


def card_wording(problem: Message) -> Message:
    """A placement rule of the window (written for dice) as the card game says it: cards, and
    black where the window's pattern says purple."""
    params = dict(problem.params)
    colour = params.get("colour")
    if isinstance(colour, str):
        params["colour"] = colour_words(colour)
    rule = problem.id.removeprefix("place.")
    return msg(f"cards.place.{rule}", **params)


def score_cards(window: Window, orders: Any) -> ScoreBreakdown:
    """Score a card game's window: a part per order by name, and the open spaces (-3 each)."""
    parts = [order.score(window) for order in orders]
    parts.append(open_spaces_part(window, OPEN_SPACE_PENALTY))
    return ScoreBreakdown(tuple(parts), sum(p.points for p in parts), 0, 0)


def new_card_game(config: CardOptions | None = None, seed: int = 0) -> CardState:
    """Set up a card game: 1 unique and 2 basic orders, the tool cards (drawn blind unless
    named), the glass window (at random unless named), the shuffled pile, the first 3 cards.

    Raises:
        ConfigError: if the seed is out of range.
    """
    config = config or CardOptions()
    rng = Rng(check_seed(seed))
    cards = content()
    if config.orders is None:
        unique = [o for o in cards.orders if o.kind == UNIQUE]
        basic = [o for o in cards.orders if o.kind == BASIC]
        rng.shuffle(unique)
        rng.shuffle(basic)
        orders: tuple[Order, ...] = (unique[0], basic[0], basic[1])
    else:
        orders = tuple(cards.order(i) for i in config.orders)
    if config.tool_cards is None:
        numbers = [t.number for t in cards.tools]
        rng.shuffle(numbers)
        tools = tuple(sorted(numbers[: config.tools]))
    else:
        tools = tuple(config.tool_cards)
    if config.window is None:
        pattern = cards.windows[rng.below(len(cards.windows))]
    else:
        pattern = cards.window(config.window)
    state = CardState.__new__(CardState)
    CardTable.__init__(state, config, rng, orders, tools, Window(pattern))
    state.pile = list(range(30))
    state._legal = None
    state._deal()
    return state
