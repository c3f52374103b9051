// Life's Masterwork module on the page: the masterwork board (its six spaces, whose slots take
// a Draft Pool die by clicking) with a legend of the symbols, the die in hand, the rotation
// picker, and the preview of the chosen rotation on the cell under the pointer, or on the die
// a tool turns where it lies (POST /preview). Everything comes from the view: the
// dice's symbols, arrows and requirements are the engine's. (orange.js draws the dice.)

import { api, el, COLOURS, dieFace, dieLabel, houseNote, spaceFace } from "/static/common.js";
import { symbolName, t, tr } from "/static/i18n.js";
import { token, API, S, mySeat, $ } from "/static/shell/state.js";
import { masterworkRotations, chosenRotation, slotsFor } from "./model.js";
import { onSlot, chooseRotation } from "./clicks.js";
import { render } from "/static/shell/render.js";
import { masterworkFace, masterworkLabel, arrowDiagram, turnedArrows, shortSymbol, explanation } from "./orange.js";

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

/** The die in hand as previewed on `cell`, when the pointer or focus rests there, or always
 * (`always`: the die to turn already lies there, when a tool turns it again). */
export function previewedAt(model, cell, always = false) {
  return always || cell === hovered ? previewOn(model, cell) : null;
}

/** The masterwork die in hand, for the action bar: its symbol (once previewed) and, for the
 * seat placing it, the rotation chosen, with its arrows so turned. */
export function heldMasterworkDie(view, model) {
  const placing = model.masterwork.size > 0;
  if (placing) previewOn(model, hovered && model.masterwork.has(hovered) ? hovered : model.masterwork.keys().next().value);
  const die = placing ? { symbol: previews.symbol, rotation: chosenRotation(model) } : { symbol: null };
  die.arrows = turnedArrows(die.symbol, die.rotation);
  const label = tr("page.game.in_hand.label", { die: masterworkLabel(die) });
  return el(
    "span",
    { class: "die-static", role: "img", "aria-label": label, title: label, "data-testid": "held-die", "data-die": view.held_die },
    masterworkFace(die),
  );
}

/** The symbol of the masterwork die being placed or turned: the one lying on the only cell
 * it may take (a tool may turn it again where it was moved to), or the previewed one's. */
function symbolInHand(view, model) {
  if (model.masterwork.size === 1) {
    const cell = model.masterwork.keys().next().value;
    const me = view.players.find((p) => p.seat === mySeat(S.view));
    const die = ((me && me.masterwork_dice) || []).find((entry) => entry.cell === cell);
    if (die) return die.symbol;
  }
  return previews.symbol;
}

// -- the board and the rotation picker ------------------------------------------------------------

/** The masterwork board (only with the module) and, while placing its die, the rotations. */
export function renderMasterwork(view, model) {
  drawnHover = hovered;
  renderBoard(view, model);
  renderRotations(view, model);
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
  const parts = [
    el("div", { class: "mw-spaces" }, board.spaces.map((space, i) => boardSpace(space, i + 1, legal))),
    legend(board.faces || []),
    board.house ? houseNote() : null,
  ];
  $("masterwork").replaceChildren(...parts.filter(Boolean)); // no text "null" for a part left out
}

// The legend is open at first, except on a phone (where it would push the tools far down);
// it stays as the player left it across re-renders.
let legendOpen = !window.matchMedia("(max-width: 480px)").matches;

/** What each symbol asks of the dice its arrows point at, with its arrows before turning and
 * its short form (the other players' windows show that). */
