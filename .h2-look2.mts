import { writeFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
const base = 'http://localhost:8731';
const OUT = '/tmp/h2-look';
const [a, b] = [95, 96];
async function apiAs(u: string) {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: u, password: 'demo-password', grant_type: 'password', scope: '' }) });
  const { access_token } = (await r.json()) as { access_token: string };
  return async (path: string) => Buffer.from(await (await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${access_token}` } })).arrayBuffer());
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1280, height: 800 } };
async function page(user: string, opts: any): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: base, ...opts });
  const p = await ctx.newPage(); p.setDefaultTimeout(15000);
  await p.goto('/login'); await p.getByLabel('Username').fill(user); await p.getByLabel('Password').fill('demo-password'); await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL((u) => u.pathname !== '/login');
  return p;
}
const shot = async (p: Page, name: string) => { await p.waitForTimeout(1000); await p.screenshot({ path: `${OUT}/${name}.png`, fullPage: true }); };
let p = await page('manager', DESK);
await p.goto('/manager/reports/delivery-performance?from=2026-11-27&to=2026-11-28'); await shot(p, 'manager-performance-2');
await p.goto(`/manager/orders?order=${a}`); await p.getByRole('heading', { name: 'Failed delivery' }).waitFor(); await shot(p, 'manager-pane-a');
await p.context().close();
p = await page('admin', DESK);
await p.goto('/admin/reports'); await p.waitForTimeout(1500);
await p.getByRole('button', { name: /Delivery Performance/ }).first().click().catch(() => {});
await shot(p, 'admin-reports');
await p.context().close();
for (const [n, o] of [['phone', PHONE], ['desk', DESK]] as const) {
  p = await page('customer', o);
  await p.goto(`/customer/orders/${b}`); await p.getByRole('list', { name: 'Order progress' }).waitFor(); await shot(p, `customer-order-b-returned-${n}`);
  await p.goto('/customer'); await p.getByText(`Order #${a}`).first().waitFor(); await shot(p, `customer-dashboard-2-${n}`);
  await p.goto('/customer/history'); await p.getByText(`#${a}`).first().waitFor(); await shot(p, `customer-history-2-${n}`);
  await p.context().close();
}
p = await page('warehouse', DESK);
await p.goto('/warehouse/store-stock'); await p.waitForTimeout(2500); await shot(p, 'warehouse-store-stock');
await p.context().close();
const customer = await apiAs('customer');
writeFileSync(`${OUT}/invoice-b.pdf`, await customer(`/orders/${b}/invoice.pdf`));
writeFileSync(`${OUT}/invoice-a.pdf`, await customer(`/orders/${a}/invoice.pdf`));
await browser.close();
