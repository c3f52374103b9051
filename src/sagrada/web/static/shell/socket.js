// Talking to the server: the error line, taking in a new view (from the WebSocket or a REST
// answer), GET /view (the token in its Authorization header), and the WebSocket (the token in
// its first message, hello) with reconnection and its connection badge; other modules hear
// of its other messages (the chat) through onSocket.

import { api, rememberToken } from "/static/common.js";
import { gameId, token, API, S, $, byTestId, mySeat } from "./state.js";
import { render } from "./render.js";
import { t, tr } from "/static/i18n.js";
import { heldEntries, withWholeLog } from "./log.js";

/** What the page's game wants to note of each new view before it is shown (watchViews). */
const viewWatchers = [];

/** Call `fn(before, after)` with the view shown and each newer one, before it is shown. */
export function watchViews(fn) {
  viewWatchers.push(fn);
}

/** Show an error: the engine's message for it when there is one (rendered from the
 * catalogue), else the server's text. */
export function showError(text, message = null) {
  byTestId("error").textContent = message ? t(message) : text || "";
}

/** Take a view from anywhere (WebSocket, REST answer); older views than the one shown are
 * dropped. A view carrying part of the log is joined to the page's; one the page cannot join
 * (it lacks entries before the part) is dropped, and the whole view asked for. */
export function applyView(partial) {
  if (!partial || !Array.isArray(partial.history)) return;
  const view = withWholeLog(S.view, partial);
  if (!view) {
    loadView({ whole: true });
    return;
  }
  if (S.view && view.history.length < S.view.history.length) return;
  const changed = !S.view || view.history.length !== S.view.history.length;
  // Anything new happened: gathered tool steps and half-made selections no longer apply.
  if (changed) {
    if (S.gather && S.gather.base !== view.history.length) S.gather = null;
    S.selection = null;
    S.rotation = 0;
    S.hint = null;
  }
  for (const fn of viewWatchers) fn(S.view, view);
  S.view = view;
  if (token && mySeat(view) !== null) rememberToken(gameId, mySeat(view), token);
  render();
}

/** GET the view once: the log from the entries the page holds, or whole (`whole`). Answers
 * false when retrying is pointless (no such game, bad token). */
export async function loadView({ whole = false } = {}) {
  const since = whole ? undefined : heldEntries(S.view);
  const query = since === undefined ? "" : `?since=${since}`;
  try {
    applyView(await api("GET", `${API}/view${query}`, undefined, { token }));
  } catch (err) {
    // A dropped connection is shown by the connection badge; say it here only at first load.
    if (err.status !== 0 || !S.view) showError(err.message);
    if (err.status === 403 || err.status === 404) {
      socket.refused = true;
      setConnection(tr("page.common.connection.down"), "down");
      return false;
    }
  }
  return true;
}

/** WebSocket with reconnection: 1 s, 2 s, 4 s … up to 15 s between tries. */
const socket = { ws: null, attempt: 0, timer: null, refused: false };

/** What other modules want to hear of the socket: "open" (each connection), and messages by
 * type other than views and errors (such as "chat"). */
const listeners = new Map();

/** Call `fn` on each socket event of `type` ("open", or a message type: its message). */
export function onSocket(type, fn) {
  if (!listeners.has(type)) listeners.set(type, []);
  listeners.get(type).push(fn);
}

function notify(type, payload) {
  for (const fn of listeners.get(type) || []) fn(payload);
}

export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}${API}/ws`);
  socket.ws = ws;
  // A socket is a spectator's until its hello (the seat's token, its first message) is
  // answered: the views before are not this seat's.
  let greeted = !token;
  setConnection(tr("page.common.connection.connecting"), "connecting");
  ws.addEventListener("open", () => {
    // since: the entries of the log the page holds, so the server sends only the rest.
    if (token) ws.send(JSON.stringify({ type: "hello", token, since: heldEntries(S.view) }));
    setConnection(tr("page.common.connection.live"), "live");
    notify("open");
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    // A server that sends something took the socket (one over a limit is closed before it
    // says anything): the waits between tries start again from 1 s.
    socket.attempt = 0;
    if (message.type === "hello") greeted = true;
    else if (message.type === "view" && greeted) applyView(message.view);
    else if (message.type === "error") showError(message.detail, message.message);
    else if (message.type === "chat") notify("chat", message.message);
  });
  ws.addEventListener("close", (event) => {
    if (socket.ws !== ws || socket.refused) return;
    // 4429: too many sockets open (from this address, on this game, in all): say so and
    // retry, waiting longer each time, as a place frees when another socket closes.
    if (event.code === 4429) showError(event.reason);
    // 4000 + another HTTP status: the server refused (no such game, wrong token): no retry.
    else if (event.code >= 4000 && event.code < 5000) {
      setConnection(tr("page.common.connection.down"), "down");
      // The reason is the server's (English) detail: the page's words say it when there is none.
      showError(event.reason || tr("page.common.connection.refused", { code: event.code - 4000 }));
      return;
    }
    // Any other code, 1012 among them (the server restarting: sagrada serve on SIGTERM), is a
    // socket to open again once the server answers.
    const delay = Math.min(15000, 1000 * 2 ** socket.attempt);
    socket.attempt += 1;
    setConnection(tr("page.common.connection.retry", { seconds: Math.round(delay / 1000) }), "down");
    clearTimeout(socket.timer);
    socket.timer = setTimeout(async () => {
      // While the socket was down we may have missed views: ask once, then reconnect.
      await loadView();
      if (!socket.refused) connect();
    }, delay);
  });
}

function setConnection(text, state) {
  const box = $("connection");
  box.textContent = text;
  box.dataset.state = state;
}
