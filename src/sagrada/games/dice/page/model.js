// The dice game's reading of the view: the cards from GET /api/cards, and the legal actions
// grouped by what is clicked to take them (the Draft Pool, the window's cells, the masterwork
// board's slots...).

import { S } from "/static/shell/state.js";

/** Every card the server knows (GET /api/cards), loaded at start: private objectives carry
 * their colour or the spaces they score; Life's apprentice cards their names. */
export let CARDS = { tools: [], public_objectives: [], private_objectives: [], apprentice_cards: [] };

/** Keep the cards from GET /api/cards (an imported binding cannot be assigned elsewhere). */
export function setCards(cards) {
  CARDS = cards;
}

/** Group legal actions by what is clicked to take them. */
export function actionModel(actions) {
  const m = {
    windows: new Map(), // option number → "W2"
    tools: new Map(), // card number → "T7"
    pass: null,
    buttons: [], // action objects: +1, -1, =n, stop, return, and kinds this page does not know
    poolPick: new Map(), // "R3" → "R3" or "$R3" (take or pay with a Draft Pool die)
    poolPlace: new Map(), // "R3" → Map(cell → "R3@B4")
    ownPick: new Map(), // "R3" → "*R3"
    ownPlace: new Map(), // "R3" → Map(cell → "*R3@B4")
    put: new Map(), // cell → "@B4"
    moves: new Map(), // from cell → Map(to cell → "B4>C5")
    track: new Map(), // "r3:R5" → action
    slots: new Map(), // "R3" → Map(slot → "R3/2c") (into a slot of the masterwork board)
    masterwork: new Map(), // cell → Map(rotation → "O90@B4") (the masterwork die in hand)
    gain: new Map(), // "deck" | "discard" → "gain:deck" (where an apprentice card is gained from)
    keep: new Map(), // 1 | 2 → "keep:1" (which of the two apprentice cards looked at is kept)
    cards: new Map(), // apprentice card number → its activate or discard action (play it)
  };
  const addTo = (map, key, cell, action) => {
    if (!map.has(key)) map.set(key, new Map());
    map.get(key).set(cell, action);
  };
  for (const action of actions) {
    const text = action.notation;
    switch (action.kind) {
      case "pattern": m.windows.set(action.option, text); break;
      case "tool": m.tools.set(action.tool, text); break;
      case "pass": m.pass = text; break;
      case "pay": case "choose": m.poolPick.set(action.die, text); break;
      case "draft": addTo(m.poolPlace, action.die, action.cell, text); break;
      case "own_draft": addTo(m.ownPlace, action.die, action.cell, text); break;
      case "own_choose": m.ownPick.set(action.die, text); break;
      case "put": m.put.set(action.cell, text); break;
      case "move": addTo(m.moves, action.from, action.to, text); break;
      case "track": m.track.set(text, text); break;
      case "slot": addTo(m.slots, action.die, action.slot, text); break;
      case "masterwork": addTo(m.masterwork, action.cell, action.rotation, text); break;
      case "gain": m.gain.set(action.source, text); break;
      case "keep": m.keep.set(action.choice, text); break;
      case "activate": case "discard": m.cards.set(action.card, action); break;
      default: m.buttons.push(action); // +1, -1, =n, stop, return, and kinds this page does not know
    }
  }
  return m;
}

/** The slots of the masterwork board the die at hand may go into (Map slot → action): the
 * Draft Pool die selected, or the die in hand (a tool may hold it). */
export function slotsFor(view, model) {
  const sel = S.selection;
  if (sel && sel.kind === "pool" && model.slots.has(sel.die)) return model.slots.get(sel.die);
  if (view.held_die && model.slots.has(view.held_die)) return model.slots.get(view.held_die);
  return new Map();
}

/** The rotations the masterwork die in hand may be placed with (from its legal placements),
 * smallest first. */
export function masterworkRotations(model) {
  const rotations = new Set();
  for (const byRotation of model.masterwork.values()) for (const rotation of byRotation.keys()) rotations.add(rotation);
  return [...rotations].sort((a, b) => a - b);
}

/** The rotation the next placement of the masterwork die uses: the chosen one if legal. */
export function chosenRotation(model) {
  const rotations = masterworkRotations(model);
  return rotations.includes(S.rotation) ? S.rotation : rotations[0];
}

/** Whether the die in hand is a masterwork die: held just after drafting into a slot of the
 * masterwork board (the last action's kind says so, for every seat). */
export function holdsMasterworkDie(view) {
  const history = view.history_actions || [];
  return Boolean(view.held_die) && history.length > 0 && history[history.length - 1].kind === "slot";
}
