// "My games" (/me): for an account, its games (me/games.js: its turn first, the seats offered
// to it, the others, the finished ones) and its settings (me/settings.js); for a guest, what an
// account is for and the forms to log in or sign up. The settings end with notifications in
// this browser (me/notifications.js). Who is here is the server's word (GET /api/me); after a
// log in or out the page is drawn again for whoever is here then.

import { startPage } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { accountForms } from "/static/account/forms.js";
import { entered, setupAccount } from "/static/account/menu.js";
import { currentAccount } from "/static/account/state.js";
import { setupHelp } from "/static/help.js";
import { showMyGames } from "/static/me/games.js";
import { showPush } from "/static/me/notifications.js";
import { showSettings } from "/static/me/settings.js";

const $ = (id) => document.getElementById(id);

async function init() {
  // Asked at once, beside the catalogue.
  const account = currentAccount();
  try {
    await startPage();
  } catch (err) {
    $("me-guest").hidden = false;
    $("guest-forms").textContent = tr("page.me.failed", { problem: err.message });
    return;
  }
  setupAccount($("account"), () => location.reload());
  show(await account);
}

async function show(account) {
  document.body.dataset.account = account ? "account" : "guest";
  if (!account) {
    $("guest-forms").replaceChildren(accountForms("me", entered));
    $("me-guest").hidden = false;
    return;
  }
  // The games and the settings show together once both are drawn, so the settings do not
  // move down as the games come.
  await Promise.all([showMyGames(), showSettings(account), showPush()]);
  $("me-games").hidden = false;
  $("settings").hidden = false;
  // A link to the settings (the account menu's "Settings") lands on them once they are drawn.
  if (location.hash === "#settings") $("settings").scrollIntoView();
}

init();
// The header's "Rules" button and the "?" key.
setupHelp();
