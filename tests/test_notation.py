"""Action notation: every code has one text form, parsed back case-insensitively.

The notation is the table in the docstring of ``sagrada.games.dice.rules.actions``
(``docs/notation.md``).
Codes are laid out kind after kind, in the order of that table, with these sizes (worked out
by hand: 30 die faces, 20 cells, 10 rounds):

========  ====  ===========  ==========================================
kind      size  codes        argument order
========  ====  ===========  ==========================================
PASS      1     0            -
STOP      1     1            -
RETURN    1     2            -
INCREASE  1     3            -
DECREASE  1     4            -
PATTERN   4     5-8          option 1-4
VALUE     6     9-14         value 1-6
TOOL      32    15-46        card number 1-32
CHOOSE    30    47-76        die R1..R6, Y1..Y6, G1..G6, B1..B6, P1..P6
PAY       30    77-106       die
PUT       20    107-126      cell A1..A5, B1..B5, C1..C5, D1..D5
DRAFT     600   127-726      die x 20 + cell
MOVE      400   727-1126     source x 20 + target
TRACK     300   1127-1426    (round - 1) x 30 + die
OWN_DRAFT 600   1427-2026    die x 20 + cell (5 & 6 Player Expansion)
OWN_CHOOSE 30   2027-2056    die (5 & 6 Player Expansion)
SLOT      360   2057-2416    die x 12 + slot (Life's Masterwork module;
                             slot = 2 x (space - 1), + 1 for the value slot)
MASTERWORK 80   2417-2496    rotation / 90 x 20 + cell (Life's Masterwork module)
GAIN      2     2497-2498    deck, discard (Life's Apprentice module)
KEEP      2     2499-2500    choice - 1 (Life's Apprentice module)
ACTIVATE  32    2501-2532    card number - 1 (Life's Apprentice module)
DISCARD   32    2533-2564    card number - 1 (Life's Apprentice module)
========  ====  ===========  ==========================================

so there are 2565 codes. A die is ``colour * 6 + value - 1`` with colours R Y G B P = 0-4; a
cell is ``row * 5 + column - 1`` with rows A-D = 0-3.
"""

from __future__ import annotations

import pytest

from sagrada.core.errors import InvalidNotationError
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import NUM_ACTIONS, Kind, action_to_str, kind_of, parse_action


def test_there_are_2565_codes() -> None:
    # 5 single actions + 4 + 6 + 32 + 30 + 30 + 20 + 600 + 400 + 300 + 600 + 30 + 360 + 80
    # + 2 + 2 + 32 + 32 (the table).
    assert NUM_ACTIONS == 2565 == len(A.KIND_OF)


def test_the_apprentice_kinds_come_after_the_masterwork_codes() -> None:
    # gain:deck = 2497; keep:2 = 2499 + 1; activate:17 = 2501 + 16 = 2517; discard:16 =
    # 2533 + 15 = 2548; discard:32 = 2533 + 31 = 2564.
    assert parse_action("gain:deck") == 2497
    assert parse_action("GAIN:DISCARD") == 2498
    assert parse_action("keep:2") == 2500
    assert parse_action("activate:17") == 2517
    assert parse_action("discard:16") == 2548
    assert action_to_str(2564) == "discard:32"


def test_the_masterwork_kinds_come_after_the_expansion_codes() -> None:
    # R1/1c = 2057 + 0 x 12 + 0; P6/6v = 2057 + 29 x 12 + 11 = 2416; O0@A1 = 2417;
    # O270@D5 = 2417 + 3 x 20 + 19 = 2496; R3/2c = 2057 + 2 x 12 + 2 = 2083.
    assert parse_action("R1/1c") == 2057
    assert parse_action("p6/6V") == 2416
    assert parse_action("O0@A1") == 2417
    assert parse_action("o270@d5") == 2496
    assert parse_action("R3/2c") == 2083
    assert action_to_str(2083) == "R3/2c"


