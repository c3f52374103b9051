// The solo card game's part of the rules help (the shell's help.js loads it from the
// registry's address of this page's files): one tab, drawn from its part of GET /api/rules
// (its sections, tools, orders and options) with the help's kit, and how often the bots beat
// the target with each number of tool cards, in plain words (the measured difficulty curve,
// GET /api/data/difficulty: docs/card-game.md).

import { api, el } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { cardItem, cardList, groupTitle, optionList, sectionsOf } from "/static/help/kit.js";

/** The bots of the difficulty curve, in words (a bot not listed: its name). */
const BOTS = { plan: "page.help.card_difficulty.plan", greedy: "page.help.card_difficulty.greedy" };

/** How often the bots beat the target, for each number of tool cards: a list filled once the
 * measured curve of `game` comes (nothing if it has not been measured). */
function difficulty(game) {
  const about = el("p", { class: "help-about" });
  const list = el("ul", { class: "help-difficulty", "data-testid": "card-difficulty" });
  const box = el("div", {}, groupTitle("page.help.card_difficulty"), about, list);
  box.hidden = true;
  api("GET", `/api/data/difficulty?game=${encodeURIComponent(game)}`).then(
    (curve) => {
      const bots = curve.bots || [];
      if (!bots.length) return;
      const counts = [...new Set(bots.flatMap((bot) => bot.points.map((point) => point.tools)))].sort((a, b) => a - b);
      about.textContent = tr("page.help.card_difficulty.about", { n: bots[0].games });
      list.replaceChildren(
        ...counts.map((tools) => {
          const wins = bots.flatMap((bot) => {
            const point = bot.points.find((p) => p.tools === tools);
            if (!point) return [];
            const who = BOTS[bot.bot] ? tr(BOTS[bot.bot]) : bot.bot;
            return [tr("page.help.card_difficulty.wins", { bot: who, n: Math.round(point.win_rate * 10) })];
          });
          return el("li", { text: tr("page.help.card_difficulty.row", { n: tools, wins: wins.join("; ") }) });
        }),
      );
      box.hidden = false;
    },
    () => {
      // Not measured: the help says nothing of it.
    },
  );
  return box;
}

/** The card game's tabs: `{id, label, build(), cards}` (label: a message id; cards: what the
 * search goes through, `{name, item()}`), from its part of the help (`help`). */
export function helpTabs(help) {
  const tools = help.tools.map((tool) => ({
    name: tool.name,
    item: () =>
      cardItem({
        key: `card-tool-${tool.number}`,
        title: `${tool.number}. ${tool.name}`,
        meta: tr("page.help.meta.card_tool", { value: tool.pay }),
        text: tool.text,
        house: tool.house,
      }),
  }));
  const orders = help.orders.map((order) => ({
    name: order.name,
    item: () =>
      cardItem({
        key: `order-${order.id}`,
        title: order.name,
        meta: tr(order.kind === "unique" ? "page.help.meta.order.unique" : "page.help.meta.order.basic", { vp: order.vp }),
        text: order.text,
        house: order.house,
      }),
  }));
  return [
    {
      id: "cardgame",
      label: "page.help.tab.cardgame",
      build: () => [
        ...sectionsOf(help.sections),
        groupTitle("page.help.card_tools"),
        cardList(tools),
        groupTitle("page.help.orders"),
        cardList(orders),
        groupTitle("page.help.card_options"),
        optionList(help.options),
        difficulty(help.name),
      ],
      cards: [...tools, ...orders],
    },
  ];
}
