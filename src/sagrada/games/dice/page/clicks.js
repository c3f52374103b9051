// The dice game's clicks on dice, cells and the masterwork board's slots, each choosing an
// action (or the first half of one).

import { S, shownView, currentActions } from "/static/shell/state.js";
import { render } from "/static/shell/render.js";
import { choose, toggleSelection } from "/static/shell/flow.js";
import { actionModel, chosenRotation, slotsFor } from "./model.js";

// A die of a pool is selected by its place in the pool (`index`): two equal dice are two dice.

export function onPoolDie(die, index) {
  const m = actionModel(currentActions());
  if (m.poolPick.has(die)) return choose(m.poolPick.get(die));
  toggleSelection({ kind: "pool", die, index });
}

export function onOwnDie(die, index) {
  const m = actionModel(currentActions());
  if (m.ownPick.has(die)) return choose(m.ownPick.get(die));
  toggleSelection({ kind: "own", die, index });
}

export function onCell(cell) {
  const m = actionModel(currentActions());
  const sel = S.selection;
  if (m.masterwork.has(cell)) return choose(m.masterwork.get(cell).get(chosenRotation(m)));
  if (sel && sel.kind === "pool" && m.poolPlace.get(sel.die)?.has(cell)) return choose(m.poolPlace.get(sel.die).get(cell));
  if (sel && sel.kind === "own" && m.ownPlace.get(sel.die)?.has(cell)) return choose(m.ownPlace.get(sel.die).get(cell));
  if (sel && sel.kind === "move" && m.moves.get(sel.cell)?.has(cell)) return choose(m.moves.get(sel.cell).get(cell));
  if (m.put.has(cell)) return choose(m.put.get(cell));
  if (m.moves.has(cell)) return toggleSelection({ kind: "move", cell });
  if (sel) {
    S.selection = null;
    render();
  }
}

/** A slot of the masterwork board: the selected Draft Pool die (or the die in hand) goes into
 * it, if it may. */
export function onSlot(slot) {
  const slots = slotsFor(shownView(), actionModel(currentActions()));
  if (slots.has(slot)) return choose(slots.get(slot));
}

/** Choose how the masterwork die in hand is turned before clicking where it goes. */
export function chooseRotation(rotation) {
  S.rotation = rotation;
  render();
}

