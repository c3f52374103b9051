// Where we are and what the page knows, for every game's page: the game, the seat's token and
// the API path; the page state S (mutated in place by the other modules, never re-assigned);
// and reading the view: the seat, players' names, the view on screen and the legal actions.
// Nothing here draws or talks to the server; nothing here knows a game's rules.

import { tr } from "/static/i18n.js";

export const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
export const token = new URLSearchParams(location.search).get("token");
// An invite link carries a one-time code: it is exchanged for this seat's own secret token.
export const invite = new URLSearchParams(location.search).get("invite");
export const API = `/api/games/${encodeURIComponent(gameId)}`;

/** Everything the page knows; render() draws it. */
export const S = {
  view: null, // the latest live view from the server
  replay: null, // {n, view} while looking at an earlier step of a finished game
  gather: null, // {steps, kinds, preview, base}: actions gathered (a tool's steps, a staged turn), not sent yet
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
  if (S.gather) return (S.gather.preview && S.gather.preview.actions) || [];
  return S.view.actions || [];
}
