// render(), for every module that changes the page state: a small indirection so that the
// modules which draw the page and those which handle its clicks need not import each other.

let draw = null;

/** Re-render everything (set by the entry point, game.js, which does the drawing). */
export function render() {
  draw();
}

/** Set what render() draws; called once by game.js before anything is rendered. */
export function setRenderer(fn) {
  draw = fn;
}
