// The service worker (served as /sw.js; web/pwa-plugin.ts fills in the build's file list). It
// keeps the app shell, the built files of this version, so the app opens without a network; the
// API is never cached: every /api request goes to the network as if there were no worker.
/// <reference lib="webworker" />
const SHELL = self.__SHELL__;
const CACHE = `shell-${self.__VERSION__}`;
const INDEX = "/index.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    // The newest index.html when the server answers; the cached one when it cannot be reached.
    event.respondWith(fetch(request).catch(() => caches.match(INDEX)));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit ?? fetch(request)));
  }
});
