"""A server bot that plans a whole turn plans it once (:mod:`sagrada.web.botrunner`): its
worker returns the action and the rest of its plan, which the server plays step by step while
the game is where the plan expects it, as the same bot does in ``sagrada simulate``.

The worker is this test's own thread (the processes are not what is tested here), and the
planner thinks on a small budget: ``think`` is wrapped to count the server's questions."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sagrada.games.dice.bots import make_bot
from sagrada.games.dice.rules.state import new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.registry import game
from sagrada.search.plans import PlanFollower
from sagrada.web import botrunner
from sagrada.web.botrunner import BotRunner, follow_plan, planned
from sagrada.web.session import Room, turn_key
from web_helpers import TestClient, act_ok, create_game, new_client, tokens_of, wait_for_view

#: A question to the worker: the actions before it, the action and the rest of the plan.
Call = tuple[int, int, tuple[int, ...]]


def ask_inline(monkeypatch: pytest.MonkeyPatch, spec: str | None = None) -> list[Call]:
    """Let the searching bots think in a thread instead of a worker process, as ``spec``
    (a small budget) if given; return the list of questions the server asks."""
    calls: list[Call] = []
    real = botrunner.think

    def think(
        game_name: str, bot: str, seed: int, view: Any, legal: list[int]
    ) -> tuple[int, tuple[int, ...]]:
        action, rest = real(game_name, spec or bot, seed, view, legal)
        calls.append((len(view.state.history), action, rest))
        return action, rest

    async def in_thread(self: BotRunner, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(function, *args)

    monkeypatch.setattr(botrunner, "think", think)
    monkeypatch.setattr(BotRunner, "_in_worker", in_thread)
    return calls


def room_of(client: TestClient, game_id: str) -> Room:
    room: Room = client.app.state.manager.rooms[game_id]  # type: ignore[attr-defined]
    return room


async def give_plan(room: Room, seat: int, actions: list[int]) -> None:
    """Give ``seat`` a plan of ``actions`` from the start of the game (in the server's loop)."""
    plan = PlanFollower()
    plan.start([], actions)
    room.plans[seat] = plan


def turns_of(room: Room) -> list[tuple[int, int, int]]:
    """The turn of each action of a room's game, replayed from its start."""
    state = room.game.new_state(room.config, room.seed)
    turns = []
    for action in room.state.history:
        turns.append(turn_key(state))
        state.apply(action)
    return turns


@pytest.mark.parametrize(
    ("options", "bot", "spec"),
    [({"players": 1}, "hard", "planner:15"), ({"game": "cards"}, "planner", "planner:15")],
    ids=["dice", "cards"],
)
def test_a_planner_seat_is_asked_once_for_a_turn_with_a_tool_not_once_a_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: dict[str, Any], bot: str, spec: str
) -> None:
    calls = ask_inline(monkeypatch, spec)
    tool_turns = 0
    with new_client(tmp_path) as client:
        for _ in range(4):  # until a game has a turn with a tool (the first, nearly always)
            calls.clear()
            game_id = create_game(client, bots=[bot], **options)["id"]
            wait_for_view(client, game_id, lambda v: v["phase"] == "over")
            room = room_of(client, game_id)
            history, turns = room.state.history, turns_of(room)
            asked = {seen for seen, _, _ in calls}
            for seen, action, rest in calls:
                steps = [action, *rest]
                # The plan was played, and its steps after the first without asking.
                assert history[seen : seen + len(steps)] == steps
                assert not asked & set(range(seen + 1, seen + len(steps)))
                name = room.game.action_to_str(action)
                if name.startswith("T") and len(steps) >= 3:
                    turn = {i for i in range(len(history)) if turns[i] == turns[seen]}
                    tool_turns += asked & turn == {seen}  # the whole turn on one question
            if tool_turns:
                break
    assert tool_turns > 0


def test_a_plan_the_game_left_is_dropped_and_the_bot_thinks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = ask_inline(monkeypatch, "planner:15")
    dice = game("sagrada")
    w1, w3 = dice.parse_action("W1"), dice.parse_action("W3")
    with new_client(tmp_path) as client:
        for played, asked in (("W1", 0), ("W2", 1)):
            calls.clear()
            created = create_game(client, players=2, bots=[None, "hard"])
            game_id, tokens = created["id"], tokens_of(created)
            room = room_of(client, game_id)
            # Seat 1's plan, made before any move: seat 0 takes W1, and then it takes W3.
            client.portal.call(give_plan, room, 1, [w1, w3])  # type: ignore[attr-defined]
            act_ok(client, game_id, tokens[0], played)
            view = wait_for_view(client, game_id, lambda v: len(v["history"]) >= 2)
            # The bot may already think about round 1 (it may be the first to move): only
            # the questions about its window count here. (A plan is kept after its question
            # is counted: read in this order, a plan with no later question is the setup's.)
            kept = 1 in room.plans
            later = len(calls)
            setup = [call for call in calls if call[0] < 2]
            assert len(setup) == asked
            if played == "W1":  # where the plan expects the game: its step is played
                assert view["history"][1] == "W3"
            else:  # the game left the plan: the bot thought again, and played its choice
                assert room.state.history[1] == setup[0][1]
            assert not (kept and later == asked)  # the setup's plan is gone


def test_a_plan_is_followed_until_it_is_played_or_the_game_leaves_it() -> None:
    plans: dict[int, PlanFollower] = {1: PlanFollower()}
    plans[1].start([7], [1, 2, 3])
    assert follow_plan(plans, 1, [7, 1], [2, 5]) == 2
    assert follow_plan(plans, 1, [7, 1, 2], [3, 5]) == 3
    assert plans == {}  # played to its end
    plans[1] = PlanFollower()
    plans[1].start([7], [1, 2, 3])
    assert follow_plan(plans, 1, [7, 1], [4]) == 4  # not the plan's, but the only action
    assert plans == {}
    plans[1] = PlanFollower()
    plans[1].start([7], [1, 2, 3])
    assert follow_plan(plans, 1, [7, 9], [2, 5]) is None  # something else moved
    assert plans == {}
    assert follow_plan(plans, 1, [7, 9], [2, 5]) is None  # no plan: think


def test_a_bot_without_plans_has_none_to_tell() -> None:
    state = new_game(game("sagrada").config_from_json({"players": 1}), 1)
    view, legal = make_view(state, 0), state.legal_actions()
    assert planned(make_bot("greedy", 1)) == ()
    assert botrunner.think("sagrada", "mcts:20", 1, view, legal)[1] == ()
    assert botrunner.think("sagrada", "planner:10", 1, view, legal)[1] == ()  # a window
