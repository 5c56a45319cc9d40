import { describe, expect, it } from 'vitest';
import type { Route, Truck } from '#shared/contract/deliveries';
import { apiAs, baseURL, loginAs, screenshot, setupBrowser, tokenOf } from './support';

const browser = setupBrowser();
const NOTE = 'Brake pads worn: at the workshop until Monday';

describe('the fleet', () => {
  it('an admin adds a truck; a manager puts it Under Repair and it is refused for a new run; back to Available; the admin deletes it', async () => {
    const plate = `WP KX-${String(Date.now()).slice(-4)}`;

    // the admin adds a truck to the Negombo store
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loginAs(admin, 'admin');
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('link', { name: 'Fleet' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/fleet');
    await admin.getByRole('button', { name: 'Add truck' }).click();
    const add = admin.getByRole('dialog', { name: 'Add a truck' });
    await add.getByLabel('Plate number').fill(plate.toLowerCase());
    await add.getByLabel('Capacity').fill('180');
    await add.getByLabel('Home store').selectOption({ label: 'Negombo' });
    await screenshot(admin, 'fleet-add-truck');
    await add.getByRole('button', { name: 'Add truck' }).click();
    await add.waitFor({ state: 'hidden' });
    await admin.getByText(`${plate} added to the fleet.`).waitFor();
    await admin.getByRole('cell', { name: plate, exact: true }).waitFor();

    // the manager picks it for a run of a Negombo route
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loginAs(page, 'manager');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page.goto('/manager/truck');
    const managerApi = await apiAs('manager');
    const route = (await managerApi<Route[]>('/routes/routes')).find((r) => r.store_city === 'Negombo')!;
    await page.getByLabel('Route').selectOption(String(route.route_id));
    const truck = (await managerApi<Truck[]>('/Trucks/trucks')).find((t) => t.plate_number === plate)!;
    const truckSelect = page.getByRole('combobox', { name: 'Truck', exact: true });
    await truckSelect.selectOption(String(truck.truck_id));

    // ... and puts it Under Repair from the truck board: a note is required
    const board = page.getByRole('region', { name: 'Trucks' });
    await board.getByRole('button', { name: `Set the status of ${plate}` }).click();
    const dialog = page.getByRole('dialog', { name: `Status of ${plate}` });
    await dialog.getByRole('radio', { name: /^Under Repair/ }).check();
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await dialog.getByText('Say what is being repaired: a note is required for Under Repair').waitFor();
    await dialog.getByRole('textbox', { name: 'Note' }).fill(NOTE);
    await screenshot(page, 'fleet-truck-under-repair-dialog');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await board.getByText(`${plate} is Under Repair.`).waitFor();
    const row = board.getByRole('row').filter({ hasText: plate });
    await row.getByText('Under Repair', { exact: true }).waitFor();
    await row.getByText(NOTE).waitFor();

    // the scheduling form refuses it at once, with the note, and it is not choosable any more
    await page.getByText(`${plate} is Under Repair (${NOTE}): choose another truck.`).waitFor();
    const option = truckSelect.locator('option', { hasText: plate });
    expect(await option.textContent()).toContain(`— Under Repair (${NOTE})`);
    expect(await option.isDisabled()).toBe(true);
    await screenshot(page, 'fleet-schedule-refused-under-repair');
    // the server refuses it too, naming the truck and its note
    const access_token = await tokenOf('manager');
    const profile = await managerApi<{ user_id: number }>('/auth/profile');
    const query = new URLSearchParams({
      truck_id: String(truck.truck_id),
      route_id: String(route.route_id),
      user_id: String(profile.user_id),
      delivery_date_time: new Date(Date.now() + 26 * 3_600_000).toISOString(),
    });
    const refused = await fetch(`${baseURL()}/api/deliveries/deliveries?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      `Truck ${plate} is Under Repair (${NOTE}) and cannot take new runs`,
    );

    // repaired: back to Available, and the form takes it again
    await board.getByRole('button', { name: `Set the status of ${plate}` }).click();
    await dialog.getByRole('radio', { name: /^Available/ }).check();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Available', { exact: true }).waitFor();
    await expect.poll(() => option.isDisabled()).toBe(false);
    expect(await page.getByText(`${plate} is Under Repair`).count()).toBe(0);
    await page.context().close();

    // the admin deletes it (it never had a run), after confirming
    await admin.reload();
    await admin.getByRole('button', { name: `Delete ${plate}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Delete ${plate}?` });
    await confirm.getByRole('button', { name: 'Delete truck' }).click();
    await admin.getByText(`${plate} deleted.`).waitFor();
    expect(await admin.getByRole('cell', { name: plate, exact: true }).count()).toBe(0);
    await admin.context().close();
  });
});
