// Where a player's pages are: a profile's address from an account's name, and a link to it.
// One place for both, so every page that names an account links it the same way.

import { el } from "/static/common.js";

/** The address of the profile of the account called `name`. */
export function profileUrl(name) {
  return `/players/${encodeURIComponent(name)}`;
}

/** A link to the profile of the account called `name`, its words the name. */
export function profileLink(name, attrs = {}) {
  const { class: more = "", ...rest } = attrs;
  return el("a", { ...rest, class: `player-link ${more}`.trim(), href: profileUrl(name), text: name });
}
