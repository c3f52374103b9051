// Life's Masterwork module on the page: the masterwork board (its six spaces, whose slots take
// a Draft Pool die by clicking), the orange masterwork dice (in windows, on the board, in hand)
// with their arrows and whether they are met, the rotation picker for the die in hand, and its
// preview on the cell under the pointer (POST /preview). Everything comes from the view: the
// dice's symbols, rotations and the cells their arrows point at are the engine's.

import { api, el, CELLS, COLS, COLOURS, dieFace, dieLabel, houseNote, spaceFace } from "../common.js";
import { token, API, S, $, mySeat, masterworkRotations, chosenRotation, slotsFor } from "./state.js";
import { onSlot, chooseRotation } from "./flow.js";
import { render } from "./render.js";

// -- the orange dice ------------------------------------------------------------------------------

/** The direction from one cell to another, in degrees clockwise from pointing right. */
function direction(from, to) {
  const a = CELLS.indexOf(from);
  const b = CELLS.indexOf(to);
  const rows = Math.floor(b / COLS.length) - Math.floor(a / COLS.length);
  const cols = (b % COLS.length) - (a % COLS.length);
  return Math.round((Math.atan2(rows, cols) * 180) / Math.PI);
}

/**
 * The face of a masterwork die: orange, its symbol's name, its rotation, an arrow toward each
 * cell it points at (from `targets`, seen from `cell`; an arrow off the window has no cell and
 * is not drawn) and a tick or cross for `met` when the view says.
 */
export function masterworkFace(die, cell = null, { ghost = false } = {}) {
  const arrows = cell ? (die.targets || []).filter(Boolean).map((target) => el("span", { class: "arrow", style: `--angle: ${direction(cell, target)}deg` })) : [];
  const met = typeof die.met === "boolean" ? (die.met ? " met" : " unmet") : "";
  return el(
    "span",
    { class: `face die masterwork${met}${ghost ? " ghost" : ""}`, "data-symbol": die.symbol || undefined },
    el("span", { class: "symbol", text: die.symbol || "?" }),
    typeof die.rotation === "number" ? el("span", { class: "turn", text: `${die.rotation}°` }) : null,
    arrows,
    met ? el("span", { class: "met-mark", "aria-hidden": "true", text: die.met ? "✓" : "✗" }) : null,
  );
}

/** Words for a masterwork die of the view: "corner masterwork die turned 90°, requirement met,
 * arrows to B1 and A2". */
export function masterworkLabel(die) {
  const parts = [`${die.symbol || "a"} masterwork die${typeof die.rotation === "number" ? ` turned ${die.rotation}°` : ""}`];
  if (typeof die.met === "boolean") parts.push(`requirement ${die.met ? "met" : "not met"}`);
  if (die.targets) {
    const on = die.targets.filter(Boolean);
    const off = die.targets.length - on.length;
    if (on.length) parts.push(`arrows to ${on.join(" and ")}`);
    if (off) parts.push(`${off} ${off > 1 ? "arrows point" : "arrow points"} off the window`);
  }
  return parts.join(", ");
}

// -- the die in hand: previewed on a cell ---------------------------------------------------------

// The preview of the die in hand placed on a cell with the chosen rotation: the engine's view
// then holds it in the window with its symbol, the cells its arrows point at and whether it is
// met. Asked once per (actions so far, rotation, cell); the die's symbol comes from the first.
// While a tool is gathered, its steps come first.
const previews = { at: null, dice: new Map(), asked: new Set(), symbol: null };
let hovered = null; // the legal cell under the pointer or focus while placing
let drawnHover = null; // the one the last render drew
let hoverTimer = null;

/** The preview of the die in hand on `cell` (null until the server answered), asked for if
 * it was not yet. Only the seat placing the die may preview, on its legal cells. */
function previewOn(model, cell) {
  const byRotation = model.masterwork.get(cell);
  if (!byRotation || S.replay || !S.view) return null;
  const steps = S.gather ? S.gather.steps : [];
  const at = `${S.view.history.length}:${steps.join(" ")}`;
  if (previews.at !== at) Object.assign(previews, { at, dice: new Map(), asked: new Set(), symbol: null });
  const rotation = chosenRotation(model);
  const key = `${rotation}:${cell}`;
  if (!previews.asked.has(key)) {
    previews.asked.add(key);
    askPreview(at, key, [...steps, byRotation.get(rotation)], cell);
  }
  return previews.dice.get(key) || null;
}

async function askPreview(at, key, actions, cell) {
  let answer;
  try {
    answer = await api("POST", `${API}/preview`, { token, actions });
  } catch {
    return; // a preview is only a help: the placement itself is still sent by clicking
  }
  if (previews.at !== at) return; // the game moved on (or the tool was cancelled) meanwhile
  const seat = mySeat(S.view);
  const player = (answer.view.players || []).find((p) => p.seat === seat);
  const die = ((player && player.masterwork_dice) || []).find((entry) => entry.cell === cell);
  if (!die) return;
  previews.dice.set(key, die);
  previews.symbol = previews.symbol || die.symbol;
  render();
}

