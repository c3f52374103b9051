"""Life's Apprentice module (rulebook 004_234c3922e9d01436.txt, APPRENTICE MODULE: GAME SETUP,
PLAYER SETUP, GAMEPLAY, APPRENTICE CARDS; the cards are house content: HOUSE-CONTENT.md,
"Life: Apprentice module", numbered 1-12 Apprentice's <tool>, 13-14 Patron, 15 Steady Hand,
16 Second Look, 17-21 Study of Red/Yellow/Green/Blue/Purple, 22 Master's Eye).

Cells: rows A-D, columns 1-5; the apprentice spaces are B2 and D4.
"""

from __future__ import annotations

import json

import pytest

from helpers import BLANK, act, arranged_game, cell_set, legal, start, why
from sagrada.core.cells import parse_cell
from sagrada.core.content import catalog
from sagrada.core.dice import DIE_COLOUR, SYMBOLS, masterwork_die, parse_die
from sagrada.core.errors import InvalidNotationError
from sagrada.core.position import make_window
from sagrada.core.window import Window
from sagrada.games.dice.render import table_text
from sagrada.games.dice.rules.actions import action_fields, action_to_str, parse_action
from sagrada.games.dice.rules.apprentice_cards import (
    apprentice_window,
    card_named,
    card_part,
    content,
)
from sagrada.games.dice.rules.apprentice_table import Apprentice
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import determinize, make_view

B2, D4 = parse_cell("B2"), parse_cell("D4")
GROZING, EGLOMISE, LATHEKIN, RUNNING, TAP_WHEEL = 1, 2, 4, 8, 12
PATRON, STEADY, SECOND_LOOK, STUDY_BLUE, MASTERS_EYE = 13, 15, 16, 20, 22


def cards(state: State) -> Apprentice:
    component = state.components["apprentice"]
    assert isinstance(component, Apprentice)
    return component


def apprentice_turn(
    seed: int = 3,
    *,
    grid: str = BLANK,
    placements: str = "C3=P6",
    pool: str = "R3 G4 B5 Y1 Y2",
    hand: list[int] | None = None,
    deck: list[int] | None = None,
    discard: list[int] | None = None,
    favor: int = 2,
    tools: tuple[int, ...] = (RUNNING, EGLOMISE, GROZING),
    players: int = 2,
    track: dict[int, str] | None = None,
    turn: int = 0,
    masterwork: bool = False,
    private_pools: bool = False,
    own: str | None = None,
) -> State:
    """A game with the Apprentice module (and the Masterwork module if ``masterwork``) at the
    first turn, the current player's window an apprentice window of ``grid`` holding
    ``placements`` (the spaces already covered count as noticed), and, if given, the deck, the
    discard pile and their hand ``hand``; under the Private Dice Pool rules (``private_pools``)
    their own dice ``own``."""
    config = GameConfig(
        players=players,
        apprentice=True,
        masterwork=masterwork,
        private_pools=private_pools,
        tools=tools,
    )
    state = arranged_game(config, seed, pool=pool, own=own, favor=favor, track=track, turn=turn)
    seat = state.current
    plain = make_window(grid, placements)
    window = Window(apprentice_window(plain.pattern, content().spaces))
    for cell, die in enumerate(plain.dice):
        if die >= 0:
            window.place(die, cell)
    arrange(state, windows={seat: window})
    table = cards(state)
    table.covered[seat] = window.occupied & window.pattern.apprentice
    if deck is not None:
        table.deck = sorted(deck)
    if discard is not None:
        table.discard = list(discard)
    if hand is not None:  # the hand's cards come out of the deck and the discard pile
        table.hands[seat] = list(hand)
        table.deck = [card for card in table.deck if card not in hand]
        table.discard = [card for card in table.discard if card not in hand]
    return state


def every_card(state: State) -> list[int]:
    table = cards(state)
    held = [card for hand in table.hands for card in hand]
    active = [card for played in table.active for card in played]
    return sorted([*table.deck, *table.discard, *table.offer, *held, *active])


# -- setup ---------------------------------------------------------------------------------------


