// The card game's side of a hint (game/hint.js asks the server and lists the suggestions): a
// suggested action in words, the drawn card or window card to select for it, and what it is
// taken with on the table.

import { cardWords, tr } from "/static/i18n.js";
import { cardLabel } from "./model.js";

/** What a card game's action does, in words (imperative: "place the red 3 on B4"). */
function words(action, view) {
  const label = action.card ? cardLabel(action.card) : "";
  switch (action.kind) {
    case "pass": return tr("page.game.action.pass");
    case "stop": return tr("page.game.action.stop");
    case "tool": {
      const tool = (view.tools || []).find((entry) => entry.number === action.tool);
      return tr("page.game.action.tool", { name: tool ? cardWords(tool, "name") : tr("page.game.tool_card", { number: action.tool }) });
    }
    case "pay": return tr("page.cards.action.pay", { label });
    case "choose": return tr("page.cards.action.choose", { label });
    case "place": return tr("page.cards.action.place", { label, cell: action.cell });
    case "move": return tr("page.cards.action.move", { from: action.from, to: action.to });
    case "bar": return tr("page.cards.action.bar", { label, round: action.round });
    default: return tr("page.game.action.unknown");
  }
}

/** The first click of a two-click action, made for the player: the drawn card to place, the
 * window card to move. */
function select(action, view) {
  if (action.kind === "place") return { kind: "hand", card: action.card, index: view.hand.indexOf(action.card) };
  if (action.kind === "move") return { kind: "move", cell: action.from };
  return null;
}

/** What the action is taken with: the drawn card (the one selected, of two equal ones) and
 * the space, the cards moved, the tool card, Pass. */
function marks(action) {
  const cell = (name) => `[data-testid="cell"][data-cell="${name}"]`;
  const drawn = `[data-testid="drawn-card"][data-card="${CSS.escape(action.card || "")}"]`;
  switch (action.kind) {
    case "place": return [`${drawn}[aria-pressed="true"]`, cell(action.cell)];
    case "pay":
    case "choose": return [drawn];
    case "move": return [cell(action.from), cell(action.to)];
    case "tool": return [`[data-testid="tool-card"][data-tool="${action.tool}"]`];
    case "pass": return ['[data-testid="pass-button"]'];
    default: return []; // the stop button and the turn bar's cards carry their action
  }
}

/** The card game's words and marks for a hint (game/hint.js's bindHint). */
export const CARD_ADVICE = { words, select, marks };
