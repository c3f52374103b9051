// A choice of cards: each card a button that is taken or left (pressed or not), grouped under
// headings (a pack, a kind), with how many are taken of how many may be. The cards, their
// groups and the most that may be taken are the server's (GET /api/score/form); the card's
// look is the shell's (pieces.css), its words the catalogue's.

import { el } from "/static/common.js";
import { cardWords, tr } from "/static/i18n.js";

/**
 * A choice of cards.
 *
 * @param {object} how
 * @param {string} how.title the choice's heading.
 * @param {string} how.testid its test id (each card's is `${testid}-card`).
 * @param {{title: string, cards: object[]}[]} how.groups the cards, by group (a group
 *   without a title is not headed).
 * @param {string[]} how.chosen the names taken.
 * @param {number} how.most the most that may be taken.
 * @param {string} how.band the cards' kind (pieces.css: public, private, order, apprentice).
 * @param {(card: object) => Node|null} [how.mark] a small picture beside the name.
 * @param {(card: object) => string} [how.badge] the badge's text (the points).
 * @param {(names: string[]) => void} how.change the names taken now.
 */
export function cardChoice({ title, testid, groups, chosen, most, band, mark = () => null, badge = () => "", change }) {
  const taken = new Set(chosen);
  const count = el("span", { class: "choice-count", "data-testid": `${testid}-count` });
  const box = el("fieldset", { class: "card-choice", "data-testid": testid }, el("legend", {}, el("span", { text: title }), " ", count));

  function redraw() {
    count.textContent = tr("page.score.chosen", { n: taken.size, most });
    box.querySelectorAll(".choice-card").forEach((button) => {
      const on = taken.has(button.dataset.name);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      // One card only: another takes its place, so none is ever out of reach.
      button.setAttribute("aria-disabled", !on && most > 1 && taken.size >= most ? "true" : "false");
    });
  }

  function toggle(name) {
    if (taken.has(name)) taken.delete(name);
    else if (taken.size < most) taken.add(name);
    else if (most === 1) {
      // One card only: the new one takes the place of the old.
      taken.clear();
      taken.add(name);
    } else return;
    redraw();
    change([...taken]);
  }

  for (const group of groups) {
    if (!group.cards.length) continue;
    if (group.title) box.append(el("h3", { class: "choice-group", text: group.title }));
    box.append(
      el(
        "div",
        { class: "choice-cards" },
        group.cards.map((card) =>
          el(
            "button",
            {
              type: "button",
              class: `card ${band} choice-card${card.colour ? ` colour-edge-${card.colour}` : ""}`,
              "data-testid": `${testid}-card`,
              "data-name": card.name,
              onclick: () => toggle(card.name),
            },
            el("span", { class: "card-title" }, mark(card), el("span", { class: "card-name", text: cardWords(card, "name") }), badge(card) ? el("span", { class: "vp", "aria-hidden": "true", text: badge(card) }) : null),
          ),
        ),
      ),
    );
  }
  redraw();
  return {
    element: box,
    /** Take exactly `names`. */
    set(names) {
      taken.clear();
      for (const name of names) taken.add(name);
      redraw();
    },
  };
}
