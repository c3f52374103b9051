// The scoring page's service worker: it keeps the page, so that it opens at a table without
// a network. The server serves it at /score-worker.js behind three lines it writes
// (sagrada/web/routes/installable.py): VERSION, a digest of the kept files; FILES, the page's
// files, kept at once; ANSWERS, the paths of the answers its form reads, kept as the page
// reads them. Everything is asked of the server first and the kept copy served only when the
// server cannot be reached: an online page is never stale. Nothing else is kept (no account,
// no game), and a request that is not a GET of this site passes by untouched: scoring itself
// (POST /api/score) needs the server, and the page says so when it fails.
// A classic script: a service worker that imports modules is not in every browser.
/* global VERSION, FILES, ANSWERS */

const PREFIX = "sagrada-score-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

// The new version's files replace the old ones'; the open pages are served by it at once.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !kept(new URL(request.url))) return;
  event.respondWith(fromServer(request));
});

// The page hands over the addresses it fetched before this worker took control (its first
// visit): those it keeps are fetched again and kept, so one visit is enough.
self.addEventListener("message", (event) => {
  const addresses = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  const wanted = addresses.filter((address) => {
    try {
      return kept(new URL(address, self.location.origin));
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all(wanted.map((address) => keep(cache, new Request(address)))))
      .then(() => event.source && event.source.postMessage({ kept: wanted.length })),
  );
});

// Whether this worker keeps what an address answers: a file of the page, or an answer its
// form reads, of this site.
function kept(url) {
  if (url.origin !== self.location.origin) return false;
  if (FILES.includes(url.pathname)) return true;
  return ANSWERS.some((path) => url.pathname === path);
}

async function fromServer(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (failure) {
    // The page itself is one file whatever its query (?game=): any kept copy of it serves.
    const found = await cache.match(request, { ignoreSearch: request.mode === "navigate", ignoreVary: true });
    if (found) return found;
    throw failure;
  }
}

async function keep(cache, request) {
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response);
  } catch {
    // The server went away meanwhile: what was kept stays.
  }
}
