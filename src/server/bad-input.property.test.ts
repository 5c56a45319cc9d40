import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { MAX_BODY_BYTES } from './app';
import type { DeclaredRoute } from './http/authenticate';
import { type Case, caseArbitrary, type RouteInput, schemasRefuse } from './test/bad-input';
import { crewScene } from './test/crew-factories';
import {
  createProduct,
  createRole,
  createUser,
  daysFromNow,
  placeOrderAs,
  type TestUser,
} from './test/factories';
import { createTestApp } from './test/harness';
import { scaled } from './test/reliability-scale';
import { createCrewMember, createTrip, createTruck } from './test/scheduling-factories';
import { sample } from './test/schema-walk';

// Issue 24, suite 2 (docs/reliability.md): for every route of the app's route table that takes
// input, fast-check generates bad input (test/bad-input.ts) from the route's valid input below,
// sent as a user the route's permission allows, so validation (not the permission check) answers.
// Each answer must be a 4xx with exactly { detail } when the route's schemas refuse the input, never
// a 5xx; a refused request writes nothing (the audit log after each call; every table's row count
// and last-written transaction after each route's batch). A route added later is walked without
// editing this file, once it has a valid input (the first test names a route that lacks one).
//
// Replay a failure: FC_SEED=<seed> npx vitest run src/server/bad-input.property.test.ts -t '<route>$'
// as printed with every failure (each route's cases depend only on the seed and the route); add
// FC_PATH=<path> from fast-check's message to run just the counterexample.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : (Math.random() * 2 ** 31) | 0;
/** Cases per route that the route must refuse, and cases that may be valid. */
const SURE_RUNS = scaled(10);
const MAYBE_RUNS = scaled(3);

const logLines: string[] = [];
const { app } = await createTestApp({
  // what the server logs as a 500 or as a value only the database refused (a validation gap)
  logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
  // sign-in and sign-up attempts reach the handler every time (the limits have their own tests)
  throttleRules: {
    account: { max: 1e6, windowMs: 60_000 },
    address: { max: 1e6, windowMs: 60_000 },
    registration: { max: 1e6, windowMs: 60_000 },
  },
});
const db = app.ctx.db;

// ---------------------------------------------------------------------------------------------
// the world the routes' ids point at, and a user of each portal

const scene = await crewScene(app, { orderCount: 1 });
const customer = await createUser(app, 'Customer');
// the dearest and bulkiest product the contracts allow, and a Pending order of it worth 1e11 and
// needing 1e8 units of train space: the edges (1,000,000 units more) reach the figures' limits
const dear = await createProduct(app, { unitPrice: 1_000_000, spacePerUnit: 1000, units: 100_000_000 });
const placed = await placeOrderAs(app, customer, [{ productID: dear.productId, quantity: 100_000 }], {
  city: scene.store.cityName,
  deliveryAddress: `7 Temple Road, ${scene.store.town}`,
});
if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
const pending = { orderId: (placed.json() as { order_id: number }).order_id, productId: dear.productId };
const users: Record<Portal, TestUser> = {
  admin: await createUser(app, 'Admin'),
  manager: scene.manager,
  warehouse: await createUser(app, 'Warehouse Manager'),
  assistant: scene.assistant,
  customer,
};
const crewOrder = scene.orders[0]!;
const truck = await createTruck(app, scene.store.storeId);
const trip = await createTrip(app, scene.store.cityId, { departH: 48, capacity: 100 });
// what edits and deletions point at: never a caller, so a success does not lock a caller out
const victimUser = await createUser(app, 'Warehouse Manager');
const victimRoleId = await createRole(app, 'Fuzz victim role');
const victimEmployee = await createCrewMember(app, 'Driver', scene.store.storeId);
const support = await app.inject({
  method: 'POST',
  url: '/api/support/requests',
  headers: customer.auth,
  payload: { subject: 'Where is my order?', message: 'It is late.' },
});
if (support.statusCode !== 201) throw new Error(`support request: ${support.statusCode} ${support.body}`);
const supportId = (support.json() as { request_id?: number; id?: number }).request_id ?? support.json().id;

const iso = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * 3_600_000).toISOString();

