"""Game records: ``{format, game, config, seed, actions}`` round-trips, replays, and refuses bad
input; records written before the game name (format 1) still replay.

A record is the whole truth of a game (DESIGN.md, "Chance is explicit and seeded"): replaying
``(config, seed, actions)`` must give the identical state, chance included. A malformed record
must raise ``RecordError`` naming the field at fault, or the action by its index (and, for an
illegal action, the rule it breaks), never another exception.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from sagrada.core.errors import IllegalActionError, RecordError
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Kind, action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.record import FORMAT_VERSION, GAME_NAME, GameRecord
from sagrada.games.dice.rules.state import State, new_game
from test_fuzz import fingerprint


def play(config: GameConfig, seed: int, decisions: int | None = None) -> State:
    """Play ``decisions`` uniformly random legal actions (default: the whole game)."""
    state = new_game(config, seed)
    chooser = random.Random(seed)
    while not state.is_over and (decisions is None or len(state.history) < decisions):
        state.apply(chooser.choice(state.legal_actions()))
    return state


CONFIGS = [
    GameConfig(players=1, tools=(1, 4, 5, 11, 12), solo_tools=5),
    GameConfig(players=2, tools=(2, 6, 9)),
    GameConfig(players=3, tools=(3, 7, 10), full_bag=True),
    GameConfig(players=4, tools=(1, 8, 12), tie_break="shared"),
    GameConfig(
        players=1,
        tools=(4, 12, 1, 2, 3),
        solo_tools=5,
        public_objectives=("Light Shades", "color_diagonals"),
        solo_private_objectives=1,
    ),
]
CONFIG_IDS = ["solo", "2p", "3p-full-bag", "4p-shared", "solo-named-cards"]


def good_record() -> dict[str, Any]:
    """A valid record (two window choices of a 2-player game) as parsed JSON, to spoil."""
    return {
        "format": FORMAT_VERSION,
        "game": GAME_NAME,
        "config": GameConfig(players=2, tools=(1, 2, 3)).to_json(),
        "seed": 7,
        "actions": ["W1", "W2"],
    }


# -- round trips and replay --------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_record_survives_json_and_text_round_trips(config: GameConfig) -> None:
    state = play(config, seed=11)
    record = GameRecord.of(state, 11)
    assert record.actions == tuple(state.history)
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    assert GameRecord.loads(record.dumps()) == record
    # dumps() is the same JSON as to_json(), laid out one action per line: the braces, format,
    # game, config, seed and the actions' brackets are 8 lines besides the actions.
    assert json.loads(record.dumps()) == record.to_json()
    assert record.dumps().count("\n") == len(record.actions) + 8


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_replay_gives_the_identical_finished_game(config: GameConfig) -> None:
    state = play(config, seed=23)
    assert state.is_over
    for record in (GameRecord.of(state, 23), GameRecord.loads(GameRecord.of(state, 23).dumps())):
        replayed = record.replay()
        assert fingerprint(replayed) == fingerprint(state)
        assert replayed.outcome() == state.outcome()


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_replay_of_a_game_in_progress_continues_with_the_same_chance(config: GameConfig) -> None:
    # Crash recovery: a record cut mid-game resumes with the same dice to come.
    state = play(config, seed=5, decisions=25)
    replayed = GameRecord.loads(GameRecord.of(state, 5).dumps()).replay()
    assert fingerprint(replayed) == fingerprint(state)
    chooser = random.Random(99)
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        replayed.apply(action)
    assert fingerprint(replayed) == fingerprint(state)


def test_record_of_a_new_game_has_no_actions() -> None:
    record = GameRecord.of(new_game(GameConfig(players=3), 4), 4)
    assert record.actions == ()
    assert '  "actions": []\n' in record.dumps()
    assert GameRecord.loads(record.dumps()) == record
    assert fingerprint(record.replay()) == fingerprint(new_game(GameConfig(players=3), 4))


def test_record_names_public_objectives_by_id_whatever_the_config_said() -> None:
    # The config named them "Light Shades" and "color_diagonals"; Light Shades is set_values_1_2.
    data = GameRecord(CONFIGS[-1], 3, ()).to_json()
    assert data["config"]["tools"] == [4, 12, 1, 2, 3]
    assert data["config"]["public_objectives"] == ["set_values_1_2", "color_diagonals"]


def test_record_actions_are_written_in_notation() -> None:
    record = GameRecord(GameConfig(players=2), 0, (A.pattern(0), A.pattern(3), A.PASS))
    assert record.to_json()["actions"] == ["W1", "W4", "pass"]


def test_actions_are_read_case_insensitively() -> None:
    data = good_record()
    data["actions"] = ["w1", " W2 "]
    assert GameRecord.from_json(data).actions == (A.pattern(0), A.pattern(1))


# -- refusing bad records ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ('{"format": 1,}', "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ("null", "must be a JSON object"),
        ('"record"', "must be a JSON object"),
    ],
    ids=["empty", "unterminated", "trailing-comma", "array", "null", "string"],
)
def test_loads_refuses_text_that_is_not_a_json_object(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_not_json_error_says_where() -> None:
    with pytest.raises(RecordError, match="line 2 column 1"):
        GameRecord.loads('{"format": 1,\n}')


def spoil(change: dict[str, Any], config: dict[str, Any] | None = None) -> dict[str, Any]:
    data = good_record()
    data.update(change)
    if config is not None:
        data["config"].update(config)
    return data


#: What a seed must be (a regular expression: the stars of 2**64 escaped).
SEED_RULE = r"^seed must be a whole number from 0 to 2\*\*64 - 1"

BAD_FIELDS = [
    pytest.param(spoil({"colour": "red"}), "unknown field 'colour'", id="unknown-field"),
    pytest.param(spoil({"format": 3}), "format must be 1 or 2, got 3", id="format-3"),
    pytest.param(spoil({"format": "2"}), "format must be 1 or 2, got '2'", id="format-string"),
    pytest.param(spoil({"format": None}), "format must be 1 or 2, got None", id="format-null"),
    pytest.param(
        spoil({"format": True}),
        "format must be 1 or 2, got True",
        id="format-bool",
    ),
    pytest.param(spoil({"game": "chess"}), "game must be 'sagrada' here, got 'chess'", id="game"),
    pytest.param(spoil({"format": 1}), "unknown field 'game' in a format 1", id="format-1-game"),
    pytest.param(spoil({"seed": -1}), SEED_RULE + ", got -1$", id="neg"),
    pytest.param(spoil({"seed": True}), "seed must be .* got True", id="seed-bool"),
    pytest.param(spoil({"seed": 1.5}), "seed must be .* got 1.5", id="seed-float"),
    pytest.param(spoil({"seed": "7"}), "seed must be .* got '7'", id="seed-string"),
    # 2**64 = 18446744073709551616, the first seed past the 64-bit range.
    pytest.param(
        spoil({"seed": 18446744073709551616}),
        SEED_RULE + ", got 18446744073709551616$",
        id="seed-2**64",
    ),
    pytest.param(spoil({"config": []}), "config: .*must be a JSON object", id="config-list"),
    pytest.param(spoil({"config": None}), "config: .*must be a JSON object", id="config-null"),
    pytest.param(spoil({}, {"players": 7}), "config: players must be 1-6, got 7", id="players"),
    pytest.param(spoil({}, {"players": True}), "config: players must be a whole", id="p-bool"),
    pytest.param(
        spoil({}, {"colours": 5}), "config: unknown configuration field 'colours'", id="c"
    ),
    pytest.param(spoil({}, {"tools": [1, 2, 99]}), "config: tools: no tool card 99", id="tool-99"),
    pytest.param(spoil({}, {"tools": [1, 1, 2]}), "config: tools: .* listed twice", id="tool-2x"),
    pytest.param(spoil({}, {"tools": [1, 2]}), "config: tools: .* 3 tool cards, got 2", id="t2"),
    pytest.param(spoil({}, {"tools": "1,2,3"}), "config: tools must be a list", id="tools-str"),
    pytest.param(
        spoil({}, {"public_objectives": ["Light Shades", "Nope", "Deep Shades"]}),
        "config: public_objectives: no public objective 'Nope'",
        id="public",
    ),
    pytest.param(spoil({}, {"full_bag": 1}), "config: full_bag must be true or false", id="bag"),
    pytest.param(spoil({}, {"tie_break": "dice"}), "config: tie_break must be one of", id="tie"),
    pytest.param(
        spoil({}, {"tools": [None, 2, 3]}),
        "config: tools",
        id="tool-null",
    ),
    pytest.param(
        spoil({}, {"players": 1, "solo_tools": 2.0}),
        "config: solo_tools must be a whole number, got 2.0",
        id="solo-tools-float",
    ),
    pytest.param(
        spoil({}, {"players": 1, "solo_private_objectives": True}),
        "config: solo_private_objectives must be 1 or 2",
        id="solo-privates-bool",
    ),
    pytest.param(spoil({"actions": "W1 W2"}), "actions must be a list", id="actions-str"),
    pytest.param(spoil({"actions": None}), "actions must be a list", id="actions-null"),
    pytest.param(spoil({"actions": ["W1", 6]}), "action 1: 6 is not a string", id="action-int"),
    pytest.param(
        spoil({"actions": ["W1", "W2", "R9@B4"]}),
        r"action 2: 'R9@B4' is not an action: 'R9' is not a die",
        id="unparsable",
    ),
    pytest.param(
        spoil({"actions": ["W5"]}), "action 0: 'W5' is not an action", id="unparsable-first"
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_FIELDS)
def test_a_bad_record_is_refused_naming_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


@pytest.mark.parametrize(("data", "message"), BAD_FIELDS[:6])
def test_loads_refuses_the_same_records_as_from_json(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(json.dumps(data))


def test_a_format_1_record_without_a_game_name_still_replays() -> None:
    # Records written before games had names: format 1, no "game" field, the dice game.
    state = play(GameConfig(players=2, tools=(2, 6, 9)), seed=5)
    data = GameRecord.of(state, 5).to_json()
    data["format"] = 1
    del data["game"]
    replayed = GameRecord.from_json(data).replay()
    assert fingerprint(replayed) == fingerprint(state)


def test_a_record_is_written_in_format_2_naming_its_game() -> None:
    data = GameRecord.of(new_game(GameConfig(players=2), 3), 3).to_json()
    assert (data["format"], data["game"]) == (2, "sagrada")


def test_an_object_that_is_not_a_record() -> None:
    with pytest.raises(RecordError, match="a game record must be a JSON object"):
        GameRecord.from_json(["format", 1])


def test_a_missing_field_is_named() -> None:
    for field, message in [
        ("format", "format must be 1 or 2, got None"),
        ("game", "game must be 'sagrada' here, got None"),
        ("seed", "seed must be .* got None"),
        ("config", "config: "),
        ("actions", "actions must be a list"),
    ]:
        data = good_record()
        del data[field]
        with pytest.raises(RecordError, match=message):
            GameRecord.from_json(data)


# -- illegal actions on replay -----------------------------------------------------------------


def test_replay_names_an_illegal_setup_action_by_index_and_rule() -> None:
    record = GameRecord.from_json(spoil({"actions": ["W1", "pass"]}))
    with pytest.raises(RecordError) as caught:
        record.replay()
    assert str(caught.value) == (
        "action 1 (pass): during setup each player first chooses one of their four window patterns"
    )


def test_replay_names_a_second_draft_by_index_and_rule() -> None:
    # Rulebook, "On your turn": draft one die; a second draft in the same turn is illegal.
    state = new_game(GameConfig(players=2, tools=(1, 2, 3)), 7)
    state.apply(A.pattern(0))
    state.apply(A.pattern(1))
    drafts = [a for a in state.legal_actions() if A.KIND_OF[a] == Kind.DRAFT]
    state.apply(drafts[0])
    second = next(
        A.draft(die, cell) for die in state.pool for cell in range(20) if die != A.ARG1[drafts[0]]
    )
    data = GameRecord.of(state, 7).to_json()
    data["actions"].append(action_to_str(second))
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(data).replay()
    assert str(caught.value) == (
        f"action 3 ({action_to_str(second)}): you have already drafted a die this turn"
    )


def test_replay_names_an_action_after_the_end_of_the_game() -> None:
    state = play(GameConfig(players=2, tools=(1, 2, 3)), seed=8)
    data = GameRecord.of(state, 8).to_json()
    index = len(data["actions"])
    data["actions"].append("pass")
    with pytest.raises(RecordError, match=rf"^action {index} \(pass\): the game is over$"):
        GameRecord.from_json(data).replay()


def test_replay_does_not_change_the_record() -> None:
    data = good_record()
    before = copy.deepcopy(data)
    record = GameRecord.from_json(data)
    record.replay()
    assert data == before
    assert record == GameRecord.from_json(before)


# -- the seed's range --------------------------------------------------------------------------


def test_a_seed_past_64_bits_is_refused_from_json_text() -> None:
    # 2**64 = 18446744073709551616 and 2**65 = 36893488147419103232: a record read from text
    # with either seed is refused, not folded onto 64 bits (which would replay as seed 0).
    for seed in ("18446744073709551616", "36893488147419103232"):
        text = json.dumps(good_record()).replace('"seed": 7', f'"seed": {seed}')
        with pytest.raises(RecordError, match=SEED_RULE + f", got {seed}$"):
            GameRecord.loads(text)


def test_the_largest_seed_is_accepted_and_replays() -> None:
    # 2**64 - 1 = 18446744073709551615, the last seed in range.
    data = good_record()
    data["seed"] = 18446744073709551615
    record = GameRecord.from_json(data)
    assert record.seed == 18446744073709551615
    assert json.loads(record.dumps())["seed"] == 18446744073709551615
    replayed = record.replay()
    expected = new_game(GameConfig(players=2, tools=(1, 2, 3)), 18446744073709551615)
    expected.apply(A.pattern(0))
    expected.apply(A.pattern(1))
    assert fingerprint(replayed) == fingerprint(expected)


# -- values that are not actions ---------------------------------------------------------------


class NumpyLikeInt:
    """An integer type of another library: usable as an index (``__index__``), not an int."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("value", [0.0, None, True, False, "pass", 1.5], ids=repr)
def test_a_value_that_is_not_an_action_is_refused_before_anything_changes(value: Any) -> None:
    # Review defect 2: apply(0.0) used to pass the legality check, append itself to the history
    # and then fail, leaving a record that could not be saved; apply(True) was taken as code 1.
    state = play(GameConfig(players=2, tools=(1, 2, 3)), seed=4, decisions=6)
    before = fingerprint(state)
    with pytest.raises(IllegalActionError, match="is not an action code"):
        state.apply(value)
    assert fingerprint(state) == before
    assert GameRecord.loads(GameRecord.of(state, 4).dumps()).replay().history == state.history


def test_an_integer_of_another_library_is_taken_as_its_value() -> None:
    state = play(GameConfig(players=2, tools=(1, 2, 3)), seed=4, decisions=6)
    twin = state.clone()
    action = state.legal_actions()[0]
    state.apply(NumpyLikeInt(action))  # type: ignore[arg-type]
    twin.apply(action)
    assert fingerprint(state) == fingerprint(twin)
    assert all(type(a) is int for a in state.history)
