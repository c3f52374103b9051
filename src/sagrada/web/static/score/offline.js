// The scoring page without a network: registers its service worker (/score-worker.js,
// sagrada/web/routes/installable.py), which keeps the page's files and the answers its form
// reads. A first visit fetched them before the worker took control: once it is active, the
// page hands it those addresses (the worker keeps only its own kind), so one visit is enough.

const WORKER = "/score-worker.js";
const SCOPE = "/score";

// Register the worker; resolves once it has kept this visit's files (or at once where a
// browser has no service workers, or refuses them: the page then works online only).
export async function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
    const worker = await activeWorker(registration);
    await handOver(worker, fetchedAddresses());
  } catch {
    // A browser that refuses service workers (a private window, a policy): nothing to keep.
  }
}

// The addresses of this site that the page fetched so far: itself and its resources.
function fetchedAddresses() {
  const resources = performance.getEntriesByType("resource").map((entry) => entry.name);
  return [location.href, ...resources]
    .map((address) => new URL(address, location.href))
    .filter((url) => url.origin === location.origin)
    .map((url) => url.pathname + url.search);
}

// The registration's worker once it is active (a new one installs and activates first).
function activeWorker(registration) {
  if (registration.active) return Promise.resolve(registration.active);
  const coming = registration.installing || registration.waiting;
  return new Promise((resolve, reject) => {
    coming.addEventListener("statechange", () => {
      if (coming.state === "activated") resolve(coming);
      if (coming.state === "redundant") reject(new Error("the service worker was not installed"));
    });
  });
}

// Hand the worker the addresses to keep; resolves when it has kept them.
function handOver(worker, addresses) {
  return new Promise((resolve) => {
    const done = (event) => {
      if (!event.data || typeof event.data.kept !== "number") return;
      navigator.serviceWorker.removeEventListener("message", done);
      resolve(event.data.kept);
    };
    navigator.serviceWorker.addEventListener("message", done);
    // A listener added this way does not start the queue of messages by itself.
    navigator.serviceWorker.startMessages();
    worker.postMessage({ keep: addresses });
  });
}
