"""The kit every game shares: cells, dice and windows with their placement rules, the moves of
a die, objectives' scoring, messages, errors, the option schema, records and random numbers;
standard library only, no I/O beyond reading packaged data."""
