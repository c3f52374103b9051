"""What one player may know: a redacted copy of the state.

A :class:`PlayerView` holds a copy of the game with everything the player may not know taken
out: other players' private objectives, other players' window options (and, until everybody
has chosen, their choice), the game's chance (the order in which the bag will give its
dice), and what rule modules hide (Life's apprentice cards in other hands and in the deck).
Legality never depends on what the current player cannot see, so the redacted copy still
lists the legal actions to them. Bots, servers and RL observations work from views only.

Once the game is over the private objectives are revealed, as they are turned face up for
scoring in the physical game.

:func:`determinize` fills the hidden parts with a random guess consistent with the view, for
search bots.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from sagrada.core.cells import mask_names
from sagrada.core.compiled import mypyc_attr
from sagrada.core.dice import COLOUR_LETTERS, DIE_NAMES
from sagrada.core.messages import Message, content_json, content_message, msg
from sagrada.core.objectives import public_unit
from sagrada.core.rng import Rng
from sagrada.core.window import Window
from sagrada.games.dice.rules.actions import (
    KIND_OF,
    KINDS,
    ROUNDS,
    Action,
    action_fields,
    action_message,
    action_to_str,
)
from sagrada.games.dice.rules.state import Phase, State

SPECTATOR = -1


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class PlayerView:
    """What ``player`` may know of a game (``player`` -1: a spectator).

    Attributes:
        player: the seat the view is for.
        state: the redacted copy of the game. Its chance is a placeholder: never apply
            actions to it to predict dice (use :func:`determinize` for a guess).
    """

    __slots__ = ("player", "state")

    def __init__(self, state: State, player: int) -> None:
        self.state = state
        self.player = player

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing player decides now."""
        return self.state.current == self.player and self.player >= 0

    def legal_actions(self) -> list[Action]:
        """Return the legal actions if it is this player's turn, else an empty list."""
        return self.state.legal_actions() if self.is_my_turn else []

    def actions_json(self) -> list[dict[str, Any]]:
        """Return the legal actions as objects: ``notation`` (what to send back), ``kind``, the
        kind's fields (:func:`sagrada.games.dice.rules.actions.action_fields`), ``chance``:
        whether the action draws or rolls dice or draws cards (its result is only known once
        it is committed), and for such an action ``chance_message``, what it draws or rolls."""
        out = []
        for action in self.legal_actions():
            data: dict[str, Any] = action_fields(action)
            data["chance"] = self.state.is_chance(action)
            if data["chance"]:
                data["chance_message"] = self.state.chance_words(action).to_json()
            out.append(data)
        return out

    def to_json(self, history: bool = True) -> dict[str, Any]:
        """Return the view as a JSON-ready dict (the same information, nothing more).

        Args:
            history: whether to include the game's log (:meth:`history_json`); a server that
                keeps the log apart, sending each entry once, leaves it out.
        """
        s = self.state
        over = s.phase == Phase.OVER
        players = []
        for seat, p in enumerate(s.players):
            entry: dict[str, Any] = {"seat": seat, "favor_tokens": p.favor}
            if p.window is not None:
                w = p.window
                entry["window"] = {
                    "name": w.pattern.name,
                    "difficulty": w.pattern.difficulty,
                    "grid": list(w.pattern.grid),
                    "dice": [DIE_NAMES[d] if d >= 0 else None for d in w.dice],
                }
            else:
                entry["window"] = None
            if seat == self.player or over:
                entry["private_objectives"] = [o.name for o in p.privates]
                # Their names as messages, where the catalogues translate them (else null).
                entry["private_objective_messages"] = [
                    _json_or_none(content_message(f"{o.key}.name", o.name)) for o in p.privates
                ]
            if seat == self.player and s.phase == Phase.SETUP:
                entry["window_options"] = [
                    {
                        "name": o.name,
                        "difficulty": o.difficulty,
                        "favor_tokens": s.rules.favor_for(o),
                        "grid": list(o.grid),
                    }
                    for o in p.options
                ]
            players.append(entry)
        decision = s.describe_decision()
        data: dict[str, Any] = {
            "player": self.player,
            "phase": Phase(s.phase).name.lower(),
            "round": min(s.round + 1, ROUNDS),
            "start_player": s.start_player,
            "current_player": s.current,
            "decision": str(decision),
            "decision_message": decision.to_json(),
            # What the others are told while the current player decides (whose turn it is and
            # what they are doing).
            "activity_message": s.describe_activity().to_json(),
            "players": players,
            "private_pools": s.config.private_pools,
            "solo": s.config.solo,
            "tools": [
                {
                    "number": t.id,
                    **content_json(t.key, t.words()),
                    "colour": COLOUR_LETTERS[t.colour],
                    "favor_tokens": s.tool_tokens[i],
                    "used": s.tool_spent[i],
                    "house": t.house,
                }
                for i, t in enumerate(s.tools)
            ],
            "public_objectives": [
                {
                    "id": o.id,
                    **content_json(o.key, o.words()),
                    "vp": o.vp,
                    "unit": public_unit(o.rule),
                    "house": o.house,
                }
                for o in s.publics
            ],
            "draft_pool": [DIE_NAMES[d] for d in s.pool],
            "round_track": [[DIE_NAMES[d] for d in dice] for dice in s.track],
            "bag": {COLOUR_LETTERS[c]: n for c, n in enumerate(s.bag)},
            "held_die": DIE_NAMES[s.held] if s.held >= 0 else None,
            "tool_in_use": s.tool_number if s.tool_slot >= 0 else None,
            "legal_actions": [action_to_str(a) for a in self.legal_actions()],
            "actions": self.actions_json(),
        }
        if s.phase == Phase.PLAY and self.player >= 0:
            window = s.players[self.player].window
            assert window is not None
            # Where each die could go in the viewer's window right now (for highlighting, also
            # while others play): Draft Pool dice, and with private pools the viewer's own.
            data["placements"] = {
                DIE_NAMES[d]: list(mask_names(window.legal_cells(d))) for d in sorted(set(s.pool))
            }
            # The viewer's own points so far, private objectives included (only theirs).
            data["live_score"] = s.score_of(self.player).detail_json()
        if history:
            data.update(self.history_json())
        for hook in s.rules.view_hooks:
            hook(s, self.player, data)
        if over:
            outcome = s.outcome()
            data["scores"] = [b.detail_json() for b in outcome.scores]
            data["winners"] = list(outcome.winners)
            if outcome.target is not None:
                data["target"] = outcome.target
        return data

    def history_json(self, start: int = 0) -> dict[str, list[Any]]:
        """Return the game's log from action number ``start`` on, as the view's columns:
        ``history`` (notation), ``history_actions`` (objects with a ``message`` for the log),
        ``history_seats`` and ``history_rounds``, one entry per action in each."""
        s = self.state
        actions = s.history[start:]
        seats = s.actors[start:]
        return {
            "history": [action_to_str(a) for a in actions],
            "history_actions": [
                {**action_fields(a), "message": _logged(s, a, seat).to_json()}
                for a, seat in zip(actions, seats, strict=True)
            ],
            "history_seats": seats,
            "history_rounds": s.rounds[start:],
        }

    @property
    def history_revised_at(self) -> int:
        """How many actions the game had when the entries of its log last changed (0: never):
        a window chosen at setup is named in the other seats' logs only once setup is over, so
        a log taken during setup must then be taken again. Every entry stays as it is from
        then on."""
        s = self.state
        return 0 if s.phase == Phase.SETUP else bisect_right(s.rounds, 0)


