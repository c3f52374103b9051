// The game page's menu and sheets: what a turn does not need, one tap away.
//
// The menu button of the top bar opens the menu (the settings, the colour-blind mode, the
// language, the rules); a tab above the action bar opens its sheet (the objectives, the log,
// the chat, the other players). Which sheet is open is the body's `data-sheet`; app.css decides
// what that means at each width (on a phone a panel over the table, on a tablet the log or the
// chat beside each other's tab, on a desktop nothing: every panel is in sight). A page without
// a menu or sheets (a game that draws neither) is left as it is.

/** Open the sheet `name`, or close the open one (`name` null). */
export function openSheet(name) {
  if (name) document.body.dataset.sheet = name;
  else delete document.body.dataset.sheet;
  for (const tab of document.querySelectorAll("[data-sheet-tab]")) {
    tab.setAttribute("aria-expanded", String(tab.dataset.sheetTab === name));
  }
}

function setMenuOpen(open) {
  const button = document.querySelector(".menu-button");
  if (!button) return;
  button.setAttribute("aria-expanded", String(open));
  document.body.classList.toggle("menu-open", open);
}

/** Whether the sheet `name` lies over the table (a phone's width, by app.css): Escape closes
 * only such a sheet. */
function overlaid(name) {
  const sheet = document.querySelector(`.sheet[data-sheet="${CSS.escape(name)}"]`);
  return Boolean(sheet) && getComputedStyle(sheet).position === "fixed";
}

/** Bind the menu button and the sheets' tabs (once, at the page's start). */
export function bindSheets() {
  const button = document.querySelector(".menu-button");
  const menu = document.getElementById("menu");
  if (button && menu) {
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      setMenuOpen(!document.body.classList.contains("menu-open"));
    });
    // A click elsewhere closes the menu; a click in it (a setting) keeps it open, but the rules
    // open their own dialog.
    document.addEventListener("click", (event) => {
      if (!document.body.classList.contains("menu-open")) return;
      if (!menu.contains(event.target) || event.target.closest(".help-button")) setMenuOpen(false);
    });
  }
  for (const tab of document.querySelectorAll("[data-sheet-tab]")) {
    tab.addEventListener("click", () => {
      openSheet(document.body.dataset.sheet === tab.dataset.sheetTab ? null : tab.dataset.sheetTab);
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (document.body.classList.contains("menu-open")) {
      setMenuOpen(false);
      if (button) button.focus();
    } else if (document.body.dataset.sheet && overlaid(document.body.dataset.sheet)) {
      openSheet(null);
    }
  });
}
