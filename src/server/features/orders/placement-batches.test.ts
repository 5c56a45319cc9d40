import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgErrorCode, pgErrorMessage } from '#server/http/errors';
import { createProduct, createUser, daysFromNow, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  MAX_BATCH,
  PlacementBatcher,
  type PlacementInput,
  type PlacementResult,
  placeOrderBatch,
  RETRY,
} from './order-placement.queries';

// Placements that arrive together are placed in one transaction and committed once (decision
// 0047); the batch runs in one subtransaction, and each order gets a savepoint of its own only
// when one of them fails (decision 0050). What must still hold for every order: it is
// placed whole or not at all, with its own answer, its own actor on its audit rows, and only
// after the commit; nothing is oversold.
const t = await createTestApp();
const { app } = t;
const onPostgres = t.database.kind === 'postgres';
const db = app.ctx.db;
afterAll(() => t.app.close());

const buyers = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];

const input = (
  buyer: TestUser,
  lines: Array<{ productId: number; quantity: number }>,
  instructions: string | null = null,
): PlacementInput => ({
  actorUserId: buyer.userId,
  customerId: buyer.customerId!,
  at: new Date(),
  scheduleDate: daysFromNow(10),
  deliveryAddress: '5 Lake Road, Kandy',
  cityName: null,
  specialInstructions: instructions,
  deliveryFee: 500,
  lines: [...lines].sort((a, b) => a.productId - b.productId),
  files: [],
});

const units = async (productId: number) =>
  (
    await db.execute<{ n: number }>(
      sql`select available_units as n from products where product_id = ${productId}`,
    )
  ).rows[0]!.n;

/** The orders with these instructions, and the audit rows of their insert. */
async function rowsOf(instructions: string) {
  const res = await db.execute<{ orders: number; audit: number }>(sql`
    select (select count(*) from orders where special_instructions = ${instructions})::int as orders,
           (select count(*) from audit_log where table_name = 'orders'
               and new_row ->> 'special_instructions' = ${instructions})::int as audit`);
  return res.rows[0]!;
}

/**
 * Nothing of a rolled-back order is left anywhere: no audit row of an insert names an order that
 * does not exist, and each customer's order counts (counters and deltas) equal its orders.
 */
async function expectNoTraceOfUnplacedOrders() {
  const res = await db.execute<{ orphans: number; miscounted: number }>(sql`
    select (select count(*) from audit_log a
             where a.operation = 'INSERT'
               and ((a.table_name = 'orders' and not exists (select 1 from orders o where o.order_id::text = a.row_key))
                 or (a.table_name in ('order_status_history', 'order_items', 'stock_movements')
                     and a.new_row ->> 'order_id' is not null
                     and not exists (select 1 from orders o where o.order_id::text = a.new_row ->> 'order_id'))))::int as orphans,
           (select count(*) from customers c
             where (select count(*) from orders o where o.customer_id = c.customer_id)
                   <> coalesce((select sum(n) from order_counts k where k.customer_id = c.customer_id), 0)
                      + coalesce((select sum(delta) from order_count_deltas d where d.customer_id = c.customer_id), 0)
           )::int as miscounted`);
  expect(res.rows[0]).toEqual({ orphans: 0, miscounted: 0 });
}

/** What a promise was rejected with, or null when it was fulfilled. */
const errorOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

/** Another session (PostgreSQL) holding a product, as a placement or cancellation would. */
async function holdingProduct(productId: number) {
  const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await holder.connect();
  const schema = (await db.execute<{ s: string }>(sql`select current_schema() as s`)).rows[0]!.s;
  await holder.query(`set search_path = ${schema}, public`);
  await holder.query('begin');
  await holder.query('select 1 from products where product_id = $1 for no key update', [productId]);
  return holder;
}

function placed(answer: PlacementResult | Error | typeof RETRY): PlacementResult {
  if (answer === RETRY || answer instanceof Error) throw new Error(`not placed: ${String(answer)}`);
  return answer;
}

