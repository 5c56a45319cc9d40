import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, REFUSED_ACTION } from '#shared/permissions';
import { type Portal, portalForRole } from '#shared/roles';
import type { DeclaredRoute } from './http/authenticate';
import { crewScene } from './test/crew-factories';
import { createUser, daysFromNow, TEST_PASSWORD, type TestUser } from './test/factories';
import { createTestApp, TEST_JWT_SECRET } from './test/harness';
import { sample } from './test/schema-walk';

// Issue 24, suite 1: every route of the app's route table x every kind of caller, against the
// answer the permission table (src/shared/permissions.ts) gives. EXPECTED below is this suite's
// own copy of who may call what: it is compared with the route table both ways (a route added
// without its row fails, naming the row to add) and with the permission table (a route that
// changes its permission, or a permission that changes its portals, fails until the row says so).

/** The callers with a role: the five portals' demo roles (a driver reaches the crew portal). */
const ROLE_CALLERS = ['admin', 'manager', 'warehouse', 'driver', 'assistant', 'customer'] as const;
type RoleCaller = (typeof ROLE_CALLERS)[number];
const ROLE_OF: Record<RoleCaller | 'no-portal', string> = {
  admin: 'Admin',
  manager: 'Manager',
  warehouse: 'Warehouse Manager',
  driver: 'Driver',
  assistant: 'Driver Assistant',
  customer: 'Customer',
  // a role whose name matches no portal (src/shared/roles.ts): it may call nothing
  'no-portal': 'Auditor',
};

const ALL: readonly RoleCaller[] = ROLE_CALLERS;
const CREW: readonly RoleCaller[] = ['driver', 'assistant'];
const STAFF: readonly RoleCaller[] = ['admin', 'manager', 'warehouse'];
type Row = 'public' | readonly RoleCaller[];

/**
 * Who may call each route (its other callers get 401 or 403). A new route fails this suite until
 * it has its row here; the row must agree with the route's permission in src/shared/permissions.ts.
 */
