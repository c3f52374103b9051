// The game log: the actions played, each with a few words saying what it did.

import { dieLabel, el } from "../common.js";
import { S, $ } from "./state.js";

/** A few words saying what an action did, next to its notation in the log (the action as
 * the engine describes it: kind and fields). */
export function describe(action) {
  switch (action.kind) {
    case "pattern": return `chose window option ${action.option}`;
    case "tool": {
      const tool = (S.view.tools || []).find((t) => t.number === action.tool);
      return `used ${tool ? tool.name : `tool ${action.tool}`}`;
    }
    case "pass": return "ended the turn";
    case "stop": return "stopped the tool";
    case "return": return "put the die back in the Draft Pool";
    case "increase": return "raised the die";
    case "decrease": return "lowered the die";
    case "value": return `set the die to ${action.value}`;
    case "pay": return `paid with the ${dieLabel(action.die)}`;
    case "own_draft": return `placed the own ${dieLabel(action.die)} on ${action.cell}`;
    case "own_choose": return `took the own ${dieLabel(action.die)}`;
    case "draft": return `placed the ${dieLabel(action.die)} on ${action.cell}`;
    case "choose": return `took the ${dieLabel(action.die)}`;
    case "put": return `placed the die on ${action.cell}`;
    case "move": return `moved the die on ${action.from} to ${action.to}`;
    case "track": return `took the ${dieLabel(action.die)} from round ${action.round}`;
    default: return "";
  }
}

export function renderLog() {
  // The log is the live history; in a replay, the steps not yet replayed are dimmed.
  const history = (S.view && S.view.history_actions) || [];
  const upTo = S.replay ? S.replay.n : history.length;
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  log.replaceChildren(
    ...history.map((action, i) =>
      el(
        "li",
        { class: i >= upTo ? "future" : i === upTo - 1 && S.replay ? "here" : "", "data-index": String(i + 1) },
        el("code", { text: action.notation }),
        " ",
        el("span", { class: "hint", text: describe(action) }),
      ),
    ),
  );
  if (S.gather) {
    log.append(el("li", { class: "pending" }, el("code", { text: S.gather.steps.join(" ") }), " ", el("span", { class: "hint", text: "(not sent yet)" })));
  }
  // Newest at the bottom: keep the log scrolled there unless the reader scrolled up; in a
  // replay, keep the replayed step in sight (without scrolling the page itself).
  const here = log.querySelector("li.here");
  if (S.replay && here) log.scrollTop = here.offsetTop - log.clientHeight / 2;
  else if (S.replay && upTo === 0) log.scrollTop = 0;
  else if (atBottom || !log.dataset.rendered) log.scrollTop = log.scrollHeight;
  log.dataset.rendered = "1";
}
