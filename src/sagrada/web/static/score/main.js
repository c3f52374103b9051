// The scoring page (/score, /score?game=NAME): a finished window of a physical game entered by
// tapping, scored by the server as `sagrada score` scores it (POST /api/score), for one window
// or a table of players. The game's own form (its page folder's scoring.js, whose address
// /api/registry gives) draws the window and the cards and says what its input is; this module
// keeps the players, the address and the storage (address.js), asks for the score and shows
// it (breakdown.js, players.js). It names no game and counts no point.

import { ApiError, api, el, gameInfo, GAMES, startPage } from "/static/common.js";
import { t, tr } from "/static/i18n.js";
import { setupAccount } from "/static/account/menu.js";
import { setupHelp } from "/static/help.js";
import { addressInput, historyForm, keep, sameInput, stored } from "./address.js";
import { showScore } from "./breakdown.js";
import { showPlayers } from "./players.js";
import { windowEditor } from "./grid.js";
import { palette } from "./palette.js";
import { cardChoice } from "./choices.js";
import { patternChooser } from "./patterns.js";
import { keepOffline } from "./offline.js";

const $ = (id) => document.getElementById(id);

/** The pieces every game's form is built of (the game's scoring.js draws them its way). */
const KIT = { windowEditor, palette, cardChoice, patternChooser };
/** How long the page waits after an edit before asking for the score (edits in a row: once). */
const SETTLE_MS = 120;

let game = null; // the registry's entry of the game scored here
let form = null; // the game's form
let most = 1; // the most players a table may have (the game's)
let nameLimit = null; // the most characters of a player's name (the game's limits.name)
let tieBreaks = [];
let firstTieBreak = null; // the game option's default
/** What is entered: the players (each one's name and window, in turn order), the one whose
 * window is shown, what they share (the public objectives...) and the tie-break. */
let S = null;
let answer = null;
let asking = 0;
let timer = null;
let replaced = false; // the entries were just replaced: the line saying Back restores them stays

async function init() {
  try {
    await startPage();
  } catch (err) {
    fail(err);
    return;
  }
  setupAccount($("account"), () => location.reload());
  game = gameInfo(new URLSearchParams(location.search).get("game"));
  showGames();
  let data;
  let module;
  try {
    if (!game.scoring) throw new ApiError(404, tr("page.score.no_form"));
    [data, module] = await Promise.all([
      // The content's own (English) names, which the input names cards by; the page shows
      // each card by its message in the page's language.
      api("GET", `/api/score/form?game=${encodeURIComponent(game.name)}`),
      import(game.scoring),
    ]);
  } catch (err) {
    fail(err);
    return;
  }
  const limits = data.limits || {};
  most = limits.players || 1;
  nameLimit = limits.name || null;
  tieBreaks = (data.tie_breaks || []).map((choice) => ({ value: choice.value, label: { id: choice.label_id, params: {} } }));
  firstTieBreak = data.default_tie_break || (tieBreaks.length ? tieBreaks[0].value : null);
  form = module.scoringForm(data, { ...KIT, window: $("score-form-window"), cards: $("score-form-cards"), changed, light });
  $("score-players").hidden = most < 2;
  // The example's button comes after "Start again": shown, it moves nothing.
  $("score-example").hidden = !data.example;
  $("score-example").onclick = async () => {
    replacing();
    await restoreFrom(data.example, { push: true });
    replaced = false;
  };
  $("score-reset").onclick = () => {
    replacing();
    S = blank();
    showAll();
    changed({ push: true });
  };
  if (nameLimit) $("score-name-limit").textContent = tr("page.score.player.name.limit", { most: nameLimit });
  if (form.partsHint) $("score-parts-hint").textContent = form.partsHint;
  window.addEventListener("popstate", () => {
    $("score-restorable").textContent = "";
    restoreShown();
  });
  await restoreShown(true);
  $("score").removeAttribute("aria-busy");
  // Once the page stands, its files are kept for a visit without the server.
  keepOffline();
}

/** Scroll `element` into view: smoothly, or at once under prefers-reduced-motion. */
function bringIntoView(element) {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
}

/** What was entered is about to be replaced wholesale (the example, starting again): when
 * there was something, say that Back brings it back. */