const EXPECTED: Record<string, Row> = {
  'GET /api/health': 'public',
  'GET /api/public/figures': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/register_public_customer': 'public',
  'GET /api/auth/profile': ALL,
  'PUT /api/auth/profile/language': ALL,
  'GET /api/events': ALL,
  'GET /api/notifications': ALL,
  'POST /api/notifications/:id/read': ALL,
  'POST /api/notifications/read-all': ALL,
  'GET /api/search': ALL,
  'GET /api/stores': ALL,
  'GET /api/cities': ALL,
  'GET /api/products': ALL,
  'POST /api/products': ['admin', 'warehouse'],
  'PUT /api/products/:id/details': ['admin', 'warehouse'],
  'PUT /api/products/:id': ['admin', 'warehouse'],
  'POST /api/products/:id/receipts': ['admin', 'warehouse'],
  'GET /api/products/:id/movements': STAFF,
  'GET /api/stores/:id/stock': STAFF,
  'POST /api/customers/:id/orders': ['admin', 'manager', 'customer'],
  'GET /api/customers/:id/delivery-defaults': ['admin', 'manager', 'customer'],
  'GET /api/orders': ['admin', 'manager', 'warehouse', 'customer'],
  'GET /api/orders/export.csv': ['admin', 'manager', 'warehouse', 'customer'],
  'GET /api/orders/:id': ['admin', 'manager', 'warehouse', 'customer'],
  'GET /api/orders/:id/invoice.pdf': ['admin', 'manager', 'warehouse', 'customer'],
  'GET /api/orders/:id/attachments/:attachmentId': ['admin', 'manager', 'warehouse', 'customer'],
  'POST /api/orders/:id/cancel': ['customer'],
  'PATCH /api/orders/:id': ['customer'],
  'PUT /api/orders/:id/status': ['admin', 'manager'],
  'POST /api/orders/:id/allocate-train': ['admin', 'manager'],
  'GET /api/orders/:id/allocation-preview': ['admin', 'manager'],
  'POST /api/orders/:id/return-to-kandy': ['admin', 'manager'],
  'GET /api/dashboard/customer-stats': ['customer'],
  'POST /api/support/requests': ['customer'],
  'GET /api/support/requests': ['admin', 'manager', 'customer'],
  'GET /api/support/requests/:id': ['admin', 'manager', 'customer'],
  'POST /api/support/requests/:id/messages': ['admin', 'manager', 'customer'],
  'POST /api/support/requests/:id/close': ['admin', 'manager'],
  'GET /api/employees': ['admin', 'manager'],
  'POST /api/employees': ['admin'],
  'PUT /api/employees/:id': ['admin'],
  'GET /api/dashboard/warehouse-manager-stats': ['admin', 'warehouse'],
  'GET /api/report/inventory-alerts': ['admin', 'warehouse'],
  'POST /api/inventory-alerts/:product_id/dismissal': ['admin', 'warehouse'],
  'DELETE /api/inventory-alerts/:product_id/dismissal': ['admin', 'warehouse'],
  'GET /api/report/product-performance': ['admin', 'warehouse'],
  'GET /api/report/current-stock': ['admin', 'warehouse'],
  'GET /api/train-trips': STAFF,
  'GET /api/train-trips/:id': STAFF,
  'POST /api/train-trips': ['admin', 'manager'],
  'PUT /api/train-trips/:id': ['admin', 'manager'],
  'GET /api/Trucks/trucks': ['admin', 'manager'],
  'GET /api/routes/routes': ['admin', 'manager'],
  'GET /api/deliveries/deliveries': ['admin', 'manager'],
  'POST /api/deliveries/deliveries': ['admin', 'manager'],
  'GET /api/deliveries/crew-options': ['admin', 'manager'],
  'GET /api/deliveries/:id': ['admin', 'manager'],
  'PUT /api/deliveries/:id/crew': ['admin', 'manager'],
  'PUT /api/deliveries/:id/truck': ['admin', 'manager'],
  'PUT /api/deliveries/:id/orders': ['admin', 'manager'],
  'GET /api/deliveries/:id/loadable-orders': ['admin', 'manager'],
  'POST /api/Trucks/trucks': ['admin'],
  'PUT /api/Trucks/trucks/:id': ['admin'],
  'PATCH /api/Trucks/trucks/:id/status': ['admin', 'manager'],
  'DELETE /api/Trucks/trucks/:id': ['admin'],
  'POST /api/routes/routes': ['admin'],
  'PUT /api/routes/routes/:id': ['admin'],
  'DELETE /api/routes/routes/:id': ['admin'],
  'POST /api/stores': ['admin'],
  'PUT /api/stores/:id': ['admin'],
  'DELETE /api/stores/:id': ['admin'],
  'GET /api/dashboard/manager-stats': ['admin', 'manager'],
  'GET /api/report/truck_usage': ['admin', 'manager'],
  'GET /api/report/driver-hours': ['admin', 'manager'],
  'GET /api/report/delivery-performance': ['admin', 'manager'],
  'GET /api/report/delivery-performance-summary': ['admin', 'manager'],
  'GET /api/report/train-capacity-utilization': ['admin', 'manager'],
  'GET /api/report/employee-workload': ['admin', 'manager'],
  'GET /api/report/crew-hours': ['admin', 'manager'],
  'GET /api/report/truck-usage': ['admin', 'manager'],
  'GET /api/report/customer-orders': ['admin', 'manager'],
  'GET /api/report/revenue-analysis': ['admin'],
  'GET /api/report/quarterly-sales': ['admin'],
  'GET /api/report/top-items': ['admin'],
  'GET /api/report/city-sales': ['admin'],
  'GET /api/report/route-sales': ['admin'],
  'GET /api/planning/pending-orders': ['admin', 'manager'],
  'POST /api/planning/proposals': ['admin', 'manager'],
  'GET /api/planning/proposals/current': ['admin', 'manager'],
  'GET /api/planning/proposals/:id': ['admin', 'manager'],
  'POST /api/planning/proposals/:id/commit': ['admin', 'manager'],
  'DELETE /api/planning/proposals/:id': ['admin', 'manager'],
  'GET /api/dashboard/admin-stats': ['admin'],
  'GET /api/dashboard/admin-chart-data': ['admin'],
  'GET /api/dashboard/admin-alerts': ['admin'],
  'GET /api/users': ['admin'],
  'POST /api/users': ['admin'],
  'PUT /api/users/:id': ['admin'],
  'DELETE /api/users/:id': ['admin'],
  'GET /api/roles': ['admin'],
  'POST /api/roles': ['admin'],
  'PUT /api/roles/:id': ['admin'],
  'DELETE /api/roles/:id': ['admin'],
  'GET /api/auditlog': ['admin'],
  // the crew portal: the driver and the assistant (their own runs: ownership-matrix.test.ts)
  'GET /api/deliveries/assistant/:employee_id/assignments': [...CREW, 'admin', 'manager'],
  'GET /api/deliveries/assistant/:employee_id/notifications': [...CREW, 'admin', 'manager'],
  'GET /api/deliveries/:id/order-items': [...CREW, 'admin', 'manager'],
  'POST /api/deliveries/:id/start': CREW,
  'POST /api/deliveries/:id/confirm-item': CREW,
  'POST /api/deliveries/:id/fail-item': CREW,
  'POST /api/deliveries/:id/orders/:order_id/fail': CREW,
};

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

