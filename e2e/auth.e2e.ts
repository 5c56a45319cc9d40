import { describe, expect, it } from 'vitest';
import type { PublicFigures } from '#shared/contract/public-figures';
import { figureTexts } from '#web/features/public-figures/lib/figure-texts';
import { baseURL, loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

describe('signing in', () => {
  const landings: Array<[string, string]> = [
    ['admin', '/admin'],
    ['manager', '/manager'],
    ['warehouse', '/warehouse'],
    ['driver', '/assistant'],
    ['assistant', '/assistant'],
    ['customer', '/customer'],
  ];

  for (const [username, portal] of landings) {
    it(`${username} lands in ${portal} and can log out`, async () => {
      const page = await browser.newPage();
      await loginAs(page, username);
      await page.waitForURL((url) => url.pathname === portal);
      await page.getByText(`${username}@kandypack.lk`).first().waitFor();
      await screenshot(page, `portal-${username}`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.context().close();
    });
  }

  it('shows the failure message for a wrong password and stays on /login', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin', 'wrong-password');
    await page.getByText('Invalid credentials or server unavailable').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('sends a signed-out visitor of a portal to the right login page', async () => {
    const page = await browser.newPage();
    await page.goto('/manager/orders');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/customer/history');
    await page.waitForURL((url) => url.pathname === '/customer/login');
    await page.context().close();
  });

  it('shows the landing page with both logins and the figures of the database', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    // the figures the API answers anyone (decision 0052), as the page writes them
    const res = await fetch(`${baseURL()}/api/public/figures`);
    expect(res.status).toBe(200);
    const [processed, onTime] = figureTexts((await res.json()) as PublicFigures);
    const figures = page.getByRole('definition');
    await page.locator('dl[aria-busy="false"]').waitFor();
    const shown = await figures.allInnerTexts();
    expect(shown).toHaveLength(2);
    for (const [i, figure] of [processed, onTime].entries()) {
      expect(shown[i]).toContain(figure.value);
      expect(shown[i]).toContain(figure.hint);
    }
    expect(processed.value).not.toBe('50.8K');
    await screenshot(page, 'landing');
    await page
      .getByRole('link', { name: /Staff Login/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });
});
