// The rules help: a dialog with the rules in short, every card with its text and a picture of
// what it does, and the options explained, opened by the header's "Rules" button or by "?"
// anywhere (not while typing). Everything it shows comes from GET /api/rules, loaded the first
// time it opens; the pictures are drawn here from that data by one renderer (illustration()).
// Independent of the page it sits on: a page links help.css and calls setupHelp() once.
// Its own words are the catalogue's (page.help.*), drawn once the catalogue is loaded; the
// rules' prose comes in the page's language from GET /api/rules?language=; the cards' names
// and texts are the printed cards' English.

import { api, el } from "./common.js";
import { loadMessages, pageLanguage, tr } from "./i18n.js";
import { illustration } from "/static/help/picture.js";
import { cardColour } from "/static/games/cards/model.js";

/** The tabs, in order: id and the message of its title. */
const TABS = [
  ["rules", "page.help.tab.rules"],
  ["tools", "page.help.tab.tools"],
  ["objectives", "page.help.tab.objectives"],
  ["options", "page.help.tab.options"],
  ["cardgame", "page.help.tab.cardgame"],
];
/** The content packs, as players know them: the messages of their names. */
const PACKS = { base: "page.help.pack.base", "five-six": "page.help.pack.five_six", life: "page.help.pack.life" };
/** How an apprentice card is played (its `play`): the messages of the words. */
const PLAYS = { discard: "page.help.meta.apprentice.discard", activate: "page.help.meta.apprentice.activate" };
let dialog = null;
let data = null;
let loading = null;
let opener = null;
let currentTab = "rules";

// -- the cards -------------------------------------------------------------------------------

function houseLabel() {
  return el("p", { class: "help-house", "data-testid": "help-house", text: tr("page.help.house") });
}

/** A content pack's name (its id if the panel does not know it). */
function packName(pack) {
  return PACKS[pack] ? tr(PACKS[pack]) : pack;
}

/** One card: its name, what it is, its text, the house label and its picture. */
function cardItem({ key, title, meta, text, extra, house, picture }) {
  return el(
    "article",
    { class: "help-card", "data-testid": "help-card", "data-card": key },
    el("h4", {}, title, meta ? el("span", { class: "help-meta", text: ` · ${meta}` }) : null),
    el("p", { text }),
    extra ? el("p", { class: "help-extra", text: extra }) : null,
    house ? houseLabel() : null,
    picture ? illustration(picture) : null,
  );
}

/** Every card of the panel, by kind: `{kind, name, item()}` (the search goes through them). */
function allCards() {
  const { cards, card_game: cardGame } = data;
  const list = [];
  for (const tool of cards.tools) {
    list.push({
      kind: "tools",
      name: tool.name,
      item: () =>
        cardItem({
          key: `tool-${tool.number}`,
          title: `${tool.number}. ${tool.name}`,
          meta: [tr("page.help.meta.tool", { colour: cardColour(tool.colour) }), packName(tool.pack)].join(" · "),
          text: tool.text,
          extra: tool.restriction,
          house: tool.house,
          picture: tool.illustration,
        }),
    });
  }
  for (const card of cards.apprentice_cards || []) {
    list.push({
      kind: "apprentice",
      name: card.name,
      item: () =>
        cardItem({
          key: `apprentice-${card.number}`,
          title: card.name,
          meta: [PLAYS[card.play] ? tr(PLAYS[card.play]) : card.play, packName("life")].join(" · "),
          text: card.text,
          house: card.house,
        }),
    });
  }
  for (const objective of cards.public_objectives) {
    list.push({
      kind: "objectives",
      name: objective.name,
      item: () =>
        cardItem({
          key: `public-${objective.id}`,
          title: objective.name,
          meta: [tr("page.help.meta.public", { vp: objective.vp }), packName(objective.pack)].join(" · "),
          text: objective.text,
          house: objective.house,
          picture: objective.illustration,
        }),
    });
  }
  for (const objective of cards.private_objectives) {
    list.push({
      kind: "private",
      name: objective.name,
      item: () =>
        cardItem({
          key: `private-${objective.id}`,
          title: objective.name,
          meta: [tr("page.help.meta.private"), packName(objective.pack)].join(" · "),
          text: objective.text,
          picture: objective.illustration,
        }),
    });
  }
  for (const tool of cardGame.tools) {
    list.push({
      kind: "cardtools",
      name: tool.name,
      item: () =>
        cardItem({
          key: `card-tool-${tool.number}`,
          title: `${tool.number}. ${tool.name}`,
          meta: tr("page.help.meta.card_tool", { value: tool.pay }),
          text: tool.text,
          house: tool.house,
        }),
    });
  }
  for (const order of cardGame.orders) {
    list.push({
      kind: "orders",
      name: order.name,
      item: () =>
        cardItem({
          key: `order-${order.id}`,
          title: order.name,
          meta: tr(order.kind === "unique" ? "page.help.meta.order.unique" : "page.help.meta.order.basic", { vp: order.vp }),
          text: order.text,
          house: order.house,
        }),
    });
  }
  return list;
}

