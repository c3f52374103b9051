// The account this browser is logged in as, and the requests that change it: signing up,
// logging in (each bringing the guest seats this browser remembers into the account) and
// logging out. The session itself is an HttpOnly cookie the page never reads: the server says
// who is logged in (GET /api/me), asked once per page.

import { api, forgetToken, rememberedTokens } from "/static/common.js";
import { pageLanguage } from "/static/i18n.js";

/** The most guest seats one request brings (the server's accounts.MAX_SEATS): the newest. */
const MOST_SEATS = 50;

let asked = null;

/** The account logged in (`{name, created, language, email, email_turns}`), or null for a
 * guest (or a server that cannot say). Asked once per page. */
export function currentAccount() {
  if (!asked) asked = api("GET", "/api/me").then((answer) => answer.account, () => null);
  return asked;
}

/** The guest seats this browser remembers, as the server takes them: `[{game, token}]`. */
function heldSeats() {
  return Object.entries(rememberedTokens())
    .filter(([, mine]) => mine && mine.token)
    .map(([game, mine]) => ({ game, token: mine.token }))
    .slice(-MOST_SEATS);
}

/** Sign up (`how` "sign-up": a new account, in the page's language) or log in ("log-in") as
 * `name`; the seats this browser holds join the account. Resolves to the server's answer
 * (`{account, joined}`); rejects with the server's reason (an ApiError). */
export async function enter(how, name, password) {
  const body = { name, password, seats: heldSeats() };
  if (how === "sign-up") body.language = pageLanguage();
  const answer = await api("POST", how === "sign-up" ? "/api/accounts" : "/api/session", body);
  asked = Promise.resolve(answer.account);
  return answer;
}

/** Log out. The seats of the account's games are forgotten in this browser first, so the next
 * person at it cannot play them (a guest's own games stay remembered). */
export async function logOut() {
  try {
    const games = await api("GET", "/api/me/games");
    for (const game of [...games.turn, ...games.playing, ...games.finished]) forgetToken(game.id);
  } catch {
    // Not logged in any more, or the server cannot list them: nothing to forget.
  }
  await api("DELETE", "/api/session");
  asked = Promise.resolve(null);
}
