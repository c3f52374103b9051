"""The dice game in the terminal (issue 15): numbered choices, ``?``, ``hint`` and ``undo``, a
screen that fits 80 columns and reads without colour, the final score table, ``--lang``.

Every test plays through :func:`sagrada.cli.main.main` with standard input fed and standard
output captured, and rebuilds with the engine the position the command plays to know what it
must show: the same options, seed and actions give the same game.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import act
from sagrada.bots import make_bot
from sagrada.cli.main import main
from sagrada.core import messages
from sagrada.core.actions import action_to_str
from sagrada.core.config import GameConfig
from sagrada.core.dice import DIE_NAMES
from sagrada.core.state import State, new_game
from sagrada.core.views import make_view
from sagrada.i18n import compile_catalogue, languages, read_catalogue

#: A solo game: no bot plays, so the whole output follows from the seed and the input.
SOLO_SEED = 5
SOLO = ["play", "--players", "1", "--seed", str(SOLO_SEED)]
#: Two players, the human first to play, with Flux Brush (T6), which rolls the die it takes.
DUO_SEED = 3
DUO = ["play", "--players", "2", "--seed", str(DUO_SEED), "--tools", "6,11,1"]


# -- helpers ---------------------------------------------------------------------------------


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    typed: list[str],
) -> str:
    """Run ``sagrada`` with ``typed`` as standard input; expect exit 0, no error; return the
    output."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in typed)))
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return out


def answers(out: str) -> list[str]:
    """What the game printed after each line typed, in order (each starts after a ``> ``
    prompt)."""
    return re.split(r"(?m)^> ", out)[1:]


def numbered(text: str) -> list[tuple[int, str]]:
    """The numbered choices in ``text``: ``(number, notation)`` in the order shown."""
    return [(int(n), a) for n, a in re.findall(r"(?<!\S)(\d+) ([^\s~]+)~?(?!\S)", text)]


def listed(state: State) -> list[str]:
    """The legal actions in the engine's order, in notation."""
    return [action_to_str(a) for a in state.legal_actions()]


def solo_after_setup() -> State:
    state = new_game(GameConfig(players=1), SOLO_SEED)
    act(state, "W1")
    return state


def duo_first_turn() -> State:
    """The two-player game at the human's first turn (the bot's window does not change the
    human's choices, which depend on the human's window, the Draft Pool and the tools)."""
    state = new_game(GameConfig(players=2, tools=(6, 11, 1)), DUO_SEED)
    act(state, "W1", "W1")
    assert state.current_player == 0, "the tests expect the human to start round 1"
    return state


# -- numbered choices ------------------------------------------------------------------------


