// Shared helpers for the lobby and the game page: HTTP calls, dice and colours, small DOM
// builders and the colour-blind preference. No framework: plain ES module.

import { loadMessages, setupLanguageSwitch, t, tr, translatePage } from "./i18n.js";

/** Colour letters in the engine's order, with their colour-blind glyphs (the names are the
 * catalogue's: colourName). The glyphs are shapes that cannot be taken for a pip (no round
 * dot), shown small in a corner. */
export const COLOURS = {
  R: { glyph: "✚" },
  Y: { glyph: "▲" },
  G: { glyph: "■" },
  B: { glyph: "◆" },
  P: { glyph: "★" },
};

/** A colour's name in the page's language ("R" → "red"): the engine's message colour.R. */
export function colourName(letter) {
  return t({ id: `colour.${letter}`, params: {} });
}
export const COLOUR_LETTERS = Object.keys(COLOURS);

/** Row letters and column numbers of a window: A1 top-left, D5 bottom-right. */
export const ROWS = ["A", "B", "C", "D"];
export const COLS = [1, 2, 3, 4, 5];
export const CELLS = ROWS.flatMap((r) => COLS.map((c) => r + c));

/** A window's space (a message parameter of the kind cell: "B4") in words: "row 2, column 4". */
export function cellWords(cell) {
  const index = CELLS.indexOf(cell);
  if (index < 0) return String(cell);
  return tr("page.common.cell", { row: Math.floor(index / COLS.length) + 1, column: (index % COLS.length) + 1 });
}

/** Which of the nine pip positions (row-major in a 3×3 grid) are dotted for each value. */
const PIPS = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** An error carrying the server's reason (its message in the page's language, else its
 * `detail`), the HTTP status, and the reason as a message (`reason`, an {id, params} object)
 * when the server gave one. */
export class ApiError extends Error {
  constructor(status, detail, reason = null) {
    super(detail);
    this.status = status;
    this.reason = reason;
  }
}

/**
 * Call the JSON API. Resolves to the parsed body; rejects with an ApiError whose message is
 * the server's `detail` (or a readable fallback), so callers can show it as is.
 */
export async function api(method, path, body, { token = null } = {}) {
  const init = { method, headers: {} };
  // A seat's token goes in a header, never in the address (docs/web-api.md).
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, tr("page.common.unreachable"));
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    // A reason the server gives as a message is shown in the page's language.
    const reason = (data && data.message) || null;
    throw new ApiError(response.status, reason ? t(reason) : describeDetail(data, response), reason);
  }
  return data;
}

/** Turn a FastAPI error body (a string, or a list of validation errors) into one sentence. */
function describeDetail(data, response) {
  const detail = data && data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) => (d.loc ? `${d.loc.filter((x) => x !== "body").join(".")}: ` : "") + d.msg)
      .join("; ");
  }
  return `${response.status} ${response.statusText || "error"}`;
}

/** Split "R3" into {colour: "R", value: 3}. */
export function parseDie(die) {
  return { colour: die[0], value: Number(die.slice(1)) };
}

/** "R3" → "red 3", for aria-labels and text. */
export function dieLabel(die) {
  const { colour, value } = parseDie(die);
  // A die of no colour of the bag (a masterwork die) is drawn by its own module; its text
  // stands for it here.
  return colour in COLOURS ? tr("page.common.die", { colour, value }) : die;
}

/** Create an element with attributes and children in one go. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The nine pip slots of a face; `value` 0 gives an empty face. */
function pips(value) {
  const on = new Set(PIPS[value] || []);
  const grid = el("span", { class: "pips", "aria-hidden": "true" });
  for (let i = 0; i < 9; i++) grid.append(el("span", { class: on.has(i) ? "pip on" : "pip" }));
  return grid;
}

/** The colour-blind glyph of a colour (shown only in colour-blind mode, via CSS); `colours`
 * maps letters to their glyphs (the card game has its own black). */
export function glyph(colour, colours = COLOURS) {
  return el("span", { class: "glyph", "aria-hidden": "true", text: colours[colour].glyph });
}

/**
 * A die face (a span, so it can sit inside a button): coloured square with pips, a glyph for
 * colour-blind mode and the number for screen readers via the parent's aria-label.
 */
export function dieFace(die) {
  const { colour, value } = parseDie(die);
  return el(
    "span",
    { class: `face die colour-${colour}`, dataset: { value: String(value) } },
    pips(value),
    glyph(colour),
  );
}

/** A button showing a die: pool dice, own-pool dice, round-track dice. */
export function dieButton(die, attrs = {}) {
  return el(
    "button",
    { type: "button", class: "die-button", "aria-label": dieLabel(die), ...attrs },
    dieFace(die),
  );
}

/** The mark of a card the project defined (the printed card's text is not available): a
 * small badge; what it means is its tooltip and its accessible name. */
export function houseNote() {
  const meaning = t({ id: "card.house", params: {} });
  return el("span", { class: "house-note", "data-testid": "house-note", role: "img", title: meaning, "aria-label": meaning, text: "⌂" });
}

/** Favor tokens drawn as small gems (`n` of them), for the eye only: the words beside them
 * say the number. */
export function gems(n) {
  return el("span", { class: "gems", "aria-hidden": "true" }, Array.from({ length: n }, () => el("span", { class: "gem" })));
}

/** The face of an empty window space: its colour or value restriction, or blank. */
export function spaceFace(restriction) {
  if (restriction in COLOURS) {
    return el("span", { class: `face space colour-${restriction}` }, glyph(restriction));
  }
  if (/^[1-6]$/.test(restriction)) {
    return el("span", { class: "face space shade" }, pips(Number(restriction)));
  }
  return el("span", { class: "face space blank" });
}

