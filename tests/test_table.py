"""Every field of the game state is declared once (issue 11, "State split by job"): the slots,
the copy and the snapshot all come from the field tables."""

from __future__ import annotations

from helpers import fingerprint, play_random
from sagrada.core.config import GameConfig
from sagrada.core.state import State
from sagrada.core.table import PlayerState, Table, copy_fields


def test_the_slots_are_the_declared_fields() -> None:
    assert Table.__slots__ == tuple(name for name, _ in Table.FIELDS)
    assert State.__slots__ == tuple(name for name, _ in State.EXTRA_FIELDS)
    assert PlayerState.__slots__ == tuple(name for name, _ in PlayerState.FIELDS)


def test_the_snapshot_shows_every_declared_field() -> None:
    state = play_random(GameConfig(players=3, private_pools=True), seed=2, stop_after=40)
    snapshot = state.snapshot()
    assert list(snapshot) == [name for name, _ in Table.FIELDS]
    assert list(snapshot["players"][0]) == [name for name, _ in PlayerState.FIELDS]


def test_the_generated_clone_copies_what_the_plain_copy_copies() -> None:
    state = play_random(GameConfig(players=4, tools=(4, 5, 11)), seed=8, stop_after=70)
    plain = copy_fields(state, State.FIELDS + State.EXTRA_FIELDS)
    fast = state.clone()
    assert fingerprint(plain) == fingerprint(fast) == fingerprint(state)
    fast.apply(fast.legal_actions()[-1])
    plain.apply(plain.legal_actions()[-1])
    assert fingerprint(plain) == fingerprint(fast) != fingerprint(state)
