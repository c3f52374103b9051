// The top bar's account control (the lobby's and "My games"'s): for a guest a "Log in" button,
// which opens a dialog with the forms to log in and to sign up (account/forms.js); once logged
// in, the account's name, which opens its menu. The control keeps its size from the first
// paint (account.css), so nothing moves when the server says who is logged in.

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { accountForms } from "/static/account/forms.js";
import { currentAccount, logOut } from "/static/account/state.js";
import { profileUrl } from "/static/players/links.js";

/** The account menu, in order: each entry's test id, its words, and where it leads (`href`,
 * from the account) or what it does (`act`). Another entry is one more line. */
export const MENU = [
  { id: "my-games", label: "page.account.menu.my_games", href: () => "/me" },
  { id: "daily", label: "page.account.menu.daily", href: () => "/daily" },
  { id: "profile", label: "page.account.menu.profile", href: (account) => profileUrl(account.name) },
  { id: "leaderboards", label: "page.account.menu.leaderboards", href: () => "/leaderboard" },
  { id: "settings", label: "page.account.menu.settings", href: () => "/me#settings" },
  { id: "log-out", label: "page.account.menu.log_out", act: leave },
];

let control = null;

/** Draw the control into `box` (the top bar's `.account`) once the page's words are loaded;
 * `changed(account)` runs after a log in or out (the account, or null), once the control
 * shows it. */
export async function setupAccount(box, changed = () => {}) {
  control = { box, changed, button: box.querySelector(".account-button"), account: null, menu: null, dialog: null };
  control.button.addEventListener("click", (event) => {
    event.stopPropagation();
    if (control.account) setMenuOpen(control.menu.hidden);
    else openDialog();
  });
  document.addEventListener("click", (event) => {
    if (control.menu && !control.menu.hidden && !control.menu.contains(event.target)) setMenuOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && control.menu && !control.menu.hidden) {
      setMenuOpen(false);
      control.button.focus();
    }
  });
  // The focus leaving the control (Tab past its last entry) closes the menu.
  box.addEventListener("focusout", (event) => {
    if (!box.contains(event.relatedTarget)) setMenuOpen(false);
  });
  show(await currentAccount());
}

/** Show the control as `account` sees it (null: a guest). */
function show(account) {
  control.account = account;
  const { button } = control;
  button.replaceChildren(el("span", { class: "account-label", text: account ? account.name : tr("page.account.log_in") }));
  button.dataset.state = account ? "account" : "guest";
  if (account) {
    button.removeAttribute("aria-haspopup");
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", "account-menu");
    button.title = tr("page.account.menu", { name: account.name });
    control.menu = el(
      "ul",
      { class: "account-menu", id: "account-menu", "data-testid": "account-menu", hidden: true },
      // The whole name, which the button may cut short.
      el("li", { class: "account-who", text: account.name }),
      MENU.map((entry) => el("li", {}, menuItem(entry, account))),
    );
  } else {
    button.setAttribute("aria-haspopup", "dialog");
    button.removeAttribute("aria-expanded");
    button.removeAttribute("aria-controls");
    button.title = tr("page.account.log_in.title");
    control.menu = null;
  }
  control.box.querySelector(".account-menu")?.remove();
  if (control.menu) control.box.append(control.menu);
}

function menuItem(entry, account) {
  const attrs = { class: "account-item", "data-testid": `account-menu-${entry.id}`, text: tr(entry.label) };
  if (entry.href) return el("a", { ...attrs, href: entry.href(account), onclick: () => setMenuOpen(false) });
  return el("button", { ...attrs, type: "button", onclick: () => entry.act() });
}

function setMenuOpen(open) {
  if (!control.menu) return;
  control.menu.hidden = !open;
  control.button.setAttribute("aria-expanded", String(open));
  if (open) control.menu.querySelector(".account-item").focus();
}

/** Log out, and show it. */
async function leave() {
  setMenuOpen(false);
  try {
    await logOut();
  } catch {
    // The session could not be ended now: the page shows what the server says next.
  }
  show(null);
  control.button.focus();
  control.changed(null);
}

/** Logged in (or signed up) in the dialog or a page's own forms: show it. */
export function entered(answer) {
  if (control.dialog && control.dialog.open) control.dialog.close();
  show(answer.account);
  control.button.focus();
  control.changed(answer.account);
}

// -- the dialog of a guest -------------------------------------------------------------------

function openDialog() {
  if (!control.dialog) {
    const dialog = el(
      "dialog",
      { class: "account-dialog", "aria-labelledby": "account-dialog-title", "data-testid": "account-dialog" },
      el(
        "div",
        { class: "account-dialog-head" },
        el("h2", { id: "account-dialog-title", text: tr("page.account.title") }),
        el("button", { type: "button", class: "account-close", "aria-label": tr("page.account.close"), "data-testid": "account-close", text: "✕", onclick: () => dialog.close() }),
      ),
      el("p", { class: "hint", text: tr("page.account.why") }),
      accountForms("dialog", entered),
    );
    // A click on the backdrop (outside the box) closes it.
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
    dialog.addEventListener("close", () => control.button.focus());
    document.body.append(dialog);
    control.dialog = dialog;
  }
  control.dialog.showModal();
  control.dialog.querySelector('[data-testid="account-name"]').focus();
}