/** Words for a space's restriction: "requires blue", "requires 3", "no restriction". */
export function restrictionLabel(restriction) {
  if (restriction in COLOURS) return tr("page.common.requires_colour", { colour: restriction });
  if (/^[1-6]$/.test(restriction)) return tr("page.common.requires_value", { value: Number(restriction) });
  return tr("page.common.no_restriction");
}

/** A small map of the window with `cells` dark: the spaces a card names (a private objective
 * of the 5 & 6 Player Expansion), for the eye only. */
export function spacesMap(cells) {
  const on = new Set(cells);
  return el("span", { class: "mask", "aria-hidden": "true" }, CELLS.map((c) => el("span", { class: on.has(c) ? "on" : "" })));
}

/** The restriction at a cell ("B4") of a pattern grid (4 strings of 5 characters). */
export function restrictionAt(grid, cell) {
  return grid[ROWS.indexOf(cell[0])][Number(cell.slice(1)) - 1];
}

/** Start a page: its words in the reader's language (the catalogue loaded, the markup's words
 * filled in, the language switch), and the colour-blind toggle. Resolves once the page can
 * render messages; rejects when the catalogue cannot be loaded. */
export async function startPage() {
  const toggle = document.querySelector('[data-testid="colour-blind-toggle"]');
  if (toggle) setupColourBlindToggle(toggle);
  await Promise.all([loadMessages(api), loadGames()]);
  translatePage();
  setupLanguageSwitch(document.querySelector('[data-testid="language"]'));
}

// -- colour-blind mode: a body class, remembered in localStorage ----------------------------

const CB_KEY = "sagrada.colourBlind";

export function colourBlindOn() {
  try {
    return localStorage.getItem(CB_KEY) === "1";
  } catch {
    return false;
  }
}

function applyColourBlind(on, button) {
  document.body.classList.toggle("colour-blind", on);
  if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
}

/** Wire a toggle button (data-testid="colour-blind-toggle") to the stored preference. */
export function setupColourBlindToggle(button) {
  applyColourBlind(colourBlindOn(), button);
  button.addEventListener("click", () => {
    const on = !document.body.classList.contains("colour-blind");
    try {
      localStorage.setItem(CB_KEY, on ? "1" : "0");
    } catch {
      // Private mode without storage: the toggle still works for this page.
    }
    applyColourBlind(on, button);
  });
}

// -- a player's other preferences (confirm each turn, sound), remembered in localStorage ------

/** A remembered on/off preference (`key` in localStorage), `fallback` when none is kept. */
export function preference(key, fallback) {
  try {
    const kept = localStorage.getItem(key);
    return kept === null ? fallback : kept === "1";
  } catch {
    return fallback;
  }
}

export function setPreference(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    // Private mode without storage: the preference holds for this page only.
  }
}

/** Wire a checkbox to a remembered preference; `changed(on)` runs after each change. */
export function bindPreference(box, key, fallback, changed = () => {}) {
  box.checked = preference(key, fallback);
  box.addEventListener("change", () => {
    setPreference(key, box.checked);
    changed(box.checked);
  });
}

// -- seat tokens, remembered so a player can find their games again -------------------------

const TOKENS_KEY = "sagrada.tokens";

export function rememberedTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

export function rememberToken(gameId, seat, token) {
  try {
    const all = rememberedTokens();
    all[gameId] = { seat, token };
    localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
  } catch {
    // Storage unavailable: the seat's link still carries the token.
  }
}

/** Forget the seat remembered for game `gameId` (a game over, or gone). */
export function forgetToken(gameId) {
  try {
    const all = rememberedTokens();
    delete all[gameId];
    localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
  } catch {
    // Storage unavailable: nothing was remembered.
  }
}

// -- the games this server plays (GET /api/registry), loaded by startPage -----------------

/** Each game the server plays: {name, title, page, static}, the default game first. */
export let GAMES = [];
let gamesLoading = null;

/** Load the games (once: every caller waits for the same answer; a failure is tried again
 * by the next call). Resolves to GAMES. */
export function loadGames() {
  if (!gamesLoading) {
    gamesLoading = api("GET", "/api/registry").then(
      (games) => {
        GAMES = games;
        return games;
      },
      (err) => {
        gamesLoading = null;
        throw err;
      },
    );
  }
  return gamesLoading;
}

/** The game called `name` (the default game for null or a name the server does not know). */
export function gameInfo(name = null) {
  return GAMES.find((game) => game.name === name) || GAMES[0];
}

/** The URL of a seat's page of game `gameId` (a game of `game`, by name: by default the game
 * of the page it is called on, its body's data-game, else the default game), with the seat's
 * token when there is one, in the fragment (#token=…): no server ever sees it, and the page
 * moves it out of the address at once (shell/state.js). */
export function gameUrl(gameId, token, game = document.body.dataset.game || null) {
  const path = `${gameInfo(game).page}/${encodeURIComponent(gameId)}`;
  return token ? `${path}#token=${encodeURIComponent(token)}` : path;
}

/** Open `url` in place of this page. An address that differs from this page's only in its
 * fragment (a seat's token) is loaded afresh, where the browser would only scroll. */
export function openPage(url) {
  const target = new URL(url, location.href);
  if (target.pathname === location.pathname && target.search === location.search) {
    history.replaceState(history.state, "", target.href);
    location.reload();
  } else {
    location.replace(target.href);
  }
}

/** Copy text to the clipboard, with a fallback for pages that are not a secure context. */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Fall through to the old way.
    }
  }
  const area = el("textarea", { class: "offscreen", readonly: true });
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
