"""Sagrada, the dice game (base game, solo, the 5 & 6 Player Expansion and Life), as the
registry's entry :data:`sagrada.games.dice.entry.ENTRY`, named ``"sagrada"``.

Its rules are the core (:mod:`sagrada.core`), its bots :mod:`sagrada.games.dice.bots`; the parts of
it that the adapters show (the terminal game and the score input) are in this package.
"""
