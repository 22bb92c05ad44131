/*
 * Puna's service worker: plain JavaScript served as it is from /sw.js (scope /), no build step.
 * - Installs a minimal offline kit (the offline page and what it shows) and answers a page
 *   navigation that fails for lack of network with /offline.html. Everything else, the API
 *   included, goes to the network untouched: the app itself is never served from a cache.
 * - Shows chat push notifications and, on a click, focuses an open Puna tab on the chat (or opens one).
 */
const CACHE = 'puna-offline-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_KIT = [OFFLINE_URL, '/icon-192x192.png', '/favicon.svg'];
const DEFAULT_ICON = '/icon-192x192.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_KIT.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) || Response.error()));
    return;
  }
  // The offline page's own image and icon, while offline.
  const url = new URL(request.url);
  if (request.method === 'GET' && url.origin === self.location.origin && OFFLINE_KIT.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname)) || Response.error()));
  }
});

/** The push payload: JSON { title, body, icon, data: { url } }; plain text becomes the body. */
function readPush(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event.data);
  const url = payload.data?.url || payload.url || '/';
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Puna', {
      body: payload.body || '',
      icon: payload.icon || DEFAULT_ICON,
      badge: DEFAULT_ICON,
      tag: payload.tag,
      data: { ...(payload.data || {}), url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this app's own pages are opened.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() needs a tab this worker controls; any other is answered with a new window.
        return (focused || open).navigate(target.href).catch(() => self.clients.openWindow(target.href));
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
