// The page's first requests, started by main.tsx as soon as the entry runs (docs/decisions/0090):
// on a portal's home with a token kept, the GET requests the home makes first go out at once,
// side by side with the language's messages, instead of after the portal's code has arrived and
// the session has been checked. The app takes those answers instead of asking again
// (takeEarlyResponse, in apiRaw): on a slow network the figures are there when the home renders.

/**
 * The GET requests (paths under /api) each portal's home makes first, by the page's path. A
 * path here that the home no longer asks for costs one wasted request (the first-load journey
 * checks that every one is taken: e2e/first-load.e2e.ts).
 */
export const EARLY_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  '/customer': ['/auth/profile', '/notifications', '/dashboard/customer-stats'],
  '/admin': [
    '/auth/profile',
    '/notifications',
    '/dashboard/admin-stats',
    '/dashboard/admin-alerts',
    '/dashboard/admin-chart-data',
  ],
  '/manager': ['/auth/profile', '/notifications', '/dashboard/manager-stats'],
  '/warehouse': ['/auth/profile', '/notifications', '/dashboard/warehouse-manager-stats'],
  // the crew's home asks for its own employee's runs: the id comes with the profile
  '/assistant': ['/auth/profile'],
  '/driver': ['/auth/profile'],
};

/** The answers started early, by URL, with the token they were asked with. */
const started = new Map<string, { token: string; response: Promise<Response> }>();

/** The early requests of the page at `path` (its home: the portal's root path exactly). */
export function earlyRequestsOf(path: string): readonly string[] {
  return EARLY_REQUESTS[path.replace(/\/+$/, '')] ?? [];
}

/**
 * Starts the early requests of the page at `path` with `token` (none without one: a portal's
 * page without a token goes to a sign-in page). `base` is the API's address (/api).
 */
export function startEarlyRequests(path: string, token: string | null, base: string): void {
  if (!token) return;
  for (const request of earlyRequestsOf(path)) {
    const url = base + request;
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // a failed early request is the app's to make again (apiRaw); nothing waits on it here
    response.catch(() => undefined);
    started.set(url, { token, response });
  }
}

/**
 * The early answer to a GET of `url` made with `token`, once (a second ask goes to the server);
 * undefined when none was started, or with another token (signed out or in since).
 */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return early.token === token ? early.response : undefined;
}
