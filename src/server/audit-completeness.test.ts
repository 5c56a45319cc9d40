import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { crewScene } from './test/crew-factories';
import {
  createPortalUsers,
  createProduct,
  createRole,
  createUser,
  daysFromNow,
  multipart,
  TEST_PASSWORD,
  type TestUser,
} from './test/factories';
import { createTestApp } from './test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createRoute,
  createStore,
  createTrip,
  createTruck,
  DAY,
  HOUR,
  insertDelivery,
  type TestStore,
} from './test/scheduling-factories';

// Issue 24, suite 6 (docs/reliability.md): every mutating route of the route table, called once
// with a valid request, leaves audit rows (the trigger audit_row, migrations/0001_init.sql) that
// name the acting user and what changed; the same request from a role without the permission
// leaves none; requests refused by a business rule or by validation leave none; and no call
// changes or removes an audit row written before it (the log is append-only, migrations/0007).
// A mutating route added without a recipe or an exemption below fails the first test.
const { app } = await createTestApp();
const db = app.ctx.db;

const staff = await createPortalUsers(app);
const admin = staff.get('admin')!;
const manager = staff.get('manager')!;
const warehouse = staff.get('warehouse')!;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  /** Whose token (null: none, the public routes). */
  who: TestUser | null;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The user the audit rows must name; default `who`. A registration names the user it made. */
  actor?: (res: LightMyRequestResponse) => number;
}
interface Recipe {
  /** Tables the call must leave an audit row in (each with its key and its change). */
  tables: string[];
  /** Builds what the call needs with the test factories, and says the call. */
  make(): Promise<Call>;
}

/**
 * Mutating routes with no audit row to expect, each with why. None today: sign-in writes the
 * user's last sign-in under the user (an audit row naming them), a registration the customer and
 * user it makes, and every other route changes business rows.
 */
