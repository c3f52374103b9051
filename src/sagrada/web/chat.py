"""A game's chat: what its players write, read by everyone watching (docs/web-api.md, "Chat").

Players write (spectators only read); a message is one line of at most :data:`CHAT_MAX`
characters, kept as :mod:`sagrada.web.plain_text` keeps a line (control and format characters
removed), otherwise as written: pages show it as text, never as markup. Each seat may write
:data:`CHAT_BURST` messages at once and then one every :data:`CHAT_EVERY` seconds. The server
keeps the last :data:`CHAT_KEEP` messages of a game in memory; the database keeps them all.
"""

from __future__ import annotations

from typing import Final

from sagrada.core.messages import msg
from sagrada.web.plain_text import one_line
from sagrada.web.session import GameError

#: Characters a message may have.
CHAT_MAX: Final = 300
#: Messages a game's page gets (the newest).
CHAT_KEEP: Final = 100
#: Messages a seat may write at once, then one every ``CHAT_EVERY`` seconds.
CHAT_BURST: Final = 5
CHAT_EVERY: Final = 2.0


def clean_message(text: str) -> str:
    """The message as kept: one line (:func:`~sagrada.web.plain_text.one_line`).

    Raises:
        GameError: 422 if nothing is left or it is longer than :data:`CHAT_MAX` characters.
    """
    line = one_line(text)
    if not line:
        raise GameError(422, msg("web.chat_empty"))
    if len(line) > CHAT_MAX:
        raise GameError(422, msg("web.chat_too_long", n=CHAT_MAX))
    return line
