"""The solo card game (rulebook 002_a2583da13b6224b7.txt, "Koloretako"): Sagrada for one player
with 30 glass cards instead of dice, order cards instead of objectives and a turn bar instead of
the Round Track. The second game of the registry (:mod:`sagrada.registry`), named ``"cards"``.

It shares with the dice game what truly is the same: cells and window patterns, the placement
masks of :class:`~sagrada.core.window.Window` (a card is written like a die, its colour and
value, black in purple's place), the scoring rules of the base objectives, the option schema,
the messages and the record format. Its cards, turn machine, tools and action codes are its own.
"""
