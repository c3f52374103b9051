// The game page: shows the seat's view (from the WebSocket, or GET /view) and plays by
// clicking. Everything playable comes from the view's `actions` (objects with notation, kind
// and fields, listed by the engine), so the page needs no rules of its own: it only groups the
// legal actions by what the player clicks.
//
// The entry point: draws the whole page (render) and starts it (init). The dice game's own
// modules are beside it (model, clicks, advice, stage, header, board, masterwork, orange,
// apprentice, log, end, score); what every game's page shares is the shell's, /static/shell/
// (state, render, socket, flow, hint, replay, rematch, chat, clock, alert, sheets): see each module's
// first lines.

import { api, startPage, rememberedTokens, rememberToken, gameUrl, openPage, cellWords } from "/static/common.js";
import { dieWords } from "./orange.js";
import { cardWords, showKind, tr } from "/static/i18n.js";
import { gameId, token, invite, API, S, byTestId, playerName, mySeat, shownView, currentActions, $ } from "/static/shell/state.js";
import { setCards, CARDS, actionModel } from "./model.js";
import { setRenderer } from "/static/shell/render.js";
import { showError, loadView, connect, onSocket, watchViews } from "/static/shell/socket.js";
import { bindTurnControls, gatherKinds, offerStaging } from "/static/shell/flow.js";
import { DICE_ADVICE } from "./advice.js";
import { bindStageControls, renderStage } from "./stage.js";
import { renderHeader, renderActionBar } from "./header.js";
import { renderSetup, renderPlayers, renderPool, renderTrack, renderTools, renderPublics, renderBag } from "./board.js";
import { renderMasterwork } from "./masterwork.js";
import { renderApprentice } from "./apprentice.js";
import { renderLog, bindLogControls, noteRounds } from "./log.js";
import { renderEnd, pinPart } from "./end.js";
import { renderReplayBanner } from "/static/shell/replay.js";
import { bindChat, loadChat, addMessage } from "/static/shell/chat.js";
import { startClocks, renderTurnClock } from "/static/shell/clock.js";
import { bindHint, renderHint } from "/static/shell/hint.js";
import { renderLiveScore } from "./score.js";
import { bindAlerts, renderAlerts } from "/static/shell/alert.js";
import { setupHelp } from "/static/help.js";
import { bindSheets } from "/static/shell/sheets.js";
import { tableMotion } from "/static/shell/motion.js";

/** Dice travelling from the Draft Pool to a window, and rolled into the pool. */
const motion = tableMotion({
  pieces: '[data-testid="pool-die"]',
  places: '[data-testid="cell"]',
  placeKey: (cell) => `${cell.dataset.seat}:${cell.dataset.cell}`,
  // A new round's dice are all rolled anew.
  epoch: () => shownView()?.round ?? null,
});
/** The die in hand: a tool's change to it (a re-roll, +1 or -1, a flip) shows on it. */
const handMotion = tableMotion({
  pieces: '[data-testid="held-die"]',
  arrivals: false,
});

/** Re-render everything, keeping keyboard focus on the "same" element (by data-key). */
function render() {
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const view = shownView();
  document.body.classList.toggle("replaying", Boolean(S.replay));
  if (!view) return;
  const model = actionModel(currentActions());
  motion.before();
  handMotion.before();
  renderHeader(view);
  // A player's settings (confirm each turn, sound, notifications): nothing for a spectator.
  $("settings").hidden = mySeat(S.view) === null;
  renderTurnClock();
  renderAlerts();
  renderActionBar(view, model);
  renderStage();
  renderSetup(view, model);
  renderPlayers(view, model);
  renderPool(view, model);
  renderApprentice(view, model);
  renderMasterwork(view, model);
  renderTrack(view, model);
  renderTools(view, model);
  renderPublics(view);
  renderBag(view);
  renderLog();
  renderLiveScore(view);
  renderEnd();
  renderReplayBanner();
  // Last: the hint marks what the table drew.
  renderHint();
  motion.after();
  handMotion.after();
  if (focusKey) {
    const again = document.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

// -- start --------------------------------------------------------------------------------------

async function init() {
  // The page's words first (the catalogue, the markup's words, the language switch and the
  // colour-blind toggle): everything after speaks the reader's language, the invite's
  // answer too.
  try {
    await startPage();
  } catch (err) {
    showError(err.message);
  }
  bindSheets();
  bindLogControls();
  offerStaging();
  // Playing an apprentice card (an apprentice's tool) is gathered like a tool's steps.
  gatherKinds("activate", "discard");
  watchViews(noteRounds);
  bindTurnControls(
    () => actionModel(currentActions()).pass,
    () => S.scorePin && pinPart(S.scorePin.seat, S.scorePin.part),
  );
  bindStageControls();
  bindHint(DICE_ADVICE);
  bindAlerts();
  if (invite && !token) {
    redeemInvite();
    return;
  }
  bindChat();
  onSocket("chat", addMessage);
  // Each connection (the first, and after a drop) catches up on the chat.
  onSocket("open", loadChat);
  startClocks();
  // The engine's messages name players by seat, tools and apprentice cards by number: show
  // names.
  showKind("player", (seat) => playerName(seat));
  showKind("cell", cellWords);
  showKind("tool", (number) => {
    const card = CARDS.tools.find((tool) => tool.number === number);
    return card ? cardWords(card, "name") : `#${number}`;
  });
  // A die in words ("red 3"), a masterwork die by its symbol and turn.
  showKind("die", dieWords);
  showKind("apprentice_card", (number) => {
    const card = (CARDS.apprentice_cards || []).find((entry) => entry.number === number);
    return card ? cardWords(card, "name") : `#${number}`;
  });
  // The cards (names and spaces of the objectives) first; then the first view by REST (quick,
  // and it tells a bad link at once); then live updates.
  api("GET", "/api/cards")
    .then(setCards)
    .catch((err) => showError(err.message))
    .then(() => loadView())
    .then((ok) => ok && connect());
}

/** Exchange the invite code for a seat token (once), then load the page again as that seat. */
async function redeemInvite() {
  const remembered = rememberedTokens()[gameId];
  if (remembered && remembered.token) {
    openPage(gameUrl(gameId, remembered.token));
    return;
  }
  try {
    const seat = await api("POST", `${API}/join`, { invite });
    rememberToken(gameId, seat.seat, seat.token);
    openPage(gameUrl(gameId, seat.token));
  } catch (err) {
    if (err.status === 409) showSeatTaken(err.message);
    else showError(err.message);
  }
}

/** The invited seat is taken (the link was used, or the game is full): say why, and offer to
 * watch the game or go back to the lobby, instead of a page with nothing on it. */
function showSeatTaken(reason) {
  $("seat-taken").hidden = false;
  byTestId("seat-taken-reason").textContent = reason ? reason[0].toUpperCase() + reason.slice(1) + "." : "";
  byTestId("watch-this-game").href = gameUrl(gameId);
  $("action-bar").hidden = true;
  document.querySelector("main").hidden = true;
  setConnectionIdle();
}

function setConnectionIdle() {
  const box = $("connection");
  box.textContent = tr("page.common.connection.down");
  box.dataset.state = "down";
}

setRenderer(render);
init();
// The header's "Rules" button and the "?" key.
setupHelp();
