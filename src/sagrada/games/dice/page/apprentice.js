// Life's Apprentice module on the page: the apprentice deck and discard pile, gaining a card
// (the top two of the deck to keep one, or the top of the discard pile), the seat's hand with
// a button to play each card, each player's cards (how many held, which activated) and the
// mark of the apprentice spaces in the windows. The cards, the spaces and what may be played
// come from the view and its actions; the page knows no card of its own.

import { el, houseNote } from "/static/common.js";
import { cardWords, t, tr } from "/static/i18n.js";
import { S, mySeat, $ } from "/static/shell/state.js";
import { choose } from "/static/shell/flow.js";

/** The caption of a card's button, by the way it is played (the card's `play`). */
// A card played by discarding it is used as it goes to the discard pile: say both.
const PLAY_CAPTIONS = { activate: "page.game.apprentice.activate", discard: "page.game.apprentice.use_discard" };

// -- the windows ----------------------------------------------------------------------------------

/** The apprentice spaces of every window ("B2", "D4"); none without the module. */
export function apprenticeSpaces(view) {
  return new Set((view && view.apprentice && view.apprentice.spaces) || []);
}

/** The mark of an apprentice space, drawn in a corner of the cell over its die or space. */
export function apprenticeMark() {
  return el("span", { class: "apprentice-mark", "data-testid": "apprentice-mark", "aria-hidden": "true", text: "✎" });
}

// -- a card ---------------------------------------------------------------------------------------

/** A card's name, text and note, in one line (a title to read on hover). */
function cardTitle(card) {
  return `${cardWords(card, "name")}: ${cardWords(card, "text")}${card.house ? ` (${t({ id: "card.house", params: {} })})` : ""}`;
}

/** A card face with one button (`caption`), enabled when `notation` is a legal action. */
function cardFace(card, { notation, caption, testid, choice }) {
  return el(
    "div",
    {
      class: `card apprentice${notation ? " legal" : ""}`,
      "data-testid": "apprentice-card",
      "data-card": String(card.number),
      "data-play": card.play,
    },
    el("span", { class: "card-title" }, el("span", { text: cardWords(card, "name") }), card.house ? houseNote() : null),
    el("span", { class: "card-text", text: cardWords(card, "text") }),
    el(
      "span",
      { class: "card-foot" },
      el("button", {
        type: "button",
        "data-testid": testid,
        "data-card": String(card.number),
        "data-choice": choice ? String(choice) : undefined,
        "data-action": notation || undefined,
        "data-key": `${testid}:${choice || card.number}`,
        disabled: !notation || S.busy,
        "aria-label": tr("page.game.apprentice.button", { caption, name: cardWords(card, "name") }),
        text: caption,
        onclick: () => notation && choose(notation),
      }),
    ),
  );
}

// -- the panel ------------------------------------------------------------------------------------

/** The apprentice panel (only with the module): the piles, gaining and keeping a card, and
 * the seat's hand. */
export function renderApprentice(view, model) {
  const panel = $("apprentice-panel");
  const section = view.apprentice;
  panel.hidden = !section;
  if (!section) {
    $("apprentice").replaceChildren();
    return;
  }
  const me = view.players.find((p) => p.seat === mySeat(S.view));
  const parts = [
    piles(section),
    gainChoice(section, model),
    offerChoice(section, model),
    me && me.apprentice_hand ? hand(me.apprentice_hand, model) : null,
  ];
  $("apprentice").replaceChildren(...parts.filter(Boolean));
}

