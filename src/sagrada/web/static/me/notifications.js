// "Notifications in this browser" in the account's settings: a switch that turns the turn
// notices by Web Push on or off for this browser (account/push.js), and what it stands at:
// not available here (and why), blocked by the browser (and how to allow them), on or off;
// then a line on e-mail against push. The browser's own state (its permission, its
// subscription) is read, never remembered.

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { pushAvailable, pushSubscribed, subscribePush, unsubscribePush } from "/static/account/push.js";

const $ = (id) => document.getElementById(id);

/** Draw the switch into the settings' `#push-settings` and show it; resolves once it shows
 * where this browser stands. */
export async function showPush() {
  const section = $("push-settings");
  const box = el("input", { type: "checkbox", id: "push-switch", role: "switch", "data-testid": "push-switch", "aria-describedby": "push-state" });
  const state = el("p", { class: "hint push-state", id: "push-state", role: "status", "data-testid": "push-state" });
  section.setAttribute("aria-labelledby", "push-title");
  section.replaceChildren(
    el("h3", { id: "push-title", text: tr("page.me.push") }),
    el("label", { class: "check" }, box, el("span", { text: tr("page.me.push.switch") })),
    state,
    el("p", { class: "hint", text: tr("page.me.push.vs_email") }),
  );
  const show = (words, on = false) => {
    box.checked = on;
    state.classList.remove("error");
    state.textContent = tr(words);
  };
  /** Where this browser stands now: not available, blocked, on or off. */
  const settle = async () => {
    box.disabled = !pushAvailable() || Notification.permission === "denied";
    if (!pushAvailable()) show(window.isSecureContext ? "page.me.push.unsupported" : "page.me.push.insecure");
    else if (Notification.permission === "denied") show("page.me.push.denied");
    else if (await pushSubscribed()) show("page.me.push.on", true);
    else show("page.me.push.off");
  };
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    box.disabled = true;
    try {
      if (wanted) await subscribePush();
      else await unsubscribePush();
      await settle();
    } catch (err) {
      await settle();
      state.classList.add("error");
      state.textContent = tr("page.me.push.failed", { problem: err.message });
    }
  });
  try {
    await settle();
  } catch {
    // The browser could not say whether it is subscribed: the switch stands off.
    show("page.me.push.off");
  }
  section.hidden = false;
}
