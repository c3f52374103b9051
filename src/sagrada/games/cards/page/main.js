// The solo card game's page: shows the seat's view and plays it by clicking. Like the dice
// page (game.js), everything playable comes from the view's `actions`; it reuses that page's
// state, connection (game/socket.js), tool flow (game/flow.js: a tool is gathered step by
// step, previewed, and sent whole) and hints (game/hint.js, with cards/advice.js). Its own
// drawing is in cards/.

import { el, startPage, cellWords } from "/static/common.js";
import { cardWords, showKind, t, tr } from "/static/i18n.js";
import { S, byTestId, shownView, currentActions, $ } from "/static/shell/state.js";
import { setRenderer } from "/static/shell/render.js";
import { showError, loadView, connect } from "/static/shell/socket.js";
import { bindTurnControls, choose } from "/static/shell/flow.js";
import { bindHint, renderHint } from "/static/shell/hint.js";
import { cardActionModel } from "./model.js";
import { CARD_ADVICE } from "./advice.js";
import { renderWindow, renderDrawn, renderBar, renderTools, renderOrders, renderEnd } from "./board.js";
import { setupHelp } from "/static/help.js";
import { bindSheets } from "/static/shell/sheets.js";
import { tableMotion } from "/static/shell/motion.js";

/** Glass cards travelling from the drawn cards to the window. */
const motion = tableMotion({
  pieces: '[data-testid="drawn-card"]',
  places: '[data-testid="cell"]',
  placeKey: (cell) => cell.dataset.cell,
  what: "card",
});

function render() {
  const view = shownView();
  if (!view) return;
  const model = cardActionModel(currentActions());
  // How many actions the page has taken in (tests wait on it before the next click).
  document.body.dataset.seen = String(S.view.history.length);
  $("game-title").textContent = tr("page.cards.game_title", { round: view.round });
  motion.before();
  renderActionBar(view, model);
  renderWindow(view, model);
  renderDrawn(view, model);
  renderBar(view, model);
  renderTools(view, model);
  renderOrders(view);
  renderEnd(view);
  // Last: the hint marks what the table drew.
  renderHint();
  motion.after();
}

function renderActionBar(view, model) {
  const decision = S.gather && S.gather.preview ? S.gather.preview.decision_message : view.decision_message;
  byTestId("decision").textContent = view.phase === "over" ? tr("page.common.game_over") : t(decision);
  $("hint").textContent = hintText(model);
  const buttons = [];
  if (model.stop) buttons.push({ notation: model.stop, label: tr("page.cards.stop"), testid: "stop-button" });
  for (const action of model.other) buttons.push({ notation: action.notation, label: action.notation, testid: "choice-button" });
  $("choices").replaceChildren(
    ...buttons.map((b) =>
      el("button", { type: "button", class: "choice", "data-testid": b.testid, "data-action": b.notation, text: b.label, onclick: () => choose(b.notation) }),
    ),
  );
  byTestId("pass-button").disabled = !model.pass;
  byTestId("pass-button").hidden = view.phase === "over";
  byTestId("cancel-tool").hidden = !S.gather;
}

/** What to click now, in words. */
function hintText(model) {
  if (S.selection && S.selection.kind === "hand") return tr("page.cards.hint.place");
  if (S.selection && S.selection.kind === "move") return tr("page.cards.hint.move_to");
  if (model.pay.size) return tr("page.cards.hint.pay");
  if (model.pick.size) return tr("page.cards.hint.pick");
  if (model.bar.size) return tr("page.cards.hint.bar");
  if (model.moves.size) return tr(model.stop ? "page.cards.hint.move_or_stop" : "page.cards.hint.move");
  if (model.place.size) return tr(model.tools.size ? "page.cards.hint.draw_or_tool" : "page.cards.hint.draw");
  if (model.pass) return tr("page.cards.hint.pass");
  return "";
}

async function init() {
  bindSheets();
  bindTurnControls(() => cardActionModel(currentActions()).pass);
  bindHint(CARD_ADVICE);
  // The engine's messages name tools by number: show their names.
  showKind("cell", cellWords);
  showKind("tool", (number) => {
    const tool = S.view && S.view.tools.find((entry) => entry.number === number);
    return tool ? cardWords(tool, "name") : `#${number}`;
  });
  try {
    await startPage();
  } catch (err) {
    showError(err.message);
  }
  if (await loadView()) connect();
}

setRenderer(render);
init();
// The header's "Rules" button and the "?" key.
setupHelp();