/** The id a route's path parameter names in the world above (a route added later gets 1). */
function paramValue(url: string, name: string): number {
  if (name === 'product_id') return pending.productId;
  if (name === 'employee_id') return scene.assistant.employeeId!;
  if (name === 'order_id') return crewOrder.orderId;
  if (name === 'attachmentId') return 1;
  const byCollection: Array<[string, number]> = [
    ['/api/products/', pending.productId],
    ['/api/customers/', customer.customerId!],
    ['/api/orders/', pending.orderId],
    ['/api/support/requests/', supportId],
    ['/api/employees/', victimEmployee.employeeId],
    ['/api/stores/', scene.store.storeId],
    ['/api/train-trips/', trip.trainTripId],
    ['/api/deliveries/', scene.deliveryId],
    ['/api/Trucks/trucks/', truck.truckId],
    ['/api/routes/routes/', scene.store.routeId],
    ['/api/users/', victimUser.userId],
    ['/api/roles/', victimRoleId],
  ];
  return byCollection.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 1;
}

/** A valid body (or query) for each route that takes one; checked against its schema below. */
const VALID_BODY: Record<string, unknown> = {
  'POST /api/auth/login': { username: victimUser.userName, password: 'not-the-password' },
  'POST /api/auth/register_public_customer': {
    username: 'fuzz.customer',
    password: 'long-enough-password',
    name: 'Fuzz Customer',
    email: 'fuzz.customer@example.test',
  },
  'POST /api/products': {
    name: 'Fuzz product',
    category: 'Household',
    unit_price: 10,
    space_per_unit: 0.5,
    reorder_point: 5,
  },
  'PUT /api/products/:id/details': {
    name: 'Fuzz product 2',
    category: 'Household',
    unit_price: 12.5,
    space_per_unit: 0.5,
    reorder_point: 5,
  },
  'PUT /api/products/:id': { available_units: 90, previous_units: 100, reason: 'count' },
  'POST /api/products/:id/receipts': { units: 5, note: 'delivery' },
  'POST /api/customers/:id/orders': {
    scheduleDate: daysFromNow(10),
    items: [{ productID: pending.productId, quantity: 1 }],
    deliveryAddress: `7 Temple Road, ${scene.store.town}`,
    city: scene.store.cityName,
  },
  'POST /api/orders/:id/cancel': { reason: 'Changed my mind' },
  'PATCH /api/orders/:id': { scheduleDate: daysFromNow(12) },
  'POST /api/support/requests': { subject: 'Late', message: 'Where is it?' },
  'POST /api/support/requests/:id/messages': { message: 'Any news?' },
  'POST /api/support/requests/:id/close': { message: 'Answered by phone' },
  'POST /api/employees': { firstName: 'Fuzz', lastName: 'Tester', type: 'Driver' },
  'PUT /api/employees/:id': { firstName: 'Fuzzed' },
  'POST /api/train-trips': {
    arrival_city: scene.store.cityName,
    departure_date_time: iso(72),
    arrival_date_time: iso(76),
    total_capacity: 100,
  },
  'PUT /api/train-trips/:id': { total_capacity: 200 },
  'PUT /api/orders/:id/status': { status: 'Scheduled', reason: 'fuzz' },
  'POST /api/orders/:id/return-to-kandy': { note: 'back to Kandy' },
  'PUT /api/deliveries/:id/crew': {
    driver_employee_id: scene.driver.employeeId,
    assistant_employee_id: scene.assistant.employeeId,
  },
  'PUT /api/deliveries/:id/truck': { truck_id: truck.truckId },
  'PUT /api/deliveries/:id/orders': { order_ids: [crewOrder.orderId] },
  'POST /api/Trucks/trucks': {
    plate_number: 'FZ-1001',
    capacity: 50,
    store_id: scene.store.storeId,
    status: 'Available',
  },
  'PUT /api/Trucks/trucks/:id': {
    plate_number: truck.plateNumber,
    capacity: 60,
    store_id: scene.store.storeId,
    status: 'Available',
  },
  'PATCH /api/Trucks/trucks/:id/status': { status: 'In Service', status_note: null },
  'POST /api/routes/routes': {
    name: 'Fuzz route',
    store_id: scene.store.storeId,
    end_location: 'Fuzzton',
    covered_towns: ['Fuzzton'],
    max_delivery_hours: 4,
  },
  'PUT /api/routes/routes/:id': {
    name: scene.store.routeName,
    store_id: scene.store.storeId,
    end_location: scene.store.town,
    covered_towns: [scene.store.town],
    max_delivery_hours: 5,
  },
  'POST /api/stores': {
    city: 'Fuzz City',
    address: '1 Fuzz Road',
    near_station_name: 'Fuzz Station',
  },
  'PUT /api/stores/:id': {
    city: scene.store.cityName,
    address: 'Station Road',
    near_station_name: `${scene.store.cityName} Station`,
  },
  'POST /api/planning/proposals': { from: daysFromNow(1), to: daysFromNow(14) },
  'POST /api/users': {
    username: 'fuzz.user',
    email: 'fuzz.user@example.test',
    role: 'Warehouse Manager',
    password: 'long-enough-password',
  },
  'PUT /api/users/:id': { email: 'victim.renamed@example.test' },
  'POST /api/roles': { role_name: 'Fuzz role', accessRights: 'Fuzzing' },
  'PUT /api/roles/:id': { role_name: 'Fuzz victim role 2' },
  'POST /api/deliveries/:id/confirm-item': {
    order_id: crewOrder.orderId,
    product_id: crewOrder.productIds[0],
  },
  'POST /api/deliveries/:id/fail-item': {
    order_id: crewOrder.orderId,
    product_id: crewOrder.productIds[1],
    reason: 'Damaged',
  },
  'POST /api/deliveries/:id/orders/:order_id/fail': { reason: 'Customer absent' },
};
const VALID_QUERY: Record<string, Record<string, string>> = {
  'POST /api/deliveries/deliveries': {
    truck_id: String(truck.truckId),
    route_id: String(scene.store.routeId),
    user_id: String(scene.manager.userId),
    delivery_date_time: iso(24 * 5),
  },
  'GET /api/deliveries/crew-options': {
    route_id: String(scene.store.routeId),
    delivery_date_time: iso(24 * 5),
  },
  'GET /api/search': { q: 'fuzz' },
};

