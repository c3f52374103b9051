// Every text of the pages, in the reader's language. The engine sends its messages as {id,
// params} objects (the decision, log lines, score formulas, refusals); the pages' own words are
// messages of the same catalogue (ids page.*), so there is one place per language for all of
// them: GET /api/messages serves it, and this module renders from it.
//
// The language: the one chosen in the page's switch (remembered in localStorage), else the one
// the server picks from the browser's languages (Accept-Language), else English. Static pages
// name their words in the markup (data-i18n="page.game.pool" for the text, data-i18n-title,
// data-i18n-placeholder, data-i18n-aria-label for attributes) and translatePage() fills them in.

import { compilePlural } from "./plural.js";

const LANGUAGE_KEY = "sagrada.language";

let catalogue = { language: "en", languages: [], plural: "(n != 1)", kinds: {}, messages: {} };
let pluralIndex = (n) => (n !== 1 ? 1 : 0);
let loaded = null;
/** How the page shows a parameter of each kind (player → a name, tool → a card's name). */
const shown = {};

function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Load the catalogue of the page's language (GET /api/messages), once per page however often
 * it is called; resolves once it can render. A remembered language the server no longer has
 * gives way to the browser's.
 */
export function loadMessages(api) {
  if (!loaded) loaded = fetchCatalogue(api);
  return loaded;
}

async function fetchCatalogue(api) {
  const stored = storedLanguage();
  try {
    catalogue = await api("GET", stored ? `/api/messages?language=${encodeURIComponent(stored)}` : "/api/messages");
  } catch (err) {
    if (!stored) throw err;
    catalogue = await api("GET", "/api/messages");
  }
  // The gettext plural expression of the language, a C expression in n: read once (without
  // eval, which the pages' Content-Security-Policy forbids); English's rule if it is not one.
  try {
    pluralIndex = compilePlural(catalogue.plural);
  } catch {
    pluralIndex = (n) => (n !== 1 ? 1 : 0);
  }
  document.documentElement.lang = catalogue.language;
}

/** The language the page speaks (a catalogue's code: "en", "de"). */
export function pageLanguage() {
  return catalogue.language;
}

/** Say how a parameter of `kind` is shown: `show(value)` returns its text. */
export function showKind(kind, show) {
  shown[kind] = show;
}

/** The text of a message ({id, params}); a plain string is returned as it is. */
export function t(message) {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") return message;
  const entry = catalogue.messages[message.id];
  if (entry === undefined) return message.id;
  const params = message.params || {};
  const text = Array.isArray(entry) ? entry[Math.min(pluralIndex(params.n), entry.length - 1)] : entry;
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in params ? param(name, params[name]) : field));
}

/**
 * A card's words in the page's language: the server sends a card's name, text and restriction
 * as the content gives them (English) and, where the catalogues translate them, the message
 * beside each (name_message, text_message, restriction_message); a content file's own words
 * have none and are shown as they are.
 */
export function cardWords(card, field) {
  if (!card) return "";
  const message = card[`${field}_message`];
  return message ? t(message) : card[field] || "";
}

/** A masterwork die's symbol ("corner") by its name in the page's language. */
export function symbolName(symbol) {
  return symbol ? t({ id: `masterwork.symbol.${symbol}`, params: {} }) : "";
}

/** The text of the catalogue's message `id` with `params`: the pages' own words. */
export function tr(id, params = {}) {
  return t({ id, params });
}

function param(name, value) {
  if (value !== null && typeof value === "object") return t(value);
  const kind = catalogue.kinds[name];
  if (kind && shown[kind]) return shown[kind](value);
  // A colour letter is a message of the catalogue of its own (colour.R → "red"), and so is a
  // masterwork symbol's name (masterwork.symbol.corner).
  if (kind === "colour") return t({ id: `colour.${value}`, params: {} });
  if (kind === "symbol") return symbolName(value);
  return String(value);
}

/** The attributes a page's markup names messages for: data-i18n-<attribute>="id". */
const ATTRIBUTES = ["title", "placeholder", "aria-label"];

/** Fill in the words the markup under `root` names (data-i18n and data-i18n-<attribute>). */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = tr(node.dataset.i18n);
  for (const attribute of ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, tr(node.getAttribute(`data-i18n-${attribute}`)));
    }
  }
}

/** A date and time, short, in the page's language (digits only: no "PM" to translate). */
export function formatDate(date) {
  return date.toLocaleString(catalogue.language, { dateStyle: "short", timeStyle: "short", hourCycle: "h23" });
}

/** Fill a select with every language there is, each by its own name, `chosen` selected. */
export function fillLanguages(select, chosen = catalogue.language) {
  select.replaceChildren(
    ...catalogue.languages.map(({ code, name }) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = name;
      return option;
    }),
  );
  select.value = chosen;
}

/** Remember `code` as the pages' language and show the page again in it; false (nothing
 * done) without storage, where the choice could not outlive a reload. */
export function switchLanguage(code) {
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/** Wire the page's language switch (a select): every language there is, each by its own name;
 * choosing one remembers it and shows the page again in it. */
export function setupLanguageSwitch(select) {
  if (!select) return;
  fillLanguages(select);
  select.addEventListener("change", () => {
    if (!switchLanguage(select.value)) select.value = catalogue.language;
  });
}