def test_players_get_apprentice_windows_of_the_base_cards_with_one_favor_token_fewer() -> None:
    # PLAYER SETUP: "do not use other Window Pattern Cards"; "The Apprentice Window Patterns
    # give fewer Favor Tokens": the printed difficulty minus 1 (HOUSE-CONTENT.md).
    state = new_game(GameConfig(players=4, apprentice=True), seed=1)
    base = {w.name: w for w in catalog().windows if w.pack == "base"}
    for player in state.players:
        for option in player.options:
            assert option.name in base
            assert option.apprentice == 1 << B2 | 1 << D4
            assert option.grid == apprentice_window(base[option.name], option.apprentice).grid
    chosen = state.players[0].options[0]
    offered = make_view(state, 0).to_json()["players"][0]["window_options"][0]
    assert offered["favor_tokens"] == chosen.difficulty - 1  # what the setup screen shows
    act(state, "W1", "W1", "W1", "W1")
    assert state.players[0].favor == chosen.difficulty - 1


def test_six_players_share_the_twelve_apprentice_window_cards() -> None:
    state = new_game(GameConfig(players=6, apprentice=True), seed=2)
    names = [option.name for player in state.players for option in player.options[::2]]
    assert len(set(names)) == 12
    assert all(option.apprentice for player in state.players for option in player.options)


def test_setup_reveals_one_card_as_the_discard_pile() -> None:
    # GAME SETUP: "Reveal the top card and place it next to the Apprentice Deck to form the
    # Apprentice Discard Pile."
    state = new_game(GameConfig(players=2, apprentice=True), seed=4)
    table = cards(state)
    assert len(table.discard) == 1 and len(table.deck) == 21 and table.aside == []
    assert every_card(state) == list(range(1, 23))


def test_solo_sets_the_patrons_aside_as_solo_play_has_no_favor_tokens() -> None:
    # GAME SETUP, note: a card that references a component not in play is set aside.
    state = new_game(GameConfig(players=1, apprentice=True), seed=4)
    table = cards(state)
    assert table.aside == [13, 14]
    assert len(table.deck) + len(table.discard) == 20
    act(state, "W1")
    assert state.players[0].favor == 0


def test_private_pools_set_aside_the_tools_of_a_second_turn() -> None:
    # Glazing Hammer (7) and Running Pliers (8) need a second turn in the round, which the
    # Private Dice Pool rules do not have.
    state = new_game(GameConfig(players=3, apprentice=True, private_pools=True), seed=4)
    assert cards(state).aside == [7, 8]


# -- gaining -------------------------------------------------------------------------------------


def test_covering_an_apprentice_space_gains_the_top_of_the_discard_pile() -> None:
    # GAMEPLAY: "When a player places a die over a [apprentice] symbol ... Gain the top
    # Apprentice Card of the Apprentice Discard pile."
    state = apprentice_turn(hand=[], discard=[PATRON, MASTERS_EYE])
    seat = state.current
    act(state, "R3@B2")
    assert state.step == "apprentice" and legal(state) == {"gain:deck", "gain:discard"}
    assert "Master's Eye from the discard pile" in str(state.describe_decision())
    act(state, "gain:discard")
    assert cards(state).hands[seat] == [MASTERS_EYE] and cards(state).discard == [PATRON]
    assert state.step == "" and state.current == seat


def test_looking_at_the_top_two_keeps_one_and_discards_the_other_face_up() -> None:
    # GAMEPLAY: "Look at the top 2 cards from the Apprentice Deck, choosing to keep 1 and
    # discard the other face-up".
    state = apprentice_turn(hand=[], deck=[3, 4, 5, 6], discard=[PATRON])
    seat = state.current
    act(state, "G4@B2", "gain:deck")
    first, second = cards(state).offer
    assert legal(state) == {"keep:1", "keep:2"}
    act(state, "keep:2")
    assert cards(state).hands[seat] == [second]
    assert cards(state).discard == [PATRON, first]
    assert sorted([*cards(state).deck, first, second]) == [3, 4, 5, 6]


