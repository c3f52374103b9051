"""Game options on the command line, made from the option schema, and ``sagrada options``.

Every option of the dice game (:data:`sagrada.core.options.OPTIONS`) becomes a flag of
``play``, ``simulate`` and ``bench`` with the same name in dashes (``--private-pools``,
``--solo-tools 3``, ``--tools 1,4,7``, ``--tie-break shared``); :func:`config_from_args` turns
the parsed flags into a :class:`GameConfig`, whose checks give the one-line errors.
``sagrada options [--json]`` prints the schema, the same one ``GET /api/options`` serves.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from typing import Any

from sagrada.cli.common import CliError
from sagrada.registry import default_game, entry, game, games


def flag(name: str) -> str:
    """The command-line flag of an option: ``solo_tools`` -> ``--solo-tools``."""
    return "--" + name.replace("_", "-")


def _list_value(text: str) -> tuple[int | str, ...]:
    """A comma-separated list of card numbers or names (``1,4,7``; ``Light Shades,...``)."""
    words = [word.strip() for word in text.split(",")]
    if not all(words):
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list")
    return tuple(int(word) if word.isdigit() else word for word in words)


def _shown(value: Any) -> str:
    if value is None:
        return "dealt at random"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


#: The game whose option flags the commands take: the dice game unless the command line names
#: another with ``--game`` (:func:`sagrada.cli.main.build_parser` sets it before the flags are
#: made, as two games may give one flag two meanings: ``--tools``).
FLAG_GAME: ContextVar[str | None] = ContextVar("FLAG_GAME", default=None)


def flag_game() -> str:
    """The game whose option flags the commands take (:data:`FLAG_GAME`)."""
    return FLAG_GAME.get() or default_game()


def add_game_flag(parser: argparse.ArgumentParser) -> None:
    """Add ``--game`` (the registered games; default the dice game)."""
    parser.add_argument(
        "--game",
        choices=[g.name for g in games()],
        default=default_game(),
        help=f"the game: {', '.join(f'{g.name} ({g.title})' for g in games())}; default "
        f"{default_game()}; its options follow (sagrada options --game NAME lists them)",
    )


def add_option_flags(parser: argparse.ArgumentParser, defaults: Mapping[str, Any] = {}) -> None:
    """Add ``--game`` and a flag for every option of the game the command line names (the
    dice game by default), with ``defaults`` replacing the schema's defaults where a command
    has its own (``bench`` plays 4 players in the dice game)."""
    add_game_flag(parser)
    name = flag_game()
    group = parser.add_argument_group(f"{name} options (sagrada options --game {name} lists them)")
    for spec in game(name).options():
        default = defaults.get(spec.name, spec.default)
        help_text = f"{spec.help} (default {_shown(default)})".replace("%", "%%")
        if spec.type == "bool":
            group.add_argument(
                flag(spec.name), action="store_true", default=default, help=help_text
            )
        elif spec.type == "list":
            group.add_argument(
                flag(spec.name),
                type=_list_value,
                default=default,
                metavar="A,B,...",
                help=help_text,
            )
        elif spec.type == "int":
            group.add_argument(
                flag(spec.name),
                type=int,
                default=default,
                metavar="N",
                choices=spec.choices,
                help=help_text,
            )
        else:
            group.add_argument(
                flag(spec.name), default=default, choices=spec.choices, help=help_text
            )


def config_from_args(args: argparse.Namespace) -> Any:
    """The configuration of the game the command line names, from its option flags.

    Raises:
        ConfigError: naming the option at fault (the command line prints it in one line).
    """
    chosen = game(getattr(args, "game", None) or default_game())
    values = {
        spec.name: list(value) if isinstance(value, tuple) else value
        for spec in chosen.options()
        if (value := getattr(args, spec.name)) is not None
    }
    return chosen.config_from_json(values)


def peek_game(argv: Sequence[str]) -> str:
    """The game named by ``--game`` in a command line (the dice game if none)."""
    for i, word in enumerate(argv):
        if word == "--game" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--game="):
            return word.split("=", 1)[1]
    return default_game()


def register(subparsers: Any) -> None:
    """Add the ``options`` subcommand."""
    parser = subparsers.add_parser(
        "options",
        help="list a game's options",
        description=(
            "List the options of a game (name, type, default, allowed values, help), as the "
            "flags of play, simulate and bench and the server's POST /api/games take them."
        ),
    )
    parser.add_argument(
        "--game", default=default_game(), help=f"the game (default {default_game()})"
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the schema as JSON")
    output.add_argument(
        "--markdown", action="store_true", help="print docs/options.md (the options as a table)"
    )
    parser.set_defaults(func=run)


def _allowed(spec: Mapping[str, Any]) -> str:
    if "choices" in spec:
        return ", ".join(str(c) for c in spec["choices"])
    if "minimum" in spec:
        return f"{spec['minimum']}-{spec['maximum']}"
    if "items" in spec:
        return f"list of {spec['items']} (comma-separated; at most {spec['max_items']})"
    return ""


def _needs(spec: Mapping[str, Any]) -> str:
    return ", ".join(
        f"{name} = {' or '.join(map(str, values))}"
        for name, values in spec.get("needs", {}).items()
    )


#: The text above the table of each game's options document.
def options_markdown(name: str | None = None) -> str:
    """The whole of a game's options document (its entry's ``options_doc``): a table from its
    schema (the default game's when ``name`` is None)."""
    name = name or default_game()
    lines = [
        "| Option | Flag | Type | Default | Allowed | Applies when | What it does |",
        "|---|---|---|---|---|---|---|",
    ]
    for spec in (s.to_json() for s in game(name).options()):
        lines.append(
            f"| `{spec['name']}` | `{flag(spec['name'])}` | {spec['type']} | "
            f"{_shown(spec['default'])} | {_allowed(spec)} | {_needs(spec)} | {spec['help']} |"
        )
    return entry(name).options_doc.header + "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Print the option schema."""
    try:
        chosen = game(args.game)
    except KeyError:
        names = ", ".join(g.name for g in games())
        raise CliError(f"--game: no game called {args.game!r} (there is {names})") from None
    specs = [spec.to_json() for spec in chosen.options()]
    if args.json:
        print(json.dumps(specs))
        return 0
    if args.markdown:
        print(options_markdown(chosen.name), end="")
        return 0
    for spec in specs:
        print(f"{flag(spec['name'])}  {spec['type']}, default {_shown(spec['default'])}")
        if _allowed(spec):
            print(f"    allowed: {_allowed(spec)}")
        if _needs(spec):
            print(f"    applies when {_needs(spec)}")
        print(f"    {spec['help']}")
    return 0
