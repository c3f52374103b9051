// The service worker of turn notifications (Web Push). The server serves it at the site's root
// (/push-worker.js), so that its scope is the whole site. A push brings a "your turn" message,
// {title, body, url} (sagrada.players.push.turn_payload), decrypted by the browser: the worker
// shows it, and a click on it brings forward a tab already at the game's page, or opens one.
// When the browser renews a subscription by itself, the worker hands the new one to the
// server. A classic script: a service worker that imports modules is not in every browser.

const KEY_PATH = "/api/push/key";
const SUBSCRIPTIONS_PATH = "/api/push/subscriptions";

// A new version of the worker takes over at once: it keeps no state of its own.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      data: { url: message.url },
      // One notice per game: a newer one replaces the last, and still alerts.
      tag: message.url,
      renotify: true,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = siteAddress(event.notification.data && event.notification.data.url);
  if (url) event.waitUntil(focusOrOpen(url));
});

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(renew(event.oldSubscription));
});

/** The message a push carries, or null when it is not one of ours: a title and a body as
 * text, and the game's page as a path on this site. */
function readMessage(data) {
  if (!data) return null;
  let message;
  try {
    message = data.json();
  } catch {
    return null;
  }
  if (!message || typeof message.title !== "string" || typeof message.body !== "string") return null;
  const url = siteAddress(message.url);
  return url ? { title: message.title, body: message.body, url: url.pathname + url.search } : null;
}

/** `path` as an address of this site, or null when it leads elsewhere (or is not text). */
function siteAddress(path) {
  if (typeof path !== "string") return null;
  try {
    const url = new URL(path, self.location.origin);
    return url.origin === self.location.origin ? url : null;
  } catch {
    return null;
  }
}

/** Bring forward a tab of this site at the game's page (whatever its address's fragment
 * holds), or open one there. */
async function focusOrOpen(url) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const atGame = tabs.find((tab) => {
    const at = new URL(tab.url);
    return at.origin === url.origin && at.pathname === url.pathname;
  });
  if (atGame) return atGame.focus();
  return self.clients.openWindow(url.href);
}

/** Subscribe again with the server's key, hand the new subscription to the server and have it
 * forget the old one. The session's cookie goes with these requests as with the page's. */
async function renew(old) {
  const answer = await fetch(KEY_PATH);
  if (!answer.ok) return;
  // The Push API takes the key as base64url text too.
  const { key } = await answer.json();
  const subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await send("POST", subscription.toJSON());
  if (old && old.endpoint !== subscription.endpoint) await send("DELETE", { endpoint: old.endpoint });
}

function send(method, body) {
  return fetch(SUBSCRIPTIONS_PATH, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}
