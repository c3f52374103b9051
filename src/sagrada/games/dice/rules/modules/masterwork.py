"""Life's Masterwork module (rulebook 004_234c3922e9d01436.txt, MASTERWORK MODULE).

A board of six spaces, each with a colour slot and a value slot above it and masterwork dice
below: one per space for 1-3 players, two for 4-6 (the second reachable only through the slot
left open). Instead of placing the die drafted this turn, a player may put it into an open slot
it matches (its colour, or its value; the sixth colour slot takes any colour) and take the
masterwork die below, gain the favor tokens shown, and place that die in their window with a
rotation of their choice (``R3/2c``, then ``O90@B4``). The swap is offered only when the
masterwork die can be placed. Each masterwork die scores +5 if the dice its arrows point at meet
its face's requirement, else -2. Life's two tools, Soldering Iron and Glass Saw, join the tool
deck.

The board and the dice (house content, read from ``content/life.json``) are
:mod:`sagrada.games.dice.rules.masterwork_board`; this module sets the board up and adds the turn
action,
the placement step, the score part and the view. Solo play uses 6 masterwork dice and gains no
favor tokens (docs/rules-clarifications.md).
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.cells import CELL_NAMES, NUM_CELLS, mask_names
from sagrada.core.content import catalog
from sagrada.core.dice import (
    COLOUR_LETTERS,
    DIE_NAMES,
    SYMBOLS,
    die_rotation,
    die_symbol,
    is_masterwork,
    masterwork_die,
)
from sagrada.core.messages import Message, msg, template
from sagrada.core.options import Options
from sagrada.core.scoring import ScorePart
from sagrada.core.window import Window
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import NUM_SLOTS, Action, Kind
from sagrada.games.dice.rules.hooks import ModuleStep, RuleModule, RulesBuilder, TurnAction
from sagrada.games.dice.rules.masterwork_board import (
    ANY_COLOUR,
    DIRECTIONS,
    NAME,
    PACK,
    Board,
    arrows,
    board_of,
    content,
    face_met,
    fits,
    masterwork_placements,
    slot_actions,
    take,
    targets,
)
from sagrada.games.dice.rules.table import DRAFTED, Phase, Table
from sagrada.games.dice.rules.tools import life as _tools  # noqa: F401  (registers Life's tools)

__all__ = ["MODULE", "face_met", "masterwork_part", "targets"]

#: Masterwork dice per board space: one for 1-3 players, two for 4-6 (rulebook, GAME SETUP).
DICE_PER_SPACE: Final = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}


def masterwork_part(window: Window) -> ScorePart:
    """The points of a window's masterwork dice: +5 each whose face is met, -2 otherwise."""
    data = content()
    cells = [cell for cell in range(NUM_CELLS) if is_masterwork(window.dice[cell])]
    met = sum(1 for cell in cells if face_met(window, cell))
    missed = len(cells) - met
    return ScorePart(
        name=str(msg("score.masterwork")),
        kind="masterwork",
        points=met * data.met_vp + missed * data.missed_vp,
        count=len(cells),
        formula=msg(
            "formula.masterwork",
            met=met,
            missed=missed,
            met_vp=data.met_vp,
            missed_vp=data.missed_vp,
        ),
        cells=tuple(CELL_NAMES[c] for c in cells),
        name_message=msg("score.masterwork"),
    )


def faces_json() -> list[dict[str, Any]]:
    """Each symbol of the masterwork dice: where its arrows point before the die is turned
    (``"N"``, ``"SE"``...), its requirement and its explanation (a message)."""
    directions = {step: name for name, step in DIRECTIONS.items()}
    return [
        {
            "symbol": SYMBOLS[face.symbol],
            "arrows": [directions[step] for step in face.arrows],
            "requirement": face.requirement,
            "explanation": face_words(SYMBOLS[face.symbol], face.requirement).to_json(),
        }
        for face in content().faces
    ]


def board(table: Table) -> Board:
    """Return the game's masterwork board."""
    return board_of(table)


def set_up_board(table: Table) -> None:
    """Put the masterwork dice below the board's spaces: each group of the starting symbols
    shuffled over its spaces, or (option ``masterwork_random``) a rolled symbol on each."""
    data = content()
    per_space = DICE_PER_SPACE[table.config.players]
    symbols: list[int] = []
    if table.config.masterwork_random:
        symbols = [table.rng.below(len(SYMBOLS)) for _ in data.board]
    else:
        for group in data.start:
            shuffled = list(group)
            table.rng.shuffle(shuffled)
            symbols.extend(shuffled)
    table.components[NAME] = Board(
        [per_space] * len(data.board),
        symbols,
        [-1] * NUM_SLOTS,
        favor=not table.config.solo,
        random=table.config.masterwork_random,
    )


# -- actions ---------------------------------------------------------------------------------------


#: The module's action kinds (declared in :mod:`sagrada.games.dice.rules.actions`, where every
#: kind's codes are laid out once and for all).
SLOT_KIND: Final = A.KINDS[Kind.SLOT]
PLACE_KIND: Final = A.KINDS[Kind.MASTERWORK]


