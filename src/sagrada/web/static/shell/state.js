// Where we are and what the page knows, for every game's page: the game, the seat's token and
// the API path; the page state S (mutated in place by the other modules, never re-assigned);
// and reading the view: the seat, players' names, the view on screen and the legal actions.
// Nothing here draws or talks to the server; nothing here knows a game's rules.

import { tr } from "/static/i18n.js";
import { rememberedTokens } from "/static/common.js";

export const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
/** Where this tab keeps the token of the seat it plays in this game (a reload keeps it). */
const SEAT_KEY = `sagrada.seat.${gameId}`;

/**
 * The seat's token and an invite code, taken out of the address before the page asks the
 * server anything. A link carries them in its fragment (#token=…, #invite=…), which no server
 * sees; an old link in its query (?token=…), which this moves out at once. The token goes to
 * the tab's storage and leaves the address (copying the address bar hands over no seat),
 * unless the tab cannot store it: then it stays in the fragment. An invite code stays in the
 * fragment until it is exchanged (POST /join), so a reload tries again. A tab opened on the
 * game's address alone (a bookmark, a new tab) takes the seat this browser remembers for the
 * game (the lobby's "Continue": common.js rememberToken), so its player is not shown as a
 * spectator of their own game.
 */
function takeSecrets() {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("token") || query.get("token");
  const invite = fragment.get("invite") || query.get("invite");
  const named = ["token", "invite"].some((name) => query.has(name) || fragment.has(name));
  let kept = false;
  try {
    if (given) sessionStorage.setItem(SEAT_KEY, given);
    kept = Boolean(given);
  } catch {
    // No storage in this tab: the fragment keeps the token.
  }
  let stored = null;
  try {
    stored = sessionStorage.getItem(SEAT_KEY);
  } catch {
    stored = null;
  }
  const token = given || stored || rememberedTokens()[gameId]?.token || null;
  if (named) {
    for (const name of ["token", "invite"]) {
      query.delete(name);
      fragment.delete(name);
    }
    if (given && !kept) fragment.set("token", given);
    if (invite && !token) fragment.set("invite", invite);
    const search = query.toString();
    const hash = fragment.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`);
  }
  return { token, invite: token ? null : invite };
}

const secrets = takeSecrets();
/** The token of the seat this page plays (null: a spectator); never sent in an address. */
export const token = secrets.token;
/** An invite link's one-time code: exchanged for this seat's own secret token. */
export const invite = secrets.invite;
export const API = `/api/games/${encodeURIComponent(gameId)}`;

/** Everything the page knows; render() draws it. */
export const S = {
  view: null, // the latest live view from the server
  replay: null, // {n, view} while looking at an earlier step of a finished game
  gather: null, // {steps, kinds, preview, base, setup}: actions gathered (a tool's steps, a staged turn or setup choice), not sent yet
  selection: null, // {kind: "pool"|"own", die, index} or {kind: "move", cell}: first click of two
  busy: false, // a request is in flight: ignore clicks meanwhile
  scorePin: null, // {seat, part} pinned score highlight (clicked)
  rotation: 0, // the rotation chosen for the masterwork die in hand (the dice game's Masterwork module)
  rounds: [], // the round of each action of the history, as far as the page saw (the dice game's log)
  hint: null, // {action, words}: what the strong bot would do now, shown until the next move (hint.js)
};

/** The remembered setting "Confirm each turn" (on unless the player turned it off): a turn's
 * actions are staged and sent together by "Confirm turn" (flow.js). */
export const CONFIRM_KEY = "sagrada.confirmTurn";
/** The most actions one request may carry (docs/web-api.md, POST /actions). */
export const MAX_ACTIONS = 12;

export const $ = (id) => document.getElementById(id);
export const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);

// -- reading the view --------------------------------------------------------------------------

/** The seat this page plays, or null for a spectator. */
export function mySeat(view = S.view) {
  if (!view) return null;
  const seat = view.seat ?? view.player;
  return typeof seat === "number" && seat >= 0 ? seat : null;
}

/** Whether it is this seat's turn in the live view (a decision of its own is waiting). */
export function myTurn(view = S.view) {
  const seat = mySeat(view);
  return seat !== null && view.phase !== "over" && view.current_player === seat && (view.actions || []).length > 0;
}

export function playerName(seat, view = S.view) {
  const seats = view && view.game && view.game.seats;
  const entry = seats && seats.find((s) => s.seat === seat);
  return (entry && entry.name) || tr("page.common.player", { n: seat + 1 });
}

/** The view on screen: a replay step, the server's provisional view of the gathered tool
 * steps (from the preview), or the live view. */
export function shownView() {
  if (S.replay) return S.replay.view;
  if (S.gather && S.gather.preview && S.gather.preview.view) return S.gather.preview.view;
  return S.view;
}

/** The actions the player can click now, as the engine lists them (objects with `notation`,
 * `kind` and the kind's fields): the preview's while gathering, none in a replay. */
export function currentActions() {
  if (S.replay || !S.view) return [];
  // A staged setup choice is not previewed: the choices stay as they were (another replaces it).
  if (S.gather && S.gather.setup) return S.view.actions || [];
  if (S.gather) return (S.gather.preview && S.gather.preview.actions) || [];
  return S.view.actions || [];
}
