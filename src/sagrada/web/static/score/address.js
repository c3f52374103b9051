// What the scoring page holds, kept where a person finds it again: in the address's fragment
// (/score# + base64url of the UTF-8 JSON of the input that `sagrada score` reads), so a link
// reproduces it, and in the browser's storage, so a visit without a link starts where the last
// one ended. Each edit replaces the history's entry; a completed step (a die, a window, a card)
// pushes a new one, so Back steps back through them. The form's own state rides along in the
// history entry and the storage: restoring it never has to read the dice's notation.

/** The storage key of a game's last input and form state. */
function storageKey(game) {
  return `sagrada.score.${game}`;
}

/** The base64url text of `value`'s JSON (UTF-8), without padding. */
export function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The value whose JSON `text` is in base64url (null when it is not). */
export function decode(text) {
  try {
    const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}

/** The input the address carries (null: none, or not one this page wrote). */
export function addressInput() {
  const text = location.hash.slice(1);
  if (!text) return null;
  const input = decode(text);
  return input && typeof input === "object" && !Array.isArray(input) ? input : null;
}

/** The form's state the history keeps for the entry shown now (null: none). */
export function historyForm() {
  return (history.state && history.state.score) || null;
}

/** Keep `input` in the address and `form` (the page's state) with it, in the history (`push`:
 * a new entry, else the current one replaced; `half`: half a step, which the history does not
 * keep, so that each of its entries is a state the player saw whole) and in the storage of
 * `game`. */
export function keep(game, input, form, { push = false, half = false } = {}) {
  const address = `${location.pathname}${location.search}#${encode(input)}`;
  if (half) {
    // The history's entry keeps the last whole state.
  } else if (push) history.pushState({ score: form }, "", address);
  else history.replaceState({ score: form }, "", address);
  try {
    localStorage.setItem(storageKey(game), JSON.stringify({ input, form }));
  } catch {
    // No storage (a private window): the address still holds everything.
  }
}

/** What the storage kept of `game` ({input, form}), or null. */
export function stored(game) {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(game)) || "null");
    return kept && kept.input && kept.form ? kept : null;
  } catch {
    return null;
  }
}

/** Whether two inputs are the same (their JSON, written the same way by this page). */
export function sameInput(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
