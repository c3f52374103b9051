"""A seeded random-game fuzzer for the solo card game: thousands of games of uniformly random
legal actions, every tool count 1-9 cycled, checked throughout (in the style of
``tests/test_fuzz.py`` for the dice game). After every action:

* the 30 glass cards are all there: window + turn bar + pile + discards + hand;
* the window obeys every placement rule (a tool's waived restriction excepted);
* the legal actions are listed once, in increasing order, each parsing back from its text, and
  a game not over has at least one.

On a sample of decisions also: random illegal codes are refused and change nothing; a clone is
independent; the view hides the pile's unseen cards and a guess from it has the same legal
actions. At the end the record replays, through its JSON text, to the identical state.

``SAGRADA_CARD_FUZZ_GAMES`` sets the number of games (default 5000, about 10 s).
"""

from __future__ import annotations

import os
import random

import pytest

from sagrada.core.errors import IllegalActionError
from sagrada.games.cards import actions as A
from sagrada.games.cards.game import CardRecord
from sagrada.games.cards.options import CardOptions
from sagrada.games.cards.state import new_card_game
from sagrada.games.cards.views import determinize_cards, make_card_view
from sagrada.registry import read_record

NUM_GAMES = int(os.environ.get("SAGRADA_CARD_FUZZ_GAMES", "5000"))
#: Games per test case (so a failure names a small batch to re-run).
BATCH = 50


@pytest.mark.parametrize("batch", range(0, NUM_GAMES, BATCH))
def test_random_card_games_keep_every_invariant(batch: int) -> None:
    for index in range(batch, min(batch + BATCH, NUM_GAMES)):
        play_and_check(index)


def play_and_check(index: int) -> None:
    seed = index * 7919
    state = new_card_game(CardOptions(tools=index % 9 + 1), seed=seed)
    rng = random.Random(index)
    everything = list(range(30))
    decisions = 0
    while not state.is_over:
        where = f"game {index} (seed {seed}), decision {decisions}"
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal)), where
        for action in legal:
            assert A.parse_action(A.action_to_str(action)) == action, where
        if rng.random() < 0.15:
            before = state.snapshot()
            for code in rng.sample(range(A.NUM_ACTIONS), 5):
                if code not in legal:
                    with pytest.raises(IllegalActionError):
                        state.apply(code)
            assert state.snapshot() == before, where
            twin = state.clone()
            twin.apply(legal[0])
            assert state.snapshot() == before, f"clone not independent: {where}"
            view = make_card_view(state)
            assert set(view.state.pile) <= {-1} and view.state.rng.state != state.rng.state
            assert determinize_cards(view, rng.randrange(2**32)).legal_actions() == legal, where
        state.apply(rng.choice(legal))
        decisions += 1
        assert state.cards() == everything, where
        assert state.window.violations() == [], where
    assert decisions <= 60, f"game {index}: {decisions} decisions"
    record = CardRecord.of(state, seed)
    assert read_record(record.dumps()).replay().snapshot() == state.snapshot()