/** The pointer or focus is on a legal cell for the die in hand (null: left it). The preview
 * is drawn once the pointer rests a moment, so that sweeping over the window asks nothing. */
export function hoverPlacement(cell) {
  if (hovered === cell) return;
  hovered = cell;
  clearTimeout(hoverTimer);
  // Re-rendering moves the focus to a new element (blur, then focus on the same cell): draw
  // only when where the pointer or focus rests has changed since the last drawing.
  hoverTimer = setTimeout(() => hovered !== drawnHover && render(), 150);
}

/** The die in hand as previewed on `cell`, when the pointer or focus rests there. */
export function previewedAt(model, cell) {
  return cell === hovered ? previewOn(model, cell) : null;
}

/** The masterwork die in hand, for the action bar: its symbol (once previewed) and, for the
 * seat placing it, the rotation chosen. */
export function heldMasterworkDie(view, model) {
  const placing = model.masterwork.size > 0;
  if (placing) previewOn(model, hovered && model.masterwork.has(hovered) ? hovered : model.masterwork.keys().next().value);
  const die = placing ? { symbol: previews.symbol, rotation: chosenRotation(model) } : { symbol: null };
  return el(
    "span",
    { class: "die-static", role: "img", "aria-label": `in hand: ${masterworkLabel(die)}`, "data-testid": "held-die", "data-die": view.held_die },
    masterworkFace(die),
  );
}

// -- the board and the rotation picker ------------------------------------------------------------

/** The masterwork board (only with the module) and, while placing its die, the rotations. */
export function renderMasterwork(view, model) {
  drawnHover = hovered;
  renderBoard(view, model);
  renderRotations(model);
}

function renderBoard(view, model) {
  const panel = $("masterwork-panel");
  const board = view.masterwork;
  panel.hidden = !board;
  if (!board) {
    $("masterwork").replaceChildren();
    return;
  }
  const legal = slotsFor(view, model);
  $("masterwork").replaceChildren(
    el("div", { class: "mw-spaces" }, board.spaces.map((space, i) => boardSpace(space, i + 1, legal))),
    board.house ? houseNote() : null,
  );
}

function boardSpace(space, number, legal) {
  const colourSlot = `${number}c`;
  const valueSlot = `${number}v`;
  const colourName = space.colour in COLOURS ? COLOURS[space.colour].name : "any colour";
  const emptyColour =
    space.colour in COLOURS ? spaceFace(space.colour) : el("span", { class: "face space any", text: space.colour });
  return el(
    "div",
    { class: "mw-space", "data-testid": "masterwork-space", "data-space": String(number) },
    el("span", { class: "mw-number", text: String(number) }),
    el(
      "span",
      {
        class: "mw-top",
        "data-testid": "masterwork-top",
        title: space.symbol ? `${space.left} masterwork ${space.left === 1 ? "die" : "dice"} left` : "no masterwork die left",
      },
      space.symbol ? masterworkFace({ symbol: space.symbol }) : el("span", { class: "face space blank" }),
      el("span", { class: "mw-left", text: `×${space.left}` }),
    ),
    slotButton(colourSlot, space.colour_slot, emptyColour, `space ${number}, colour slot: ${colourName}`, legal.has(colourSlot)),
    slotButton(valueSlot, space.value_slot, spaceFace(String(space.value)), `space ${number}, value slot: ${space.value}`, legal.has(valueSlot)),
    el("span", { class: "favor", "data-testid": "masterwork-favor", title: "favor tokens for taking its masterwork die", text: `◉ ${space.favor}` }),
  );
}

function slotButton(slot, die, emptyFace, label, legal) {
  const holds = die ? `, holds the ${dieLabel(die)}` : "";
  return el(
    "button",
    {
      type: "button",
      class: `mw-slot${legal ? " legal" : ""}`,
      "data-testid": "masterwork-slot",
      "data-slot": slot,
      "data-die": die || undefined,
      "data-key": `slot:${slot}`,
      "aria-disabled": legal ? "false" : "true",
      "aria-label": `${label}${holds}${legal ? ", put the selected die here" : ""}`,
      onclick: () => legal && onSlot(slot),
    },
    die ? dieFace(die) : emptyFace,
  );
}

function renderRotations(model) {
  const box = $("rotations");
  const rotations = masterworkRotations(model);
  if (!rotations.length) {
    box.replaceChildren();
    return;
  }
  const chosen = chosenRotation(model);
  box.replaceChildren(
    el("span", { class: "hand-label", id: "rotations-label", text: "Turn it:" }),
    el(
      "span",
      { class: "rotation-buttons", role: "group", "aria-labelledby": "rotations-label" },
      rotations.map((rotation) =>
        el(
          "button",
          {
            type: "button",
            class: "rotation",
            "data-testid": `rotation-${rotation}`,
            "data-key": `rotation:${rotation}`,
            "aria-pressed": rotation === chosen ? "true" : "false",
            "aria-label": `turn the masterwork die ${rotation}° clockwise`,
            onclick: () => chooseRotation(rotation),
          },
          el("span", { class: "rotation-mark", "aria-hidden": "true", style: `--angle: ${rotation}deg`, text: "↑" }),
          `${rotation}°`,
        ),
      ),
    ),
  );
}