def _logged(s: State, action: Action, seat: int) -> Message:
    """What ``action`` of ``seat`` did, for the log: a window chosen by its name (once the
    viewer may see it), every other action in the engine's words for it."""
    if KINDS[KIND_OF[action]].name == "pattern":
        window = s.players[seat].window if 0 <= seat < len(s.players) else None
        return msg("action.window", name=window.pattern.name) if window else msg("action.pattern")
    return action_message(action)


def _json_or_none(message: Message | None) -> dict[str, Any] | None:
    return None if message is None else message.to_json()


def make_view(state: State, player: int) -> PlayerView:
    """Return the view of ``state`` for ``player`` (-1 for a spectator).

    Raises:
        ValueError: if ``player`` is not a seat of this game or -1.
    """
    if not -1 <= player < len(state.players):
        raise ValueError(f"no player {player} in a {len(state.players)}-player game")
    copy = state.clone()
    copy.rng = Rng(0)
    setup = copy.phase == Phase.SETUP
    over = copy.phase == Phase.OVER
    for seat, p in enumerate(copy.players):
        if seat == player:
            continue
        p.options = ()
        if not over:
            p.privates = ()
        if setup:
            p.window = None
            p.favor = 0
    for redact in copy.rules.redactions:
        redact(copy, player)
    return PlayerView(copy, player)


def determinize(view: PlayerView, seed: int) -> State:
    """Return a full game state consistent with ``view``, its hidden parts guessed at random.

    Other players' private objectives are drawn from the cards the viewer has not seen; during
    setup, other players' window options (and the choices of those who have chosen) are drawn
    from the cards not dealt to the viewer; the rule modules fill what they redacted (their
    ``guesses``); the chance of the rest of the game is a fresh stream seeded by ``seed``.
    """
    state = view.state.clone()
    rng = Rng(seed)
    state.rng = Rng(rng.next64())
    me = view.player
    others = [seat for seat in range(len(state.players)) if seat != me]
    if state.phase != Phase.OVER:
        seen = {o.id for o in state.players[me].privates} if me >= 0 else set()
        unseen = [o for o in state.private_deck if o.id not in seen]
        order = list(range(len(unseen)))
        rng.shuffle(order)
        per_player = state.rules.num_privates
        for k, seat in enumerate(others):
            state.players[seat].privates = tuple(
                unseen[order[k * per_player + j]] for j in range(per_player)
            )
    if state.phase == Phase.SETUP:
        mine = {o.name for o in state.players[me].options} if me >= 0 else set()
        cards = [pair for pair in state.rules.window_cards if pair[0].name not in mine]
        order = list(range(len(cards)))
        rng.shuffle(order)
        for k, seat in enumerate(others):
            first, second = cards[order[2 * k]], cards[order[2 * k + 1]]
            player = state.players[seat]
            player.options = (first[0], first[1], second[0], second[1])
            if seat < state.current:
                pattern = player.options[rng.below(4)]
                player.window = Window(pattern)
                player.favor = state.rules.favor_for(pattern)
    for guess in state.rules.guesses:
        guess(state, me, rng)
    state._legal = None
    return state


__all__ = ["SPECTATOR", "PlayerView", "determinize", "make_view"]
