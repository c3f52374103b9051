"""Life's apprentice cards and apprentice windows (rulebook 004_234c3922e9d01436.txt,
APPRENTICE MODULE; the cards and windows are house content: HOUSE-CONTENT.md, "Life:
Apprentice module").

The content, read from ``content/life.json`` (section ``apprentice``) so that an owner of the
box can give the printed cards (``docs/content.md``):

* the apprentice spaces of every apprentice window (B2 and D4) and how many favor tokens fewer
  than its difficulty an apprentice window gives (1);
* the 22 cards: each is played by ``discard`` (to the discard pile) or ``activate`` (face up
  in front of the player), and has one effect of a small vocabulary: ``tool`` (a base tool's
  effect, free, with its own timing), ``favor`` (gain tokens), ``steady_hand`` (the die placed
  this turn ignores its space's value restriction), ``reroll`` (re-roll a Draft Pool die),
  ``study`` (score the values of one colour) and ``masters_eye`` (a public objective that
  scored 0 scores ``vp`` instead, in a window without an open space). ``needs`` names what a
  card refers to that a game may not have: ``favor_tokens`` (not in solo play) or
  ``two_turns`` (not under the Private Dice Pool rules): such a card is set aside at setup.

An apprentice window is a base window with apprentice spaces: their value restriction is
removed, their colour restriction kept (:func:`apprentice_window`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from sagrada.core.cells import CELL_NAMES, COLUMNS, FULL, Mask, cell_list
from sagrada.core.content import (
    ContentChecker,
    PrivateObjective,
    PublicObjective,
    WindowPattern,
    content_cache,
    pack_section,
    register_section,
)
from sagrada.core.dice import COLOUR_LETTERS
from sagrada.core.errors import ContentError
from sagrada.core.messages import (
    DEFAULT_LANGUAGE,
    Message,
    content_json,
    content_message,
    content_param,
    content_text,
    msg,
    register_param_kind,
)
from sagrada.core.scoring import ScorePart, score_private, score_public
from sagrada.core.window import Window
from sagrada.games.dice.rules.actions import MAX_APPRENTICE

#: The section of the content pack, and the pack.
NAME: Final = "apprentice"
PACK: Final = "life"
#: How a card is played, and the effects a card may have.
PLAYS: Final = ("discard", "activate")
EFFECTS: Final = ("tool", "favor", "steady_hand", "reroll", "study", "masters_eye")
#: What a card may refer to that a game does not have.
NEEDS: Final = ("favor_tokens", "two_turns")
#: The base game's tool cards an apprentice card may copy.
BASE_TOOLS: Final = range(1, 13)


@dataclass(frozen=True, slots=True)
class ApprenticeCard:
    """One apprentice card.

    Attributes:
        number: its number in the deck (1-22 for the house cards).
        name: its name; text: what it says.
        play: ``"discard"`` or ``"activate"``.
        effect: one of :data:`EFFECTS`; value: the effect's number (the tool card's number,
            the favor tokens, the VP of Master's Eye) or colour (0-4, Study), else 0.
        needs: what it refers to that a game may lack (one of :data:`NEEDS`), or ``""``.
    """

    number: int
    name: str
    text: str
    play: str
    effect: str
    value: int
    needs: str

    @property
    def key(self) -> str:
        """The card's key in the message catalogues (``card.apprentice.<number>``: its name is
        ``card.apprentice.<number>.name``; :func:`sagrada.core.messages.content_json`)."""
        return f"card.apprentice.{self.number}"

    def words(self) -> dict[str, str]:
        """The card's words by field, in English: what the catalogues translate."""
        return {"name": self.name, "text": self.text}


@dataclass(frozen=True, slots=True)
class ApprenticeContent:
    """The apprentice spaces, the favor tokens fewer an apprentice window gives, the cards."""

    spaces: Mask
    favor_less: int
    cards: tuple[ApprenticeCard, ...]
    house: bool

    def card_words(self) -> dict[str, str]:
        """Every card's words in English by their id in the message catalogues
        (``card.apprentice.13.name``: ``"Patron"``)."""
        return {
            f"{card.key}.{field}": english
            for card in self.cards
            for field, english in card.words().items()
        }


def parse_content(filename: str, data: Any) -> ApprenticeContent:
    """Validate the ``apprentice`` section of a content file.

    Raises:
        ContentError: naming the file and the field at fault.
    """
    check = ContentChecker(filename)
    if not isinstance(data, dict):
        raise check.fail(NAME, "must be an object")
    spaces = 0
    for space in check.get(data, NAME, "spaces", list):
        if not isinstance(space, str) or space.upper() not in CELL_NAMES:
            raise check.fail(f"{NAME}.spaces", f"{space!r} is not a cell A1-D5")
        spaces |= 1 << CELL_NAMES.index(space.upper())
    favor_less = check.get(data, NAME, "favor_less", int)
    if favor_less < 0:
        raise check.fail(f"{NAME}.favor_less", "must be 0 or more")
    cards = []
    numbers: set[int] = set()
    for i, entry in enumerate(check.entries(data, "cards")):
        where = f"{NAME}.cards[{i}]"
        number = check.get(entry, where, "number", int)
        if not 1 <= number <= MAX_APPRENTICE:
            raise check.fail(where, f"number must be 1-{MAX_APPRENTICE}, got {number}")
        if number in numbers:
            raise check.fail(where, f"number {number} appears twice")
        numbers.add(number)
        play = check.get(entry, where, "play", str)
        if play not in PLAYS:
            raise check.fail(where, f"play must be one of {', '.join(PLAYS)}, got {play!r}")
        effect = check.get(entry, where, "effect", str)
        if effect not in EFFECTS:
            raise check.fail(where, f"effect must be one of {', '.join(EFFECTS)}, got {effect!r}")
        needs = check.optional(entry, where, "needs", str, "")
        if needs and needs not in NEEDS:
            raise check.fail(where, f"needs must be one of {', '.join(NEEDS)}, got {needs!r}")
        value = _effect_value(check, entry, where, effect)
        cards.append(
            ApprenticeCard(
                number,
                check.get(entry, where, "name", str),
                check.get(entry, where, "text", str),
                play,
                effect,
                value,
                needs,
            )
        )
    if not cards:
        raise check.fail(f"{NAME}.cards", "must not be empty")
    return ApprenticeContent(
        spaces, favor_less, tuple(cards), check.optional(data, NAME, "house", bool, False)
    )


