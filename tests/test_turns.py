"""Setup, rounds and turns of a multiplayer game, and the end-game tie-breaks.

Sources cited in the comments:

* "rulebook": rulebook 001_3237e9a6eb6273e0.txt (English base rules, second printing),
  sections PLAYER SETUP, GAME SETUP, GAMEPLAY, PLACING DICE, END OF THE ROUND, END GAME SCORING.
* "German": rulebook 000_59c065326239388f.txt (German base rules), section VARIANTE FÜR 2 UND 3
  SPIELER (50 / 70 dice), and the tie rule ("gibt es mehrere Sieger") in section SPIELEND.
* "5&6": rulebook 003_0d63153aaa85498d.txt (5 & 6 Player Expansion), section GAME SETUP, DICE
  BAG SETUP - STANDARD RULES: the bag per player count (10 / 14 / 18 of each colour for
  2 / 3 / 4 players).
* "reading": the rulebooks' README.md, sections "Readings we adopt where the text is short"
  and "Edition differences" (the adopted readings and the edition options).

Seats are numbered clockwise. Every expected order, count and ranking below is worked out by
hand from those texts.
"""

from __future__ import annotations

import random

import pytest

from helpers import BLANK, act, arranged_game, legal, start
from sagrada.core.dice import COLOUR_LETTERS, parse_die
from sagrada.core.errors import IllegalActionError
from sagrada.core.position import make_window
from sagrada.games.dice.rules.actions import KIND_OF, Kind, action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.outcome import Outcome
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.state import TERMINAL, Phase, State, new_game
from sagrada.games.dice.rules.views import make_view

#: Row and column objectives score nothing on the sparse windows of the tie-break tests.
PUBLICS = ("row_color_variety", "column_color_variety", "row_shade_variety")
#: The seed of the games below.
SEED = 11


# -- helpers --------------------------------------------------------------------------------------


def situation(pool: str, placements: str = "", window: str = BLANK) -> State:
    """Return a 2-player game at the first turn with tools 2, 3, 4, the given pool, and the
    current player's window as given (every other window empty, 5 favor tokens each)."""
    config = GameConfig(players=2, tools=(2, 3, 4))
    return arranged_game(config, SEED, pool=pool, placements=placements, window=window, favor=5)


