// The end of the dice game: the final scores, highlighting the dice a score part counts, the
// rematch (the shell's rematch.js) and the replay (the shell's replay.js).

import { api, el } from "/static/common.js";
import { API, S, $, byTestId, playerName } from "/static/shell/state.js";
import { render } from "/static/shell/render.js";
import { showError } from "/static/shell/socket.js";
import { cardWords, t, tr } from "/static/i18n.js";
import { renderRematch } from "/static/shell/rematch.js";
import { replayControls, showReplayPosition } from "/static/shell/replay.js";
import { countUp, relight } from "/static/shell/motion.js";

export function renderEnd() {
  const box = $("end");
  const view = S.view;
  if (!view || view.phase !== "over" || !view.scores) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  // The table and the replay controls are built once; a re-render only refreshes the slider.
  if (box.dataset.built !== String(view.history.length)) {
    box.dataset.built = String(view.history.length);
    box.replaceChildren(
      el("h2", { text: tr("page.game.final_scores") }),
      outcomeLine(view),
      el("div", { class: "rematch-row" }),
      scoreTable(view),
      replayControls(view),
    );
    // Each row's points count up in turn, the dice that earned them lighting, then the totals.
    const rows = [...box.querySelectorAll("table.scores tbody tr")];
    countUp(
      rows.map((row) => ({
        numbers: [...row.querySelectorAll(".points, [data-testid='score-total']")],
        lit: earnedBy(view, row.querySelector(".score-part")?.dataset.row),
      })),
    );
  }
  renderRematch(box.querySelector(".rematch-row"), view);
  showReplayPosition(view);
  markOverflow();
}

/** Say when the score table is wider than its box (a phone): it scrolls sideways. */
function markOverflow() {
  const scroller = $("end").querySelector(".table-scroll");
  if (!scroller) return;
  const wide = scroller.scrollWidth > scroller.clientWidth + 1;
  scroller.parentElement.classList.toggle("overflowing", wide);
}

window.addEventListener("resize", () => markOverflow());

function outcomeLine(view) {
  const winners = (view.winners || []).map((s) => playerName(s));
  let text;
  if (view.solo) {
    const total = view.scores[0].total;
    const score = { target: view.target, total };
    text = total > view.target ? tr("page.game.outcome.solo_win", score) : tr("page.game.outcome.solo_lose", score);
  } else {
    text =
      winners.length > 1
        ? tr("page.game.outcome.shared", { names: winners.join(", ") })
        : tr("page.game.outcome.winner", { name: winners[0] ?? "—" });
  }
  return el("p", { class: "outcome", "data-testid": "outcome", text });
}

/**
 * The parts of a score keyed by table row: public objectives, favor tokens and open spaces by
 * name; private objectives by position, as every player has their own card.
 */
function keyedParts(score) {
  let privates = 0;
  return score.parts.map((part) => {
    if (part.kind === "private") {
      privates += 1;
      const label = privates > 1 ? tr("page.game.score.private_n", { number: privates }) : tr("page.game.score.private");
      return { key: `private:${privates}`, label, part };
    }
    // A part's name as a message: a card's where the catalogues translate it, or a word of
    // theirs (favor tokens, open spaces); a content file's own card name as it is.
    const name = part.name_message ? t(part.name_message) : part.name;
    const label = part.kind === "apprentice" ? tr("page.game.score.apprentice", { name }) : name;
    return { key: part.name, label, kind: part.kind, part };
  });
}

/** Where the rows of a kind go: objectives first, favor tokens and open spaces last, the rule
 * modules' parts (masterwork dice, apprentice cards) between, in the order they first appear. */
const FIRST_KINDS = ["public", "private"];
const LAST_KINDS = ["favor", "open"];

