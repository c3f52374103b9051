"""The games registry (issue 11, "A game registry"): games by name, their description, and
records that name their game, format 1 records (no game name) still read as the dice game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from sagrada.core.errors import RecordError
from sagrada.games.cards.game import CARD_GAME
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.game import DICE_GAME
from sagrada.games.dice.rules.record import GameRecord
from sagrada.registry import entry, game, games, make_player, read_record, register_game


def test_the_dice_game_and_the_card_game_are_registered_by_name() -> None:
    assert game("sagrada") is DICE_GAME
    assert game("cards") is CARD_GAME
    assert [g.name for g in games()] == ["sagrada", "cards"]


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match=r"no game called 'chess' .*sagrada"):
        game("chess")


def test_a_game_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_game(dataclasses.replace(entry("sagrada")))


def test_the_option_schema_lists_every_configuration_field_with_its_default() -> None:
    options = {o.name: o for o in DICE_GAME.options()}
    assert list(options) == list(GameConfig.__dataclass_fields__)
    assert (options["players"].type, options["players"].default) == ("int", 2)
    assert (options["tools"].type, options["tools"].nullable) == ("list", True)
    assert (options["private_pools"].type, options["private_pools"].default) == ("bool", False)
    assert options["tie_break"].default == "reverse-order"


def test_the_sizes_follow_the_active_modules() -> None:
    # The base game's kinds end with TRACK at code 1426; the Private Dice Pool rules add their
    # two kinds after it, up to code 2056 (docs/notation.md).
    assert DICE_GAME.num_distinct_actions(GameConfig(players=2)) == 1427
    assert DICE_GAME.num_distinct_actions(GameConfig(players=2, private_pools=True)) == 2057
    # Solo's PAY kind lies inside the base range, so solo's space is the base game's.
    assert DICE_GAME.num_distinct_actions(GameConfig(players=1)) == 1427
    assert DICE_GAME.num_players(GameConfig(players=5)) == 5
    # Life's Masterwork module adds its two kinds after those, up to code 2496.
    assert DICE_GAME.num_distinct_actions(GameConfig(players=2, masterwork=True)) == 2497
    # Its Apprentice module's four kinds come last, up to code 2564.
    assert DICE_GAME.num_distinct_actions(GameConfig(players=2, apprentice=True)) == 2565


def test_a_record_is_read_through_the_registry_whatever_its_format() -> None:
    state = DICE_GAME.new_state(GameConfig(players=2), 9)
    state.apply(state.legal_actions()[0])
    written = GameRecord.of(state, 9).to_json()
    assert read_record(json.dumps(written)).replay().history == state.history
    old = {key: value for key, value in written.items() if key != "game"}
    old["format"] = 1
    assert read_record(json.dumps(old)).replay().history == state.history


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": 2, "game": "chess"}, "no game called 'chess'"),
        ({"format": 2}, "a record of format 2 names its game, got None"),
        ([1], "must be a JSON object"),
    ],
)
def test_a_record_of_no_registered_game_is_refused(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read_record(json.dumps(data))


@pytest.mark.parametrize(
    ("name", "options", "bots"),
    [
        ("sagrada", {"players": 2}, ("random", "greedy")),
        ("cards", {"tools": 3}, ("random", "greedy")),
    ],
)
def test_every_game_plays_through_the_registry_alone(
    name: str, options: dict[str, object], bots: tuple[str, ...]
) -> None:
    # What an adapter (server, command line, RL wrapper) needs, found by name: options, a new
    # state, each seat's view, bots, the record and the outcome; nothing imported by hand.
    entry = game(name)
    config = entry.config_from_json(options)
    state = entry.new_state(config, 5)
    players = [make_player(name, spec, seat) for seat, spec in enumerate(bots)]
    while not state.is_over:
        seat = state.current_player
        view = entry.view(state, seat)
        assert view.legal_actions() == state.legal_actions()
        assert "rng" not in json.dumps(view.to_json())
        state.apply(players[seat % len(players)].choose(view, state.legal_actions()))
    record = entry.record_of(state, 5)
    assert read_record(json.dumps(record.to_json())).replay().is_over
    assert entry.outcome(state) is not None


def test_an_unknown_bot_is_refused_naming_the_games_bots() -> None:
    with pytest.raises(ValueError, match="card bots: random, greedy, plan, search"):
        make_player("cards", "hard")
