import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectFiguresEqualToRebuild,
  keptFigures,
  setStatusAs,
  unitsOf,
} from '#server/test/customer-orders-helpers';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

// Placing an order writes the order, its lines and its stock reservations in one call that
// locks the products last and writes the lines under those locks (decisions 0031, 0039, 0044);
// the sales rollups are appended as deltas and folded by compact_sales_rollups(). These tests race placements against each other, against
// cancellations on the same products and against folds: no deadlock, no oversell, and every
// figure the triggers keep (stock, ledger, rollups, order counts) equal to a recount.
const t = await createTestApp();
const { app } = t;
const onPostgres = t.database.kind === 'postgres';
const db = app.ctx.db;

const manager = await createUser(app, 'Manager');
const buyers = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];

const units = (productId: number) => unitsOf(app, productId);
const cancel = (orderId: number) => setStatusAs(app, manager, orderId, 'Cancelled', 'Race test');
/** Every figure the triggers keep, compared with what a rebuild from the base rows makes. */
const expectEqualToRebuild = () => expectFiguresEqualToRebuild(app, (a, b) => expect(a).toEqual(b));

describe('placing orders at the same time', () => {
  it('races placements and cancellations on the same products without a deadlock, and keeps every figure exact', async () => {
    const hot = [
      await createProduct(app, { units: 1_000 }),
      await createProduct(app, { units: 1_000 }),
      await createProduct(app, { units: 1_000 }),
    ];
    const ids = hot.map((p) => p.productId);
    // items in different orders in the requests: the server sorts them, so locks follow product id
    const itemsOf = (k: number) =>
      (k % 2 === 0 ? ids : [...ids].reverse()).map((productID, j) => ({
        productID,
        quantity: 1 + ((k + j) % 3),
      }));
    const first = await Promise.all(
      Array.from({ length: 8 }, (_, k) => placeOrderAs(app, buyers[k % 2]!, itemsOf(k))),
    );
    expect(first.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const fold = () => db.execute(sql`select compact_sales_rollups()`);
    const [results] = await Promise.all([
      Promise.all([
        ...first.map((r) => cancel(r.json().order_id)),
        ...Array.from({ length: 12 }, (_, k) => placeOrderAs(app, buyers[k % 2]!, itemsOf(k + 1))),
      ]),
      fold(),
      fold(),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([...Array(8).fill(200), ...Array(12).fill(201)]);

    // stock = initial - the lines of the orders not cancelled, and every reservation matches its lines
    const live = await db.execute<{ product_id: number; units: number }>(
      sql`select i.product_id, sum(i.quantity)::int as units from order_items i join orders o using (order_id)
           where i.product_id = any(${`{${ids.join(',')}}`}::int[]) and o.status <> 'Cancelled' group by 1`,
    );
    for (const p of hot) {
      const sold = live.rows.find((r) => r.product_id === p.productId)?.units ?? 0;
      expect(await units(p.productId)).toBe(1_000 - sold);
    }
    const mismatched = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select i.order_id, sum(i.quantity) as units,
               (select -sum(m.delta) from stock_movements m where m.order_id = i.order_id and m.reason = 'order_reserved') as reserved
          from order_items i where i.product_id = any(${`{${ids.join(',')}}`}::int[]) group by i.order_id) x
       where units is distinct from reserved`);
    expect(mismatched.rows[0]!.n).toBe(0);
    await expectEqualToRebuild();
  });

  it('folds the sales rollup deltas without changing a figure', async () => {
    const product = await createProduct(app, { units: 100, unitPrice: 3, spacePerUnit: 0.5 });
    const placed = await Promise.all(
      Array.from({ length: 4 }, (_, k) =>
        placeOrderAs(app, buyers[k % 2]!, [{ productID: product.productId, quantity: 1 + k }]),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await cancel(placed[0]!.json().order_id)).statusCode).toBe(200);
    const deltas = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select ((select count(*) from sales_daily_deltas) + (select count(*) from product_sales_daily_deltas))::int as n`,
        )
      ).rows[0]!.n;
    // each order appended its rows (1 order + 1 line), and the cancellation took them back out
    expect(await deltas()).toBeGreaterThanOrEqual(12);
    const before = await keptFigures(app);
    const folded = await db.execute<{ n: number }>(sql`select compact_sales_rollups()::int as n`);
    expect(folded.rows[0]!.n).toBeGreaterThanOrEqual(12);
    expect(await deltas()).toBe(0);
    expect(await keptFigures(app)).toEqual(before);
    const sold = await db.execute<{ units: number; order_count: number; revenue: number }>(
      sql`select sum(units)::int as units, sum(order_count)::int as order_count, sum(revenue)::float8 as revenue
            from product_sales_daily where product_id = ${product.productId}`,
    );
    expect(sold.rows[0]).toEqual({ units: 2 + 3 + 4, order_count: 3, revenue: 3 * (2 + 3 + 4) });
    await expectEqualToRebuild();
  });

  it('never oversells the last units: the orders that find none get a 409 naming the product', async () => {
    const scarce = await createProduct(app, { units: 10, name: `Scarce Jam ${Date.now()}` });
    const plenty = await createProduct(app, { units: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        placeOrderAs(app, buyers[k % 2]!, [
          { productID: plenty.productId, quantity: 1 },
          { productID: scarce.productId, quantity: 3 },
        ]),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().detail).toBe(`Not enough stock for ${scarce.name}: 1 available, 3 requested`);
    }
    expect(await units(scarce.productId)).toBe(1);
    // a refused order left nothing behind: no order, line or reservation, the other product untouched
    expect(await units(plenty.productId)).toBe(1_000 - 3);
    const orders = await db.execute<{ n: number }>(
      sql`select count(distinct order_id)::int as n from order_items where product_id = ${plenty.productId}`,
    );
    expect(orders.rows[0]!.n).toBe(3);
    await expectEqualToRebuild();
  });

  it('prices the lines from the products and counts each order once in the sales rollup', async () => {
    const product = await createProduct(app, { units: 50, unitPrice: 12.5, spacePerUnit: 0.25 });
    const res = await placeOrderAs(app, buyers[0]!, [{ productID: product.productId, quantity: 4 }]);
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order_id as number;
    const lines = await db.execute<{ quantity: number; unit_price: number }>(
      sql`select quantity, unit_price::float8 as unit_price from order_items where order_id = ${orderId}`,
    );
    expect(lines.rows).toEqual([{ quantity: 4, unit_price: 12.5 }]);
    const history = await db.execute<{ to_status: string; changed_by: number }>(
      sql`select to_status, changed_by from order_status_history where order_id = ${orderId}`,
    );
    expect(history.rows).toEqual([{ to_status: 'Pending', changed_by: buyers[0]!.userId }]);
    // the audit rows of the placement name the customer's user (the actor set in the same transaction)
    const audit = await db.execute<{ table_name: string; performed_by: number }>(
      sql`select distinct table_name, performed_by from audit_log
           where (table_name = 'orders' and row_key = ${String(orderId)})
              or (table_name = 'stock_movements' and new_row ->> 'order_id' = ${String(orderId)})
           order by 1`,
    );
    expect(audit.rows).toEqual([
      { table_name: 'orders', performed_by: buyers[0]!.userId },
      { table_name: 'stock_movements', performed_by: buyers[0]!.userId },
    ]);
    await expectEqualToRebuild();
  });

  it('audits every line and reservation of an order: one row each, with its key, values and actor, and still audits changes to them', async () => {
    const products = [
      await createProduct(app, { units: 40, unitPrice: 1.25, spacePerUnit: 0.5 }),
      await createProduct(app, { units: 40, unitPrice: 3, spacePerUnit: 0.2 }),
      await createProduct(app, { units: 40, unitPrice: 7.5, spacePerUnit: 1 }),
    ];
    const res = await placeOrderAs(
      app,
      buyers[1]!,
      products.map((p, k) => ({ productID: p.productId, quantity: k + 1 })),
    );
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order_id as number;
    const audited = async (table: 'order_items' | 'stock_movements', key: 'order_item_id' | 'movement_id') =>
      (
        await db.execute<{ same: boolean; n: number; actors: number[]; ops: string[] }>(
          sql`select count(*)::int as n,
                     bool_and(a.new_row = to_jsonb(r) and a.old_row is null and a.row_key = (to_jsonb(r) ->> ${key})) as same,
                     array_agg(distinct a.performed_by) as actors, array_agg(distinct a.operation) as ops
                from audit_log a
                join ${sql.raw(table)} r on a.table_name = ${table} and a.row_key = (to_jsonb(r) ->> ${key})
               where r.order_id = ${orderId}`,
        )
      ).rows[0]!;
    for (const [table, key] of [
      ['order_items', 'order_item_id'],
      ['stock_movements', 'movement_id'],
    ] as const) {
      expect(await audited(table, key)).toEqual({
        n: 3,
        same: true,
        actors: [buyers[1]!.userId],
        ops: ['INSERT'],
      });
    }
    // each line in the product sales rollup, and the rest equal to a rebuild
    const sold = await db.execute<{
      product_id: number;
      units: number;
      revenue: number;
      order_count: number;
    }>(
      sql`select product_id, sum(units)::int as units, sum(revenue)::float8 as revenue, sum(order_count)::int as order_count
            from product_sales_daily where product_id = any(${`{${products.map((p) => p.productId).join(',')}}`}::int[])
           group by 1 order by 1`,
    );
    expect(sold.rows).toEqual(
      products.map((p, k) => ({
        product_id: p.productId,
        units: k + 1,
        revenue: (k + 1) * [1.25, 3, 7.5][k]!,
        order_count: 1,
      })),
    );
    await expectEqualToRebuild();
    // an update of a line is still audited row by row with its old and new values
    await db.execute(
      sql`update order_items set quantity = quantity where order_id = ${orderId} and product_id = ${products[0]!.productId}`,
    );
    const updated = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log
           where table_name = 'order_items' and operation = 'UPDATE' and old_row ->> 'order_id' = ${String(orderId)}
             and new_row ->> 'quantity' = '1'`,
    );
    expect(updated.rows[0]!.n).toBe(1);
  });

  // Needs two sessions at once (PGlite has one): a transaction holds the product as another
  // order's reservation would, and the placement waits for it.
  it.runIf(onPostgres)(
    'an order waiting for a product another order holds adds no key-share lock to its row: the lines are written after the lock (no multixact)',
    async () => {
      const product = await createProduct(app, { units: 100, unitPrice: 2.5 });
      const id = product.productId;
      let placing: ReturnType<typeof placeOrderAs> | undefined;
      const seen = await db.transaction(async (tx) => {
        const holder = (await tx.execute<{ xid: string }>(sql`select xid(pg_current_xact_id())::text as xid`))
          .rows[0]!.xid;
        await tx.execute(sql`select 1 from products where product_id = ${id} for no key update`);
        placing = placeOrderAs(app, buyers[0]!, [{ productID: id, quantity: 2 }]);
        let waiting = 0;
        for (let k = 0; k < 400 && waiting === 0; k++) {
          await new Promise((r) => setTimeout(r, 25));
          waiting = (
            await db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_locks
                   where locktype = 'transactionid' and transactionid = ${holder}::xid and not granted`,
            )
          ).rows[0]!.n;
        }
        // the waiting placement took no key-share lock on the row (its lines' foreign keys would
        // have): the row's xmax is still the holder alone, not a multixact of both
        const xmax = (
          await db.execute<{ xmax: string }>(
            sql`select xmax::text as xmax from products where product_id = ${id}`,
          )
        ).rows[0]!.xmax;
        return { holder, waiting, xmax };
      });
      expect(seen.waiting).toBe(1);
      expect(seen.xmax).toBe(seen.holder);
      const res = await placing!;
      expect(res.statusCode).toBe(201);
      expect(await units(id)).toBe(98);
      const lines = await db.execute<{ quantity: number; unit_price: number }>(
        sql`select quantity, unit_price::float8 as unit_price from order_items where order_id = ${res.json().order_id}`,
      );
      expect(lines.rows).toEqual([{ quantity: 2, unit_price: 2.5 }]);
      await expectEqualToRebuild();
    },
  );

  it('writes nothing for a refused order: unknown product, too much, a city we do not serve', async () => {
    const product = await createProduct(app, { units: 5 });
    const count = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n;
    const before = await count();
    const refused = await Promise.all([
      placeOrderAs(app, buyers[0]!, [{ productID: 999_999, quantity: 1 }]),
      placeOrderAs(app, buyers[0]!, [{ productID: product.productId, quantity: 6 }]),
      placeOrderAs(app, buyers[0]!, [{ productID: product.productId, quantity: 1 }], { city: 'Atlantis' }),
    ]);
    expect(refused.map((r) => [r.statusCode, r.json().detail])).toEqual([
      [422, 'Product 999999 does not exist'],
      [409, `Not enough stock for ${product.name}: 5 available, 6 requested`],
      [422, "city: we do not deliver to 'Atlantis'"],
    ]);
    expect(await count()).toBe(before);
    expect(await units(product.productId)).toBe(5);
  });
});
