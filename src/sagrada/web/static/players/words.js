// The words of a message the players' answers give: a `{id, params}` object, or a bare id
// where it takes no parameters (docs/players.md, "Profiles").

import { t, tr } from "/static/i18n.js";

/** The text of `message`, an `{id, params}` object or a bare id. */
export function said(message) {
  return typeof message === "string" ? tr(message) : t(message);
}
