import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Database, openPglite, openPostgres } from './db/client';
import { migrate } from './db/migrate';
import { crewScene } from './test/crew-factories';
import { createProduct, createUser, daysFromNow, type TestUser } from './test/factories';
import { scaled } from './test/reliability-scale';
import { scratchDatabase } from './test/scratch-database';
import { type ServerProcess, startServerProcess } from './test/server-process';

// Issue 24, suite 4 (docs/reliability.md, "Suite 4: crash and restart"): the real server (src/server/main.ts)
// runs as a child process; customers place orders, the warehouse records receipts and counts,
// the crew confirms items, all in parallel; after a number of acknowledged writes the server is
// killed with SIGKILL while others are in flight, and started again on the same data. At the end
// every write that got a 2xx is there with its items, stock movements and audit rows, and
// nothing is half-written. In the unit+pglite project the server keeps PGlite in a temporary
// DATA_DIR; in the postgres project it runs on a throwaway database on TEST_DATABASE_URL's server.

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const JWT_SECRET = randomBytes(36).toString('base64url');
/** Kills per database, and acknowledged writes in each round before its kill. */
const KILLS = scaled(1);
const ACKS_BEFORE_KILL = scaled(30);
/** Writes after the last restart (the recovered database takes writes). */
const FINAL_WRITES = scaled(12);
/** Items the crew can confirm (two per order). */
const CREW_ORDERS = Math.max(6, Math.ceil(((KILLS + 1) * ACKS_BEFORE_KILL) / 10));
const TAG = 'crash-test order ';

/** Where the child's data lives: its environment, and the same database opened in this process. */
interface Store {
  env: Record<string, string>;
  open(): Promise<Database>;
  destroy(): Promise<void>;
}

