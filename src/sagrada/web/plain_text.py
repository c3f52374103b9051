"""What the server keeps of a line of text a person writes (a chat message, a seat's name).

A kept line is plain text on one line: control, unassigned and private-use characters, line
breaks and format characters (a bidirectional override, a zero-width space) become spaces,
except the zero-width joiners that some scripts and emoji need; runs of spaces become one and
surrounding spaces go. Such a line holds no NUL, which a PostgreSQL text column refuses.
"""

from __future__ import annotations

import unicodedata
from typing import Final

#: The zero-width non-joiner and joiner, which some scripts and emoji need.
JOINERS: Final = "\u200c\u200d"


def one_line(text: str) -> str:
    """``text`` as kept: hidden characters become spaces, runs of spaces one, surrounding
    spaces removed (an empty string when nothing shows)."""
    line = "".join(" " if hidden(ch) else ch for ch in text)
    return " ".join(line.split())


def hidden(ch: str) -> bool:
    """Whether ``ch`` is not text: a control or unassigned character, a surrogate, a private
    one, or a format character (such as a bidirectional override) other than the joiners."""
    category = unicodedata.category(ch)
    return category in ("Cc", "Cs", "Co", "Cn") or (category == "Cf" and ch not in JOINERS)
