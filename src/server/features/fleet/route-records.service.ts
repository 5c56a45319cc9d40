import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import { findRoute } from '#server/features/deliveries/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgErrorCode, unprocessable } from '#server/http/errors';
import type { Route } from '#shared/contract/deliveries';
import type { RouteRequest } from '#shared/contract/fleet';
import * as q from './fleet.queries';

type ParsedRoute = Required<RouteRequest>;

const values = (input: ParsedRoute): q.RouteValues => ({
  storeId: input.store_id,
  name: input.name,
  endLocation: input.end_location,
  coveredTowns: input.covered_towns,
  maxDeliveryHours: input.max_delivery_hours,
});

/** The store, locked: the route names of one store are checked and written one at a time. */
async function lockedStore(tx: Tx, storeId: number) {
  const store = await q.lockStore(tx, storeId);
  if (!store) throw unprocessable(`store_id: there is no store ${storeId}`);
  return store;
}

async function assertNameFree(tx: Tx, store: q.StoreRow, name: string, routeId: number | null) {
  const other = await q.routeNamed(tx, store.store_id, name, routeId);
  if (other) {
    throw conflict(
      `The ${store.city} store already has a route named ${other.name} (route #${other.route_id})`,
    );
  }
}

/** "5 deliveries and orders", "orders", ... for the refusals below; null when nothing refers. */
async function referredBy(tx: Tx, routeId: number): Promise<string | null> {
  const refs = await q.routeReferences(tx, routeId);
  const parts = [
    refs.deliveries > 0 ? `${refs.deliveries} ${refs.deliveries === 1 ? 'delivery' : 'deliveries'}` : null,
    refs.has_orders ? 'orders' : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** POST /routes/routes (admins). */
export async function createRoute(ctx: AppContext, user: AuthUser, input: ParsedRoute): Promise<Route> {
  const id = await withActor(ctx.db, user.userId, async (tx) => {
    const store = await lockedStore(tx, input.store_id);
    await assertNameFree(tx, store, input.name, null);
    return q.insertRoute(tx, values(input));
  });
  return (await findRoute(ctx.db, id))!;
}

/**
 * PUT /routes/routes/{id} (admins). Its towns and hours apply to what comes next: orders keep the
 * route they were placed on, runs keep the end they were scheduled with. It moves to another
 * store only while no order or run refers to it (they were planned from its store).
 */
export async function updateRoute(
  ctx: AppContext,
  user: AuthUser,
  routeId: number,
  input: ParsedRoute,
): Promise<Route> {
  await withActor(ctx.db, user.userId, async (tx) => {
    const route = await q.lockRoute(tx, routeId);
    if (!route) throw notFound(`Route ${routeId} not found`);
    const store = await lockedStore(tx, input.store_id);
    if (input.store_id !== route.store_id) {
      const refs = await referredBy(tx, routeId);
      if (refs) {
        throw conflict(
          `Route ${route.name} cannot move to the ${store.city} store: it has ${refs} from its present store; add a new route there instead`,
        );
      }
    }
    await assertNameFree(tx, store, input.name, routeId);
    await q.updateRoute(tx, routeId, values(input));
  });
  return (await findRoute(ctx.db, routeId))!;
}

/** DELETE /routes/routes/{id}: only a route no order or run refers to (admins). */
export async function deleteRoute(ctx: AppContext, user: AuthUser, routeId: number): Promise<void> {
  let name = `Route ${routeId}`;
  await withActor(ctx.db, user.userId, async (tx) => {
    const route = await q.lockRoute(tx, routeId);
    if (!route) throw notFound(`Route ${routeId} not found`);
    name = `Route ${route.name}`;
    const refs = await referredBy(tx, routeId);
    if (refs) {
      throw conflict(`${name} cannot be deleted: it has ${refs}, and is kept for their history`);
    }
    await q.deleteRoute(tx, routeId);
  }).catch((err) => {
    // an order placed on it meanwhile (the foreign key has the last word)
    if (pgErrorCode(err) === '23503') throw conflict(`${name} cannot be deleted: it has orders`);
    throw err;
  });
}
