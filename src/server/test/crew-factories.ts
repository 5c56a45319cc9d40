// Factories for the driver and assistant portal: a crewed delivery with orders on it.
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';
import { createProduct, createUser, daysFromNow, type TestUser } from './factories';
import {
  createStore,
  createTrip,
  createTruck,
  HOUR,
  insertDelivery,
  type TestStore,
} from './scheduling-factories';

export interface CrewScene {
  store: TestStore;
  manager: TestUser;
  driver: TestUser;
  assistant: TestUser;
  deliveryId: number;
  /** Approved orders on the truck, each with two items. */
  orders: { orderId: number; customer: TestUser; productIds: number[] }[];
}

/** An approved order (Scheduled, booked on a train) of `customer` with one line per product. */
export async function approvedOrder(
  app: BuiltApp,
  store: TestStore,
  manager: TestUser,
  customer: TestUser,
  lines = 2,
) {
  const products = [];
  for (let i = 0; i < lines; i++)
    products.push(await createProduct(app, { spacePerUnit: 0.5, units: 10_000 }));
  const res = await app.inject({
    method: 'POST',
    url: `/api/customers/${customer.customerId}/orders`,
    headers: customer.auth,
    payload: {
      scheduleDate: daysFromNow(10),
      items: products.map((p, i) => ({ productID: p.productId, quantity: i + 1 })),
      deliveryAddress: `12 Temple Road, ${store.town}`,
      city: store.cityName,
    },
  });
  if (res.statusCode !== 201) throw new Error(`approvedOrder: ${res.statusCode} ${res.body}`);
  const orderId = (res.json() as { order_id: number }).order_id;
  const allocated = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/allocate-train`,
    headers: manager.auth,
  });
  if (allocated.statusCode !== 200)
    throw new Error(`approvedOrder: ${allocated.statusCode} ${allocated.body}`);
  return { orderId, productIds: products.map((p) => p.productId) };
}

/** Puts orders on a delivery directly (no loading rules): the crew tests start from a loaded truck. */
export async function loadDirectly(app: BuiltApp, deliveryId: number, orderIds: number[]) {
  await withActor(app.ctx.db, null, async (tx) => {
    for (const orderId of orderIds) {
      await tx.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveryId}, ${orderId})`,
      );
    }
  });
}

/**
 * A delivery an hour from now with its driver and assistant (both with logins) and `orderCount`
 * approved orders of two items each, from different customers.
 */
export async function crewScene(
  app: BuiltApp,
  options: { orderCount?: number; startInHours?: number; manager?: TestUser } = {},
): Promise<CrewScene> {
  const store = await createStore(app);
  await createTrip(app, store.cityId, { departH: 20, capacity: 10_000 });
  const truck = await createTruck(app, store.storeId, { capacity: 1_000 });
  const manager = options.manager ?? (await createUser(app, 'Manager'));
  const driver = await createUser(app, 'Driver');
  const assistant = await createUser(app, 'Driver Assistant');
  const deliveryId = await insertDelivery(app, {
    truckId: truck.truckId,
    routeId: store.routeId,
    start: new Date(Date.now() + (options.startInHours ?? 1) * HOUR),
    hours: 4,
    driverId: driver.employeeId,
    assistantId: assistant.employeeId,
  });
  const orders = [];
  for (let i = 0; i < (options.orderCount ?? 2); i++) {
    const customer = await createUser(app, 'Customer');
    orders.push({ ...(await approvedOrder(app, store, manager, customer)), customer });
  }
  await loadDirectly(
    app,
    deliveryId,
    orders.map((o) => o.orderId),
  );
  return { store, manager, driver, assistant, deliveryId, orders };
}
