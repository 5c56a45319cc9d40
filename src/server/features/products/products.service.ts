import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type {
  CreateProductRequest,
  InventoryProduct,
  ProductDetailsRequest,
  StockChangeResponse,
  StockCountRequest,
  StockReceiptRequest,
} from '#shared/contract/products';
import * as q from './products.queries';
import { insertMovement, latestMovements, listMovements } from './stock-ledger.queries';

/** Unique name, and the integer range of a balance: the database's refusals as clear answers. */
function explainWriteError(err: unknown, name?: string): never {
  const code = pgErrorCode(err);
  if (code === '23505' && pgConstraint(err) === 'products_name_lower_uq') {
    throw conflict(`A product named '${name}' already exists`);
  }
  if (code === '22003') throw unprocessable('units: the stock would exceed the largest number it can hold');
  if (code === '23514' && pgConstraint(err)?.startsWith('products_available_units')) {
    throw conflict('Not enough stock: orders reserved units at the same time, please count again');
  }
  throw err;
}

async function productOrFail(db: Tx, productId: number): Promise<InventoryProduct> {
  const product = await q.findProduct(db, productId);
  if (!product) throw notFound(`Product ${productId} not found`);
  return product;
}

export async function createProduct(ctx: AppContext, user: AuthUser, input: CreateProductRequest) {
  const { initial_units = 0, ...details } = input;
  try {
    return await withActor(ctx.db, user.userId, async (tx) => {
      const productId = await q.insertProduct(tx, details);
      if (initial_units > 0) {
        await insertMovement(tx, {
          productId,
          delta: initial_units,
          reason: 'initial',
          note: 'Opening stock of a new product',
          createdBy: user.userId,
        });
      }
      return productOrFail(tx, productId);
    });
  } catch (err) {
    explainWriteError(err, details.name);
  }
}

export async function updateDetails(
  ctx: AppContext,
  user: AuthUser,
  productId: number,
  details: ProductDetailsRequest,
) {
  try {
    return await withActor(ctx.db, user.userId, async (tx) => {
      if (!(await q.updateProductDetails(tx, productId, details))) {
        throw notFound(`Product ${productId} not found`);
      }
      return productOrFail(tx, productId);
    });
  } catch (err) {
    explainWriteError(err, details.name);
  }
}

/** How far back a count's reading is looked for in the ledger. */
const READING_LOOKBACK = 1000;
/** Movements that reserve or give back units for orders: a count made meanwhile applies over them. */
const ORDER_REASONS = new Set(['order_reserved', 'order_cancelled']);

/**
 * Why a count read at `previous` units cannot apply now, or undefined when it can: the balance
 * was moved since the reading by another count, a receipt or a return (a newer statement of what
 * is on the shelf, which the count did not see), or the reading is not found in the ledger's
 * latest movements. Movements are walked back from the balance now to the latest point where the
 * balance was the one read (docs/decisions/0068).
 */
function staleReading(
  latest: Array<{ reason: string; delta: number; balance_after: number }>,
  previous: number,
  now: number,
): string | undefined {
  let balance = now;
  const shelf = new Map<string, number>();
  for (const m of latest) {
    if (balance === previous) break;
    if (!ORDER_REASONS.has(m.reason)) shelf.set(m.reason, (shelf.get(m.reason) ?? 0) + 1);
    balance = m.balance_after - m.delta;
  }
  if (balance !== previous) return `no such balance in its latest ${latest.length} movements`;
  if (shelf.size === 0) return undefined;
  const words: Record<string, string> = {
    manual_count: 'a count',
    production_receipt: 'a receipt',
    delivery_returned: 'a return',
    initial: 'the opening stock',
  };
  return `${[...shelf.keys()].map((r) => words[r] ?? r).join(', ')} meanwhile`;
}

/**
 * A manual count (docs/decisions/0017, 0068): the difference between the counted units and
 * `previous_units` is recorded as a `manual_count` movement on the current balance, so units
 * that orders reserved meanwhile stay reserved. A count whose reading another count, a receipt or
 * a return has overtaken is refused (409 naming the balance then and now): two counts of one
 * reading would otherwise both apply their difference.
 */
export async function recordCount(
  ctx: AppContext,
  user: AuthUser,
  productId: number,
  input: StockCountRequest,
): Promise<StockChangeResponse> {
  try {
    return await withActor(ctx.db, user.userId, async (tx) => {
      // the row lock every movement takes: the balance and the ledger stay as read until commit
      const locked = await q.lockProduct(tx, productId);
      if (!locked) throw notFound(`Product ${productId} not found`);
      const basis = input.previous_units ?? locked.available_units;
      if (basis !== locked.available_units) {
        const latest = await latestMovements(tx, productId, READING_LOOKBACK);
        const overtaken = staleReading(latest, basis, locked.available_units);
        if (overtaken) {
          throw conflict(
            `${locked.name}: the balance changed since the count was read (${basis} then, ` +
              `${locked.available_units} now; ${overtaken}), so the count is not applied; ` +
              `please count again against ${locked.available_units} units`,
          );
        }
      }
      const delta = input.available_units - basis;
      const concurrentChange = locked.available_units - basis;
      if (locked.available_units + delta < 0) {
        throw conflict(
          `${locked.name}: orders reserved ${-concurrentChange} units since the count was read ` +
            `(${basis} then, ${locked.available_units} now), so it cannot go down by ${-delta}; please count again`,
        );
      }
      const movement =
        delta === 0
          ? null
          : await insertMovement(tx, {
              productId,
              delta,
              reason: 'manual_count',
              note: input.reason || null,
              createdBy: user.userId,
            });
      return { product: await productOrFail(tx, productId), movement, concurrent_change: concurrentChange };
    });
  } catch (err) {
    explainWriteError(err);
  }
}

export async function recordReceipt(
  ctx: AppContext,
  user: AuthUser,
  productId: number,
  input: StockReceiptRequest,
): Promise<StockChangeResponse> {
  try {
    return await withActor(ctx.db, user.userId, async (tx) => {
      const locked = await q.lockProduct(tx, productId);
      if (!locked) throw notFound(`Product ${productId} not found`);
      const movement = await insertMovement(tx, {
        productId,
        delta: input.units,
        reason: 'production_receipt',
        note: input.note || null,
        createdBy: user.userId,
      });
      return { product: await productOrFail(tx, productId), movement, concurrent_change: 0 };
    });
  } catch (err) {
    explainWriteError(err);
  }
}

export async function productMovements(ctx: AppContext, productId: number, page: number, pageSize: number) {
  const result = await listMovements(ctx.db, productId, pageSize, (page - 1) * pageSize);
  if (!result) throw notFound(`Product ${productId} not found`);
  return result;
}
