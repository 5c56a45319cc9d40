import { describe, expect, it } from 'vitest';
import { apiAs, baseURL, loginAs, screenshot, setupBrowser, tokenOf } from './support';

const browser = setupBrowser();

/** A date `days` from today in the browser's zone, as the date input takes it (YYYY-MM-DD). */
function dateInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Product = { product_id: number; productName: string; available_units: number };

async function unitsOf(token: string, productId: number): Promise<number> {
  const res = await fetch(`${baseURL()}/api/products`, { headers: { authorization: `Bearer ${token}` } });
  const products = (await res.json()) as Product[];
  return products.find((p) => p.product_id === productId)!.available_units;
}

describe('a brand-new customer and its Pending order', () => {
  it('is welcomed by name, finds its address pre-filled, places an order, changes it, cancels it, and the manager is told', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const username = `corder${Date.now().toString(36)}`;
    const password = 'a-strong-password';
    const name = `Kamala Wijesinghe ${username.slice(-4)}`;

    // sign up with an address
    await page.goto('/customer/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Email').fill(`${username}@example.lk`);
    await page.getByLabel(/Company or address/).fill('14 Temple Road, Negombo');
    await page.getByRole('button', { name: /Sign Up|Create account/i }).click();
    await page.waitForURL((url) => url.pathname === '/customer');

    // welcomed by name (not the login name), with a first-order prompt
    await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
    expect(await page.getByRole('heading', { name: /Welcome back/ }).count()).toBe(0);
    await screenshot(page, 'customer-orders-welcome');
    await page.getByRole('link', { name: 'Place your first order' }).first().click();
    await page.waitForURL((url) => url.pathname === '/customer/new-order');

    // the sign-up address starts the delivery address
    const address = page.getByLabel('Delivery address');
    await expect.poll(() => address.inputValue()).toBe('14 Temple Road, Negombo');
    await page.getByText('The address you gave when you signed up.', { exact: false }).waitFor();

    // place an order of a product with stock to spare
    const token = await tokenOf(username, password);
    const products = (await (
      await fetch(`${baseURL()}/api/products`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Product[];
    const product = products.find((p) => p.available_units >= 50)!;
    expect(product).toBeDefined();
    const before = product.available_units;
    await page.getByLabel('Delivery date').fill(dateInDays(9));
    await page.getByLabel('Product').first().selectOption(String(product.product_id));
    await page.getByLabel('Quantity').first().fill('3');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const success = page.getByText(/Order placed successfully! Order ID: #\d+/);
    await success.waitFor();
    const orderId = Number(/#(\d+)/.exec((await success.textContent()) ?? '')?.[1]);
    expect(orderId).toBeGreaterThan(0);
    expect(await unitsOf(token, product.product_id)).toBe(before - 3);

    // change it: a quantity and the date
    await page.goto(`/customer/orders/${orderId}`);
    await page.getByRole('link', { name: 'Edit order' }).click();
    await page.waitForURL((url) => url.pathname === `/customer/orders/${orderId}/edit`);
    await page.getByLabel('Quantity').first().fill('5');
    await page.getByLabel('Delivery date').fill(dateInDays(12));
    await screenshot(page, 'customer-orders-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Your changes to order #${orderId} are saved.`).waitFor();
    await page.waitForURL((url) => url.pathname === `/customer/orders/${orderId}`);
    const tracking = page.getByRole('list', { name: 'Order progress' });
    await tracking.getByText('Changed by you').waitFor();
    await tracking.getByText(`${product.productName}: 3 → 5`).waitFor();
    expect(await unitsOf(token, product.product_id)).toBe(before - 5);

    // cancel it, after confirming, with a reason
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
    await dialog.getByLabel(/Reason/).fill('Ordered the wrong size');
    await screenshot(page, 'customer-orders-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText(`Order #${orderId} is cancelled. The goods it reserved were released.`).waitFor();
    await tracking.getByText('Cancelled by you').waitFor();
    await tracking.getByText('Reason: Ordered the wrong size').waitFor();
    expect(await page.getByRole('link', { name: 'Edit order' }).count()).toBe(0);
    // the stock is back as it was
    expect(await unitsOf(token, product.product_id)).toBe(before);
    await screenshot(page, 'customer-orders-cancelled');
    await page.context().close();

    // the manager is told, in the bell
    const managerApi = await apiAs('manager');
    const notices = await managerApi<Array<{ message: string }>>('/notifications?limit=200');
    expect(notices.map((n) => n.message)).toContain(
      `Order #${orderId} was cancelled by the customer ${name}: Ordered the wrong size.`,
    );
    const manager = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loginAs(manager, 'manager');
    await manager.waitForURL((url) => url.pathname.startsWith('/manager'));
    await manager.getByRole('button', { name: /^Notifications/ }).click();
    await manager
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`Order #${orderId} was cancelled by the customer ${name}`, { exact: false })
      .waitFor();
    await screenshot(manager, 'customer-orders-manager-told');
    await manager.context().close();
  });
});