const { app } = await createTestApp({
  // every caller signs in and registers once: the attempt limits are not under test here
  throttleRules: {
    account: { max: 10_000, windowMs: 60_000 },
    address: { max: 10_000, windowMs: 60_000 },
    registration: { max: 10_000, windowMs: 60_000 },
  },
});
const routes = app.declaredRoutes;

// ---- the callers ----

const scene = await crewScene(app, { orderCount: 1 });
const people: Record<RoleCaller | 'no-portal', TestUser> = {
  admin: await createUser(app, ROLE_OF.admin),
  manager: scene.manager,
  warehouse: await createUser(app, ROLE_OF.warehouse),
  driver: scene.driver,
  assistant: scene.assistant,
  customer: scene.orders[0]!.customer,
  'no-portal': await createUser(app, ROLE_OF['no-portal']),
};
/** Signs in with the password (the public sign-in route's sample: every caller's answer is 200). */
const signInAs = await createUser(app, 'Manager');

const key256 = new TextEncoder().encode(TEST_JWT_SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowS = () => Math.floor(Date.now() / 1000);
const adminId = people.admin.userId;

// a deleted admin: its token is signed, unexpired and names the right version, and the user is gone
const deletedAdmin = await createUser(app, ROLE_OF.admin);
{
  const res = await app.inject({
    method: 'DELETE',
    url: `/api/users/${deletedAdmin.userId}`,
    headers: people.admin.auth,
  });
  if (res.statusCode !== 204) throw new Error(`deleting the admin: ${res.statusCode} ${res.body}`);
}

// an admin deactivated behind the server's back, and a driver whose staff record is made former
// (their logins end: decision 0069)
const deactivatedAdmin = await createUser(app, ROLE_OF.admin);
await app.ctx.db.execute(sql`update users set is_active = false where user_id = ${deactivatedAdmin.userId}`);
const formerDriver = await createUser(app, ROLE_OF.driver);
{
  const res = await app.inject({
    method: 'PUT',
    url: `/api/employees/${formerDriver.employeeId}`,
    headers: people.admin.auth,
    payload: { is_active: false },
  });
  if (res.statusCode !== 200) throw new Error(`making the driver former: ${res.statusCode} ${res.body}`);
}

/** Bearer tokens that must open nothing, each naming the live admin (or an ended login). */
const BAD_TOKENS: Record<string, string> = {
  'deleted user': deletedAdmin.token,
  'deactivated user': deactivatedAdmin.token,
  'former employee': formerDriver.token,
  'other secret': await new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(adminId))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256')),
  'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(adminId), ver: 0, iat: nowS(), exp: nowS() + 3600 })}.`,
  expired: await new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(adminId))
    .setIssuedAt(nowS() - 7200)
    .setExpirationTime(nowS() - 60)
    .sign(key256),
  // the customer's signed token with its subject changed to the admin's, signature kept
  tampered: (() => {
    const [header, , signature] = people.customer.token.split('.');
    return `${header}.${b64({ sub: String(adminId), ver: 0, iat: nowS(), exp: nowS() + 3600 })}.${signature}`;
  })(),
  malformed: 'not-a-jwt',
};

