import { describe, expect, it } from 'vitest';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

describe('a screen that fails to load', () => {
  it("says so over the manager's order tabs and offers to try again, which loads the list", async () => {
    const managerApi = await apiAs('manager');
    const firstOf = async (status: string) =>
      (
        await managerApi<Array<{ order_id: number }>>(
          `/orders?status=${encodeURIComponent(status)}&page_size=10`,
        )
      )[0]?.order_id;
    const page = await browser.newPage();
    await loginAs(page, 'manager');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page.goto('/manager/orders');
    const pending = await firstOf('Pending');
    if (pending) await page.getByRole('button', { name: `Open order ${pending}` }).waitFor();
    else await page.getByText('No pending orders').waitFor();

    // offline: the next tab does not keep the previous list without a word
    await page.context().setOffline(true);
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load the Scheduled orders' });
    await alert.getByText('The server could not be reached').waitFor();
    await alert.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(page, 'load-error-offline');
    // back online, "Try again" loads the list (should a reconnect refetch it first, the
    // message is gone all the same: the click is not waited for then)
    await page.context().setOffline(false);
    await Promise.race([
      alert
        .getByRole('button', { name: 'Try again' })
        .click()
        .catch(() => undefined),
      alert.waitFor({ state: 'detached' }),
    ]);
    await alert.waitFor({ state: 'detached' });
    const scheduled = await firstOf('Scheduled');
    if (scheduled) await page.getByRole('button', { name: `Open order ${scheduled}` }).waitFor();

    // the server unreachable while the browser thinks it is online: "Try again" loads the list
    await page.route('**/api/orders?*', (route) => route.abort('connectionrefused'));
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to load the Cancelled orders' });
    const retry = failed.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    await page.unroute('**/api/orders?*');
    await retry.click();
    await failed.waitFor({ state: 'detached' });
    const cancelled = await firstOf('Cancelled');
    if (cancelled) await page.getByRole('button', { name: `Open order ${cancelled}` }).waitFor();
    else await page.getByText('No Cancelled orders right now.').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });
});
