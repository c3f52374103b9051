"""A game's chat: what its players write, read by everyone watching (docs/web-api.md, "Chat").

Players write (spectators only read); a message is one line of at most :data:`CHAT_MAX`
characters, control characters removed, kept as written: pages show it as text, never as
markup. Each seat may write :data:`CHAT_BURST` messages at once and then one every
:data:`CHAT_EVERY` seconds. The server keeps the last :data:`CHAT_KEEP` messages of a game in
memory; the database keeps them all.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from sagrada.core.messages import msg
from sagrada.web.session import GameError

#: Characters a message may have.
CHAT_MAX: Final = 300
#: Messages a game's page gets (the newest).
CHAT_KEEP: Final = 100
#: Messages a seat may write at once, then one every ``CHAT_EVERY`` seconds.
CHAT_BURST: Final = 5
CHAT_EVERY: Final = 2.0


def clean_message(text: str) -> str:
    """The message as kept: one line (control characters and line breaks become spaces),
    surrounding spaces removed.

    Raises:
        GameError: 422 if nothing is left or it is longer than :data:`CHAT_MAX` characters.
    """
    line = "".join(" " if _hidden(ch) else ch for ch in text)
    line = " ".join(line.split())
    if not line:
        raise GameError(422, msg("web.chat_empty"))
    if len(line) > CHAT_MAX:
        raise GameError(422, msg("web.chat_too_long", n=CHAT_MAX))
    return line


def _hidden(ch: str) -> bool:
    """A character that is not text: a control or unassigned one, or a format character
    (such as a bidirectional override) other than the joiners emoji are made with."""
    category = unicodedata.category(ch)
    return category in ("Cc", "Cs", "Co", "Cn") or (category == "Cf" and ch not in JOINERS)


#: The zero-width non-joiner and joiner, which some scripts and emoji need.
JOINERS: Final = "\u200c\u200d"
