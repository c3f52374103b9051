// The replay of a finished game, step by step, for every game's end screen: its controls, the
// position in words, and the views of earlier steps (GET /replay/N).

import { api, el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";
import { API, S, $, byTestId, playerName } from "./state.js";
import { render } from "./render.js";
import { showError } from "./socket.js";

/** The replay controls of a finished game, for a game's end screen. */
export function replayControls(view) {
  const total = view.history.length;
  const slider = el("input", {
    type: "range",
    min: "0",
    max: String(total),
    value: String(total),
    step: "1",
    "data-testid": "replay-slider",
    "aria-label": tr("page.common.replay.position"),
    oninput: (e) => scheduleReplay(Number(e.target.value)),
  });
  const step = (delta) => () => scheduleReplay((S.replay ? S.replay.n : total) + delta, 0);
  return el(
    "div",
    { class: "replay", "data-testid": "replay" },
    el("h3", { text: tr("page.common.replay") }),
    el(
      "div",
      { class: "replay-row" },
      el("button", { type: "button", "data-testid": "replay-first", "aria-label": tr("page.common.replay.first"), text: "«", onclick: () => scheduleReplay(0, 0) }),
      el("button", { type: "button", "data-testid": "replay-prev", "aria-label": tr("page.common.replay.previous"), text: "◀", onclick: step(-1) }),
      slider,
      el("button", { type: "button", "data-testid": "replay-next", "aria-label": tr("page.common.replay.next"), text: "▶", onclick: step(1) }),
      el("button", { type: "button", "data-testid": "replay-last", "aria-label": tr("page.common.replay.last"), text: "»", onclick: () => scheduleReplay(total, 0) }),
      el("button", { type: "button", "data-testid": "replay-exit", text: tr("page.common.replay.exit"), onclick: exitReplay }),
    ),
    el("p", { id: "replay-position", class: "hint", "aria-live": "polite", text: replayLabel() }),
  );
}

/** Set the replay controls (of any game's end screen) to the step shown. */
export function showReplayPosition(view) {
  const slider = byTestId("replay-slider");
  if (slider) slider.value = String(S.replay ? S.replay.n : view.history.length);
  const label = $("replay-position");
  if (label) label.textContent = replayLabel();
}

/** Where the replay stands, in words (the log line of the last action replayed, where the
 * view has one: a view without `history_actions` gives the step only). */
export function replayLabel() {
  const total = S.view ? S.view.history.length : 0;
  if (!S.replay) return tr("page.common.replay.final", { n: total });
  const step = S.replay.n;
  if (step === 0) return tr("page.common.replay.start", { n: total });
  const logged = S.view.history_actions ? S.view.history_actions[step - 1] : null;
  const seat = (S.view.history_seats || [])[step - 1];
  if (!logged) return tr("page.common.replay.after", { step, n: total });
  const action = t(logged.message);
  if (typeof seat !== "number") return tr("page.common.replay.after_action", { step, n: total, action });
  return tr("page.common.replay.after_by", { step, n: total, name: playerName(seat), action });
}

let replayTimer = null;
let replayWanted = null;

/** Slider moves come fast: fetch only the position the slider rests on. */
function scheduleReplay(n, delay = 120) {
  const total = S.view.history.length;
  replayWanted = Math.max(0, Math.min(total, n));
  clearTimeout(replayTimer);
  replayTimer = setTimeout(() => loadReplay(replayWanted), delay);
}

async function loadReplay(n) {
  try {
    const view = await api("GET", `${API}/replay/${n}`);
    if (n !== replayWanted) return;
    S.replay = { n, view };
    S.selection = null;
    render();
  } catch (err) {
    showError(err.message);
  }
}

function exitReplay() {
  S.replay = null;
  render();
}

export function renderReplayBanner() {
  const banner = $("replay-banner");
  banner.hidden = !S.replay;
  if (S.replay) banner.textContent = tr("page.game.replay_banner", { position: replayLabel() });
}
