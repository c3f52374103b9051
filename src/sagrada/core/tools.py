"""The tool cards' effects, one small class per card, registered by card number.

A tool is a short sequence of decisions. The state keeps which card is in use
(``state.tool_slot``), the step within the card (``state.stage``), the die in hand
(``state.held``) and one integer of scratch memory (``state.memo``); each effect lists its legal
actions for the current step and applies one. Readings where the cards are short are those of
``docs/rules-clarifications.md``:

* the "after drafting" tools (1, 5, 6, 9, 10, 11) start by taking a die from the Draft Pool;
  after the effect the die must be placed if it can be, else it goes back to the Draft Pool;
* moving a die lifts it and places it again under every rule against the other dice, except
  the restriction the card lifts (2: the space's colour, 3: the space's value);
* a tool can only be started when it can do something.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from sagrada.core import actions as A
from sagrada.core.actions import Action, Kind
from sagrada.core.cells import CELL_NAMES, NUM_CELLS, Mask, cell_list
from sagrada.core.dice import DIE_COLOUR, DIE_NAMES, DIE_VALUE, Die
from sagrada.core.window import Window

if TYPE_CHECKING:
    from sagrada.core.state import State

#: ``state.stage`` while a solo player chooses the die that pays for the tool.
PAY_STAGE: Final = -1

# Stages of the "after drafting" tools.
CHOOSE: Final = 0
ADJUST: Final = 1
SWAP: Final = 2
VALUE: Final = 3
PLACE: Final = 4
OWN: Final = 5


def placement_actions(window: Window, dice: list[Die], base: int) -> list[Action]:
    """Return ``base + die * 20 + cell`` for each distinct die of ``dice`` and each cell where it
    may be placed: the draft actions (``base`` = ``DRAFT_BASE``) or own-pool placements."""
    out: list[Action] = []
    seen = 0
    for die in dice:
        if seen >> die & 1:
            continue
        seen |= 1 << die
        cells = window.legal_cells(die)
        start = base + die * NUM_CELLS
        while cells:
            low = cells & -cells
            out.append(start + low.bit_length() - 1)
            cells ^= low
    return out


def move_targets(
    window: Window, source: int, *, ignore_colour: bool = False, ignore_value: bool = False
) -> Mask:
    """Return the cells the die on ``source`` may move to (the window is left unchanged)."""
    waived_colour, waived_value = window.waived_colour, window.waived_value
    die = window.remove(source)
    targets = window.legal_cells(die, ignore_colour=ignore_colour, ignore_value=ignore_value)
    window.place(die, source)
    window.waived_colour, window.waived_value = waived_colour, waived_value
    return targets & ~(1 << source)


def do_move(
    window: Window,
    source: int,
    target: int,
    *,
    ignore_colour: bool = False,
    ignore_value: bool = False,
) -> None:
    """Move the die on ``source`` to ``target``, noting a restriction the card waives."""
    die = window.remove(source)
    window.place(die, target)
    b = 1 << target
    if ignore_colour and not window.pattern.colour_ok[DIE_COLOUR[die]] & b:
        window.waived_colour |= b
    if ignore_value and not window.pattern.value_ok[DIE_VALUE[die]] & b:
        window.waived_value |= b


def _move_actions(
    window: Window, sources: Mask, *, ignore_colour: bool = False, ignore_value: bool = False
) -> list[Action]:
    out = []
    for source in cell_list(sources & window.occupied):
        base = A.MOVE_BASE + source * NUM_CELLS
        for target in cell_list(
            move_targets(window, source, ignore_colour=ignore_colour, ignore_value=ignore_value)
        ):
            out.append(base + target)
    return out


def _any_move(
    window: Window, sources: Mask, *, ignore_colour: bool = False, ignore_value: bool = False
) -> bool:
    return any(
        move_targets(window, source, ignore_colour=ignore_colour, ignore_value=ignore_value)
        for source in cell_list(sources & window.occupied)
    )


def _pool_choices(state: State) -> list[Action]:
    out = []
    seen = 0
    for die in state.pool:
        if not seen >> die & 1:
            seen |= 1 << die
            out.append(A.CHOOSE_BASE + die)
    return out


class ToolEffect:
    """The effect of one tool card. Subclasses override the steps they need."""

    number: int = 0
    #: Whether the card acts on the die drafted this turn (so the turn's draft must be unused).
    after_drafting: bool = False

    def can_start(self, state: State) -> bool:
        """Return whether the card can do something now (cost and turn limits aside)."""
        return True

    def why_not_startable(self, state: State) -> str:
        """Explain why :meth:`can_start` is false."""
        return "there is nothing it can act on now"

    def start(self, state: State) -> None:
        """Begin the effect once the card is paid for (``state.stage`` is 0)."""

    def actions(self, state: State) -> list[Action]:
        """Return the legal actions of the current step."""
        return []

    def apply(self, state: State, action: Action) -> None:
        """Apply a legal action of the current step."""

    def prompt(self, state: State) -> str:
        """Return what the player decides at the current step."""
        return "choose"

    def explain(self, state: State, action: Action) -> str:
        """Explain why ``action`` is not legal at the current step."""
        return f"{A.action_to_str(action)} does not fit this step: {self.prompt(state)}"


class _AfterDrafting(ToolEffect):
    """A card that takes a die from the Draft Pool, changes it, then places it."""

    after_drafting = True
    #: The die must go where no die touches it (Cork-backed Straightedge).
    isolated = False
    #: The player may put the die back in the Draft Pool instead of placing it (Flux Remover).
    may_return = False

    def can_start(self, state: State) -> bool:
        return bool(state.pool)

    def why_not_startable(self, state: State) -> str:
        return "the Draft Pool is empty"

    def actions(self, state: State) -> list[Action]:
        if state.stage == CHOOSE:
            return _pool_choices(state)
        if state.stage == PLACE:
            out = [A.PUT_BASE + cell for cell in cell_list(state.memo)]
            if self.may_return:
                out.append(A.RETURN)
            return out
        return self.effect_actions(state)

    def apply(self, state: State, action: Action) -> None:
        if state.stage == CHOOSE:
            die = A.ARG1[action]
            state.pool.remove(die)
            state.held = die
            state.drafted = True
            self.affect(state)
        elif state.stage == PLACE:
            if action == A.RETURN:
                state.pool.append(state.held)
            else:
                state.window().place(state.held, A.ARG1[action])
            state.held = -1
            state.finish_tool()
        else:
            self.apply_effect(state, action)

    def affect(self, state: State) -> None:
        """Change the held die (or ask how), then offer the placement."""
        offer_placement(state, self.isolated)

    def effect_actions(self, state: State) -> list[Action]:
        return []

    def apply_effect(self, state: State, action: Action) -> None:
        pass

    def prompt(self, state: State) -> str:
        if state.stage == CHOOSE:
            return "choose a die from the Draft Pool (like R3)"
        if state.stage == PLACE:
            held = DIE_NAMES[state.held]
            extra = " or put it back in the Draft Pool (return)" if self.may_return else ""
            return f"place the {held} (like @B4){extra}"
        return self.effect_prompt(state)

    def effect_prompt(self, state: State) -> str:
        return "choose"

    def explain(self, state: State, action: Action) -> str:
        kind = A.KIND_OF[action]
        if state.stage == CHOOSE and kind == Kind.CHOOSE:
            return f"there is no {DIE_NAMES[A.ARG1[action]]} in the Draft Pool"
        if state.stage == PLACE and kind == Kind.PUT:
            problem = state.window().placement_problem(
                state.held, A.ARG1[action], isolated=self.isolated
            )
            return problem or f"{CELL_NAMES[A.ARG1[action]]} is not a legal space"
        return super().explain(state, action)


def offer_placement(state: State, isolated: bool = False) -> None:
    """Move to the placement step for the held die, or return it to the pool if it fits nowhere."""
    cells = state.window().legal_cells(state.held, isolated=isolated)
    if cells == 0:
        state.pool.append(state.held)
        state.held = -1
        state.finish_tool()
        return
    state.memo = cells
    state.stage = PLACE


class GrozingPliers(_AfterDrafting):
    """1: after drafting, raise or lower the die's value by 1 (a 1 never becomes 6, nor 6 a 1)."""

    number = 1

    def affect(self, state: State) -> None:
        state.stage = ADJUST

    def effect_actions(self, state: State) -> list[Action]:
        value = DIE_VALUE[state.held]
        out = []
        if value < 6:
            out.append(A.INCREASE)
        if value > 1:
            out.append(A.DECREASE)
        return out

    def apply_effect(self, state: State, action: Action) -> None:
        state.held += 1 if action == A.INCREASE else -1
        offer_placement(state)

    def effect_prompt(self, state: State) -> str:
        return f"raise (+1) or lower (-1) the {DIE_NAMES[state.held]}"

    def explain(self, state: State, action: Action) -> str:
        if state.stage == ADJUST and action in (A.INCREASE, A.DECREASE):
            return "a 6 cannot become a 1, nor a 1 a 6"
        return super().explain(state, action)


