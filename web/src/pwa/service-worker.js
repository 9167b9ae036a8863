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

// A call pushed while no page of the app is shown (server/push/send.ts): "{from} CALLING", the
// target and the seconds left. A newer call replaces the notice of an older one (same tag).
self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : null;
  if (!data || data.type !== "call") return;
  event.waitUntil(self.registration.showNotification(data.title, {
    body: data.body,
    tag: "call",
    renotify: true,
    requireInteraction: true,
    icon: "/icons/icon-192.png",
    data: { url: data.url, callId: data.callId, expiresAt: data.expiresAt },
  }));
});

// Tapping the notice opens the dashboard, where the running call is taken up (GET /calls/active):
// in a window of the app already open if there is one, else in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? "/dashboard";
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (!open) return await self.clients.openWindow(url);
    const shown = new URL(open.url).pathname === url ? open : await open.navigate(url);
    await (shown ?? open).focus().catch(() => {});
  })());
});
