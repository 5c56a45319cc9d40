import { describe, expect, it } from 'vitest';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

/** YYYY-MM-DD `days` from today in the browser's (and this process's) time zone. */
function dateInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('the manager', () => {
  it('approves an order, books it on a train, schedules a truck with a crew and loads it; the customer sees both', async () => {
    // a pending order of the demo customer, made for this journey (other journeys share the server)
    const customerApi = await apiAs('customer');
    const profile = await customerApi<{ customer_id: number }>('/auth/profile');
    const products = await customerApi<Array<{ product_id: number; available_units: number }>>('/products');
    const product = products.find((p) => p.available_units >= 5)!;
    const scheduleDate = dateInDays(12);
    const placed = await customerApi<{ order_id: number }>(`/customers/${profile.customer_id}/orders`, {
      method: 'POST',
      body: JSON.stringify({ scheduleDate, items: [{ productID: product.product_id, quantity: 2 }] }),
    });
    const orderId = placed.order_id;
    // the order's route: the one whose towns appear in its address (the server's own rule)
    const managerApi = await apiAs('manager');
    const detail = await managerApi<{ delivery_address: string }>(`/orders/${orderId}`);
    const routes =
      await managerApi<
        Array<{ route_id: number; name: string; covered_towns: string[]; end_location: string }>
      >('/routes/routes');
    const route = routes.find((r) =>
      [...r.covered_towns, r.end_location].some((t) =>
        detail.delivery_address.toLowerCase().includes(t.toLowerCase()),
      ),
    )!;
    expect(route).toBeDefined();

    const page = await browser.newPage();
    await loginAs(page, 'manager');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page.getByText('Pending orders').first().waitFor();
    await screenshot(page, 'manager-dashboard');

    // approve, then allocate to a train
    await page.goto(`/manager/orders?order=${orderId}`);
    await page.getByRole('heading', { name: new RegExp(`Order #${orderId}`) }).waitFor();
    await page.getByRole('button', { name: 'Approve & Schedule' }).click();
    await page.getByText(`Order #${orderId} approved and scheduled.`).waitFor();
    await page.getByRole('button', { name: 'Allocate to Train' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table', { name: 'Trips that will carry the order' }).waitFor();
    await screenshot(page, 'manager-allocate');
    await dialog.getByRole('button', { name: 'Book on these trains' }).click();
    const booked = page.getByText(new RegExp(`Order #${orderId} booked on trip (\\d+)`));
    await booked.waitFor();
    const tripId = /booked on trip (\d+)/.exec((await booked.textContent()) ?? '')?.[1];
    expect(tripId).toBeDefined();
    await page.getByText(new RegExp(`^Trip ${tripId} ·`)).waitFor();

    // schedule a truck on the order's route on its day, with a free driver and assistant
    await page.goto('/manager/truck');
    await page.getByLabel('Route').selectOption(String(route.route_id));
    await page.getByLabel('Leaves at').fill(`${scheduleDate}T09:00`);
    const truckSelect = page.getByRole('combobox', { name: 'Truck', exact: true });
    const truckValue = await truckSelect
      .locator('option:not([disabled]):not([value=""])')
      .first()
      .getAttribute('value');
    await truckSelect.selectOption(truckValue!);
    const drivers = page.getByRole('group', { name: /^Driver/ });
    const assistants = page.getByRole('group', { name: /^Assistant/ });
    await drivers.getByRole('radio', { name: /No driver yet/ }).waitFor();
    await drivers.getByRole('radio', { disabled: false }).nth(1).check();
    await assistants.getByRole('radio', { disabled: false }).nth(1).check();
    await screenshot(page, 'manager-truck-form');
    await page.getByRole('button', { name: 'Schedule delivery' }).click();
    await page.getByText(/^Delivery \d+ scheduled for/).waitFor();
    await screenshot(page, 'manager-truck-scheduled');

    // load the order onto it
    await page.getByRole('button', { name: 'Load its orders' }).click();
    const loadDialog = page.getByRole('dialog');
    await loadDialog.getByRole('checkbox', { name: new RegExp(`^Order #${orderId} for`) }).check();
    await screenshot(page, 'manager-load');
    await loadDialog.getByRole('button', { name: 'Save load' }).click();
    await loadDialog.getByText(/Load saved: \d+ order\(s\) on the truck/).waitFor();

    // the customer's order detail shows the train leg and the truck
    const customerPage = await browser.newPage();
    await loginAs(customerPage, 'customer');
    await customerPage.waitForURL((url) => url.pathname === '/customer');
    await customerPage.goto(`/customer/orders/${orderId}`);
    await customerPage.getByText(new RegExp(`\\(trip #${tripId}\\)`)).waitFor();
    await customerPage.getByText(new RegExp(`on route ${route.name}`)).waitFor();
    await screenshot(customerPage, 'customer-order-scheduled');
  });
});
