"""The registry of rule modules, and the rules of a game assembled from its active modules.

:func:`rules_for` takes a game's options, asks every registered module whether it is active,
lets the active ones check the options and configure a
:class:`~sagrada.games.dice.rules.hooks.RulesBuilder`
in registration order (the base game first), and freezes the result (cached per options). A
new module registers itself with :func:`register_module`; nothing else needs to change.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from sagrada.core.content import on_content_change
from sagrada.core.errors import ConfigError
from sagrada.core.options import Options
from sagrada.games.dice.rules.actions import action_space_size
from sagrada.games.dice.rules.hooks import RuleModule, Rules, RulesBuilder
from sagrada.games.dice.rules.modules import (
    apprentice,
    base,
    five_six,
    masterwork,
    private_pools,
    solo,
    toil,
)
from sagrada.games.dice.rules.table import TOOL_USED

#: Every registered module, in the order they configure a game.
MODULES: list[RuleModule] = [
    base.MODULE,
    solo.MODULE,
    five_six.MODULE,
    private_pools.MODULE,
    apprentice.MODULE,
    masterwork.MODULE,
    toil.MODULE,
]


def register_module(module: RuleModule) -> None:
    """Add a rule module; it configures games after the modules registered before it.

    Raises:
        ValueError: if a module of that name is registered already.
    """
    if any(m.name == module.name for m in MODULES):
        raise ValueError(f"rule module {module.name!r} is registered twice")
    MODULES.append(module)
    rules_for.cache_clear()


def unregister_module(name: str) -> None:
    """Remove the rule module called ``name`` (games configured after this do not use it).

    Raises:
        KeyError: if there is none.
    """
    MODULES.remove(module(name))
    rules_for.cache_clear()


def module(name: str) -> RuleModule:
    """Return the registered module called ``name``.

    Raises:
        KeyError: if there is none.
    """
    for candidate in MODULES:
        if candidate.name == name:
            return candidate
    raise KeyError(f"no rule module {name!r}")


@lru_cache(maxsize=512)
def rules_for(options: Options) -> Rules:
    """Return the rules of a game with ``options`` (the same object for equal options).

    Raises:
        ConfigError: if an active module refuses the options.
    """
    active = [m for m in MODULES if m.active(options)]
    for m in active:
        m.validate(options)
    builder = RulesBuilder(options)
    for m in active:
        builder.modules.append(m.name)
        m.configure(builder)
    if builder.outcome is None:
        raise ConfigError("no active rule module decides the outcome of the game")
    players = options.players
    turn_actions = tuple(builder.turn_actions)
    all_used = TOOL_USED
    for action in turn_actions:
        all_used |= action.bit
    turns_per_round = len(builder.round_order(players, 0))
    configured: dict[str, Any] = {
        f.name: _frozen(getattr(builder, f.name)) for f in dataclasses.fields(RulesBuilder)
    }
    return Rules(
        **configured,
        all_used=all_used,
        turn_by_kind={
            kind: action for action in turn_actions for kind in (action.kind, *action.more_kinds)
        },
        num_distinct_actions=action_space_size(builder.modules),
        max_game_length=players + builder.rounds * turns_per_round * builder.decisions_per_turn,
    )


# A content file changes the decks: rules assembled before it are forgotten.
on_content_change(rules_for.cache_clear)


def _frozen(value: Any) -> Any:
    """A builder's value as the frozen rules keep it: lists become tuples, dicts are copied."""
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return dict(value)
    return value
