"""``sagrada play --game cards``: the solo card game in the terminal, typing actions in its
notation (``R3@B4``, ``T5``, ``$R5``, ``B4>C5``, ``r3:K5``, ``stop``, ``pass``)."""

from __future__ import annotations

from sagrada.core.errors import IllegalActionError, InvalidNotationError
from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.games.cards import actions as A
from sagrada.games.cards.bots import planner
from sagrada.games.cards.cards import grid_row
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import new_card_game
from sagrada.games.cards.views import CardView, make_card_view
from sagrada.textui import hint_text, read_command, score_table, thinking

HELP = """Type an action, for example:
  R3@B4   place the drawn red 3 on B4          T5     use tool card 5
  $R5     pay for the tool with the red 5       R3     choose a drawn card (tools)
  B4>C5   move a card (tools)                   r3:K5  a card of the turn bar (Lens Cutter)
  stop    end Tap Wheel after one card          pass   forfeit a turn with nothing to do
Commands: ? (legal actions), board, hint, help, quit. K is black."""


def card_table_text(view: CardView) -> str:
    """Everything the player sees of a card game, as text."""
    data = view.to_json()
    window = data["window"]
    lines = [
        f"Round {data['round']} of {A.ROUNDS}, turn {data['turn']}",
        "Orders: " + ", ".join(f"{o['name']} ({o['kind']})" for o in data["orders"]),
        "Tools: "
        + ", ".join(
            f"T{t['number']} {t['name']} (pay {t['pay']}{', used' if t['used'] else ''})"
            for t in data["tools"]
        ),
        "Turn bar: "
        + ("  ".join(f"{i + 1}:{''.join(s) or '-'}" for i, s in enumerate(data["turn_bar"])) or "-")
        + f"  (target so far {data['target']})",
        f"Pile: {data['pile']} cards"
        + (f", at its bottom {' '.join(data['pile_bottom'])}" if data["pile_bottom"] else ""),
        f"Drawn: {' '.join(data['hand']) or '-'}",
        f"{window['name']} (difficulty {window['difficulty']})",
        "    1  2  3  4  5",
    ]
    for r, letter in enumerate("ABCD"):
        row = grid_row(view.state.window.pattern.grid[r])
        tokens = [window["cards"][r * 5 + c] or "." + row[c].lower() for c in range(5)]
        lines.append(f"{letter}  " + " ".join(tokens))
    return "\n".join(lines)


def play_cards(config: CardOptions, seed: int) -> int:
    """Play one card game in the terminal; return 0 when it ends or the player quits."""
    state = new_card_game(config, seed)
    adviser = planner(seed, None, None)
    print("Sagrada, the solo card game.")
    print(HELP)
    shown = -1
    while not state.is_over:
        if shown != len(state.history):
            print()
            print(card_table_text(make_card_view(state)))
            shown = len(state.history)
        print(state.describe_decision())
        line = read_command(lambda: [A.action_to_str(a) for a in state.legal_actions()], HELP)
        if line is None:
            return 0
        if line == "board":
            shown = -1
            continue
        if line == "hint":
            print(thinking(adviser.name, DEFAULT_LANGUAGE))
            ranked = adviser.rank(make_card_view(state), state.legal_actions())
            print(hint_text(ranked, adviser.name, A.action_to_str, None, DEFAULT_LANGUAGE))
            continue
        if not line:
            continue
        try:
            state.apply(A.parse_action(line))
        except (InvalidNotationError, IllegalActionError) as exc:
            print(f"  {exc}")
    print()
    print(card_table_text(make_card_view(state)))
    outcome = state.outcome()
    print(score_table(outcome.score))
    verdict = "You win!" if outcome.won else "You lose."
    print(f"\nTarget {outcome.target} (the turn bar). {verdict}")
    print(f"(The game's seed was {seed}: `--seed {seed}` deals the same game again.)")
    return 0


__all__ = ["card_table_text", "play_cards"]
