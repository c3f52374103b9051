"""What the player may know of a card game: everything but the pile's order.

The player sees the window, the drawn cards, the turn bar, the discarded cards (those paid for
tools, face up), the orders and tools, and of the pile how many cards it holds and which cards
they put at its bottom themselves (in order); not which unseen card comes next, nor the game's
chance. :func:`determinize_cards` deals the unseen cards again at random, for search bots.
"""

from __future__ import annotations

from typing import Any

from sagrada.core.messages import content_json
from sagrada.core.rng import Rng
from sagrada.games.cards import actions as A
from sagrada.games.cards.cards import CARD_NAMES, card_value, grid_row
from sagrada.games.cards.content import content
from sagrada.games.cards.state import CardState
from sagrada.games.cards.table import UNKNOWN


class CardView:
    """The player's view of a card game (``player`` is 0, or -1 for a spectator)."""

    __slots__ = ("player", "state")

    def __init__(self, state: CardState, player: int = 0) -> None:
        self.state = state
        self.player = player

    @property
    def is_my_turn(self) -> bool:
        return self.player == 0 and not self.state.is_over

    def legal_actions(self) -> list[int]:
        """The legal actions (the player's own, known to them)."""
        return self.state.legal_actions() if self.is_my_turn else []

    def to_json(self, history: bool = True) -> dict[str, Any]:
        """The view as JSON-ready data (``history``: with the game's log,
        :meth:`history_json`)."""
        s = self.state
        cards = content()
        decision = s.describe_decision()
        data: dict[str, Any] = {
            "game": "cards",
            "player": self.player,
            "current_player": s.current_player,
            "phase": "over" if s.is_over else "play",
            "round": min(s.round + 1, A.ROUNDS),
            "turn": s.turn + 1,
            "decision": str(decision),
            "decision_message": decision.to_json(),
            "window": {
                "name": s.window.pattern.name,
                "difficulty": s.window.pattern.difficulty,
                "grid": [grid_row(row) for row in s.window.pattern.grid],
                "cards": [CARD_NAMES[c] if c >= 0 else None for c in s.window.dice],
            },
            "hand": [CARD_NAMES[c] for c in s.hand],
            "turn_bar": [[CARD_NAMES[c] for c in stack] for stack in s.bar],
            "target": s.target(),
            "pile": len(s.pile) + len(s.bottom),
            "pile_bottom": [CARD_NAMES[c] for c in s.bottom],
            "discard": [CARD_NAMES[c] for c in s.discard],
            "orders": [
                {
                    "id": o.id,
                    **content_json(o.key, o.words()),
                    "kind": o.kind,
                    "vp": o.vp,
                    "house": cards.house,
                }
                for o in s.orders
            ],
            "tools": [
                {
                    "number": t.number,
                    **content_json(t.key, t.words()),
                    "pay": t.pay,
                    "used": t.number in s.spent,
                    "house": cards.house,
                }
                for t in (cards.tool(n) for n in s.tools)
            ],
            "tool_in_use": s.tool or None,
            "legal_actions": [A.action_to_str(a) for a in self.legal_actions()],
            "actions": [
                {**A.action_fields(a), "chance": s.is_chance(a)} for a in self.legal_actions()
            ],
            "score": s.score().detail_json(),
        }
        if history:
            data.update(self.history_json())
        if s.is_over:
            outcome = s.outcome()
            data["won"] = outcome.won
            data["margin"] = outcome.margin
        return data

    def history_json(self, start: int = 0) -> dict[str, list[Any]]:
        """The game's log from action number ``start`` on: ``history``, in notation. It is the
        same for every viewer and never changes once written."""
        return {"history": [A.action_to_str(a) for a in self.state.history[start:]]}


def make_card_view(state: CardState, player: int = 0) -> CardView:
    """The view of ``state`` for ``player`` (0, or -1 for a spectator): a copy without the
    pile's unseen cards and without the game's chance."""
    copy = state.clone()
    copy.rng = Rng(0)
    copy.pile = [UNKNOWN] * len(copy.pile)
    return CardView(copy, player)


def determinize_cards(view: CardView, seed: int) -> CardState:
    """A full card game consistent with ``view``: the unseen cards dealt to the pile at random
    (they are exactly the cards seen nowhere), and a fresh chance seeded by ``seed``."""
    state = view.state.clone()
    seen = set(state.cards()) - {UNKNOWN}
    state.pile = [card for card in range(len(CARD_NAMES)) if card not in seen]
    state.rng = Rng(seed)
    state._legal = None
    return state


__all__ = ["CardView", "card_value", "determinize_cards", "make_card_view"]