async function pgliteStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'kandypack-crash-'));
  return {
    env: { DATA_DIR: dir, JWT_SECRET },
    open: () => openPglite(join(dir, 'pgdata')),
    destroy: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresStore(serverUrl: string): Promise<Store> {
  const database = scratchDatabase('kp_crash', serverUrl);
  await database.create();
  return {
    // one process (no cluster), so that the kill is of the process that holds the connections
    env: { DATABASE_URL: database.url, JWT_SECRET, WORKERS: '1', PG_POOL_SIZE: '6' },
    open: async () => openPostgres(database.url, { max: 4 }),
    destroy: database.drop,
  };
}

interface Scene {
  customers: TestUser[];
  warehouse: TestUser;
  driver: TestUser;
  assistant: TestUser;
  productIds: number[];
  deliveryId: number;
  /** The items on the started delivery, each to be confirmed once. */
  items: { orderId: number; productId: number }[];
}

/** Migrates and fills the database in this process (closed again before the server starts). */
async function prepare(database: Database): Promise<Scene> {
  await migrate(database);
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    queries: database.queries,
    pingDatabase: database.ping,
    jwtSecret: JWT_SECRET,
  });
  await app.ready();
  try {
    const customers = [];
    for (let i = 0; i < 3; i++) customers.push(await createUser(app, 'Customer'));
    const warehouse = await createUser(app, 'Warehouse');
    const productIds = [];
    for (let i = 0; i < 4; i++) productIds.push((await createProduct(app, { units: 1_000_000 })).productId);
    const scene = await crewScene(app, { orderCount: CREW_ORDERS });
    const started = await app.inject({
      method: 'POST',
      url: `/api/deliveries/${scene.deliveryId}/start`,
      headers: scene.driver.auth,
    });
    if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode} ${started.body}`);
    return {
      customers,
      warehouse,
      driver: scene.driver,
      assistant: scene.assistant,
      productIds,
      deliveryId: scene.deliveryId,
      items: scene.orders.flatMap((o) =>
        o.productIds.map((productId) => ({ orderId: o.orderId, productId })),
      ),
    };
  } finally {
    await app.close();
  }
}

type Line = { productID: number; quantity: number };

/** What the clients sent and what the server acknowledged, over every round. */
interface Ledger {
  /** Every order sent, by its tag (special instructions), acknowledged or not. */
  ordersSent: Map<string, { customerId: number; items: Line[] }>;
  ordersAcked: Map<string, number>;
  /** Receipts and counts acknowledged: their movements. */
  movementsAcked: { movementId: number; productId: number; delta: number; reason: string }[];
  /** Confirmations acknowledged, by the client's confirmation id. */
  confirmationsAcked: Map<string, { orderId: number; productId: number }>;
  /** Confirmations in flight when the server died: sent again after the restart with the same id. */
  confirmationsUnanswered: { clientId: string; orderId: number; productId: number }[];
  /** Requests that had no answer because the server was killed. */
  unanswered: number;
  /** Requests answered with something other than a 2xx (none expected). */
  refused: string[];
}

const random = (n: number) => Math.floor(Math.random() * n);

/**
 * One round of parallel writers against `server`. With `killAfter`, the server is killed with
 * SIGKILL the moment the round's killAfter-th write is acknowledged (the other writers' requests
 * are then in flight), and the round ends when every writer has seen the server gone; without,
 * the writers stop after `writes` acknowledged writes in all.
 */
async function round(
  server: ServerProcess,
  scene: Scene,
  ledger: Ledger,
  next: { item: number },
  mode: { killAfter: number } | { writes: number },
): Promise<{ acked: number; inFlightAtKill: number }> {
  let acked = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let stopped = false;
  const acknowledge = () => {
    acked++;
    if ('killAfter' in mode && acked === mode.killAfter) {
      inFlightAtKill = inFlight;
      server.signal('SIGKILL');
      stopped = true;
    }
    if ('writes' in mode && acked >= mode.writes) stopped = true;
  };
  const post = async (
    user: TestUser,
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
  ): Promise<{ status: number; json: unknown } | null> => {
    inFlight++;
    try {
      const res = await fetch(`${server.base}${path}`, {
        method,
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status < 200 || res.status >= 300) {
        ledger.refused.push(`${method} ${path} ${res.status} ${text}`);
        stopped = true;
        return { status: res.status, json: null };
      }
      return { status: res.status, json: JSON.parse(text) };
    } catch (error) {
      // no answer: only when the server was killed on purpose
      if (!('killAfter' in mode) || inFlightAtKill < 0)
        throw new Error(
          `${method} ${path}: no answer (${error}), and the server was not killed:\n${server.output()}`,
        );
      ledger.unanswered++;
      return null;
    } finally {
      inFlight--;
    }
  };

  const orders = async (customer: TestUser) => {
    while (!stopped) {
      const tag = `${TAG}${randomUUID()}`;
      const products = [...scene.productIds].sort(() => Math.random() - 0.5).slice(0, 1 + random(3));
      const items = products.map((productID) => ({ productID, quantity: 1 + random(5) }));
      ledger.ordersSent.set(tag, { customerId: customer.customerId!, items });
      const res = await post(customer, 'POST', `/api/customers/${customer.customerId}/orders`, {
        scheduleDate: daysFromNow(10),
        items,
        deliveryAddress: '5 Lake Road, Kandy',
        specialInstructions: tag,
      });
      if (res?.status !== 201) return;
      ledger.ordersAcked.set(tag, (res.json as { order_id: number }).order_id);
      acknowledge();
    }
  };
  const stock = async (kind: 'receipt' | 'count') => {
    while (!stopped) {
      const productId = scene.productIds[random(scene.productIds.length)]!;
      const res =
        kind === 'receipt'
          ? await post(scene.warehouse, 'POST', `/api/products/${productId}/receipts`, {
              units: 1 + random(50),
              note: 'crash-test receipt',
            })
          : await post(scene.warehouse, 'PUT', `/api/products/${productId}`, {
              available_units: 900_000 + random(100_000),
              reason: 'crash-test count',
            });
      if (!res || res.status >= 300) return;
      const { movement } = res.json as {
        movement: { movement_id: number; delta: number; reason: string } | null;
      };
      if (movement)
        ledger.movementsAcked.push({
          movementId: movement.movement_id,
          productId,
          delta: movement.delta,
          reason: movement.reason,
        });
      acknowledge();
    }
  };
  const confirmations = async (crew: TestUser) => {
    while (!stopped) {
      // first the confirmations a kill left unanswered, with the ids the phone made for them
      const retry = ledger.confirmationsUnanswered.shift();
      let item: { clientId: string; orderId: number; productId: number };
      if (retry) item = retry;
      else {
        const fresh = scene.items[next.item++];
        if (!fresh) return;
        item = { clientId: randomUUID(), ...fresh };
      }
      const res = await post(crew, 'POST', `/api/deliveries/${scene.deliveryId}/confirm-item`, {
        order_id: item.orderId,
        product_id: item.productId,
        recipient_name: 'Crash Test',
        confirmation_id: item.clientId,
      });
      if (!res) {
        ledger.confirmationsUnanswered.push(item);
        return;
      }
      if (res.status >= 300) return;
      ledger.confirmationsAcked.set(item.clientId, { orderId: item.orderId, productId: item.productId });
      acknowledge();
    }
  };

  await Promise.all([
    ...scene.customers.map(orders),
    stock('receipt'),
    stock('count'),
    confirmations(scene.driver),
    confirmations(scene.assistant),
  ]);
  if ('killAfter' in mode) {
    // a refusal stopped the writers before the kill (the test fails on it): end the server anyway
    if (inFlightAtKill < 0) server.signal('SIGKILL');
    await server.exited;
  }
  return { acked, inFlightAtKill };
}

/** Everything the database holds about the writes, read in this process after the server stopped. */
async function verify(database: Database, scene: Scene, ledger: Ledger) {
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await database.db.execute<T>(query)).rows;
  const problems: string[] = [];

  // orders: every acknowledged one is there; every one there is whole (its items as sent, one
  // reservation per item, audit rows for the order, its items and its movements)
  const orders = await rows<{
    order_id: number;
    customer_id: number;
    tag: string;
    items: Array<{ product_id: number; quantity: number; order_item_id: number }> | null;
  }>(sql`
    select o.order_id, o.customer_id, o.special_instructions as tag,
           (select json_agg(json_build_object('product_id', i.product_id, 'quantity', i.quantity,
                                              'order_item_id', i.order_item_id))
              from order_items i where i.order_id = o.order_id) as items
      from orders o where o.special_instructions like ${`${TAG}%`}`);
  const reservations = await rows<{ order_id: number; product_id: number; units: number; n: number }>(sql`
    select order_id, product_id, -sum(delta)::int as units, count(*)::int as n
      from stock_movements where reason = 'order_reserved' and order_id is not null
     group by order_id, product_id`);
  const reserved = new Map(reservations.map((r) => [`${r.order_id}:${r.product_id}`, r]));
  const byTag = new Map(orders.map((o) => [o.tag, o]));
  for (const [tag, orderId] of ledger.ordersAcked) {
    const stored = byTag.get(tag);
    if (!stored) problems.push(`acknowledged order ${orderId} (${tag}) is missing`);
    else if (stored.order_id !== orderId)
      problems.push(`order ${tag}: acknowledged ${orderId}, stored ${stored.order_id}`);
  }
  for (const order of orders) {
    const sent = ledger.ordersSent.get(order.tag);
    if (!sent) {
      problems.push(`order ${order.order_id} (${order.tag}) was never sent`);
      continue;
    }
    const expected = sent.items.map((l) => `${l.productID}x${l.quantity}`).sort();
    const stored = (order.items ?? []).map((i) => `${i.product_id}x${i.quantity}`).sort();
    if (order.customer_id !== sent.customerId || expected.join() !== stored.join())
      problems.push(`order ${order.order_id}: items ${stored.join() || 'none'}, sent ${expected.join()}`);
    for (const line of sent.items) {
      const r = reserved.get(`${order.order_id}:${line.productID}`);
      if (r?.units !== line.quantity || r.n !== 1)
        problems.push(
          `order ${order.order_id}: product ${line.productID} reserved ${r?.units ?? 0} (${r?.n ?? 0} movements), ordered ${line.quantity}`,
        );
    }
  }
  const orphans = await rows<{ order_id: number }>(sql`
    select distinct order_id from stock_movements m
     where order_id is not null and not exists (select 1 from orders o where o.order_id = m.order_id)`);
  for (const r of orphans) problems.push(`a movement names order ${r.order_id}, which does not exist`);

  // receipts and counts: each acknowledged movement is there as answered
  const movements = new Map(
    (
      await rows<{ movement_id: number; product_id: number; delta: number; reason: string }>(
        sql`select movement_id::int, product_id, delta, reason from stock_movements`,
      )
    ).map((m) => [m.movement_id, m]),
  );
  for (const m of ledger.movementsAcked) {
    const stored = movements.get(m.movementId);
    if (!stored) problems.push(`acknowledged ${m.reason} movement ${m.movementId} is missing`);
    else if (stored.product_id !== m.productId || stored.delta !== m.delta || stored.reason !== m.reason)
      problems.push(
        `movement ${m.movementId}: stored ${JSON.stringify(stored)}, answered ${JSON.stringify(m)}`,
      );
  }

  // confirmations: each acknowledged one is there once; an item is confirmed at most once; an
  // order whose items are all confirmed is Delivered, the others still In Transit
  const confirmations = await rows<{ client_id: string; order_id: number; product_id: number }>(
    sql`select client_id::text, order_id, product_id from item_confirmations where delivery_id = ${scene.deliveryId}`,
  );
  const byClient = new Map(confirmations.map((c) => [c.client_id, c]));
  for (const [clientId, item] of ledger.confirmationsAcked) {
    const stored = byClient.get(clientId);
    if (!stored) problems.push(`acknowledged confirmation ${clientId} (order ${item.orderId}) is missing`);
    else if (stored.order_id !== item.orderId || stored.product_id !== item.productId)
      problems.push(`confirmation ${clientId}: stored for ${stored.order_id}/${stored.product_id}`);
  }
  const perItem = new Map<string, number>();
  for (const c of confirmations)
    perItem.set(`${c.order_id}:${c.product_id}`, (perItem.get(`${c.order_id}:${c.product_id}`) ?? 0) + 1);
  for (const [item, n] of perItem) if (n > 1) problems.push(`item ${item} confirmed ${n} times`);
  const crewOrders = [...new Set(scene.items.map((i) => i.orderId))];
  const statuses = await rows<{ order_id: number; status: string }>(
    sql`select order_id, status from orders where order_id in ${sql.raw(`(${crewOrders.join(',')})`)}`,
  );
  for (const { order_id, status } of statuses) {
    const items = scene.items.filter((i) => i.orderId === order_id);
    const done = items.every((i) => perItem.has(`${i.orderId}:${i.productId}`));
    if (status !== (done ? 'Delivered' : 'In Transit'))
      problems.push(`order ${order_id} is ${status} with ${done ? 'every' : 'not every'} item confirmed`);
  }

  // the ledger: each product's stock and count are its movements' sum and number, the movements
  // numbered 1..n with their running balance, the daily rollup the same sums
  const ledgerRows = await rows<{ product_id: number; problem: string }>(sql`
    with m as (
      select product_id, seq, balance_after, delta,
             row_number() over (partition by product_id order by seq) as n,
             sum(delta) over (partition by product_id order by seq) as running
        from stock_movements)
    select product_id, 'movement ' || seq || ' has balance ' || balance_after || ', its running sum is ' || running as problem
      from m where seq <> n or balance_after <> running
    union all
    select p.product_id, 'stock ' || p.available_units || ' (' || p.movement_count || ' movements), ledger ' ||
           coalesce(x.units, 0) || ' (' || coalesce(x.n, 0) || ')'
      from products p
      left join (select product_id, sum(delta)::int as units, count(*)::int as n from stock_movements group by 1) x
        using (product_id)
     where p.available_units <> coalesce(x.units, 0) or p.movement_count <> coalesce(x.n, 0)
    union all
    select product_id, 'daily rollup ' || d.units || ', ledger ' || coalesce(x.units, 0)
      from (select product_id, sum(received_units - issued_units + returned_units + adjusted_units)::int as units
              from stock_daily group by 1) d
      left join (select product_id, sum(delta)::int as units from stock_movements group by 1) x using (product_id)
     where d.units <> coalesce(x.units, 0)`);
  for (const r of ledgerRows) problems.push(`product ${r.product_id}: ${r.problem}`);

  // audit: every order, line, movement and confirmation has its insert's audit row, and no
  // insert's audit row names one that does not exist
  const audit = await rows<{ problem: string }>(sql`
    with written(table_name, row_key) as (
      select 'orders', order_id::text from orders
      union all select 'order_items', order_item_id::text from order_items
      union all select 'stock_movements', movement_id::text from stock_movements
      union all select 'item_confirmations', confirmation_id::text from item_confirmations),
    audited as (
      select table_name, row_key from audit_log
       where operation = 'INSERT'
         and table_name in ('orders', 'order_items', 'stock_movements', 'item_confirmations'))
    select 'no audit row for ' || w.table_name || ' ' || w.row_key as problem
      from written w where not exists (select 1 from audited a where a.table_name = w.table_name and a.row_key = w.row_key)
    union all
    select 'audit row for ' || a.table_name || ' ' || a.row_key || ', which does not exist'
      from audited a where not exists (select 1 from written w where w.table_name = a.table_name and w.row_key = a.row_key)`);
  problems.push(...audit.map((a) => a.problem));

  return {
    problems,
    ordersStored: orders.length,
    ordersUnanswered: orders.filter((o) => !ledger.ordersAcked.has(o.tag)).length,
    confirmationsStored: confirmations.length,
  };
}

describe(`the server killed with SIGKILL mid-stream and restarted (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let store: Store;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    store = onPostgres ? await postgresStore(process.env.TEST_DATABASE_URL!) : await pgliteStore();
  });

  afterAll(async () => {
    if (server) {
      server.signal('SIGKILL');
      await server.exited;
    }
    await store?.destroy();
  });

  it('keeps every acknowledged write with its items, movements and audit rows, and none half-written', async () => {
    const setup = await store.open();
    let scene: Scene;
    try {
      scene = await prepare(setup);
    } finally {
      await setup.close();
    }
    const ledger: Ledger = {
      ordersSent: new Map(),
      ordersAcked: new Map(),
      movementsAcked: [],
      confirmationsAcked: new Map(),
      confirmationsUnanswered: [],
      unanswered: 0,
      refused: [],
    };
    const next = { item: 0 };
    const rounds: { acked: number; inFlightAtKill: number; signal: string | null }[] = [];

    for (let kill = 0; kill < KILLS; kill++) {
      server = await startServerProcess(store.env);
      const result = await round(server, scene, ledger, next, { killAfter: ACKS_BEFORE_KILL });
      const { signal } = await server.exited;
      rounds.push({ ...result, signal });
      expect(ledger.refused, server.output()).toEqual([]);
      expect(signal).toBe('SIGKILL');
    }
    // started once more on what the last kill left: it takes writes, then stops cleanly
    server = await startServerProcess(store.env);
    const health = await fetch(`${server.base}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    const last = await round(server, scene, ledger, next, { writes: FINAL_WRITES });
    expect(ledger.refused, server.output()).toEqual([]);
    // the customers' order counts as the server gives them (X-Total-Count), compared below
    const listed = new Map<number, number>();
    for (const customer of scene.customers) {
      const res = await fetch(`${server.base}/api/orders?page_size=1`, {
        headers: customer.auth,
      });
      expect(res.status).toBe(200);
      listed.set(customer.customerId!, Number(res.headers.get('x-total-count')));
    }
    server.signal('SIGTERM');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    server = undefined;

    const database = await store.open();
    try {
      const result = await verify(database, scene, ledger);
      expect(result.problems).toEqual([]);
      const counts = await database.db.execute<{ customer_id: number; n: number }>(
        sql`select customer_id, count(*)::int as n from orders group by customer_id`,
      );
      for (const customer of scene.customers) {
        const stored = counts.rows.find((r) => r.customer_id === customer.customerId)?.n ?? 0;
        expect(listed.get(customer.customerId!), `customer ${customer.customerId}'s order count`).toBe(
          stored,
        );
      }
      // every round was cut with requests in flight, and the acknowledged writes are all counted
      for (const r of rounds) {
        expect(r.acked).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
        expect(r.inFlightAtKill).toBeGreaterThan(0);
      }
      expect(last.acked).toBeGreaterThanOrEqual(FINAL_WRITES);
      expect(ledger.unanswered).toBeGreaterThan(0);
      console.log(
        `crash-restart (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${KILLS} kills, ` +
          `${rounds.map((r) => `${r.acked} acknowledged + ${r.inFlightAtKill} in flight`).join('; ')}; ` +
          `${last.acked} after the last restart; orders ${ledger.ordersAcked.size} acknowledged, ` +
          `${result.ordersStored} stored (${result.ordersUnanswered} committed unanswered); ` +
          `${ledger.movementsAcked.length} receipts/counts, ${ledger.confirmationsAcked.size} confirmations ` +
          `acknowledged; ${ledger.unanswered} requests unanswered`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
