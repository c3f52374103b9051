// The game's log by parts (docs/web-api.md, "The log by parts"): a view carries the entries of
// its log from `history_from` on, and the page keeps those before, from the views it was given.

/** The lists of action numbers that come with the log. */
const NUMBERED = ["timed_out", "hinted"];

/** How many entries of the log the page holds (a view's `since`), or undefined for none. */
export function heldEntries(view) {
  return view && Array.isArray(view.history) ? view.history.length : undefined;
}

/** Whether a view's field is a column of its log (`history` and the game's `history_*`). */
function isColumn(key, value) {
  return key.startsWith("history") && Array.isArray(value);
}

/**
 * `view` with its whole log: the entries of `shown` (the view the page holds) before
 * `history_from`, then the view's own; the numbered lists likewise. Null when `shown` lacks
 * some of those entries: the page must then ask for the whole log.
 */
export function withWholeLog(shown, view) {
  const from = view.history_from || 0;
  if (from === 0) return view;
  if (!shown || !Array.isArray(shown.history) || shown.history.length < from) return null;
  const whole = { ...view, history_from: 0 };
  for (const [key, value] of Object.entries(view)) {
    if (isColumn(key, value)) whole[key] = (shown[key] || []).slice(0, from).concat(value);
  }
  for (const key of NUMBERED) {
    if (Array.isArray(view[key])) {
      whole[key] = (shown[key] || []).filter((number) => number < from).concat(view[key]);
    }
  }
  return whole;
}