class LensCutter(_AfterDrafting):
    """5: after drafting, swap the die with a die on the Round Track."""

    number = 5

    def can_start(self, state: State) -> bool:
        return bool(state.pool) and any(state.track)

    def why_not_startable(self, state: State) -> str:
        return (
            "the Round Track has no dice yet" if not any(state.track) else "the Draft Pool is empty"
        )

    def affect(self, state: State) -> None:
        state.stage = SWAP

    def effect_actions(self, state: State) -> list[Action]:
        out = []
        for index, dice in enumerate(state.track):
            seen = 0
            for die in dice:
                if not seen >> die & 1:
                    seen |= 1 << die
                    out.append(A.track(index + 1, die))
        return out

    def apply_effect(self, state: State, action: Action) -> None:
        dice = state.track[A.ARG1[action] - 1]
        dice.remove(A.ARG2[action])
        dice.append(state.held)
        state.held = A.ARG2[action]
        offer_placement(state)

    def effect_prompt(self, state: State) -> str:
        return f"choose a Round Track die to swap with the {DIE_NAMES[state.held]} (like r3:R5)"

    def explain(self, state: State, action: Action) -> str:
        if state.stage == SWAP and A.KIND_OF[action] == Kind.TRACK:
            return f"round {A.ARG1[action]} of the Round Track holds no {DIE_NAMES[A.ARG2[action]]}"
        return super().explain(state, action)


