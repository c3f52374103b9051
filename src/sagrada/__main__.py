"""``python -m sagrada``: the same as the ``sagrada`` command."""

from sagrada.cli.main import run

run()
