// Rematch, on the end screen of both games: a player asks to play the game again (POST
// /rematch: the same options and seats, a new seed), takes their seat in it with a token of
// their own, and goes there. Once someone asked, the summary names the new game and the
// button reads "Join the rematch"; spectators may watch it.

import { api, el, gameUrl, rememberToken, rememberedTokens } from "/static/common.js";
import { token, API, S, mySeat } from "./state.js";
import { showError } from "./socket.js";
import { tr } from "/static/i18n.js";

let asking = false;

/** The rematch button (or link) of a finished game, drawn into `box` at each render. */
export function renderRematch(box, view = S.view) {
  const summary = view && view.game;
  if (!summary || view.phase !== "over") {
    box.replaceChildren();
    return;
  }
  const again = summary.rematch;
  // Beside the rematch, the way back to the lobby (another game, another kind of game).
  const home = el("a", { class: "button", href: "/", "data-testid": "end-lobby", text: tr("page.common.home.title") });
  if (mySeat(view) === null) {
    box.replaceChildren(
      ...(again ? [el("a", { class: "button", href: gameUrl(again, null, summary.game), "data-testid": "watch-rematch", text: tr("page.common.rematch.watch") })] : []),
      home,
    );
    return;
  }
  box.replaceChildren(
    el("button", {
      type: "button",
      class: "primary",
      "data-testid": "rematch-button",
      "data-key": "rematch",
      disabled: asking,
      text: again ? tr("page.common.rematch.join") : tr("page.common.rematch"),
      title: again ? tr("page.common.rematch.join.title") : tr("page.common.rematch.title"),
      onclick: rematch,
    }),
    home,
  );
}

async function rematch() {
  if (asking) return;
  const summary = S.view.game;
  // A seat taken in the rematch already (in another tab, say) is kept in this browser.
  const kept = summary.rematch ? rememberedTokens()[summary.rematch] : null;
  if (kept && kept.token) {
    location.href = gameUrl(summary.rematch, kept.token, summary.game);
    return;
  }
  asking = true;
  try {
    const answer = await api("POST", `${API}/rematch`, { token });
    rememberToken(answer.id, answer.seat, answer.token);
    location.href = gameUrl(answer.id, answer.token, answer.game);
  } catch (err) {
    asking = false;
    showError(err.message);
  }
}
