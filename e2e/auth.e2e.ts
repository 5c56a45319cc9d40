import { describe, expect, it } from 'vitest';
import { loginAs, screenshot, setupBrowser } from './support';

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

  it('shows the landing page with both logins and the marketing figures', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByText('50.8K').first().waitFor();
    await page.getByText('98%').first().waitFor();
    await screenshot(page, 'landing');
    await page
      .getByRole('link', { name: /Staff Login/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });
});