// ---------------------------------------------------------------------------------------------
// the routes and their valid inputs

const nameOf = (r: DeclaredRoute) => `${r.method} ${r.url}`;
const takesBody = (method: string) => !['GET', 'DELETE', 'HEAD', 'OPTIONS'].includes(method);
const routes = app.declaredRoutes.filter(
  (r) => r.schema.params || r.schema.querystring || r.schema.body || takesBody(r.method),
);

function inputOf(r: DeclaredRoute): RouteInput {
  const portal = r.permission ? (PERMISSIONS[r.permission as Permission] as readonly Portal[])[0]! : null;
  const params = Object.fromEntries(
    [...r.url.matchAll(/:(\w+)/g)].map((m) => [m[1]!, String(paramValue(r.url, m[1]!))]),
  );
  return {
    route: r,
    params,
    query: VALID_QUERY[nameOf(r)] ?? {},
    body: r.schema.body ? (VALID_BODY[nameOf(r)] ?? sample(r.schema.body)) : undefined,
    form: !!r.schema.consumes && !r.schema.consumes.includes('application/json'),
    auth: portal ? users[portal].auth : {},
    maxBodyBytes: MAX_BODY_BYTES,
  };
}
const inputs = routes.map(inputOf);

// ---------------------------------------------------------------------------------------------
// what is checked

/** Every table's row count and the newest transaction that wrote a row of it: one query. */
const tables = (
  await db.execute<{ relname: string }>(
    sql`select relname from pg_class
         where relkind = 'r' and relnamespace = (select oid from pg_namespace where nspname = current_schema())
         order by relname`,
  )
).rows
  .map((r) => r.relname)
  // a refused sign-in is counted by design (the attempt limits, features/auth/throttle.ts)
  .filter((name) => name !== 'auth_throttle');
const snapshotQuery = sql.raw(
  tables
    .map(
      (t) =>
        `select '${t}' as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as x from "${t}"`,
    )
    .join(' union all '),
);
async function snapshot(): Promise<Record<string, string>> {
  const rows = (await db.execute<{ t: string; n: number; x: string }>(snapshotQuery)).rows;
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n} rows, last written by ${r.x}`]));
}
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} -> ${after[t]}`);
}
/** The audit log's size and newest row: cheap enough to read around every call. */
async function auditMark(): Promise<string> {
  const row = (
    await db.execute<{ n: number; last: string | null }>(
      sql`select count(*)::int as n, max(audit_id)::text as last from audit_log`,
    )
  ).rows[0]!;
  return `${row.n} rows, last ${row.last}`;
}

/** Calls by kind of case (test/bad-input.ts), for docs/reliability.md. */
const kinds: Record<string, number> = {};
const calls = { sure: 0, maybe: 0, refused: 0, succeeded: 0, batchesCompared: 0, batchesSkipped: 0 };

