"""Every field of the game state is declared once (issue 11, "State split by job"): the slots,
the snapshot comes from the field tables, and the copy made by ``clone`` (written out field by
field, for the compiled build) copies each field as its table says."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import fingerprint, play_random
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import State
from sagrada.games.dice.rules.table import (
    COMPONENTS,
    LIST,
    NESTED,
    OBJECT,
    OBJECTS,
    SHARED,
    PlayerState,
    Table,
)


@pytest.mark.parametrize(
    ("cls", "fields"),
    [(Table, Table.FIELDS), (State, State.EXTRA_FIELDS), (PlayerState, PlayerState.FIELDS)],
)
def test_the_slots_are_the_declared_fields(cls: type, fields: tuple[tuple[str, str], ...]) -> None:
    names = tuple(name for name, _ in fields)
    # A class compiled by mypyc keeps its fields in a C struct and has no __slots__; each
    # field is still an attribute of the class.
    assert cls.__dict__.get("__slots__", names) == names
    assert all(hasattr(cls, name) for name in names)


def test_the_snapshot_shows_every_declared_field() -> None:
    state = play_random(GameConfig(players=3, private_pools=True), seed=2, stop_after=40)
    snapshot = state.snapshot()
    assert list(snapshot) == [name for name, _ in Table.FIELDS]
    assert list(snapshot["players"][0]) == [name for name, _ in PlayerState.FIELDS]


def copied_as_declared(original: Any, copy: Any, kind: str) -> bool:
    """Whether ``copy`` is ``original`` copied as the field kind ``kind`` says: shared, or an
    equal value that shares nothing that can change (lists, their lists, objects)."""
    if kind == SHARED:
        return copy is original
    if kind == OBJECT and original is None:
        return copy is None
    if copy is original:
        return False
    if kind == LIST:
        return bool(copy == original)
    if kind == NESTED:
        return bool(copy == original) and all(
            a is not b for a, b in zip(copy, original, strict=True)
        )
    if kind == OBJECTS:
        return all(a is not b for a, b in zip(copy, original, strict=True))
    if kind == COMPONENTS:
        return copy.keys() == original.keys() and all(copy[k] is not original[k] for k in copy)
    return kind == OBJECT


def test_the_clone_copies_every_declared_field_as_its_kind_says() -> None:
    # Life's modules, so that the modules' components are copied too; stopped mid-game, so
    # that the Round Track and the windows hold dice.
    config = GameConfig(players=4, tools=(4, 5, 11), apprentice=True, masterwork=True)
    state = play_random(config, seed=8, stop_after=90)
    state.legal_actions()
    clone = state.clone()
    assert state.components and state.track[0]
    for name, kind in State.FIELDS + State.EXTRA_FIELDS:
        assert copied_as_declared(getattr(state, name), getattr(clone, name), kind), name
    for player, copied in zip(state.players, clone.players, strict=True):
        for name, kind in PlayerState.FIELDS:
            assert copied_as_declared(getattr(player, name), getattr(copied, name), kind), name
    assert fingerprint(clone) == fingerprint(state)


def test_a_clone_and_its_original_change_apart() -> None:
    state = play_random(GameConfig(players=4, tools=(4, 5, 11)), seed=8, stop_after=70)
    before = fingerprint(state)
    clone = state.clone()
    clone.apply(clone.legal_actions()[-1])
    assert fingerprint(state) == before != fingerprint(clone)
    state.apply(state.legal_actions()[-1])
    assert fingerprint(state) == fingerprint(clone)