describe('placing orders in batches', () => {
  it('rolls back only the order that fails inside a batch: it leaves no row, the others are placed with their own actor', async () => {
    const product = await createProduct(app, { units: 100 });
    const tag = `batch ${Date.now()}`;
    const answers = await placeOrderBatch(db, [
      input(buyers[0]!, [{ productId: product.productId, quantity: 2 }], `${tag} a`),
      // a line of 0 units passes the stock check, writes the order and its history, then fails on
      // the lines' CHECK: everything it wrote must go
      input(buyers[1]!, [{ productId: product.productId, quantity: 0 }], `${tag} b`),
      input(buyers[1]!, [{ productId: product.productId, quantity: 3 }], `${tag} c`),
    ]);
    expect(answers).toHaveLength(3);
    const failed = answers[1];
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({
      code: '23514',
      constraint: 'order_items_quantity_check',
      table: 'order_items',
    });
    const [a, c] = [placed(answers[0]!), placed(answers[2]!)];
    expect(a).toMatchObject({ status: 'Pending', customer_found: true });
    expect(c.order_id).toBeGreaterThan(a.order_id!);

    expect(await rowsOf(`${tag} b`)).toEqual({ orders: 0, audit: 0 });
    await expectNoTraceOfUnplacedOrders();
    expect((await rowsOf(`${tag} a`)).orders).toBe(1);
    expect(await units(product.productId)).toBe(100 - 2 - 3);
    // each order's audit rows name its own customer's user, not the batch's first or last
    const actors = await db.execute<{ order_id: number; performed_by: number }>(sql`
      select distinct (case when table_name = 'orders' then row_key else new_row ->> 'order_id' end)::int as order_id,
             performed_by
        from audit_log
       where (table_name = 'orders' and row_key in (${String(a.order_id)}, ${String(c.order_id)}))
          or (table_name in ('order_items', 'stock_movements')
              and new_row ->> 'order_id' in (${String(a.order_id)}, ${String(c.order_id)}))
       order by 1`);
    expect(actors.rows).toEqual([
      { order_id: a.order_id, performed_by: buyers[0]!.userId },
      { order_id: c.order_id, performed_by: buyers[1]!.userId },
    ]);
    const lines = await db.execute<{ order_id: number; quantity: number }>(
      sql`select order_id, quantity from order_items where product_id = ${product.productId} order by order_id`,
    );
    expect(lines.rows).toEqual([
      { order_id: a.order_id, quantity: 2 },
      { order_id: c.order_id, quantity: 3 },
    ]);
  });

  it('answers a refusal inside a batch as place_order() does, against the stock the earlier orders of the batch left', async () => {
    const product = await createProduct(app, { units: 5 });
    const answers = await placeOrderBatch(db, [
      input(buyers[0]!, [{ productId: product.productId, quantity: 4 }]),
      input(buyers[1]!, [{ productId: product.productId, quantity: 4 }]),
      input(buyers[1]!, [{ productId: product.productId, quantity: 1 }]),
    ]);
    expect(placed(answers[0]!).order_id).not.toBeNull();
    expect(placed(answers[1]!)).toMatchObject({
      order_id: null,
      status: null,
      customer_found: true,
      products: [{ product_id: product.productId, name: product.name, available_units: 1 }],
    });
    expect(placed(answers[2]!).order_id).not.toBeNull();
    expect(await units(product.productId)).toBe(0);
  });

  it('fails every order of a batch whose commit fails, and leaves nothing of any of them', async () => {
    const product = await createProduct(app, { units: 100 });
    const tag = `commit ${Date.now()}`;
    // a check PostgreSQL runs at the commit, failing when this batch's marked order is in it
    await db.execute(
      sql.raw(`
      create function fail_at_commit() returns trigger language plpgsql as $$
      begin
        if new.special_instructions = '${tag} fail' then
          raise exception 'refused at commit' using errcode = 'P0001';
        end if;
        return null;
      end $$`),
    );
    await db.execute(
      sql.raw(`
      create constraint trigger fail_at_commit after insert on orders
        deferrable initially deferred for each row execute function fail_at_commit()`),
    );
    const refusedAtCommit = (err: unknown) =>
      pgErrorCode(err) === 'P0001' && pgErrorMessage(err) === 'refused at commit';
    try {
      const batch = placeOrderBatch(db, [
        input(buyers[0]!, [{ productId: product.productId, quantity: 1 }], `${tag} ok`),
        input(buyers[1]!, [{ productId: product.productId, quantity: 1 }], `${tag} fail`),
      ]);
      expect(refusedAtCommit(await errorOf(batch))).toBe(true);

      // through the batcher: each waiting order gets the error, none is answered as placed
      const batcher = new PlacementBatcher(db);
      const first = batcher.place(
        input(buyers[0]!, [{ productId: product.productId, quantity: 1 }], `${tag} lone`),
      );
      const together = [
        batcher.place(input(buyers[0]!, [{ productId: product.productId, quantity: 1 }], `${tag} ok 2`)),
        batcher.place(input(buyers[1]!, [{ productId: product.productId, quantity: 1 }], `${tag} fail`)),
        batcher.place(input(buyers[1]!, [{ productId: product.productId, quantity: 1 }], `${tag} ok 3`)),
      ];
      expect((await first).order_id).not.toBeNull();
      for (const p of together) expect(refusedAtCommit(await errorOf(p))).toBe(true);
      expect(batcher.counts.batches).toBe(1);
    } finally {
      await db.execute(sql.raw('drop trigger fail_at_commit on orders'));
      await db.execute(sql.raw('drop function fail_at_commit()'));
    }
    for (const suffix of ['ok', 'fail', 'ok 2', 'ok 3']) {
      expect(await rowsOf(`${tag} ${suffix}`)).toEqual({ orders: 0, audit: 0 });
    }
    await expectNoTraceOfUnplacedOrders();
    expect((await rowsOf(`${tag} lone`)).orders).toBe(1);
    expect(await units(product.productId)).toBe(99);
  });

  it('places one order at a time alone, with no batch and no wait', async () => {
    const batcher = new PlacementBatcher(db);
    const product = await createProduct(app, { units: 10 });
    for (let k = 0; k < 3; k++) {
      const answer = await batcher.place(
        input(buyers[k % 2]!, [{ productId: product.productId, quantity: 1 }]),
      );
      expect(answer.order_id).not.toBeNull();
    }
    expect(batcher.counts).toEqual({ batches: 0, retried: 0 });
    expect(await units(product.productId)).toBe(7);
  });

  it('never oversells when placements arrive together over HTTP: they share batches and each gets its own answer', async () => {
    const scarce = await createProduct(app, { units: 20, name: `Batch Tea ${Date.now()}` });
    const plenty = await createProduct(app, { units: 1_000 });
    const batchesBefore = app.ctx.placements.counts.batches;
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, k) =>
        placeOrderAs(app, buyers[k % 2]!, [
          { productID: scarce.productId, quantity: 3 },
          { productID: plenty.productId, quantity: 1 + (k % 2) },
        ]),
      ),
    );
    // PGlite runs one statement at a time to its end, so requests seldom find one running there
    if (onPostgres) expect(app.ctx.placements.counts.batches).toBeGreaterThan(batchesBefore);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ detail: `Not enough stock for ${scarce.name}: 2 available, 3 requested` });
    }
    for (const r of results.filter((x) => x.statusCode === 201)) {
      expect(Object.keys(r.json())).toEqual(['order_id', 'status', 'attachments']);
    }
    expect(await units(scarce.productId)).toBe(2);
    const sold = await db.execute<{ units: number; reserved: number }>(sql`
      select (select sum(quantity) from order_items where product_id = ${plenty.productId})::int as units,
             (select -sum(delta) from stock_movements where product_id = ${plenty.productId}
                 and reason = 'order_reserved')::int as reserved`);
    expect(sold.rows[0]!.units).toBe(sold.rows[0]!.reserved);
    expect(await units(plenty.productId)).toBe(1_000 - sold.rows[0]!.units);
  });

  it.runIf(onPostgres)(
    'never waits for a product below one it holds: that order is placed again in the next batch, nothing of it written meanwhile',
    async () => {
      const low = await createProduct(app, { units: 50 });
      const high = await createProduct(app, { units: 50 });
      // another session holds the lower product
      const holder = await holdingProduct(low.productId);
      try {
        const answers = await placeOrderBatch(db, [
          input(buyers[0]!, [{ productId: high.productId, quantity: 1 }]),
          input(buyers[1]!, [
            { productId: low.productId, quantity: 1 },
            { productId: high.productId, quantity: 1 },
          ]),
        ]);
        expect(placed(answers[0]!).order_id).not.toBeNull();
        expect(answers[1]).toBe(RETRY);
        expect(await units(high.productId)).toBe(49);
        expect(await units(low.productId)).toBe(50);

        // through the batcher, the order comes back first in the next batch and waits its turn there
        const batcher = new PlacementBatcher(db);
        const lone = batcher.place(input(buyers[0]!, [{ productId: high.productId, quantity: 1 }]));
        // these two wait for the lone one and go together: the first takes the higher product, so
        // the second may not wait for the lower one
        const other = batcher.place(input(buyers[0]!, [{ productId: high.productId, quantity: 2 }]));
        const again = batcher.place(
          input(buyers[1]!, [
            { productId: low.productId, quantity: 1 },
            { productId: high.productId, quantity: 1 },
          ]),
        );
        expect((await lone).order_id).not.toBeNull();
        expect((await other).order_id).not.toBeNull();
        // placed again alone, it now waits for the lower product like any placement
        await new Promise((r) => setTimeout(r, 200));
        expect(batcher.counts).toEqual({ batches: 1, retried: 1 });
        await holder.query('commit');
        expect((await again).order_id).not.toBeNull();
      } finally {
        await holder.query('rollback').catch(() => {});
        await holder.end();
      }
      expect(await units(low.productId)).toBe(49);
      expect(await units(high.productId)).toBe(50 - 1 - 1 - 1 - 2);
    },
  );
  it('places a full batch with one failing order: the batch is placed again order by order, only that one fails', async () => {
    const product = await createProduct(app, { units: 1_000 });
    const tag = `full ${Date.now()}`;
    const failing = Math.floor(MAX_BATCH / 2);
    const answers = await placeOrderBatch(
      db,
      Array.from({ length: MAX_BATCH }, (_, k) =>
        input(
          buyers[k % 2]!,
          [{ productId: product.productId, quantity: k === failing ? 0 : 1 + (k % 3) }],
          `${tag} ${k}`,
        ),
      ),
    );
    expect(answers).toHaveLength(MAX_BATCH);
    expect(answers[failing]).toMatchObject({ code: '23514', constraint: 'order_items_quantity_check' });
    const ids = answers.filter((_, k) => k !== failing).map((a) => placed(a).order_id!);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(await rowsOf(`${tag} ${failing}`)).toEqual({ orders: 0, audit: 0 });
    await expectNoTraceOfUnplacedOrders();
    let sold = 0;
    for (let k = 0; k < MAX_BATCH; k++) if (k !== failing) sold += 1 + (k % 3);
    expect(await units(product.productId)).toBe(1_000 - sold);
    const ledger = await db.execute<{ n: number; balances: number[] }>(sql`
      select count(*)::int as n, array_agg(balance_after order by seq) as balances
        from stock_movements where product_id = ${product.productId} and reason = 'order_reserved'`);
    expect(ledger.rows[0]!.n).toBe(MAX_BATCH - 1);
    expect(ledger.rows[0]!.balances.at(-1)).toBe(1_000 - sold);
  });

  it.runIf(onPostgres)(
    'answers retry for an order whose lower product another session holds, even when it got the others below: nothing of it written, the batch goes on',
    async () => {
      const [low1, low2, high] = [
        await createProduct(app, { units: 50 }),
        await createProduct(app, { units: 50 }),
        await createProduct(app, { units: 50 }),
      ];
      const holder = await holdingProduct(low2.productId);
      try {
        const answers = await placeOrderBatch(db, [
          input(buyers[0]!, [{ productId: high.productId, quantity: 1 }]),
          input(buyers[1]!, [
            { productId: low1.productId, quantity: 1 },
            { productId: low2.productId, quantity: 1 },
            { productId: high.productId, quantity: 1 },
          ]),
          // the lower product the retried order did get stays with the batch: this one has it
          input(buyers[1]!, [{ productId: low1.productId, quantity: 2 }]),
        ]);
        expect(placed(answers[0]!).order_id).not.toBeNull();
        expect(answers[1]).toBe(RETRY);
        expect(placed(answers[2]!).order_id).not.toBeNull();
        expect(await units(low1.productId)).toBe(48);
        expect(await units(low2.productId)).toBe(50);
        expect(await units(high.productId)).toBe(49);
        await expectNoTraceOfUnplacedOrders();
      } finally {
        await holder.query('rollback').catch(() => {});
        await holder.end();
      }
    },
  );

  it.runIf(onPostgres)(
    'takes into a batch waiting for its turn the orders that arrive meanwhile (up to MAX_BATCH)',
    async () => {
      const product = await createProduct(app, { units: 100 });
      // another process's batch, as far as this batcher can tell
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      await other.query('select pg_advisory_lock(7021001)');
      const batcher = new PlacementBatcher(db);
      const one = () => batcher.place(input(buyers[0]!, [{ productId: product.productId, quantity: 1 }]));
      try {
        // the first goes alone (no batch, no turn to wait for); the next two wait for it, then
        // wait as a batch for the other process's turn to end
        const first = [one(), one(), one()];
        expect((await first[0]!).order_id).not.toBeNull();
        await new Promise((r) => setTimeout(r, 200));
        const later = [one(), one()];
        await new Promise((r) => setTimeout(r, 100));
        await other.query('select pg_advisory_unlock(7021001)');
        for (const p of [...first, ...later]) expect((await p).order_id).not.toBeNull();
        expect(batcher.counts).toEqual({ batches: 1, retried: 0 });
        expect(await units(product.productId)).toBe(95);
      } finally {
        await other.end();
      }
    },
  );
});
