"""JSON answers encoded fast: with orjson when it is installed (the ``web`` extra brings it),
else with the standard library, giving the bytes Starlette's ``JSONResponse`` gives.

Both write the compact form (no spaces), UTF-8 without escaping non-ASCII text, keys in the
order of the dict; a value orjson does not take (an integer past 64 bits, say) is encoded by
the standard library instead. Two differences no view meets: a number in an exponent's form
(orjson writes ``1e16`` where Python writes ``1e+16``, the same value to any JSON reader),
and a float that is not a number (orjson writes ``null`` where the standard library refuses).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None  # type: ignore[assignment]  # the standard library then encodes alone


def standard_dumps(value: Any) -> bytes:
    """``value`` as JSON, encoded by the standard library as Starlette's ``JSONResponse``
    encodes it."""
    return json.dumps(
        value, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


def dumps(value: Any) -> bytes:
    """``value`` as JSON (UTF-8 bytes), by orjson when it is installed and takes the value."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:
            pass  # orjson.JSONEncodeError: a value it does not take
    return standard_dumps(value)


class FastJSONResponse(JSONResponse):
    """A ``JSONResponse`` whose body :func:`dumps` encodes."""

    def render(self, content: Any) -> bytes:
        return dumps(content)
