// KandyPack service worker (docs/decisions/0024): the portal opens without a network once visited.
// - the app shell (index.html and its hashed assets) is kept on install and refreshed on each visit;
// - the crew's day (profile, assignments, delivery items, notifications) is answered from the
//   network when there is one and from the last copy when there is not;
// - nothing else is cached, and writes always go to the network (the page queues confirmations
//   in IndexedDB itself).
const SHELL = 'kp-shell-v1';
const DATA = 'kp-data-v1';

/** API reads the crew needs on the road. */
const OFFLINE_API = [
  /^\/api\/auth\/profile$/,
  /^\/api\/deliveries\/assistant\/\d+\/(assignments|notifications)$/,
  /^\/api\/deliveries\/\d+\/order-items$/,
  /^\/api\/notifications$/,
];

async function cacheShell() {
  const cache = await caches.open(SHELL);
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put('/', response);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== DATA).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  // sign-out: the next person on this phone must not see the last one's day
  if (event.data === 'clear-data') event.waitUntil(caches.delete(DATA));
});

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackUrl ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // every route of the single-page app is index.html
    event.respondWith(networkFirst(request, SHELL, '/'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (OFFLINE_API.some((re) => re.test(url.pathname))) {
    event.respondWith(networkFirst(request, DATA));
  }
});
