"""Life's Apprentice module (rulebook 004_234c3922e9d01436.txt, APPRENTICE MODULE).

Players get apprentice windows: the base windows with two apprentice spaces (B2 and D4, their
value restriction removed) and one favor token fewer. A player who covers an apprentice space
gains an apprentice card (at most one a turn): ``gain:deck`` looks at the top two cards of the
deck to keep one (``keep:12``), the other going face up to the discard pile; ``gain:discard``
takes the top card of the discard pile. Cards are secret until played, at any time of their
owner's turn besides the turn's tool (``discard:16``, ``activate:17``, by the card's kind):
an apprentice's tool uses that base tool's effect free, with its own timing and restrictions;
Patron gains 2 favor tokens; Steady Hand lifts the value restriction for the next die placed
from a pool (not for a die moved); Second Look re-rolls a Draft Pool die (``R3``); Study and
Master's Eye score at the end.

The cards are house content (``content/life.json``,
:mod:`sagrada.games.dice.rules.apprentice_cards`);
the deck and hands are :mod:`sagrada.games.dice.rules.apprentice_table`. A card that needs what a
game lacks (favor tokens in solo play, a second turn a round with the Private Dice Pool rules) is
set aside at setup, as the rulebook's note says of cards referring to components not in play
(docs/rules-clarifications.md).
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.cells import mask_names
from sagrada.core.content import catalog
from sagrada.core.dice import ORANGE
from sagrada.core.messages import Message, msg
from sagrada.core.options import Options
from sagrada.core.rng import Rng
from sagrada.core.scoring import ScorePart
from sagrada.core.window import Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action, Kind
from sagrada.games.dice.rules.apprentice_cards import (
    SCORING,
    ApprenticeCard,
    apprentice_window,
    card_data,
    card_part,
    cards_by_number,
    content,
)
from sagrada.games.dice.rules.apprentice_table import (
    NAME,
    UNKNOWN,
    Apprentice,
    apprentice_of,
    guess,
    redact,
)
from sagrada.games.dice.rules.hooks import (
    ModuleStep,
    PlaceDie,
    RuleModule,
    RulesBuilder,
    TurnAction,
    use_tool_free,
)
from sagrada.games.dice.rules.table import TOOL_USED, Phase, Table
from sagrada.games.dice.rules.tools.effect import TOOL_EFFECTS, distinct

__all__ = ["MODULE", "card_part"]

#: The module's steps: choosing where a card is gained from, which card to keep, and the
#: Draft Pool die Second Look re-rolls.
GAIN: Final = NAME
KEEP: Final = "apprentice-keep"
REROLL: Final = "apprentice-reroll"


def _card(number: int) -> ApprenticeCard:
    return cards_by_number()[number]


# -- gaining a card ------------------------------------------------------------------------------


def notice_cover(table: Table, action: Action) -> None:
    """After every action: forget the apprentice spaces the current player has vacated; once
    no tool or step is under way, a space covered anew gains a card (once a turn); the die
    placed from a pool under a Steady Hand ends it."""
    state: Apprentice = table.components[NAME]  # type: ignore[assignment]  # hot path
    seat = table.current
    window = table.players[seat].window
    assert window is not None
    occupied = window.occupied
    covered = occupied & window.pattern.apprentice
    if covered == state.covered[seat] and state.steady < 0:
        return  # nothing covered anew nor vacated (most actions)
    if state.steady >= 0 and pool_dice(window) > state.steady:
        window.free_value = False
        state.steady = -1
    was = state.covered[seat] & covered
    if table.tool_slot >= 0 or table.step:
        state.covered[seat] = was
        return
    state.covered[seat] = covered
    if covered != was and not state.gained and (state.deck or state.discard):
        state.gained = True
        table.step = GAIN


class ChooseGain(ModuleStep):
    """Gain a card: look at the top two of the deck, or take the top of the discard pile."""

    def actions(self, table: Table) -> list[Action]:
        state = apprentice_of(table)
        out = []
        if state.deck or state.discard:
            out.append(A.gain("deck"))
        if state.discard:
            out.append(A.gain("discard"))
        return out

    def apply(self, table: Table, action: Action) -> bool:
        state = apprentice_of(table)
        if action == A.gain("discard"):
            state.hands[table.current].append(state.discard.pop())
            return True
        state.look(table)
        if len(state.offer) == 1:
            state.keep(table.current, state.offer[0])
            return True
        table.step = KEEP
        return False

    def prompt(self, table: Table) -> Message:
        state = apprentice_of(table)
        top = state.discard[-1] if state.discard else 0
        return msg("apprentice.gain", card=top) if top else msg("apprentice.gain_deck")

    def activity(self, table: Table) -> Message:
        return msg("activity.gain")


class KeepCard(ModuleStep):
    """Keep one of the two cards looked at (``keep:1`` or ``keep:2``, by place)."""

    def actions(self, table: Table) -> list[Action]:
        return [A.keep(1), A.keep(2)]

    def apply(self, table: Table, action: Action) -> bool:
        state = apprentice_of(table)
        state.keep(table.current, state.offer[A.ARG1[action] - 1])
        return True

    def prompt(self, table: Table) -> Message:
        offer = apprentice_of(table).offer
        if UNKNOWN in offer:
            return msg("apprentice.keep_hidden")
        return msg("apprentice.keep", card=offer[0], other=msg("apprentice.card", card=offer[1]))

    def activity(self, table: Table) -> Message:
        return msg("activity.keep")


class SecondLook(ModuleStep):
    """Re-roll a Draft Pool die (the card Second Look)."""

    def actions(self, table: Table) -> list[Action]:
        return [A.choose(die) for die in distinct(table.pool)]

    def apply(self, table: Table, action: Action) -> bool:
        die = A.ARG1[action]
        table.pool[table.pool.index(die)] = table.roll(die)
        return True

    def prompt(self, table: Table) -> Message:
        return msg("apprentice.reroll")

    def activity(self, table: Table) -> Message:
        return msg("activity.reroll")


# -- playing a card ------------------------------------------------------------------------------


def pool_dice(window: Window) -> int:
    """The number of dice in ``window`` that came from a pool: all but the masterwork dice.

    Steady Hand lifts the value restriction for the die placed from a pool this turn: it ends
    when this number grows. A move leaves it as it is, and so does a masterwork die placed
    (it comes from the masterwork board and may lie on any value anyway).
    """
    return (window.occupied & ~window.by_colour[ORANGE]).bit_count()


class PlayCard(TurnAction):
    """Play a card of one's hand, as often as one likes during one's turn: ``activate:17`` or
    ``discard:16``, as the card says."""

    bit = 0  # not once a turn
    kind = int(Kind.ACTIVATE)
    more_kinds = (int(Kind.DISCARD),)
    part = msg("prompt.part.card")

    def __init__(self, rules: RulesBuilder) -> None:
        #: The game's rules, as every active module configures them (read during play, once
        #: they all have): the parts of a turn and how tools are paid for.
        self.rules = rules

    def actions(self, table: Table) -> list[Action]:
        state: Apprentice = table.components[NAME]  # type: ignore[assignment]  # hot path
        hand = state.hands[table.current]
        if not hand:
            return []
        cards = cards_by_number()
        out = []
        for number in hand:  # a card is once in a hand; unknown cards are others' (views)
            if number != UNKNOWN:
                card = cards[number]
                if self.blocked(table, card) is None:
                    first = A.ACTIVATE_BASE if card.play == "activate" else A.DISCARD_BASE
                    out.append(first + number - 1)
        out.sort()
        return out

    def blocked(self, table: Table, card: ApprenticeCard) -> str | None:
        """What keeps ``card`` (in hand) from being played now (``"drafted"``: a tool acting
        on the draft, used; ``"tool"``: the tool could not complete; ``"pool"``: no Draft Pool
        die; ``"steady"``: a Steady Hand in effect; ``"placed"``: Steady Hand with no die left
        to place from a pool this turn), or ``None``."""
        effect = card.effect
        if effect == "tool":
            tool = TOOL_EFFECTS[card.value]
            if tool.after_drafting and table.drafted:
                return "drafted"
            if not tool.can_start(table):
                return "tool"
        elif effect == "reroll" and not table.pool:
            return "pool"
        elif effect == "steady_hand":
            if apprentice_of(table).steady >= 0:
                return "steady"
            if not self.pool_placement_ahead(table):  # "the die you place this turn"
                return "placed"
        return None

    def pool_placement_ahead(self, table: Table) -> bool:
        """Whether the current player may still place a die from a pool this turn: a part of
        the turn placing one is still to do (the draft, an own die under the Private Dice Pool
        rules), or a tool that drafts a die of its own (Running Pliers) could be used now, as
        the turn's tool or through an apprentice card in hand, with the value restrictions
        lifted as a Steady Hand would lift them."""
        used = table.used
        for part in self.rules.turn_actions:
            if isinstance(part, PlaceDie) and not used & part.bit:
                return True
        window = table.window()
        free_value = window.free_value
        window.free_value = True  # asked as if the Steady Hand were played
        try:
            if not used & TOOL_USED:
                payment = self.rules.payment
                for slot, tool in enumerate(table.tools):
                    effect = TOOL_EFFECTS[tool.id]
                    if effect.extra_draft and payment.available(table, slot, effect):
                        return True
            cards = cards_by_number()
            for number in apprentice_of(table).hands[table.current]:
                if number != UNKNOWN and cards[number].effect == "tool":
                    effect = TOOL_EFFECTS[cards[number].value]
                    if effect.extra_draft and effect.can_start(table):
                        return True
            return False
        finally:
            window.free_value = free_value

    def problem(self, table: Table, card: ApprenticeCard) -> Message | None:
        """Why ``card`` (in hand) cannot be played now, or ``None``."""
        reason = self.blocked(table, card)
        if reason == "drafted":
            return msg("refuse.after_drafting", tool=card.value)
        if reason == "tool":
            why = TOOL_EFFECTS[card.value].why_not_startable(table)
            return msg("refuse.tool", tool=card.value, reason=why)
        if reason == "pool":
            return msg("tool.pool_empty")
        if reason == "steady":
            return msg("apprentice.steady_already")
        if reason == "placed":
            return msg("apprentice.steady_drafted")
        return None

    def apply(self, table: Table, action: Action) -> None:
        state = apprentice_of(table)
        card = _card(A.ARG1[action])
        state.hands[table.current].remove(card.number)
        if card.play == "activate":
            state.active[table.current].append(card.number)
        else:
            state.discard.append(card.number)
        if card.effect == "tool":
            use_tool_free(table, card.value)
        elif card.effect == "favor":
            table.gain_favor(card.value)
        elif card.effect == "steady_hand":
            window = table.window()
            window.free_value = True
            state.steady = pool_dice(window)
        elif card.effect == "reroll":
            table.step = REROLL

    def explain(self, table: Table, action: Action) -> Message:
        number = A.ARG1[action]
        if number not in apprentice_of(table).hands[table.current]:
            return msg("apprentice.not_in_hand", number=number)
        card = _card(number)
        activate = A.KIND_OF[action] == Kind.ACTIVATE
        if card.play == "activate" and not activate:
            return msg("apprentice.plays_activate", card=number)
        if card.play == "discard" and activate:
            return msg("apprentice.plays_discard", card=number)
        return self.problem(table, card) or msg("refuse.default")


def end_turn(table: Table) -> None:
    """A new turn may gain a card again; a Steady Hand not used ends with the turn."""
    state = apprentice_of(table)
    state.gained = False
    if state.steady >= 0:
        table.window().free_value = False
        state.steady = -1


# -- setup, scoring, views -----------------------------------------------------------------------


def missing_needs(rules: RulesBuilder) -> set[str]:
    """What of :data:`~sagrada.games.dice.rules.apprentice_cards.NEEDS` a game with ``rules``
    lacks."""
    missing = set()
    if rules.options.solo:
        missing.add("favor_tokens")
    players = rules.options.players
    if len(rules.round_order(players, 0)) < 2 * players:
        missing.add("two_turns")
    return missing


def score(table: Table, seat: int) -> list[ScorePart]:
    window = table.window(seat)
    cards = [_card(n) for n in apprentice_of(table).active[seat]]
    return [card_part(card, window, table.publics) for card in cards if card.effect in SCORING]


def card_json(number: int) -> dict[str, Any]:
    """A card as the views show it."""
    return card_data(_card(number))


def show(table: Table, viewer: int, data: dict[str, Any]) -> None:
    """The apprentice spaces, the deck's size, the discard pile, the cards set aside; each
    player's number of cards and activated cards; the viewer's hand and, while choosing, the
    cards looked at."""
    state = apprentice_of(table)
    section: dict[str, Any] = {
        "spaces": list(mask_names(content().spaces)),
        "deck": len(state.deck),
        "discard": [card_json(n) for n in state.discard],
        "set_aside": [card_json(n) for n in state.aside],
        "house": content().house,
    }
    if table.phase == Phase.PLAY and viewer == table.current and table.step == KEEP:
        section["offer"] = [card_json(n) for n in state.offer]
    data["apprentice"] = section
    for seat, entry in enumerate(data["players"]):
        entry["apprentice_cards"] = len(state.hands[seat])
        entry["apprentice_active"] = [card_json(n) for n in state.active[seat]]
        if seat == viewer:
            entry["apprentice_hand"] = [card_json(n) for n in state.hands[seat]]


class ApprenticeModule(RuleModule):
    """The Apprentice module; active with the option ``apprentice``."""

    name = NAME
    title = "Life's Apprentice module"

    def active(self, options: Options) -> bool:
        return options.apprentice

    def configure(self, rules: RulesBuilder) -> None:
        data = content()
        spaces = data.spaces
        rules.window_cards[:] = [
            (apprentice_window(a, spaces), apprentice_window(b, spaces))
            for a, b in catalog().window_cards("base")
        ]
        favor_for = rules.favor_for
        rules.favor_for = lambda pattern: max(0, favor_for(pattern) - data.favor_less)
        missing = missing_needs(rules)
        in_play = [c.number for c in data.cards if c.needs not in missing]
        aside = [c.number for c in data.cards if c.needs in missing]

        def set_up(table: Table) -> None:
            state = Apprentice(in_play[:], aside, len(table.players))
            state.discard.append(state.draw(table))
            table.components[NAME] = state

        def redact_cards(table: Table, viewer: int) -> None:
            redact(apprentice_of(table), viewer, table.current)

        def guess_cards(table: Table, viewer: int, rng: Rng) -> None:
            guess(apprentice_of(table), in_play, rng)

        rules.setup_steps.append(set_up)
        rules.turn_actions.append(PlayCard(rules))
        rules.steps.update({GAIN: ChooseGain(), KEEP: KeepCard(), REROLL: SecondLook()})
        rules.after_action.append(notice_cover)
        rules.turn_end.append(end_turn)
        rules.hold_turn = True  # while a card could still be played
        rules.score_parts.append(score)
        rules.view_hooks.append(show)
        rules.redactions.append(redact_cards)
        rules.guesses.append(guess_cards)
        # Gaining takes up to two decisions a turn; each card gained is played once, in up
        # to six decisions (a tool's steps).
        rules.decisions_per_turn += 8


MODULE: Final[RuleModule] = ApprenticeModule()
