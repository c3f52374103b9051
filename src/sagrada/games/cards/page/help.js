// The solo card game's part of the rules help (the shell's help.js loads it from the
// registry's address of this page's files): one tab, drawn from its part of GET /api/rules
// (its sections, tools, orders and options) with the help's kit.

import { tr } from "/static/i18n.js";
import { cardItem, cardList, groupTitle, optionList, sectionsOf } from "/static/help/kit.js";

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
      ],
      cards: [...tools, ...orders],
    },
  ];
}
