// The solo card game's form on the scoring page (/score?game=…): a finished window of glass
// cards (its pattern chosen by name, its cards entered pane by pane: a colour letter and a
// digit, as in the dice game's form), the three order cards laid out (unique and basic), and
// the turn bar: the values of each round's stack, whose sum is the target. The colours,
// patterns, orders, rounds and limits are the server's (GET /api/score/form); the score, the
// target and whether it was reached are its answer's.

import { CELLS, cellWords, el, restrictionAt } from "/static/common.js";
import { rowTokens } from "/static/score/grid.js";
import { roundsEntry } from "/static/score/rounds.js";
import { showKind, tr } from "/static/i18n.js";
import { cardFace, cardLabel, restrictionFace, restrictionText } from "./model.js";

/** The words of a kind of order card (the content's kinds: its data's `kind`). */
const ORDER_KINDS = { unique: "page.score.order.unique", basic: "page.score.order.basic" };
/** An open space's token in the input. */
const OPEN = "_";
/** The keys that clear the chosen pane. */
const CLEARING = new Set(["Delete", "Backspace", "0", "_"]);

export function scoringForm(data, kit) {
  // The answer's words name spaces and cards as people say them, as on the game's page.
  showKind("cell", cellWords);
  showKind("die", cardLabel);
  const limits = data.limits || {};
  const rounds = data.rounds;
  const colours = data.palette.colours;
  const letters = new Map(colours.map((entry) => [entry.letter.toLowerCase(), entry.letter]));
  const values = data.palette.values;
  const patterns = new Map(data.windows.map((w) => [w.name, w]));
  let win = blankWindow();

  const restriction = (cell) => (win.window && patterns.has(win.window) ? restrictionAt(patterns.get(win.window).grid, cell) : ".");
  const held = (cell) => win.cells[CELLS.indexOf(cell)];

  const chooser = kit.patternChooser({
    windows: data.windows,
    small: (grid) => el("span", { class: "window small", "aria-hidden": "true" }, CELLS.map((cell) => el("span", { class: "cell" }, restrictionFace(grid ? restrictionAt(grid, cell) : ".")))),
    choose: (name) => {
      win.window = name;
      editor.redraw();
      kit.changed({ push: true });
    },
  });
  const editor = kit.windowEditor({
    label: tr("page.score.window"),
    kind: "glass",
    draw: (cell) => {
      const card = held(cell);
      return [card && card.colour && card.value ? cardFace(`${card.colour}${card.value}`) : restrictionFace(card && card.colour ? card.colour : restriction(cell))];
    },
    words: (cell) => {
      const card = held(cell);
      const what = card && card.colour && card.value ? cardLabel(`${card.colour}${card.value}`) : restrictionText(restriction(cell));
      return tr("page.cards.cell", { cell, what });
    },
    key: (cell, event) => onKey(event),
    chosen: () => colourPalette.redraw(),
    unfinished: (cell) => Boolean(held(cell) && !(held(cell).colour && held(cell).value)),
  });
  const colourPalette = kit.palette({
    colours,
    values,
    // A colour is offered as a card of that colour (its value still to come), never as pale
    // glass, which would read as a choice not open.
    face: (colour, value) => (colour ? cardFace(`${colour}${value || ""}`) : restrictionFace(value ? String(value) : ".")),
    now: () => held(editor.current) || { colour: null, value: null },
    colour: (letter) => put({ colour: letter }),
    value: (n) => put({ value: n }),
    clear: () => {
      win.cells[CELLS.indexOf(editor.current)] = null;
      redraw();
      kit.changed({ push: true });
    },
  });

  /** Give the chosen pane a colour or a value: a card made whole by this tap moves the choice
   * to the next pane; a whole card changed stays chosen; half a card is not yet a step. */
  function put(part) {
    const index = CELLS.indexOf(editor.current);
    const before = win.cells[index];
    const wasWhole = Boolean(before && before.colour && before.value);
    const card = { ...(before || {}), ...part };
    win.cells[index] = card;
    const whole = Boolean(card.colour && card.value);
    if (whole && !wasWhole && editor.current !== CELLS[CELLS.length - 1]) editor.choose(editor.next(), { focus: editor.element.contains(document.activeElement) });
    else redraw();
    kit.changed({ push: whole, half: !whole });
  }

  function onKey(event) {
    const letter = letters.get(event.key.toLowerCase());
    if (letter && event.key.length === 1) put({ colour: letter });
    else if (/^[1-9]$/.test(event.key) && values.includes(Number(event.key))) put({ value: Number(event.key) });
    else if (CLEARING.has(event.key)) colourPalette.element.querySelector('[data-testid="score-clear"]').click();
    else return false;
    return true;
  }

  // -- the turn bar ------------------------------------------------------------------------------

  const turnBar = roundsEntry({ rounds, values, label: "page.score.turn_bar", stacks: () => win.turn_bar, changed: kit.changed });

  // -- the orders ------------------------------------------------------------------------------

  const orderBox = el("div", { class: "score-choices" });

  function redrawOrders() {
    const kinds = [...new Set(data.orders.map((order) => order.kind))];
    orderBox.replaceChildren(
      ...kinds.map((kind) => {
        const cards = data.orders.filter((order) => order.kind === kind);
        const names = new Set(cards.map((order) => order.name));
        return kit.cardChoice({
          title: ORDER_KINDS[kind] ? tr(ORDER_KINDS[kind]) : kind,
          testid: `score-order-${kind}`,
          groups: [{ title: null, cards }],
          chosen: win.orders.filter((name) => names.has(name)),
          most: limits.by_kind[kind],
          band: "order",
          badge: (card) => String(card.vp),
          change: (taken) => {
            win.orders = [...win.orders.filter((name) => !names.has(name)), ...taken];
            kit.changed({ push: true });
          },
        }).element;
      }),
    );
  }

  function redraw() {
    editor.redraw();
    colourPalette.redraw();
  }

  kit.window.replaceChildren(el("h2", { text: tr("page.score.window.title") }), chooser.element, editor.element, colourPalette.element);
  kit.cards.replaceChildren(el("h2", { text: tr("page.score.orders.title") }), orderBox, el("h3", { text: tr("page.score.turn_bar") }), el("p", { class: "hint", text: tr("page.score.turn_bar.hint") }), ...turnBar.elements);

  function blankWindow() {
    return { window: null, cells: Array(CELLS.length).fill(null), orders: [], turn_bar: Array.from({ length: rounds }, () => []) };
  }

  // Drawn at once, empty, so the panel has its size before anything is restored into it.
  redraw();
  turnBar.redraw();
  redrawOrders();

  return {
    blankWindow,
    blankShared: () => ({}),
    windowState: () => structuredClone(win),
    sharedState: () => ({}),
    show(windowState) {
      win = structuredClone(windowState);
      chooser.show(win.window || null);
      redraw();
      turnBar.redraw();
      redrawOrders();
    },
    windowInput(w) {
      const token = (card) => (card && card.colour && card.value ? `${card.colour}${card.value}` : OPEN);
      const rows = rowTokens(w.cells, token);
      return { ...(w.window ? { window: w.window } : {}), cards: rows, orders: w.orders, turn_bar: w.turn_bar };
    },
    sharedInput: () => ({}),
    partsHint: tr("page.score.parts.hint.cards"),
    windowFromInput(entry) {
      const stacks = Array.from({ length: rounds }, (_, i) => [...((entry.turn_bar || [])[i] || [])]);
      return { ...blankWindow(), window: entry.window || null, orders: entry.orders || [], turn_bar: stacks };
    },
    sharedFromInput: () => ({}),
    withAnswer(w, answered) {
      return { ...w, cells: answered.cells.map((card) => (card ? { ...card } : null)) };
    },
    missing(w) {
      const index = w.cells.findIndex((card) => card && !(card.colour && card.value));
      const half = index < 0 ? null : tr(w.cells[index].colour ? "page.score.missing.value" : "page.score.missing.colour", { cell: CELLS[index] });
      const needs = [w.orders.length < limits.orders ? tr("page.score.missing.orders") : null, half].filter(Boolean);
      return needs.length ? needs.join(" ") : null;
    },
    light(scored, warned) {
      editor.mark(scored, warned);
    },
  };
}