def test_the_expansion_kinds_are_appended_after_the_base_codes() -> None:
    # A code never changes meaning: the base game's last code (r10:P6) stays 1426, and the
    # Private Dice Pool kinds follow. *R1@A1 = 1427 + 0 * 20 + 0; *P6@D5 = 1427 + 29 * 20 + 19
    # = 2026; *R1 = 2027; *P6 = 2027 + 29 = 2056.
    assert parse_action("r10:P6") == 1426
    assert parse_action("*R1@A1") == 1427
    assert parse_action("*P6@D5") == 2026
    assert parse_action("*R1") == 2027
    assert parse_action("*p6") == 2056
    assert action_to_str(2026) == "*P6@D5"


def test_every_code_round_trips_through_its_text() -> None:
    texts = [action_to_str(code) for code in range(NUM_ACTIONS)]
    assert len(set(texts)) == NUM_ACTIONS
    for code, text in enumerate(texts):
        assert parse_action(text) == code, text


def test_parsing_ignores_case_and_surrounding_spaces() -> None:
    for code in range(NUM_ACTIONS):
        text = action_to_str(code)
        assert parse_action(text.lower()) == code, text
        assert parse_action(text.upper()) == code, text
        assert parse_action(f"  {text.swapcase()}\t") == code, text


# (text, code, kind, first argument, second argument), each worked out by hand from the table.
EXAMPLES = [
    ("pass", 0, Kind.PASS, 0, 0),
    ("stop", 1, Kind.STOP, 0, 0),
    ("return", 2, Kind.RETURN, 0, 0),
    ("+1", 3, Kind.INCREASE, 0, 0),
    ("-1", 4, Kind.DECREASE, 0, 0),
    # W2 is window option 2, stored as option index 1: 5 + 1.
    ("W1", 5, Kind.PATTERN, 0, 0),
    ("W2", 6, Kind.PATTERN, 1, 0),
    ("W4", 8, Kind.PATTERN, 3, 0),
    # =4 sets the held die to 4: 9 + 3.
    ("=1", 9, Kind.VALUE, 1, 0),
    ("=4", 12, Kind.VALUE, 4, 0),
    ("=6", 14, Kind.VALUE, 6, 0),
    # T7 is Glazing Hammer: 15 + 6.
    ("T1", 15, Kind.TOOL, 1, 0),
    ("T7", 21, Kind.TOOL, 7, 0),
    ("T12", 26, Kind.TOOL, 12, 0),
    ("T32", 46, Kind.TOOL, 32, 0),
    # G6 is green (2) showing 6: die 2 * 6 + 5 = 17, code 47 + 17.
    ("R1", 47, Kind.CHOOSE, 0, 0),
    ("G6", 64, Kind.CHOOSE, 17, 0),
    ("P6", 76, Kind.CHOOSE, 29, 0),
    # $P2 pays with purple (4) 2: die 4 * 6 + 1 = 25, code 77 + 25.
    ("$R1", 77, Kind.PAY, 0, 0),
    ("$P2", 102, Kind.PAY, 25, 0),
    # @D5 is row D (3), column 5: cell 3 * 5 + 4 = 19, code 107 + 19.
    ("@A1", 107, Kind.PUT, 0, 0),
    ("@B4", 115, Kind.PUT, 8, 0),
    ("@D5", 126, Kind.PUT, 19, 0),
    # R3@B4 drafts red 3 (die 2) onto B4 (cell 1 * 5 + 3 = 8): 127 + 2 * 20 + 8.
    ("R1@A1", 127, Kind.DRAFT, 0, 0),
    ("R3@B4", 175, Kind.DRAFT, 2, 8),
    ("Y1@A1", 247, Kind.DRAFT, 6, 0),
    ("P6@D5", 726, Kind.DRAFT, 29, 19),
    # B4>C5 moves B4 (cell 8) to C5 (cell 2 * 5 + 4 = 14): 727 + 8 * 20 + 14.
    ("A1>A2", 728, Kind.MOVE, 0, 1),
    ("B4>C5", 901, Kind.MOVE, 8, 14),
    ("D5>D4", 1125, Kind.MOVE, 19, 18),
    # r3:R5 takes red 5 (die 4) from round 3: 1127 + 2 * 30 + 4.
    ("r1:R1", 1127, Kind.TRACK, 1, 0),
    ("r3:R5", 1191, Kind.TRACK, 3, 4),
    ("r10:P6", 1426, Kind.TRACK, 10, 29),
]


