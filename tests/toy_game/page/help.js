// The toy game's part of the rules help (the shell's help.js loads it from the registry's
// address of this page's files): one tab, its sections and its options, drawn with the help's
// kit from its part of GET /api/rules.

import { groupTitle, optionList, sectionsOf } from "/static/help/kit.js";

/** The toy game's tabs: `{id, label, build(), cards}` (it has no cards). */
export function helpTabs(help) {
  return [
    {
      id: "toy",
      label: "toy.help.tab",
      build: () => [...sectionsOf(help.sections), groupTitle("toy.help.options"), optionList(help.options)],
      cards: [],
    },
  ];
}
