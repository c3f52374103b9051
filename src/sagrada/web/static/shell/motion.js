// Motion that explains what changed on the table, for any game's page: a piece taken from the
// table travels to the place it was put (a FLIP animation across a redraw: the page draws the
// piece where it lies now, and it is shown moving there from where it was), new pieces on the
// table tumble in, and numbers count up. 150-400 ms, easing out; transform and opacity only,
// so nothing shifts and nothing waits: the page is usable at once, the motion plays over it.
// None of it under prefers-reduced-motion.
//
// A game's page says what its pieces and places are (selectors, and how to name a place) and
// calls tableMotion()'s before() and after() around each redraw.

const TRAVEL_MS = 320;
const TUMBLE_MS = 380;
const COUNT_MS = 400;
const EASE_OUT = "cubic-bezier(.2, .7, .3, 1)";

/** Whether motion is wanted (not under prefers-reduced-motion). */
export function motionWanted() {
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The drawn face of a piece or place element: its last face child (a die on its pane), else
 * the element itself. */
function faceOf(node) {
  const faces = node.querySelectorAll(":scope > .face");
  return faces.length ? faces[faces.length - 1] : node;
}

/**
 * The motion of a table whose loose pieces (`pieces`: a selector) are put on places
 * (`places`: a selector, each named by `placeKey(element)`; none for pieces that are only
 * held, such as a die in hand); a piece and a place holding it
 * say which piece it is in the data attribute `what` (by default data-die: "R3"). `epoch()`,
 * where given, names the stretch of play the table is in (a round): when it changes, every
 * loose piece is new (a roll), even one that happens to show what the one before it showed.
 * With `arrivals` false, a piece that comes to the table does not tumble in (a die taken into
 * a hand); one changed where it lies still does (a tool's re-roll, +1 or flip).
 *
 * Returns {before(), after()}: call before() just before a redraw and after() just after it.
 */
export function tableMotion({ pieces, places = null, placeKey = () => "", what = "die", epoch = () => null, arrivals = true }) {
  let seen = null; // what the page showed before this redraw: {loose: [{die, box}], placed: Map(key → {die, box})}
  let drawn = false; // whether the table was drawn before: the first drawing is not a change
  let drawnEpoch = null; // the epoch() of the table as last drawn
  /** The places drawn now (none without a `places` selector). */
  const placesNow = () => (places ? [...document.querySelectorAll(places)] : []);
  // The motions under way, by piece ("place:KEY" or "loose:INDEX"): a redraw replaces the
  // elements, so each one goes on, where it had got to, on the element drawn in its place.
  const playing = new Map(); // key → {die, keyframes, options, started}

  /** Play `motion` ({keyframes, options}, or null) on `face`, known as `key` holding `die`. */
  function play(key, die, face, motion) {
    if (!motion) return;
    face.animate(motion.keyframes, motion.options);
    playing.set(key, { die, ...motion, started: document.timeline.currentTime });
  }

  /** Go on with the motion of `key` on its new `face`, if one is under way for `die`. */
  function goOn(key, die, face) {
    const motion = playing.get(key);
    if (!motion) return;
    const elapsed = document.timeline.currentTime - motion.started;
    if (motion.die !== die || elapsed >= (motion.options.delay || 0) + motion.options.duration) {
      playing.delete(key);
      return;
    }
    face.animate(motion.keyframes, motion.options).currentTime = elapsed;
  }

  function look() {
    const loose = [...document.querySelectorAll(pieces)].map((node) => ({ die: node.dataset[what], box: faceOf(node).getBoundingClientRect() }));
    const placed = new Map();
    for (const node of placesNow()) {
      if (node.dataset[what]) placed.set(placeKey(node), { die: node.dataset[what], box: faceOf(node).getBoundingClientRect() });
    }
    return { loose, placed };
  }

  return {
    before() {
      seen = drawn ? look() : null;
    },
    after() {
      const was = seen;
      seen = null;
      const fresh = epoch() !== drawnEpoch;
      drawnEpoch = epoch();
      const loose = [...document.querySelectorAll(pieces)];
      drawn = drawn || loose.length > 0 || placesNow().length > 0;
      if (!was || !motionWanted()) {
        playing.clear();
        return;
      }
      // Where each die taken from the table was: the boxes of the dice of its kind that are
      // fewer now than before.
      const taken = new Map();
      for (const piece of was.loose) {
        const before = was.loose.filter((p) => p.die === piece.die).length;
        const after = loose.filter((node) => node.dataset[what] === piece.die).length;
        const boxes = taken.get(piece.die) || [];
        if (boxes.length < before - after) taken.set(piece.die, [...boxes, piece.box]);
      }
      const now = new Map(placesNow().map((node) => [placeKey(node), node]));
      // Where each die that left a place was (a move).
      const left = [...was.placed].filter(([key, entry]) => now.get(key)?.dataset[what] !== entry.die);
      for (const [key, node] of now) {
        const die = node.dataset[what];
        if (!die) continue;
        if (was.placed.get(key)?.die === die) {
          goOn(`place:${key}`, die, faceOf(node));
          continue;
        }
        let from = (taken.get(die) || []).shift() || null;
        if (!from) {
          const moved = left.findIndex(([, entry]) => entry.die === die);
          if (moved >= 0) from = left.splice(moved, 1)[0][1].box;
        }
        play(`place:${key}`, die, faceOf(node), travel(faceOf(node), from));
      }
      // New dice on the table (a roll) tumble in; so does a die changed where it lies.
      const grew = fresh || loose.length > was.loose.length;
      const same = !fresh && loose.length === was.loose.length;
      loose.forEach((node, i) => {
        const die = node.dataset[what];
        const changed = fresh || i >= was.loose.length || was.loose[i].die !== die;
        if (grew && changed && arrivals) play(`loose:${i}`, die, faceOf(node), tumble(i));
        else if (same && changed) play(`loose:${i}`, die, faceOf(node), tumble(0));
        else goOn(`loose:${i}`, die, faceOf(node));
      });
    },
  };
}

/** The motion of `face` travelling to where it lies from the box `from` (or settling in,
 * without one): {keyframes, options}, or null for a face not drawn. */
function travel(face, from) {
  const to = face.getBoundingClientRect();
  if (!to.width) return null;
  const keyframes = from
    ? [
        { transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${from.width / to.width})`, zIndex: 10 },
        { transform: "translate(0, 0) scale(1.12)", offset: 0.7, zIndex: 10 },
        { transform: "none", zIndex: 10 },
      ]
    : [
        { transform: "scale(1.35)", opacity: 0 },
        { transform: "none", opacity: 1 },
      ];
  return { keyframes, options: { duration: TRAVEL_MS, easing: EASE_OUT } };
}

/** The motion of a new piece's short tumble (the `index`th of a roll): spun and dropped onto
 * the table. */
function tumble(index) {
  const turn = index % 2 ? 1 : -1;
  return {
    keyframes: [
      { transform: `translateY(-30%) rotate(${turn * 200}deg) scale(.6)`, opacity: 0 },
      { transform: `rotate(${turn * -12}deg) scale(1.05)`, opacity: 1, offset: 0.75 },
      { transform: "none", opacity: 1 },
    ],
    options: { duration: TUMBLE_MS, delay: index * 35, easing: EASE_OUT, fill: "backwards" },
  };
}

/**
 * Count the numbers of `groups` up from 0, one group after the other: each group is
 * {numbers, lit}, `numbers` elements whose text is a whole number, `lit` selectors of the
 * pieces that earned them, which light up as their numbers count. The text stays the number throughout
 * (for screen readers and the find bar): what is seen counting is drawn over it (pieces.css
 * .counting).
 */
export function countUp(groups) {
  if (!motionWanted()) return;
  groups.forEach(({ numbers, lit = [] }, i) => {
    const delay = i * COUNT_MS * 0.6;
    for (const node of numbers) {
      const n = Number(node.textContent);
      if (!Number.isInteger(n) || n === 0) continue;
      node.classList.add("counting");
      const animation = node.animate([{ "--count": 0 }, { "--count": n }], { duration: COUNT_MS, delay, easing: EASE_OUT, fill: "both" });
      animation.finished.then(
        () => {
          node.classList.remove("counting");
          animation.cancel();
        },
        () => node.classList.remove("counting"),
      );
    }
    for (const selector of lit) {
      lighting.push({ selector, delay, started: document.timeline.currentTime });
    }
  });
  relight();
}

/** The pieces lighting as their points count (by selector, as a redraw replaces them). */
let lighting = [];
const LIGHT = [
  { transform: "none", filter: "brightness(1)" },
  { transform: "scale(1.1)", filter: "brightness(1.35) drop-shadow(0 0 6px #fff)", offset: 0.4 },
  { transform: "none", filter: "brightness(1)" },
];

/** Light the pieces that earned the points counting (call after a redraw too: the pieces
 * drawn anew light from where the lighting had got to). */
export function relight() {
  const now = document.timeline.currentTime;
  lighting = lighting.filter(({ delay, started }) => now - started < delay + COUNT_MS);
  for (const { selector, delay, started } of lighting) {
    for (const piece of document.querySelectorAll(selector)) {
      if (piece.getAnimations().length) continue;
      piece.animate(LIGHT, { duration: COUNT_MS, delay, easing: EASE_OUT }).currentTime = now - started;
    }
  }
}