@pytest.mark.parametrize(
    ("text", "code", "kind", "first", "second"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_notation_examples(text: str, code: int, kind: Kind, first: int, second: int) -> None:
    assert parse_action(text) == code
    assert action_to_str(code) == text
    assert kind_of(code) == kind
    assert (A.ARG1[code], A.ARG2[code]) == (first, second)


def test_constructors_agree_with_the_examples() -> None:
    red_3, green_6, purple_2 = 2, 17, 25
    b4, c5, d5 = 8, 14, 19
    assert A.draft(red_3, b4) == parse_action("R3@B4")
    assert A.move(b4, c5) == parse_action("B4>C5")
    assert A.track(3, 4) == parse_action("r3:R5")
    assert A.pay(purple_2) == parse_action("$P2")
    assert A.put(d5) == parse_action("@D5")
    assert A.choose(green_6) == parse_action("G6")
    assert A.set_value(4) == parse_action("=4")
    assert A.pattern(1) == parse_action("W2")
    assert A.tool(7) == parse_action("T7")
    assert (A.PASS, A.STOP, A.RETURN, A.INCREASE, A.DECREASE) == (0, 1, 2, 3, 4)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("r3:R5", 1191),
        ("R3:r5", 1191),
        ("r3@b4", 175),
        ("b4>c5", 901),
        ("$p2", 102),
        ("@d5", 126),
        ("t7", 21),
        ("g6", 64),
        ("w2", 6),
        ("PASS", 0),
        ("Stop", 1),
        ("RETURN", 2),
    ],
)
def test_parsing_is_case_insensitive(text: str, expected: int) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # The die part is wrong: R (red) only has values 1-6.
        ("R9@B4", "'R9' is not a die"),
        ("X3@B4", "'X3' is not a die"),
        # The cell part is wrong: rows are A-D, columns 1-5.
        ("R3@E4", "'E4' is not a cell"),
        ("R3@B6", "'B6' is not a cell"),
        ("@E1", "'E1' is not a cell"),
        ("A1>A9", "'A9' is not a cell"),
        ("Z1>A2", "'Z1' is not a cell"),
        # The round part is wrong: the Round Track has rounds 1-10.
        ("r11:R5", "a Round Track die is a round r1-r10"),
        ("r0:R5", "a Round Track die is a round r1-r10"),
        ("r3:R7", "'R7' is not a die"),
        ("$R0", "'R0' is not a die"),
        # Tool numbers run 1-32, window options 1-4, values 1-6.
        ("T40", "a tool is T and its card number 1-32"),
        ("T0", "a tool is T and its card number 1-32"),
        ("W5", "a window choice is W1 to W4"),
        ("=7", "a value choice is =1 to =6"),
        ("=0", "a value choice is =1 to =6"),
        ("Q5", "'Q5' is not a die"),
        ("hello", "see docs/notation.md"),
        ("", "see docs/notation.md"),
    ],
)
def test_malformed_text_is_refused_naming_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse_action(text)
    assert str(caught.value).startswith(f"{text!r} is not an action: ")
    assert message in str(caught.value)


def test_invalid_notation_is_a_value_error() -> None:
    # Callers that only know the standard library can catch ValueError.
    with pytest.raises(ValueError, match="'hello' is not an action"):
        parse_action("hello")


@pytest.mark.parametrize("code", [-1, NUM_ACTIONS, NUM_ACTIONS + 100])
def test_a_code_out_of_range_has_no_text(code: int) -> None:
    with pytest.raises(InvalidNotationError, match=f"{code} is not an action code"):
        action_to_str(code)
