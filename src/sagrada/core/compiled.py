"""What the compiled build of the core needs to be told, and nothing else.

The core runs as plain Python, or compiled to C by mypyc from the same source (``make fast``,
``docs/compiled.md``). A compiled class differs from a plain one in three ways that code
outside the core can meet, and the marks here keep the two builds alike:

* it refuses a subclass written in plain Python unless marked :func:`mypyc_attr`
  ``(allow_interpreted_subclasses=True)``: the classes a rule module, a tool or an adapter
  may extend (:class:`~sagrada.games.dice.rules.hooks.RuleModule`,
  :class:`~sagrada.games.dice.rules.hooks.TurnAction`,
  :class:`~sagrada.games.dice.rules.tools.effect.ToolEffect`, :class:`~sagrada.core.rng.Rng`, ...)
  carry that mark. Their class attributes that subclasses set (``name``, ``number``, ``kind``) are
  ``ClassVar``: a compiled class reads an instance field otherwise, which a plain subclass's
  class attribute does not change;
* it pickles and copies only when marked ``serializable=True`` (a view sent to a bot's
  process, a game deep-copied by OpenSpiel), and then only the fields it declares itself; in
  mypyc 2.4 that mark alone leaves ``__init__`` uncalled when plain Python makes an instance,
  so it goes with ``allow_interpreted_subclasses=True``;
* a frozen dataclass cannot be unpickled field by field: those of the core pickle through
  their constructor (:func:`reduce_by_init`).

mypyc recognises the mark by its name in ``mypy_extensions``, which it reads while type
checking; the compiled code never calls it. The running core imports nothing outside the
standard library, so here it is a decorator that changes nothing. This module itself always
runs as plain Python.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

_C = TypeVar("_C")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: str, **values: object) -> Callable[[_C], _C]:
        """Mark a class for mypyc; in plain Python the class is left as it is."""
        return lambda cls: cls


def reduce_by_init(value: Any) -> tuple[Any, tuple[Any, ...]]:
    """The ``__reduce__`` of a frozen dataclass of the core: its class and the values of its
    ``__init__`` fields, so that pickling and :mod:`copy` make it again with its constructor.

    The compiled build's own pickling sets an object's attributes one by one, which a frozen
    dataclass refuses.
    """
    fields = dataclasses.fields(value)
    return type(value), tuple(getattr(value, field.name) for field in fields if field.init)


__all__ = ["mypyc_attr", "reduce_by_init"]
