// The game log: the actions played, each with who played it and a few words saying what it did.

import { el } from "../common.js";
import { t } from "../i18n.js";
import { S, $, playerName } from "./state.js";

export function renderLog() {
  // The log is the live history; in a replay, the steps not yet replayed are dimmed.
  const history = (S.view && S.view.history_actions) || [];
  const seats = (S.view && S.view.history_seats) || [];
  const upTo = S.replay ? S.replay.n : history.length;
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  log.replaceChildren(
    ...history.map((action, i) =>
      el(
        "li",
        { class: i >= upTo ? "future" : i === upTo - 1 && S.replay ? "here" : "", "data-index": String(i + 1) },
        typeof seats[i] === "number" ? el("span", { class: "who", text: `${playerName(seats[i])}: ` }) : null,
        el("span", { text: t(action.message) }),
        " ",
        el("code", { class: "hint", text: action.notation }),
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
