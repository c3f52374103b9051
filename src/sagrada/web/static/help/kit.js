// What every game's part of the rules help draws with (the games' help.js import it): a card,
// a list of cards, a group's title, the rules in short with their contents, the options
// explained, the house label and the pictures (illustration(), from picture.js). Everything
// drawn comes from GET /api/rules; the words around it are the catalogue's (page.help.*).

import { el } from "/static/common.js";
import { pageLanguage, tr } from "/static/i18n.js";
import { illustration } from "/static/help/picture.js";

export { DICE_PALETTE, illustration } from "/static/help/picture.js";

/** The label of a house card (the project's text, the printed card not available). */
export function houseLabel() {
  return el("p", { class: "help-house", "data-testid": "help-house", text: tr("page.help.house") });
}

/** One card: its name, what it is, its text, the house label and its picture (drawn in
 * `palette`'s colours: by default the dice's). */
export function cardItem({ key, title, meta, text, extra, house, picture, palette }) {
  return el(
    "article",
    { class: "help-card", "data-testid": "help-card", "data-card": key },
    el("h4", {}, title, meta ? el("span", { class: "help-meta", text: ` · ${meta}` }) : null),
    el("p", { text }),
    extra ? el("p", { class: "help-extra", text: extra }) : null,
    house ? houseLabel() : null,
    picture ? illustration(picture, palette) : null,
  );
}

/** A list of cards (`{name, item()}`, as a tab gives them to the search). */
export function cardList(cards) {
  return el("div", { class: "help-cards" }, cards.map((card) => card.item()));
}

/** A group's title (a message id). */
export function groupTitle(messageId) {
  return el("h2", { class: "help-group", text: tr(messageId) });
}

/** A line about what follows (a message id). */
export function aboutLine(messageId) {
  return el("p", { class: "help-extra", text: tr(messageId) });
}

function sectionBlock(section) {
  return el(
    "section",
    { class: "help-section", id: `help-section-${section.id}`, "data-testid": "help-section", tabindex: "-1" },
    el("h3", { text: section.title }),
    section.text.map((paragraph) => el("p", { text: paragraph })),
    el("p", { class: "help-source", text: tr("page.help.rulebook", { source: section.source }) }),
  );
}

/** A game's sections (the rules in short), grouped, with a list of contents on top. */
export function sectionsOf(sections) {
  const groups = [...new Set(sections.map((section) => section.group))];
  const contents = el(
    "nav",
    { class: "help-contents", "aria-label": tr("page.help.contents") },
    groups.map((group) =>
      el(
        "div",
        {},
        el("strong", { text: group }),
        el(
          "ul",
          {},
          sections
            .filter((section) => section.group === group)
            .map((section) =>
              el(
                "li",
                {},
                el("button", {
                  type: "button",
                  class: "help-link",
                  text: section.title,
                  onclick: () => {
                    const target = document.getElementById(`help-section-${section.id}`);
                    target.scrollIntoView({ block: "start" });
                    target.focus({ preventScroll: true });
                  },
                }),
              ),
            ),
        ),
      ),
    ),
  );
  const blocks = groups.flatMap((group) => [
    el("h2", { class: "help-group", text: group }),
    ...sections.filter((section) => section.group === group).map(sectionBlock),
  ]);
  return [contents, ...blocks];
}

function optionValue(value) {
  if (value === true) return tr("page.help.option.on");
  if (value === false) return tr("page.help.option.off");
  if (value === null || value === undefined) return tr("page.help.option.none");
  if (typeof value === "number") return value.toLocaleString(pageLanguage());
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** Words joined as a list in the page's language ("a, b and c"; `type` "disjunction" for
 * "a, b or c"). */
function listOf(words, type = "conjunction") {
  return new Intl.ListFormat(pageLanguage(), { type }).format(words);
}

/** An option's value in words: a choice by its label (the schema's choice_ids). */
function valueWords(option, value) {
  const index = option && option.choice_ids && option.choices ? option.choices.indexOf(value) : -1;
  return index >= 0 ? tr(option.choice_ids[index]) : optionValue(value);
}

/** An option by its label, never its name. */
function optionLabel(option) {
  return option.label_id ? tr(option.label_id) : option.label;
}

/** One option: its label, what it does, its default, values and when it applies (each said
 * in words: options and choices by their labels), and the help's note on it. */
function optionItem(option, options) {
  const facts = [tr("page.help.option.default", { value: valueWords(option, option.default) })];
  if (option.choices) facts.push(tr("page.help.option.values", { values: option.choices.map((value) => valueWords(option, value)).join(", ") }));
  if (option.minimum !== undefined && option.maximum !== undefined) {
    facts.push(tr("page.help.option.range", { minimum: optionValue(option.minimum), maximum: optionValue(option.maximum) }));
  }
  if (option.needs) {
    const when = Object.entries(option.needs).map(([name, values]) => {
      const other = options.find((entry) => entry.name === name);
      return tr("page.help.option.is", {
        option: other ? optionLabel(other) : name,
        values: listOf(values.map((value) => valueWords(other, value)), "disjunction"),
      });
    });
    facts.push(tr("page.help.option.applies", { when: listOf(when) }));
  }
  return el(
    "div",
    { class: "help-option", "data-testid": "help-option", "data-option": option.name },
    el("dt", {}, optionLabel(option)),
    el(
      "dd",
      {},
      el("p", { text: option.help_id ? tr(option.help_id) : option.help }),
      el("p", { class: "help-extra", text: `${facts.join("; ")}.` }),
      option.note ? el("p", { class: "help-source", text: option.note }) : null,
    ),
  );
}

/** A game's options explained (its `options`, each with its `note`). */
export function optionList(options) {
  return el("dl", { class: "help-options" }, options.map((option) => optionItem(option, options)));
}