def _effect_value(check: ContentChecker, entry: dict[str, Any], where: str, effect: str) -> int:
    """The number or colour an effect takes: a tool card, favor tokens, a colour, VP."""
    if effect == "tool":
        tool = check.get(entry, where, "tool", int)
        if tool not in BASE_TOOLS:
            raise check.fail(where, f"tool must be a base game tool card 1-12, got {tool}")
        return int(tool)
    if effect == "favor":
        tokens = check.get(entry, where, "tokens", int)
        if tokens < 1:
            raise check.fail(where, "tokens must be 1 or more")
        return int(tokens)
    if effect == "study":
        colour = check.get(entry, where, "colour", str)
        if len(colour) != 1 or colour not in COLOUR_LETTERS:
            raise check.fail(where, f"colour must be one of R Y G B P, got {colour!r}")
        return COLOUR_LETTERS.index(colour)
    if effect == "masters_eye":
        return int(check.get(entry, where, "vp", int))
    return 0


@content_cache
def content() -> ApprenticeContent:
    """Return the apprentice content of the ``life`` content pack (or of a content file)."""
    filename, data = pack_section(PACK, NAME)
    if data is None:
        raise ContentError(f"{filename}: no apprentice section")
    return parse_content(filename, data)


@content_cache
def cards_by_number() -> dict[int, ApprenticeCard]:
    """Return the apprentice cards by number."""
    return {card.number: card for card in content().cards}


def card_named(name: str) -> ApprenticeCard:
    """Return the first apprentice card called ``name`` (case-insensitive).

    Raises:
        KeyError: if there is none.
    """
    for card in content().cards:
        if card.name.lower() == name.strip().lower():
            return card
    raise KeyError(name)


def card_data(card: ApprenticeCard, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A card as views and the server show it: its name and text in ``language``, each with
    its message where the catalogues translate it (``name_message``, ``text_message``)."""
    return {
        "number": card.number,
        **content_json(card.key, card.words(), language),
        "play": card.play,
        "effect": card.effect,
        "house": content().house,
    }


#: The effects whose card scores at the game's end once activated.
SCORING: Final = ("study", "masters_eye")


def card_part(
    card: ApprenticeCard, window: Window, publics: Sequence[PublicObjective]
) -> ScorePart:
    """Score an activated scoring card (an effect of :data:`SCORING`) for ``window``.

    Study of a colour scores the sum of the values of the window's dice of that colour, as a
    private objective of that colour does. Master's Eye scores its VP if the window has no
    open space and one of ``publics`` scored 0 (the first such objective is named).
    """
    if card.effect == "study":
        part = score_private(
            window, PrivateObjective(f"apprentice-{card.number}", card.name, card.value)
        )
        return replace(part, kind="apprentice", name_message=_name_message(card))
    if card.effect != "masters_eye":
        raise ValueError(f"{card.name} does not score")
    zero = [o for o in publics if score_public(window, o).points == 0]
    full = window.occupied == FULL
    if full and zero:
        objective = content_param(f"{zero[0].key}.name", zero[0].name)
        formula = msg("apprentice.formula.masters_eye", objective=objective, vp=card.value)
    elif not full:
        formula = msg("apprentice.formula.masters_eye_open")
    else:
        formula = msg("apprentice.formula.masters_eye_none")
    return ScorePart(
        name=card.name,
        kind="apprentice",
        points=card.value if full and zero else 0,
        count=1 if full and zero else 0,
        formula=formula,
        cells=(),
        name_message=_name_message(card),
    )


def _name_message(card: ApprenticeCard) -> Message | None:
    """A card's name as a message, where the catalogues translate it."""
    return content_message(f"{card.key}.name", card.name)


def apprentice_window(pattern: WindowPattern, spaces: Mask) -> WindowPattern:
    """Return the apprentice version of a window pattern side: ``spaces`` become apprentice
    spaces, their value restriction removed and their colour restriction kept."""
    rows = [list(row) for row in pattern.grid]
    for cell in cell_list(spaces):
        row, column = divmod(cell, COLUMNS)
        if rows[row][column].isdigit():
            rows[row][column] = "."
    grid = tuple("".join(row) for row in rows)
    return replace(pattern, grid=(grid[0], grid[1], grid[2], grid[3]), apprentice=spaces)


def _card_name(number: int, language: str) -> str:
    """An apprentice card's name in ``language`` (a content file's own name as it is)."""
    card = cards_by_number()[number]
    return content_text(f"{card.key}.name", card.name, language)


# A content file may give the printed apprentice cards.
register_section(NAME, parse_content)
# A message's ``card`` is an apprentice card's number, shown as its name.
register_param_kind("apprentice_card", lambda number, language: _card_name(number, language))