def test_a_deck_short_of_two_cards_takes_in_the_discard_pile_first() -> None:
    # GAMEPLAY: "If the Apprentice Deck doesn't have enough cards, shuffle the Apprentice
    # Discard Pile and form a new Apprentice Deck."
    state = apprentice_turn(hand=[], deck=[5], discard=[6, 7, 9])
    seat = state.current
    act(state, "G4@B2", "gain:deck")
    offered = list(cards(state).offer)
    act(state, "keep:1")
    assert cards(state).hands[seat] == offered[:1]
    assert cards(state).discard == offered[1:]
    assert len(cards(state).deck) == 2
    assert every_card(state) == [5, 6, 7, 9]


def test_with_no_card_left_covering_a_space_gains_nothing() -> None:
    state = apprentice_turn(hand=[], deck=[], discard=[])
    act(state, "G4@B2")
    assert state.step == ""


def test_only_one_card_is_gained_a_turn_however_many_spaces_are_covered() -> None:
    # GAMEPLAY, note: "if [apprentice] symbols would be covered more than once on the same
    # turn, a player does not gain additional Apprentice cards." Running Pliers places a
    # second die on D4 in the same turn.
    state = apprentice_turn(hand=[], discard=[PATRON])
    seat = state.current
    act(state, "R3@B2", "gain:discard", "T8", "G4@D4")
    assert state.window(seat).dice[D4] == parse_die("G4")
    assert state.step == "" and cards(state).hands[seat] == [PATRON]


def test_a_space_vacated_by_a_move_can_be_covered_again_for_a_card() -> None:
    # GAMEPLAY, note: "If a die is moved from a space with a [apprentice] symbol, another die
    # may be placed there to gain an Apprentice Card." Eglomise Brush moves the die on B2 away.
    state = apprentice_turn(hand=[], placements="B2=R1 C3=P6", discard=[PATRON])
    act(state, "T2", "B2>B3")
    assert state.step == ""
    act(state, "G4@B2")
    assert state.step == "apprentice"


def test_the_next_turn_may_gain_again() -> None:
    state = apprentice_turn(hand=[], discard=[PATRON, STEADY, SECOND_LOOK])
    seat = state.current
    act(state, "R3@B2", "gain:discard", "pass")
    while state.current != seat:
        act(state, "pass")
    act(state, "G4@D4", "gain:discard")
    assert cards(state).hands[seat] == [SECOND_LOOK, STEADY]


# -- secrecy -------------------------------------------------------------------------------------


def test_cards_are_secret_until_played_and_the_others_see_how_many() -> None:
    # APPRENTICE CARDS: "Apprentice Cards are kept secret until played."
    state = apprentice_turn(hand=[STUDY_BLUE, SECOND_LOOK], deck=[3, 4, 5], discard=[PATRON])
    seat = state.current
    other = 1 - seat
    act(state, "G4@B2", "gain:deck")
    mine, theirs = make_view(state, seat).to_json(), make_view(state, other).to_json()
    assert [c["name"] for c in mine["apprentice"]["offer"]] == [
        card.name for card in (content().cards[n - 1] for n in cards(state).offer)
    ]
    assert "offer" not in theirs["apprentice"]
    assert "Study of Blue" not in json.dumps(theirs) and "Second Look" not in json.dumps(theirs)
    assert theirs["players"][seat]["apprentice_cards"] == 2
    assert "apprentice_hand" not in theirs["players"][seat]
    assert [c["number"] for c in mine["players"][seat]["apprentice_hand"]] == [20, 16]
    assert theirs["apprentice"]["deck"] == 1
    act(state, "keep:1")
    # The record says which place was kept, not which card.
    assert action_fields(parse_action("keep:1")) == {
        "notation": "keep:1",
        "kind": "keep",
        "choice": 1,
    }
    log = make_view(state, other).to_json()["history_actions"][-1]
    assert log["message"]["params"] == {"choice": 1}


def test_a_guess_for_search_deals_the_hidden_cards_again_consistently() -> None:
    state = apprentice_turn(hand=[STUDY_BLUE, SECOND_LOOK])
    seat = state.current
    view = make_view(state, 1 - seat)
    hands = set()
    for seed in range(20):
        guess = determinize(view, seed)
        assert every_card(guess) == every_card(state)
        assert len(cards(guess).hands[seat]) == 2
        hands.add(tuple(cards(guess).hands[seat]))
    assert len(hands) > 5


