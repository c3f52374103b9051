// The table's chat: its messages (GET /chat when the page opens and after each reconnection,
// then one by one over the WebSocket), and for players a line to write in (POST /chat).
// Messages are shown as text, never as markup: what a player writes is kept as written.

import { api, el } from "/static/common.js";
import { token, API, byTestId, $ } from "./state.js";
import { formatDate, tr } from "/static/i18n.js";

/** The messages shown, by their number (`seq`), so one that comes twice is shown once. */
const shown = new Map();

/** Wire the chat's form: players write, spectators only read. */
export function bindChat() {
  // Said while there is no message (app.css shows it in the empty list).
  $("chat-messages").dataset.empty = tr("page.game.chat.empty");
  const player = Boolean(token);
  byTestId("chat-form").hidden = !player;
  byTestId("chat-spectator-note").hidden = player;
  if (!player) return;
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send();
  });
}

/** Load the newest messages (at start, and after a reconnection, to catch up). */
export async function loadChat() {
  try {
    const answer = await api("GET", `${API}/chat`);
    for (const message of answer.messages || []) addMessage(message);
  } catch (err) {
    showChatError(tr("page.game.chat.cannot_load", { problem: err.message }));
  }
}

/** Show a message (from the WebSocket or the history), in the order of its number. */
export function addMessage(message) {
  if (!message || typeof message.seq !== "number" || shown.has(message.seq)) return;
  const list = $("chat-messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  const created = typeof message.created === "number" ? new Date(message.created * 1000) : null;
  const item = el(
    "li",
    { "data-testid": "chat-message", "data-seq": String(message.seq), "data-seat": String(message.seat), title: created ? formatDate(created) : undefined },
    el("span", { class: "who", text: message.name }),
    ": ",
    el("span", { class: "text", "data-testid": "chat-text", text: message.text }),
  );
  const later = [...shown.entries()].filter(([seq]) => seq > message.seq).sort((a, b) => a[0] - b[0]);
  shown.set(message.seq, item);
  if (later.length) list.insertBefore(item, later[0][1]);
  else list.append(item);
  if (atBottom) list.scrollTop = list.scrollHeight;
}

async function send() {
  const input = $("chat-input");
  const button = byTestId("chat-send");
  const text = input.value.trim();
  if (!text) return;
  button.disabled = true;
  try {
    const message = await api("POST", `${API}/chat`, { token, text });
    input.value = "";
    showChatError("");
    addMessage(message);
  } catch (err) {
    showChatError(err.status === 429 ? tr("page.game.chat.slow_down") : err.message);
  } finally {
    button.disabled = false;
    input.focus();
  }
}

function showChatError(text) {
  byTestId("chat-error").textContent = text;
}
