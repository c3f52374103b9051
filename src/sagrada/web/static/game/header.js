// The top of the page: the title and turn indicator, and the action bar (the decision, a hint
// saying what to click, the die in hand, choice buttons, Pass and Cancel tool). The tab's
// title is alert.js's; Undo and Confirm turn are stage.js's.

import { dieLabel, el, dieFace } from "../common.js";
import {
  gameId,
  S,
  $,
  byTestId,
  mySeat,
  playerName,
  currentActions,
  holdsMasterworkDie,
} from "./state.js";
import { choose, toolStart } from "./flow.js";
import { heldMasterworkDie } from "./masterwork.js";
import { t } from "../i18n.js";

export function renderHeader(view) {
  const seat = mySeat(S.view);
  $("game-title").textContent = `Game ${gameId} · ${seat === null ? "watching" : playerName(seat)} · round ${view.round}`;
  const turn = byTestId("turn-indicator");
  let text;
  let mine = false;
  if (view.phase === "over") text = "Game over";
  else if (S.replay) text = `${playerName(view.current_player)} to play`;
  else if (view.phase === "setup") {
    mine = view.current_player === seat;
    text = mine ? "Your turn: choose a window" : `${playerName(view.current_player)} is choosing a window`;
  } else {
    mine = view.current_player === seat;
    text = mine ? "Your turn" : `${playerName(view.current_player)}'s turn`;
  }
  if (S.replay) text = `Replay · ${text}`;
  turn.textContent = text;
  turn.classList.toggle("mine", mine && !S.replay);
  turn.dataset.seat = String(view.current_player);
}

export function renderActionBar(view, model) {
  // The engine's message for the decision (its players shown by name: see game.js).
  const decision = S.gather && S.gather.preview ? S.gather.preview.decision_message : view.decision_message;
  const text = S.replay ? `Replay: ${t(view.decision_message)}` : t(decision);
  byTestId("decision").textContent = text;
  $("hint").textContent = hintText(view, model);

  const hand = $("hand");
  hand.replaceChildren();
  if (view.held_die) {
    hand.append(
      el("span", { class: "hand-label", text: "In hand:" }),
      holdsMasterworkDie(view)
        ? heldMasterworkDie(view, model)
        : el("span", { class: "die-static", role: "img", "aria-label": `in hand: ${dieLabel(view.held_die)}`, "data-testid": "held-die", "data-die": view.held_die }, dieFace(view.held_die)),
    );
  }

  $("choices").replaceChildren(
    ...model.buttons.map((action) =>
      el("button", {
        type: "button",
        class: "choice",
        "data-testid": "choice-button",
        "data-action": action.notation,
        "data-key": `choice:${action.notation}`,
        "aria-label": choiceLabel(action),
        text: choiceText(action),
        onclick: () => choose(action.notation),
      }),
    ),
  );

  const pass = byTestId("pass-button");
  const tool = toolStart() !== null;
  pass.disabled = !model.pass || S.busy;
  pass.hidden = tool || Boolean(S.replay) || view.phase !== "play" || mySeat(S.view) === null;
  // Staged actions go with the pass: it ends the turn.
  pass.textContent = S.gather && !tool ? "Confirm and pass" : "Pass";
  pass.classList.toggle("primary", !S.gather);
  byTestId("cancel-tool").hidden = !tool;
}

/** The text of a choice button, from the action's kind. */
function choiceText(action) {
  if (action.kind === "value") return String(action.value);
  return { increase: "+1", decrease: "−1", stop: "Stop", return: "Return to pool" }[action.kind] || action.notation;
}

function choiceLabel(action) {
  switch (action.kind) {
    case "increase": return "raise the die by 1";
    case "decrease": return "lower the die by 1";
    case "value": return `give the die the value ${action.value}`;
    case "stop": return "stop the tool";
    case "return": return "return the die to the Draft Pool";
    default: return action.notation;
  }
}

/** One line telling the player what to click, derived from the clickable actions. */
function hintText(view, m) {
  if (S.replay) return "Use the replay controls below the scores to step through the game.";
  const seat = mySeat(S.view);
  if (seat === null) return "You are watching this game.";
  if (view.phase === "over") return "";
  if (!currentActions().length) {
    return view.phase === "play" ? "Waiting for the other players. Click a Draft Pool die to see where it could go." : "Waiting for the other players.";
  }
  const parts = [];
  if (m.windows.size) parts.push("choose one of your window patterns");
  if (m.masterwork.size) parts.push("turn the masterwork die if you like, then click a highlighted space of your window");
  else if (S.selection && S.selection.kind === "move") parts.push(`click where the die on ${S.selection.cell} goes`);
  else if (S.selection && S.selection.kind === "pool" && m.slots.has(S.selection.die)) {
    const where = m.poolPlace.has(S.selection.die) ? "a highlighted space or masterwork slot" : "a highlighted masterwork slot";
    parts.push(`click ${where} for the ${dieLabel(S.selection.die)}`);
  } else if (view.held_die && m.slots.has(view.held_die)) parts.push(`click a highlighted masterwork slot for the ${dieLabel(view.held_die)}`);
  else if (S.selection && (S.selection.kind === "pool" || S.selection.kind === "own")) parts.push(`click a highlighted space for the ${dieLabel(S.selection.die)}`);
  else {
    if (m.poolPlace.size && m.slots.size) parts.push("click a Draft Pool die, then a highlighted space or masterwork slot");
    else if (m.poolPlace.size) parts.push("click a Draft Pool die, then a highlighted space");
    else if (m.slots.size) parts.push("click a Draft Pool die, then a highlighted masterwork slot");
    if (m.ownPlace.size) parts.push("click a die of your own pool, then a highlighted space");
    if (m.poolPick.size) parts.push("click a highlighted Draft Pool die");
    if (m.ownPick.size) parts.push("click a highlighted die of your own pool");
    if (m.put.size) parts.push("click a highlighted space");
    if (m.moves.size) parts.push("click a highlighted die of your window, then where it goes");
    if (m.track.size) parts.push("click a highlighted Round Track die");
    if (m.gain.size) parts.push("click where your apprentice card comes from (Apprentice cards)");
    if (m.keep.size) parts.push("click Keep on one of the two apprentice cards");
    if (m.cards.size) parts.push("press the button of an apprentice card");
    if (m.tools.size) parts.push("click a tool card");
    if (m.buttons.length) parts.push("click a button");
    if (m.pass) parts.push("click Pass");
  }
  if (toolStart() !== null) parts.push("or Cancel (Esc)");
  const text = parts.join(", ");
  return text ? text[0].toUpperCase() + text.slice(1) + "." : "";
}
