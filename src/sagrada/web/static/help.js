// The rules help: a dialog with the rules in short, every card with its text and a picture of
// what it does, and the options explained, opened by the header's "Rules" button or by "?"
// anywhere (not while typing). Everything it shows comes from GET /api/rules, loaded the first
// time it opens: one part per game, which that game's own help module draws as tabs
// (help.js in its page's files, found through the registry: GET /api/registry), with the
// shared renderers of /static/help/kit.js. The search goes through every game's cards.
// Independent of the page it sits on: a page links help.css and calls setupHelp() once; it
// opens on the tabs of the page's game (its body's data-game; the lobby: the default game).
// Its own words are the catalogue's (page.help.*), drawn once the catalogue is loaded; the
// rules' prose comes in the page's language from GET /api/rules?language=, and so do the
// cards' names and texts (their translations in the catalogues: docs/translations.md).

import { GAMES, api, el, loadGames } from "./common.js";
import { loadMessages, pageLanguage, tr } from "./i18n.js";

let dialog = null;
/** The help once loaded: every game's tabs, `[{id, label, build(), cards}]`, in order. */
let tabs = null;
let loading = null;
let opener = null;
/** The tab shown (null until the help is loaded: then the page's game's first tab). */
let currentTab = null;

/** Every game's tabs, from its part of the help and its own help module. */
async function loadTabs() {
  const [answer] = await Promise.all([api("GET", `/api/rules?language=${encodeURIComponent(pageLanguage())}`), loadGames()]);
  const parts = await Promise.all(
    answer.games.map(async (part) => {
      const game = GAMES.find((info) => info.name === part.name);
      const module = await import(`${game.static}help.js`);
      return module.helpTabs(part).map((tab) => ({ ...tab, game: part.name }));
    }),
  );
  // A tab's id is its game's (rules, cardgame, ...); two games with one id: the later one's
  // is named after its game.
  const all = [];
  for (const tab of parts.flat()) {
    all.push(all.some((other) => other.id === tab.id) ? { ...tab, id: `${tab.game}-${tab.id}` } : tab);
  }
  const pageGame = document.body.dataset.game || answer.games[0].name;
  const first = all.find((tab) => tab.game === pageGame) || all[0];
  if (!all.some((tab) => tab.id === currentTab)) currentTab = first.id;
  return all;
}

/** Every card of every game, in the order of the tabs (the search goes through them). */
function allCards() {
  return tabs.flatMap((tab) => tab.cards);
}

// -- the tabs --------------------------------------------------------------------------------

/** Draw the tab list (once the help is loaded). */
function renderTabs() {
  const list = dialog.querySelector(".help-tabs");
  list.replaceChildren(
    ...(tabs || []).map(({ id, label }) =>
      el("button", {
        type: "button",
        role: "tab",
        id: `help-tab-${id}`,
        "aria-controls": "help-body",
        "aria-selected": id === currentTab ? "true" : "false",
        tabindex: id === currentTab ? "0" : "-1",
        "data-testid": `help-tab-${id}`,
        text: tr(label),
        onclick: () => showTab(id),
      }),
    ),
  );
}

/** Show the tab `id` (null: the current one), once the help is loaded. */
function showTab(id, focus = false) {
  if (id) currentTab = id;
  if (tabs) {
    if (!tabs.some((tab) => tab.id === currentTab)) currentTab = tabs[0].id;
    for (const { id: tabId } of tabs) {
      const tab = dialog.querySelector(`#help-tab-${tabId}`);
      const selected = tabId === currentTab;
      tab.setAttribute("aria-selected", selected ? "true" : "false");
      tab.tabIndex = selected ? 0 : -1;
      if (selected && focus) tab.focus();
    }
    dialog.querySelector(".help-body").setAttribute("aria-labelledby", `help-tab-${currentTab}`);
  }
  renderBody();
}

/** Draw the body: the current tab, or the search's results while the search box holds text. */
function renderBody() {
  const body = dialog.querySelector(".help-body");
  const results = dialog.querySelector(".help-results");
  const typed = dialog.querySelector('[data-testid="help-search"]').value.trim();
  const query = typed.toLowerCase();
  dialog.querySelector(".help-tabs").hidden = Boolean(query);
  body.hidden = Boolean(query);
  results.hidden = !query;
  if (!tabs) {
    body.replaceChildren(el("p", { class: "help-extra", text: loading ? tr("page.help.loading") : "" }));
    return;
  }
  if (query) {
    const found = allCards().filter((card) => card.name.toLowerCase().includes(query));
    results.replaceChildren(
      el("p", { class: "help-extra", "aria-live": "polite", text: found.length ? tr("page.help.found", { n: found.length, query: typed }) : tr("page.help.found.none", { query: typed }) }),
      el("div", { class: "help-cards" }, found.map((card) => card.item())),
    );
    return;
  }
  body.replaceChildren(...tabs.find((tab) => tab.id === currentTab).build());
  body.scrollTop = 0;
}

