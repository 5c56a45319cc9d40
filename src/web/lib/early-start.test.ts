import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRequestsOf, startEarlyRequests, takeEarlyResponse } from './early-start';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch that answers every URL with its own text, and counts the calls. */
function stubFetch() {
  const asked: Array<{ url: string; authorization: string | undefined }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    asked.push({ url, authorization: (init?.headers as Record<string, string>)?.Authorization });
    return Promise.resolve(new Response(url));
  });
  return asked;
}

describe('the early requests of a page', () => {
  it("are its home's, on the home only (a trailing slash allowed)", () => {
    expect(earlyRequestsOf('/admin')).toContain('/dashboard/admin-chart-data');
    expect(earlyRequestsOf('/manager/')).toContain('/dashboard/manager-stats');
    expect(earlyRequestsOf('/admin/orders')).toEqual([]);
    expect(earlyRequestsOf('/')).toEqual([]);
    expect(earlyRequestsOf('/login')).toEqual([]);
  });

  it('start only with a token, and send it', () => {
    const asked = stubFetch();
    startEarlyRequests('/manager', null, '/api');
    expect(asked).toEqual([]);
    startEarlyRequests('/manager', 'tok-1', '/api');
    expect(asked.map((a) => a.url)).toEqual([
      '/api/auth/profile',
      '/api/notifications',
      '/api/dashboard/manager-stats',
    ]);
    expect(new Set(asked.map((a) => a.authorization))).toEqual(new Set(['Bearer tok-1']));
    for (const { url } of asked) takeEarlyResponse(url, 'tok-1');
  });

  it('are taken once, with the token they were asked with', async () => {
    stubFetch();
    startEarlyRequests('/warehouse', 'tok-2', '/api');
    const taken = takeEarlyResponse('/api/dashboard/warehouse-manager-stats', 'tok-2');
    expect(await (await taken)?.text()).toBe('/api/dashboard/warehouse-manager-stats');
    expect(takeEarlyResponse('/api/dashboard/warehouse-manager-stats', 'tok-2')).toBeUndefined();
    // signed in as someone else since: that answer is not theirs (and is dropped)
    expect(takeEarlyResponse('/api/notifications', 'another')).toBeUndefined();
    expect(takeEarlyResponse('/api/notifications', 'tok-2')).toBeUndefined();
    expect(takeEarlyResponse('/api/orders', 'tok-2')).toBeUndefined();
  });
});