# -- playing -------------------------------------------------------------------------------------


def test_a_card_is_played_the_way_it_says_and_patron_gives_two_favor_tokens() -> None:
    # Patron (HOUSE-CONTENT.md): Discard, gain 2 favor tokens.
    state = apprentice_turn(hand=[PATRON], discard=[], favor=1)
    seat = state.current
    assert "discard:13" in legal(state) and "activate:13" not in legal(state)
    assert "is played by discarding it" in why(state, "activate:13")
    assert "no apprentice card 14" in why(state, "discard:14")
    act(state, "discard:13")
    assert state.players[seat].favor == 3 and cards(state).discard == [PATRON]


def test_the_turn_stays_open_while_a_card_could_still_be_played() -> None:
    # APPRENTICE CARDS: a card may be played "at any time during their turn": once the draft
    # and the tool are done, the turn waits for pass.
    state = apprentice_turn(hand=[STUDY_BLUE], tools=(GROZING, EGLOMISE, RUNNING))
    seat = state.current
    act(state, "T1", "R3", "+1", "@B4")
    assert state.current == seat and legal(state) == {"pass", "activate:20"}
    act(state, "activate:20")
    assert state.current != seat


def test_an_apprentice_tool_uses_the_tool_free_and_leaves_the_turns_tool() -> None:
    # Apprentice's Grozing Pliers: the effect of Grozing Pliers once, free, with its own
    # timing and restrictions; played in addition to the turn's tool action.
    state = apprentice_turn(hand=[GROZING], favor=1, tools=(RUNNING, EGLOMISE, 3))
    seat = state.current
    act(state, "discard:1", "R3", "+1", "@B4")
    assert state.window(seat).dice[parse_cell("B4")] == parse_die("R4")
    assert state.players[seat].favor == 1
    assert "T2" in legal(state) and not any("@" in a for a in legal(state))


def test_an_apprentice_tool_keeps_the_tools_timing() -> None:
    # Grozing Pliers acts on the die drafted: not once the turn's draft is used.
    state = apprentice_turn(hand=[GROZING])
    act(state, "R3@B4")
    assert "discard:1" not in legal(state)
    assert why(state, "discard:1") == (
        "Grozing Pliers acts on the die you draft, and you have already drafted this turn"
    )


#: For each Apprentice's <tool> (cards 1-12, the base tools' numbers), what happens before it
#: is played: its tool's timing (Glazing Hammer: a second turn, before drafting; Running Pliers:
#: a first turn, after drafting) and the steps that start its effect.
TOOL_CARD_TURNS = {7: 3}  # 3 players: turns 3-5 are the second ones
TOOL_CARD_BEFORE = {8: ("G4@B4",)}


@pytest.mark.parametrize("number", range(1, 13))
def test_each_apprentices_tool_uses_its_tool_free_with_the_tools_timing(number: int) -> None:
    # HOUSE-CONTENT.md: cards 1-12, "Use that base tool's effect once, free, with the tool's
    # own timing and restrictions". A window with dice to move, a Round Track die for Lens
    # Cutter and Tap Wheel (a red one, like the red dice of the window).
    state = apprentice_turn(
        hand=[number],
        placements="C3=P6 B3=R1 D2=R5",
        track={1: "R2 G5"},
        turn=TOOL_CARD_TURNS.get(number, 0),
        favor=1,
        tools=(10, 11, 12) if number < 10 else (1, 2, 3),
        players=3,
    )
    seat = state.current
    act(state, *TOOL_CARD_BEFORE.get(number, ()))
    assert f"discard:{number}" in legal(state), why(state, f"discard:{number}")
    act(state, f"discard:{number}")
    assert state.players[seat].favor == 1  # free: no favor token spent
    assert cards(state).discard[-1] == number
    if state.tool_slot >= 0:  # its steps follow, as the tool's own
        assert state.free_tool == number
        assert str(state.describe_decision()).startswith(
            f"player {seat}: {catalog().tool(number).name}"
        )
    else:  # Glazing Hammer re-rolls the Draft Pool at once
        assert number == 7
    # Not the turn's tool: a tool card may still be used once the free effect is over.
    while state.tool_slot >= 0:
        state.apply(state.legal_actions()[0])
    assert not state.tool_used


