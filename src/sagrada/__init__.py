"""Sagrada, the dice-drafting window game: rules engine, bots and adapters.

The rules core (:mod:`sagrada.core`) uses the standard library only.
"""

__version__ = "0.1.0"