class FluxBrush(_AfterDrafting):
    """6: after drafting, re-roll the die; if it then fits nowhere it returns to the Draft Pool."""

    number = 6

    def affect(self, state: State) -> None:
        state.held = state.roll(state.held)
        offer_placement(state)


class CorkBackedStraightedge(_AfterDrafting):
    """9: after drafting, place the die where no die touches it, obeying the space's restriction."""

    number = 9
    isolated = True


class GrindingStone(_AfterDrafting):
    """10: after drafting, turn the die to its opposite face (values add up to 7)."""

    number = 10

    def affect(self, state: State) -> None:
        die = state.held
        state.held = (die // 6) * 6 + (7 - DIE_VALUE[die]) - 1
        offer_placement(state)


class FluxRemover(_AfterDrafting):
    """11: after drafting, return the die to the bag, draw another, choose its value, then
    place it or put it in the Draft Pool."""

    number = 11
    may_return = True

    def affect(self, state: State) -> None:
        state.bag[DIE_COLOUR[state.held]] += 1
        state.held = state.draw_die()
        state.stage = VALUE

    def effect_actions(self, state: State) -> list[Action]:
        return [A.set_value(v) for v in range(1, 7)]

    def apply_effect(self, state: State, action: Action) -> None:
        die = state.held
        state.held = (die // 6) * 6 + A.ARG1[action] - 1
        offer_placement(state)

    def effect_prompt(self, state: State) -> str:
        colour = DIE_NAMES[state.held][0]
        return f"choose the value of the new {colour} die (=1 to =6)"


class _MoveOne(ToolEffect):
    """Move one die, ignoring one kind of space restriction."""

    ignore_colour = False
    ignore_value = False

    def can_start(self, state: State) -> bool:
        window = state.window()
        return _any_move(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )

    def why_not_startable(self, state: State) -> str:
        return "no die in your window can be moved anywhere"

    def actions(self, state: State) -> list[Action]:
        window = state.window()
        return _move_actions(
            window,
            window.occupied,
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )

    def apply(self, state: State, action: Action) -> None:
        do_move(
            state.window(),
            A.ARG1[action],
            A.ARG2[action],
            ignore_colour=self.ignore_colour,
            ignore_value=self.ignore_value,
        )
        state.finish_tool()

    def prompt(self, state: State) -> str:
        return "move a die in your window (like B4>C5)"

    def explain(self, state: State, action: Action) -> str:
        if A.KIND_OF[action] == Kind.MOVE:
            return _explain_move(state.window(), action, self.ignore_colour, self.ignore_value)
        return super().explain(state, action)


def _explain_move(window: Window, action: Action, ignore_colour: bool, ignore_value: bool) -> str:
    source, target = A.ARG1[action], A.ARG2[action]
    if window.dice[source] < 0:
        return f"there is no die on {CELL_NAMES[source]} to move"
    if source == target:
        return "a die must move to another space"
    waived_colour, waived_value = window.waived_colour, window.waived_value
    die = window.remove(source)
    problem = window.placement_problem(
        die, target, ignore_colour=ignore_colour, ignore_value=ignore_value
    )
    window.place(die, source)
    window.waived_colour, window.waived_value = waived_colour, waived_value
    return problem or "that move is not allowed at this step"


class EglomiseBrush(_MoveOne):
    """2: move one die, ignoring the spaces' colour restrictions."""

    number = 2
    ignore_colour = True


class CopperFoilBurnisher(_MoveOne):
    """3: move one die, ignoring the spaces' value restrictions."""

    number = 3
    ignore_value = True


class Lathekin(ToolEffect):
    """4: move exactly two dice, one after the other, obeying every placement rule."""

    number = 4

    def _first_moves(self, state: State, stop_at_one: bool) -> list[Action]:
        window = state.window()
        out = []
        for action in _move_actions(window, window.occupied):
            source, target = A.ARG1[action], A.ARG2[action]
            waived_colour, waived_value = window.waived_colour, window.waived_value
            do_move(window, source, target)
            second = _any_move(window, window.occupied & ~(1 << target))
            die = window.remove(target)
            window.place(die, source)
            window.waived_colour, window.waived_value = waived_colour, waived_value
            if second:
                out.append(action)
                if stop_at_one:
                    break
        return out

    def can_start(self, state: State) -> bool:
        return bool(self._first_moves(state, stop_at_one=True))

    def why_not_startable(self, state: State) -> str:
        return "your window has no two dice that can be moved one after the other"

    def actions(self, state: State) -> list[Action]:
        if state.stage == 0:
            return self._first_moves(state, stop_at_one=False)
        window = state.window()
        return _move_actions(window, window.occupied & ~(1 << state.memo))

    def apply(self, state: State, action: Action) -> None:
        do_move(state.window(), A.ARG1[action], A.ARG2[action])
        if state.stage == 0:
            state.memo = A.ARG2[action]
            state.stage = 1
        else:
            state.finish_tool()

    def prompt(self, state: State) -> str:
        if state.stage == 0:
            return "move the first of two dice (like B4>C5)"
        return f"move a second die (not the one now on {CELL_NAMES[state.memo]})"

    def explain(self, state: State, action: Action) -> str:
        if A.KIND_OF[action] == Kind.MOVE:
            if state.stage == 1 and A.ARG1[action] == state.memo:
                return "the second move must move another die"
            problem = _explain_move(state.window(), action, False, False)
            if problem == "that move is not allowed at this step":
                return "after that move no second die could be moved"
            return problem
        return super().explain(state, action)


class GlazingHammer(ToolEffect):
    """7: re-roll every die in the Draft Pool; only on your second turn, before drafting."""

    number = 7

    def can_start(self, state: State) -> bool:
        return not state.first_turn and not state.drafted and bool(state.pool)

    def why_not_startable(self, state: State) -> str:
        if state.first_turn:
            return "it may only be used on your second turn of the round"
        if state.drafted:
            return "it may only be used before drafting"
        return "the Draft Pool is empty"

    def start(self, state: State) -> None:
        state.pool = [state.roll(die) for die in state.pool]
        state.finish_tool()


class RunningPliers(ToolEffect):
    """8: on your first turn, after placing a die, draft and place another; skip your second."""

    number = 8

    def _drafts(self, state: State) -> list[Action]:
        return placement_actions(state.window(), state.pool, A.DRAFT_BASE)

    def can_start(self, state: State) -> bool:
        return state.first_turn and state.drafted and bool(self._drafts(state))

    def why_not_startable(self, state: State) -> str:
        if not state.first_turn:
            return "it may only be used on your first turn of the round"
        if not state.drafted:
            return "it is used after you have drafted and placed this turn's die"
        return "no die in the Draft Pool can be placed in your window"

    def actions(self, state: State) -> list[Action]:
        return self._drafts(state)

    def apply(self, state: State, action: Action) -> None:
        die = A.ARG1[action]
        state.pool.remove(die)
        state.window().place(die, A.ARG2[action])
        state.skip |= 1 << state.current
        state.finish_tool()

    def prompt(self, state: State) -> str:
        return "draft and place a second die (like R3@B4)"

    def explain(self, state: State, action: Action) -> str:
        if A.KIND_OF[action] == Kind.DRAFT:
            die = A.ARG1[action]
            if die not in state.pool:
                return f"there is no {DIE_NAMES[die]} in the Draft Pool"
            return state.window().placement_problem(die, A.ARG2[action]) or "not a legal placement"
        return super().explain(state, action)


class TapWheel(ToolEffect):
    """12: move up to two dice of one colour that matches a die on the Round Track."""

    number = 12

    def _sources(self, state: State) -> Mask:
        window = state.window()
        colours = {DIE_COLOUR[d] for dice in state.track for d in dice}
        mask = 0
        for colour in colours:
            mask |= window.by_colour[colour]
        return mask

    def can_start(self, state: State) -> bool:
        return _any_move(state.window(), self._sources(state))

    def why_not_startable(self, state: State) -> str:
        if not any(state.track):
            return "the Round Track has no dice yet"
        return "no die of a colour on the Round Track can be moved"

    def actions(self, state: State) -> list[Action]:
        window = state.window()
        if state.stage == 0:
            return _move_actions(window, self._sources(state))
        colour = DIE_COLOUR[window.dice[state.memo]]
        return [*_move_actions(window, window.by_colour[colour] & ~(1 << state.memo)), A.STOP]

    def apply(self, state: State, action: Action) -> None:
        if action == A.STOP:
            state.finish_tool()
            return
        window = state.window()
        do_move(window, A.ARG1[action], A.ARG2[action])
        if state.stage == 0:
            state.memo = A.ARG2[action]
            state.stage = 1
            colour = DIE_COLOUR[window.dice[state.memo]]
            if not _any_move(window, window.by_colour[colour] & ~(1 << state.memo)):
                state.finish_tool()
        else:
            state.finish_tool()

    def prompt(self, state: State) -> str:
        if state.stage == 0:
            return "move a die whose colour is on the Round Track (like B4>C5)"
        return "move a second die of the same colour, or stop"

    def explain(self, state: State, action: Action) -> str:
        if A.KIND_OF[action] == Kind.MOVE:
            window = state.window()
            source = A.ARG1[action]
            if window.dice[source] >= 0:
                colour = DIE_COLOUR[window.dice[source]]
                if state.stage == 0 and not any(
                    DIE_COLOUR[d] == colour for t in state.track for d in t
                ):
                    return "the moved die's colour must match a die on the Round Track"
                if state.stage == 1:
                    if source == state.memo:
                        return "the second move must move another die"
                    if colour != DIE_COLOUR[window.dice[state.memo]]:
                        return "both dice must be of the same colour"
            return _explain_move(window, action, False, False)
        return super().explain(state, action)


def _own_choices(state: State, exclude: int = -1) -> list[Action]:
    """The faces of the current player's Private Dice Pool, skipping position ``exclude``."""
    out = []
    seen = 0
    for index, die in enumerate(state.players[state.current].own_pool):
        if index != exclude and not seen >> die & 1:
            seen |= 1 << die
            out.append(A.OWN_CHOOSE_BASE + die)
    return out


class StripCutter(_AfterDrafting):
    """13 (5 & 6 Player Expansion): after drafting, swap the drafted die with a die from your
    Private Dice Pool; the die from your pool is then placed (or goes to the Draft Pool)."""

    number = 13

    def can_start(self, state: State) -> bool:
        return bool(state.pool) and bool(state.players[state.current].own_pool)

    def why_not_startable(self, state: State) -> str:
        if not state.players[state.current].own_pool:
            return "your Private Dice Pool is empty"
        return "the Draft Pool is empty"

    def affect(self, state: State) -> None:
        state.stage = OWN

    def effect_actions(self, state: State) -> list[Action]:
        return _own_choices(state)

    def apply_effect(self, state: State, action: Action) -> None:
        own = state.players[state.current].own_pool
        die = A.ARG1[action]
        own[own.index(die)] = state.held
        state.held = die
        offer_placement(state)

    def effect_prompt(self, state: State) -> str:
        return f"choose a die of your Private Dice Pool to swap with the {DIE_NAMES[state.held]}"

    def explain(self, state: State, action: Action) -> str:
        if state.stage == OWN and A.KIND_OF[action] == Kind.OWN_CHOOSE:
            return f"there is no {DIE_NAMES[A.ARG1[action]]} in your Private Dice Pool"
        return super().explain(state, action)


class LeadCameNippers(ToolEffect):
    """14 (5 & 6 Player Expansion): re-roll one or two dice of your Private Dice Pool."""

    number = 14

    def can_start(self, state: State) -> bool:
        return bool(state.players[state.current].own_pool)

    def why_not_startable(self, state: State) -> str:
        return "your Private Dice Pool is empty"

    def actions(self, state: State) -> list[Action]:
        if state.stage == 0:
            return _own_choices(state)
        return [*_own_choices(state, exclude=state.memo), A.STOP]

    def apply(self, state: State, action: Action) -> None:
        if action == A.STOP:
            state.finish_tool()
            return
        own = state.players[state.current].own_pool
        index = (
            own.index(A.ARG1[action])
            if state.stage == 0
            else _index_except(own, A.ARG1[action], state.memo)
        )
        own[index] = state.roll(own[index])
        if state.stage == 0 and len(own) > 1:
            state.memo = index
            state.stage = 1
        else:
            state.finish_tool()

    def prompt(self, state: State) -> str:
        if state.stage == 0:
            return "choose a die of your Private Dice Pool to re-roll (like *R3)"
        return "choose a second die to re-roll, or stop"

    def explain(self, state: State, action: Action) -> str:
        if A.KIND_OF[action] == Kind.OWN_CHOOSE:
            return f"there is no other {DIE_NAMES[A.ARG1[action]]} in your Private Dice Pool"
        return super().explain(state, action)


def _index_except(dice: list[int], die: int, skip: int) -> int:
    """Return the position of ``die`` in ``dice``, not counting position ``skip``."""
    for index, other in enumerate(dice):
        if other == die and index != skip:
            return index
    raise ValueError(f"no {DIE_NAMES[die]} outside position {skip}")


#: The effect of each tool card, by card number.
TOOL_EFFECTS: Final[dict[int, ToolEffect]] = {
    effect.number: effect
    for effect in (
        GrozingPliers(),
        EglomiseBrush(),
        CopperFoilBurnisher(),
        Lathekin(),
        LensCutter(),
        FluxBrush(),
        GlazingHammer(),
        RunningPliers(),
        CorkBackedStraightedge(),
        GrindingStone(),
        FluxRemover(),
        TapWheel(),
        StripCutter(),
        LeadCameNippers(),
    )
}
