import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot, setupBrowser } from './support';

const browser = setupBrowser();

function dateInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('a new customer', () => {
  it('signs up, places an order, finds it under Pending, opens it and downloads its invoice', async () => {
    const page = await browser.newPage();
    const username = `shop${Date.now().toString(36)}`;

    // sign up
    await page.goto('/customer/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Kamal Silva');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('a-strong-password');
    await page.getByLabel('Email').fill(`${username}@example.lk`);
    await page.getByRole('button', { name: /Sign Up|Create account/i }).click();
    await page.getByText('Account created successfully! Redirecting to customer portal...').waitFor();
    await page.waitForURL((url) => url.pathname === '/customer');
    await page.getByText('No orders yet').first().waitFor();
    await screenshot(page, 'customer-dashboard-empty');

    // place an order
    await page.getByRole('link', { name: 'New Order' }).first().click();
    await page.waitForURL((url) => url.pathname === '/customer/new-order');
    await page.getByLabel('Delivery date').fill(dateInDays(8));
    const product = page.getByLabel('Product').first();
    await product.selectOption({ index: 1 });
    await page.getByLabel('Quantity').first().fill('3');
    await page.getByLabel('Delivery address').fill('21 Galle Road, Dehiwala');
    await screenshot(page, 'customer-new-order');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const success = page.getByText(/Order placed successfully! Order ID: #\d+/);
    await success.waitFor();
    const orderId = /#(\d+)/.exec((await success.textContent()) ?? '')?.[1];
    expect(orderId).toBeDefined();

    // history: the Pending tab counts it and lists it
    await page.getByRole('link', { name: 'Order History' }).first().click();
    await page.waitForURL((url) => url.pathname === '/customer/history');
    const pendingTab = page.getByRole('tab', { name: /^Pending\s*1$/ });
    await pendingTab.waitFor();
    await pendingTab.click();
    await page.getByRole('cell', { name: `#${orderId}` }).waitFor();
    await screenshot(page, 'customer-history');

    // detail and invoice
    await page.goto(`/customer/orders/${orderId}`);
    await page.getByRole('heading', { name: new RegExp(`Order #${orderId}`) }).waitFor();
    await page.getByText('$25.00').first().waitFor();
    await screenshot(page, 'customer-order-detail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${orderId}.pdf`);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });
});
