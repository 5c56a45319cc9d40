import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lockLoadCandidates } from './features/deliveries/delivery-loading.queries';
import { findSchedulingOrder } from './features/orders/order-scheduling.queries';
import { candidateOrders, lockOrders, pendingOrders } from './features/planning/planning.queries';
import { openTestDatabase } from './test/harness';

// One statement of an order's space (migrations/0043, issue 25 item 4): the lines' quantity x
// space per unit, summed, rounded up to hundredths. Every reader calls order_space_of(),
// order_lines_space() or space_hundredths(); the pending list sums the lines pending_order_lines
// keeps (not order_items) and so cannot call the per-order function: this test holds them all to
// the same answers on the same orders, with the rounding's edges, and to the rule computed here in
// whole thousandths (space per unit has three decimals, numeric(8,3)).
const database = await openTestDatabase();
afterAll(() => database.close());
const db = database.db;

/** Space per unit in thousandths: the smallest, rounding edges, and the column's largest. */
const PER_UNIT = [1, 5, 9, 125, 333, 500, 1_999, 10, 99_999_999] as const;
type Line = { product: number; quantity: number };

const products: number[] = [];
for (const [i, thousandths] of PER_UNIT.entries()) {
  const res = await db.execute<{ product_id: number }>(
    sql`insert into products (name, category, unit_price, space_per_unit)
        values (${`Space ${i}`}, 'Test', 1, ${thousandths / 1000}) returning product_id`,
  );
  products.push(res.rows[0]!.product_id);
}
const customer = (
  await db.execute<{ customer_id: number }>(
    sql`insert into customers (name, type) values ('Space test', 'Retail') returning customer_id`,
  )
).rows[0]!.customer_id;
const dates = (
  await db.execute<{ from: string; day: string; to: string }>(
    sql`select to_char(current_date + 8, 'YYYY-MM-DD') as from, to_char(current_date + 10, 'YYYY-MM-DD') as day,
               to_char(current_date + 14, 'YYYY-MM-DD') as to`,
  )
).rows[0]!;

/** The rule in whole numbers: hundredths, rounded up once after the sum. */
const expectedCents = (lines: Line[]) =>
  Math.ceil(lines.reduce((s, l) => s + l.quantity * PER_UNIT[l.product]!, 0) / 10);

// By index into PER_UNIT. Each one a rounding edge: exact hundredths, a thousandth over, sums of
// lines that reach a hundredth only together (rounding each line would say more), the largest.
const EDGES: Line[][] = [
  [],
  [{ product: 0, quantity: 1 }], // 0.001 -> 0.01
  [{ product: 0, quantity: 10 }], // 0.010 exactly
  [{ product: 0, quantity: 11 }], // 0.011 -> 0.02
  [{ product: 1, quantity: 1 }], // 0.005 -> 0.01
  [
    { product: 1, quantity: 1 },
    { product: 2, quantity: 1 },
  ], // 0.005 + 0.009 = 0.014 -> 0.02
  [
    { product: 0, quantity: 5 },
    { product: 1, quantity: 1 },
  ], // 0.005 + 0.005: one hundredth, not two
  [{ product: 4, quantity: 3 }], // 0.999 -> 1.00
  [{ product: 3, quantity: 1 }], // 0.125 -> 0.13
  [{ product: 3, quantity: 8 }], // 1.000 exactly
  [{ product: 6, quantity: 1_000 }], // 1999.000
  [
    { product: 7, quantity: 1 },
    { product: 0, quantity: 1 },
  ], // 0.011 -> 0.02
  [{ product: 8, quantity: 999 }], // 99,899,999.001 -> 99,899,999.01 (order_space is numeric(10,2))
];
const GENERATED = fc.sample(
  fc.uniqueArray(
    fc.record({
      product: fc.integer({ min: 0, max: PER_UNIT.length - 2 }),
      quantity: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 100_000 })),
    }),
    { selector: (l) => l.product, minLength: 1, maxLength: 6 },
  ),
  { numRuns: 60, seed: 25 },
);

const cases: Array<{ orderId: number; lines: Line[] }> = [];
for (const lines of [...EDGES, ...GENERATED]) {
  const res = await db.execute<{ order_id: number }>(
    sql`insert into orders (customer_id, schedule_date, status) values (${customer}, ${dates.day}, 'Pending')
        returning order_id`,
  );
  const orderId = res.rows[0]!.order_id;
  for (const l of lines) {
    await db.execute(
      sql`insert into order_items (order_id, product_id, quantity, unit_price)
          values (${orderId}, ${products[l.product]!}, ${l.quantity}, 1)`,
    );
  }
  cases.push({ orderId, lines });
}
const ids = cases.map((c) => c.orderId);

describe("an order's space: one rule, every reader", () => {
  it('the rounding cases are what they say', () => {
    expect(EDGES.map(expectedCents)).toEqual([0, 1, 1, 2, 1, 2, 1, 100, 13, 100, 199_900, 2, 9_989_999_901]);
  });

  it('order_space(), order_space_of() and order_lines_space() in SQL give the rule', async () => {
    const rows = (
      await db.execute<{ order_id: number; space: string; space_of: string; lines: string | null }>(
        sql`select o.order_id, order_space(o.order_id)::text as space, so.space::text as space_of,
                   l.space::text as lines
            from orders o cross join lateral order_space_of(o.order_id) so
            cross join lateral order_lines_space(o.order_id) l
            where o.order_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.order_id, r]));
    for (const c of cases) {
      const row = byId.get(c.orderId)!;
      const cents = expectedCents(c.lines);
      const label = JSON.stringify(c.lines);
      expect(Math.round(Number(row.space) * 100), label).toBe(cents);
      expect(row.space_of, label).toBe(row.space);
      if (c.lines.length === 0) expect(row.lines).toBeNull();
      else expect(Math.round(Number(row.lines) * 100), label).toBe(cents);
    }
  });

  it("the planner's lists, train allocation, the pending list and truck loading read the same space", async () => {
    const planned = new Map(
      (await candidateOrders(db, dates.from, dates.to, ids)).map((o) => [o.order_id, o.space_cents]),
    );
    const locked = new Map(
      (await db.transaction((tx) => lockOrders(tx, ids))).map((o) => [o.order_id, o.space_cents]),
    );
    const pending = new Map(
      (await pendingOrders(db, dates.from, dates.to, 1_000)).map((o) => [o.order_id, o.space]),
    );
    const loading = new Map(
      (await db.transaction((tx) => lockLoadCandidates(tx, ids))).map((o) => [o.order_id, o.space]),
    );
    for (const c of cases) {
      const cents = expectedCents(c.lines);
      const label = JSON.stringify(c.lines);
      expect(planned.get(c.orderId), `planner: ${label}`).toBe(cents);
      expect(locked.get(c.orderId), `commit: ${label}`).toBe(cents);
      expect((await findSchedulingOrder(db, c.orderId, false))?.space_cents, `allocation: ${label}`).toBe(
        cents,
      );
      // hundredths as float8, the same double as cents / 100
      expect(pending.get(c.orderId), `pending list: ${label}`).toBe(cents / 100);
      expect(loading.get(c.orderId), `truck loading: ${label}`).toBe(cents / 100);
    }
  });
});
