"""The words of a "your turn" notice, in the language of the account it goes to.

A push message and an e-mail say the same thing: whose move a correspondence game waits for,
in which game and who waits. The words are messages of the catalogues (``players.notify.*``,
docs/translations.md); a game is named by its entry's words for a game of its kind (the
lobby's list label, :attr:`sagrada.entry.GamePage.list_label`), never by its id.

>>> notice = turn_notice("en", "Sagrada", ["Ada", "Ben", "Cleo"])
>>> notice.title
'Your turn in Sagrada'
>>> notice.body
'Ada, Ben and Cleo are waiting for your move.'
>>> turn_notice("de", "Sagrada", ["Ada"]).body
'Ada wartet auf deinen Zug.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sagrada.core.messages import DEFAULT_LANGUAGE, msg, render, template
from sagrada.i18n import languages
from sagrada.registry import entry


@dataclass(frozen=True, slots=True)
class TurnNotice:
    """What a "your turn" notice says: a title (a push message's title, an e-mail's subject)
    and a sentence under it."""

    title: str
    body: str


def notice_language(language: str) -> str:
    """Return ``language`` if a catalogue speaks it, else the default language (English): an
    account's setting written before a language was taken away still gets its notices."""
    return language if language in languages() else DEFAULT_LANGUAGE


def game_words(game_name: str, language: str) -> str:
    """Return the words for a game of the registered game ``game_name`` ("Solo card game") in
    ``language``: its entry's list label, as the lobby shows it.

    Raises:
        KeyError: if no game of that name is registered.
    """
    return template(entry(game_name).page.list_label, language=notice_language(language))


def turn_notice(language: str, game_words: str, waiting: Sequence[str]) -> TurnNotice:
    """Return the words telling a player that a game waits for their move.

    Args:
        language: the account's language (English where no catalogue speaks it).
        game_words: the game's words in that language (:func:`game_words`).
        waiting: the names of the people waiting for the move, in seat order; none in a game
            where only bots wait (or nobody).
    """
    language = notice_language(language)
    title = turn_title(language, game_words)
    if not waiting:
        return TurnNotice(title, render(msg("players.notify.turn.body_alone"), language))
    body = msg("players.notify.turn.body", n=len(waiting), names=names_words(waiting, language))
    return TurnNotice(title, render(body, language))


def turn_title(language: str, game_words: str) -> str:
    """Return the title of a "your turn" notice ("Your turn in Sagrada"), which is an
    e-mail's subject too."""
    return render(msg("players.notify.turn.title", game=game_words), notice_language(language))


def names_words(names: Sequence[str], language: str) -> str:
    """Return a list of names as a sentence says it: "Ada", "Ada and Ben", "Ada, Ben and
    Cleo" (the last joined by the language's "and").

    Raises:
        ValueError: if there is no name.
    """
    if not names:
        raise ValueError("a list of names needs at least one name")
    if len(names) == 1:
        return names[0]
    return render(msg("players.notify.and", names=", ".join(names[:-1]), last=names[-1]), language)