def test_an_apprentices_tool_waits_for_its_tools_timing() -> None:
    # Running Pliers: a first turn, after drafting; Glazing Hammer: a second turn.
    state = apprentice_turn(hand=[RUNNING, 7])
    assert "discard:8" not in legal(state) and "discard:7" not in legal(state)
    assert why(state, "discard:8") == (
        "Running Pliers: it is used after you have drafted and placed this turn's die"
    )
    assert why(state, "discard:7") == (
        "Glazing Hammer: it may only be used on your second turn of the round"
    )


#: Why Steady Hand is refused once no die can be placed from a pool this turn.
STEADY_REFUSED = (
    "Steady Hand is for a die you place from a pool this turn, and you can place none any "
    "more this turn"
)


def test_steady_hand_lifts_the_value_restriction_for_the_next_die_only() -> None:
    # Steady Hand: "The die you place this turn ignores its space's value restriction."
    state = apprentice_turn(hand=[STEADY], grid="3.... ..... ..... .....", placements="")
    seat = state.current
    assert "Y1@A1" not in legal(state)
    act(state, "discard:15")
    assert "Y1@A1" in legal(state)
    act(state, "Y1@A1")
    window = state.window(seat)
    assert window.dice[0] == parse_die("Y1") and window.violations() == []
    assert not window.free_value
    # Played once the turn's die is placed, with no Running Pliers to place another, it would
    # lift nothing: it waits for a turn.
    state = apprentice_turn(hand=[STEADY], tools=(GROZING, EGLOMISE, 3))
    act(state, "G4@B4")
    assert "discard:15" not in legal(state)
    assert why(state, "discard:15") == STEADY_REFUSED


#: B3 asks for a 2 (B2 and D4, the apprentice spaces, have no value restriction).
B3_IS_A_2 = "..... ..2.. ..... ....."


@pytest.mark.parametrize("start_move", ["T2", "T4", "T12", "discard:2", "discard:4", "discard:12"])
def test_steady_hand_does_not_waive_the_value_restriction_for_a_die_moved(
    start_move: str,
) -> None:
    # Steady Hand (HOUSE-CONTENT.md, card 15): "The die you place this turn ignores its
    # space's value restriction." A die moved is not placed from a pool: a moving tool lifts
    # it and places it again under every restriction but the one the card itself lifts
    # (rules README, "Moving a die (2, 3, 4, 12)"); Eglomise Brush lifts the colour's,
    # Lathekin and Tap Wheel none. So with a Steady Hand in effect the G4 on A1 still cannot
    # move to B3, which asks for a 2, whichever moving tool or apprentice copy moves it; B4
    # (no restriction, touching the P6 on C3) stays open to it. Tap Wheel: the green die on
    # the Round Track lets it move green dice.
    state = apprentice_turn(
        hand=[STEADY, EGLOMISE, LATHEKIN, TAP_WHEEL],
        grid=B3_IS_A_2,
        placements="A1=G4 C3=P6 D5=G5",
        tools=(EGLOMISE, LATHEKIN, TAP_WHEEL),
        track={1: "G2"},
        favor=3,
    )
    act(state, "discard:15", start_move)
    assert state.window(state.current).free_value  # the Steady Hand is in effect
    assert "A1>B4" in legal(state)
    assert "A1>B3" not in legal(state)
    assert why(state, "A1>B3").endswith("B3 requires a 2")


