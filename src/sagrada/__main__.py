"""``python -m sagrada``: the same as the ``sagrada`` command."""

from sagrada.cli.main import run

if __name__ == "__main__":  # worker processes import this module too: do not run it there
    run()
