import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decimalFields } from '#shared/contract/common';
import { createProduct, createUser } from './test/factories';
import { createTestApp } from './test/harness';
import { createCrewMember, createStore, createTrip, createTruck } from './test/scheduling-factories';
import { leaves, sample, unwrap, withLeaf } from './test/schema-walk';

// A non-whole number is kept in a numeric(p, scale) column, which rounds it before its CHECK runs:
// 0.04 passed `positive()` and reached the database as 0.0, whose CHECK (> 0) answered 500.
// Every such field of every request is a `decimal()` of src/shared/contract/common.ts, which
// checks its bounds on the value the column will store; the walk below finds any field added
// later that is not.
const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');

type Schema = { _zod: { def: { type: string; checks?: Array<{ _zod: { def: { format?: string } } }> } } };
const at = (schema: unknown, path: Array<string | number>): unknown => {
  let current = unwrap(schema) as { _zod: { def: Record<string, unknown> } } | undefined;
  for (const key of path) {
    const def = current?._zod.def;
    if (!def) return undefined;
    const next =
      def.type === 'object'
        ? (def.shape as Record<string, unknown>)[key as string]
        : def.type === 'array'
          ? def.element
          : def.type === 'union'
            ? (def.options as unknown[])[0]
            : undefined;
    current = unwrap(next) as typeof current;
  }
  return current;
};
const isWhole = (leaf: Schema) =>
  leaf._zod.def.type === 'int' || (leaf._zod.def.checks ?? []).some((c) => c._zod.def.format === 'safeint');

const fields = app.declaredRoutes.flatMap((route) =>
  route.schema.body
    ? leaves(route.schema.body)
        .filter((l) => l.kind === 'number')
        .map((l) => ({ route, path: l.path, schema: at(route.schema.body, l.path) as Schema }))
        .filter((f) => !isWhole(f.schema))
    : [],
);

describe('every non-whole number a request takes', () => {
  it('is found in the route table (employees, trips, products, trucks, routes)', () => {
    const names = new Set(fields.map((f) => String(f.path.at(-1))));
    for (const name of ['weekly_hour_limit', 'total_capacity', 'space_per_unit', 'unit_price', 'capacity'])
      expect(names).toContain(name);
  });

  it.each(fields.map((f) => [`${f.route.method} ${f.route.url} ${f.path.join('.')}`, f] as const))(
    '%s is a decimal() whose bounds hold after rounding',
    (_name, f) => {
      const meta = decimalFields.get(f.schema as never);
      expect(meta, 'declare it with decimal() of src/shared/contract/common.ts').toBeDefined();
      const body = sample(f.route.schema.body);
      const issuesAt = (value: number) => {
        const parsed = (
          f.route.schema.body as {
            safeParse(v: unknown): { error?: { issues: Array<{ path: PropertyKey[] }> } };
          }
        ).safeParse(withLeaf(body, f.path, value));
        return (parsed.error?.issues ?? []).filter((i) => i.path.join('.') === f.path.join('.'));
      };
      // a decimal more than the column keeps, which it would round to 0
      expect(issuesAt(0.4 * 10 ** -meta!.scale)).not.toHaveLength(0);
      // a value the column rounds to 0: refused, unless 0 itself is allowed
      if (issuesAt(0).length > 0) expect(issuesAt(1e-300)).not.toHaveLength(0);
    },
  );
});

describe('values that round to zero are a 422 naming the field, and nothing is written', () => {
  const put = (url: string, payload: unknown, who = admin) =>
    app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as object });
  const auditRows = async () =>
    (await app.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]!.n;

  it('PUT /api/employees/{id} weekly_hour_limit: 0.04 and 1e-300', async () => {
    const { employeeId } = await createCrewMember(app, 'Driver', null, 40);
    const before = await auditRows();
    for (const value of [0.04, 1e-300, 12.25]) {
      const res = await put(`/api/employees/${employeeId}`, { weekly_hour_limit: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().detail).toMatch(/^Invalid request: weekly_hour_limit: weekly_hour_limit must/);
    }
    expect((await put(`/api/employees/${employeeId}`, { weekly_hour_limit: 0.1 })).statusCode).toBe(200);
    const row = await app.ctx.db.execute<{ limit: string }>(
      sql`select weekly_hour_limit::text as limit from employees where employee_id = ${employeeId}`,
    );
    expect(row.rows[0]!.limit).toBe('0.1');
    expect(await auditRows()).toBe(before + 1);
  });

  it('PUT /api/train-trips/{id} total_capacity: 1e-300 and 0.004', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 48, capacity: 100 });
    const before = await auditRows();
    for (const value of [1e-300, 0.004]) {
      const res = await put(`/api/train-trips/${trip.trainTripId}`, { total_capacity: value }, manager);
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().detail).toMatch(
        /^Invalid request: total_capacity: must (be at least 0\.01|have at most 2 decimals)$/,
      );
    }
    expect(await auditRows()).toBe(before);
  });

  it('PUT /api/products/{id}/details space_per_unit: 1e-300 and 0.0004', async () => {
    const product = await createProduct(app, { units: 5 });
    const details = { name: product.name, category: 'Household', unit_price: 10, reorder_point: 50 };
    const before = await auditRows();
    for (const value of [1e-300, 0.0004]) {
      const res = await put(`/api/products/${product.productId}/details`, {
        ...details,
        space_per_unit: value,
      });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().detail).toMatch(/^Invalid request: space_per_unit: must/);
    }
    expect(await auditRows()).toBe(before);
    // a price that rounds to 0.00 is a price of 0, which the column allows
    const free = await put(`/api/products/${product.productId}/details`, {
      ...details,
      unit_price: 1e-300,
      space_per_unit: 0.001,
    });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ unitPrice: 0, space_per_unit: 0.001 });
  });

  it('PUT /api/Trucks/trucks/{id} capacity: 1e-300', async () => {
    const store = await createStore(app);
    const truck = await createTruck(app, store.storeId);
    const res = await put(`/api/Trucks/trucks/${truck.truckId}`, {
      plate_number: truck.plateNumber,
      capacity: 1e-300,
      store_id: store.storeId,
      status: 'Available',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Invalid request: capacity: capacity must be at least 0.01');
  });
});
