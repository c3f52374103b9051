// The dice game's window on the scoring page: its pattern chosen by name (its restrictions drawn
// in the panes as the game's page draws them), the dice entered pane by pane with the palette
// (a colour and a value, or Life's masterwork die with its symbol and rotation), and the keys:
// a colour letter and a digit on the chosen pane, Delete, Backspace, 0 or _ to clear it. The
// colours, values, patterns, symbols and rotations are the server's (GET /api/score/form).

import { CELLS, dieFace, dieLabel, el, restrictionAt, restrictionLabel, spaceFace } from "/static/common.js";
import { symbolName, tr } from "/static/i18n.js";
import { arrowDiagram, masterworkFace, masterworkLabel, turned } from "./orange.js";

/** The pattern of a blank window: no restriction anywhere. */
const BLANK = null;
/** Whether a pane holds half a die: a colour or a value alone. */
const half = (die) => Boolean(die && !die.symbol && !(die.colour && die.value));
/** The keys that clear the chosen pane. */
const CLEARING = new Set(["Delete", "Backspace", "0", "_"]);

/**
 * The window part of the form.
 *
 * @param {object} data GET /api/score/form's answer.
 * @param {object} kit the shell's pieces (windowEditor, palette, patternChooser).
 * @param {() => object} state the window being entered ({window, cells, ...}), changed in place.
 * @param {() => boolean} masterworkOn whether Life's masterwork dice are in play.
 * @param {(step: {push: boolean}) => void} changed something was entered.
 */
