import { apiAs, DEMO_PASSWORD } from './support';

// Runs with a crew of their own for the journeys that drive a run (failures.e2e.ts,
// i18n-crew-walk.e2e.ts): logins an admin makes for free demo drivers and assistants, so no
// journey takes the demo crew's seeded run that assistant.e2e.ts starts.

export type Api = Awaited<ReturnType<typeof apiAs>>;
export type Route = { route_id: number; store_id: number; store_city: string; covered_towns: string[] };
export type Truck = { truck_id: number; store_id: number; status: string };
export type Option = { employee_id: number; available: boolean };
export type Delivery = {
  delivery_id: number;
  truck_id: number;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
  end_date_time: string;
};

/** A call that may be refused (trying trucks one after the other): the answer, or why not. */
export async function attempt(api: Api, path: string, init: RequestInit) {
  try {
    return { ok: true as const, body: await api<Delivery>(path, init) };
  } catch (error) {
    return { ok: false as const, error: String(error) };
  }
}

export const dateInDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An admin-made login for a demo crew member (password: the demo one, so apiAs can sign in). */
export async function loginFor(admin: Api, employeeId: number, role: 'Driver' | 'Driver Assistant') {
  const username = `e2e-${role === 'Driver' ? 'drv' : 'ast'}-${employeeId}-${Date.now().toString(36)}`;
  await admin('/users', {
    method: 'POST',
    body: JSON.stringify({
      username,
      email: `${username}@example.test`,
      role,
      password: DEMO_PASSWORD,
      employee_id: employeeId,
    }),
  });
  return username;
}

/**
 * A run of `route` at `at` with a truck of its store and a free driver and assistant (none on a
 * run In Transit, none in `avoid`): the server's roster rules decide, truck after truck.
 */
export async function scheduleRun(
  manager: Api,
  route: Route,
  at: Date,
  avoid: Set<number>,
  trucks?: number[],
) {
  const me = await manager<{ user_id: number }>('/auth/profile');
  const fleet = await manager<Truck[]>('/Trucks/trucks');
  const busy = await manager<Delivery[]>('/deliveries/deliveries?status=In Transit&page_size=100');
  for (const d of busy) {
    avoid.add(d.truck_id);
    if (d.driver_employee_id) avoid.add(-d.driver_employee_id);
    if (d.assistant_employee_id) avoid.add(-d.assistant_employee_id);
  }
  const options = await manager<{ drivers: Option[]; assistants: Option[] }>(
    `/deliveries/crew-options?route_id=${route.route_id}&delivery_date_time=${encodeURIComponent(at.toISOString())}`,
  );
  const driver = options.drivers.find((o) => o.available && !avoid.has(-o.employee_id));
  const assistant = options.assistants.find((o) => o.available && !avoid.has(-o.employee_id));
  if (!driver || !assistant) return null;
  const candidates = fleet.filter(
    (t) =>
      t.store_id === route.store_id &&
      t.status !== 'Under Repair' &&
      !avoid.has(t.truck_id) &&
      (!trucks || trucks.includes(t.truck_id)),
  );
  for (const truck of candidates) {
    const query = new URLSearchParams({
      truck_id: String(truck.truck_id),
      route_id: String(route.route_id),
      user_id: String(me.user_id),
      delivery_date_time: at.toISOString(),
      driver_employee_id: String(driver.employee_id),
      assistant_employee_id: String(assistant.employee_id),
    });
    const made = await attempt(manager, `/deliveries/deliveries?${query}`, { method: 'POST', body: '{}' });
    if (made.ok)
      return { delivery: made.body, driverId: driver.employee_id, assistantId: assistant.employee_id };
  }
  return null;
}

const MINUTE = 60_000;

/**
 * A run starting in six minutes with a crew of its own, loaded with one new order of the demo
 * customer (`productCount` items) that a train has just brought to the run's store: ready for its
 * driver to start (the call returns once the train is in).
 */
export async function runOfItsOwn(productCount: number) {
  const admin = await apiAs('admin');
  const manager = await apiAs('manager');
  const customer = await apiAs('customer');
  const runAt = new Date(Date.now() + 6 * MINUTE);
  const routes = (await manager<Route[]>('/routes/routes')).filter((r) => r.covered_towns.length > 0);
  let made: Awaited<ReturnType<typeof scheduleRun>> = null;
  let route: Route | undefined;
  for (const r of routes) {
    made = await scheduleRun(manager, r, runAt, new Set());
    if (made) {
      route = r;
      break;
    }
  }
  if (!made || !route) throw new Error('no route with a free truck and crew in the next minutes');
  const run = made.delivery.delivery_id;
  const profile = await customer<{ customer_id: number }>('/auth/profile');
  const products = (
    await customer<Array<{ product_id: number; productName: string; available_units: number }>>('/products')
  )
    .filter((p) => p.available_units >= 10)
    .slice(0, productCount);
  if (products.length < productCount) throw new Error(`fewer than ${productCount} products in stock`);
  const { order_id: orderId } = await customer<{ order_id: number }>(
    `/customers/${profile.customer_id}/orders`,
    {
      method: 'POST',
      body: JSON.stringify({
        scheduleDate: dateInDays(9),
        items: products.map((p) => ({ productID: p.product_id, quantity: 1 })),
        deliveryAddress: `12 Temple Road, ${route.covered_towns[0]}`,
        city: route.store_city,
      }),
    },
  );
  const preview = await manager<{ space: number }>(`/orders/${orderId}/allocation-preview`);
  const departs = new Date(Date.now() + 15_000);
  await manager('/train-trips', {
    method: 'POST',
    body: JSON.stringify({
      train_name: `Own run ${orderId}`,
      arrival_city: route.store_city,
      departure_date_time: departs.toISOString(),
      arrival_date_time: new Date(departs.getTime() + 10_000).toISOString(),
      // exactly the order: no other journey's order books on it
      total_capacity: preview.space,
    }),
  });
  await manager(`/orders/${orderId}/allocate-train`, { method: 'POST', body: '{}' });
  await manager(`/deliveries/${run}/orders`, {
    method: 'PUT',
    body: JSON.stringify({ order_ids: [orderId] }),
  });
  const driverName = await loginFor(admin, made.driverId, 'Driver');
  const assistantName = await loginFor(admin, made.assistantId, 'Driver Assistant');
  // the truck leaves once the train is in (the goods are at the store)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, departs.getTime() + 11_000 - Date.now())));
  return { run, orderId, driverName, assistantName, products };
}

/** Confirms whatever the run still has open, so nothing of a journey stays on the road. */
export async function finishRun(driverName: string, run: number) {
  const driver = await apiAs(driverName);
  const items = await driver<
    Array<{ order_id: number; product_id: number; confirmed: boolean; failed: boolean }>
  >(`/deliveries/${run}/order-items`);
  for (const item of items.filter((i) => !i.confirmed && !i.failed))
    await driver(`/deliveries/${run}/confirm-item`, {
      method: 'POST',
      body: JSON.stringify({
        order_id: item.order_id,
        product_id: item.product_id,
        recipient_name: 'Store clerk',
      }),
    });
}
