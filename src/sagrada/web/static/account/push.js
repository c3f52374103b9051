// Turn notifications by Web Push, for the account's settings: whether this browser can have
// them, whether it has them, and turning them on or off. The server keeps this browser's
// subscription for the account its session cookie names (POST and DELETE
// /api/push/subscriptions) and pushes a "your turn" message through it when a correspondence
// game waits for the player; the service worker (/push-worker.js, served at the site's root so
// that its scope is the whole site) shows it.

import { api } from "/static/common.js";

const WORKER = "/push-worker.js";
const SCOPE = "/";

/** Whether this browser can receive push messages from this page: a secure page (HTTPS, or
 * this machine), service workers, the Push API and notifications. */
export function pushAvailable() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Whether this browser is subscribed (resolves to true or false). */
export async function pushSubscribed() {
  if (!pushAvailable()) return false;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return Boolean(registration && (await registration.pushManager.getSubscription()));
}

/**
 * Turn push messages on for this browser: asks the person's permission (call it from a click),
 * registers the service worker, subscribes with the server's key (GET /api/push/key) and
 * hands the subscription to the server. Resolves to "subscribed", to "denied" when the person
 * or the browser refuses notifications, or to "unavailable" (pushAvailable() is false).
 * Rejects with an ApiError when the server refuses, or with the browser's error when its push
 * service cannot be reached.
 */
export async function subscribePush() {
  if (!pushAvailable()) return "unavailable";
  // Asked first, while the click that called this still counts as the person's own act.
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const { key } = await api("GET", "/api/push/key");
  const serverKey = keyBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were made again) cannot be used.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  }
  await api("POST", "/api/push/subscriptions", subscription.toJSON());
  return "subscribed";
}

/** Turn push messages off for this browser: the server forgets its subscription, then the
 * browser drops it. Resolves once done (at once when it has none); rejects with an ApiError
 * when the server refuses, and then the browser keeps its subscription. */
export async function unsubscribePush() {
  if (!pushAvailable()) return;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (!subscription) return;
  await api("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** The bytes of base64url text (the server's public key). */
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
}

/** Whether an ArrayBuffer (or null) holds exactly the bytes of `bytes`. */
function sameBytes(buffer, bytes) {
  if (!buffer) return false;
  const held = new Uint8Array(buffer);
  return held.length === bytes.length && held.every((byte, i) => byte === bytes[i]);
}
