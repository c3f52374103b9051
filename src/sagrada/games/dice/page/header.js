// The top of the page: the title and turn indicator, and the action bar (the decision, a hint
// saying what to click, the die in hand, choice buttons, Pass and Cancel tool). The tab's
// title is alert.js's; Undo and Confirm turn are stage.js's.

import { dieLabel, el, dieFace } from "/static/common.js";
import { S, byTestId, mySeat, playerName, currentActions, $ } from "/static/shell/state.js";
import { holdsMasterworkDie } from "./model.js";
import { choose, staging, toolStart } from "/static/shell/flow.js";
import { heldMasterworkDie } from "./masterwork.js";
import { t, tr } from "/static/i18n.js";

export function renderHeader(view) {
  const seat = mySeat(S.view);
  const who = seat === null ? tr("page.game.watching") : playerName(seat);
  // Whose seat, then the round: a phone's narrow bar keeps the round alone (bars.css).
  $("game-title").replaceChildren(
    el("span", { class: "title-who", text: tr("page.game.heading.who", { who }) }),
    el("span", { class: "title-round", text: tr("page.game.heading.round", { round: view.round }) }),
  );
  const turn = byTestId("turn-indicator");
  let text;
  let mine = false;
  // {player}: a seat, shown by name (see game.js). Whose turn it is as the server has it: a
  // turn staged but not confirmed is still mine (the preview's next player is not yet).
  const turnView = S.replay ? view : S.view;
  const player = turnView.current_player;
  if (turnView.phase === "over") text = tr("page.common.game_over");
  else if (S.replay) text = tr("page.game.turn.to_play", { player });
  else if (turnView.phase === "setup") {
    mine = player === seat;
    text = mine ? tr("page.game.turn.mine") : tr("page.game.turn.choosing", { player });
  } else {
    mine = player === seat;
    text = mine ? tr("page.game.turn.mine") : tr("page.game.turn.other", { player });
  }
  if (S.replay) text = tr("page.game.turn.replay", { turn: text });
  turn.textContent = text;
  turn.title = text; // the whole of it where a phone's bar cuts it short
  turn.classList.toggle("mine", mine && !S.replay);
  turn.dataset.seat = String(player);
}

