"""Helpers shared by the subcommands: the usage-error type and input reading."""

from __future__ import annotations

import sys
from pathlib import Path


class CliError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


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