def test_steady_hand_waives_value_only_for_the_die_placed_from_a_pool() -> None:
    # Steady Hand: "The die you place this turn ignores its space's value restriction": the
    # die placed from the Draft Pool, not a die an Eglomise Brush moves before it. Worked by
    # hand: the G4 moved from A1 to B4 (white) needs no waiver and gets none; the Y1 drafted
    # onto B3, which asks for a 2, is the one die whose value restriction is waived, so the
    # window breaks no rule and only B3 is marked waived.
    state = apprentice_turn(
        hand=[STEADY], grid=B3_IS_A_2, placements="A1=G4 C3=P6", pool="Y1 R3", favor=3
    )
    seat = state.current
    act(state, "discard:15", "T2")
    assert "A1>B3" not in legal(state)
    act(state, "A1>B4")
    assert "Y1@B3" in legal(state)
    act(state, "Y1@B3")
    window = state.window(seat)
    assert window.dice[parse_cell("B3")] == parse_die("Y1")
    assert cell_set(window.waived_value) == {"B3"}
    assert window.violations() == []
    assert not window.free_value  # the Steady Hand is used up


def test_a_masterwork_die_placed_leaves_the_steady_hand_for_the_die_placed_from_a_pool() -> None:
    # Steady Hand is for the die placed from a pool; a masterwork die comes from the
    # masterwork board and "may be placed in a space with any value restriction" anyway (Life
    # rulebook, MASTERWORK MODULE, GAMEPLAY 2). Worked by hand: the R1 buys the masterwork die
    # of space 1 (slot 1c, red), placed on C4; Running Pliers then drafts the Y1 onto B3, which
    # asks for a 2: still waived, the one waived space.
    state = apprentice_turn(
        hand=[STEADY],
        grid=B3_IS_A_2,
        placements="C3=P6",
        pool="R1 Y1 G5",
        tools=(RUNNING, EGLOMISE, GROZING),
        favor=3,
        masterwork=True,
    )
    seat = state.current
    act(state, "discard:15", "R1/1c", "O0@C4", "T8")
    assert "Y1@B3" in legal(state)
    act(state, "Y1@B3")
    window = state.window(seat)
    assert cell_set(window.waived_value) == {"B3"}
    assert window.violations() == [] and not window.free_value


@pytest.mark.parametrize(
    ("tools", "hand", "second_draft"),
    [
        ((RUNNING, EGLOMISE, GROZING), [STEADY], "T8"),
        ((GROZING, EGLOMISE, 3), [STEADY, RUNNING], "discard:8"),
    ],
    ids=["Running Pliers", "Apprentice's Running Pliers"],
)
def test_steady_hand_may_be_played_after_the_draft_for_running_pliers_second_die(
    tools: tuple[int, ...], hand: list[int], second_draft: str
) -> None:
    # Steady Hand is for "the die you place this turn" from a pool; Running Pliers (rules
    # README: "in your first turn of the round, after placing a die, draft and place a second
    # die at once") still places one from the Draft Pool once the turn's draft is used, as
    # the tool card (1 favor token, 1 in hand) or as the apprentice's copy (free). Worked by
    # hand: G4 drafted onto B4; the Y1 Running Pliers drafts then goes onto B3, which asks
    # for a 2, the one waived space.
    state = apprentice_turn(
        hand=hand, tools=tools, grid=B3_IS_A_2, placements="C3=P6", pool="G4 Y1 R3", favor=1
    )
    seat = state.current
    act(state, "G4@B4")
    assert "discard:15" in legal(state), why(state, "discard:15")
    act(state, "discard:15", second_draft)
    assert "Y1@B3" in legal(state)
    act(state, "Y1@B3")
    window = state.window(seat)
    assert cell_set(window.waived_value) == {"B3"} and window.violations() == []


def test_steady_hand_may_be_played_for_a_running_pliers_die_only_it_lets_fit() -> None:
    # Every space asks for a 2 but the apprentice spaces, which ask for red (B2, D4: their
    # value restriction removed, their colour kept). After the G2 is drafted onto B3, the Y1
    # left fits nowhere, so Running Pliers alone could not start; with a Steady Hand it fits
    # on any free space touching a die but the red ones, so the Steady Hand is offered.
    state = apprentice_turn(
        hand=[STEADY], grid="22222 2R222 22222 222R2", placements="C3=P6", pool="G2 Y1"
    )
    act(state, "G2@B3")
    assert "T8" not in legal(state)
    act(state, "discard:15")
    assert "T8" in legal(state)
    act(state, "T8")
    assert "Y1@A3" in legal(state) and "Y1@B2" not in legal(state)


