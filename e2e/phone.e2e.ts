import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, formatMoney } from '#shared/constants';
import { apiAs, loginAs, screenshot, setupBrowser, trackRequests } from './support';

// Screens that do not cut on phones (docs/decisions/0065-tables-become-cards-on-phones.md).
const browser = setupBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A date `days` from today in this process's zone, as the API takes it (YYYY-MM-DD). */
function dateInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type OrderSummary = { order_id: number; total: number };

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });

/**
 * The element is seen whole without scrolling sideways: its text is not cut (scrollWidth within
 * clientWidth), its box lies inside the viewport's width, and what the browser shows at its
 * centre is the element itself (no scroll box or neighbour hides it).
 */
async function expectWhole(locator: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const seen = await locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      cut: el.scrollWidth > el.clientWidth,
      left: box.left,
      right: box.right,
      viewport: document.documentElement.clientWidth,
      onTop: hit !== null && (hit === el || el.contains(hit)),
    };
  });
  expect(seen.cut, `${what}: text cut`).toBe(false);
  expect(seen.left, `${what}: left of the screen`).toBeGreaterThanOrEqual(0);
  expect(seen.right, `${what}: right of the screen`).toBeLessThanOrEqual(seen.viewport);
  expect(seen.onTop, `${what}: hidden under something`).toBe(true);
}

/** The links of the portal's menu, opened as a person on a phone does. */
async function menuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Navigation menu' });
  await menu.getByRole('navigation').waitFor();
  const hrefs = await menu
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await menu.waitFor({ state: 'hidden' });
  return [...new Set(hrefs)];
}

/** Opens each screen and finds that none scrolls sideways. */
async function noSidewaysScroll(page: Page, who: string, urls: readonly string[]) {
  const waitForQuiet = trackRequests(page);
  for (const url of urls) {
    await page.goto(url);
    await page.locator('main h1').first().waitFor();
    await waitForQuiet();
    await screenshot(page, `phone-${who}${url.replaceAll('/', '-')}`);
    expect(await sideways(page), `${who} ${url} scrolls sideways`).toBe(0);
  }
}

describe('on a phone (390 x 844)', () => {
  it("shows the customer's history actions and an order's total whole, without sideways scrolling", async () => {
    // an order of more than a thousand dollars, the widest figure a customer sees (Pending, so
    // its change screen is checked too; cancelled at the end to give the stock back)
    const customer = await apiAs('customer');
    const profile = await customer<{ customer_id: number }>('/auth/profile');
    const products =
      await customer<Array<{ product_id: number; unitPrice: number; available_units: number }>>('/products');
    const product = products.reduce((a, b) =>
      b.unitPrice * b.available_units > a.unitPrice * a.available_units ? b : a,
    );
    const quantity = Math.ceil(1_000 / product.unitPrice);
    expect(product.available_units).toBeGreaterThanOrEqual(quantity);
    const { order_id: orderId } = await customer<{ order_id: number }>(
      `/customers/${profile.customer_id}/orders`,
      {
        method: 'POST',
        body: JSON.stringify({
          scheduleDate: dateInDays(10),
          items: [{ productID: product.product_id, quantity }],
        }),
      },
    );
    const orders = await customer<OrderSummary[]>(`/orders?page=1&page_size=${DEFAULT_PAGE_SIZE}`); // the history's first page
    expect(orders[0]!.order_id).toBe(orderId);
    expect(orders[0]!.total).toBeGreaterThan(1_000);
    expect(orders.length).toBeGreaterThan(1);

    const page = await browser.newPage(PHONE);
    await loginAs(page, 'customer');
    await page.waitForURL((url) => url.pathname === '/customer');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Navigation menu' })
      .getByRole('link', { name: 'Order History' })
      .click();
    await page.waitForURL((url) => url.pathname === '/customer/history');
    const table = page.getByRole('table', { name: 'Your orders' });
    const rowOf = (id: number) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });
    await rowOf(orderId).waitFor();
    await screenshot(page, 'phone-customer-history');
    expect(await sideways(page)).toBe(0);

    // every row: its status, total, View and Invoice in sight
    for (const order of orders) {
      const row = rowOf(order.order_id);
      const status = (await customer<{ status_label: string }>(`/orders/${order.order_id}`)).status_label;
      await expectWhole(row.getByText(status, { exact: true }), `status of #${order.order_id}`);
      await expectWhole(
        row.getByText(formatMoney(order.total), { exact: true }),
        `total of #${order.order_id}`,
      );
      await expectWhole(row.getByRole('link', { name: 'View' }), `View of #${order.order_id}`);
      await expectWhole(row.getByRole('button', { name: 'Invoice' }), `Invoice of #${order.order_id}`);
    }

    // its detail: every figure whole, the total first of all
    await rowOf(orderId).getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === `/customer/orders/${orderId}`);
    const items = page.getByRole('table', { name: `Items of order #${orderId}` });
    await items.waitFor();
    const total = items.getByRole('row', { name: /^Total / }).getByRole('cell');
    expect(await total.textContent()).toBe(formatMoney(orders[0]!.total));
    await expectWhole(total, 'order total');
    const figures = items.getByRole('cell').filter({ hasText: '$' });
    expect(await figures.count()).toBe(5); // unit price, line total, subtotal, delivery fee, total
    for (const figure of await figures.all())
      await expectWhole(figure, `figure ${await figure.textContent()}`);
    await screenshot(page, 'phone-customer-order-detail');
    expect(await sideways(page)).toBe(0);

    // its change screen
    await page.getByRole('link', { name: 'Edit order' }).click();
    await page.waitForURL((url) => url.pathname === `/customer/orders/${orderId}/edit`);
    await page.getByRole('button', { name: /Save/ }).first().waitFor();
    await screenshot(page, 'phone-customer-edit-order');
    expect(await sideways(page)).toBe(0);
    await page.context().close();
    await customer(`/orders/${orderId}/cancel`, { method: 'POST', body: '{}' });
  });

  it('has no customer or crew screen that scrolls sideways', async () => {
    for (const who of ['customer', 'driver', 'assistant']) {
      const page = await browser.newPage(PHONE);
      await loginAs(page, who);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.locator('main h1').first().waitFor();
      const urls = await menuLinks(page);
      expect(urls.length).toBeGreaterThan(3);
      if (who === 'customer') {
        // and an order's detail, reached from the history
        const [order] = await (await apiAs('customer'))<OrderSummary[]>('/orders?page=1&page_size=1');
        urls.push(`/customer/orders/${order!.order_id}`);
      }
      await noSidewaysScroll(page, who, urls);
      await page.context().close();
    }
  });
});
