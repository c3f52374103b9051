"""The ``sagrada`` command line: a thin adapter over the rules core."""
