"""Secret dice, a toy game: the third game of the platform, a package of its own outside
``sagrada`` that registers itself through the entry-point group ``sagrada.games``.

It exists to prove that a game is one folder (docs/DESIGN.md, "A game is a package"): the
server, the command line, the RL wrappers and the page shell play it knowing it only through
its entry (:mod:`toy_game.entry`), and nothing outside this folder names it.

The rules (:mod:`toy_game.state`): two players, two rounds, in each round seat 0 decides,
then seat 1. Each holds a secret die, rolled at the start from the game's seeded generator;
a decision is ``take`` (gain ``take_points`` points) or ``roll`` (roll one's secret die
again, while the player has rolls left: ``rolls``). A player's score is their points plus
their die; the higher score wins, and equal scores both win.
"""
