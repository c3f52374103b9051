"""What the planner (:mod:`sagrada.games.dice.bots.planner`) races: the result of playing a
position of the engine on to the end of the game by the fast playouts, solo
(:mod:`sagrada.search.window_playout`) or at a table of 2-4 players
(:mod:`sagrada.games.dice.bots.table_playout`).

* A turn's plan: the position after the plan, from a guess of the bag, is played on by the
  policy (:func:`play_on`, :func:`play_on_table`) on the Draft Pools the guess's bag gives
  (:func:`future_pools`). Solo, the result is the final score less ``target_share`` times the
  target, plus what the tools not used yet are worth
  (:func:`~sagrada.search.window_playout.kept_tools_worth`: playouts never use a tool); at a table,
  the planner's score less a share of the best other score, plus a bonus for a win
  (:func:`table_result`), every seat played on its window and the private objective the guess gives
  it.
* A window option: played out from the start of the game on a guess's dice of every round,
  solo alone, at a table with the other players on the window each finds most appealing
  (:func:`~sagrada.games.dice.bots.heuristic.pattern_appeal`) until they have chosen.

Each ``*_result`` function returns the rating a race (:mod:`sagrada.search.pimc`) calls: of a
position after a plan, or of a candidate window on a numbered guess (the guesses drawn by the
planner's ``guess`` as the race asks for them, and shared by every candidate).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sagrada.core.window import Window
from sagrada.games.dice.bots.heuristic import pattern_appeal
from sagrada.games.dice.bots.table_playout import play_table, round_turns
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.config import ROUNDS
from sagrada.games.dice.rules.state import State
from sagrada.games.dice.rules.views import PlayerView
from sagrada.search.window_playout import kept_tools_worth, play_out
from sagrada.search.window_summary import TURNS_PER_ROUND, PolicyWeights, SoloModel


def turns_left(state: State) -> int:
    """The current player's turns left in this round, the current one included (solo: the
    second turn is skipped after Running Pliers)."""
    order = state.order
    players = state.config.players
    count = 0
    for turn in range(state.turn, len(order)):
        if not (turn >= players and state.skip >> order[turn] & 1):
            count += 1
    return count


def future_pools(state: State, first_round: int) -> list[list[int]]:
    """The Draft Pools of rounds ``first_round`` to the last, drawn from ``state``'s bag by its
    chance (a guess's), without changing it."""
    draw = state.clone()
    size = state.rules.draft_pool_size
    return [[draw.draw_die() for _ in range(size)] for _ in range(first_round, ROUNDS)]


# -- solo ------------------------------------------------------------------------------------


def play_on(model: SoloModel, position: State) -> tuple[int, int]:
    """The final score and target of playing ``position`` (a solo game at the start of a turn,
    or over) to the end by the playout policy, on its own chance's dice."""
    if position.is_over:
        outcome = position.outcome()
        return outcome.scores[0].total, outcome.target if outcome.target is not None else 0
    window = position.players[0].window
    assert window is not None
    return play_out(
        model,
        window.copy(),
        list(position.pool),
        turns_left(position),
        future_pools(position, position.round + 1),
        position.target_score(),
    )


def solo_plan_result(
    model: SoloModel, target_share: float, tool_reserve: float
) -> Callable[[State], float]:
    """A solo playout's result: the final score less ``target_share`` of the target, plus
    what the tools not used yet are worth (``tool_reserve`` each at the start)."""

    def result(position: State) -> float:
        score, target = play_on(model, position)
        value = score - target_share * target
        if not position.is_over:
            unused = position.tool_spent.count(False)
            turns = (ROUNDS - 1 - position.round) * TURNS_PER_ROUND + turns_left(position)
            value += kept_tools_worth(unused, turns, tool_reserve)
        return value

    return result


def solo_window_result(
    view: PlayerView,
    legal: Sequence[Action],
    weights: PolicyWeights,
    target_share: float,
    guess: Callable[[], State],
) -> Callable[[int, int], float]:
    """The result of the window option ``legal[candidate]`` on guess ``number``: a solo game
    played out from the start, its score less ``target_share`` of the target."""
    state = view.state
    player = state.players[view.player]
    models = [
        SoloModel(player.options[A.ARG1[a]], state.publics, player.privates, weights) for a in legal
    ]
    guesses: list[list[list[int]]] = []

    def value(candidate: int, number: int) -> float:
        if number == len(guesses):
            guesses.append(future_pools(guess(), 0))
        futures = guesses[number]
        model = models[candidate]
        score, target = play_out(model, Window(model.pattern), [], 0, futures, 0)
        return score - target_share * target

    return value


# -- at a table ------------------------------------------------------------------------------


def table_result(scores: Sequence[int], seat: int, rivalry: float, win_bonus: float) -> float:
    """A playout's result for ``seat`` at a table: its score less ``rivalry`` times the best
    other score, plus ``win_bonus`` for a win (half of it for a tie on points)."""
    own = scores[seat]
    rival = max(scores[s] for s in range(len(scores)) if s != seat)
    won = 1.0 if own > rival else 0.5 if own == rival else 0.0
    return own - rivalry * rival + win_bonus * won


def play_on_table(models: Sequence[SoloModel], position: State) -> list[int]:
    """Each seat's final score after playing ``position`` (a game of several players at the
    start of a turn, or over) to the end by the playout policy, on its own chance's dice;
    ``models[seat]`` is the seat's game."""
    if position.is_over:
        return [score.total for score in position.outcome().scores]
    players = position.config.players
    windows: list[Window] = []
    for player in position.players:
        assert player.window is not None
        windows.append(player.window.copy())
    futures = future_pools(position, position.round + 1)
    orders = [
        position.rules.round_order(players, (position.start_player + k) % players)
        for k in range(1, len(futures) + 1)
    ]
    return play_table(
        models,
        windows,
        [player.favor for player in position.players],
        list(position.pool),
        round_turns(position.order, position.turn, players, position.skip),
        futures,
        orders,
    )


def table_plan_result(
    view: PlayerView, weights: PolicyWeights, rivalry: float, win_bonus: float
) -> Callable[[State], float]:
    """A playout's result at a table (:func:`table_result`) for the viewer; the playouts know
    each seat's window and the private objective the guess gives it (the viewer's own is
    known). ``weights`` should have no target weight."""
    me = view.player
    state = view.state
    patterns = []
    for player in state.players:
        assert player.window is not None
        patterns.append(player.window.pattern)
    models: dict[tuple[int, tuple[str, ...]], SoloModel] = {}

    def model_of(position: State, seat: int) -> SoloModel:
        privates = position.players[seat].privates
        key = (seat, tuple(o.id for o in privates))
        model = models.get(key)
        if model is None:
            model = SoloModel(patterns[seat], position.publics, privates, weights)
            models[key] = model
        return model

    def result(position: State) -> float:
        seats = range(len(position.players))
        scores = play_on_table([model_of(position, seat) for seat in seats], position)
        return table_result(scores, me, rivalry, win_bonus)

    return result


def table_window_result(
    view: PlayerView,
    legal: Sequence[Action],
    weights: PolicyWeights,
    rivalry: float,
    win_bonus: float,
    guess: Callable[[], State],
) -> Callable[[int, int], float]:
    """The result (:func:`table_result`) of the window option ``legal[candidate]`` on guess
    ``number``: the game played out from the start, the other players on their windows (or,
    not chosen yet, their most appealing option) and the guess's private objectives.
    ``weights`` should have no target weight."""
    me = view.player
    options = view.state.players[me].options
    guesses: list[tuple[list[SoloModel], list[int], list[list[int]]]] = []
    orders: list[tuple[int, ...]] = []

    def value(candidate: int, number: int) -> float:
        if number == len(guesses):
            state = guess()
            players = len(state.players)
            if not orders:
                orders.extend(
                    state.rules.round_order(players, (state.start_player + k) % players)
                    for k in range(ROUNDS)
                )
            seat_models: list[SoloModel] = []
            seat_favors: list[int] = []
            for seat in range(players):
                player = state.players[seat]
                if player.window is not None:
                    pattern = player.window.pattern
                else:  # not chosen yet (the viewer's own is set by the candidate)
                    option = max(
                        range(len(player.options)),
                        key=lambda o: pattern_appeal(state, seat, o),
                    )
                    pattern = player.options[option]
                seat_models.append(SoloModel(pattern, state.publics, player.privates, weights))
                seat_favors.append(state.rules.favor_for(pattern))
            guesses.append((seat_models, seat_favors, future_pools(state, 0)))
        shared_models, shared_favors, futures = guesses[number]
        pattern = options[A.ARG1[legal[candidate]]]
        models = list(shared_models)
        favors = list(shared_favors)
        models[me] = SoloModel(pattern, view.state.publics, models[me].privates, weights)
        favors[me] = view.state.rules.favor_for(pattern)
        scores = play_table(
            models,
            [Window(m.pattern) for m in models],
            favors,
            list(futures[0]),
            orders[0],
            futures[1:],
            orders[1:],
        )
        return table_result(scores, me, rivalry, win_bonus)

    return value