function piles(section) {
  const top = section.discard.length ? section.discard[section.discard.length - 1] : null;
  const aside = section.set_aside || [];
  return el(
    "div",
    { class: "apprentice-piles" },
    el("span", {
      class: "pile",
      "data-testid": "apprentice-deck",
      "data-count": String(section.deck),
      text: tr("page.game.apprentice.deck", { n: section.deck }),
    }),
    el(
      "span",
      {
        class: "pile",
        "data-testid": "apprentice-discard",
        "data-card": top ? String(top.number) : undefined,
        "data-count": String(section.discard.length),
        title: top ? cardTitle(top) : undefined,
      },
      `${tr("page.game.apprentice.discard_pile")} `,
      top ? el("strong", { text: cardWords(top, "name") }) : tr("page.game.empty"),
      section.discard.length > 1
        ? el("span", { class: "hint", text: ` ${tr("page.game.apprentice.discard_count", { n: section.discard.length })}` })
        : null,
    ),
    aside.length
      ? el("span", {
          class: "hint",
          title: aside.map(cardTitle).join("\n"),
          text: tr("page.game.apprentice.set_aside", { names: aside.map((card) => cardWords(card, "name")).join(", ") }),
        })
      : null,
  );
}

/** While gaining a card: a button for each place it may come from. */
function gainChoice(section, model) {
  if (!model.gain.size) return null;
  const top = section.discard.length ? section.discard[section.discard.length - 1] : null;
  const button = (source, text, title) =>
    model.gain.has(source)
      ? el("button", {
          type: "button",
          class: "legal",
          "data-testid": `apprentice-gain-${source}`,
          "data-action": model.gain.get(source),
          "data-key": `gain:${source}`,
          disabled: S.busy,
          title,
          text,
          onclick: () => choose(model.gain.get(source)),
        })
      : null;
  return el(
    "div",
    { class: "apprentice-gain", role: "group", "aria-label": tr("page.game.apprentice.gain") },
    button("deck", tr("page.game.apprentice.look")),
    top ? button("discard", tr("page.game.apprentice.take", { name: cardWords(top, "name") }), cardTitle(top)) : null,
  );
}

/** While keeping one of the two cards looked at: both, each with its Keep button. */
function offerChoice(section, model) {
  if (!model.keep.size || !section.offer) return null;
  return el(
    "div",
    { class: "apprentice-offer", "data-testid": "apprentice-offer" },
    el("h3", { text: tr("page.game.apprentice.keep_one") }),
    el(
      "div",
      { class: "cards" },
      section.offer.map((card, i) =>
        cardFace(card, { notation: model.keep.get(i + 1), caption: tr("page.game.apprentice.keep"), testid: "apprentice-keep", choice: i + 1 }),
      ),
    ),
  );
}

/** The seat's own cards, each with the button that plays it (enabled when it may be). */
function hand(cards, model) {
  return el(
    "div",
    { class: "apprentice-hand", "data-testid": "apprentice-hand", "data-count": String(cards.length) },
    el("h3", { text: tr("page.game.apprentice.yours", { n: cards.length }) }),
    cards.length
      ? el(
          "div",
          { class: "cards" },
          cards.map((card) => {
            const action = model.cards.get(card.number);
            const notation = action && action.kind === card.play ? action.notation : null;
            const caption = card.play in PLAY_CAPTIONS ? tr(PLAY_CAPTIONS[card.play]) : card.play;
            return cardFace(card, { notation, caption, testid: "apprentice-play" });
          }),
        )
      : el("p", { class: "hint", text: tr("page.game.apprentice.none") }),
  );
}

// -- the players ----------------------------------------------------------------------------------

/** A player's apprentice cards, for their panel: how many they hold (secret until played) and
 * those activated (they score at the end). Null without the module. */
export function playerApprentice(view, player) {
  if (!view.apprentice) return null;
  const held = player.apprentice_cards || 0;
  const active = player.apprentice_active || [];
  return el(
    "div",
    { class: "apprentice-line", "data-testid": "apprentice-summary", "data-count": String(held) },
    el("span", { class: "label", text: tr("page.game.apprentice.label") }),
    el("span", { "data-testid": "apprentice-held", text: tr("page.game.apprentice.in_hand", { n: held }) }),
    active.map((card) =>
      el("span", { class: "apprentice-active", "data-testid": "apprentice-active", "data-card": String(card.number), title: cardTitle(card) }, cardWords(card, "name")),
    ),
  );
}
