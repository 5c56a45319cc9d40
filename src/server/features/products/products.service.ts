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
import { insertMovement, listMovements } from './stock-ledger.queries';

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

/**
 * A manual count, applied against the balance it was read at (docs/decisions/0017): the
 * difference between the counted units and `previous_units` is recorded as a `manual_count`
 * movement on the current balance, so units that orders reserved meanwhile stay reserved.
 */
export async function recordCount(
  ctx: AppContext,
  user: AuthUser,
  productId: number,
  input: StockCountRequest,
): Promise<StockChangeResponse> {
  try {
    return await withActor(ctx.db, user.userId, async (tx) => {
      const locked = await q.lockProduct(tx, productId);
      if (!locked) throw notFound(`Product ${productId} not found`);
      const basis = input.previous_units ?? locked.available_units;
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
