"""The dice game's rules: the turn machine, its actions, the rule modules of every variant and
the tool cards' effects, standing on the kit (:mod:`sagrada.core`); standard library only, no
I/O beyond reading packaged data."""
