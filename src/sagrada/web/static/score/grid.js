// The window being entered: its twenty panes as buttons (A1 top-left to D5 bottom-right), one
// of them chosen at a time. A tap chooses a pane; from the keyboard the arrows move the choice
// (the chosen pane alone is in the tab order), and every other key goes to the game's form
// (a colour letter, a digit, Delete). What a pane shows and what a key does are the game's:
// this module only keeps the choice, the marks (the dice a part counts, the warned panes)
// and the focus.

import { CELLS, COLS, ROWS, el } from "/static/common.js";

/** The steps of the arrow keys: [rows, columns]. */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * A window editor.
 *
 * @param {object} how
 * @param {string} how.label the window's accessible name.
 * @param {string} how.kind the window's look: "dice" (glass and dice) or "glass" (glass cards).
 * @param {(cell: string, marks: {warned: boolean}) => Node[]} how.draw what the pane `cell`
 *   shows (`warned`: a warning names it).
 * @param {(cell: string) => string} how.words the pane's accessible name.
 * @param {(cell: string, event: KeyboardEvent) => boolean} how.key a key pressed on the
 *   chosen pane; true when the form took it.
 * @param {(cell: string) => void} how.chosen a pane was chosen (a tap, an arrow).
 * @param {(cell: string) => boolean} [how.unfinished] whether the pane holds half a die (a
 *   colour or a value alone), marked as not yet entered.
 */
export function windowEditor({ label, kind, draw, words, key, chosen, unfinished = () => false }) {
  const grid = el("div", { class: `window score-window ${kind}`, role: "group", "aria-label": label, "data-testid": "score-window" });
  let current = CELLS[0];
  let marks = { scored: new Set(), warned: new Set() };

  function choose(cell, { focus = false } = {}) {
    current = cell;
    redraw();
    if (focus) button(cell).focus();
    chosen(cell);
  }

  function button(cell) {
    return grid.querySelector(`[data-cell="${cell}"]`);
  }

  function redraw() {
    const focused = grid.contains(document.activeElement);
    grid.replaceChildren(
      ...CELLS.map((cell) => {
        const classes = ["cell"];
        if (cell === current) classes.push("selected");
        if (marks.scored.has(cell)) classes.push("scored");
        if (marks.warned.has(cell)) classes.push("warned");
        if (unfinished(cell)) classes.push("unfinished");
        return el(
          "button",
          {
            type: "button",
            class: classes.join(" "),
            "data-testid": "score-cell",
            "data-cell": cell,
            tabindex: cell === current ? "0" : "-1",
            "aria-pressed": cell === current ? "true" : "false",
            "aria-label": words(cell),
            onclick: () => choose(cell),
            onkeydown: (event) => onKey(cell, event),
          },
          ...draw(cell, { warned: marks.warned.has(cell) }),
        );
      }),
    );
    if (focused) button(current).focus();
  }

  function onKey(cell, event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const step = ARROWS[event.key];
    if (step) {
      const index = CELLS.indexOf(cell);
      const row = Math.floor(index / COLS.length) + step[0];
      const col = (index % COLS.length) + step[1];
      if (row >= 0 && col >= 0 && col < COLS.length && row * COLS.length + col < CELLS.length) {
        choose(CELLS[row * COLS.length + col], { focus: true });
      }
      event.preventDefault();
      return;
    }
    if (key(cell, event)) event.preventDefault();
  }

  redraw();
  return {
    element: grid,
    /** The chosen pane. */
    get current() {
      return current;
    },
    choose,
    redraw,
    /** Mark the panes a part counts (`scored`) and those a warning names (`warned`). */
    mark(scored, warned) {
      marks = { scored: new Set(scored || []), warned: new Set(warned || []) };
      redraw();
    },
    /** The pane after the chosen one (reading order; the last stays). */
    next() {
      const index = CELLS.indexOf(current);
      return CELLS[Math.min(index + 1, CELLS.length - 1)];
    },
  };
}

/** The rows of a window's input, A to D: each its five panes' tokens (`token(piece)`, the
 * pieces in A1..D5 order) joined by spaces, as `sagrada score` reads them. */
export function rowTokens(pieces, token) {
  return ROWS.map((_, row) => pieces.slice(row * COLS.length, (row + 1) * COLS.length).map(token).join(" "));
}