export function renderActionBar(view, model) {
  byTestId("decision").textContent = decisionText(view);
  $("hint").textContent = hintText(view, model);

  const hand = $("hand");
  hand.replaceChildren();
  if (view.held_die) {
    hand.append(
      el("span", { class: "hand-label", text: tr("page.game.in_hand") }),
      holdsMasterworkDie(view)
        ? heldMasterworkDie(view, model)
        : el("span", { class: "die-static", role: "img", "aria-label": tr("page.game.in_hand.label", { die: dieLabel(view.held_die) }), "data-testid": "held-die", "data-die": view.held_die }, dieFace(view.held_die)),
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
  // While actions are staged, "Confirm turn" ends the turn (stage.js): no second button for it.
  const staged = Boolean(S.gather) && !tool;
  pass.hidden = tool || staged || Boolean(S.replay) || view.phase !== "play" || mySeat(S.view) === null;
  pass.textContent = tr("page.common.pass");
  byTestId("cancel-tool").hidden = !tool;
}

/**
 * What the player reads as the decision: on their own turn the engine's message for it (its
 * players shown by name: see main.js); while their actions are staged, its "pass" said as the
 * Confirm button that ends the turn; on another's turn (and to a spectator) whose turn it is
 * and what they are doing, in the engine's words.
 */
function decisionText(view) {
  if (S.replay) return tr("page.game.decision.replay", { decision: t(view.decision_message) });
  if (view.phase === "over") return t(view.decision_message);
  const seat = mySeat(S.view);
  if (seat === null || S.view.current_player !== seat) return t(view.activity_message || view.decision_message);
  if (S.gather && S.gather.setup) return tr("page.game.decision.confirm_window", { player: seat });
  if (S.gather && S.gather.preview && toolStart() === null && staging()) {
    const preview = S.gather.preview;
    const mine = (preview.actions || []).length > 0;
    return mine ? t(confirmWords(preview.decision_message)) : tr("page.game.decision.confirm", { player: seat });
  }
  return t(S.gather && S.gather.preview ? S.gather.preview.decision_message : view.decision_message);
}

// While a turn is staged, passing is what "Confirm turn" does: the engine's parts of a prompt
// that say "pass", said as Confirm.
const CONFIRM_WORDS = { "prompt.turn.end": "page.game.prompt.confirm_end", "prompt.part.pass": "page.game.prompt.part.confirm" };

function confirmWords(message) {
  if (!message || typeof message !== "object" || !message.id) return message;
  const params = Object.fromEntries(Object.entries(message.params || {}).map(([name, value]) => [name, confirmWords(value)]));
  return { id: CONFIRM_WORDS[message.id] || message.id, params };
}

/** The text of a choice button, from the action's kind. */
function choiceText(action) {
  if (action.kind === "value") return String(action.value);
  if (action.kind === "stop") return tr("page.game.choice.stop");
  if (action.kind === "return") return tr("page.game.choice.return");
  return { increase: "+1", decrease: "−1" }[action.kind] || action.notation;
}

function choiceLabel(action) {
  switch (action.kind) {
    case "increase": return tr("page.game.action.increase");
    case "decrease": return tr("page.game.action.decrease");
    case "value": return tr("page.game.action.value", { value: action.value });
    case "stop": return tr("page.game.action.stop");
    case "return": return tr("page.game.action.return");
    default: return action.notation;
  }
}

/** One line telling the player what to click, derived from the clickable actions. */
function hintText(view, m) {
  if (S.replay) return tr("page.game.hint.replay");
  const seat = mySeat(S.view);
  if (seat === null) return tr("page.game.hint.watching");
  if (view.phase === "over") return "";
  if (!currentActions().length) {
    return view.phase === "play" ? tr("page.game.hint.waiting_play") : tr("page.game.hint.waiting");
  }
  const parts = [];
  if (m.windows.size) parts.push(tr("page.game.hint.windows"));
  if (m.masterwork.size) parts.push(tr("page.game.hint.masterwork"));
  else if (S.selection && S.selection.kind === "move") parts.push(tr("page.game.hint.move_to", { cell: S.selection.cell }));
  else if (S.selection && S.selection.kind === "pool" && m.slots.has(S.selection.die)) {
    const die = dieLabel(S.selection.die);
    parts.push(m.poolPlace.has(S.selection.die) ? tr("page.game.hint.space_or_slot_for", { die }) : tr("page.game.hint.slot_for", { die }));
  } else if (view.held_die && m.slots.has(view.held_die)) parts.push(tr("page.game.hint.slot_for", { die: dieLabel(view.held_die) }));
  else if (S.selection && (S.selection.kind === "pool" || S.selection.kind === "own")) parts.push(tr("page.game.hint.space_for", { die: dieLabel(S.selection.die) }));
  else {
    if (m.poolPlace.size && m.slots.size) parts.push(tr("page.game.hint.pool_space_or_slot"));
    else if (m.poolPlace.size) parts.push(tr("page.game.hint.pool_space"));
    else if (m.slots.size) parts.push(tr("page.game.hint.pool_slot"));
    if (m.ownPlace.size) parts.push(tr("page.game.hint.own_space"));
    if (m.poolPick.size) parts.push(tr("page.game.hint.pool_pick"));
    if (m.ownPick.size) parts.push(tr("page.game.hint.own_pick"));
    if (m.put.size) parts.push(tr("page.game.hint.put"));
    if (m.moves.size) parts.push(tr("page.game.hint.moves"));
    if (m.track.size) parts.push(tr("page.game.hint.track"));
    if (m.gain.size) parts.push(tr("page.game.hint.gain"));
    if (m.keep.size) parts.push(tr("page.game.hint.keep"));
    if (m.cards.size) parts.push(tr("page.game.hint.cards"));
    if (m.tools.size) parts.push(tr("page.game.hint.tools"));
    if (m.buttons.length) parts.push(tr("page.game.hint.buttons"));
    // While actions are staged, Confirm turn ends the turn: Pass is not shown (renderActionBar).
    if (m.pass && !S.gather) parts.push(tr("page.game.hint.pass"));
  }
  if (toolStart() !== null) parts.push(tr("page.game.hint.cancel"));
  // The parts are clauses of one sentence: the first begins it.
  const text = parts.join(", ");
  return text ? tr("page.game.hint.sentence", { parts: text[0].toUpperCase() + text.slice(1) }) : "";
}