function cardList(kind) {
  return el("div", { class: "help-cards" }, allCards().filter((card) => card.kind === kind).map((card) => card.item()));
}

// -- the tabs --------------------------------------------------------------------------------

function sectionBlock(section) {
  return el(
    "section",
    { class: "help-section", id: `help-section-${section.id}`, "data-testid": "help-section", tabindex: "-1" },
    el("h3", { text: section.title }),
    section.text.map((paragraph) => el("p", { text: paragraph })),
    el("p", { class: "help-source", text: tr("page.help.rulebook", { source: section.source }) }),
  );
}

/** The sections of one game, grouped, with a list of contents on top. */
function sectionsOf(game) {
  const sections = data.sections.filter((section) => (section.game || "sagrada") === game);
  const groups = [...new Set(sections.map((section) => section.group))];
  const contents = el(
    "nav",
    { class: "help-contents", "aria-label": tr("page.help.contents") },
    groups.map((group) =>
      el(
        "div",
        {},
        el("strong", { text: group }),
        el(
          "ul",
          {},
          sections
            .filter((section) => section.group === group)
            .map((section) =>
              el(
                "li",
                {},
                el("button", {
                  type: "button",
                  class: "help-link",
                  text: section.title,
                  onclick: () => {
                    const target = dialog.querySelector(`#help-section-${section.id}`);
                    target.scrollIntoView({ block: "start" });
                    target.focus({ preventScroll: true });
                  },
                }),
              ),
            ),
        ),
      ),
    ),
  );
  const blocks = groups.flatMap((group) => [
    el("h2", { class: "help-group", text: group }),
    ...sections.filter((section) => section.group === group).map(sectionBlock),
  ]);
  return [contents, ...blocks];
}

function optionValue(value) {
  if (value === true) return tr("page.help.option.on");
  if (value === false) return tr("page.help.option.off");
  if (value === null || value === undefined) return tr("page.help.option.none");
  if (typeof value === "number") return value.toLocaleString(pageLanguage());
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** Words joined as a list in the page's language ("a, b and c"; `type` "disjunction" for
 * "a, b or c"). */
function listOf(words, type = "conjunction") {
  return new Intl.ListFormat(pageLanguage(), { type }).format(words);
}

/** One option: its label and name, what it does, its default, values and when it applies. */
function optionItem(option) {
  const facts = [tr("page.help.option.default", { value: optionValue(option.default) })];
  if (option.choices) facts.push(tr("page.help.option.values", { values: option.choices.map(optionValue).join(", ") }));
  if (option.minimum !== undefined && option.maximum !== undefined) {
    facts.push(tr("page.help.option.range", { minimum: optionValue(option.minimum), maximum: optionValue(option.maximum) }));
  }
  if (option.needs) {
    const when = Object.entries(option.needs).map(([name, values]) =>
      tr("page.help.option.is", { option: name, values: listOf(values.map(optionValue), "disjunction") }),
    );
    facts.push(tr("page.help.option.applies", { when: listOf(when) }));
  }
  return el(
    "div",
    { class: "help-option", "data-testid": "help-option", "data-option": option.name },
    el("dt", {}, option.label_id ? tr(option.label_id) : option.label, " ", el("code", { text: option.name })),
    el(
      "dd",
      {},
      el("p", { text: option.help_id ? tr(option.help_id) : option.help }),
      el("p", { class: "help-extra", text: `${facts.join("; ")}.` }),
      option.note ? el("p", { class: "help-source", text: option.note }) : null,
    ),
  );
}

