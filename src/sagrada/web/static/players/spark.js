// A rating's history as a small line (an inline SVG drawn from the history's points, no chart
// library): one point per rated game, oldest on the left, the highest rating at the top. The
// line is for the eye; its words (the first, last, highest and lowest rating) are its text
// alternative.

import { tr } from "/static/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
/** The drawing's own units: the SVG scales to its box (players.css). */
const WIDTH = 200;
const HEIGHT = 48;
/** Room at the edges, so a point's dot is never cut. */
const PAD = 4;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** Where each of `values` lies in the drawing: `[x, y]`, evenly spaced from left to right. */
export function linePoints(values) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  return values.map((value, index) => {
    const x = values.length > 1 ? PAD + index * step : WIDTH / 2;
    // A flat history lies in the middle.
    const y = high === low ? HEIGHT / 2 : PAD + ((high - value) / span) * (HEIGHT - 2 * PAD);
    return [Number(x.toFixed(1)), Number(y.toFixed(1))];
  });
}

/** The words of a history (`[{display}]`, oldest first): what the line shows. */
export function lineWords(history) {
  const values = history.map((point) => point.display);
  if (values.length === 1) return tr("page.profile.rating.line_one", { rating: values[0] });
  return tr("page.profile.rating.line", {
    n: values.length,
    first: values[0],
    last: values[values.length - 1],
    high: Math.max(...values),
    low: Math.min(...values),
  });
}

/** The line of a rating's `history` (the profile's `history`, oldest first): an SVG with its
 * words as its accessible name; null for an empty history. */
export function ratingLine(history) {
  if (!history.length) return null;
  const points = linePoints(history.map((point) => point.display));
  const words = lineWords(history);
  const drawing = svg("svg", {
    class: "rating-line",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": words,
    "data-testid": "rating-line",
    "data-points": String(points.length),
  });
  const title = svg("title");
  title.textContent = words;
  drawing.append(title);
  if (points.length > 1) {
    drawing.append(svg("polyline", { class: "rating-path", points: points.map((p) => p.join(",")).join(" ") }));
  }
  const [x, y] = points[points.length - 1];
  drawing.append(svg("circle", { class: "rating-now", cx: x, cy: y, r: 3 }));
  return drawing;
}
