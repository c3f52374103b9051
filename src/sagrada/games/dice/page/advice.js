// The dice game's words and marks for a hint (the shell's hint.js shows them): an action in
// words, the first click of a two-click action made for the reader, and what the action is
// taken with on the table.

import { dieLabel } from "/static/common.js";
import { mySeat } from "/static/shell/state.js";
import { cardWords, tr } from "/static/i18n.js";
import { CARDS } from "./model.js";

/** The first click of a two-click action, made for the player: the die to place, the die to
 * move. */
function selectionFor(action, view) {
  const me = view.players.find((p) => p.seat === mySeat(view));
  switch (action.kind) {
    case "draft":
    case "slot":
      return { kind: "pool", die: action.die, index: (view.draft_pool || []).indexOf(action.die) };
    case "own_draft":
      return { kind: "own", die: action.die, index: ((me && me.private_dice_pool) || []).indexOf(action.die) };
    case "move":
      return { kind: "move", cell: action.from };
    default:
      return null;
  }
}

/** The dice game's table: what a hinted action is taken with. */
function diceMarks(action, selected) {
  const seat = mySeat();
  const mine = (cell) => `[data-testid="window"][data-seat="${seat}"] [data-cell="${cell}"]`;
  const selectors = [];
  switch (action.kind) {
    case "draft":
    case "slot":
    case "own_draft": {
      const pool = action.kind === "own_draft" ? "own" : "pool";
      if (selected && selected.index >= 0) selectors.push(`[data-key="${CSS.escape(`${pool}:${action.die}:${selected.index}`)}"]`);
      selectors.push(action.kind === "slot" ? `[data-testid="masterwork-slot"][data-slot="${CSS.escape(action.slot)}"]` : mine(action.cell));
      break;
    }
    case "choose":
    case "pay":
      selectors.push(`[data-testid="pool-die"][data-die="${CSS.escape(action.die)}"]`);
      break;
    case "own_choose":
      selectors.push(`[data-testid="own-die"][data-die="${CSS.escape(action.die)}"]`);
      break;
    case "put":
    case "masterwork":
      selectors.push(mine(action.cell));
      break;
    case "move":
      selectors.push(mine(action.from), mine(action.to));
      break;
    case "tool":
      selectors.push(`[data-testid="tool-card"][data-tool="${action.tool}"]`);
      break;
    case "pass":
      selectors.push('[data-testid="pass-button"]');
      break;
    case "pattern":
      selectors.push(`[data-testid="window-option-${action.option}"]`);
      break;
    case "gain":
      selectors.push(`[data-testid="apprentice-gain-${action.source}"]`);
      break;
  }
  return selectors;
}

/** What an action does, in words (imperative: "place the red 3 on B4"). */
export function actionWords(action, view) {
  const die = action.die ? dieLabel(action.die) : "";
  const tool = (number) => {
    const card = (view.tools || []).find((entry) => entry.number === number) || CARDS.tools.find((entry) => entry.number === number);
    return card ? cardWords(card, "name") : tr("page.game.tool_card", { number });
  };
  const apprentice = (number) => {
    const card = (CARDS.apprentice_cards || []).find((entry) => entry.number === number);
    return card ? cardWords(card, "name") : tr("page.game.apprentice_card", { number });
  };
  const { cell, from, to, round, rotation } = action;
  switch (action.kind) {
    case "pass": return tr("page.game.action.pass");
    case "tool": return tr("page.game.action.tool", { name: tool(action.tool) });
    case "draft": return tr("page.game.action.draft", { die, cell });
    case "own_draft": return tr("page.game.action.own_draft", { die, cell });
    case "choose": return tr("page.game.action.choose", { die });
    case "own_choose": return tr("page.game.action.own_choose", { die });
    case "pay": return tr("page.game.action.pay", { die });
    case "put": return tr("page.game.action.put", { cell });
    case "move": return tr("page.game.action.move", { from, to });
    case "track": return tr("page.game.action.track", { die, round });
    case "increase": return tr("page.game.action.increase");
    case "decrease": return tr("page.game.action.decrease");
    case "value": return tr("page.game.action.value", { value: action.value });
    case "stop": return tr("page.game.action.stop");
    case "return": return tr("page.game.action.return");
    case "pattern": {
      const me = view.players.find((p) => p.seat === mySeat(view));
      const option = me && me.window_options ? me.window_options[action.option - 1] : null;
      return option ? tr("page.game.action.pattern_named", { name: option.name }) : tr("page.game.action.pattern");
    }
    case "slot": {
      const space = action.slot.slice(0, -1);
      return action.slot.endsWith("c")
        ? tr("page.game.action.slot_colour", { die, space })
        : tr("page.game.action.slot_value", { die, space });
    }
    case "masterwork": return tr("page.game.action.masterwork", { rotation, cell });
    case "gain": return action.source === "deck" ? tr("page.game.action.gain_deck") : tr("page.game.action.gain_discard");
    case "keep": return action.choice === 1 ? tr("page.game.action.keep_first") : tr("page.game.action.keep_second");
    case "activate": return tr("page.game.action.activate", { name: apprentice(action.card) });
    case "discard": return tr("page.game.action.discard", { name: apprentice(action.card) });
    default: return tr("page.game.action.unknown");
  }
}

/** The dice game's words and marks for a hint (see bindHint). */
export const DICE_ADVICE = { words: actionWords, select: selectionFor, marks: diceMarks };
