import { describe, expect, it } from 'vitest';
import { loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

describe('global search', () => {
  it('a manager presses /, types a customer name with a typo, picks the order with the keyboard and lands on its detail', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'manager');
    await page.waitForURL('**/manager');
    await page.getByRole('combobox', { name: 'Search' }).waitFor();

    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    // "Fernando Wholesale Traders" with a letter missing
    await page.keyboard.type('Fernado Wholesale', { delay: 30 });
    const list = page.getByRole('listbox');
    await list.getByRole('group', { name: 'Orders' }).waitFor();
    await screenshot(page, 'search-manager-results');

    // walk down with the arrow keys to the first order
    const firstOrder = list.getByRole('group', { name: 'Orders' }).getByRole('option').first();
    const title = (await firstOrder.locator('p').first().textContent())!;
    const orderId = /Order #(\d+)/.exec(title)![1]!;
    for (let i = 0; i < 10 && (await firstOrder.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await firstOrder.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');

    await page.waitForURL(new RegExp(`/manager/orders\\?.*order=${orderId}`));
    await page.getByRole('heading', { name: new RegExp(`Order #${orderId}`) }).waitFor();
    await expect.poll(() => page.getByText('Fernando Wholesale Traders').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('says when nothing matches, and Ctrl+K opens it from anywhere', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'customer');
    await page.waitForURL('**/customer');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.waitFor();
    await page.keyboard.press('Control+k');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('zzqxv', { delay: 20 });
    await page.getByText('No results for "zzqxv"').waitFor();
    await screenshot(page, 'search-no-results');
    await page.context().close();
  });
});
