"""Helpers shared by the subcommands: the usage-error type, input reading and seed checks."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from sagrada.core.errors import ConfigError
from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.core.rng import SEED_LIMIT, check_seed
from sagrada.textui import CliError

__all__ = ["CliError", "check_language", "check_seed_run", "read_input", "seed_argument"]


def read_input(path: str) -> str:
    """Return the text of ``path``, or of standard input when ``path`` is ``-``.

    Raises:
        CliError: if the file cannot be read.
    """
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a file") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot read: {exc.strerror}") from None


def seed_argument(text: str) -> int:
    """The ``type=`` of every ``--seed`` option: a whole number from 0 to 2**64 - 1.

    Raises:
        argparse.ArgumentTypeError: for anything else (argparse prints it as one line and
            exits with code 2).
    """
    try:
        value = int(text)
    except ValueError:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError(
            f"seed must be a whole number from 0 to 2**64 - 1, got {shown!r}"
        ) from None
    try:
        return check_seed(value)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seconds_argument(text: str) -> float:
    """The ``type=`` of a search's time (``--seconds``): a positive number.

    Raises:
        argparse.ArgumentTypeError: for anything else.
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"seconds must be a positive number, got {text!r}")
    return value


def iterations_argument(text: str) -> int:
    """The ``type=`` of a search's iterations (``--iterations``): a whole number from 1.

    Raises:
        argparse.ArgumentTypeError: for anything else.
    """
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"iterations must be a whole number >= 1, got {text!r}")
    return int(text)


def check_seed_run(first: int, seeds: int) -> None:
    """Refuse a first ``--seed`` whose ``seeds`` consecutive seeds would pass 2**64 - 1.

    Raises:
        CliError: naming the last seed the run would need and the highest first seed allowed.
    """
    last = first + seeds - 1
    if last >= SEED_LIMIT:
        raise CliError(
            f"--seed {first}: the games would use seeds up to {last}, past 2**64 - 1 "
            f"(with {seeds} seed{'s' if seeds > 1 else ''}, --seed may be at most "
            f"{SEED_LIMIT - seeds})"
        )


def check_language(language: str) -> None:
    """Refuse a language without a message catalogue.

    Raises:
        CliError: naming the languages there are.
    """
    if language == DEFAULT_LANGUAGE:
        return
    from sagrada.i18n import languages

    known = languages()
    if language not in known:
        raise CliError(f"--lang {language}: no such language (the languages: {', '.join(known)})")