type Caller =
  | { name: RoleCaller | 'no-portal'; kind: 'role'; headers: Record<string, string>; user: TestUser }
  | { name: string; kind: 'anonymous' | 'bad-token'; headers: Record<string, string> };
const CALLERS: Caller[] = [
  ...(Object.keys(people) as (RoleCaller | 'no-portal')[]).map(
    (name): Caller => ({ name, kind: 'role', headers: people[name].auth, user: people[name] }),
  ),
  { name: 'anonymous', kind: 'anonymous', headers: {} },
  ...Object.entries(BAD_TOKENS).map(
    ([name, token]): Caller => ({ name, kind: 'bad-token', headers: { authorization: `Bearer ${token}` } }),
  ),
];

// ---- the requests: valid-looking input, so an allowed caller reaches the handler ----

/** An id nothing has: an allowed caller's call runs and finds nothing (404), changing nothing. */
const NONE = 2147483647;

/** Real ids for reads, so an allowed caller's read answers with data. */
function paramValue(route: DeclaredRoute, param: string, caller: Caller): number {
  const user = caller.kind === 'role' ? caller.user : null;
  if (param === 'employee_id') return user?.employeeId ?? scene.driver.employeeId!;
  if (route.url.startsWith('/api/customers/:id')) return user?.customerId ?? people.customer.customerId!;
  if (route.method !== 'GET') return NONE;
  const order = scene.orders[0]!;
  if (route.url.startsWith('/api/orders/:id') && param === 'id') return order.orderId;
  if (route.url.startsWith('/api/products/:id')) return order.productIds[0]!;
  if (route.url.startsWith('/api/stores/:id')) return scene.store.storeId;
  if (route.url.startsWith('/api/deliveries/:id')) return scene.deliveryId;
  return NONE;
}

let serial = 0;
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * Input that passes validation where the schema's sample (test/schema-walk.ts) would not, so the
 * allowed callers' calls run their handlers: creations make real rows (named uniquely); calls on
 * an id use NONE and end in the handler's 404.
 */
function inputFor(route: DeclaredRoute, caller: Caller): { query?: Record<string, string>; body?: unknown } {
  const n = `${serial++}${Date.now().toString(36)}`;
  const order = scene.orders[0]!;
  const item = { order_id: order.orderId, product_id: order.productIds[0]! };
  switch (key(route)) {
    case 'POST /api/auth/login':
      return {
        body: new URLSearchParams({ username: signInAs.userName, password: TEST_PASSWORD }).toString(),
      };
    case 'POST /api/auth/register_public_customer':
      return {
        body: {
          ...(sample(route.schema.body) as object),
          username: `matrix.${n}`,
          password: 'a-long-enough-password',
          name: `Matrix Customer ${n}`,
          email: `matrix.${n}@example.test`,
        },
      };
    case 'GET /api/search':
      return { query: { q: 'Customer' } };
    case 'GET /api/deliveries/crew-options':
      return { query: { route_id: String(scene.store.routeId), delivery_date_time: soon(30) } };
    case 'POST /api/deliveries/deliveries':
      return {
        query: {
          truck_id: String(NONE),
          route_id: String(scene.store.routeId),
          user_id: String(caller.kind === 'role' ? caller.user.userId : NONE),
          delivery_date_time: soon(30),
        },
      };
    case 'POST /api/customers/:id/orders':
      return {
        body: {
          scheduleDate: daysFromNow(10),
          items: [{ productID: order.productIds[0]!, quantity: 1 }],
          deliveryAddress: `1 Matrix Road, ${scene.store.town}`,
        },
      };
    case 'PATCH /api/orders/:id':
      return { body: { scheduleDate: daysFromNow(12) } };
    case 'POST /api/deliveries/:id/confirm-item':
      return { body: item };
    case 'POST /api/deliveries/:id/fail-item':
      return { body: { ...item, reason: 'Damaged' } };
    case 'POST /api/planning/proposals':
      return { body: { from: daysFromNow(1), to: daysFromNow(8) } };
    case 'POST /api/train-trips':
      return {
        body: {
          arrival_city: scene.store.cityName,
          departure_date_time: soon(48),
          arrival_date_time: soon(52),
          total_capacity: 100,
        },
      };
    case 'POST /api/users':
    case 'PUT /api/users/:id':
      return {
        body: {
          username: `matrix.user.${n}`,
          email: `matrix.user.${n}@example.test`,
          role: 'Manager',
          password: 'a-long-enough-password',
        },
      };
    case 'POST /api/Trucks/trucks':
    case 'PUT /api/Trucks/trucks/:id':
      return {
        body: { plate_number: `MX-${n}`, capacity: 50, store_id: scene.store.storeId, status: 'Available' },
      };
    case 'POST /api/stores':
      // the scene's city has its store already: the handler answers 409 (one store per city)
      return {
        body: { city: scene.store.cityName, address: '1 Matrix Road', near_station_name: 'Matrix Station' },
      };
    case 'POST /api/products':
      return { body: { ...(sample(route.schema.body) as object), name: `Matrix product ${n}` } };
  }
  return route.schema.body ? { body: sample(route.schema.body) } : {};
}