function scoreTable(view) {
  // Rows in the server's order (publics, privates, the modules' parts, favor tokens, open
  // spaces); a part only some players have joins the rows of its kind.
  const rows = [];
  for (const score of view.scores) {
    for (const { key, label, kind } of keyedParts(score)) if (!rows.some((r) => r.key === key)) rows.push({ key, label, kind });
  }
  const middle = [...new Set(rows.map((r) => r.kind).filter((k) => !FIRST_KINDS.includes(k) && !LAST_KINDS.includes(k)))];
  const order = [...FIRST_KINDS, ...middle, ...LAST_KINDS];
  rows.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)); // stable: keeps the order within a kind
  const head = el("tr", {}, el("td"), view.scores.map((_, seat) => el("th", { scope: "col", text: playerName(seat) })));
  const body = rows.map(({ key, label }) =>
    el(
      "tr",
      {},
      el("th", {
        scope: "row",
        text: label,
        tabindex: "0",
        class: "part-name",
        title: tr("page.game.score.highlight"),
        onmouseenter: () => highlightPart(null, key),
        onmouseleave: () => highlightPart(null, null),
        onfocus: () => highlightPart(null, key),
        onblur: () => highlightPart(null, null),
      }),
      view.scores.map((score, seat) => {
        const entry = keyedParts(score).find((p) => p.key === key);
        if (!entry) return el("td", { text: "" });
        const { part } = entry;
        const counted = part.counted !== false;
        const shown = (part.kind === "private" ? `${cardWords(part, "name")}: ` : "") + t(part.formula_message);
        const formula = counted ? shown : tr("page.game.score.not_counted", { formula: shown });
        return el(
          "td",
          {},
          el(
            "button",
            {
              type: "button",
              class: `score-part${counted ? "" : " not-counted"}`,
              "data-testid": "score-part",
              "data-seat": String(seat),
              "data-part": part.name,
              "data-key": `score:${seat}:${key}`,
              "data-row": key,
              title: formula,
              "aria-label": tr("page.game.score.part", { name: playerName(seat), part: cardWords(part, "name"), n: counted ? part.points : 0, formula }),
              onmouseenter: () => highlightPart(seat, key),
              onmouseleave: () => highlightPart(null, null),
              onfocus: () => highlightPart(seat, key),
              onblur: () => highlightPart(null, null),
              onclick: () => pinPart(seat, key),
            },
            el("span", { class: "points", text: String(counted ? part.points : 0) }),
            el("span", { class: "formula", text: formula }),
          ),
        );
      }),
    ),
  );
  const total = el("tr", { class: "total" }, el("th", { scope: "row", text: tr("page.game.total") }), view.scores.map((s) => el("td", { "data-testid": "score-total", "data-seat": String(view.scores.indexOf(s)), text: String(s.total) })));
  return el(
    "div",
    { class: "table-box" },
    el("p", { class: "hint scroll-hint", "aria-hidden": "true", text: tr("page.game.score.scrolls") }),
    el(
      "div",
      { class: "table-scroll", tabindex: "0", role: "region", "aria-label": tr("page.game.final_scores.label") },
      el("table", { class: "scores", "data-testid": "score-table" }, el("thead", {}, head), el("tbody", {}, body, total)),
    ),
  );
}

/** The dice (selectors of their faces in the windows) that earned the score parts of row
 * `key`, every player's. */
function earnedBy(view, key) {
  if (!key) return [];
  return view.scores.flatMap((score, seat) => {
    const entry = keyedParts(score).find((p) => p.key === key);
    return ((entry && entry.part.cells) || []).map((cell) => `[data-testid="window"][data-seat="${seat}"] [data-cell="${cell}"] > .face.die`);
  });
}

let hovered = null; // {seat, part}: the score part under the pointer or focus

function highlightPart(seat, part) {
  hovered = part ? { seat, part } : null;
  applyScoreHighlight();
}

export function pinPart(seat, part) {
  const same = S.scorePin && S.scorePin.seat === seat && S.scorePin.part === part;
  S.scorePin = same ? null : { seat, part };
  applyScoreHighlight();
}

/** Mark the cells that earned the hovered (or pinned) part: seat null means every player. */
export function applyScoreHighlight() {
  relight(); // the windows were drawn anew: the dice lighting at the end go on
  document.querySelectorAll(".cell.scored").forEach((c) => c.classList.remove("scored"));
  document.querySelectorAll(".score-part.pinned").forEach((c) => c.classList.remove("pinned"));
  const view = S.view;
  if (!view || !view.scores) return;
  if (S.scorePin) {
    document.querySelector(`.score-part[data-seat="${S.scorePin.seat}"][data-row="${CSS.escape(S.scorePin.part)}"]`)?.classList.add("pinned");
  }
  const focus = hovered || S.scorePin;
  if (!focus) return;
  view.scores.forEach((score, seat) => {
    if (focus.seat !== null && focus.seat !== seat) return;
    const entry = keyedParts(score).find((p) => p.key === focus.part);
    for (const cell of (entry && entry.part.cells) || []) {
      document.querySelector(`[data-testid="window"][data-seat="${seat}"] [data-cell="${cell}"]`)?.classList.add("scored");
    }
  });
}
