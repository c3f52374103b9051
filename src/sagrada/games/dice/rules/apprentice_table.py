"""Life's apprentice cards on the table: the deck, the discard pile, the hands and the cards
played, and what is hidden of them (rulebook 004_234c3922e9d01436.txt, APPRENTICE MODULE).

The deck is kept as the set of its cards, and a card is drawn from it at random when it is
needed: the same as drawing the top card of a shuffled deck, with the order in the game's
chance, where views never look. "Look at the top 2 cards" draws two; "if the Apprentice Deck
doesn't have enough cards, shuffle the Apprentice Discard Pile and form a new Apprentice
Deck": the discard pile joins the deck first.

Hidden: the cards of the deck, other players' hands (their number is public) and the two cards
the current player looks at (:func:`redact`); :func:`guess` deals them again at random,
consistently, for searching bots.
"""

from __future__ import annotations

from typing import Any, Final, cast

from sagrada.core.compiled import mypyc_attr
from sagrada.core.dice import Die
from sagrada.core.rng import Rng
from sagrada.games.dice.rules.context import TurnContext

#: The key of the apprentice cards among the table's components (the module's name).
NAME: Final = "apprentice"
#: A card a view does not show.
UNKNOWN: Final = -1


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Apprentice:
    """The apprentice cards in a game, by number.

    Attributes:
        deck: the cards of the deck, in increasing order (drawn at random: the deck's order
            is the game's chance).
        discard: the face-up discard pile, its top last.
        aside: the cards set aside at setup (they refer to a component not in play).
        hands: each seat's secret cards.
        active: each seat's activated cards, face up.
        offer: the cards the current player looks at, to keep one (empty otherwise).
        covered: each seat's apprentice spaces covered when last looked at (a space the
            player covers anew gains a card).
        gained: whether the current player has gained a card this turn.
        steady: while a Steady Hand is in effect, the number of dice from a pool (all but the
            masterwork dice) in the window when it was played (the next die placed from a pool
            ends it); -1 otherwise.
    """

    __slots__ = (
        "active",
        "aside",
        "covered",
        "deck",
        "discard",
        "gained",
        "hands",
        "offer",
        "steady",
    )

    def __init__(self, deck: list[int], aside: list[int], players: int) -> None:
        self.deck = deck
        self.discard: list[int] = []
        self.aside = aside
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.active: list[list[int]] = [[] for _ in range(players)]
        self.offer: list[int] = []
        self.covered = [0] * players
        self.gained = False
        self.steady = -1

    def copy(self) -> Apprentice:
        other = Apprentice(self.deck[:], self.aside, 0)
        other.discard = self.discard[:]
        other.hands = [hand[:] for hand in self.hands]
        other.active = [cards[:] for cards in self.active]
        other.offer = self.offer[:]
        other.covered = self.covered[:]
        other.gained = self.gained
        other.steady = self.steady
        return other

    def snapshot(self) -> Any:
        return {
            "deck": list(self.deck),
            "discard": list(self.discard),
            "aside": list(self.aside),
            "hands": [list(hand) for hand in self.hands],
            "active": [list(cards) for cards in self.active],
            "offer": list(self.offer),
            "covered": list(self.covered),
            "gained": self.gained,
            "steady": self.steady,
        }

    def dice(self) -> list[Die]:
        """Apprentice cards hold no dice."""
        return []

    def can_gain(self) -> bool:
        """Whether there is a card to gain (in the deck or on the discard pile)."""
        return bool(self.deck or self.discard)

    def draw(self, ctx: TurnContext) -> int:
        """Draw a card from the deck at random."""
        return self.deck.pop(ctx.random_below(len(self.deck)))

    def look(self, ctx: TurnContext) -> None:
        """Look at the top two cards of the deck (fewer if the deck and the discard pile
        together hold fewer), forming a new deck from the discard pile if the deck has not
        enough."""
        if len(self.deck) < 2:
            self.deck.extend(self.discard)
            self.deck.sort()
            self.discard.clear()
        self.offer = [self.draw(ctx) for _ in range(min(2, len(self.deck)))]

    def keep(self, seat: int, card: int) -> None:
        """Keep ``card`` of the offer; the other goes face up on the discard pile."""
        self.offer.remove(card)
        self.hands[seat].append(card)
        self.discard.extend(self.offer)
        self.offer.clear()


def apprentice_of(ctx: TurnContext) -> Apprentice:
    """Return the game's apprentice cards."""
    return cast(Apprentice, ctx.components[NAME])  # set by the module's setup; on a hot path


def redact(state: Apprentice, viewer: int, current: int) -> None:
    """Erase what ``viewer`` may not know: the deck's cards, other players' hands (keeping how
    many they hold) and, unless it is the viewer's turn, the cards looked at."""
    state.deck = [UNKNOWN] * len(state.deck)
    state.hands = [
        hand if seat == viewer else [UNKNOWN] * len(hand) for seat, hand in enumerate(state.hands)
    ]
    if viewer != current:
        state.offer = [UNKNOWN] * len(state.offer)


def guess(state: Apprentice, in_play: list[int], rng: Rng) -> None:
    """Deal the unknown cards again at random among the places they were erased from:
    ``in_play`` is every card of the game (those not set aside)."""
    known = set(state.discard)
    for cards in (*state.hands, *state.active, state.offer):
        known.update(card for card in cards if card != UNKNOWN)
    unseen = [card for card in in_play if card not in known]
    rng.shuffle(unseen)
    hidden = len(state.deck)
    state.hands = [
        [card if card != UNKNOWN else unseen.pop() for card in hand] for hand in state.hands
    ]
    state.offer = [card if card != UNKNOWN else unseen.pop() for card in state.offer]
    assert len(unseen) == hidden, "the cards guessed are as many as the cards hidden"
    state.deck = sorted(unseen)
