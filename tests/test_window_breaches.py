"""``Window.breaches``: the placement rules a finished window breaks, each with its cells and
its message (rulebook 001_3237e9a6eb6273e0.txt, PLACEMENT RESTRICTIONS: a die matches its
space's colour or value restriction, and no two orthogonal neighbours share a colour or a
value; Life, 004_234c3922e9d01436.txt, MASTERWORK DICE PLACEMENT: a masterwork die may fill a
space with any value restriction but must obey every colour restriction, and orange is no other
colour)."""

from __future__ import annotations

from sagrada.core.cells import parse_cell
from sagrada.core.dice import masterwork_die
from sagrada.core.position import make_window
from sagrada.core.window import Window


def breaches(window: Window) -> list[tuple[str, tuple[str, ...], str]]:
    return [(b.rule, b.cells, b.message.id) for b in window.breaches()]


def test_each_broken_rule_names_its_cells() -> None:
    # A grid of our own: A1 requires red, A2 a 3. A1 G3 breaks the colour; A2 B3 meets its 3
    # but shares the value 3 with A1; B1 G5 shares green with A1 above it.
    window = make_window("R3... ..... ..... .....", "A1=G3 A2=B3 B1=G5")
    assert breaches(window) == [
        ("colour", ("A1",), "breach.colour"),
        ("same_value", ("A1", "A2"), "breach.same_value"),
        ("same_colour", ("A1", "B1"), "breach.same_colour"),
    ]


def test_violations_are_the_breaches_in_english() -> None:
    window = make_window("R3... ..... ..... .....", "A1=G3 A2=B4")
    assert window.violations() == [
        "A1: G3 on a space that requires a red die",
        "A2: B4 on a space that requires a 3",
    ]
    assert window.violations() == [str(b.message) for b in window.breaches()]


def test_a_masterwork_die_meets_any_value_restriction_and_no_colour_restriction() -> None:
    window = make_window("3R... ..... ..... .....")
    window.place(masterwork_die(0, 0), parse_cell("A1"))  # on the 3: met
    window.place(masterwork_die(1, 90), parse_cell("B2"))  # free space: nothing to meet
    assert breaches(window) == []
    window.place(masterwork_die(2, 0), parse_cell("A2"))  # on the red: orange is not red
    assert breaches(window) == [
        ("same_colour", ("A1", "A2"), "breach.same_colour"),  # two orange dice side by side
        ("colour", ("A2",), "breach.colour"),
        ("same_colour", ("A2", "B2"), "breach.same_colour"),
    ]


def test_a_restriction_a_tool_waived_is_no_breach() -> None:
    window = make_window("R.... ..... ..... .....", "A1=G3")
    window.waived_colour |= 1 << parse_cell("A1")
    assert breaches(window) == []
