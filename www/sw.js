// The book's service worker, written into each build by the site program
// (src/site, trunk's post-build hook) from this template: it holds the list
// of every file of the build and a version that changes whenever any of
// them does.
//
// On install it saves every file (chapters never opened included), so that
// after one visit the whole book opens with the network off. It answers
// from the saved copy first and from the network otherwise. A new build is
// a new version: it installs beside the old one and waits while a tab
// still shows the old build (which keeps being served from its own copy),
// until the reader asks for it (the page offers "Reload to read it", which
// posts "skip-waiting") or every tab of the book is closed. Once active it
// deletes the versions before the one it replaced (kept for a tab that
// was still loading the previous build). The book's files are named by
// their content, so builds never mix: a page of one build is never served
// to the wasm of another.
//
// In a debug build (__PRECACHE__ false) it saves nothing and removes what
// an earlier release build saved, so that development always sees fresh
// files.
const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";
const FILES = [/* __FILES__ */];
// Caches are shared by a whole origin: the scope in the name keeps two
// copies of the book hosted under different paths apart.
const PREFIX = "commbook " + self.registration.scope + " ";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (PRECACHE) {
      const cache = await caches.open(CACHE);
      // "reload": straight from the server, never from the HTTP cache.
      await cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })));
    } else {
      await self.skipWaiting();
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
    // Keep the newest older version (caches.keys() lists oldest first).
    const keep = PRECACHE ? names.slice(-1) : [];
    await Promise.all(names.filter((k) => !keep.includes(k)).map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!PRECACHE || request.method !== "GET" || new URL(request.url).origin !== location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The book is one page: any address under it is its index.html.
    const key = request.mode === "navigate" ? "./" : request;
    const saved = (await cache.match(key, { ignoreSearch: true })) || (await caches.match(request));
    if (saved) {
      return saved;
    }
    return fetch(request);
  })());
});