export function scoreWindow(data, kit, state, masterworkOn, changed) {
  const colours = data.palette.colours;
  const letters = new Map(colours.map((entry) => [entry.letter.toLowerCase(), entry.letter]));
  const values = data.palette.values;
  const patterns = new Map(data.windows.map((w) => [w.name, w]));
  const symbols = (data.masterwork && data.masterwork.symbols) || [];
  const rotations = (data.masterwork && data.masterwork.rotations) || [];

  const grid = () => (state().window && patterns.has(state().window) ? patterns.get(state().window).grid : BLANK);
  const restriction = (cell) => (grid() ? restrictionAt(grid(), cell) : ".");
  const held = (cell) => state().cells[CELLS.indexOf(cell)];

  const chooser = kit.patternChooser({
    windows: data.windows,
    small: (pattern) => el("span", { class: "window small", "aria-hidden": "true" }, CELLS.map((cell) => el("span", { class: "cell" }, spaceFace(pattern ? restrictionAt(pattern, cell) : ".")))),
    choose: (name) => {
      state().window = name;
      editor.redraw();
      changed({ push: true });
    },
  });

  const editor = kit.windowEditor({
    label: tr("page.score.window"),
    kind: "dice",
    draw: (cell, marks) => [spaceFace(restriction(cell)), piece(held(cell)), marks.warned ? under(cell) : null],
    words: (cell) => {
      const die = held(cell);
      const what = die ? dieWords(die) : restrictionLabel(restriction(cell));
      return `${tr("page.game.cell", { cell })}, ${what}`;
    },
    key: (cell, event) => onKey(cell, event),
    chosen: () => redrawTools(),
    unfinished: (cell) => half(held(cell)),
  });

  const colourPalette = kit.palette({
    colours,
    values,
    face: (colour, value) => (colour ? dieFace(`${colour}${value || 0}`) : spaceFace(value ? String(value) : ".")),
    now: () => {
      const die = held(editor.current);
      return die && !die.symbol ? { colour: die.colour || null, value: die.value || null } : { colour: null, value: null };
    },
    colour: (letter) => put({ colour: letter }),
    value: (n) => put({ value: n }),
    clear: () => clear(),
    more: [masterworkButton()],
  });
  const orangeTools = el("div", { class: "masterwork-tools", "data-testid": "score-masterwork-tools" });

  /** A piece on a pane: a die (a colour without a value yet shows no pips; a value without a
   * colour, its pips etched on clear glass), or a masterwork die. */
  function piece(die) {
    if (!die) return null;
    if (die.symbol) return masterworkFace({ symbol: die.symbol, rotation: die.rotation, arrows: arrowsOf(die) });
    if (die.colour) return dieFace(`${die.colour}${die.value || 0}`);
    return el("span", { class: "face die pending" }, spaceFace(String(die.value)));
  }

  /** The restriction under a die a warning names, as a small badge on its corner (a die
   * covers its pane's restriction: the badge shows what it breaks). */
  function under(cell) {
    const what = restriction(cell);
    if (what === "." || !held(cell)) return null;
    return el("span", { class: "restriction-badge", "aria-hidden": "true" }, spaceFace(what));
  }

  function dieWords(die) {
    if (die.symbol) return masterworkLabel({ symbol: die.symbol, rotation: die.rotation });
    if (die.colour && die.value) return dieLabel(`${die.colour}${die.value}`);
    return die.colour ? tr("page.score.colour_only", { colour: die.colour }) : tr("page.score.value_only", { value: die.value });
  }

  function arrowsOf(die) {
    const face = symbols.find((entry) => entry.symbol === die.symbol);
    return face && face.arrows ? face.arrows.map((direction) => turned(direction, die.rotation || 0)) : null;
  }

  /** Give the chosen pane a colour or a value. A die made whole by this tap is a step, and the
   * next pane is chosen; a whole die given another colour or value stays chosen (a step too);
   * half a die (a colour or a value alone) is not yet a step: the history keeps the last whole
   * state. */
  function put(part) {
    const index = CELLS.indexOf(editor.current);
    const before = state().cells[index];
    const wasWhole = Boolean(before && !before.symbol && before.colour && before.value);
    const die = { ...(before && !before.symbol ? before : {}), ...part };
    state().cells[index] = die;
    const whole = Boolean(die.colour && die.value);
    if (whole && !wasWhole && editor.current !== CELLS[CELLS.length - 1]) editor.choose(editor.next(), { focus: editor.element.contains(document.activeElement) });
    else redrawAll();
    changed({ push: whole, half: !whole });
  }

  function clear() {
    state().cells[CELLS.indexOf(editor.current)] = null;
    redrawAll();
    changed({ push: true });
  }

  function onKey(cell, event) {
    const letter = letters.get(event.key.toLowerCase());
    if (letter && event.key.length === 1) put({ colour: letter });
    else if (/^[1-9]$/.test(event.key) && values.includes(Number(event.key))) put({ value: Number(event.key) });
    else if (CLEARING.has(event.key)) clear();
    else return false;
    return true;
  }

  // -- Life's masterwork die: its symbol and its rotation ------------------------------------

  function masterworkButton() {
    return el("button", {
      type: "button",
      class: "clear-button masterwork-button",
      "data-testid": "score-masterwork",
      text: tr("page.score.masterwork.put"),
      onclick: () => {
        const index = CELLS.indexOf(editor.current);
        const before = state().cells[index];
        if (!before || !before.symbol) state().cells[index] = { symbol: symbols[0].symbol, rotation: rotations[0] };
        redrawAll();
        changed({ push: true });
        // The symbol and rotation rows open under the palette: in view, not under the total.
        const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
        orangeTools.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "nearest" });
      },
    });
  }

  function redrawTools() {
    colourPalette.redraw();
    const button = colourPalette.element.querySelector('[data-testid="score-masterwork"]');
    if (button) button.hidden = !masterworkOn();
    const die = held(editor.current);
    orangeTools.hidden = !(die && die.symbol);
    if (!die || !die.symbol) {
      orangeTools.replaceChildren();
      return;
    }
    const set = (part) => {
      Object.assign(state().cells[CELLS.indexOf(editor.current)], part);
      redrawAll();
      changed({ push: true });
    };
    orangeTools.replaceChildren(
      el(
        "div",
        { class: "palette-row", role: "group", "aria-label": tr("page.score.masterwork.symbol") },
        symbols.map((entry) =>
          el(
            "button",
            {
              type: "button",
              class: "rotation symbol-choice",
              "data-testid": "score-symbol",
              "data-symbol": entry.symbol,
              "aria-pressed": die.symbol === entry.symbol ? "true" : "false",
              "aria-label": masterworkLabel({ symbol: entry.symbol }),
              onclick: () => set({ symbol: entry.symbol }),
            },
            // The symbol's arrows drawn small beside its name, so neither covers the other.
            entry.arrows ? arrowDiagram(entry.arrows) : null,
            symbolName(entry.symbol),
          ),
        ),
      ),
      el(
        "div",
        { class: "palette-row", role: "group", "aria-label": tr("page.score.masterwork.rotation") },
        rotations.map((rotation) => {
          const arrows = arrowsOf({ symbol: die.symbol, rotation });
          return el(
            "button",
            {
              type: "button",
              class: "rotation",
              "data-testid": `score-rotation-${rotation}`,
              "aria-pressed": die.rotation === rotation ? "true" : "false",
              "aria-label": tr("page.game.masterwork.turn", { rotation }),
              onclick: () => set({ rotation }),
            },
            arrows ? arrowDiagram(arrows) : null,
            `${rotation}°`,
          );
        }),
      ),
    );
  }

  function redrawAll() {
    editor.redraw();
    redrawTools();
  }

  return {
    elements: [chooser.element, editor.element, colourPalette.element, orangeTools],
    /** Show the state's window (its pattern, its dice). */
    show() {
      chooser.show(state().window || null);
      redrawAll();
    },
    light(scored, warned) {
      editor.mark(scored, warned);
    },
  };
}