// -- the dialog ------------------------------------------------------------------------------

function focusables() {
  return [...dialog.querySelectorAll('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (node) => !node.disabled && node.getClientRects().length > 0,
  );
}

function onDialogKey(event) {
  if (event.key === "Escape") {
    // Closing the help is all Escape does here: the page's own Escape (cancel a tool) waits.
    event.preventDefault();
    event.stopPropagation();
    closeHelp();
    return;
  }
  if (event.key === "Tab") {
    const nodes = focusables();
    if (!nodes.length) return;
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
    return;
  }
  const tab = event.target.closest && event.target.closest('[role="tab"]');
  if (tab && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
    event.preventDefault();
    const ids = (tabs || []).map(({ id }) => id);
    const index = ids.indexOf(currentTab);
    const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: ids.length - 1 }[event.key];
    showTab(ids[(next + ids.length) % ids.length], true);
  }
}

function buildDialog() {
  // The tabs are the games' own, drawn once the help is loaded (renderTabs).
  const tabList = el("div", { class: "help-tabs", role: "tablist", "aria-label": tr("page.help.title") });
  const search = el("input", {
    type: "search",
    class: "help-search",
    placeholder: tr("page.help.search"),
    "aria-label": tr("page.help.search"),
    "data-testid": "help-search",
    oninput: () => renderBody(),
  });
  dialog = el(
    "dialog",
    { class: "help-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "help-title", "data-testid": "help-dialog" },
    el(
      "div",
      { class: "help-head" },
      el("h2", { id: "help-title", text: tr("page.help.title") }),
      search,
      el("button", { type: "button", class: "help-close", "aria-label": tr("page.help.close"), "data-testid": "help-close", text: "✕", onclick: () => closeHelp() }),
    ),
    tabList,
    el("div", { class: "help-body", id: "help-body", role: "tabpanel", tabindex: "0" }),
    el("div", { class: "help-results", "data-testid": "help-results", "aria-label": tr("page.help.results"), role: "region", hidden: true }),
  );
  dialog.addEventListener("keydown", onDialogKey);
  // The browser's own cancel (Escape on some platforms) closes it the same way.
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    closeHelp();
  });
  // A click on the backdrop (outside the box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) closeHelp();
    }
  });
  document.body.append(dialog);
}

async function load() {
  if (tabs) return;
  if (!loading) {
    loading = loadTabs().then(
      (loaded) => {
        tabs = loaded;
      },
      (err) => {
        loading = null;
        throw err;
      },
    );
  }
  renderBody();
  try {
    await loading;
  } catch (err) {
    dialog.querySelector(".help-body").replaceChildren(el("p", { class: "error", role: "alert", text: tr("page.help.load_failed", { reason: err.message }) }));
    return;
  }
  renderTabs();
  showTab(currentTab);
}

/** Open the help (on `tab`, by default the one last shown, at first the page's game's first),
 * once the page's catalogue is loaded: its words and the rules' language come from it. */
export async function openHelp(tab = currentTab) {
  const from = document.activeElement;
  try {
    await loadMessages(api);
  } catch {
    // Without a catalogue the panel's words show as their ids; the rules still load (English).
  }
  if (!dialog) buildDialog();
  if (dialog.open) return;
  opener = from;
  dialog.showModal();
  showTab(tab);
  dialog.querySelector('[data-testid="help-search"]').focus();
  document.body.classList.add("help-open");
  load();
}

export function closeHelp() {
  if (!dialog || !dialog.open) return;
  dialog.close();
  document.body.classList.remove("help-open");
  if (opener && typeof opener.focus === "function" && opener.isConnected) opener.focus();
  opener = null;
}

/** Whether a key press goes into something the person is typing in. */
function typing(target) {
  if (!target || !target.tagName) return false;
  if (target.isContentEditable) return true;
  if (target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  if (target.tagName !== "INPUT") return false;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
}

/** Wire the header's "Rules" button (data-testid="help-button") and the "?" key. */
export function setupHelp() {
  const button = document.querySelector('[data-testid="help-button"]');
  if (button) button.addEventListener("click", () => openHelp());
  document.addEventListener("keydown", (event) => {
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target) || (dialog && dialog.open)) return;
    event.preventDefault();
    openHelp();
  });
}
