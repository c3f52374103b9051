// The turn's clock (games with a time per turn): a countdown at the seat whose turn it is, in
// its window's header and, on your own turn, beside the turn indicator. The server gives the
// turn's deadline (the view's `clock`); the page counts down to it every second by itself.

import { el } from "/static/common.js";
import { S, byTestId, mySeat } from "./state.js";
import { tr } from "/static/i18n.js";

/** "4:07" (minutes and seconds) under an hour, "23:59 h" (hours and minutes) beyond. */
export function formatLeft(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  if (left < 3600) return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const minutes = Math.floor(left / 60);
  return tr("page.game.clock.hours", { time: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}` });
}

/** The same in words, for screen readers. */
function wordsLeft(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  if (left === 0) return tr("page.game.clock.up");
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const parts = [];
  if (hours) parts.push(tr("page.game.clock.hours_n", { n: hours }));
  if (minutes || hours) parts.push(tr("page.game.clock.minutes_n", { n: minutes }));
  if (!hours) parts.push(tr("page.game.clock.seconds_n", { n: left % 60 }));
  return tr("page.game.clock.words_left", { time: parts.join(" ") });
}

/** The live clock of `seat`, or null when it has none (no limit, a bot's turn, a replay). */
function clockOf(seat) {
  const clock = S.view && S.view.clock;
  return clock && !S.replay && clock.seat === seat ? clock : null;
}

/** The countdown badge for a seat's window header, or null when its turn has no clock. */
export function clockBadge(seat) {
  const clock = clockOf(seat);
  if (!clock) return null;
  const badge = el("span", { class: "badge clock", role: "timer", "data-testid": "clock", "data-seat": String(seat), "data-deadline": String(clock.deadline) });
  paint(badge);
  return badge;
}

/** The clock beside the turn indicator: shown on your own turn only. */
export function renderTurnClock() {
  const box = byTestId("turn-clock");
  const clock = clockOf(mySeat());
  box.hidden = !clock;
  if (clock) {
    box.dataset.deadline = String(clock.deadline);
    paint(box);
  }
}

function paint(node) {
  const left = Number(node.dataset.deadline) - Date.now() / 1000;
  node.textContent = node.dataset.testid === "turn-clock" ? tr("page.game.clock.left", { time: formatLeft(left) }) : formatLeft(left);
  node.setAttribute("aria-label", wordsLeft(left));
  node.title = wordsLeft(left);
  node.classList.toggle("urgent", left < 30);
}

/** Count down every second, between the renders that bring new views. */
export function startClocks() {
  setInterval(() => {
    document.querySelectorAll('[data-testid="clock"], [data-testid="turn-clock"]:not([hidden])').forEach(paint);
  }, 1000);
}
