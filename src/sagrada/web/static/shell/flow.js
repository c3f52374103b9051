// Playing, on every game's page: committing actions, a tool gathered step by step and previewed
// before it is sent, a turn staged (each action previewed, Undo, Confirm turn) for players who
// confirm each turn. A game's page turns its clicks into actions and hands them to choose().

import { api, preference } from "/static/common.js";
import { token, API, S, CONFIRM_KEY, MAX_ACTIONS, byTestId, currentActions } from "./state.js";
import { render } from "./render.js";
import { showError, applyView } from "./socket.js";

/** Commit actions: one, or a whole tool sequence applied together or not at all. */
async function commit(actions) {
  S.busy = true;
  document.body.classList.add("busy");
  try {
    // seq: the actions seen; the server refuses the request if the game has moved on (or if
    // this is a repeat, say a double click), so a turn is never played twice. since: the
    // entries of the log the page holds (the same number), so the answer carries the rest.
    const seq = S.view.history.length;
    const turn = actions.length === 1 ? { action: actions[0] } : { actions };
    const body = { token, ...turn, seq, since: seq };
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
 * Ask the server what may follow the gathered actions, and show their provisional result. They
 * are sent when a tool is complete (unless the turn is staged: see staging()), or when the last
 * one rolls or draws dice (`chance`): the server will not preview past such a step, as its
 * result must not be seen before it is committed.
 */
async function runPreview({ mayCommit = true } = {}) {
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
    // Forget the refused step (the preview shown is still that of the steps before it); if it
    // was the only one, there is nothing left to gather.
    gather.steps.pop();
    gather.kinds.pop();
    if (!gather.steps.length) S.gather = null;
    render();
    return;
  }
  S.busy = false;
  document.body.classList.remove("busy");
  if (S.gather !== gather) return; // cancelled (or a new view came) while waiting
  showError("");
  if (preview.chance || (preview.complete && !staging() && mayCommit)) {
    await commit(gather.steps);
    return;
  }
  gather.preview = preview;
  render();
}

// The kinds of action that start steps gathered until whole (a tool card; a page adds its
// game's own with gatherKinds). The preview says when what they started is whole.
const GATHERED = new Set(["tool"]);

/** Say which kinds of action of the page's game start a tool's steps, besides "tool". */
export function gatherKinds(...kinds) {
  for (const kind of kinds) GATHERED.add(kind);
}

let stagedPage = false;

/** Say that this page stages turns (the dice game's page, which draws Undo and Confirm turn). */
export function offerStaging() {
  stagedPage = true;
}

/** Whether the player's actions are staged until "Confirm turn": on a page that offers it,
 * by their setting "Confirm each turn", during play (the choice of the setup: see
 * stagingSetup()). */
export function staging() {
  return stagedPage && preference(CONFIRM_KEY, true) && Boolean(S.view) && S.view.phase === "play";
}

/** Whether the player's choice of the setup (a window) waits for "Confirm" too: by the same
 * setting. It is not previewed (nothing of it is to be seen before it counts, even when it
 * ends the setup and dice are drawn): clicking another choice replaces it, Undo drops it. */
export function stagingSetup() {
  return stagedPage && preference(CONFIRM_KEY, true) && Boolean(S.view) && S.view.phase === "setup";
}

/** The setup choice staged (its notation), or null. */
export function stagedChoice() {
  return S.gather && S.gather.setup ? S.gather.steps[0] : null;
}

/** Where the tool under way begins among the gathered actions, or null when none is (the
 * gathered actions are then a staged turn, each whole). */
export function toolStart(gather = S.gather) {
  if (!gather || (gather.preview && gather.preview.complete)) return null;
  for (let i = gather.kinds.length - 1; i >= 0; i--) if (GATHERED.has(gather.kinds[i])) return i;
  return null;
}

/** The player chose an action (any click that names a full legal action ends up here). */
export async function choose(action) {
  if (S.busy || S.replay) return;
  S.selection = null;
  S.hint = null;
  const chosen = currentActions().find((a) => a.notation === action) || { notation: action, kind: null, chance: false };
  if (stagingSetup() && (!S.gather || S.gather.setup)) {
    S.gather = { steps: [action], kinds: [chosen.kind], preview: null, base: S.view.history.length, setup: true };
    render();
    return;
  }
  if (!S.gather && !GATHERED.has(chosen.kind) && !staging()) {
    // Ordinary actions when turns are not staged, and the steps of a tool already committed
    // (after a chance step), are sent one by one.
    await commit([action]);
    return;
  }
  // A tool is gathered step by step and previewed, and so is a staged turn: nothing is sent
  // until the tool is whole (or the player confirms the turn).
  if (!S.gather) S.gather = { steps: [], kinds: [], preview: null, base: S.view.history.length };
  S.gather.steps.push(action);
  S.gather.kinds.push(chosen.kind);
  // A step that rolls or draws dice is sent at once, with everything gathered before it; so is
  // a pass (it ends the turn), and a list as long as one request may carry.
  if (chosen.chance || chosen.kind === "pass" || S.gather.steps.length >= MAX_ACTIONS) {
    await commit(S.gather.steps);
    return;
  }
  await runPreview();
}

/** Drop the tool under way (its gathered steps); the actions staged before it stay. */
export function cancelTool() {
  const start = toolStart();
  if (start === null) return;
  dropFrom(start);
}

/** Drop the last gathered action (Undo). */
export function undo() {
  if (!S.gather || S.busy) return;
  dropFrom(S.gather.steps.length - 1);
}

/** End the turn (Confirm turn): send the staged actions as one list, applied together or not
 * at all, with a pass after them when the turn would go on (the engine lists a pass). */
export function confirmTurn() {
  if (!S.gather || S.busy || toolStart() !== null) return;
  const after = (S.gather.preview && S.gather.preview.actions) || [];
  const pass = after.find((action) => action.kind === "pass");
  return commit(pass ? [...S.gather.steps, pass.notation] : S.gather.steps);
}

function dropFrom(index) {
  const gather = S.gather;
  S.selection = null;
  showError("");
  gather.steps.splice(index);
  gather.kinds.splice(index);
  if (!gather.steps.length) {
    S.gather = null;
    render();
    return;
  }
  // What is left was seen before: show it again, and send nothing by itself.
  return runPreview({ mayCommit: false });
}

/** Select (or, clicked again, drop) the first half of a two-click action: a die of a pool
 * (`{kind, die, index}`: two equal dice are two dice) or a cell (`{kind: "move", cell}`). */
export function toggleSelection(selection) {
  const sel = S.selection;
  const same = sel && sel.kind === selection.kind && sel.die === selection.die && sel.index === selection.index && sel.cell === selection.cell;
  S.selection = same ? null : selection;
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
    if (toolStart() !== null) cancelTool();
    else if (S.selection) {
      S.selection = null;
      render();
    } else escapeMore();
  });
}
