// The orange masterwork dice of Life's Masterwork module, as the page draws and names them:
// the die's symbol (or a short form in the small windows), an arrow for each direction it
// points (an arrow off the window drawn hollow and dashed), whether its requirement is met,
// and the symbol's explanation. Every symbol, arrow and requirement comes from the view
// (`masterwork.faces`, and each placed die's `arrows` and `targets`); the page knows only
// the compass (N, NE, ... NW) and that a turn is clockwise.

import { el, dieLabel, cellWords } from "/static/common.js";
import { symbolName, t, tr } from "/static/i18n.js";
import { shownView } from "/static/shell/state.js";

// -- the faces of the view --------------------------------------------------------------------

/** The faces of the masterwork dice (symbol, arrows before turning, requirement, explanation). */
export function faces() {
  const view = shownView();
  return (view && view.masterwork && view.masterwork.faces) || [];
}

function faceOf(symbol) {
  return faces().find((face) => face.symbol === symbol) || null;
}

/** The explanation of a symbol's requirement, as text ("" if the view does not say). */
export function explanation(symbol) {
  const face = faceOf(symbol);
  return face ? t(face.explanation) : "";
}

/** The shortest start of a symbol's name (in the page's language) that no other symbol's name
 * starts with. */
export function shortSymbol(symbol) {
  const name = symbolName(symbol);
  const others = faces()
    .filter((face) => face.symbol !== symbol)
    .map((face) => symbolName(face.symbol));
  for (let n = 1; n < name.length; n++) {
    const start = name.slice(0, n);
    if (!others.some((other) => other.startsWith(start))) return start;
  }
  return name;
}

// -- the compass --------------------------------------------------------------------------------

/** A direction ("N", "SE"...) as a step [rows down, columns right]. */
function step(direction) {
  const rows = Number(direction.includes("S")) - Number(direction.includes("N"));
  const cols = Number(direction.includes("E")) - Number(direction.includes("W"));
  return [rows, cols];
}

function directionOf([rows, cols]) {
  return (rows < 0 ? "N" : rows > 0 ? "S" : "") + (cols > 0 ? "E" : cols < 0 ? "W" : "");
}

/** A direction turned clockwise by `degrees` (a multiple of 90): N → E → S → W, NE → SE. */
export function turned(direction, degrees) {
  let [rows, cols] = step(direction);
  for (let i = 0; i < ((degrees / 90) % 4 + 4) % 4; i++) [rows, cols] = [cols, -rows];
  return directionOf([rows, cols]);
}

/** The arrows of a symbol once its die is turned by `rotation` degrees (null if unknown). */
export function turnedArrows(symbol, rotation) {
  const face = symbol ? faceOf(symbol) : null;
  return face ? face.arrows.map((direction) => turned(direction, rotation || 0)) : null;
}

// -- drawing ------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/**
 * The arrows of a die over its face (a 100×100 box centred on the die): a dark arrowhead at
 * the edge toward each direction, pushed into the corner for a diagonal one; an arrow whose
 * target is null (off the window) is hollow, dashed and red.
 */
// The arrowhead pointing right, at the die's right edge: for the face with a name, for the
// small face with a short form (shorter, leaving it more room) and for a face with no text.
const ARROWHEADS = { normal: "30,-14 48,0 30,14", short: "36,-13 48,0 36,13", bold: "18,-20 48,0 18,20" };

function arrowLayer(directions, targets, shape = "normal") {
  return svg(
    "svg",
    { class: "arrows", viewBox: "-50 -50 100 100", "aria-hidden": "true" },
    ...directions.map((direction, i) => {
      const [rows, cols] = step(direction);
      const angle = Math.round((Math.atan2(rows, cols) * 180) / Math.PI);
      const reach = rows && cols ? 8 : 0;
      const off = Array.isArray(targets) && targets[i] === null;
      return svg("polygon", {
        class: `arrow${off ? " off" : ""}`,
        "data-direction": direction,
        points: ARROWHEADS[shape],
        transform: `rotate(${angle}) translate(${reach} 0)`,
      });
    }),
  );
}

/**
 * The face of a masterwork die: orange, its symbol's name (`compact`: its short form), an
 * arrow for each of its `arrows` (those whose `targets` entry is null drawn as off the
 * window) and a tick or a cross for `met` when the view says.
 */
export function masterworkFace(die, { ghost = false, compact = false } = {}) {
  const met = typeof die.met === "boolean" ? (die.met ? " met" : " unmet") : "";
  const symbol = die.symbol ? (compact ? shortSymbol(die.symbol) : symbolName(die.symbol)) : "?";
  const name = el("span", { class: "symbol", text: symbol });
  name.style.setProperty("--chars", String(symbol.length));
  return el(
    "span",
    {
      class: `face die masterwork${met}${ghost ? " ghost" : ""}${compact ? " compact" : ""}${die.arrows ? " has-arrows" : ""}`,
      "data-symbol": die.symbol || undefined,
    },
    die.arrows ? arrowLayer(die.arrows, die.targets, compact ? "short" : "normal") : null,
    name,
    met ? el("span", { class: "met-mark", "aria-hidden": "true", text: die.met ? "✓" : "✗" }) : null,
  );
}

/** A die's arrows alone, drawn small (the rotation picker's buttons, the legend). */
export function arrowDiagram(directions, targets = null) {
  return el("span", { class: "face die masterwork diagram", "aria-hidden": "true" }, arrowLayer(directions, targets, "bold"));
}

/** A die named by its notation, in words: "red 3"; a masterwork die ("Ocorner90") as "corner
 * masterwork die turned 90°" (the engine's messages name dice so: the parameter kind die). */
export function dieWords(die) {
  const masterwork = /^O([a-z]+)(\d+)$/.exec(String(die));
  if (!masterwork) return dieLabel(String(die));
  const [, symbol, rotation] = masterwork;
  return tr("page.game.masterwork.die_turned", { symbol, rotation: Number(rotation) });
}

/** Words for a masterwork die of the view: "corner masterwork die turned 90°, requirement met,
 * arrows to B1 and A2; " and the explanation of its symbol. */
export function masterworkLabel(die) {
  const { symbol, rotation } = die;
  const turnedSo = typeof rotation === "number";
  const parts = [
    symbol
      ? turnedSo
        ? tr("page.game.masterwork.die_turned", { symbol, rotation })
        : tr("page.game.masterwork.die", { symbol })
      : turnedSo
        ? tr("page.game.masterwork.a_die_turned", { rotation })
        : tr("page.game.masterwork.a_die"),
  ];
  if (typeof die.met === "boolean") parts.push(die.met ? tr("page.game.masterwork.met") : tr("page.game.masterwork.not_met"));
  if (die.targets) {
    const on = die.targets.filter(Boolean).map(cellWords);
    const off = die.targets.length - on.length;
    if (on.length) parts.push(tr("page.game.masterwork.arrows_to", { cells: on.reduce((a, b) => tr("page.game.and", { a, b })) }));
    if (off) parts.push(tr("page.game.masterwork.arrows_off", { n: off }));
  }
  const label = parts.join(", ");
  const why = symbol ? explanation(symbol) : "";
  return why ? tr("page.game.masterwork.why", { label, symbol, why }) : label;
}
