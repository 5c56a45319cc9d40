import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

describe('the admin', () => {
  it('creates a role and a user with it; the new user signs in and lands in the right portal', async () => {
    const page = await browser.newPage();
    const tag = Date.now().toString(36);
    const roleName = `Night Dispatch Manager ${tag}`;
    const userName = `dispatch.${tag}`;
    await loginAs(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByText('Total orders').waitFor();
    await screenshot(page, 'admin-dashboard');

    await page.getByRole('link', { name: 'Users & Roles' }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.getByRole('tab', { name: /Roles/ }).click();
    await page.getByRole('button', { name: 'Add role' }).click();
    const roleForm = page.getByRole('dialog', { name: 'Add role' });
    // name and access rights are required
    await roleForm.getByRole('button', { name: 'Add role' }).click();
    await roleForm.getByText('Role name is required').waitFor();
    await roleForm.getByLabel('Role name').fill(roleName);
    await roleForm.getByLabel('Access rights').fill('Night train and truck scheduling');
    await roleForm.getByRole('button', { name: 'Add role' }).click();
    await page.getByText('Role created successfully!').waitFor();
    await page.getByRole('cell', { name: roleName, exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const userForm = page.getByRole('dialog', { name: 'Add user' });
    // the role defaults to the assistant role (docs/product/portals.md#forms-and-messages)
    expect(await userForm.getByLabel('Role').inputValue()).toBe('Driver Assistant');
    // staff roles only: a customer role is not offered to a staff account
    const offered = await userForm.getByLabel('Role').locator('option').allTextContents();
    expect(offered).toContain('Admin');
    expect(offered.some((name) => name.toLowerCase().includes('customer'))).toBe(false);
    await userForm.getByLabel('Username').fill(userName);
    await userForm.getByLabel('Email').fill(`${userName}@example.test`);
    await userForm.getByLabel('Role').selectOption(roleName);
    await userForm.getByLabel('Password').fill('night-shift-pass');
    await userForm.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('User created successfully!').waitFor();
    await page.getByLabel('Search users').fill(userName);
    await page.getByText(`${userName}@example.test`).waitFor();
    await screenshot(page, 'admin-users');

    // the audit log, filtered to what the admin did: the new role and user are there
    await page.getByRole('link', { name: 'Audit Logs' }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin/logs');
    await page.getByLabel('Actor').fill('adm');
    await page.locator('#audit-actors option[value="admin"]').waitFor({ state: 'attached' });
    await page.getByLabel('Actor').fill('admin');
    await expect
      .poll(async () => [...new Set(await page.getByText(/^by /).allTextContents())])
      .toEqual(['by admin']);
    // rows name what they changed as people do, and open it
    await page.getByText(`Role ${roleName}`, { exact: true }).first().waitFor();
    await page.getByText(`User ${userName}`, { exact: true }).first().waitFor();
    expect(await page.getByText(/^[a-z]+_[a-z_]+ #\d+/).count()).toBe(0);
    await screenshot(page, 'admin-audit-log');
    await page
      .getByRole('link', { name: `Open User ${userName}` })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/users' && url.searchParams.get('q') === userName);
    // the URL changes while the audit log (whose diff also shows the email) is still on screen
    // until the users screen has loaded: wait for that screen's search box first
    await expect.poll(() => page.getByLabel('Search users').inputValue(), { timeout: 15_000 }).toBe(userName);
    await page.getByText(`${userName}@example.test`, { exact: true }).waitFor();

    // the new user signs in and lands in the manager portal (the role name contains "manager")
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginAs(page, userName, 'night-shift-pass');
    await page.waitForURL((url) => url.pathname === '/manager');
  });

  it('opens a report, exports it as CSV and as PDF, and both files are valid', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('button', { name: 'Sales by City' }).click();
    await page.getByRole('heading', { name: 'Sales by City' }).waitFor();
    await page.getByRole('table', { name: 'Sales by City' }).waitFor();
    await screenshot(page, 'admin-report');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^city-sales-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile((await csv.path())!, 'utf8');
    const [header, first] = text.split('\r\n');
    expect(header).toBe('City,Orders,Units,Revenue,Share');
    expect(first?.split(',')).toHaveLength(5);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^city-sales-.*\.pdf$/);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
  });
});
