"""Action codes as every game has them: a legal action is an int, and a client's value is taken
as a code only if it is one (not a ``bool``, not a string of digits)."""

from __future__ import annotations

import operator
from typing import Any

from sagrada.core.errors import IllegalActionError
from sagrada.core.messages import msg


def as_code(value: Any) -> int:
    """Return ``value`` as an action code if it is an integer (not a ``bool``).

    Raises:
        IllegalActionError: for anything else, before anything changes.
    """
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise IllegalActionError(repr(value), msg("refuse.not_code", code=repr(value)))
