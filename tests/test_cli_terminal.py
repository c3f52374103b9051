"""The dice game in the terminal (issue 15): numbered choices, ``?``, ``hint`` (issue 17: the
strongest bot's best three) and ``undo``, a screen that fits 80 columns and reads without
colour, the final score table, ``--lang``.

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
from sagrada.cli.main import main
from sagrada.core import messages
from sagrada.core.dice import DIE_NAMES
from sagrada.core.messages import render
from sagrada.games.dice.bots import hint_bot
from sagrada.games.dice.rules.actions import action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.i18n import compile_catalogue, languages, read_catalogue

#: A solo game: no bot plays, so the whole output follows from the seed and the input.
SOLO_SEED = 5
#: The hint bot's search, in iterations: the same hint for the game's seed, and quick.
HINT_ITERATIONS = 40
SOLO = ["play", "--players", "1", "--seed", str(SOLO_SEED), "--hint-iterations", "40"]
#: Two players, the human first to play, with Flux Brush (T6), which rolls the die it takes.
DUO_SEED = 3
DUO = ["play", "--players", "2", "--seed", str(DUO_SEED), "--tools", "6,11,1"]
#: Any game that asks for a hint: a quick one.
QUICK_HINT = ["--hint-iterations", "20"]


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


def expected_hint(state: State) -> list[tuple[int, str, str, int]]:
    """The hint bot's best three at ``state``: choice number, notation, value as shown (signed,
    to a tenth) and simulations. The hint bot is ``hard`` seeded with the game's seed, asked
    for the first time, with the test's iterations."""
    ranked = hint_bot(SOLO_SEED, iterations=HINT_ITERATIONS).rank(
        make_view(state, 0), state.legal_actions()
    )
    actions = listed(state)
    return [
        (
            actions.index(action_to_str(r.action)) + 1,
            action_to_str(r.action),
            f"{r.value:+.1f}".replace("-0.0", "+0.0"),
            r.samples,
        )
        for r in ranked
    ]


