// The dice game's part of the rules help (the shell's help.js loads it from the registry's
// address of this page's files): its tabs, drawn from its part of GET /api/rules (its
// sections, options and cards with their texts and pictures) with the help's kit.

import { tr } from "/static/i18n.js";
import { aboutLine, cardItem, cardList, groupTitle, optionList, sectionsOf } from "/static/help/kit.js";

/** The content packs, as players know them: the messages of their names. */
const PACKS = { base: "page.help.pack.base", "five-six": "page.help.pack.five_six", life: "page.help.pack.life" };
/** How an apprentice card is played (its `play`): the messages of the words. */
const PLAYS = { discard: "page.help.meta.apprentice.discard", activate: "page.help.meta.apprentice.activate" };

/** A content pack's name (its id if the help does not know it). */
export function packName(pack) {
  return PACKS[pack] ? tr(PACKS[pack]) : pack;
}

/** A dice colour's name, as a message to render. */
function colour(letter) {
  return { id: `colour.${letter}`, params: {} };
}

/** The dice game's tabs: `{id, label, build(), cards}` (label: a message id; cards: what the
 * search goes through, `{name, item()}`), from its part of the help (`help`). */
export function helpTabs(help) {
  const { cards } = help;
  const tools = cards.tools.map((tool) => ({
    name: tool.name,
    item: () =>
      cardItem({
        key: `tool-${tool.number}`,
        title: `${tool.number}. ${tool.name}`,
        meta: [tr("page.help.meta.tool", { colour: colour(tool.colour) }), packName(tool.pack)].join(" · "),
        text: tool.text,
        extra: tool.restriction,
        house: tool.house,
        picture: tool.illustration,
      }),
  }));
  const apprentice = (cards.apprentice_cards || []).map((card) => ({
    name: card.name,
    item: () =>
      cardItem({
        key: `apprentice-${card.number}`,
        title: card.name,
        meta: [PLAYS[card.play] ? tr(PLAYS[card.play]) : card.play, packName("life")].join(" · "),
        text: card.text,
        house: card.house,
      }),
  }));
  const publics = cards.public_objectives.map((objective) => ({
    name: objective.name,
    item: () =>
      cardItem({
        key: `public-${objective.id}`,
        title: objective.name,
        meta: [tr("page.help.meta.public", { vp: objective.vp }), packName(objective.pack)].join(" · "),
        text: objective.text,
        house: objective.house,
        picture: objective.illustration,
      }),
  }));
  const privates = cards.private_objectives.map((objective) => ({
    name: objective.name,
    item: () =>
      cardItem({
        key: `private-${objective.id}`,
        title: objective.name,
        meta: [tr("page.help.meta.private"), packName(objective.pack)].join(" · "),
        text: objective.text,
        picture: objective.illustration,
      }),
  }));
  return [
    { id: "rules", label: "page.help.tab.rules", build: () => sectionsOf(help.sections), cards: [] },
    {
      id: "tools",
      label: "page.help.tab.tools",
      build: () => [
        groupTitle("page.help.tools"),
        aboutLine("page.help.tools.cost"),
        cardList(tools),
        groupTitle("page.help.apprentice_cards"),
        cardList(apprentice),
      ],
      cards: [...tools, ...apprentice],
    },
    {
      id: "objectives",
      label: "page.help.tab.objectives",
      build: () => [
        groupTitle("page.help.public_objectives"),
        cardList(publics),
        groupTitle("page.help.private_objectives"),
        cardList(privates),
      ],
      cards: [...publics, ...privates],
    },
    {
      id: "options",
      label: "page.help.tab.options",
      build: () => [aboutLine("page.help.options.about"), optionList(help.options)],
      cards: [],
    },
  ];
}