class DraftToBoard(TurnAction):
    """This turn's draft, put into a slot of the board for the masterwork die below it."""

    bit = DRAFTED
    kind = SLOT_KIND.id
    done_reason = msg("refuse.drafted")

    def actions(self, table: Table) -> list[Action]:
        return slot_actions(table, table.pool)

    def apply(self, table: Table, action: Action) -> None:
        die, slot = A.ARG1[action], A.ARG2[action]
        table.pool.remove(die)
        table.held = take(table, die, slot)
        table.step = NAME

    def explain(self, table: Table, action: Action) -> Message:
        die, slot = A.ARG1[action], A.ARG2[action]
        state = board(table)
        space = slot // 2
        if die not in table.pool:
            return msg("refuse.no_die", die=DIE_NAMES[die], source=msg("source.pool"))
        if state.slots[slot] >= 0:
            return msg("masterwork.slot_taken", slot=A.slot_words(slot))
        if not state.left[space]:
            return msg("masterwork.no_die_left", space=space + 1)
        if not fits(die, slot):
            return msg("masterwork.slot_needs", slot=A.slot_words(slot), die=DIE_NAMES[die])
        return msg("masterwork.nowhere", symbol=SYMBOLS[state.symbols[space]])


class PlaceMasterwork(ModuleStep):
    """Place the masterwork die just taken, with a rotation of one's choice."""

    def actions(self, table: Table) -> list[Action]:
        return masterwork_placements(table.window(), table.held)

    def apply(self, table: Table, action: Action) -> bool:
        symbol = die_symbol(table.held)
        table.window().place(masterwork_die(symbol, A.ARG1[action]), A.ARG2[action])
        table.held = -1
        return True

    def prompt(self, table: Table) -> Message:
        return msg("masterwork.place", symbol=SYMBOLS[die_symbol(table.held)])

    def activity(self, table: Table) -> Message:
        return msg("activity.masterwork")

    def explain(self, table: Table, action: Action) -> Message:
        if A.KIND_OF[action] == PLACE_KIND.id:
            problem = table.window().placement_problem(table.held, A.ARG2[action])
            return problem or msg("refuse.placement")
        return super().explain(table, action)


# -- views and scoring ---------------------------------------------------------------------------


def face_words(symbol: str, requirement: str) -> Message:
    """What a masterwork die's face asks, in words: where its arrows point before it is turned
    (the symbol's own words, ``masterwork.symbol.<symbol>.arrows``, where the catalogues have
    them: a content file's new symbol has none) and its requirement."""
    asks = msg(f"masterwork.requirement.{requirement}")
    arrows = f"masterwork.symbol.{symbol}.arrows"
    if template(arrows) == arrows:
        return asks
    return msg("masterwork.face", arrows=msg(arrows), requirement=asks)


def show_board(table: Table, viewer: int, data: dict[str, Any]) -> None:
    """The board (every slot's die, the symbol on top of each space and how many are left),
    and each masterwork die in every window with the cells its arrows point at and whether
    its requirement is met."""
    state = board(table)
    spaces = []
    for space, entry in enumerate(content().board):
        spaces.append(
            {
                "colour": "any" if entry.colour == ANY_COLOUR else COLOUR_LETTERS[entry.colour],
                "value": entry.value,
                "favor": entry.favor,
                "colour_slot": _die_or_none(state.slots[2 * space]),
                "value_slot": _die_or_none(state.slots[2 * space + 1]),
                "symbol": SYMBOLS[state.symbols[space]] if state.symbols[space] >= 0 else None,
                "left": state.left[space],
            }
        )
    data["masterwork"] = {"spaces": spaces, "faces": faces_json(), "house": content().house}
    for seat_data, player in zip(data["players"], table.players, strict=True):
        window = player.window
        if window is None:
            continue
        seat_data["masterwork_dice"] = [
            {
                "cell": CELL_NAMES[cell],
                "symbol": SYMBOLS[die_symbol(window.dice[cell])],
                "rotation": die_rotation(window.dice[cell]),
                "arrows": arrows(window.dice[cell]),
                "targets": [
                    None if t is None else CELL_NAMES[t] for t in targets(window.dice[cell], cell)
                ],
                "met": face_met(window, cell),
            }
            for cell in range(NUM_CELLS)
            if is_masterwork(window.dice[cell])
        ]
    if table.phase == Phase.PLAY and viewer == table.current and table.step == NAME:
        data["masterwork_placements"] = list(mask_names(table.window().legal_cells(table.held)))


def _die_or_none(die: int) -> str | None:
    return DIE_NAMES[die] if die >= 0 else None


def score(table: Table, seat: int) -> list[ScorePart]:
    window = table.players[seat].window
    assert window is not None
    return [masterwork_part(window)]


class Masterwork(RuleModule):
    """The Masterwork module; active with the option ``masterwork``."""

    name = NAME
    title = "Life's Masterwork module"

    def active(self, options: Options) -> bool:
        return options.masterwork

    def configure(self, rules: RulesBuilder) -> None:
        content()  # validate the content before any game starts
        rules.tool_deck.extend(
            sorted(t.id for t in catalog().tools if t.pack == PACK and t.id not in rules.tool_deck)
        )
        rules.turn_actions.append(DraftToBoard())
        rules.decisions_per_turn += 1  # the masterwork die is placed after the slot is taken
        rules.steps[NAME] = PlaceMasterwork()
        rules.setup_steps.append(set_up_board)
        rules.score_parts.append(score)
        rules.view_hooks.append(show_board)


MODULE: Final[RuleModule] = Masterwork()