function replacing() {
  if (!S) return;
  const was = S;
  S = blank();
  const empty = JSON.stringify(input());
  S = was;
  const something = JSON.stringify(input()) !== empty;
  $("score-restorable").textContent = something ? tr("page.score.restorable") : "";
  replaced = something;
}

function fail(err) {
  $("score").removeAttribute("aria-busy");
  if (err instanceof ApiError && err.status === 0) {
    // The game's form was never fetched on this device: without the server it cannot be drawn.
    $("score-offline").hidden = false;
    $("score-form-window").replaceChildren(el("p", { class: "notice", "data-testid": "score-form-offline", text: tr("page.score.form_needs_server") }));
    return;
  }
  $("score-problem").textContent = tr("page.score.failed", { problem: err.message });
}

/** The other games that can be scored here: a link to each one's form. */
function showGames() {
  const scorable = GAMES.filter((entry) => entry.scoring);
  $("score-games").replaceChildren(
    ...scorable.map((entry) =>
      el("a", {
        href: entry === GAMES[0] ? "/score" : `/score?game=${encodeURIComponent(entry.name)}`,
        class: "button game-link",
        "aria-current": entry.name === game.name ? "page" : undefined,
        text: t({ id: entry.list_label, params: {} }),
      }),
    ),
  );
  $("score-games").hidden = scorable.length < 2;
}

function blank() {
  return { players: [{ name: null, n: 1, window: form.blankWindow() }], current: 0, shared: form.blankShared(), tieBreak: firstTieBreak };
}

/** A player's name: the one given, or "Player n" in the page's language (a name not given is
 * kept as none, so it follows the language the page is shown in). */
function nameOf(player) {
  return player.name || tr("page.score.player", { n: player.n || 1 });
}

// -- the input, and where it is kept ---------------------------------------------------------------

/** The input that `sagrada score` reads: one window's, or a table's (two players or more). */
function input() {
  const table = S.players.length > 1;
  const shared = form.sharedInput(S.shared, { table });
  if (!table) return { ...shared, ...form.windowInput(S.players[0].window, S.shared) };
  const players = S.players.map((player) => ({ name: nameOf(player), ...form.windowInput(player.window, S.shared) }));
  return { ...shared, ...(S.tieBreak ? { tie_break: S.tieBreak } : {}), players };
}

/** Something was entered: keep it (`push`: a completed step, a new entry of the history;
 * `half`: half a die, which the history does not keep) and ask for the score once the edits
 * settle. */
function changed({ push = false, half = false } = {}) {
  if (!replaced) $("score-restorable").textContent = "";
  replaced = false;
  S.players[S.current].window = form.windowState();
  S.shared = form.sharedState();
  keep(game.name, input(), S, { push, half });
  clearTimeout(timer);
  timer = setTimeout(score, SETTLE_MS);
  showTable();
}

/** Show what the address holds: the history's own state of it, or what the storage kept for
 * the same input, or else the input read back through the server. Without an address, the
 * storage's last state (`first`: on opening the page). */
async function restoreShown(first = false) {
  const wanted = addressInput();
  const kept = stored(game.name);
  if (wanted && historyForm()) S = historyForm();
  else if (wanted && kept && sameInput(kept.input, wanted)) S = kept.form;
  else if (wanted) return restoreFrom(wanted, { push: false });
  else if (first && kept) S = kept.form;
  else S = blank();
  showAll();
  keep(game.name, input(), S);
  await score();
}

/** Fill the form from an input (a shared link, the rulebook's example): its fields as they
 * are, its dice as the server reads them back: the score's answer's window, or, for an input
 * the server does not score yet (no private objective chosen...), POST /api/score/read's. The
 * address is rewritten only once every window's dice are read back: never with less than the
 * link held. */
async function restoreFrom(given, { push }) {
  const table = Array.isArray(given.players);
  const windows = table ? given.players : [given];
  S = {
    players: windows.map((entry, i) => ({ name: entry.name || null, n: i + 1, window: form.windowFromInput(entry, given) })),
    current: 0,
    shared: form.sharedFromInput(given),
    tieBreak: given.tie_break || firstTieBreak,
  };
  // An input the form knows is incomplete is not sent to be scored: its hint says what it needs.
  const complete = !S.players.some((player) => form.missing(player.window, S.shared));
  const found = complete ? await ask(given) : null;
  const read = found ? (table ? found.players : [found]).map((entry) => entry.window) : await readBack(given, windows.length);
  if (read) S.players.forEach((player, i) => (player.window = read[i] ? form.withAnswer(player.window, read[i]) : player.window));
  showAll();
  if (read && read.every(Boolean)) keep(game.name, input(), S, { push });
  // A refusal of a complete input is shown as ask() found it; an incomplete one, its hint.
  if (found) shown(found);
  else if (!complete) await score();
}

