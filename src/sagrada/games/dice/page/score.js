// "Your points so far": the live score of your own window during play (the view's
// `live_score`, only ever your own), part by part, with the total. With actions staged or a
// tool under way, the provisional view's: what the window would score with them.

import { el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";
import { S, $ } from "/static/shell/state.js";

export function renderLiveScore(view) {
  const panel = $("live-score-panel");
  const score = !S.replay && view.phase === "play" ? view.live_score : null;
  panel.hidden = !score;
  if (!score) return;
  const rows = score.parts.map((part) => {
    const counted = part.counted !== false;
    // A part's name as a message: a card's where the catalogues translate it, or a word of
    // theirs (favor tokens, open spaces); a content file's own card name as it is.
    const name = part.name_message ? t(part.name_message) : part.name;
    return el(
      "tr",
      { "data-testid": "live-score-part", title: part.formula_message ? t(part.formula_message) : part.formula || "" },
      el("th", { scope: "row", text: part.kind === "private" ? tr("page.game.live_score.private", { name }) : name }),
      el("td", { class: "num", "data-testid": "live-score-points", text: String(counted ? part.points : 0) }),
    );
  });
  const total = el(
    "tr",
    { class: "total" },
    el("th", { scope: "row", text: tr("page.game.total") }),
    el("td", { class: "num", "data-testid": "live-score-total", text: String(score.total) }),
  );
  $("live-score-parts").replaceChildren(...rows, total);
}
