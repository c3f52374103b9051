"""The help of the dice game's ``sagrada score`` input (under ``sagrada score --help``): its
one-window form (:mod:`sagrada.games.dice.score_input`) and its table of players
(:mod:`sagrada.games.dice.score_players`)."""

from __future__ import annotations

from typing import Final

EPILOG: Final = """\
the input (JSON) of the dice game (sagrada, the default):
  {"dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
   "public": ["Column Color Variety", "Light Shades", "Color Variety"],
   "private": ["Shades of Purple"],
   "favor_tokens": 0,
   "mode": "multiplayer"}

  with Life's masterwork dice (O) and Toil objectives:
  {"dice": ["_ P4 R2 O B6", "Y1 O G3 _ _", "_ G5 _ _ _", "G3 _ _ _ _"],
   "masterwork": {"A4": {"symbol": "split", "rotation": 0},
                  "B2": {"symbol": "corner", "rotation": 90}},
   "public": ["Orange Adjacency", "Perfect Pairs"],
   "private": ["Shades of Green"],
   "favor_tokens": 2}

  with Life's apprentice cards activated:
  {"dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
   "public": ["Column Color Variety", "Light Shades", "Color Variety"],
   "private": ["Shades of Purple"],
   "apprentice": ["Study of Blue", "Master's Eye"]}

  with the window pattern named (its restrictions checked too):
  {"window": "Virtus",
   "dice": ["_ G4 R2 Y5 P6", "R3 B1 _ G1 Y2", "P5 G6 _ P6 R3", "B4 Y3 G4 B2 G4"],
   "public": ["Column Color Variety"], "private": ["Shades of Purple"]}

  a table of players, ranked (in the final round's turn order, its start player first):
  {"public": ["Column Color Variety", "Light Shades", "Color Variety"],
   "tie_break": "reverse-order",
   "players": [{"name": "Ada", "window": "Virtus", "dice": [...],
                "private": ["Shades of Red"], "favor_tokens": 2}, ...]}

  window        a window pattern's name, any pack's (default: none known, only
                neighbours checked)
  dice          4 rows, A to D top to bottom, of 5 tokens each: _ for an open space,
                O for a masterwork die, else a colour letter (R Y G B P) and a value 1-6
  public        0 to 3 distinct public objective names (solo: 0 to 2)
  private       1 private objective name (solo: 1 or 2, the better one counts)
  favor_tokens  unspent favor tokens, an integer 0-99 (default 0; ignored in solo)
  mode          "multiplayer" (default) or "solo" (-3 VP per open space)
  round_track   solo: up to 10 lists, one a round, of the values of the dice left on
                the Round Track (not those paid for tools); their sum is the target,
                and the score wins if it is greater
  masterwork    Life: the symbol (corner bridge slant crown split prism) and clockwise
                rotation (0 90 180 270) of the die on each O cell, one entry per O;
                with this field (even {}) the score has a "Masterwork dice" part:
                +5 per face met, -2 per face not met
  apprentice    Life: the activated apprentice cards that score (Study of Red,
                Yellow, Green, Blue or Purple; Master's Eye), a part each
  players       a table: 1 to 6 players, each with a name (1-24 characters, distinct
                ignoring case) and the fields of one window but public, mode and
                round_track
  tie_break     a table: "reverse-order" (default: the later in the final round, the
                better) or "shared" (German rules: the tied share the place)
Card names are case-insensitive; ids (set_values_1_2) and the printed form
("Shades of Purple • Private") are accepted. Life's Toil objectives (Orange
Adjacency, Perfect Pairs, ...) are public objectives like the others.
"""
