import { AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from '#server/db/client';

const intArray = (ids: number[]) => sql`${`{${JSON.stringify(ids).slice(1, -1)}}`}::int[]`;

export interface PlacementInput {
  actorUserId: number;
  customerId: number;
  at: Date;
  scheduleDate: string;
  /** The address typed for this order; null: the customer's own. */
  deliveryAddress: string | null;
  /** A city named for this order (must be one we deliver to); null: the customer's own. */
  cityName: string | null;
  specialInstructions: string | null;
  deliveryFee: number;
  /** Sorted by product id, one line per product. */
  lines: Array<{ productId: number; quantity: number }>;
  files: Array<{ fileName: string; contentType: string; sizeBytes: number; storageKey: string }>;
}

export type PlacementResult = {
  /** Null when nothing was written: no such customer, a product missing, too little stock or a city we do not serve. */
  order_id: number | null;
  status: string | null;
  customer_found: boolean;
  city_id: number | null;
  /** The wanted products that exist, as read before writing. */
  products: Array<{ product_id: number; name: string; available_units: number }>;
};

/**
 * Places an order in one call of `place_order()` (migrations/0016, decisions 0031 and 0039): one
 * round trip, its own transaction. It reads the customer, the delivery city and route and the
 * wanted products, and only when they all check out writes the order, its first status, its
 * lines (priced from the products) and its attachments; then it locks the products in id order
 * and writes the stock reservations. Only that last step and the commit hold the product rows;
 * the sales rollups are appended as deltas, so no order waits on a shared rollup row. A
 * shortage between the read and the lock fails the whole call on the products' CHECK. The
 * actor for the audit triggers is set (transaction-local) before anything is written.
 */
export async function placeOrderStatement(db: Executor, p: PlacementInput): Promise<PlacementResult> {
  const res = await db.execute<{ placed: PlacementResult | string }>(
    sql`select place_order(${p.actorUserId}::int, ${p.customerId}::int, ${p.at.toISOString()}::timestamptz,
                           ${p.scheduleDate}::date, ${p.deliveryAddress}::text, ${p.cityName?.trim() ?? null}::text,
                           ${p.specialInstructions}::text, ${p.deliveryFee}::numeric,
                           ${intArray(p.lines.map((l) => l.productId))}, ${intArray(p.lines.map((l) => l.quantity))},
                           ${JSON.stringify(filesOf(p))}::json) as placed`,
  );
  return parsed(res.rows[0]!.placed);
}

// pg and PGlite hand json back parsed; a driver returning text would still work
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value);

const filesOf = (p: PlacementInput) =>
  p.files.map((f) => ({
    file_name: f.fileName,
    content_type: f.contentType,
    size_bytes: f.sizeBytes,
    storage_key: f.storageKey,
  }));

/** The fields of a PostgreSQL error as `place_orders()` reports an order that failed. */
interface OrderError {
  code: string;
  message: string;
  detail: string | null;
  hint: string | null;
  constraint: string | null;
  table: string | null;
  column: string | null;
  schema: string | null;
  dataType: string | null;
}

/**
 * Places several orders in one call of `place_orders()` (migrations/0021 and 0024, decisions 0047
 * and 0050): one round trip and one transaction for all of them, each order placed by
 * `place_order()`, all in one subtransaction; when one fails, all again, each in its own. Answers
 * per order, in the order given: what `place_order()` answered, the error it failed with (rolled
 * back to its savepoint, nothing of it written) as the driver would have raised it, or RETRY: not
 * placed, nothing written, because it wanted a product another transaction held out of the
 * batch's lock order; place it again. Resolves only once the batch
 * has committed; a failing commit rejects.
 */
export async function placeOrderBatch(
  db: Executor,
  orders: PlacementInput[],
): Promise<Array<PlacementResult | Error | typeof RETRY>> {
  const batch = orders.map((p) => ({
    actor: p.actorUserId,
    customer: p.customerId,
    at: p.at.toISOString(),
    schedule: p.scheduleDate,
    address: p.deliveryAddress,
    city: p.cityName?.trim() ?? null,
    instructions: p.specialInstructions,
    fee: p.deliveryFee,
    product_ids: p.lines.map((l) => l.productId),
    quantities: p.lines.map((l) => l.quantity),
    files: filesOf(p),
  }));
  const res = await db.execute<{ answers: unknown }>(
    sql`select place_orders(${JSON.stringify(batch)}::jsonb) as answers`,
  );
  const answers = parsed(res.rows[0]!.answers as string) as unknown as Array<
    { placed: PlacementResult | string } | { error: OrderError } | { retry: true }
  >;
  return answers.map((a) => ('error' in a ? orderError(a.error) : 'retry' in a ? RETRY : parsed(a.placed)));
}

