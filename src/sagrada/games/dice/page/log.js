// The game log and the last moves: each action played, with the round, who played it and the
// engine's words for what it did (its notation on request), marked when a bot played it for a
// player out of time or a hint was asked for it; the actions gathered but not sent yet; and,
// for the windows, the dice each player placed or moved last.

import { el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";
import { S, byTestId, currentActions, mySeat, playerName, $ } from "/static/shell/state.js";
import { actionWords } from "./advice.js";

// -- rounds ------------------------------------------------------------------------------------

/**
 * The round each action was taken in: the view's `history_rounds` when the server sends it;
 * until then, what the page saw happen. An action is taken in the round of the view before
 * it; when a new view brings several actions and the round did not change, all of them were
 * taken in it. Actions the page did not see come in (before it opened, or while a view was
 * skipped) have no known round, except that nothing precedes round 1.
 */
export function noteRounds(before, after) {
  const total = after.history.length;
  if (!before) {
    if (after.round === 1) S.rounds = Array(total).fill(1);
    return;
  }
  const seen = before.history.length;
  if (total <= seen) return;
  S.rounds[seen] = before.round;
  if (after.round === before.round) for (let i = seen + 1; i < total; i++) S.rounds[i] = before.round;
}

/** The round of action `i` (0: setup, before round 1), or null if unknown. */
function roundOf(view, i) {
  const rounds = view.history_rounds || S.rounds;
  return typeof rounds[i] === "number" && rounds[i] >= 0 ? rounds[i] : null;
}

// -- the last moves ----------------------------------------------------------------------------

/**
 * The cells of each player's last move, by seat: `placed`, where the dice they placed or moved
 * then lie, and `left`, the spaces dice were moved from. A player's last move is their latest
 * turn that placed or moved a die (a turn: their actions in a row, up to a pass), read from
 * the fields of the logged actions (`cell`, `from`, `to`).
 */
export function lastMoves(view) {
  const actions = view.history_actions || [];
  const seats = view.history_seats || [];
  const turns = [];
  let turn = null;
  actions.forEach((action, i) => {
    if (!turn || turn.seat !== seats[i] || turn.over) {
      turn = { seat: seats[i], actions: [], over: false };
      turns.push(turn);
    }
    turn.actions.push(action);
    turn.over = action.kind === "pass";
  });
  const moves = new Map();
  for (const { seat, actions: done } of turns.reverse()) {
    if (typeof seat !== "number" || moves.has(seat)) continue;
    const placed = new Set();
    const left = new Set();
    for (const action of done) {
      if (action.from && action.to) {
        left.add(action.from);
        placed.delete(action.from);
        placed.add(action.to);
        left.delete(action.to);
      } else if (action.cell) {
        placed.add(action.cell);
        left.delete(action.cell);
      }
    }
    if (placed.size || left.size) moves.set(seat, { placed, left });
  }
  return moves;
}

// -- the log -----------------------------------------------------------------------------------

/** The "notation" switch of the log: shows each action's notation beside its words. */
export function bindLogControls() {
  const box = byTestId("log-notation");
  box.addEventListener("change", () => $("log").classList.toggle("show-notation", box.checked));
  // The log shows its newest entries and follows new ones, unless the reader scrolled up to
  // read older ones (scrolling back down follows again). Each time it is laid out anew (shown
  // in its panel or tab, the page resized), it keeps the newest in sight.
  // Only the reader's scrolling decides: a scroll event where the page put the log (or where
  // the browser moved it as the log was laid out anew) is not theirs.
  const log = $("log");
  log.addEventListener("scroll", () => {
    if (log.clientHeight && log.scrollTop !== pinnedAt) following = nearBottom(log);
  });
  new ResizeObserver(() => {
    if (following && !S.replay) showNewest(log);
  }).observe(log);
}

/** Whether the log follows its newest entries (the reader has not scrolled up). */
let following = true;
/** Where the page last scrolled the log to, to tell its own scrolling from the reader's. */
let pinnedAt = null;

function nearBottom(log) {
  return log.scrollHeight - log.scrollTop - log.clientHeight < 30;
}

function showNewest(log) {
  log.scrollTop = log.scrollHeight;
  pinnedAt = log.scrollTop;
}

export function renderLog() {
  // The log is the live history; in a replay, the steps not yet replayed are dimmed.
  const view = S.view;
  const history = (view && view.history_actions) || [];
  const seats = (view && view.history_seats) || [];
  const timedOut = new Set((view && view.timed_out) || []);
  const hinted = new Set((view && view.hinted) || []);
  const upTo = S.replay ? S.replay.n : history.length;
  const log = $("log");
  log.replaceChildren(
    ...history.map((action, i) => {
      const round = roundOf(view, i);
      const seat = seats[i];
      const classes = [i >= upTo ? "future" : "", i === upTo - 1 && S.replay ? "here" : "", i === history.length - 1 && !S.replay ? "latest" : ""];
      return el(
        "li",
        {
          class: classes.filter(Boolean).join(" "),
          "data-index": String(i + 1),
          "data-round": round === null ? undefined : String(round),
          "data-seat": typeof seat === "number" ? String(seat) : undefined,
          "data-notation": action.notation,
        },
        round === null ? null : el("span", { class: "round", text: round === 0 ? tr("page.game.log.setup") : tr("page.game.log.round", { round }) }),
        round === null ? null : " ",
        typeof seat === "number" ? el("span", { class: "who", text: playerName(seat) }) : null,
        " ",
        el("span", { class: "what", text: t(action.message) }),
        // What the table adds: a bot played it for a player whose time ran out; a hint was
        // asked for it.
        timedOut.has(i) ? el("span", { class: "mark timed-out", "data-testid": "log-timed-out", text: ` ${tr("page.game.log.timed_out")}` }) : null,
        hinted.has(i) ? el("span", { class: "mark hinted", "data-testid": "log-hinted", text: ` ${tr("page.game.log.hinted")}` }) : null,
        el("code", { class: "notation hint", text: action.notation }),
      );
    }),
  );
  if (S.gather && !S.replay) {
    // The actions gathered (a tool's steps, a staged turn), in the preview's words (its view's
    // history ends with them).
    const preview = S.gather.preview && S.gather.preview.view;
    const steps = preview ? (preview.history_actions || []).slice(history.length) : [];
    // A window chosen at the start, not previewed: in the page's words for it.
    const staged = S.gather.setup ? actionWords(currentActions().find((action) => action.notation === S.gather.steps[0]) || {}, view) : null;
    const seat = mySeat(view);
    log.append(
      ...S.gather.steps.map((notation, i) =>
        el(
          "li",
          { class: "pending", "data-testid": "log-pending" },
          seat === null ? null : el("span", { class: "who", text: playerName(seat) }),
          " ",
          el("span", { class: "what", text: steps[i] ? t(steps[i].message) : staged || "…" }),
          el("span", { class: "hint", text: ` ${tr("page.game.log.not_sent")}` }),
          el("code", { class: "notation hint", text: notation }),
        ),
      ),
    );
  }
  // Newest at the bottom: keep the log scrolled there unless the reader scrolled up; in a
  // replay, keep the replayed step in sight (without scrolling the page itself).
  const here = log.querySelector("li.here");
  if (S.replay && here) log.scrollTop = here.offsetTop - log.clientHeight / 2;
  else if (S.replay && upTo === 0) log.scrollTop = 0;
  else if (following) showNewest(log);
}