function legend(faces) {
  if (!faces.length) return null;
  return el(
    "details",
    {
      class: "mw-legend",
      "data-testid": "masterwork-legend",
      open: legendOpen,
      ontoggle: (event) => (legendOpen = event.target.open),
    },
    el("summary", { text: tr("page.game.masterwork.legend") }),
    el(
      "ul",
      { class: "mw-faces" },
      faces.map((face) => {
        const short = shortSymbol(face.symbol);
        return el(
          "li",
          { class: "mw-face", "data-testid": "masterwork-face", "data-symbol": face.symbol },
          masterworkFace({ symbol: face.symbol, arrows: face.arrows }, { compact: true }),
          el(
            "span",
            {},
            el("strong", { text: symbolName(face.symbol) }),
            short !== symbolName(face.symbol) ? el("span", { class: "hint", text: ` (${short})` }) : null,
            `: ${t(face.explanation)}`,
          ),
        );
      }),
    ),
    el(
      "p",
      { class: "hint mw-note" },
      `${tr("page.game.masterwork.note_before")} `,
      arrowDiagram(["E"], [null]),
      ` ${tr("page.game.masterwork.note_after")}`,
    ),
  );
}

function boardSpace(space, number, legal) {
  const colourSlot = `${number}c`;
  const valueSlot = `${number}v`;
  const colourSlotLabel =
    space.colour in COLOURS
      ? tr("page.game.masterwork.colour_slot", { space: number, colour: space.colour })
      : tr("page.game.masterwork.colour_slot_any", { space: number });
  const emptyColour =
    space.colour in COLOURS
      ? spaceFace(space.colour)
      : el("span", { class: "face space any", text: space.colour === "any" ? tr("page.game.masterwork.any") : space.colour });
  return el(
    "div",
    { class: "mw-space", "data-testid": "masterwork-space", "data-space": String(number) },
    el("span", { class: "mw-number", text: String(number) }),
    el(
      "span",
      {
        class: "mw-top",
        "data-testid": "masterwork-top",
        title: space.symbol
          ? tr("page.game.masterwork.top", { symbol: space.symbol, explanation: explanation(space.symbol), n: space.left })
          : tr("page.game.masterwork.none_left"),
      },
      space.symbol ? masterworkFace({ symbol: space.symbol }) : el("span", { class: "face space blank" }),
      el("span", { class: "mw-left", text: `×${space.left}` }),
    ),
    slotButton(colourSlot, space.colour_slot, emptyColour, colourSlotLabel, legal.has(colourSlot)),
    slotButton(
      valueSlot,
      space.value_slot,
      spaceFace(String(space.value)),
      tr("page.game.masterwork.value_slot", { space: number, value: space.value }),
      legal.has(valueSlot),
    ),
    el("span", { class: "favor", "data-testid": "masterwork-favor", title: tr("page.game.masterwork.favor"), text: `◉ ${space.favor}` }),
  );
}

function slotButton(slot, die, emptyFace, label, legal) {

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
      "aria-label": [
        label,
        die ? tr("page.game.masterwork.holds", { die: dieLabel(die) }) : null,
        legal ? tr("page.game.masterwork.put_here") : null,
      ]
        .filter(Boolean)
        .join(", "),
      onclick: () => legal && onSlot(slot),
    },
    die ? dieFace(die) : emptyFace,
  );
}

function renderRotations(view, model) {
  const box = $("rotations");
  const rotations = masterworkRotations(model);
  if (!rotations.length) {
    box.replaceChildren();
    return;
  }
  const chosen = chosenRotation(model);
  const symbol = symbolInHand(view, model);
  box.replaceChildren(
    el("span", { class: "hand-label", id: "rotations-label", text: tr("page.game.masterwork.turn_it") }),
    el(
      "span",
      { class: "rotation-buttons", role: "group", "aria-labelledby": "rotations-label" },
      rotations.map((rotation) => {
        const arrows = turnedArrows(symbol, rotation);
        return el(
          "button",
          {
            type: "button",
            class: "rotation",
            "data-testid": `rotation-${rotation}`,
            "data-key": `rotation:${rotation}`,
            "aria-pressed": rotation === chosen ? "true" : "false",
            "aria-label": arrows
              ? tr("page.game.masterwork.turn_arrows", { rotation, arrows: arrows.join(" ") })
              : tr("page.game.masterwork.turn", { rotation }),
            onclick: () => chooseRotation(rotation),
          },
          arrows ? arrowDiagram(arrows) : null,
          `${rotation}°`,
        );
      }),
    ),
  );
}