@pytest.mark.parametrize(
    ("tools", "favor", "turn"),
    [
        ((GROZING, EGLOMISE, 3), 2, 0),
        ((RUNNING, EGLOMISE, GROZING), 0, 0),
        ((RUNNING, EGLOMISE, GROZING), 2, 2),
    ],
    ids=["no Running Pliers", "no favor token to pay for it", "second turn of the round"],
)
def test_steady_hand_is_refused_once_no_die_can_be_placed_from_a_pool_this_turn(
    tools: tuple[int, ...], favor: int, turn: int
) -> None:
    # After the turn's draft only Running Pliers could place another die from the Draft
    # Pool: not without the card, not without the favor token it costs (none on it yet: 1),
    # and not on a second turn (2 players: turns 2 and 3 of the round are the second ones).
    state = apprentice_turn(hand=[STEADY], tools=tools, favor=favor, turn=turn)
    act(state, "G4@B4")
    assert "discard:15" not in legal(state)
    assert why(state, "discard:15") == STEADY_REFUSED


def test_steady_hand_may_be_played_after_the_draft_for_the_own_pool_die() -> None:
    # Private Dice Pool rules (rulebook 003_0d63153aaa85498d.txt, PRIVATE DICE POOL
    # VARIANT): a turn places a die from the Draft Pool and one from one's own pool. After
    # the draft the own die is still to come: Steady Hand lifts B3's 2 for it. Once both are
    # placed, none is left to place from a pool: Steady Hand is refused.
    state = apprentice_turn(
        hand=[STEADY],
        tools=(GROZING, EGLOMISE, 3),
        grid=B3_IS_A_2,
        placements="C3=P6",
        pool="G4 R3 B5",
        own="Y1 R5",
        private_pools=True,
    )
    seat = state.current
    act(state, "G4@B4")
    assert "discard:15" in legal(state), why(state, "discard:15")
    act(state, "discard:15", "*Y1@B3")
    window = state.window(seat)
    assert cell_set(window.waived_value) == {"B3"} and window.violations() == []
    state = apprentice_turn(
        hand=[STEADY],
        tools=(GROZING, EGLOMISE, 3),
        placements="C3=P6",
        pool="G4 R3 B5",
        own="Y1 R5",
        private_pools=True,
    )
    act(state, "G4@B4", "*Y1@B3")
    assert "discard:15" not in legal(state)
    assert why(state, "discard:15") == STEADY_REFUSED


@pytest.mark.parametrize(
    ("card", "then"),
    [(EGLOMISE, ()), (3, ()), (LATHEKIN, ("A4>A3",))],
    ids=["Eglomise Brush", "Copper Foil Burnisher", "Lathekin"],
)
def test_a_masterwork_die_moved_by_an_apprentices_tool_may_be_turned(
    card: int, then: tuple[str, ...]
) -> None:
    # Life rulebook, MASTERWORK DICE PLACEMENT: "If a Masterwork Die is moved, it may be
    # rotated but must remain showing the same symbol"; an apprentice's copy of a moving tool
    # moves dice as the tool does. Worked by hand: the corner die on A1 moves to B1 (touching
    # the R2 on A2), then any of its four rotations may be chosen; it shows a corner at 270.
    state = apprentice_turn(hand=[card], placements="A1=Ocorner0 A2=R2 A4=G4", masterwork=True)
    seat = state.current
    act(state, f"discard:{card}", "A1>B1")
    assert legal(state) == {"O0@B1", "O90@B1", "O180@B1", "O270@B1"}
    act(state, "O270@B1", *then)
    window = state.window(seat)
    assert window.dice[parse_cell("B1")] == masterwork_die(SYMBOLS.index("corner"), 270)
    assert state.tool_slot < 0


def test_second_look_rerolls_a_draft_pool_die() -> None:
    # Second Look: "Re-roll one die in the Draft Pool."
    state = apprentice_turn(hand=[SECOND_LOOK], pool="R3 G4")
    act(state, "discard:16")
    assert legal(state) == {"R3", "G4"} and state.is_chance(parse_action("R3"))
    act(state, "R3")
    colours = sorted(DIE_COLOUR[d] for d in state.pool)
    assert colours == [0, 2] and parse_die("G4") in state.pool
    assert any("@" in a for a in legal(state))  # the draft is still to do