function requestFor(route: DeclaredRoute, caller: Caller) {
  const path = route.url.replace(/:(\w+)/g, (_, param: string) => String(paramValue(route, param, caller)));
  const { query, body } = inputFor(route, caller);
  const form = typeof body === 'string';
  return {
    method: route.method as 'GET',
    url: query ? `${path}?${new URLSearchParams(query)}` : path,
    headers: {
      ...caller.headers,
      ...(body === undefined
        ? {}
        : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
    },
    payload: body === undefined ? undefined : form ? body : JSON.stringify(body),
  };
}

// ---- what each cell must answer ----

function allowedPortals(route: DeclaredRoute): readonly Portal[] | 'public' {
  return route.public ? 'public' : PERMISSIONS[route.permission as Permission];
}

describe('the expectations table and the route table agree', () => {
  it('every route has its row, and every row its route', () => {
    const declared = new Set(routes.map(key));
    const missing = [...declared].filter((k) => !(k in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((k) => !declared.has(k));
    expect(
      missing.map((k) => {
        const route = routes.find((r) => key(r) === k)!;
        return `add to EXPECTED in src/server/permission-matrix.test.ts: '${k}': ${
          route.public
            ? "'public'"
            : `[${ROLE_CALLERS.filter((c) => (allowedPortals(route) as readonly Portal[]).includes(portalForRole(ROLE_OF[c])!)).map((c) => `'${c}'`)}]`
        },`;
      }),
      'routes with no row',
    ).toEqual([]);
    expect(stale, 'rows of routes that no longer exist (remove them)').toEqual([]);
  });

  it("every row says what the route's permission says", () => {
    const disagree: string[] = [];
    for (const route of routes) {
      const row = EXPECTED[key(route)];
      if (row === undefined) continue;
      const portals = allowedPortals(route);
      const fromTable =
        portals === 'public'
          ? 'public'
          : ROLE_CALLERS.filter((c) => portals.includes(portalForRole(ROLE_OF[c])!)).join(',');
      const fromRow =
        row === 'public'
          ? 'public'
          : [...row].sort((a, b) => ROLE_CALLERS.indexOf(a) - ROLE_CALLERS.indexOf(b)).join(',');
      if (fromTable !== fromRow)
        disagree.push(
          `${key(route)} (${route.permission ?? 'public'}): the row says ${fromRow}, the permission table ${fromTable}`,
        );
    }
    expect(disagree).toEqual([]);
  });

  it('the demo roles reach their portals: a driver the crew portal, Auditor none', () => {
    expect(Object.fromEntries(Object.entries(ROLE_OF).map(([c, role]) => [c, portalForRole(role)]))).toEqual({
      admin: 'admin',
      manager: 'manager',
      warehouse: 'warehouse',
      driver: 'assistant',
      assistant: 'assistant',
      customer: 'customer',
      'no-portal': null,
    });
  });
});

// ---- the matrix ----

function isAllowed(route: DeclaredRoute, caller: Caller): boolean {
  const row = EXPECTED[key(route)];
  if (row === 'public') return true;
  if (caller.kind !== 'role' || caller.name === 'no-portal') return false;
  return (row ?? []).includes(caller.name);
}

const cells = routes.flatMap((route) =>
  CALLERS.map((caller) => ({ route, caller, allowed: isAllowed(route, caller) })),
);
const refusedCells = cells.filter((c) => !c.allowed);
const allowedCells = cells.filter((c) => c.allowed);

/** Row counts of every table of the test's schema, in one statement. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await app.ctx.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const res = await app.ctx.db.execute<Record<string, number>>(
    sql.raw(
      `select ${tables.rows.map((t) => `(select count(*)::int from "${t.name}") as "${t.name}"`).join(', ')}`,
    ),
  );
  return res.rows[0]!;
}

/** Runs `work` over `items`, `size` at a time. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** What is wrong with one answer, or null. */
function wrongAnswer(
  res: { statusCode: number; body: string },
  route: DeclaredRoute,
  caller: Caller,
  allowed: boolean,
) {
  const status = res.statusCode;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  const detail =
    body &&
    typeof body === 'object' &&
    Object.keys(body).length === 1 &&
    typeof (body as { detail?: unknown }).detail === 'string'
      ? (body as { detail: string }).detail
      : null;
  const said = `${status} ${res.body.slice(0, 160)}`;
  if (status >= 500) return `a ${said}`;
  if (status >= 400 && detail === null)
    return `${status} without a { detail } body: ${res.body.slice(0, 160)}`;
  if (allowed) {
    if (status === 401 || status === 403) return `refused an allowed caller: ${said}`;
    return null;
  }
  if (caller.kind === 'anonymous')
    return status === 401 && detail === 'Not authenticated' ? null : `not 401 Not authenticated: ${said}`;
  if (caller.kind === 'bad-token')
    return status === 401 && detail === 'Invalid or expired token'
      ? null
      : `not 401 Invalid or expired token: ${said}`;
  const action = REFUSED_ACTION[route.permission as Permission] ?? 'do this';
  const expected = `Your role (${ROLE_OF[caller.name as RoleCaller]}) cannot ${action}`;
  return status === 403 && detail === expected ? null : `not 403 "${expected}": ${said}`;
}

/** An event stream's first answer over a real connection (inject would wait for its end). */
async function openStream(base: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: abort.signal });
  const body = res.status === 200 ? '' : await res.text();
  abort.abort();
  return { statusCode: res.status, body, type: res.headers.get('content-type') ?? '' };
}

// the event stream over a real connection, the rest in-process
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const send = (route: DeclaredRoute, caller: Caller) =>
  key(route) === 'GET /api/events' ? openStream(base, caller.headers) : app.inject(requestFor(route, caller));

describe('every route x every caller', () => {
  it('covers the whole table', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(CALLERS.length).toBe(16);
    expect(refusedCells.length + allowedCells.length).toBe(routes.length * CALLERS.length);
    if (process.env.MATRIX_VERBOSE)
      console.log(
        `${routes.length} routes, ${refusedCells.length} refused, ${allowedCells.length} allowed calls`,
      );
  });

  describe('refuses every caller the table does not allow (401/403 { detail }), changing nothing', () => {
    it.each(CALLERS.map((c) => [c.name, c] as const))('%s', async (_, caller) => {
      const mine = refusedCells.filter((c) => c.caller === caller);
      expect(mine.length).toBeGreaterThan(0);
      const before = await tableCounts();
      const wrong: string[] = [];
      await inBatches(mine, 24, async ({ route }) => {
        const res = await send(route, caller);
        const problem = wrongAnswer(res, route, caller, false);
        if (problem) wrong.push(`${key(route)} as ${caller.name}: ${problem}`);
      });
      expect(wrong).toEqual([]);
      expect(await tableCounts()).toEqual(before);
    });
  });

  describe('lets every allowed caller through to the handler (never 401/403 or 5xx; a 4xx has { detail })', () => {
    // each route's callers at once
    it.each(routes.map((r) => [key(r), r] as const))('%s', async (_, route) => {
      const wrong: string[] = [];
      await Promise.all(
        allowedCells
          .filter((c) => c.route === route)
          .map(async ({ caller }) => {
            const res = await send(route, caller);
            const problem = wrongAnswer(res, route, caller, true);
            if (problem) wrong.push(`${key(route)} as ${caller.name}: ${problem}`);
            else if (process.env.MATRIX_VERBOSE)
              console.log(`${key(route)} as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }),
      );
      expect(wrong).toEqual([]);
    });
  });
});
