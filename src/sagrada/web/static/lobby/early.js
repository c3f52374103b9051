// Run before the lobby's first paint (a classic script in its head, render-blocking on purpose,
// as small as it can be): how many games this browser holds a seat in, so that "Continue"
// shows and reserves its rows from the first paint, and nothing below it moves when the
// server's answers fill them (lobby/continue.js). It reads what common.js remembers (its
// TOKENS_KEY), and reserves at most continue.js's MOST rows; tests/test_e2e_lobby.py checks
// that the lobby does not move with more remembered seats than that.
(() => {
  let count = 0;
  try {
    count = Object.keys(JSON.parse(localStorage.getItem("sagrada.tokens") || "{}") || {}).length;
  } catch {
    count = 0;
  }
  const rows = Math.min(count, 6);
  document.documentElement.dataset.seats = String(rows);
  document.documentElement.style.setProperty("--continue-rows", String(rows));
})();