const TAB_CONTENT = {
  rules: () => sectionsOf("sagrada"),
  tools: () => [
    el("h2", { class: "help-group", text: tr("page.help.tools") }),
    el("p", { class: "help-extra", text: tr("page.help.tools.cost") }),
    cardList("tools"),
    el("h2", { class: "help-group", text: tr("page.help.apprentice_cards") }),
    cardList("apprentice"),
  ],
  objectives: () => [
    el("h2", { class: "help-group", text: tr("page.help.public_objectives") }),
    cardList("objectives"),
    el("h2", { class: "help-group", text: tr("page.help.private_objectives") }),
    cardList("private"),
  ],
  options: () => [
    el("p", { class: "help-extra", text: tr("page.help.options.about") }),
    el("dl", { class: "help-options" }, data.options.map(optionItem)),
  ],
  cardgame: () => [
    ...sectionsOf("cards"),
    el("h2", { class: "help-group", text: tr("page.help.card_tools") }),
    cardList("cardtools"),
    el("h2", { class: "help-group", text: tr("page.help.orders") }),
    cardList("orders"),
    el("h2", { class: "help-group", text: tr("page.help.card_options") }),
    el("dl", { class: "help-options" }, data.card_options.map(optionItem)),
  ],
};

function showTab(id, focus = false) {
  currentTab = id;
  for (const [tabId] of TABS) {
    const tab = dialog.querySelector(`#help-tab-${tabId}`);
    const selected = tabId === id;
    tab.setAttribute("aria-selected", selected ? "true" : "false");
    tab.tabIndex = selected ? 0 : -1;
    if (selected && focus) tab.focus();
  }
  dialog.querySelector(".help-body").setAttribute("aria-labelledby", `help-tab-${id}`);
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
  if (!data) {
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
  body.replaceChildren(...TAB_CONTENT[currentTab]());
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
    const ids = TABS.map(([id]) => id);
    const index = ids.indexOf(currentTab);
    const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: ids.length - 1 }[event.key];
    showTab(ids[(next + ids.length) % ids.length], true);
  }
}

function buildDialog() {
  const tabs = el(
    "div",
    { class: "help-tabs", role: "tablist", "aria-label": tr("page.help.title") },
    TABS.map(([id, title]) =>
      el("button", {
        type: "button",
        role: "tab",
        id: `help-tab-${id}`,
        "aria-controls": "help-body",
        "aria-selected": "false",
        "data-testid": `help-tab-${id}`,
        text: tr(title),
        onclick: () => showTab(id),
      }),
    ),
  );
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
    tabs,
    el("div", { class: "help-body", id: "help-body", role: "tabpanel", "aria-labelledby": "help-tab-rules", tabindex: "0" }),
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
  if (data) return;
  if (!loading) {
    loading = api("GET", `/api/rules?language=${encodeURIComponent(pageLanguage())}`).then(
      (answer) => {
        data = answer;
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
  renderBody();
}

/** Open the help (on `tab`, by default the one last shown), once the page's catalogue is
 * loaded: its words and the rules' language come from it. */
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
  // The card game's page opens on the card game's rules.
  if (document.body.classList.contains("cards-page")) currentTab = "cardgame";
  const button = document.querySelector('[data-testid="help-button"]');
  if (button) button.addEventListener("click", () => openHelp());
  document.addEventListener("keydown", (event) => {
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target) || (dialog && dialog.open)) return;
    event.preventDefault();
    openHelp();
  });
}
