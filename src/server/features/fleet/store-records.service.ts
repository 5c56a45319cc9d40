import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import { findStore } from '#server/features/stores/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type { Store } from '#shared/contract/stores';
import * as q from './fleet.queries';

type ParsedStore = {
  city: string;
  address: string;
  near_station_name: string;
  contact_number?: string | null;
};

/** The city of a store: one the trains serve (not the hub). */
async function servedCity(tx: Tx, name: string) {
  const city = await q.findCityByName(tx, name);
  if (!city) {
    const names = (await q.listCities(tx)).map((c) => c.name).join(', ');
    throw unprocessable(`city: ${name} is not one of the cities the trains serve (${names})`);
  }
  if (city.is_hub) {
    throw unprocessable(
      `city: ${city.name} is the hub the trains leave from; stores are in the cities they serve`,
    );
  }
  return city;
}

async function assertCityFree(tx: Tx, city: { city_id: number; name: string }, storeId: number | null) {
  const other = await q.storeOfCity(tx, city.city_id);
  if (other && other.store_id !== storeId) {
    throw conflict(
      `${city.name} already has its store (store #${other.store_id}, ${other.address}): a city has one store`,
    );
  }
}

/** "2 trucks, 3 routes and 4 staff", or null when nothing refers to the store. */
async function referredBy(tx: Tx, storeId: number): Promise<string | null> {
  const refs = await q.storeReferences(tx, storeId);
  const parts = [
    refs.trucks > 0 ? `${refs.trucks} ${refs.trucks === 1 ? 'truck' : 'trucks'}` : null,
    refs.routes > 0 ? `${refs.routes} ${refs.routes === 1 ? 'route' : 'routes'}` : null,
    refs.staff > 0 ? `${refs.staff} staff ${refs.staff === 1 ? 'member' : 'members'}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const values = (cityId: number, input: ParsedStore): q.StoreValues => ({
  cityId,
  address: input.address,
  nearStationName: input.near_station_name,
  contactNumber: input.contact_number ?? null,
});

/** One store per city: the unique city_id of stores has the last word in a race. */
function cityRace(err: unknown, city: string): never {
  if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'stores_city_id_key') {
    throw conflict(`${city} already has its store: a city has one store`);
  }
  throw err;
}

/** POST /stores: the store near a served city's station (admins). */
export async function createStore(ctx: AppContext, user: AuthUser, input: ParsedStore): Promise<Store> {
  const id = await withActor(ctx.db, user.userId, async (tx) => {
    const city = await servedCity(tx, input.city);
    await assertCityFree(tx, city, null);
    return q.insertStore(tx, values(city.city_id, input));
  }).catch((err) => cityRace(err, input.city));
  const { city_id: _cityId, ...store } = (await findStore(ctx.db, id))!;
  return store;
}

/**
 * PUT /stores/{id} (admins): address, station and contact any time; the city only while no
 * truck, route or staff member belongs to the store (they work in its city).
 */
export async function updateStore(
  ctx: AppContext,
  user: AuthUser,
  storeId: number,
  input: ParsedStore,
): Promise<Store> {
  await withActor(ctx.db, user.userId, async (tx) => {
    const store = await q.lockStore(tx, storeId);
    if (!store) throw notFound(`Store ${storeId} not found`);
    const city = await servedCity(tx, input.city);
    if (city.city_id !== store.city_id) {
      const refs = await referredBy(tx, storeId);
      if (refs) {
        throw conflict(
          `The ${store.city} store cannot move to ${city.name}: it has ${refs}; add a store in ${city.name} instead`,
        );
      }
      await assertCityFree(tx, city, storeId);
    }
    await q.updateStore(tx, storeId, values(city.city_id, input));
  }).catch((err) => cityRace(err, input.city));
  const { city_id: _cityId, ...store } = (await findStore(ctx.db, storeId))!;
  return store;
}

/** DELETE /stores/{id}: only a store no truck, route or staff member belongs to (admins). */
export async function deleteStore(ctx: AppContext, user: AuthUser, storeId: number): Promise<void> {
  let label = `Store ${storeId}`;
  await withActor(ctx.db, user.userId, async (tx) => {
    const store = await q.lockStore(tx, storeId);
    if (!store) throw notFound(`Store ${storeId} not found`);
    label = `The ${store.city} store`;
    const refs = await referredBy(tx, storeId);
    if (refs) throw conflict(`${label} cannot be deleted: it has ${refs}`);
    await q.deleteStore(tx, storeId);
  }).catch((err) => {
    if (pgErrorCode(err) === '23503')
      throw conflict(`${label} cannot be deleted: something was added to it meanwhile`);
    throw err;
  });
}
