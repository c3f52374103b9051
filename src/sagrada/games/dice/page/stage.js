// The controls of a staged turn (for players who confirm each turn, the default): the actions
// clicked wait, shown through the server's preview, until "Confirm turn" sends them together;
// "Undo" takes back the last. A step that rolls or draws dice cannot wait (its result must not
// be seen before it counts): it is sent at once, with what is staged, and the page says so.
// The staging itself is flow.js's.

import { bindPreference } from "/static/common.js";
import { S, CONFIRM_KEY, MAX_ACTIONS, byTestId, currentActions } from "/static/shell/state.js";
import { staging, stagedChoice, toolStart, undo, confirmTurn } from "/static/shell/flow.js";
import { render } from "/static/shell/render.js";
import { t, tr } from "/static/i18n.js";

export function bindStageControls() {
  bindPreference(byTestId("confirm-setting"), CONFIRM_KEY, true, () => render());
  byTestId("undo-button").addEventListener("click", undo);
  byTestId("confirm-turn").addEventListener("click", confirmTurn);
}

export function renderStage() {
  const steps = S.gather && !S.replay ? S.gather.steps.length : 0;
  const tool = toolStart() !== null;
  const undoButton = byTestId("undo-button");
  undoButton.hidden = !steps;
  undoButton.disabled = S.busy;
  const confirm = byTestId("confirm-turn");
  // A tool half used cannot be confirmed: finish it, or cancel it.
  confirm.hidden = !steps || tool;
  confirm.disabled = S.busy;
  // A window chosen at the start is confirmed as a window, not a turn.
  confirm.textContent = stagedChoice() ? tr("page.game.confirm_window") : tr("page.game.confirm_turn");
  const ended = S.gather && S.gather.preview && !(S.gather.preview.actions || []).length;
  const note = byTestId("stage-note");
  note.textContent = stagedChoice() ? tr("page.game.not_sent.window") : steps && !tool ? stageNote(steps, ended) : "";
  note.title = tr("page.game.stage.title", { max: MAX_ACTIONS });

  // What cannot wait, said beside it in the engine's words for its chance: a pass that ends
  // the round (the next dice are drawn), a step that rolls dice or draws cards.
  const chancy = staging() && !S.replay ? currentActions().filter((action) => action.chance) : [];
  const chance = byTestId("chance-note");
  chance.hidden = !chancy.length;
  chance.textContent = chancy.length ? chanceNote(chancy) : "";
}

/** What the chance actions bring (each said once), and that they are sent at once. */
function chanceNote(chancy) {
  const words = (actions) => [...new Set(actions.filter((action) => action.chance_message).map((action) => t(action.chance_message)))].join("; ");
  const steps = chancy.filter((action) => action.kind !== "pass");
  if (steps.length) return tr("page.game.stage.step_chance", { what: words(steps) });
  return tr("page.game.stage.pass_chance", { what: words(chancy) });
}

function stageNote(steps, ended) {
  return ended ? tr("page.game.not_sent.ends", { n: steps }) : tr("page.game.not_sent", { n: steps });
}
