// Playing: committing actions, a tool gathered step by step and previewed before it is sent,
// and the clicks on dice and cells that choose an action (or the first half of one).

import { api } from "../common.js";
import { token, API, S, byTestId, shownView, currentActions, actionModel, chosenRotation, slotsFor } from "./state.js";
import { render } from "./render.js";
import { showError, applyView } from "./socket.js";

/** Commit actions: one, or a whole tool sequence applied together or not at all. */
async function commit(actions) {
  S.busy = true;
  document.body.classList.add("busy");
  try {
    // seq: the actions seen; the server refuses the request if the game has moved on (or if
    // this is a repeat, say a double click), so a turn is never played twice.
    const seq = S.view.history.length;
    const body = actions.length === 1 ? { token, action: actions[0], seq } : { token, actions, seq };
    const view = await api("POST", `${API}/actions`, body);
    S.gather = null;
    S.selection = null;
    showError("");
    applyView(view);
  } catch (err) {
    S.gather = null;
    showError(err.message, err.reason);
  } finally {
    S.busy = false;
    document.body.classList.remove("busy");
    render();
  }
}

/**
 * Ask the server what may follow the gathered steps. The tool is committed as a whole when it
 * is complete, or when the last step rolls or draws dice (`chance`): the server will not
 * preview past such a step, as its result must not be seen before it is committed.
 */
async function runPreview() {
  const gather = S.gather;
  S.busy = true;
  document.body.classList.add("busy");
  let preview;
  try {
    preview = await api("POST", `${API}/preview`, { token, actions: gather.steps });
  } catch (err) {
    S.busy = false;
    document.body.classList.remove("busy");
    if (S.gather !== gather) return; // cancelled (or a new view came) while waiting
    showError(err.message, err.reason);
    // Forget the refused step; if it was the card itself, there is nothing left to gather.
    gather.steps.pop();
    if (!gather.steps.length) S.gather = null;
    render();
    return;
  }
  S.busy = false;
  document.body.classList.remove("busy");
  if (S.gather !== gather) return; // cancelled (or a new view came) while waiting
  showError("");
  if (preview.complete || preview.chance) {
    await commit(gather.steps);
    return;
  }
  gather.preview = preview;
  render();
}

// The kinds of action that may start a tool's steps: a tool card, and playing an apprentice
// card (an apprentice's tool). The preview says when what they started is whole.
const GATHERED = new Set(["tool", "activate", "discard"]);

/** The player chose an action (any click that names a full legal action ends up here). */
export async function choose(action) {
  if (S.busy || S.replay) return;
  S.selection = null;
  if (S.gather) {
    S.gather.steps.push(action);
    await runPreview();
    return;
  }
  const chosen = currentActions().find((a) => a.notation === action);
  if (chosen && GATHERED.has(chosen.kind)) {
    // A tool is gathered step by step and previewed; nothing is sent until it is whole.
    S.gather = { steps: [action], preview: null, base: S.view.history.length };
    await runPreview();
    return;
  }
  // Ordinary actions, and the steps of a tool already committed (after a chance step), are
  // sent one by one.
  await commit([action]);
}

export function cancelTool() {
  if (!S.gather) return;
  S.gather = null;
  S.selection = null;
  showError("");
  render();
}

// -- click handlers ------------------------------------------------------------------------------

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

function toggleSelection(selection) {
  const sel = S.selection;
  const same = sel && sel.kind === selection.kind && sel.die === selection.die && sel.index === selection.index && sel.cell === selection.cell;
  S.selection = same ? null : selection;
  render();
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

/** The controls every game page shares: Pass (``passOf()`` gives its notation when legal),
 * Cancel, and Escape (cancel a tool, else drop the selection, else ``escapeMore()``). */
export function bindTurnControls(passOf, escapeMore = () => {}) {
  byTestId("pass-button").addEventListener("click", () => {
    const pass = passOf();
    if (pass) choose(pass);
  });
  byTestId("cancel-tool").addEventListener("click", cancelTool);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (S.gather) cancelTool();
    else if (S.selection) {
      S.selection = null;
      render();
    } else escapeMore();
  });
}