/** The windows of `given` as the server reads them back (POST /api/score/read): `count`
 * windows, each null where it cannot be read; null when the server cannot be asked. */
async function readBack(given, count) {
  try {
    const found = await api("POST", `/api/score/read?game=${encodeURIComponent(game.name)}`, given);
    const windows = Array.isArray(found.players) ? found.players.map((entry) => entry.window) : [found.window];
    return windows.length === count ? windows : null;
  } catch {
    return null;
  }
}

// -- the score ----------------------------------------------------------------------------------

/** Ask the server for the score of `body`: its answer, or null (the reason shown). */
async function ask(body) {
  const mine = ++asking;
  $("score-result").setAttribute("aria-busy", "true");
  try {
    const found = await api("POST", `/api/score?game=${encodeURIComponent(game.name)}`, body);
    if (mine !== asking) return null;
    $("score-offline").hidden = true;
    $("score-problem").textContent = "";
    return found;
  } catch (err) {
    if (mine !== asking) return null;
    // Unreachable (fetch rejected): the server scores, so say so, and keep what was entered.
    $("score-offline").hidden = !(err instanceof ApiError && err.status === 0);
    $("score-problem").textContent = err.status === 0 ? "" : err.message;
    answer = null;
    showScore(null, light);
    showTable();
    return null;
  } finally {
    if (mine === asking) $("score-result").removeAttribute("aria-busy");
  }
}

async function score() {
  clearTimeout(timer);
  // Until the form has what the score needs, it says what is missing instead of asking.
  const missing = S.players.map((player) => form.missing(player.window, S.shared)).find(Boolean) || null;
  $("score-missing").textContent = missing || "";
  if (missing) {
    ++asking;
    $("score-problem").textContent = "";
    shown(null);
    return;
  }
  const found = await ask(input());
  if (found) shown(found);
}

function shown(found) {
  answer = found;
  showScore(current(), light);
  showTable();
}

/** The answer for the window shown (a table's: its player's). */
function current() {
  if (!answer) return null;
  return Array.isArray(answer.players) ? answer.players[S.current] || null : answer;
}

function light(scored, warned) {
  form.light(scored, warned);
}

// -- the table of players -------------------------------------------------------------------------

function showAll() {
  form.show(S.players[S.current].window, S.shared, { table: S.players.length > 1 });
  $("score-editing").textContent = S.players.length > 1 ? tr("page.score.editing", { name: nameOf(S.players[S.current]) }) : "";
  showScore(current(), light);
  showTable();
}

function showTable() {
  if (most < 2) return;
  showPlayers({ players: S.players.map((player) => ({ name: nameOf(player) })), current: S.current, answer, most, nameLimit, tieBreaks, tieBreak: S.tieBreak }, TABLE);
}

const TABLE = {
  add() {
    const n = Math.max(...S.players.map((player) => player.n || 1)) + 1;
    S.players.push({ name: null, n, window: form.blankWindow() });
    S.current = S.players.length - 1;
    answer = null;
    showAll();
    changed({ push: true });
    // The new player's empty window, to be entered now.
    bringIntoView($("score-form-window"));
  },
  rename(i, name) {
    S.players[i].name = name.trim() || null;
    showAll();
    changed({ push: true });
  },
  remove(i) {
    S.players.splice(i, 1);
    S.current = Math.min(S.current, S.players.length - 1);
    answer = null;
    showAll();
    changed({ push: true });
  },
  move(i, by) {
    const [player] = S.players.splice(i, 1);
    S.players.splice(i + by, 0, player);
    if (S.current === i) S.current = i + by;
    else if (S.current === i + by) S.current = i;
    answer = null;
    showAll();
    changed({ push: true });
  },
  open(i) {
    S.current = i;
    showAll();
    changed({ push: true });
  },
  tieBreak(value) {
    S.tieBreak = value;
    changed({ push: true });
  },
};

setupHelp();
init();
