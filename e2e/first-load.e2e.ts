import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EARLY_REQUESTS } from '../src/web/lib/early-start';
import { setupBrowser, tokenOf, trackRequests } from './support';

// A portal's home opened with a token kept (a returning user): its first requests go out as soon
// as the entry runs, before the portal's code, and the app takes those answers instead of asking
// again (src/web/lib/early-start.ts, docs/decisions/0090).
const browser = setupBrowser();

/** Opens `path` in a fresh page (with `token` kept, when given) and lists what it asked for. */
async function open(path: string, token: string | null): Promise<{ page: Page; asked: string[] }> {
  const page = await browser.newPage();
  if (token) await page.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    asked.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  const quiet = trackRequests(page);
  await page.goto(path);
  await quiet();
  return { page, asked };
}

describe('a portal home opened by a returning user', () => {
  it.each([
    ['admin', '/admin', 'Revenue'],
    ['manager', '/manager', 'Orders'],
    ['warehouse', '/warehouse', 'Stock'],
    ['customer', '/customer', 'Orders'],
  ])('%s: asks for its first data once, before the portal code', async (account, path, shown) => {
    const { page, asked } = await open(path, await tokenOf(account));
    await page.getByRole('main').getByText(shown).first().waitFor();
    const early = EARLY_REQUESTS[path] ?? [];
    expect(early.length).toBeGreaterThan(1);
    for (const request of early) expect(asked.filter((a) => a === `GET /api${request}`)).toHaveLength(1);
    const firstData = asked.findIndex((a) => a.startsWith(`GET /api${early.at(-1)}`));
    const portalCode = asked.findIndex((a) => /\/assets\/[a-z]+-portal-[\w-]+\.js$/.test(a));
    expect(firstData).toBeGreaterThan(-1);
    expect(portalCode).toBeGreaterThan(-1);
    expect(firstData).toBeLessThan(portalCode);
    await page.close();
  });

  it('asks for nothing early without a token, and goes to the sign-in page', async () => {
    const { page, asked } = await open('/admin', null);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(asked.filter((a) => a.includes('/api/dashboard') || /-portal-/.test(a))).toEqual([]);
    await page.close();
  });
});