# -- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "bag"), [(2, 50), (3, 70), (4, 90)])
def test_setup_deals_objectives_window_cards_tools_and_the_bag(players: int, bag: int) -> None:
    # Rulebook, PLAYER SETUP 1-2: each player gets 1 private objective and 2 window pattern
    # cards (4 patterns, front or back); GAME SETUP B-C: 3 tool cards, 3 public objectives.
    # Bag: 5&6 and German, 10 / 14 / 18 dice of each colour for 2 / 3 / 4 players.
    s = new_game(GameConfig(players=players), seed=5)
    assert s.phase == Phase.SETUP
    assert s.bag == [bag // 5] * 5
    assert len({card.id for card in s.tools}) == 3
    assert len({objective.id for objective in s.publics}) == 3
    cards = []
    for player in s.players:
        assert len(player.privates) == 1
        assert len(player.options) == 4
        first, back, second, other = player.options
        assert first.card == back.card and second.card == other.card
        cards += [first.card, second.card]
    assert len(set(cards)) == 2 * players  # nobody shares a window card
    assert len({player.privates[0].id for player in s.players}) == players


@pytest.mark.parametrize("players", [2, 3])
def test_full_bag_option_puts_all_90_dice_in_the_bag(players: int) -> None:
    # Reading, edition differences: "all 90, as the English base text says" (GAME SETUP D).
    s = new_game(GameConfig(players=players, full_bag=True), seed=5)
    assert s.bag == [18] * 5


def test_each_player_chooses_a_window_in_seat_order_and_gets_its_favor_tokens() -> None:
    # PLAYER SETUP 3: "Give each player the number of Favor Tokens indicated by the difficulty
    # number on their card."
    s = new_game(GameConfig(players=3), seed=5)
    choices = ("W3", "W1", "W4")
    for seat, choice in enumerate(choices):
        assert s.current == seat
        assert legal(s) == {"W1", "W2", "W3", "W4"}
        act(s, choice)
    for seat, choice in enumerate(choices):
        player = s.players[seat]
        pattern = player.options[int(choice[1]) - 1]
        assert s.window(seat).pattern == pattern
        assert player.favor == pattern.difficulty
    # Then the first round begins: 2 dice per player plus 1 are drawn (GAMEPLAY).
    assert s.phase == Phase.PLAY and s.round == 0
    assert len(s.pool) == 7
    assert sum(s.bag) == 70 - 7


# -- rounds --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_snake_order_pool_size_round_track_and_end_after_ten(players: int) -> None:
    # GAMEPLAY: the Start Player draws 2 dice per player plus 1; turns go clockwise from the
    # Start Player, then in reverse from the last player back to the Start Player.
    # END OF THE ROUND: the leftover dice go on the Round Track space of that round, and the bag
    # passes clockwise (the next seat is Start Player). After the 10th round the game ends.
    s = start(GameConfig(players=players), SEED)
    total = {2: 50, 3: 70, 4: 90}[players]
    first_start = s.start_player
    for r in range(10):
        start_player = (first_start + r) % players
        clockwise = [(start_player + i) % players for i in range(players)]
        assert s.round == r
        assert s.order == tuple(clockwise + clockwise[::-1])
        assert len(s.pool) == 2 * players + 1
        # (2n + 1) dice per round, so the bag (50 / 70 / 90) is exactly used up by round 10.
        assert sum(s.bag) == total - (r + 1) * (2 * players + 1)
        pool = sorted(s.pool)
        seen = []
        for turn in range(2 * players):
            assert s.turn == turn
            seen.append(s.current)
            act(s, "pass")
        assert seen == clockwise + clockwise[::-1]
        assert sorted(s.track[r]) == pool  # nobody drafted: the whole pool is left over
    assert s.is_over and s.phase == Phase.OVER
    assert s.current_player == TERMINAL
    assert s.legal_actions() == []
    assert sum(s.bag) == 0
    with pytest.raises(IllegalActionError) as info:
        act(s, "pass")
    assert "game is over" in info.value.rule


def test_leftover_dice_share_the_space_of_their_round() -> None:
    # END OF THE ROUND: "If multiple dice remain (due to players skipping a draft action) these
    # do not cover additional number spaces." A and B draft one die each in their first turns,
    # then both pass: 5 - 2 = 3 dice lie on the space of round 1, the space of round 2 is empty.
    s = start(GameConfig(players=2), SEED)
    pool = sorted(s.pool)
    drafted = []
    for _ in range(2):
        draft = next(a for a in s.legal_actions() if KIND_OF[a] == Kind.DRAFT)
        drafted.append(parse_die(action_to_str(draft).split("@")[0]))
        s.apply(draft)
        act(s, "pass")
    act(s, "pass", "pass")
    for die in drafted:
        pool.remove(die)
    assert s.round == 1
    assert sorted(s.track[0]) == pool and len(pool) == 3
    assert s.track[1] == []


def test_outcome_needs_a_finished_game() -> None:
    s = start(GameConfig(players=2), SEED)
    with pytest.raises(ValueError, match="not over"):
        s.outcome()


# -- turns ---------------------------------------------------------------------------------------


def test_a_die_that_cannot_be_placed_cannot_be_drafted() -> None:
    # Reading: "You may not draft a die that you cannot place." Every space requires red.
    s = situation("G3 R2", window="RRRRR RRRRR RRRRR RRRRR")
    assert not any(text.startswith("G3@") for text in legal(s))
    assert "R2@A1" in legal(s)
    with pytest.raises(IllegalActionError) as info:
        act(s, "G3@A1")
    assert "A1 requires a red die" in info.value.rule


def test_draft_then_pass_ends_the_turn() -> None:
    # GAMEPLAY: "Each action is optional"; a turn's draft is one die.
    s = situation("R3 G4 B5")
    a, b = s.order[0], s.order[1]
    act(s, "R3@A1")
    assert s.current == a and s.drafted
    assert not any(KIND_OF[x] == Kind.DRAFT for x in s.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        act(s, "G4@A2")
    assert "already drafted" in info.value.rule
    act(s, "pass")
    assert s.current == b and s.turn == 1 and not s.drafted


def test_passing_at_once_changes_nothing_but_the_turn() -> None:
    s = situation("R3 G4 B5")
    b = s.order[1]
    pool = list(s.pool)
    favor = [p.favor for p in s.players]
    act(s, "pass")
    assert s.current == b and s.pool == pool and [p.favor for p in s.players] == favor


def test_tool_then_draft_and_the_turn_ends_by_itself() -> None:
    # Reading: "A turn's two actions (draft-and-place, use one tool) may come in either order";
    # once both are done the turn is over. Eglomise Brush moves A1 (R1) to A2 next to B2 (G2).
    s = situation("Y4 B5", placements="A1=R1 B2=G2")
    a, b = s.order[0], s.order[1]
    act(s, "T2", "A1>A2")
    assert s.current == a
    act(s, "Y4@A1")  # touches A2 and B2; next to R1 (A2) only
    assert s.current == b and s.turn == 1


def test_draft_then_tool_and_the_turn_ends_by_itself() -> None:
    s = situation("Y4 B5", placements="A1=R1 B2=G2")
    a, b = s.order[0], s.order[1]
    act(s, "Y4@C3")  # touches B2 diagonally
    assert s.current == a
    act(s, "T2", "A1>A2")
    assert s.current == b and s.turn == 1


# -- tie-breaks ----------------------------------------------------------------------------------


#: Every space of the Round Track emptied (rounds 1-9), so that the bag holds the dice again.
EMPTY_TRACK = dict.fromkeys(range(1, 10), "")


def finished(players: int, tie_break: str = "reverse-order") -> tuple[State, int]:
    """Play a game (everybody passes) up to its last turn, the last of round 10; then empty
    every window, every favor supply, the Draft Pool and the Round Track. Return the state and
    round 10's Start Player; :func:`final_outcome` ends the game."""
    config = GameConfig(players=players, public_objectives=PUBLICS, tie_break=tie_break)
    s = start(config, seed=23)
    # END OF THE ROUND: the bag passes clockwise each round, so round 10's Start Player sits 9
    # seats clockwise of round 1's.
    final_start = (s.start_player + 9) % players
    while not (s.round == 9 and s.turn == len(s.order) - 1):
        act(s, "pass")
    everybody = range(players)
    empty = {seat: make_window(BLANK) for seat in everybody}
    nothing = dict.fromkeys(everybody, 0)
    arrange(s, windows=empty, favor=nothing, pool="", track=EMPTY_TRACK, turn=s.turn)
    return s, final_start


def give(s: State, seat: int, placements: str, favor: int) -> None:
    """Give ``seat`` a window on a blank pattern holding ``placements``, and ``favor`` tokens.

    Each player holds a Shades private objective of its own colour: in ``placements`` the
    colour ``X`` stands for that colour (the die scores its value for the player's private
    objective) and ``O`` for another one (it scores nothing there).
    """
    shade = s.players[seat].privates[0].colour
    assert shade is not None
    own, other = COLOUR_LETTERS[shade], COLOUR_LETTERS[(shade + 1) % len(COLOUR_LETTERS)]
    window = make_window(BLANK, placements.replace("X", own).replace("O", other))
    arrange(s, windows={seat: window}, favor={seat: favor}, turn=s.turn)


def final_outcome(s: State) -> Outcome:
    """End the game (the last player passes) and return its outcome."""
    act(s, "pass")
    assert s.is_over
    return s.outcome()


# With one die: 19 open spaces, -19 VP (END GAME SCORING: -1 VP per open space).


@pytest.mark.parametrize("tie_break", ["reverse-order", "shared"])
def test_highest_total_wins(tie_break: str) -> None:
    s, final_start = finished(2, tie_break)
    early, late = final_start, (final_start + 1) % 2
    give(s, early, "A1=X5", favor=3)  # 5 (its shade) + 3 (tokens) - 19 = -11
    give(s, late, "A1=X5", favor=2)  # 5 + 2 - 19 = -12
    outcome = final_outcome(s)
    assert outcome.scores[early].total == -11 and outcome.scores[late].total == -12
    assert outcome.ranking == ((early,), (late,))
    assert outcome.winners == (early,)


@pytest.mark.parametrize("tie_break", ["reverse-order", "shared"])
def test_equal_totals_are_broken_by_private_objective_points(tie_break: str) -> None:
    # END GAME SCORING: "Ties are broken by most points from Private Objectives".
    s, final_start = finished(2, tie_break)
    early, late = final_start, (final_start + 1) % 2
    give(s, early, "A1=X5", favor=0)  # 5 - 19 = -14, private 5
    give(s, late, "A1=O5", favor=5)  # 0 + 5 - 19 = -14, private 0
    outcome = final_outcome(s)
    assert outcome.scores[early].total == outcome.scores[late].total == -14
    assert outcome.ranking == ((early,), (late,))


@pytest.mark.parametrize("tie_break", ["reverse-order", "shared"])
def test_then_by_remaining_favor_tokens(tie_break: str) -> None:
    # "... most remaining Favor Tokens".
    s, final_start = finished(2, tie_break)
    early, late = final_start, (final_start + 1) % 2
    give(s, early, "A1=X5", favor=2)  # 5 + 2 - 19 = -12, private 5
    give(s, late, "A1=X2 B2=X3", favor=1)  # 5 + 1 - 18 = -12, private 5
    outcome = final_outcome(s)
    assert outcome.scores[early].total == outcome.scores[late].total == -12
    assert outcome.scores[early].private_points == outcome.scores[late].private_points == 5
    assert outcome.ranking == ((early,), (late,))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_english_last_tie_break_is_reverse_order_in_the_final_round(players: int) -> None:
    # END GAME SCORING: "then finally by reverse player order in the final round": the player
    # later in round 10's clockwise order ranks higher. Everybody: a 5 of
    # their shade and 1 token, -13.
    s, final_start = finished(players)
    for seat in range(players):
        give(s, seat, "A1=X5", favor=1)
    outcome = final_outcome(s)
    clockwise = [(final_start + i) % players for i in range(players)]
    assert outcome.ranking == tuple((seat,) for seat in reversed(clockwise))
    assert outcome.winners == (clockwise[-1],)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_german_tie_break_is_a_shared_victory(players: int) -> None:
    # German: "Liegt auch hier ein Gleichstand vor, gibt es mehrere Sieger."
    s, _ = finished(players, "shared")
    for seat in range(players):
        give(s, seat, "A1=X5", favor=1)
    outcome = final_outcome(s)
    assert outcome.ranking == (tuple(range(players)),)
    assert outcome.winners == tuple(range(players))


@pytest.mark.parametrize("tie_break", ["reverse-order", "shared"])
def test_a_tie_below_the_winner_is_ordered_only_by_the_english_rule(tie_break: str) -> None:
    # 3 players: the round-10 Start Player wins on total; the other two tie on everything.
    s, final_start = finished(3, tie_break)
    second, third = (final_start + 1) % 3, (final_start + 2) % 3
    give(s, final_start, "A1=X6", favor=1)  # 6 + 1 - 19 = -12
    give(s, second, "A1=X5", favor=1)  # -13
    give(s, third, "A1=X5", favor=1)  # -13
    outcome = final_outcome(s)
    if tie_break == "shared":
        assert outcome.ranking == ((final_start,), tuple(sorted((second, third))))
    else:
        assert outcome.ranking == ((final_start,), (third,), (second,))
    assert outcome.winners == (final_start,)


@pytest.mark.parametrize(
    ("favor", "after_draft"),
    [
        (3, "use a tool or pass"),  # a tool can still be paid for
        (0, "pass to end your turn"),  # no favor token: nothing is left but passing
    ],
)
def test_the_prompt_names_what_is_left_of_the_turn(favor: int, after_draft: str) -> None:
    # Rulebook 001 (base), Gameplay: on a turn a player may draft one die and place it, use one
    # tool card, both, or neither. Once the die is placed, the prompt must not offer it again.
    # Eglomise Brush and Copper Foil Burnisher move a placed die: usable after the draft.
    state = arranged_game(
        GameConfig(players=2, tools=(2, 3, 5)), 5, placements="A1=G1", pool="R3 G4 B2", favor=3
    )
    who = f"player {state.current}: "
    assert str(state.describe_decision()) == who + "draft and place a die, use a tool, or pass"
    for player in state.players:
        player.favor = favor
    state._legal = None
    act(state, "R3@A2")
    assert str(state.describe_decision()) == who + after_draft


def test_the_view_says_the_round_of_every_action() -> None:
    # Rulebook 001 (base): windows are chosen at setup, then ten rounds are played.
    state = new_game(GameConfig(players=3), 11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    rounds = make_view(state, 0).to_json()["history_rounds"]
    assert len(rounds) == len(state.history)
    assert rounds[:3] == [0, 0, 0]  # the three window choices
    assert rounds[3] == 1 and rounds[-1] == 10
    assert rounds == sorted(rounds)
    assert set(rounds) == set(range(11))


# -- apply and legal_actions agree, whichever comes first -------------------------------------


def applies(state: State, code: int) -> bool:
    """Whether ``code`` applies to a copy of ``state`` (the copy's legal actions not listed)."""
    try:
        state.clone().apply(code)
    except IllegalActionError:
        return False
    return True


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(players=3),
        GameConfig(players=3, private_pools=True),
        GameConfig(players=2, apprentice=True, masterwork=True, toil=True),
        GameConfig(players=1, solo_tools=3),
    ],
    ids=["base", "private-pools", "life", "solo"],
)
def test_apply_refuses_exactly_the_codes_legal_actions_leaves_out_even_before_listing_them(
    config: GameConfig,
) -> None:
    # State.apply decides a pass or a turn action at the turn's main decision without listing
    # every legal action; it must agree with legal_actions on every code it may meet: each
    # legal action, each code of the same kinds (other dice and cells), and random ones.
    rng = random.Random(5)
    state = new_game(config, seed=5)
    while not state.is_over:
        fresh = state.clone()  # made before the list is worked out: apply decides alone
        legal = state.legal_actions()
        kinds = {KIND_OF[a] for a in legal}
        same_kinds = [c for c in range(len(KIND_OF)) if KIND_OF[c] in kinds]
        codes = set(legal) | set(rng.sample(same_kinds, min(25, len(same_kinds))))
        codes |= {rng.randrange(config.num_distinct_actions) for _ in range(5)}
        for code in sorted(codes):
            assert applies(fresh, code) == (code in legal), (action_to_str(code), legal)
        state.apply(rng.choice(legal))