/** An order of a batch that was not placed (nothing written) and must be placed again. */
export const RETRY = Symbol('retry');

/** The error an order failed with inside its batch, with the fields pg's DatabaseError carries. */
function orderError(e: OrderError): Error {
  const err = new pg.DatabaseError(e.message, 0, 'error');
  err.severity = 'ERROR';
  err.code = e.code;
  for (const key of ['detail', 'hint', 'constraint', 'table', 'column', 'schema', 'dataType'] as const) {
    if (e[key] !== null) err[key] = e[key];
  }
  return err;
}

/** The advisory lock a batch holds for its transaction: one batch at a time on the database. */
const BATCH_LOCK = 7021001;

/** One order waiting to be placed, and how to answer it. */
interface Waiting {
  input: PlacementInput;
  resolve: (placed: PlacementResult) => void;
  reject: (err: unknown) => void;
}

/**
 * The most orders in one batch. A batch runs in one subtransaction (migration 0024), so its orders
 * make no multixact on the products they share and the work per order no longer grows with the
 * batch as it did with a savepoint per order (decision 0047: 1.9-2.7 ms of PostgreSQL CPU per order
 * with 32); decision 0050 measured 32. The fallback after a failing order (a savepoint per order)
 * stays below the 64 subtransactions PostgreSQL tracks per session in shared memory.
 */
export const MAX_BATCH = 32;

/**
 * Placement's group commit (decision 0047). An order arriving while no batch of this process is
 * running is placed at once, alone, by `place_order()` (no timer, no added wait). Orders that
 * arrive while one is running wait for it and are then placed together, up to MAX_BATCH, by
 * `place_orders()`: one transaction and one commit for all of them, each order placed whole or not
 * at all. Each caller gets its own answer or error, only after the commit. A batch waits for its
 * turn on the database (the advisory lock: one batch at a time, also across server processes)
 * and then takes along the orders that arrived meanwhile, up to MAX_BATCH (decision 0050).
 *
 * The batches run outside the request that happened to start them: they serve many requests, so
 * one client going away cancels none of them (each order is placed or not as a whole either way).
 */
export class PlacementBatcher {
  private readonly waiting: Waiting[] = [];
  private running = 0;
  /** Batches of more than one order placed so far, and orders placed again (tests, diagnostics). */
  readonly counts = { batches: 0, retried: 0 };
  /** The async context the batcher was made in (no request's): batches run there. */
  private readonly detached = new AsyncResource('PlacementBatcher');

  constructor(
    private readonly db: Db,
    /** Batches of this process running at once. */
    private readonly concurrency = 1,
  ) {}

  place(input: PlacementInput): Promise<PlacementResult> {
    return new Promise<PlacementResult>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (this.running < this.concurrency) {
        this.running += 1;
        this.detached.runInAsyncScope(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) await this.run(this.waiting.splice(0, MAX_BATCH));
    } finally {
      this.running -= 1;
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      if (batch.length === 1) {
        batch[0]!.resolve(await placeOrderStatement(this.db, batch[0]!.input));
        return;
      }
      this.counts.batches += 1;
      const answers = await this.db.transaction(async (tx) => {
        // one batch at a time on the database (several server processes): waited for in a
        // statement of its own, so the batch's statement starts after the previous batch's
        // commit, and its snapshot lets that batch's old product rows be pruned
        await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
        // orders that arrived while this batch waited for its turn go with it: while another
        // process's batch runs, this one grows instead of leaving them for the next turn
        batch.push(...this.waiting.splice(0, MAX_BATCH - batch.length));
        return placeOrderBatch(
          tx,
          batch.map((w) => w.input),
        );
      });
      const again: Waiting[] = [];
      batch.forEach((w, i) => {
        const answer = answers[i]!;
        if (answer === RETRY) again.push(w);
        else if (answer instanceof Error) w.reject(answer);
        else w.resolve(answer);
      });
      // first in the next batch, where the products it wants are the first taken
      this.counts.retried += again.length;
      this.waiting.unshift(...again);
    } catch (err) {
      // the batch as a whole failed (its commit, the connection): nothing of it was written
      for (const w of batch) w.reject(err);
    }
  }
}

/** The wanted products' names and stock now, to name the one that ran out. */
export async function readStock(db: Executor, productIds: number[]) {
  const res = await db.execute<{ product_id: number; name: string; available_units: number }>(
    sql`select product_id, name, available_units from products
         where product_id = any(${intArray(productIds)}) order by product_id`,
  );
  return res.rows;
}

declare module '#server/context' {
  interface AppContext {
    /** Placements arriving together share one transaction and commit (decision 0047). */
    placements: PlacementBatcher;
  }
}