function send(c: Case): Promise<LightMyRequestResponse> {
  return app.inject({ method: c.method as 'GET', url: c.url, headers: c.headers, payload: c.payload });
}

/** The checks of one answer; a message naming what was wrong, or undefined. */
function problem(c: Case, res: LightMyRequestResponse): string | undefined {
  const seen = `${res.statusCode} ${res.payload.slice(0, 200)}`;
  if (res.statusCode >= 500) return `a 5xx: ${seen}`;
  if (c.refused && (res.statusCode < 400 || res.statusCode >= 500)) return `not refused: ${seen}`;
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.payload);
  } catch {
    return `a refusal that is not JSON: ${seen}`;
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    Object.keys(body).join() !== 'detail' ||
    typeof (body as { detail: unknown }).detail !== 'string'
  )
    return `a refusal that is not exactly { detail }: ${seen}`;
  return undefined;
}

/** A route's cases as one fast-check property; a failure names the route and the seed. */
async function walk(input: RouteInput, mode: 'sure' | 'maybe'): Promise<{ wrote: boolean }> {
  const name = nameOf(input.route);
  let wrote = false;
  const arbitrary = caseArbitrary(input, mode);
  // the audit log as it was before the next call: read after every call (one read a call)
  let mark = await auditMark();
  const property = fc.asyncProperty(
    mode === 'sure' ? arbitrary.filter((c) => c.refused) : arbitrary,
    async (c) => {
      const res = await send(c);
      calls[mode]++;
      kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
      const before = mark;
      mark = await auditMark();
      const wrong = problem(c, res);
      if (wrong) throw new Error(`${c.kind}: ${c.what}: ${wrong}`);
      const logged = logLines.splice(0).filter((l) => /unhandled error|validation let through/.test(l));
      if (logged.length > 0) throw new Error(`${c.kind}: ${c.what}: logged ${logged[0]!.slice(0, 300)}`);
      if (res.statusCode >= 400) {
        calls.refused++;
        if (mark !== before)
          throw new Error(
            `${c.kind}: ${c.what}: refused (${res.statusCode}) but the audit log moved: ${before} -> ${mark}`,
          );
      } else {
        calls.succeeded++;
        // a read may write too (reading notifications writes the ones time made, sweepIfDue)
        wrote = true;
      }
    },
  );
  const seed = (SEED ^ hash(`${name} ${mode}`)) | 0;
  try {
    await fc.assert(property, {
      seed,
      // FC_PATH (printed by fast-check with the seed) goes straight to the counterexample
      path: process.env.FC_PATH || undefined,
      numRuns: mode === 'sure' ? SURE_RUNS : MAYBE_RUNS,
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    throw new Error(
      `${name} (${mode} cases): ${cause?.message ?? ''}\n${(error as Error).message}\n` +
        `Replay: FC_SEED=${SEED} npx vitest run src/server/bad-input.property.test.ts -t '${testPattern(name)}'`,
    );
  }
  return { wrote };
}

/** A -t pattern that matches this route's test only. */
const testPattern = (name: string) => `${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h;
}

describe('bad input on every route that takes input (fast-check)', () => {
  it('every such route has a valid input to put defects into', () => {
    expect(routes.length).toBeGreaterThan(80);
    const invalid = inputs
      .filter((i) => schemasRefuse(i.route, i.params, i.query, i.body))
      .map((i) => nameOf(i.route));
    // a new route: add its valid body or query to VALID_BODY / VALID_QUERY above
    expect(invalid).toEqual([]);
    console.log(`bad-input: FC_SEED=${SEED}, ${inputs.length} routes`);
  });

  it.each(inputs.map((i) => [nameOf(i.route), i] as const))('%s', async (name, input) => {
    const before = await snapshot();
    await walk(input, 'sure');
    const after = await snapshot();
    // every case above was refused: no table may have changed
    expect(changed(before, after), `${name}: refused cases wrote (FC_SEED=${SEED})`).toEqual([]);
    const { wrote } = await walk(input, 'maybe');
    if (wrote) {
      calls.batchesSkipped++;
    } else {
      calls.batchesCompared++;
      expect(changed(after, await snapshot()), `${name}: refused cases wrote (FC_SEED=${SEED})`).toEqual([]);
    }
  });

  it('counts', () => {
    console.log(
      `bad-input: ${inputs.length} routes, calls ${JSON.stringify(calls)} ${JSON.stringify(kinds)}`,
    );
    expect(calls.sure).toBeGreaterThanOrEqual(inputs.length * SURE_RUNS);
  });
});