# -- scoring -------------------------------------------------------------------------------------


#: One die of each colour and value, and what each Study card makes of the window: the sum of
#: its colour's values (R1 + R6 = 7; Y2; G3 + G5 = 8; B4; purple: none, 0).
STUDY_WINDOW = "A1=R1 A2=Y2 A3=G3 A4=B4 A5=G5 B1=R6"
STUDIES = {"Red": 7, "Yellow": 2, "Green": 8, "Blue": 4, "Purple": 0}


@pytest.mark.parametrize(("colour", "points"), STUDIES.items())
def test_study_of_a_colour_scores_the_sum_of_that_colours_values(colour: str, points: int) -> None:
    # Study of <colour>: "At game end also score the sum of the values of your <colour> dice".
    part = card_part(card_named(f"Study of {colour}"), make_window(BLANK, STUDY_WINDOW), ())
    assert (part.name, part.kind, part.points) == (f"Study of {colour}", "apprentice", points)


def test_an_activated_study_counts_in_the_players_score() -> None:
    state = apprentice_turn(hand=[STUDY_BLUE], placements="A1=B1 A3=B3 A5=B5 B1=R6")
    seat = state.current
    before = state.scores()[seat].total
    act(state, "activate:20")
    after = state.scores()[seat]
    assert after.total == before + 9
    assert [p.points for p in after.parts if p.name == "Study of Blue"] == [9]


FULL_ROWS = "A1=R1 A2=G2 A3=R3 A4=G4 A5=R5 B1=G1 B2=R2 B3=G3 B4=R4 B5=G5 " + (
    "C1=R1 C2=G2 C3=R3 C4=G4 C5=R5 D1=G1 D2=R2 D3=G3 D4=R4 D5=G5"
)


def test_masters_eye_turns_a_zero_objective_into_twenty_in_a_full_window() -> None:
    # Master's Eye: "if your window has no open space, one public objective on which you
    # scored 0 scores 20 instead". Every row repeats a colour: Row Color Variety scores 0.
    eye = card_named("Master's Eye")
    rows = catalog().public("Row Color Variety")
    part = card_part(eye, make_window(BLANK, FULL_ROWS), (rows,))
    assert part.points == 20 and "Row Color Variety" in str(part.formula)
    open_window = make_window(BLANK, FULL_ROWS.rsplit(" ", 1)[0])
    assert card_part(eye, open_window, (rows,)).points == 0
    shades = catalog().public("Light Shades")  # sets of 1 and 2: four of them, not 0
    assert card_part(eye, make_window(BLANK, FULL_ROWS), (shades,)).points == 0


# -- notation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["gain:deck", "gain:discard", "keep:1", "keep:2", "activate:17", "discard:16"]
)
def test_the_apprentice_notation_reads_back(text: str) -> None:
    assert action_to_str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("activate:40", "1-32"), ("keep:3", "keep:1 or keep:2"), ("gain:hand", "gain:deck")],
)
def test_a_malformed_apprentice_action_says_what_is_expected(text: str, fragment: str) -> None:
    with pytest.raises(InvalidNotationError, match=fragment):
        parse_action(text)


def test_without_the_module_its_actions_are_refused_naming_it() -> None:
    state = start(GameConfig(players=2), seed=1)
    assert "Apprentice module" in why(state, "gain:deck")


def test_the_terminal_shows_the_hand_to_its_owner_and_a_count_to_the_others() -> None:
    state = apprentice_turn(hand=[STUDY_BLUE], deck=[3, 4, 5], discard=[PATRON])
    seat = state.current
    mine, theirs = table_text(make_view(state, seat)), table_text(make_view(state, 1 - seat))
    assert "card 20 Study of Blue (activate:20)" in mine
    assert "Study of Blue" not in theirs and "apprentice cards: 1" in theirs
    assert "deck 3, discard pile 13 Patron on top of 1" in mine
    assert "D  .. .. .. *. .." in mine  # D4, an open apprentice space
