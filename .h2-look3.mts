import { chromium, type Page } from 'playwright-core';
const base = 'http://localhost:8731';
const OUT = '/tmp/h2-look';
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
let p = await page('customer', PHONE);
await p.goto('/customer/orders/96'); await p.getByRole('list', { name: 'Order progress' }).waitFor(); await shot(p, 'customer-order-b-final-phone');
await p.goto('/customer'); await p.getByText('Order #95').first().waitFor(); await shot(p, 'customer-dashboard-final-phone');
await p.goto('/customer/history'); await p.getByText('#95').first().waitFor(); await shot(p, 'customer-history-final-phone');
await p.context().close();
p = await page('warehouse', DESK);
await p.goto('/warehouse/store-stock'); await p.getByRole('button', { name: /Matara/ }).first().click().catch(async () => { await p.getByText('Matara').first().click(); });
await shot(p, 'warehouse-store-stock-matara');
await p.context().close();
await browser.close();
