// The window pattern the dice lie on, chosen by name: a list (the server's patterns of every
// pack, each drawn small with its difficulty) narrowed as a name is typed, with a blank window
// first (no restriction: only the neighbours are checked). Closed, it names the pattern chosen.

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";

/**
 * The chooser.
 *
 * @param {object} how
 * @param {{name: string, difficulty: number, grid: string[]}[]} how.windows the patterns.
 * @param {(grid: string[]|null) => Node} how.small a pattern drawn small (null: blank).
 * @param {(name: string|null) => void} how.choose a pattern was chosen (null: blank).
 */
export function patternChooser({ windows, small, choose }) {
  const summary = el("summary", { class: "pattern-summary", "data-testid": "score-pattern" });
  const search = el("input", {
    type: "search",
    class: "pattern-search",
    "data-testid": "score-pattern-search",
    "aria-label": tr("page.score.pattern.search"),
    placeholder: tr("page.score.pattern.search"),
    autocomplete: "off",
    oninput: () => filter(),
  });
  const list = el("ul", { class: "pattern-list", "aria-label": tr("page.score.pattern.list") });
  const box = el("details", { class: "pattern-chooser" }, summary, el("div", { class: "pattern-panel" }, search, list));

  function option(name, grid, difficulty) {
    return el(
      "li",
      { "data-name": name === null ? "" : name.toLowerCase() },
      el(
        "button",
        {
          type: "button",
          class: "pattern-option",
          "data-testid": "score-pattern-option",
          "data-name": name === null ? "" : name,
          onclick: () => {
            // The list closes over the option: the focus goes back to the chooser's summary.
            const focused = list.contains(document.activeElement);
            box.open = false;
            show(name);
            choose(name);
            if (focused) summary.focus();
          },
        },
        small(grid),
        el("span", { class: "pattern-name", text: name === null ? tr("page.score.pattern.blank") : name }),
        difficulty ? el("span", { class: "difficulty", "aria-label": tr("page.score.pattern.difficulty", { difficulty }), text: "●".repeat(difficulty) }) : null,
      ),
    );
  }

  list.append(option(null, null, 0), ...windows.map((w) => option(w.name, w.grid, w.difficulty)));

  function filter() {
    const wanted = search.value.trim().toLowerCase();
    for (const item of list.children) item.hidden = Boolean(wanted) && !item.dataset.name.includes(wanted);
  }

  function show(name) {
    summary.replaceChildren(
      el("span", { class: "pattern-label", text: tr("page.score.pattern") }),
      el("strong", { text: name === null ? tr("page.score.pattern.blank") : name }),
    );
  }

  // Opened with a mouse or the keys, the search takes the typing at once; on a touch screen
  // it waits for a tap, so the keyboard does not cover the list.
  box.addEventListener("toggle", () => {
    if (box.open && matchMedia("(pointer: fine)").matches) search.focus();
  });
  show(null);
  return { element: box, show };
}
