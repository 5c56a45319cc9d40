import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot, setupBrowser, trackRequests } from './support';

const browser = setupBrowser();

/** Console errors and Content-Security-Policy violations of a page, from its first script on. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('the built app under the Content-Security-Policy', () => {
  const pages: Array<[string, string | null]> = [
    ['/', null],
    ['/login', null],
    ['/customer/login', null],
    ['/customer', 'customer'],
    ['/admin', 'admin'],
    ['/manager', 'manager'],
    ['/warehouse', 'warehouse'],
    ['/assistant', 'assistant'],
  ];

  for (const [path, user] of pages) {
    it(`${path} loads with a clean console`, async () => {
      const page = await browser.newPage();
      const problems = await watch(page);
      const waitForQuiet = trackRequests(page);
      if (user) {
        await loginAs(page, user);
        await page.waitForURL((url) => url.pathname === path);
      } else {
        const res = await page.goto(path);
        expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      }
      // every page (the lazy portals once loaded) has its page heading
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await waitForQuiet();
      await screenshot(page, `csp${path === '/' ? '-landing' : path.replaceAll('/', '-')}`);
      expect(problems, path).toEqual([]);
      await page.context().close();
    });
  }

  it('/api/docs (Swagger UI) renders the operations with a clean console', async () => {
    const page = await browser.newPage();
    const problems = await watch(page);
    await page.goto('/api/docs');
    await page.getByText('/api/auth/login').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'csp-api-docs');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
