// The dice game's form on the scoring page (/score): what `sagrada score` reads of a finished
// window, entered by tapping. The window and its dice (score-window.js); the public objectives
// of every pack, the private objectives (a table's each player's own), the apprentice cards
// that score, the favor tokens left, the mode (solo: two private and two public objectives,
// and the dice left on the Round Track, the target) and whether Life's masterwork dice were
// in play. Every card, colour, limit and mode is the
// server's (GET /api/score/form); the page's shell keeps the players and asks for the score.

import { CELLS, cellWords, el, gems, glyph, spacesMap } from "/static/common.js";
import { rowTokens } from "/static/score/grid.js";
import { roundsEntry } from "/static/score/rounds.js";
import { showKind, t, tr } from "/static/i18n.js";
import { packName } from "./help.js";
import { dieWords } from "./orange.js";
import { scoreWindow } from "./score-window.js";

/** A die's token in the input (the notation `sagrada score` reads), and an open space's. */
const OPEN = "_";
const MASTERWORK = "O";

/**
 * The form, in the shell's two places: `kit.window` (the window) and `kit.cards` (the cards,
 * the tokens, the mode).
 */
export function scoringForm(data, kit) {
  // The answer's words name spaces and dice as people say them, as on the game's page.
  showKind("cell", cellWords);
  showKind("die", dieWords);
  const limits = data.limits || {};
  let win = blankWindow();
  let shared = blankShared();
  let table = false;

  const changed = (step) => {
    redrawCards();
    kit.changed(step);
  };
  const windowPart = scoreWindow(data, kit, () => win, () => shared.masterwork, changed);
  kit.window.replaceChildren(el("h2", { text: tr("page.score.window.title") }), ...windowPart.elements);

  const byPack = (cards) => [...new Set(cards.map((card) => card.pack))].map((pack) => ({ title: packName(pack), cards: cards.filter((card) => card.pack === pack) }));
  const solo = () => !table && shared.mode === "solo";
  const mostPublics = () => (solo() ? limits.solo_publics : limits.publics);
  const mostPrivates = () => (solo() ? limits.solo_privates : limits.privates);

  const modeBox = el("div", { class: "segmented", role: "group", "aria-label": tr("page.score.mode") });
  const masterworkBox = el("input", { type: "checkbox", id: "score-masterwork-on", "data-testid": "score-masterwork-on" });
  const favorCount = el("output", { class: "favor-count", "data-testid": "score-favor", "aria-live": "polite" });
  const favorGems = el("span", { class: "favor-gems" });
  const places = el("div", { class: "score-choices" });

  masterworkBox.addEventListener("change", () => {
    shared.masterwork = masterworkBox.checked;
    if (!shared.masterwork) win.cells = win.cells.map((die) => (die && die.symbol ? null : die));
    windowPart.show();
    changed({ push: true });
  });

  function favor(by) {
    win.favor_tokens = Math.max(0, win.favor_tokens + by);
    changed({ push: false });
  }

  // Solo play's target: the dice left on the Round Track, round by round.
  const roundTrack = roundsEntry({ rounds: data.rounds, values: data.palette.values, label: "page.score.round_track", stacks: () => shared.round_track, changed: kit.changed });
  const roundTrackBox = el(
    "div",
    { class: "round-track-entry", "data-testid": "score-round-track" },
    el("h3", { text: tr("page.score.round_track") }),
    el("p", { class: "hint", text: tr("page.score.round_track.hint") }),
    ...roundTrack.elements,
  );

  kit.cards.replaceChildren(
    el("h2", { text: tr("page.score.cards.title") }),
    modeBox,
    places,
    el(
      "div",
      { class: "favor-line" },
      el("span", { class: "label", id: "score-favor-label", text: tr("page.score.favor") }),
      el("button", { type: "button", class: "icon-button", "data-testid": "score-favor-less", "aria-label": tr("page.score.favor.less"), text: "−", onclick: () => favor(-1) }),
      favorCount,
      el("button", { type: "button", class: "icon-button", "data-testid": "score-favor-more", "aria-label": tr("page.score.favor.more"), text: "+", onclick: () => favor(1) }),
      favorGems,
    ),
    data.masterwork ? el("label", { class: "check-line" }, masterworkBox, el("span", { text: tr("page.score.masterwork.on") })) : null,
    roundTrackBox,
  );

  /** Draw the choices of cards again (the most that may be taken follows the mode). */
  function redrawCards() {
    modeBox.hidden = table;
    modeBox.replaceChildren(
      ...(data.modes || []).map((mode) =>
        el("button", {
          type: "button",
          class: "segment",
          "data-testid": `score-mode-${mode.mode}`,
          "aria-pressed": shared.mode === mode.mode ? "true" : "false",
          text: t(mode.label_message),
          onclick: () => {
            shared.mode = mode.mode;
            // The cards past the mode's most are set aside, not dropped: switching back to the
            // other mode takes them again.
            const aside = shared.aside || { public: [], private: [] };
            const publics = [...new Set([...shared.public, ...aside.public])];
            const privates = [...new Set([...win.private, ...aside.private])];
            shared.public = publics.slice(0, mostPublics());
            win.private = privates.slice(0, mostPrivates());
            shared.aside = { public: publics.slice(mostPublics()), private: privates.slice(mostPrivates()) };
            changed({ push: true });
          },
        }),
      ),
    );
    roundTrackBox.hidden = !solo();
    roundTrack.redraw();
    favorCount.textContent = String(win.favor_tokens);
    favorGems.replaceChildren(gems(Math.min(win.favor_tokens, 8)));
    masterworkBox.checked = shared.masterwork;
    const publics = kit.cardChoice({
      title: tr("page.score.publics"),
      testid: "score-public",
      groups: byPack(data.public_objectives),
      chosen: shared.public,
      most: mostPublics(),
      band: "public",
      badge: (card) => String(card.vp),
      change: (names) => {
        shared.public = names;
        changed({ push: true });
      },
    });
    const privates = kit.cardChoice({
      title: tr(mostPrivates() > 1 ? "page.score.privates.many" : "page.score.privates"),
      testid: "score-private",
      groups: byPack(data.private_objectives),
      chosen: win.private,
      most: mostPrivates(),
      band: "private",
      mark: (card) => (card.spaces && card.spaces.length ? spacesMap(card.spaces) : card.colour ? el("span", { class: `swatch colour-${card.colour}` }, glyph(card.colour)) : null),
      change: (names) => {
        win.private = names;
        changed({ push: true });
      },
    });
    const apprentice = data.apprentice && data.apprentice.length
      ? kit.cardChoice({
          title: tr("page.score.apprentice"),
          testid: "score-apprentice",
          groups: [{ title: null, cards: data.apprentice }],
          chosen: win.apprentice,
          most: data.apprentice.length,
          band: "apprentice",
          change: (names) => {
            win.apprentice = names;
            changed({ push: true });
          },
        })
      : null;
    places.replaceChildren(privates.element, publics.element, ...(apprentice ? [apprentice.element] : []));
  }

  function blankWindow() {
    return { window: null, cells: Array(CELLS.length).fill(null), private: [], favor_tokens: 0, apprentice: [] };
  }

  function blankShared() {
    return { public: [], mode: data.modes[0].mode, masterwork: false, round_track: blankTrack() };
  }

  function blankTrack(given = []) {
    return Array.from({ length: data.rounds }, (_, i) => [...(given[i] || [])]);
  }

  /** A die's token in the input: a colour letter and a value, O for a masterwork die, _ for an
   * open space (a die half entered is not yet a die). */
  function token(die) {
    if (die && die.symbol) return shared.masterwork ? MASTERWORK : OPEN;
    return die && die.colour && die.value ? `${die.colour}${die.value}` : OPEN;
  }

  /** Half a die in window `w`, in words (null: none): "A1: choose its value". */
  function unfinished(w) {
    const index = w.cells.findIndex((die) => die && !die.symbol && !(die.colour && die.value));
    if (index < 0) return null;
    return tr(w.cells[index].colour ? "page.score.missing.value" : "page.score.missing.colour", { cell: CELLS[index] });
  }

  // Drawn at once, empty, so the panel has its size before anything is restored into it.
  windowPart.show();
  redrawCards();

  return {
    blankWindow,
    blankShared,
    windowState: () => structuredClone(win),
    sharedState: () => structuredClone(shared),
    show(windowState, sharedState, how) {
      win = structuredClone(windowState);
      shared = structuredClone(sharedState);
      // A state kept before the Round Track was part of the form has none yet.
      shared.round_track = blankTrack(shared.round_track || []);
      table = how.table;
      windowPart.show();
      redrawCards();
    },
    windowInput(w, s) {
      const rows = rowTokens(w.cells, token);
      const masterwork = {};
      w.cells.forEach((die, i) => {
        if (die && die.symbol && s.masterwork) masterwork[CELLS[i]] = { symbol: die.symbol, rotation: die.rotation };
      });
      return {
        ...(w.window ? { window: w.window } : {}),
        dice: rows,
        private: w.private,
        favor_tokens: w.favor_tokens,
        ...(s.masterwork ? { masterwork } : {}),
        ...(w.apprentice.length ? { apprentice: w.apprentice } : {}),
      };
    },
    sharedInput(s, how) {
      // The Round Track is solo play's target: sent once a value is on it.
      const track = !how.table && s.mode === "solo" && s.round_track.some((stack) => stack.length) ? { round_track: s.round_track } : {};
      return { public: s.public, ...(how.table ? {} : { mode: s.mode }), ...track };
    },
    windowFromInput(entry) {
      return { ...blankWindow(), window: entry.window || null, private: entry.private || [], favor_tokens: entry.favor_tokens || 0, apprentice: entry.apprentice || [] };
    },
    partsHint: tr("page.score.parts.hint.dice"),
    sharedFromInput(given) {
      const windows = Array.isArray(given.players) ? given.players : [given];
      const track = Array.isArray(given.round_track) ? given.round_track.map((stack) => (Array.isArray(stack) ? stack : [])) : [];
      return { public: given.public || [], mode: given.mode || blankShared().mode, masterwork: windows.some((w) => "masterwork" in w), round_track: blankTrack(track) };
    },
    /** The window's dice as the server read them back (its answer's `window.cells`). */
    withAnswer(w, answered) {
      return { ...w, cells: answered.cells.map((die) => (die ? { ...die } : null)) };
    },
    /** What is still needed before a score, in words (null: nothing). */
    missing(w) {
      const needs = [w.private.length ? null : tr("page.score.missing.private"), unfinished(w)].filter(Boolean);
      return needs.length ? needs.join(" ") : null;
    },
    light(scored, warned) {
      windowPart.light(scored, warned);
    },
  };
}