def test_the_choices_are_numbered_in_the_engines_order_and_a_number_plays_its_action(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = solo_after_setup()
    actions = listed(state)
    number = len(actions) - 1  # not the first or the last: numbering off by one shows
    out = play(capsys, monkeypatch, SOLO, ["W1", str(number), "quit"])
    after_setup, after_number = answers(out)[:2]
    expected = list(enumerate(actions, start=1))
    assert numbered(after_setup.split("draft and place a die")[1]) == expected
    chosen = actions[number - 1]
    assert after_number.startswith(f"you: {chosen} (placed the {chosen[:2]} on {chosen[3:]})")


def test_question_mark_lists_the_numbered_choices_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = listed(solo_after_setup())
    out = play(capsys, monkeypatch, SOLO, ["W1", "?", "quit"])
    listing = answers(out)[1]
    assert numbered(listing) == list(enumerate(actions, start=1))
    assert "Round" not in listing  # the choices only, not the table again


def test_a_number_out_of_range_is_refused_naming_the_range(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    count = len(listed(solo_after_setup()))
    out = play(capsys, monkeypatch, SOLO, ["W1", str(count + 1), "0", "quit"])
    assert answers(out)[1].strip() == f"no choice {count + 1}: the choices are 1-{count}"
    assert answers(out)[2].strip() == f"no choice 0: the choices are 1-{count}"


def test_hint_says_what_the_greedy_bot_would_play_by_number_and_notation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = solo_after_setup()
    actions = listed(state)
    # The hint bot is the greedy bot seeded with the game's seed, asked for the first time.
    best = action_to_str(
        make_bot("greedy", SOLO_SEED).choose(make_view(state, 0), state.legal_actions())
    )
    out = play(capsys, monkeypatch, SOLO, ["W1", "hint", "quit"])
    number = actions.index(best) + 1
    assert answers(out)[1].strip() == f"hint: the greedy bot would play {number}: {best}"


# -- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_the_last_decisions_of_the_turn_one_at_a_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = duo_first_turn()
    first = listed(state)
    act(state, "T1")  # Grozing Pliers: take a die, raise or lower it, place it
    second = listed(state)
    die = second[0]
    assert second != first
    typed = ["W1", "T1", die, "?", "undo", "?", "undo", "?", "undo", "quit"]
    out = play(capsys, monkeypatch, DUO, typed)
    reply = answers(out)
    assert reply[1].startswith("you: T1 (used Grozing Pliers)")
    assert reply[2].startswith(f"you: {die} (took the {die})")
    assert numbered(reply[3]) == [(1, "+1"), (2, "-1")]
    assert f"undone: {die}" in reply[4]
    assert numbered(reply[5]) == list(enumerate(second, start=1))
    assert "undone: T1" in reply[6]
    assert numbered(reply[7]) == list(enumerate(first, start=1))
    assert reply[8].strip() == "nothing to undo: you have made no decision yet this turn"


def test_undo_is_refused_after_dice_are_rolled_saying_why(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = duo_first_turn()
    act(state, "T6")  # Flux Brush: the die taken is rolled again
    rolled = [a for a in state.legal_actions() if state.is_chance(a)]
    assert rolled, "Flux Brush's die choice rolls the die"
    die = action_to_str(rolled[0])
    out = play(capsys, monkeypatch, DUO, ["W1", "T6", die, "undo", "quit"])
    reply = answers(out)
    # Before it is chosen, the screen marks every choice that rolls, and says what that means.
    assert f"{die}~" in reply[1]
    assert "~ draws or rolls dice: it commits at once (no undo)" in reply[1]
    assert f"{die} drew or rolled dice: it is committed (no undo)." in reply[2]
    assert reply[3].strip() == (
        f"cannot undo: {die} drew or rolled dice, and what they show is committed"
    )


# -- the screen ------------------------------------------------------------------------------


@pytest.mark.parametrize(("no_color", "escapes"), [(True, False), (False, True)])
def test_no_color_leaves_out_every_escape_code_and_the_glyphs_still_tell_colours_apart(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    no_color: bool,
    escapes: bool,
) -> None:
    # FORCE_COLOR makes Rich draw as for a terminal, which would otherwise colour the screen.
    monkeypatch.setenv("FORCE_COLOR", "1")
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    state = solo_after_setup()
    out = play(capsys, monkeypatch, SOLO, ["W1", "quit"])
    assert ("\x1b[" in out) is escapes
    if escapes:
        return
    pool = " ".join(DIE_NAMES[d] for d in state.pool)
    assert re.search(rf"^Pool +{pool} *$", out, re.MULTILINE)
    # An open space is _ and what it asks for: __ anything, _r red, _4 a 4.
    grid = state.players[0].window.pattern.grid if state.players[0].window else ()
    for row, cells in zip("ABCD", grid, strict=True):
        tokens = " ".join("_" + ("_" if c == "." else c.lower()) for c in cells)
        assert re.search(rf"^{row}  {tokens} *$", out, re.MULTILINE), row


@pytest.mark.parametrize(
    "options",
    [
        ["--players", "4"],
        ["--players", "2", "--masterwork", "--apprentice"],
        ["--players", "3", "--private-pools"],
        ["--players", "6"],
    ],
    ids=["4 players", "masterwork and apprentice", "private pools", "6 players"],
)
def test_no_line_is_wider_than_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    # A wide terminal: the screen still keeps to 80 columns.
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    typed = ["W1", "?", "hint", "board", "help", *["pass"] * 20]
    out = play(capsys, monkeypatch, ["play", "--seed", "7", "--bot", "random", *options], typed)
    assert "Round 1 of 10" in out
    # The typed line would follow each prompt in a terminal: the prompt starts a line.
    wide = [line for line in out.replace("\n> ", "\n").splitlines() if len(line) > 80]
    assert not wide, wide


# -- the end ---------------------------------------------------------------------------------


def test_the_final_table_lists_every_part_of_the_score(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = solo_after_setup()
    while not state.is_over:
        act(state, "pass")
    breakdown = state.outcome().scores[0]
    assert len(breakdown.parts) >= 5  # 2 public, 2 private objectives, open spaces at least
    out = play(capsys, monkeypatch, SOLO, ["W1", *["pass"] * 20])
    assert re.search(r"^Source +Points +Count +Formula", out, re.MULTILINE)
    for part in breakdown.parts:
        row = (
            rf"^{re.escape(part.name)} +{part.points} +{part.count} +{re.escape(str(part.formula))}"
        )
        assert re.search(row, out, re.MULTILINE), part.name
    assert re.search(rf"^Total +{breakdown.total}\b", out, re.MULTILINE)
    assert re.search(r"^Target score \d+\. You (win!|lose\.)$", out, re.MULTILINE)


# -- languages -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [[], ["--game", "cards"]])
def test_an_unknown_language_is_refused_in_one_line_naming_the_languages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: list[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main(["play", "--lang", "xx", *game])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err == (
        f"sagrada play: error: --lang xx: no such language "
        f"(the languages: {', '.join(languages())})\n"
    )


@pytest.fixture
def marked_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A language ``xx`` whose catalogue is English with every message marked ``xx:``, beside
    English, in a catalogue folder of its own."""
    for language in ("en", "xx"):
        catalogue = read_catalogue("en", "po")
        for message in catalogue:
            if message.id and language == "xx":
                if isinstance(message.string, tuple | list):
                    message.string = tuple(f"xx:{form}" for form in message.string)
                else:
                    message.string = f"xx:{message.string}"
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / f"{messages.DOMAIN}.mo").write_bytes(compile_catalogue(catalogue))
    monkeypatch.setattr("sagrada.core.messages.LOCALE_DIR", tmp_path)
    monkeypatch.setattr("sagrada.i18n.LOCALE_DIR", tmp_path)
    messages.translations.cache_clear()
    yield "xx"
    messages.translations.cache_clear()


def test_the_language_chosen_renders_every_message_of_the_engine(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, marked_language: str
) -> None:
    assert marked_language in languages()
    typed = ["W1", "Z9", *["pass"] * 20]
    out = play(capsys, monkeypatch, [*DUO, "--lang", marked_language, "--bot", "random"], typed)
    reply = answers(out)
    assert "Colours: R xx:red, Y xx:yellow, G xx:green, B xx:blue, P xx:purple." in out
    # The decision, the bots' moves, a refusal, the score's names and formulas.
    assert re.search(r"^xx:xx:player 0: xx:draft and place a die", out, re.MULTILINE)
    assert re.search(r"^xx:player 1: \S+ \(xx:", out, re.MULTILINE)
    assert reply[1].startswith("xx:'Z9' is not an action: xx:")
    assert re.search(r"^xx:Open spaces +-?\d+ +\d+ +xx:\d+ spaces? ×", out, re.MULTILINE)
    assert re.search(r"^Winner\(s\): xx:player [01]", out, re.MULTILINE)