const EXEMPT: Record<string, string> = {};

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;
const iso = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();
const form = (values: Record<string, string>) => ({
  payload: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const first = async <T>(query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows[0]!;
const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
};
const send = (method: Method | 'GET', url: string, who: TestUser, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A city with no store yet (a store can be added there). */
async function cityWithoutStore() {
  const name = unique('Matara');
  await db.execute(sql`insert into cities (name) values (${name})`);
  return name;
}
/** A store whose city a train reaches tomorrow (its orders can be booked and loaded). */
async function storeWithTrain(): Promise<TestStore> {
  const store = await createStore(app);
  await createTrip(app, store.cityId, { departH: 20, capacity: 10_000 });
  return store;
}
/** A customer's Pending order of one product (1_000 units in stock). */
async function pendingOrder(store?: TestStore) {
  return createPendingOrder(app, store ?? (await sharedStore()), { space: 2 });
}
/** A delivery three days ahead on a store's route, with its truck. */
async function futureDelivery(store: TestStore, capacity = 100) {
  const truck = await createTruck(app, store.storeId, { capacity });
  const deliveryId = await insertDelivery(app, {
    truckId: truck.truckId,
    routeId: store.routeId,
    start: new Date(Date.now() + 3 * DAY),
    hours: 4,
  });
  return { truck, deliveryId };
}
/** Builds once, on first use; later uses share it. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
/** Orders whose store a train reaches tomorrow share one store. */
const sharedStore = once(storeWithTrain);
/**
 * One crewed delivery with four approved orders of two items each, started by its driver; each
 * crew recipe takes its own order (0 sent back to Kandy, 1 confirmed, 2 an item failed, 3 failed).
 */
const sharedRun = once(async () => {
  const s = await crewScene(app, { manager, orderCount: 4 });
  ok(await send('POST', `/api/deliveries/${s.deliveryId}/start`, s.driver), 'start');
  return s;
});
async function startedRun(slot: 0 | 1 | 2 | 3) {
  const s = await sharedRun();
  return { ...s, order: s.orders[slot]! };
}
let planningDay = 60;
/** A store with a trip, a truck and a crew, an approved and a pending order on a day of its own. */
async function planningWorld() {
  const days = planningDay++;
  const store = await createStore(app);
  await createTrip(app, store.cityId, { departH: 24, capacity: 100 });
  await createTruck(app, store.storeId, { capacity: 100 });
  await createCrewMember(app, 'Driver', store.storeId);
  await createCrewMember(app, 'Assistant', store.storeId);
  const approved = (await createPendingOrder(app, store, { space: 10, days })).orderId;
  ok(await send('PUT', `/api/orders/${approved}/status`, manager, { status: 'Scheduled' }), 'approve');
  const pending = (await createPendingOrder(app, store, { space: 20, days })).orderId;
  return { day: daysFromNow(days), pending };
}
/** A proposal for the world's day (the world is made once and shared unless `world` is given). */
async function proposal(world?: Awaited<ReturnType<typeof planningWorld>>) {
  const w = world ?? (await sharedWorld());
  const res = ok(
    await send('POST', '/api/planning/proposals', manager, {
      from: w.day,
      to: w.day,
      pending_order_ids: [w.pending],
    }),
    'propose',
  );
  return res.json().proposal_id as number;
}
/** Proposals that are only made and discarded share one world; a commit changes its own. */
const sharedWorld = once(planningWorld);
/** The proposal the commit recipe commits (a second commit of it is refused). */
const committedProposal = once(async () => proposal(await planningWorld()));
const productDetails = () => ({
  name: unique('Audit Biscuits '),
  category: 'Beverages',
  unit_price: 4.1,
  space_per_unit: 0.25,
  reorder_point: 60,
});
const truckBody = (storeId: number) => ({
  plate_number: `WP KA-${(1000 + (n++ % 9000)).toString()}`,
  capacity: 200,
  store_id: storeId,
  status: 'Available',
});
const routeBody = (storeId: number) => ({
  name: unique('Coast '),
  store_id: storeId,
  end_location: 'Beruwala',
  covered_towns: [unique('Kalutara')],
  max_delivery_hours: 3.5,
});
const registration = () => {
  const username = unique('reg');
  return {
    username,
    password: 'long-enough-pass',
    name: 'Nimal Perera',
    email: `${username}@example.test`,
    address: '3 Lake Road',
    city: 'Galle',
  };
};

const RECIPES: Record<string, Recipe> = {
  'POST /api/auth/login': {
    tables: ['users'],
    async make() {
      const user = await createUser(app, 'Warehouse Manager');
      return {
        who: null,
        url: '/api/auth/login',
        ...form({ username: user.userName, password: TEST_PASSWORD }),
        actor: () => user.userId,
      };
    },
  },
  'POST /api/auth/register_public_customer': {
    tables: ['customers', 'users'],
    async make() {
      return {
        who: null,
        url: '/api/auth/register_public_customer',
        payload: registration(),
        actor: (res) => res.json().user_id,
      };
    },
  },
  'PUT /api/auth/profile/language': {
    tables: ['users'],
    async make() {
      const user = await createUser(app, 'Driver');
      return { who: user, url: '/api/auth/profile/language', payload: { language: 'ta' } };
    },
  },
  'POST /api/products': {
    tables: ['products', 'stock_movements'],
    async make() {
      return { who: warehouse, url: '/api/products', payload: { ...productDetails(), initial_units: 120 } };
    },
  },
  'PUT /api/products/:id/details': {
    tables: ['products'],
    async make() {
      const p = await createProduct(app);
      return { who: warehouse, url: `/api/products/${p.productId}/details`, payload: productDetails() };
    },
  },
  'PUT /api/products/:id': {
    tables: ['products', 'stock_movements'],
    async make() {
      const p = await createProduct(app, { units: 100 });
      return {
        who: warehouse,
        url: `/api/products/${p.productId}`,
        payload: { available_units: 93, previous_units: 100, reason: 'Counted the shelf' },
      };
    },
  },
  'POST /api/products/:id/receipts': {
    tables: ['products', 'stock_movements'],
    async make() {
      const p = await createProduct(app, { units: 100 });
      return {
        who: admin,
        url: `/api/products/${p.productId}/receipts`,
        payload: { units: 40, note: 'Lorry 7' },
      };
    },
  },
  'POST /api/customers/:id/orders': {
    tables: ['orders', 'order_items', 'order_status_history', 'stock_movements'],
    async make() {
      const store = await sharedStore();
      const customer = await createUser(app, 'Customer');
      const p = await createProduct(app, { units: 100 });
      return {
        who: customer,
        url: `/api/customers/${customer.customerId}/orders`,
        payload: {
          scheduleDate: daysFromNow(10),
          items: [{ productID: p.productId, quantity: 3 }],
          deliveryAddress: `4 Temple Road, ${store.town}`,
          city: store.cityName,
        },
      };
    },
  },
  'POST /api/customers/:id/orders (with an attached file)': {
    tables: ['orders', 'order_items', 'order_attachments', 'stock_movements'],
    async make() {
      const customer = await createUser(app, 'Customer');
      const p = await createProduct(app, { units: 100 });
      const body = multipart(
        {
          payload: JSON.stringify({
            scheduleDate: daysFromNow(12),
            items: [{ productID: p.productId, quantity: 2 }],
          }),
        },
        [{ name: 'files', filename: 'po.pdf', data: Buffer.from('%PDF-1.4 test'), type: 'application/pdf' }],
      );
      return { who: customer, url: `/api/customers/${customer.customerId}/orders`, ...body };
    },
  },
  'POST /api/orders/:id/cancel': {
    tables: ['orders', 'order_status_history', 'stock_movements', 'products'],
    async make() {
      const o = await pendingOrder();
      return {
        who: o.customer,
        url: `/api/orders/${o.orderId}/cancel`,
        payload: { reason: 'Ordered twice' },
      };
    },
  },
  'PATCH /api/orders/:id': {
    tables: ['order_items', 'order_changes', 'stock_movements'],
    async make() {
      const o = await pendingOrder();
      return {
        who: o.customer,
        url: `/api/orders/${o.orderId}`,
        payload: { items: [{ productID: o.productId, quantity: 7 }] },
      };
    },
  },
  'POST /api/support/requests': {
    tables: ['support_requests', 'support_messages'],
    async make() {
      return {
        who: await createUser(app, 'Customer'),
        url: '/api/support/requests',
        payload: { subject: 'Where is my order?', message: 'It has not arrived.' },
      };
    },
  },
  'POST /api/support/requests/:id/messages': {
    tables: ['support_messages'],
    async make() {
      const id = await supportRequest();
      return {
        who: manager,
        url: `/api/support/requests/${id}/messages`,
        payload: { message: 'On its way.' },
      };
    },
  },
  'POST /api/support/requests/:id/close': {
    tables: ['support_requests'],
    async make() {
      const id = await supportRequest();
      return { who: admin, url: `/api/support/requests/${id}/close`, payload: { message: 'Solved.' } };
    },
  },
  'POST /api/employees': {
    tables: ['employees'],
    async make() {
      return {
        who: admin,
        url: '/api/employees',
        payload: { firstName: 'Kamal', lastName: unique('P'), type: 'Driver' },
      };
    },
  },
  'PUT /api/employees/:id': {
    tables: ['employees'],
    async make() {
      const crew = await createCrewMember(app, 'Assistant', null);
      return {
        who: admin,
        url: `/api/employees/${crew.employeeId}`,
        payload: { contact_number: '+94 77 123 4567' },
      };
    },
  },
  'POST /api/inventory-alerts/:product_id/dismissal': {
    tables: ['inventory_alert_dismissals'],
    async make() {
      const p = await createProduct(app, { units: 40, reorderPoint: 50 });
      return { who: warehouse, url: `/api/inventory-alerts/${p.productId}/dismissal` };
    },
  },
  'DELETE /api/inventory-alerts/:product_id/dismissal': {
    tables: ['inventory_alert_dismissals'],
    async make() {
      const p = await createProduct(app, { units: 40, reorderPoint: 50 });
      ok(await send('POST', `/api/inventory-alerts/${p.productId}/dismissal`, warehouse), 'dismiss');
      return { who: warehouse, url: `/api/inventory-alerts/${p.productId}/dismissal` };
    },
  },
  'POST /api/train-trips': {
    tables: ['train_trips'],
    async make() {
      const store = await createStore(app);
      return {
        who: manager,
        url: '/api/train-trips',
        payload: {
          arrival_city: store.cityName,
          departure_date_time: iso(24),
          arrival_date_time: iso(28),
          total_capacity: 250.5,
        },
      };
    },
  },
  'PUT /api/train-trips/:id': {
    tables: ['train_trips'],
    async make() {
      const store = await createStore(app);
      const trip = await createTrip(app, store.cityId, { departH: 30, capacity: 200 });
      return { who: manager, url: `/api/train-trips/${trip.trainTripId}`, payload: { total_capacity: 300 } };
    },
  },
  'PUT /api/orders/:id/status': {
    tables: ['orders', 'order_status_history', 'stock_movements'],
    async make() {
      const o = await pendingOrder();
      return {
        who: manager,
        url: `/api/orders/${o.orderId}/status`,
        payload: { status: 'Cancelled', reason: 'Outside the delivery area' },
      };
    },
  },
  'POST /api/orders/:id/allocate-train': {
    tables: ['train_allocations', 'train_trips', 'orders', 'order_status_history'],
    async make() {
      const o = await pendingOrder();
      return { who: manager, url: `/api/orders/${o.orderId}/allocate-train` };
    },
  },
  'POST /api/orders/:id/return-to-kandy': {
    tables: ['order_item_returns', 'stock_movements', 'products', 'orders'],
    async make() {
      const s = await startedRun(0);
      const [kept, broken] = s.order.productIds as [number, number];
      const url = `/api/deliveries/${s.deliveryId}`;
      ok(
        await send('POST', `${url}/confirm-item`, s.assistant, {
          order_id: s.order.orderId,
          product_id: kept,
        }),
        'confirm',
      );
      ok(
        await send('POST', `${url}/fail-item`, s.assistant, {
          order_id: s.order.orderId,
          product_id: broken,
          reason: 'Damaged',
        }),
        'fail',
      );
      // its train came in hours ago: the goods are at the store
      await db.execute(
        sql`update train_trips set departure_date_time = now() - interval '10 hours', arrival_date_time = now() - interval '6 hours'
             where train_trip_id in (select train_trip_id from train_allocations where order_id = ${s.order.orderId})`,
      );
      return {
        who: manager,
        url: `/api/orders/${s.order.orderId}/return-to-kandy`,
        payload: { note: 'Crushed' },
      };
    },
  },
  'POST /api/deliveries/deliveries': {
    tables: ['deliveries'],
    async make() {
      const store = await createStore(app);
      const truck = await createTruck(app, store.storeId);
      const qs = new URLSearchParams({
        truck_id: String(truck.truckId),
        route_id: String(store.routeId),
        user_id: String(manager.userId),
        delivery_date_time: new Date(Date.now() + 5 * DAY).toISOString(),
      });
      return { who: manager, url: `/api/deliveries/deliveries?${qs}` };
    },
  },
  'PUT /api/deliveries/:id/crew': {
    tables: ['deliveries'],
    async make() {
      const store = await createStore(app);
      const { deliveryId } = await futureDelivery(store);
      const driver = await createCrewMember(app, 'Driver', store.storeId);
      const assistant = await createCrewMember(app, 'Assistant', store.storeId);
      return {
        who: manager,
        url: `/api/deliveries/${deliveryId}/crew`,
        payload: { driver_employee_id: driver.employeeId, assistant_employee_id: assistant.employeeId },
      };
    },
  },
  'PUT /api/deliveries/:id/truck': {
    tables: ['deliveries'],
    async make() {
      const store = await createStore(app);
      const { deliveryId } = await futureDelivery(store);
      const spare = await createTruck(app, store.storeId);
      return {
        who: manager,
        url: `/api/deliveries/${deliveryId}/truck`,
        payload: { truck_id: spare.truckId },
      };
    },
  },
  'PUT /api/deliveries/:id/orders': {
    tables: ['delivery_orders', 'deliveries'],
    async make() {
      const store = await sharedStore();
      const { deliveryId } = await futureDelivery(store);
      const o = await pendingOrder(store);
      ok(await send('POST', `/api/orders/${o.orderId}/allocate-train`, manager), 'allocate');
      return {
        who: manager,
        url: `/api/deliveries/${deliveryId}/orders`,
        payload: { order_ids: [o.orderId] },
      };
    },
  },
  'POST /api/Trucks/trucks': {
    tables: ['trucks'],
    async make() {
      const store = await createStore(app);
      return { who: admin, url: '/api/Trucks/trucks', payload: truckBody(store.storeId) };
    },
  },
  'PUT /api/Trucks/trucks/:id': {
    tables: ['trucks'],
    async make() {
      const store = await createStore(app);
      const truck = await createTruck(app, store.storeId);
      return { who: admin, url: `/api/Trucks/trucks/${truck.truckId}`, payload: truckBody(store.storeId) };
    },
  },
  'PATCH /api/Trucks/trucks/:id/status': {
    tables: ['trucks'],
    async make() {
      const store = await createStore(app);
      const truck = await createTruck(app, store.storeId);
      return {
        who: manager,
        url: `/api/Trucks/trucks/${truck.truckId}/status`,
        payload: { status: 'Under Repair', status_note: 'Brakes relined' },
      };
    },
  },
  'DELETE /api/Trucks/trucks/:id': {
    tables: ['trucks'],
    async make() {
      const store = await createStore(app);
      const truck = await createTruck(app, store.storeId);
      return { who: admin, url: `/api/Trucks/trucks/${truck.truckId}` };
    },
  },
  'POST /api/routes/routes': {
    tables: ['routes'],
    async make() {
      const store = await createStore(app);
      return { who: admin, url: '/api/routes/routes', payload: routeBody(store.storeId) };
    },
  },
  'PUT /api/routes/routes/:id': {
    tables: ['routes'],
    async make() {
      const store = await createStore(app);
      const routeId = await createRoute(app, store.storeId, { towns: [unique('Weligama')], hours: 3 });
      return { who: admin, url: `/api/routes/routes/${routeId}`, payload: routeBody(store.storeId) };
    },
  },
  'DELETE /api/routes/routes/:id': {
    tables: ['routes'],
    async make() {
      const store = await createStore(app);
      const routeId = await createRoute(app, store.storeId, { towns: [unique('Ahangama')], hours: 3 });
      return { who: admin, url: `/api/routes/routes/${routeId}` };
    },
  },
  'POST /api/stores': {
    tables: ['stores'],
    async make() {
      const city = await cityWithoutStore();
      return {
        who: admin,
        url: '/api/stores',
        payload: { city, address: '4 Station Road', near_station_name: `${city} Station` },
      };
    },
  },
  'PUT /api/stores/:id': {
    tables: ['stores'],
    async make() {
      const store = await createStore(app);
      return {
        who: admin,
        url: `/api/stores/${store.storeId}`,
        payload: { city: store.cityName, address: '6 Station Road', near_station_name: 'Main Station' },
      };
    },
  },
  'DELETE /api/stores/:id': {
    tables: ['stores'],
    async make() {
      const city = await cityWithoutStore();
      const store = ok(
        await send('POST', '/api/stores', admin, {
          city,
          address: '1 Kandy Road',
          near_station_name: 'Halt',
        }),
        'store',
      );
      return { who: admin, url: `/api/stores/${store.json().store_id}` };
    },
  },
  'POST /api/planning/proposals': {
    tables: ['planning_proposals'],
    async make() {
      const w = await sharedWorld();
      return {
        who: manager,
        url: '/api/planning/proposals',
        payload: { from: w.day, to: w.day, pending_order_ids: [w.pending] },
      };
    },
  },
  'POST /api/planning/proposals/:id/commit': {
    tables: ['planning_proposals', 'train_allocations', 'orders', 'deliveries', 'delivery_orders'],
    async make() {
      return { who: manager, url: `/api/planning/proposals/${await committedProposal()}/commit` };
    },
  },
  'DELETE /api/planning/proposals/:id': {
    tables: ['planning_proposals'],
    async make() {
      return { who: manager, url: `/api/planning/proposals/${await proposal()}` };
    },
  },
  'POST /api/users': {
    tables: ['users'],
    async make() {
      const crew = await createCrewMember(app, 'Driver', null);
      const username = unique('nimal');
      return {
        who: admin,
        url: '/api/users',
        payload: {
          username,
          email: `${username}@example.test`,
          role: 'Driver',
          password: 'long-enough-pass',
          employee_id: crew.employeeId,
        },
      };
    },
  },
  'PUT /api/users/:id': {
    tables: ['users'],
    async make() {
      const user = await createUser(app, 'Manager');
      return {
        who: admin,
        url: `/api/users/${user.userId}`,
        payload: { email: `${unique('new')}@example.test` },
      };
    },
  },
  'DELETE /api/users/:id': {
    tables: ['users'],
    async make() {
      const user = await createUser(app, 'Customer');
      return { who: admin, url: `/api/users/${user.userId}` };
    },
  },
  'POST /api/roles': {
    tables: ['roles'],
    async make() {
      return {
        who: admin,
        url: '/api/roles',
        payload: { role_name: unique('Auditor '), access_rights: 'Reports' },
      };
    },
  },
  'PUT /api/roles/:id': {
    tables: ['roles'],
    async make() {
      const roleId = await createRole(app, unique('Clerk '));
      return { who: admin, url: `/api/roles/${roleId}`, payload: { access_rights: 'Stock reports' } };
    },
  },
  'DELETE /api/roles/:id': {
    tables: ['roles'],
    async make() {
      const roleId = await createRole(app, unique('Temp '));
      return { who: admin, url: `/api/roles/${roleId}` };
    },
  },
  'POST /api/deliveries/:id/start': {
    tables: ['deliveries', 'orders', 'order_status_history'],
    async make() {
      const s = await crewScene(app, { manager, orderCount: 1 });
      return { who: s.driver, url: `/api/deliveries/${s.deliveryId}/start` };
    },
  },
  'POST /api/deliveries/:id/confirm-item': {
    tables: ['item_confirmations'],
    async make() {
      const s = await startedRun(1);
      return {
        who: s.assistant,
        url: `/api/deliveries/${s.deliveryId}/confirm-item`,
        payload: { order_id: s.order.orderId, product_id: s.order.productIds[0], recipient_name: 'Ruwan' },
      };
    },
  },
  'POST /api/deliveries/:id/fail-item': {
    tables: ['item_failures'],
    async make() {
      const s = await startedRun(2);
      return {
        who: s.driver,
        url: `/api/deliveries/${s.deliveryId}/fail-item`,
        payload: { order_id: s.order.orderId, product_id: s.order.productIds[1], reason: 'Damaged' },
      };
    },
  },
  'POST /api/deliveries/:id/orders/:order_id/fail': {
    tables: ['delivery_failures', 'delivery_orders', 'orders'],
    async make() {
      const s = await startedRun(3);
      return {
        who: s.assistant,
        url: `/api/deliveries/${s.deliveryId}/orders/${s.order.orderId}/fail`,
        payload: { reason: 'Customer absent', note: 'Shop closed' },
      };
    },
  },
  'POST /api/notifications/:id/read': {
    tables: ['notifications'],
    async make() {
      const s = await startedRun(1);
      const customer = s.order.customer;
      const note = await first<{ notification_id: number }>(
        sql`select notification_id from notifications where customer_id = ${customer.customerId} and read_at is null
             order by notification_id limit 1`,
      );
      return { who: customer, url: `/api/notifications/${note.notification_id}/read` };
    },
  },
  'POST /api/notifications/read-all': {
    tables: ['notifications'],
    async make() {
      const s = await startedRun(2);
      return { who: s.order.customer, url: '/api/notifications/read-all' };
    },
  },
};

interface Refusal {
  /** The answer it must get (a 4xx). */
  status: number;
  make(): Promise<Call>;
}

/**
 * Requests refused by a business rule (409, 404, 401) or by validation (422), several of them
 * after the transaction has written rows: none may leave an audit row.
 */
const REFUSALS: Record<string, Refusal & { route: string }> = {
  'an order whose second line is more than the stock': {
    route: 'POST /api/customers/:id/orders',
    status: 409,
    async make() {
      const store = await sharedStore();
      const customer = await createUser(app, 'Customer');
      const plenty = await createProduct(app, { units: 100 });
      const scarce = await createProduct(app, { units: 2 });
      return {
        who: customer,
        url: `/api/customers/${customer.customerId}/orders`,
        payload: {
          scheduleDate: daysFromNow(10),
          items: [
            { productID: plenty.productId, quantity: 3 },
            { productID: scarce.productId, quantity: 5 },
          ],
          deliveryAddress: `4 Temple Road, ${store.town}`,
          city: store.cityName,
        },
      };
    },
  },
  "a customer's change to more units than the stock": {
    route: 'PATCH /api/orders/:id',
    status: 409,
    async make() {
      const o = await pendingOrder();
      const scarce = await createProduct(app, { units: 2 });
      return {
        who: o.customer,
        url: `/api/orders/${o.orderId}`,
        payload: {
          items: [
            { productID: o.productId, quantity: 1 },
            { productID: scarce.productId, quantity: 9 },
          ],
        },
      };
    },
  },
  'a second stock count from the same reading': {
    route: 'PUT /api/products/:id',
    status: 409,
    async make() {
      const p = await createProduct(app, { units: 100 });
      const count = { available_units: 58, previous_units: 100 };
      ok(await send('PUT', `/api/products/${p.productId}`, warehouse, count), 'first count');
      return {
        who: warehouse,
        url: `/api/products/${p.productId}`,
        payload: { ...count, available_units: 68 },
      };
    },
  },
  'a stock count with a decimal': {
    route: 'PUT /api/products/:id',
    status: 422,
    async make() {
      const p = await createProduct(app, { units: 100 });
      return { who: warehouse, url: `/api/products/${p.productId}`, payload: { available_units: 9.5 } };
    },
  },
  'a registration with a taken username': {
    route: 'POST /api/auth/register_public_customer',
    status: 409,
    async make() {
      const taken = await createUser(app, 'Customer');
      return {
        who: null,
        url: '/api/auth/register_public_customer',
        payload: { ...registration(), username: taken.userName.toUpperCase() },
      };
    },
  },
  'a sign-in with a wrong password': {
    route: 'POST /api/auth/login',
    status: 401,
    async make() {
      const user = await createUser(app, 'Manager');
      return {
        who: null,
        url: '/api/auth/login',
        ...form({ username: user.userName, password: 'not-the-one' }),
      };
    },
  },
  'a role some user holds, deleted': {
    route: 'DELETE /api/roles/:id',
    status: 409,
    async make() {
      const role = unique('Held ');
      const roleId = await createRole(app, role);
      await createUser(app, role);
      return { who: admin, url: `/api/roles/${roleId}` };
    },
  },
  'a user with a taken username': {
    route: 'POST /api/users',
    status: 409,
    async make() {
      return {
        who: admin,
        url: '/api/users',
        payload: {
          username: manager.userName,
          email: `${unique('x')}@example.test`,
          role: 'Manager',
          password: 'long-enough-pass',
        },
      };
    },
  },
  'a proposal committed twice': {
    route: 'POST /api/planning/proposals/:id/commit',
    status: 409,
    async make() {
      const id = await committedProposal();
      const done = await first<{ status: string }>(
        sql`select status from planning_proposals where proposal_id = ${id}`,
      );
      if (done.status !== 'Committed')
        ok(await send('POST', `/api/planning/proposals/${id}/commit`, manager), 'first commit');
      return { who: manager, url: `/api/planning/proposals/${id}/commit` };
    },
  },
  'a load beyond the truck': {
    route: 'PUT /api/deliveries/:id/orders',
    status: 409,
    async make() {
      const store = await sharedStore();
      const { deliveryId } = await futureDelivery(store, 1);
      const o = await pendingOrder(store);
      ok(await send('POST', `/api/orders/${o.orderId}/allocate-train`, manager), 'allocate');
      return {
        who: manager,
        url: `/api/deliveries/${deliveryId}/orders`,
        payload: { order_ids: [o.orderId] },
      };
    },
  },
  'a trip made smaller than what is booked on it': {
    route: 'PUT /api/train-trips/:id',
    status: 409,
    async make() {
      const store = await createStore(app);
      const trip = await createTrip(app, store.cityId, { departH: 20, capacity: 100 });
      const o = await pendingOrder(store);
      ok(await send('POST', `/api/orders/${o.orderId}/allocate-train`, manager), 'allocate');
      return { who: manager, url: `/api/train-trips/${trip.trainTripId}`, payload: { total_capacity: 1 } };
    },
  },
  'a trip capacity that rounds to zero': {
    route: 'PUT /api/train-trips/:id',
    status: 422,
    async make() {
      const store = await createStore(app);
      const trip = await createTrip(app, store.cityId, { departH: 30, capacity: 100 });
      return {
        who: manager,
        url: `/api/train-trips/${trip.trainTripId}`,
        payload: { total_capacity: 1e-300 },
      };
    },
  },
  "a customer's cancel of an approved order": {
    route: 'POST /api/orders/:id/cancel',
    status: 409,
    async make() {
      const o = await pendingOrder();
      ok(await send('POST', `/api/orders/${o.orderId}/allocate-train`, manager), 'allocate');
      return { who: o.customer, url: `/api/orders/${o.orderId}/cancel`, payload: {} };
    },
  },
  'a store with a truck, deleted': {
    route: 'DELETE /api/stores/:id',
    status: 409,
    async make() {
      const store = await createStore(app);
      await createTruck(app, store.storeId);
      return { who: admin, url: `/api/stores/${store.storeId}` };
    },
  },
  'an item confirmed before the run started': {
    route: 'POST /api/deliveries/:id/confirm-item',
    status: 409,
    async make() {
      const s = await crewScene(app, { manager, orderCount: 1 });
      const o = s.orders[0]!;
      return {
        who: s.assistant,
        url: `/api/deliveries/${s.deliveryId}/confirm-item`,
        payload: { order_id: o.orderId, product_id: o.productIds[0] },
      };
    },
  },
  'a return to Kandy of an order nothing failed on': {
    route: 'POST /api/orders/:id/return-to-kandy',
    status: 409,
    async make() {
      const o = await pendingOrder();
      return { who: manager, url: `/api/orders/${o.orderId}/return-to-kandy`, payload: {} };
    },
  },
  "a message on another customer's request": {
    route: 'POST /api/support/requests/:id/messages',
    status: 404,
    async make() {
      const id = await supportRequest();
      return {
        who: await createUser(app, 'Customer'),
        url: `/api/support/requests/${id}/messages`,
        payload: { message: 'Hi' },
      };
    },
  },
  'a product whose space rounds to zero': {
    route: 'POST /api/products',
    status: 422,
    async make() {
      return {
        who: warehouse,
        url: '/api/products',
        payload: { ...productDetails(), space_per_unit: 0.0001 },
      };
    },
  },
  'weekly hours that round to zero': {
    route: 'PUT /api/employees/:id',
    status: 422,
    async make() {
      const crew = await createCrewMember(app, 'Driver', null);
      return { who: admin, url: `/api/employees/${crew.employeeId}`, payload: { weekly_hour_limit: 0.04 } };
    },
  },
};

async function supportRequest(): Promise<number> {
  const customer = await createUser(app, 'Customer');
  const res = ok(
    await send('POST', '/api/support/requests', customer, {
      subject: 'Late order',
      message: 'Still waiting.',
    }),
    'ask',
  );
  return res.json().request_id;
}

interface AuditRow {
  audit_id: number;
  table_name: string;
  operation: string;
  row_key: string | null;
  old_row: Record<string, unknown> | null;
  new_row: Record<string, unknown> | null;
  performed_by: number | null;
}

/** How many rows the log has and its last id: a request that writes none leaves both. */
async function logMark() {
  return first<{ rows: number; last: number }>(
    sql`select count(*)::int as rows, coalesce(max(audit_id), 0)::int as last from audit_log`,
  );
}
/**
 * Every audit row as first seen (its whole text), read after each call: at the end the log must
 * still hold each one unchanged (no call changed or removed a row written before it).
 */
const seen = new Map<number, string>();
async function remember(): Promise<void> {
  const after = Math.max(0, ...seen.keys());
  const res = await db.execute<{ id: number; text: string }>(
    sql`select audit_id::int as id, a::text as text from audit_log a where audit_id > ${after} order by audit_id`,
  );
  for (const row of res.rows) seen.set(row.id, row.text);
}
const rowsAfter = async (last: number) =>
  (
    await db.execute<AuditRow & Record<string, unknown>>(
      sql`select audit_id::int, table_name, operation, row_key, old_row, new_row, performed_by
            from audit_log where audit_id > ${last} order by audit_id`,
    )
  ).rows;

const routeKey = (method: string, url: string) => `${method} ${url}`;
const mutating = app.declaredRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
const methodOf = (key: string) => key.split(' ')[0] as Method;
/** The route a recipe calls: its key without the note of a variant, `(with …)`. */
const routeOf = (key: string) => key.replace(/ \(.*\)$/, '');

/** A user of a portal the route's permission does not include (its refusal must write nothing). */
function forbiddenUser(key: string): TestUser | null {
  const route = mutating.find((r) => routeKey(r.method, r.url) === routeOf(key));
  if (!route?.permission) return null;
  const allowed = PERMISSIONS[route.permission as Permission] as readonly Portal[];
  const portal = [...staff.keys()].find((p) => !allowed.includes(p));
  return portal ? staff.get(portal)! : null;
}

function inject(method: Method, call: Call) {
  return app.inject({
    method,
    url: call.url,
    headers: { ...(call.who?.auth ?? {}), ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

describe('audit completeness: every mutating route', () => {
  it('has a recipe or a stated exemption, and no recipe names a route that is gone', () => {
    const keys = mutating.map((r) => routeKey(r.method, r.url));
    expect(keys.length).toBeGreaterThan(40);
    const covered = new Set([...Object.keys(RECIPES).map(routeOf), ...Object.keys(EXEMPT)]);
    const missing = keys.filter((k) => !covered.has(k));
    expect(
      missing,
      'mutating routes without an audit recipe (add one to RECIPES, or to EXEMPT with why)',
    ).toEqual([]);
    expect([...covered].filter((k) => !keys.includes(k))).toEqual([]);
    for (const [key, why] of Object.entries(EXEMPT)) expect(why.length, key).toBeGreaterThan(20);
  });

  it('no route changes or removes audit rows: the log is only read over the API', () => {
    const auditRoutes = app.declaredRoutes.filter((r) => /audit/i.test(r.url));
    expect(auditRoutes.map((r) => routeKey(r.method, r.url))).toEqual(['GET /api/auditlog']);
    expect(mutating.some((r) => r.permission === 'audit:read')).toBe(false);
  });

  it.each(Object.keys(RECIPES))('%s leaves audit rows naming its actor and what changed', async (key) => {
    const recipe = RECIPES[key]!;
    const method = methodOf(key);
    const call = await recipe.make();
    await remember();
    const before = await logMark();

    // the same request from a role without the permission: refused, nothing written
    const stranger = forbiddenUser(key);
    if (stranger) {
      const refused = await inject(method, { ...call, who: stranger });
      expect(refused.statusCode, `${key} as a role without its permission: ${refused.body}`).toBe(403);
      expect(await logMark(), `${key}: a refused request wrote audit rows`).toEqual(before);
    }

    const res = await inject(method, call);
    expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
    const actor = call.actor ? call.actor(res) : call.who!.userId;
    const rows = await rowsAfter(before.last);
    expect(rows.length, `${key} wrote no audit row`).toBeGreaterThan(0);
    const unnamed = rows.filter((r) => r.performed_by !== actor);
    expect(
      unnamed.map((r) => `${r.table_name} ${r.operation} ${r.row_key} by ${r.performed_by}`),
      `${key}: audit rows not naming the acting user ${actor}`,
    ).toEqual([]);
    for (const row of rows) {
      expect(row.row_key, `${key}: ${row.table_name} row without its key`).toMatch(/\d/);
      if (row.operation !== 'DELETE')
        expect(row.new_row, `${key}: ${row.table_name} new values`).not.toBeNull();
      if (row.operation !== 'INSERT')
        expect(row.old_row, `${key}: ${row.table_name} old values`).not.toBeNull();
    }
    for (const table of recipe.tables) {
      const changed = rows.filter(
        (r) =>
          r.table_name === table &&
          (r.operation !== 'UPDATE' || JSON.stringify(r.old_row) !== JSON.stringify(r.new_row)),
      );
      expect(changed.length, `${key}: no audit row of a change to ${table}`).toBeGreaterThan(0);
    }
    // every row written before the call is still there
    expect((await logMark()).rows).toBe(before.rows + rows.length);
    await remember();
  });
});

describe('audit completeness: a refused request leaves no audit row', () => {
  it('every refusal below is of a route with a recipe', () => {
    for (const refusal of Object.values(REFUSALS))
      expect(Object.keys(RECIPES).map(routeOf)).toContain(refusal.route);
  });

  it.each(Object.keys(REFUSALS))('%s', async (name) => {
    const refusal = REFUSALS[name]!;
    const call = await refusal.make();
    await remember();
    const before = await logMark();
    const res = await inject(methodOf(refusal.route), call);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(refusal.status);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(await logMark(), `${name}: the refused request wrote audit rows`).toEqual(before);
  });
});

describe('audit completeness: the log after every call above', () => {
  it('holds every row as it was first read: none changed or removed', async () => {
    await remember();
    expect(seen.size).toBeGreaterThan(0);
    const now = await db.execute<{ id: number; text: string }>(
      sql`select audit_id::int as id, a::text as text from audit_log a order by audit_id`,
    );
    const changed = now.rows.filter((row) => seen.get(row.id) !== row.text).map((row) => row.id);
    expect(changed).toEqual([]);
    expect(now.rows.length).toBe(seen.size);
  });

  it('refuses a change or removal at the database, even with the triggers of replication off', async () => {
    const some = (await logMark()).last;
    /** The database's own message (drizzle wraps it as the cause), or null when it went through. */
    const refusal = async (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    for (const [what, statement] of [
      ['update', sql`update audit_log set performed_by = null where audit_id = ${some}`],
      ['delete', sql`delete from audit_log where audit_id = ${some}`],
      ['truncate', sql`truncate audit_log`],
    ] as const) {
      for (const replica of [false, true]) {
        const attempt = db.transaction(async (tx) => {
          if (replica) await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(statement);
        });
        expect(String(await refusal(attempt)), `${what}${replica ? ' as a replica' : ''}`).toMatch(
          /append-only/,
        );
      }
    }
    expect((await logMark()).last).toBe(some);
  });
});
