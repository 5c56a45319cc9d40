import { describe, expect, it } from 'vitest';
import { apiAs, loginAs, rawAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

/** The status of a call with `username`'s token (apiAs throws on a refusal; here it is the point). */
const statusOf = async (username: string, path: string, method = 'GET') =>
  (await rawAs(username))(path, method);

describe('roles and report families', () => {
  it("the admin removes a role's last user, then deletes the role; the name is free again", async () => {
    // a role and its one user, made through the API (this journey owns them)
    const admin = await apiAs('admin');
    const tag = Date.now().toString(36);
    const roleName = `Seasonal Packer ${tag}`;
    const userName = `packer.${tag}`;
    await admin('/roles', {
      method: 'POST',
      body: JSON.stringify({ role_name: roleName, accessRights: 'Packing in the harvest season' }),
    });
    await admin('/users', {
      method: 'POST',
      body: JSON.stringify({
        username: userName,
        email: `${userName}@example.test`,
        role: roleName,
        password: 'seasonal-pass',
      }),
    });

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: 'Users & Roles' }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin/users');

    // while the user holds it, the role cannot go
    await page.getByRole('tab', { name: /Roles/ }).click();
    const roleRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: roleName, exact: true }) });
    await roleRow.getByRole('button', { name: `Delete role ${roleName}` }).click();
    await page
      .getByRole('alertdialog', { name: `Delete role ${roleName}?` })
      .getByText('1 user(s) hold this role')
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete role' }).click();
    await page.getByText(`Role '${roleName}' is held by 1 user(s): give them another role first`).waitFor();

    // remove the last user
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(userName);
    await page.getByText(`${userName}@example.test`).waitFor();
    await page.getByRole('button', { name: `Delete ${userName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
    await page.getByText(`User ${userName} deleted successfully!`).waitFor();

    // now the role goes: the deleted user keeps its name in history
    await page.getByRole('tab', { name: /Roles/ }).click();
    await roleRow.getByRole('cell', { name: '0', exact: true }).waitFor();
    await roleRow.getByRole('button', { name: `Delete role ${roleName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete role ${roleName}?` });
    await confirm.getByText('Deleted users who held it keep its name in their history').waitFor();
    await screenshot(page, 'admin-role-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete role' }).click();
    await page.getByText(`Role ${roleName} deleted successfully!`).waitFor();
    await page.getByRole('cell', { name: roleName, exact: true }).waitFor({ state: 'detached' });
    await screenshot(page, 'admin-role-deleted');

    // gone from the role picker of a new user
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const picker = page.getByRole('dialog', { name: 'Add user' }).getByLabel('Role');
    // the picker is drawn with the live roles before its options are read (allTextContents does not wait)
    await picker.locator('option', { hasText: 'Warehouse Manager' }).waitFor({ state: 'attached' });
    const options = await picker.locator('option').allTextContents();
    expect(options).not.toContain(roleName);
    await page.keyboard.press('Escape');

    // out of the roles list; a new role may take the name
    const roles = await admin<Array<{ role_id: number; role_name: string }>>('/roles');
    expect(roles.map((r) => r.role_name)).not.toContain(roleName);
    const again = await admin<{ role_id: number }>('/roles', {
      method: 'POST',
      body: JSON.stringify({ role_name: roleName, accessRights: 'Next season' }),
    });
    expect((await statusOf('admin', `/roles/${again.role_id}`, 'DELETE')).status).toBe(204);
  });

  it("the warehouse sees its stock reports and alerts, never the manager's reports; the manager not the financial ones", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse');
    const menu = page.getByRole('navigation', { name: 'Warehouse Portal menu' });
    // allTextContents does not wait: the menu must be drawn first
    await menu.getByRole('link', { name: 'Alerts' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Inventory',
      'Reports',
      'Store Stock',
      'Alerts',
    ]);
    // its reports and alerts work
    await menu.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Stock reports' }).waitFor();
    await page.getByRole('tab', { name: 'Product performance' }).click();
    await page.getByRole('tabpanel').getByRole('table').first().waitFor();
    await screenshot(page, 'warehouse-stock-reports');
    await menu.getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('heading', { name: 'Low-stock alerts' }).waitFor();

    // the manager's reports page is not theirs: the guard sends them back to their own portal
    await page.goto('/manager/reports');
    await page.waitForURL((url) => url.pathname === '/warehouse');
    // and the server refuses the reports themselves, naming the family
    for (const report of ['driver-hours', 'truck_usage', 'delivery-performance', 'revenue-analysis']) {
      const res = await statusOf('warehouse', `/report/${report}`);
      expect(res.status, report).toBe(403);
      expect(res.body.detail, report).toMatch(
        /^Your role \(Warehouse Manager\) cannot read the (operations|financial) reports/,
      );
    }
    expect((await statusOf('warehouse', '/report/current-stock')).status).toBe(200);

    // the manager reads the operations reports, not the financial ones
    const manager = await browser.newPage();
    await manager.setViewportSize({ width: 1280, height: 800 });
    await loginAs(manager, 'manager');
    await manager.waitForURL((url) => url.pathname === '/manager');
    await manager.getByRole('link', { name: 'Reports' }).first().click();
    await manager.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    await manager.getByRole('heading', { name: 'Truck usage' }).waitFor();
    expect((await statusOf('manager', '/report/driver-hours')).status).toBe(200);
    expect((await statusOf('manager', '/report/quarterly-sales')).status).toBe(403);
  });
});
