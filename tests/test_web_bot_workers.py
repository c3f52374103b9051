"""The server's searching bots and hints think in its worker processes, never in a thread of
the server, where they would hold up the pages and the database reads: each game's entry names
its searching bots (``GameBots.searching``), and the bot runner sends those, and the hint bot
when it searches, to its pool of workers.

The pool is replaced by a spy (a thread pool that notes what it is given), so no process is
started and the games stay short."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from sagrada.entry import GameBots, Player
from sagrada.registry import entries
from web_helpers import SpyPool, create_game, new_client, tokens_of, wait_for_view

#: Positions a bot may look at for one decision without searching: a greedy bot looks at
#: each legal action and the steps it leads to (at most a few dozen here).
LOOKS_AHEAD = 100


def one_bot(bots: GameBots, name: str) -> Player:
    """The bot ``name`` on the smallest budget it takes (the hint bot on one iteration)."""
    try:
        return bots.make(f"{name}:1", 1)
    except ValueError:
        if name == bots.hint:
            return bots.adviser(1, None, 1)  # type: ignore[return-value]
        return bots.make(name, 1)


def test_every_bot_that_looks_far_ahead_is_declared_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for game_entry in entries():
        game, bots = game_entry.game, game_entry.bots
        state = game.new_state(game.config_from_json({}), 2)
        rng = random.Random(1)
        for _ in range(12):  # past the set-up, into play
            state.apply(rng.choice(list(state.legal_actions())))
        looked = [0]
        real_apply = type(state).apply

        def counted(
            self: Any, action: int, _real: Any = real_apply, _looked: list[int] = looked
        ) -> Any:
            _looked[0] += 1
            return _real(self, action)

        view, legal = game.view(state, state.current_player), list(state.legal_actions())
        monkeypatch.setattr(type(state), "apply", counted)
        for name in bots.names:
            looked[0] = 0
            one_bot(bots, name).choose(view, legal)
            if looked[0] > LOOKS_AHEAD:
                assert bots.searches(name), (game.name, name, looked[0])
        monkeypatch.undo()


def test_a_searching_bot_of_the_card_game_thinks_in_the_worker_pool(
    tmp_path: Path, pool: SpyPool
) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", bots=["plan"])
        wait_for_view(client, created["id"], lambda v: len(v["history"]) >= 2)
    thought = [args for name, args in pool.given if name == "think"]
    assert thought and all(args[:2] == ("cards", "plan") for args in thought)


def test_a_card_hint_is_worked_out_in_the_worker_pool(tmp_path: Path, pool: SpyPool) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", tools=3, hints=True)
        game_id, token = created["id"], tokens_of(created)[0]
        answer = client.post(f"/api/games/{game_id}/hint", json={"token": token})
        assert answer.status_code == 200
        assert [name for name, _args in pool.given] == ["advise"]


def test_a_bot_that_does_not_search_thinks_in_the_server(tmp_path: Path, pool: SpyPool) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", bots=["greedy"])
        wait_for_view(client, created["id"], lambda v: len(v["history"]) >= 2)
    assert pool.given == []
