/**
 * The service worker (public/sw.js) that lets the portal open without a network once visited
 * (docs/decisions/0024). Registered in the built app only (the dev server rebuilds modules).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Offline support is unavailable', error);
    });
  });
}

/** Forgets the cached day's data (on sign-out: the next person must not see it). */
export function clearOfflineData(): void {
  navigator.serviceWorker?.controller?.postMessage('clear-data');
}
