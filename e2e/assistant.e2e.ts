import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DeliveryItem } from '#shared/contract/crew';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The demo customer (seed-data CUSTOMER_DATA[0]), one of the stops of the demo crew's next run. */
const DEMO_CUSTOMER = 'Perera Grocery';

/** Draws a signature with the pointer on the dialog's canvas. */
async function sign(page: Page) {
  const box = (await page.getByRole('img', { name: /Signature/ }).boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 20 + i * 10, box.y + box.height / 2 - Math.sin(i / 2.5) * 35);
  }
  await page.mouse.up();
  await page.getByRole('img', { name: 'Signature: signed' }).waitFor();
}

async function confirmItem(page: Page, button: Locator, recipient: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm delivery' });
  await dialog.getByLabel('Received by').fill(recipient);
  await sign(page);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The first item of the stop still to confirm. */
const nextOpenItem = (page: Page, stop: Locator) =>
  stop
    .getByRole('button', { name: /^Confirm .+ for order #\d+$/ })
    .and(page.locator(':enabled'))
    .first();

/**
 * The demo crew's next run (the seed plans it 40 to 55 minutes from now, inside the 2-hour start
 * window, at any hour): the first "Start delivery" of the list that can be tapped (the later runs'
 * say when their window opens), under Today, or under Upcoming when it falls on tomorrow in
 * Colombo (the seed runs late in the evening there; which section is splitByDay's, unit-tested).
 */
const nextRunStart = (page: Page) =>
  page
    .getByRole('region', { name: /^(Today|Upcoming)$/ })
    .getByRole('button', { name: /^Start delivery #\d+$/ })
    .and(page.locator(':enabled'))
    .first();

describe('the driver on a phone', () => {
  it('starts the run, confirms items with name and signature, one of them offline, and the customer sees it delivered', async () => {
    const page = await browser.newPage(PHONE);
    await loginAs(page, 'driver');
    await page.waitForURL((url) => url.pathname === '/assistant');
    await nextRunStart(page).waitFor();
    await screenshot(page, 'assistant-home');

    // start the next scheduled run from the assignments
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Assignments' }).click();
    await page.waitForURL((url) => url.pathname === '/assistant/assignments');
    const start = nextRunStart(page);
    const label = (await start.getAttribute('aria-label'))!;
    const deliveryId = Number(/#(\d+)/.exec(label)![1]);
    await start.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start delivery' }).click();
    await page.waitForURL((url) => url.pathname === '/assistant/confirmation');
    await page.getByText(`Delivery #${deliveryId} ·`).waitFor();

    // the demo customer's stop: every item but the last confirmed online, one by one
    const stop = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: DEMO_CUSTOMER }) });
    const orderId = Number(/#(\d+)/.exec((await stop.getByText(/^Order #\d+$/).textContent())!)![1]);
    const confirmButtons = stop.getByRole('button', { name: /^Confirm .+ for order #\d+$/ });
    const count = await confirmButtons.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count - 1; i++) {
      await confirmItem(page, nextOpenItem(page, stop), 'Nimal Perera');
      // as the driver does: see it confirmed before picking the next item
      await expect.poll(() => stop.getByText('Received by Nimal Perera').count()).toBe(i + 1);
    }
    await screenshot(page, 'assistant-confirmation');

    // the service worker now holds the app and the day's data
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await stop.getByText('Received by Nimal Perera').first().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // no signal: the last item waits on the phone
    await page.context().setOffline(true);
    await page.getByText('You are offline').waitFor();
    await confirmItem(page, nextOpenItem(page, stop), 'Nimal Perera');
    await stop.getByText('Waiting to send · received by Nimal Perera').waitFor();
    await page.getByText('1 confirmation waiting to send').waitFor();
    // still offline, the portal opens again with the day's items and the waiting confirmation
    await page.reload();
    await page.getByText('You are offline').waitFor();
    await stop.getByText('Waiting to send · received by Nimal Perera').waitFor();
    await page.getByText('1 confirmation waiting to send').waitFor();
    await screenshot(page, 'assistant-offline');

    // the signal returns: it is sent (once) and the order is delivered
    await page.context().setOffline(false);
    await stop.getByText('Delivered', { exact: true }).waitFor();
    await expect.poll(() => stop.getByText('Received by Nimal Perera').count()).toBe(count);
    // the queue's line goes a moment after the items read received (flushQueue's onSent)
    await page.getByText('waiting to send').first().waitFor({ state: 'detached' });
    expect(await page.getByText('waiting to send').count()).toBe(0);
    // a reload still shows every item confirmed, its button disabled
    await page.reload();
    await stop.getByText('Delivered', { exact: true }).waitFor();
    for (const button of await stop.getByRole('button', { name: /^Confirm .+ for order #\d+$/ }).all()) {
      expect(await button.isDisabled()).toBe(true);
    }
    await page.context().close();

    // the customer sees the order delivered, who received it, and a notification about it
    const customer = await browser.newPage(PHONE);
    await loginAs(customer, 'customer');
    await customer.waitForURL((url) => url.pathname === '/customer');
    const bell = customer.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    await customer.goto(`/customer/orders/${orderId}`);
    await customer.getByText('Received by Nimal Perera').waitFor();
    await customer.getByRole('img', { name: 'Signature of Nimal Perera' }).waitFor();
    await screenshot(customer, 'customer-proof-of-delivery');
    await customer.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await customer
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`Order #${orderId} has been delivered, received by Nimal Perera.`)
      .waitFor();
    await screenshot(customer, 'customer-notifications');
    await customer.context().close();

    // the crew finish the run's other stop, so nothing of this journey stays on the road
    const driver = await apiAs('driver');
    const left = (await driver<DeliveryItem[]>(`/deliveries/${deliveryId}/order-items`)).filter(
      (i) => !i.confirmed,
    );
    for (const item of left) {
      await driver(`/deliveries/${deliveryId}/confirm-item`, {
        method: 'POST',
        body: JSON.stringify({
          order_id: item.order_id,
          product_id: item.product_id,
          recipient_name: 'Store clerk',
        }),
      });
    }
    const runs = await driver<Array<{ delivery_id: number; status: string }>>(
      `/deliveries/assistant/${(await driver<{ employee_id: number }>('/auth/profile')).employee_id}/assignments`,
    );
    expect(runs.find((r) => r.delivery_id === deliveryId)?.status).toBe('Delivered');
  });
});
