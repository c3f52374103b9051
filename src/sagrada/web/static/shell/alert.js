// Telling players it is their turn: the tab's title gets a marker while it is ("● Your turn —
// Sagrada"); when it becomes their turn, an optional short beep (the "Sound" setting, off
// unless turned on) and, while the tab is hidden, a browser notification (the "Notify me"
// toggle, which asks the browser's permission). Both settings are remembered.

import { bindPreference, preference, setPreference } from "/static/common.js";
import { t, tr } from "/static/i18n.js";
import { gameId, S, byTestId, myTurn } from "./state.js";

const SOUND_KEY = "sagrada.sound";
const NOTIFY_KEY = "sagrada.notify";

/** Whether it was this seat's turn at the last render (null before the first view). */
let wasMine = null;
let audio = null;

export function bindAlerts() {
  bindPreference(byTestId("sound-setting"), SOUND_KEY, false, (on) => on && beep());
  // Browsers start sound only after a person acted on the page: get it ready at the first
  // click when the setting was kept from an earlier visit.
  document.addEventListener("pointerdown", () => preference(SOUND_KEY, false) && readyAudio(), { once: true });
  const toggle = byTestId("notify-toggle");
  if (!("Notification" in window)) {
    toggle.hidden = true;
    return;
  }
  showNotifyState();
  toggle.addEventListener("click", async () => {
    if (notifying()) {
      setPreference(NOTIFY_KEY, false);
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      setPreference(NOTIFY_KEY, answer === "granted");
    }
    showNotifyState();
  });
}

function notifying() {
  return "Notification" in window && Notification.permission === "granted" && preference(NOTIFY_KEY, false);
}

function showNotifyState() {
  const toggle = byTestId("notify-toggle");
  toggle.setAttribute("aria-pressed", notifying() ? "true" : "false");
  toggle.title =
    Notification.permission === "denied"
      ? tr("page.game.notify.blocked")
      : tr("page.game.notify.title");
}

/** The tab's title, and the alerts when the turn has just come to this seat. */
export function renderAlerts() {
  const mine = Boolean(S.view) && !S.replay && myTurn(S.view);
  document.title = mine ? tr("page.game.tab_title.turn") : tr("page.game.tab_title");
  if (wasMine === false && mine) {
    if (preference(SOUND_KEY, false)) beep();
    if (notifying() && document.hidden) notify();
  }
  wasMine = mine;
}

function notify() {
  try {
    const note = new Notification(tr("page.game.notification"), {
      body: tr("page.game.notification.body", { decision: t(S.view.decision_message) }),
      tag: `sagrada-${gameId}`,
    });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: the title still says it.
  }
}

function readyAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
  return audio;
}

/** A short, soft beep (two tenths of a second at 880 Hz). */
function beep() {
  try {
    const context = readyAudio();
    if (!context) return;
    const tone = context.createOscillator();
    const volume = context.createGain();
    const now = context.currentTime;
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.15, now);
    volume.gain.exponentialRampToValueAtTime(0.001, now + 0.2);
    tone.connect(volume).connect(context.destination);
    tone.start(now);
    tone.stop(now + 0.2);
  } catch {
    // No sound on this device: the title still says it.
  }
}
