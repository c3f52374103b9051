// The small picture on a card of the table: the rules help's picture of the card (drawn by
// help/picture.js from GET /api/rules), loaded once, in the page's language, for the page's
// game (its body's data-game). Until it has come a card shows an empty box of the picture's
// size, so nothing moves when it comes; then the page is drawn again.

import { api, el } from "/static/common.js";
import { pageLanguage } from "/static/i18n.js";
import { illustration } from "/static/help/picture.js";
import { render } from "./render.js";

let cards = null; // this game's cards by group (tools, public_objectives …), once loaded
let asked = false;

function load() {
  asked = true;
  api("GET", `/api/rules?language=${encodeURIComponent(pageLanguage())}`).then(
    (rules) => {
      const game = rules.games.find((g) => g.name === document.body.dataset.game) || rules.games[0];
      cards = (game && game.cards) || {};
      render();
    },
    () => {
      cards = {}; // no pictures: the cards keep their words
    },
  );
}

/**
 * The picture box of the card of `group` ("tools", "public_objectives" …) that `matches`,
 * for the eye only (the card's words say what it does); `palette` as illustration() takes it.
 */
export function cardPicture(group, matches, palette) {
  if (!asked) load();
  const card = cards && (cards[group] || []).find(matches);
  const box = el("span", { class: "card-picture", "aria-hidden": "true" });
  if (card && card.illustration) box.append(illustration({ parts: card.illustration.parts }, palette));
  return box;
}
