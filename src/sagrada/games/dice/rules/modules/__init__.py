"""The dice game's rule modules, one file each: `base` (the base game), `solo` (solo play),
`five_six` (the 5 & 6 Player Expansion's content and player counts) and `private_pools` (its
Private Dice Pool rules). `sagrada.games.dice.rules.rules` lists them and assembles a game's
rules."""
