import { describe, expect, it } from 'vitest';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

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
    // the answer for the whole text, not one for a shorter text still on screen (dimmed, busy)
    await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
    await screenshot(page, 'search-manager-results');
    // the "see all" link names the words it filters by: the name as spelt, not the typo
    await list.getByRole('option', { name: 'See all orders for "Fernando Wholesale"' }).waitFor();

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

  it("a manager's see-all after a search by address words opens the order list holding what was found", async () => {
    // Silva Mini Mart, 45 Borupana Road, Ratmalana: found by its address, not its name
    const manager = await apiAs('manager');
    const found = await manager<{
      groups: Array<{ kind: string; hits: Array<{ id: number; subtitle: string }> }>;
    }>('/search?q=borupana%20road');
    const hits = found.groups.find((g) => g.kind === 'order')!.hits;
    const open = hits.find((h) => !/· Delivered ·/.test(h.subtitle));
    expect(open, 'the demo data has a non-delivered order of the customer').toBeDefined();

    const page = await browser.newPage();
    await loginAs(page, 'manager');
    await page.waitForURL('**/manager');
    await page.getByRole('combobox', { name: 'Search' }).fill('borupana road');
    const list = page.getByRole('listbox');
    await list.getByRole('group', { name: 'Orders' }).waitFor();
    await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
    await page.getByText('The list holds the orders not yet delivered, a tab per status.').waitFor();
    await screenshot(page, 'search-manager-address');
    await list.getByRole('option', { name: 'See all orders for "borupana road"' }).click();
    await page.waitForURL(/\/manager\/orders\?(status=[^&]+&)?q=borupana(\+|%20)road$/);
    // the list shows the best order it holds, on its status's tab
    const row = page.getByRole('row').filter({ hasText: `#${open!.id}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Silva Mini Mart');
    await screenshot(page, 'search-manager-address-see-all');
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

    // its own orders by a word of their address: the box reads its latest orders and says so,
    // the full list it links to reads them all
    await box.fill('dehiwala');
    const orders = page.getByRole('group', { name: 'Orders' });
    await orders.getByRole('option').first().waitFor();
    await page.getByText(/Words search your latest 500 orders/).waitFor();
    await screenshot(page, 'search-customer-orders');
    await orders.getByRole('option', { name: 'See all orders for "dehiwala"' }).click();
    await page.waitForURL(/\/customer\/history\?q=dehiwala$/);
    await page
      .getByRole('cell', { name: /^#\d+$/ })
      .first()
      .waitFor();
    await screenshot(page, 'search-customer-see-all');
    await page.context().close();
  });

  it('each result opens its own item: a delivery by number on truck scheduling, a truck, a staff record', async () => {
    const manager = await apiAs('manager');
    const list =
      await manager<Array<{ delivery_id: number; plate_number: string }>>('/deliveries/deliveries');
    const { delivery_id: deliveryId, plate_number: plate } = list[0]!;
    const page = await browser.newPage();
    await loginAs(page, 'manager');
    await page.waitForURL('**/manager');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill(`#${deliveryId}`);
    const delivery = page.getByRole('group', { name: 'Deliveries' }).getByRole('option').first();
    await delivery.click();
    await page.waitForURL(new RegExp(`/manager/truck\\?delivery=${deliveryId}$`));
    const card = page.getByRole('region', { name: `Delivery ${deliveryId}` });
    await card.getByRole('heading', { name: `Delivery #${deliveryId}` }).waitFor();
    await card.getByText(plate).first().waitFor();
    await screenshot(page, 'search-opens-delivery');

    // a truck found by its plate typed without separators: its upcoming deliveries
    await box.fill(plate.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
    await page.getByRole('group', { name: 'Trucks' }).getByRole('option').first().click();
    await page.waitForURL(/\/manager\/truck\?truck=\d+$/);
    await page.getByRole('heading', { name: `Upcoming deliveries: Truck ${plate}` }).waitFor();
    await screenshot(page, 'search-opens-truck');

    // a driver found by name: their schedule, the upcoming deliveries they are on
    await box.fill('Sunil Bandara');
    await page.getByRole('group', { name: 'Crew and staff' }).getByRole('option').first().click();
    await page.waitForURL(/\/manager\/truck\?employee=\d+$/);
    await page.getByRole('heading', { name: 'Upcoming deliveries: Driver Sunil Bandara' }).waitFor();
    await screenshot(page, 'search-opens-crew');
    await page.context().close();

    // the admin's staff record of a driver opens in its dialog
    const admin = await browser.newPage();
    await loginAs(admin, 'admin');
    await admin.waitForURL('**/admin');
    await admin.getByRole('combobox', { name: 'Search' }).fill('Sunil Bandara');
    await admin.getByRole('group', { name: 'Crew and staff' }).getByRole('option').first().click();
    await admin.waitForURL(/\/admin\/users\?employee=\d+$/);
    await admin.getByRole('dialog', { name: 'Edit Sunil Bandara' }).waitFor();
    expect(
      await admin.getByRole('tab', { name: 'Staff', includeHidden: true }).getAttribute('aria-selected'),
    ).toBe('true');
    await screenshot(admin, 'search-opens-staff');
    await admin.context().close();
  });
});
