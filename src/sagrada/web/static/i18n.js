// The engine's messages, rendered in the page: the engine sends {id, params} objects (the
// decision, log lines, score formulas, refusals) and GET /api/messages serves the catalogue
// it renders them from; this module renders them the same way. Nothing here knows a message.

let catalogue = { language: "en", plural: "(n != 1)", kinds: {}, messages: {} };
let pluralIndex = (n) => (n !== 1 ? 1 : 0);
/** How the page shows a parameter of each kind (player → a name, tool → a card's name). */
const shown = {};

/** Load the catalogue of `language` (GET /api/messages); resolves once it can render. */
export async function loadMessages(api, language = "en") {
  catalogue = await api("GET", `/api/messages?language=${encodeURIComponent(language)}`);
  // The gettext plural expression of the language, a C expression in n (valid JavaScript):
  // compiled once, after checking it holds nothing but n, numbers and operators.
  if (/^[n0-9\s()!=<>&|?:%+\-*/]+$/.test(catalogue.plural)) {
    pluralIndex = new Function("n", `"use strict"; return Number(${catalogue.plural});`);
  }
}

/** Say how a parameter of `kind` is shown: `show(value)` returns its text. */
export function showKind(kind, show) {
  shown[kind] = show;
}

/** The text of an engine message ({id, params}); a plain string is returned as it is. */
export function t(message) {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") return message;
  const entry = catalogue.messages[message.id];
  if (entry === undefined) return message.id;
  const params = message.params || {};
  const text = Array.isArray(entry) ? entry[Math.min(pluralIndex(params.n), entry.length - 1)] : entry;
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in params ? param(name, params[name]) : field));
}

function param(name, value) {
  if (value !== null && typeof value === "object") return t(value);
  const kind = catalogue.kinds[name];
  if (kind && shown[kind]) return shown[kind](value);
  // A colour letter is a message of the catalogue of its own (colour.R → "red").
  if (kind === "colour") return t({ id: `colour.${value}`, params: {} });
  return String(value);
}
