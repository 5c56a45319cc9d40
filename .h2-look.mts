// Screenshots of the screens changed (not part of the repo: deleted after use).
import { writeFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
const base = 'http://localhost:8731';
const OUT = '/tmp/h2-look';
const MIN = 60_000;
async function apiAs(u: string) {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: u, password: 'demo-password', grant_type: 'password', scope: '' }) });
  const { access_token } = (await r.json()) as { access_token: string };
  return async <T = any>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, { ...init, headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' } });
    if (!res.ok) throw new Error(`${path} ${res.status} ${await res.text()}`);
    const ct = res.headers.get('content-type') ?? '';
    return (ct.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as T;
  };
}
const admin = await apiAs('admin'); const manager = await apiAs('manager'); const customer = await apiAs('customer');
const me = await manager('/auth/profile');
const routes = (await manager<any[]>('/routes/routes')).filter((r) => r.covered_towns.length);
const trucks = await manager<any[]>('/Trucks/trucks');
const busy = await manager<any[]>('/deliveries/deliveries?status=In%20Transit&page_size=100');
const busyIds = new Set(busy.flatMap((d) => [d.truck_id, -d.driver_employee_id, -d.assistant_employee_id]));
const at = new Date(Date.now() + 6 * MIN);
let run: any; let route: any; let crew: any;
for (const r of routes) {
  const o = await manager<any>(`/deliveries/crew-options?route_id=${r.route_id}&delivery_date_time=${encodeURIComponent(at.toISOString())}`);
  const dr = o.drivers.find((x: any) => x.available && !busyIds.has(-x.employee_id));
  const as = o.assistants.find((x: any) => x.available && !busyIds.has(-x.employee_id));
  if (!dr || !as) continue;
  for (const t of trucks.filter((t) => t.store_id === r.store_id && t.status === 'Available' && !busyIds.has(t.truck_id))) {
    try {
      run = await manager(`/deliveries/deliveries?${new URLSearchParams({ truck_id: String(t.truck_id), route_id: String(r.route_id), user_id: String(me.user_id), delivery_date_time: at.toISOString(), driver_employee_id: String(dr.employee_id), assistant_employee_id: String(as.employee_id) })}`, { method: 'POST', body: '{}' });
      route = r; crew = { dr: dr.employee_id, as: as.employee_id }; break;
    } catch {}
  }
  if (run) break;
}
console.log('run', run.delivery_id, route.name);
const profile = await customer('/auth/profile');
const products = (await customer<any[]>('/products')).filter((p) => p.available_units >= 10).slice(0, 5);
const place = async (ps: any[]) => (await customer(`/customers/${profile.customer_id}/orders`, { method: 'POST', body: JSON.stringify({ scheduleDate: new Date(Date.now() + 9 * 86400000).toISOString().slice(0, 10), items: ps.map((p, i) => ({ productID: p.product_id, quantity: i + 1 })), deliveryAddress: `12 Temple Road, ${route.covered_towns[0]}`, city: route.store_city }) })).order_id;
const a = await place(products.slice(0, 3)); const b = await place(products.slice(3, 5));
let space = 0; for (const id of [a, b]) space += (await manager(`/orders/${id}/allocation-preview`)).space;
const dep = new Date(Date.now() + 15_000);
await manager('/train-trips', { method: 'POST', body: JSON.stringify({ train_name: 'Look train', arrival_city: route.store_city, departure_date_time: dep.toISOString(), arrival_date_time: new Date(dep.getTime() + 10_000).toISOString(), total_capacity: Math.round(space * 100 + 1) / 100 }) });
for (const id of [a, b]) await manager(`/orders/${id}/allocate-train`, { method: 'POST', body: '{}' });
await manager(`/deliveries/${run.delivery_id}/orders`, { method: 'PUT', body: JSON.stringify({ order_ids: [a, b] }) });
const uname = `look-drv-${Date.now().toString(36)}`;
await admin('/users', { method: 'POST', body: JSON.stringify({ username: uname, email: `${uname}@x.test`, role: 'Driver', password: 'demo-password', employee_id: crew.dr }) });
const drv = await apiAs(uname);
await new Promise((r) => setTimeout(r, Math.max(0, dep.getTime() + 11_000 - Date.now())));
await drv(`/deliveries/${run.delivery_id}/start`, { method: 'POST', body: '{}' });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1280, height: 800 } };
async function page(user: string, opts: any): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: base, ...opts });
  const p = await ctx.newPage(); p.setDefaultTimeout(15000);
  await p.goto('/login'); await p.getByLabel('Username').fill(user); await p.getByLabel('Password').fill('demo-password'); await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL((u) => u.pathname !== '/login');
  return p;
}
const shot = async (p: Page, name: string) => { await p.waitForTimeout(800); await p.screenshot({ path: `${OUT}/${name}.png`, fullPage: true }); };
let p = await page(uname, PHONE);
await p.goto(`/assistant/confirmation?delivery=${run.delivery_id}`);
await p.getByText(`Order #${a}`).waitFor();
await shot(p, 'crew-open');
// two confirmed, one failed via the API, then the look
const items = await drv<any[]>(`/deliveries/${run.delivery_id}/order-items`);
const ofA = items.filter((i) => i.order_id === a);
for (const i of ofA.slice(0, 2)) await drv(`/deliveries/${run.delivery_id}/confirm-item`, { method: 'POST', body: JSON.stringify({ order_id: a, product_id: i.product_id, recipient_name: 'Kamala' }) });
await drv(`/deliveries/${run.delivery_id}/confirm-item`, { method: 'POST', body: JSON.stringify({ order_id: b, product_id: items.find((i) => i.order_id === b).product_id, recipient_name: 'Kamala' }) });
await drv(`/deliveries/${run.delivery_id}/fail-item`, { method: 'POST', body: JSON.stringify({ order_id: a, product_id: ofA[2].product_id, reason: 'Missing', note: 'Not on the truck' }) });
await p.reload(); await p.getByText('Partly delivered: 2 of 3').waitFor();
await shot(p, 'crew-partly-and-open');
await drv(`/deliveries/${run.delivery_id}/orders/${b}/fail`, { method: 'POST', body: JSON.stringify({ reason: 'Customer absent', note: 'Shop closed' }) });
await p.reload(); await shot(p, 'crew-ended');
await p.context().close();
for (const [n, o] of [['phone', PHONE], ['desk', DESK]] as const) {
  p = await page('customer', o);
  await p.goto('/customer'); await p.getByText(`Order #${a}`).first().waitFor(); await shot(p, `customer-dashboard-${n}`);
  await p.goto('/customer/history'); await p.getByText(`#${a}`).first().waitFor(); await shot(p, `customer-history-${n}`);
  await p.goto(`/customer/orders/${b}`); await p.getByRole('list', { name: 'Order progress' }).waitFor(); await shot(p, `customer-order-b-${n}`);
  await p.goto(`/customer/orders/${a}`); await p.getByRole('list', { name: 'Order progress' }).waitFor(); await shot(p, `customer-order-a-${n}`);
  await p.goto('/customer/guidelines'); await p.getByText('Order statuses').waitFor(); await shot(p, `customer-guidelines-${n}`);
  await p.context().close();
}
p = await page('manager', DESK);
await p.goto('/manager/reports'); await p.waitForTimeout(2500); await shot(p, 'manager-reports');
await p.goto('/manager/reports/delivery-performance'); await p.waitForTimeout(2500); await shot(p, 'manager-performance');
await p.context().close();
p = await page('admin', DESK);
await p.getByText('Recent alerts').waitFor(); await shot(p, 'admin-dashboard');
await p.getByRole('button', { name: `Send order #${b} back to Kandy` }).click();
await p.getByRole('dialog').waitFor(); await shot(p, 'admin-return-dialog');
await p.getByRole('dialog').getByRole('button', { name: 'Send back to Kandy' }).click();
await p.getByText(new RegExp(`Order #${b}: 2 items sent back`)).waitFor(); await shot(p, 'admin-returned');
await p.goto('/admin/reports'); await p.waitForTimeout(1500); await shot(p, 'admin-reports');
await p.context().close();
p = await page('customer', PHONE);
await p.goto(`/customer/orders/${b}`); await p.getByRole('list', { name: 'Order progress' }).waitFor(); await shot(p, 'customer-order-b-returned-phone');
await p.context().close();
p = await page('warehouse', DESK);
await p.goto('/warehouse/store-stock'); await p.waitForTimeout(2500); await shot(p, 'warehouse-store-stock');
await p.context().close();
writeFileSync(`${OUT}/invoice-b.pdf`, await customer<Buffer>(`/orders/${b}/invoice.pdf`));
writeFileSync(`${OUT}/invoice-a.pdf`, await customer<Buffer>(`/orders/${a}/invoice.pdf`));
await browser.close();
console.log('done', a, b);