def test_hint_shows_the_strongest_bots_best_three_by_number_notation_and_value(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = solo_after_setup()
    out = play(capsys, monkeypatch, SOLO, ["W1", "hint", "quit"])
    lines = answers(out)[1].strip().splitlines()
    assert lines[0] == "the hard bot is thinking…"
    assert lines[1] == "hint: the hard bot's best actions, in points expected against the best:"
    shown = [line.split() for line in lines[2:]]
    expected = expected_hint(state)
    assert len(expected) == 3
    assert shown == [
        [str(number), notation, value, f"({samples}", "simulations)"]
        for number, notation, value, samples in expected
    ]
    assert expected[0][2] == "+0.0"  # the best action, against itself


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


#: Tables that draw the most on one screen, for the 80-column tests.
WIDE_TABLES = [
    ["--players", "4"],
    ["--players", "2", "--masterwork", "--apprentice"],
    ["--players", "3", "--private-pools"],
    ["--players", "6"],
]
WIDE_TABLE_IDS = ["4 players", "masterwork and apprentice", "private pools", "6 players"]


@pytest.mark.parametrize("options", WIDE_TABLES, ids=WIDE_TABLE_IDS)
def test_no_line_is_wider_than_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    # A wide terminal: the screen still keeps to 80 columns.
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    typed = ["W1", "?", "hint", "board", "help", *["pass"] * 20]
    argv = ["play", "--seed", "7", "--bot", "random", *QUICK_HINT, *options]
    out = play(capsys, monkeypatch, argv, typed)
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
    assert "xx:Colours: R xx:red, Y xx:yellow, G xx:green, B xx:blue, P xx:purple." in out
    # The decision, the bots' moves, a refusal, the score's names and formulas.
    assert re.search(r"^xx:xx:player 0: xx:draft and place a die", out, re.MULTILINE)
    assert re.search(r"^xx:player 1: \S+ \(xx:", out, re.MULTILINE)
    assert reply[1].startswith("xx:'Z9' is not an action: xx:")
    assert re.search(r"^xx:Open spaces +-?\d+ +\d+ +xx:\d+ spaces? ×", out, re.MULTILINE)
    assert re.search(r"^xx:Winner\(s\): xx:player [01]", out, re.MULTILINE)


def test_every_word_of_a_hint_comes_from_the_catalogue(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, marked_language: str
) -> None:
    out = play(capsys, monkeypatch, [*SOLO, "--lang", marked_language], ["W1", "hint", "quit"])
    lines = answers(out)[1].strip().splitlines()
    assert len(lines) == 2 + 3  # thinking, what the values are, three actions
    assert all(line.strip().startswith("xx:") for line in lines), lines
    # The decimal mark is the language's too.
    assert all("xx:." in line for line in lines[2:]), lines


def test_every_word_of_the_screen_comes_from_the_catalogue(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, marked_language: str
) -> None:
    # In the marked language each of the terminal's own words is marked too: one left as an
    # English literal in the code shows unmarked.
    monkeypatch.setenv("NO_COLOR", "1")
    typed = ["W1", "T1", "1", "99", "undo", "undo", "undo", *["pass"] * 20]
    out = play(capsys, monkeypatch, [*DUO, "--lang", marked_language, "--bot", "random"], typed)
    reply = answers(out)
    assert out.startswith("xx:Sagrada, 2 player(s). You are player 0.\nxx:Type a choice's")
    assert re.search(r"^xx:Setup: choose one of your four window patterns\. ", out, re.M)
    assert re.search(r"^xx:difficulty \d", out, re.MULTILINE)
    screen = reply[0]
    assert re.search(r"^xx:Round 1 of 10, start player 0; you are player 0 ", screen, re.M)
    for label in ("Tools", "Public", "Private", "Track", "Pool"):
        assert re.search(rf"^xx:{label} +\S", screen, re.MULTILINE), label
    # The cards' names are the catalogue's too (card.tool.6.name).
    assert re.search(r"^xx:Tools +T6 xx:Flux Brush P xx:0 favor; ", screen, re.MULTILINE)
    assert re.search(r"^xx:Private +xx:.+ \(yours only\) *$", screen, re.MULTILINE)
    assert re.search(r"^xx:Track +xx:empty *$", screen, re.MULTILINE)
    assert re.search(r"^xx:you, xx:\d favor ", screen, re.MULTILINE)
    assert re.search(r"^xx:In hand +[RYGBP][1-6] *$", reply[2], re.MULTILINE)
    assert reply[3].strip().startswith("xx:no choice 99: the choices are 1-")
    assert reply[4].strip().startswith("xx:undone: ")
    assert reply[6].strip() == "xx:nothing to undo: you have made no decision yet this turn"
    assert re.search(r"^xx:Player 0 \(you\)$", out, re.MULTILINE)
    assert re.search(r"^xx:Source +xx:Points +xx:Count +xx:Formula", out, re.MULTILINE)
    assert re.search(r"^xx:Total +-?\d+", out, re.MULTILINE)
    assert re.search(r"^xx:\(The game's seed was 3: ", out, re.MULTILINE)


# -- German (the German rulebook's words, 000_59c065326239388f.txt) -------------------------

GERMAN = [*DUO, "--lang", "de"]

#: The terminal's English words: none of them shows in a German game, nor the English names
#: of the cards in these games. Window names are proper names, and the commands (hint, undo,
#: ...) are the same in every language.
ENGLISH_WORDS = [
    r"\bFlux Brush\b",
    r"\bFlux Remover\b",
    r"\bGrozing Pliers\b",
    r"\bShades of\b",
    r"\bVariety\b",
    r"\bTools\b",
    r"\bPublic\b",
    r"\bPrivate\b",
    r"yours only",
    r"\bTrack\b",
    r"\bPool\b",
    r"\bIn hand\b",
    r"\bempty\b",
    r"\bSetup\b",
    r"\bRound\b",
    r"\byou\b",
    r"\bfavor\b",
    r"\bdifficulty\b",
    r"\bColours\b",
    r"player\(s\)",
    r"\bType a choice",
    r"\bCommands:",
    r"\bWindows:",
    r"\bno choice\b",
    r"\bnothing to undo\b",
    r"\bhint:",
    r"\bundone:",
    r"\bcannot undo\b",
    r"\bdraws or rolls\b",
    r"\bdrew or rolled\b",
    r"\billegal action\b",
    r"\bSource\b",
    r"\bPoints\b",
    r"\bCount\b",
    r"\bFormula\b",
    r"\bTotal\b",
    r"\bnot counted\b",
    r"\bTarget score\b",
    r"\bYou (win|lose)\b",
    r"\bWinner",
    r"\bseed was\b",
]


def english_words(out: str) -> list[str]:
    return [word for word in ENGLISH_WORDS if re.search(word, out)]


def test_a_german_turn_shows_the_rulebooks_words_and_no_english_label(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    state = duo_first_turn()
    pool = " ".join(DIE_NAMES[d] for d in state.pool)
    favor = state.players[0].favor  # Batllo, difficulty 5: 5 Gunststeine
    act(state, "T1")  # Kröselzange: 1 Gunststein on the card (Werkzeugkarten und Gunststeine)
    held = listed(state)[0]
    out = play(capsys, monkeypatch, GERMAN, ["W1", "T1", "1", "help", "quit"])
    reply = answers(out)
    assert out.startswith("Sagrada, 2 Spieler. Du bist Spieler 0.\n")
    assert "Farben: R Rot, Y Gelb, G Grün, B Blau, P Violett." in out
    screen = reply[0]
    assert re.search(r"^Runde 1 von 10, Startspieler 0; du bist Spieler 0 ", screen, re.M)
    # The tools by their German names (ours: tests/test_card_words.py), one a line.
    assert re.search(
        r"^Werkzeugkarten T6 Flussmittelpinsel P 0 Gunststeine *\n"
        r" +T11 Flussmittelentferner P 0 Gunststeine *\n +T1 Kröselzange P 0 Gunststeine",
        screen,
        re.MULTILINE,
    )
    assert re.search(r"^Öffentlich +\S", screen, re.MULTILINE)
    assert re.search(r"^Geheim +\w+töne \(nur für dich\) *$", screen, re.MULTILINE)
    assert re.search(r"^Rundenanzeiger leer *$", screen, re.MULTILINE)
    assert re.search(rf"^Fundus +{pool} *$", screen, re.MULTILINE)
    assert re.search(rf"^Du, {favor} Gunststeine +Spieler 1, \d Gunststeine *$", screen, re.M)
    # After T1 one Gunststein lies on the card (singular) and one fewer is the player's.
    assert re.search(r"T1 Kröselzange P 1 Gunststein *$", reply[1], re.MULTILINE)
    assert re.search(rf"^Du, {favor - 1} Gunststeine ", reply[1], re.MULTILINE)
    assert re.search(rf"^In der Hand +{held} *$", reply[2], re.MULTILINE)
    assert reply[3].startswith("Tippe die Nummer einer Wahl oder eine Aktion in Notation")
    assert "Befehle: ? (erlaubte Aktionen), board, help, quit." in reply[3]
    assert english_words(out) == []


def test_the_german_setup_names_the_difficulty_and_the_favor_tokens(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    options = new_game(GameConfig(players=2, tools=(6, 11, 1)), DUO_SEED).players[0].options
    out = play(capsys, monkeypatch, GERMAN, ["quit"])
    assert re.search(r"^Spielvorbereitung: wähle eines deiner vier Muster\. ", out, re.M)
    # "Karten der Stufe 3 ... geben aber auch weniger Gunststeine" (Spielvorbereitung, 3-4):
    # a pattern gives as many Gunststeine as its difficulty.
    for pattern in options:
        assert f"Stufe {pattern.difficulty}, {pattern.difficulty} Gunststeine" in out
    assert english_words(out) == []


def test_the_german_replies_to_numbers_hints_undo_and_refusals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = solo_after_setup()
    actions = listed(state)
    hint = expected_hint(state)
    # The first die must go on an edge or corner space: B3 is neither.
    bad = f"{DIE_NAMES[state.pool[0]]}@B3"
    reason = state.why_illegal(parse_action(bad))
    assert reason is not None
    typed = ["W1", "hint", str(len(actions) + 1), "undo", bad, "quit"]
    reply = answers(play(capsys, monkeypatch, [*SOLO, "--lang", "de"], typed))
    lines = reply[1].strip().splitlines()
    assert lines[:2] == [
        "der Bot hard denkt nach …",
        "Tipp: die besten Züge des Bots hard, erwartete Punkte gegenüber dem besten:",
    ]
    # German writes a decimal comma.
    assert lines[2:] == [
        f"  {number} {notation}  {value.replace('.', ',')} ({samples} Simulationen)"
        for number, notation, value, samples in hint
    ]
    assert reply[2].strip() == f"keine Wahl {len(actions) + 1}: zur Wahl stehen 1-{len(actions)}"
    assert (
        reply[3].strip() == "nichts zurückzunehmen: du hast in diesem Zug noch nichts entschieden"
    )
    assert reply[4].strip() == f"unerlaubte Aktion {bad!r}: {render(reason, 'de')}"


def test_the_german_game_says_when_dice_are_rolled_and_what_is_undone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = duo_first_turn()
    act(state, "T6")  # Flux Brush: the die taken is rolled again
    die = action_to_str(next(a for a in state.legal_actions() if state.is_chance(a)))
    out = play(capsys, monkeypatch, GERMAN, ["W1", "T1", "undo", "T6", die, "undo", "quit"])
    reply = answers(out)
    assert "zurückgenommen: T1" in reply[2]
    assert "~ zieht oder würfelt Würfel: das gilt sofort (kein undo)" in reply[3]
    assert f"{die} hat Würfel gezogen oder gewürfelt: das gilt (kein undo)." in reply[4]
    assert reply[5].strip() == (
        f"nicht zurückzunehmen: {die} hat Würfel gezogen oder gewürfelt; ihr Ergebnis gilt"
    )
    assert english_words(out) == []


def test_the_german_final_table_has_german_headings_and_verdict(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    state = solo_after_setup()
    while not state.is_over:
        act(state, "pass")
    breakdown = state.outcome().scores[0]
    out = play(capsys, monkeypatch, [*SOLO, "--lang", "de"], ["W1", *["pass"] * 20])
    assert re.search(r"^Spieler 0 \(du\)$", out, re.MULTILINE)
    assert re.search(r"^Wertung +Punkte +Anzahl +Rechnung *$", out, re.MULTILINE)
    for part in breakdown.parts:
        name = render(part.name_message, "de") if part.name_message else part.name
        formula = render(part.formula, "de")
        row = rf"^{re.escape(name)} +{part.points} +{part.count} +{re.escape(formula)}"
        assert re.search(row, out, re.MULTILINE), name
    # Solo: two Geheime Auftragskarten, only the better one counts (the column wraps the note).
    assert not all(part.counted for part in breakdown.parts)
    flat = " ".join(out.split())
    assert "(nicht gezählt: die andere Geheime Auftragskarte bringt mehr)" in flat
    assert re.search(rf"^Insgesamt +{breakdown.total}\b", out, re.MULTILINE)
    # "Wenn deine Punktzahl höher ist als die Zielpunktzahl, gewinnst du." (Solovariante)
    assert re.search(r"^Zielpunktzahl \d+\. Du (gewinnst!|verlierst\.)$", out, re.MULTILINE)
    assert "(Der Startwert des Spiels war 5: `--seed 5` gibt dasselbe Spiel noch einmal.)" in out
    assert english_words(out) == []


def test_a_german_game_against_a_bot_names_the_winner_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = play(capsys, monkeypatch, [*GERMAN, "--bot", "random"], ["W1", *["pass"] * 20])
    assert re.search(r"^Spieler 1$", out, re.MULTILINE)
    assert out.count("Insgesamt") == 2
    assert re.search(r"^Sieger: Spieler [01](, Spieler [01])?$", out, re.MULTILINE)
    assert english_words(out) == []


#: The English words of the Life expansion's lines (the masterwork board and dice, the
#: apprentice cards): none of them shows in a German game.
ENGLISH_LIFE_WORDS = [
    r"Masterwork board",
    r"\bslots\b",
    r"\bany\]",
    r"Apprentice cards",
    r"\bdeck \d",  # (gain:deck is notation)
    r"discard pile",
    r"gains a card",
    r"\bon top of\b",
    r"off the window",
    r"\bnot met\b",
    r"house card",
    r"\b(corner|bridge|slant|crown|split|prism)\b",
    r"\bStudy of\b",
    r"\bPatron\b",
    r"\bApprentice's\b",
]


def test_a_german_life_game_says_the_board_the_dice_and_the_cards_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Life game with both modules: the board, its symbols, the apprentice deck and discard
    # pile, a random bot's masterwork dice and cards, all in German (the Meisterwerktafel and
    # Lehrlingskarten of the German catalogue; the cards' names: tests/test_card_words.py).
    monkeypatch.setenv("NO_COLOR", "1")
    argv = [*GERMAN, "--masterwork", "--apprentice", "--bot", "random"]
    out = play(capsys, monkeypatch, argv, ["W1", *["pass"] * 20])
    assert "Meisterwerktafel (Hauskarte: der Text der gedruckten Karte liegt nicht vor):" in out
    assert re.search(r"^  6: Fächer 6c \[beliebig\], 6v \[6\]; ", out, re.MULTILINE)
    assert re.search(r"^Lehrlingskarten \(Hauskarte", out, re.MULTILINE)
    assert re.search(r"\b(Ecke|Brücke|Schräge|Krone|Spalt|Prisma) x\d", out)
    assert english_words(out) == []
    assert [word for word in ENGLISH_LIFE_WORDS if re.search(word, out)] == []


@pytest.mark.parametrize("options", WIDE_TABLES, ids=WIDE_TABLE_IDS)
def test_the_german_screen_keeps_to_80_columns_and_never_cuts_a_players_title(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    typed = ["W1", "?", "hint", "board", "help", *["pass"] * 20]
    argv = ["play", "--seed", "7", "--bot", "random", "--lang", "de", *QUICK_HINT, *options]
    out = play(capsys, monkeypatch, argv, typed)
    wide = [line for line in out.replace("\n> ", "\n").splitlines() if len(line) > 80]
    assert not wide, wide
    # "Spieler 1, 5 Gunststeine" is wider than a window: the windows widen rather than cut it.
    screen = answers(out)[0]
    players = int(options[1])
    titles = re.findall(r"(?:^|  )(Du|Spieler \d), \d+ Gunststeine?(?= |$)", screen, re.M)
    assert sorted(titles) == sorted(["Du", *(f"Spieler {s}" for s in range(1, players))])


def test_english_is_the_default_and_says_the_same_as_before(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    typed = ["W1", "hint", "undo", "quit"]
    out = play(capsys, monkeypatch, [*SOLO, "--lang", "en"], typed)
    assert play(capsys, monkeypatch, SOLO, typed) == out
    assert out.startswith("Sagrada, 1 player(s). You are player 0.\nType a choice's number")
    assert "  hint    the hard bot's best three actions      undo    take back a step" in out
    assert "Colours: R red, Y yellow, G green, B blue, P purple." in out
    assert re.search(r"^Setup: choose one of your four window patterns\. ─", out, re.M)
    assert re.search(r"^difficulty \d +difficulty \d", out, re.MULTILINE)  # solo: no favor
    screen = answers(out)[0]
    assert re.search(r"^Round 1 of 10, start player 0; you are player 0 ─", screen, re.M)
    assert re.search(r"^Tools +T\d+ .+ unused; ", screen, re.MULTILINE)
    assert re.search(r"^Public +\S", screen, re.MULTILINE)
    assert re.search(r"^Private +.+ \(yours only\) *$", screen, re.MULTILINE)
    assert re.search(r"^Track +empty *$", screen, re.MULTILINE)
    assert re.search(r"^Pool +[RYGBP][1-6]", screen, re.MULTILINE)
    assert re.search(r"^you, 0 favor *$", screen, re.MULTILINE)
    assert answers(out)[2].strip() == "nothing to undo: you have made no decision yet this turn"
