import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import { STORE_ORDERS_PER_PRODUCT, type StoreStock, type StoreStockLine } from '#shared/contract/stores';
import { findStore, type StoreItemRow, storeItems } from './stores.queries';

/** Rows (already ordered: most units first, then the longest waiting orders) as product lines. */
function byProduct(rows: StoreItemRow[]): StoreStockLine[] {
  const lines = new Map<number, StoreStockLine>();
  for (const row of rows) {
    let line = lines.get(row.product_id);
    if (!line) {
      line = {
        product_id: row.product_id,
        product_name: row.product_name,
        category: row.category,
        units: row.product_units,
        order_count: row.product_orders,
        orders: [],
      };
      lines.set(row.product_id, line);
    }
    line.orders.push({
      order_id: row.order_id,
      customer_name: row.customer_name,
      quantity: row.quantity,
      schedule_date: row.schedule_date,
      arrival_date_time: row.arrival_date_time,
      trips_arrived: row.trips_arrived,
      trips_total: row.trips_total,
      delivery_id: row.delivery_id,
      delivery_date_time: row.delivery_date_time,
      failed_delivery: row.failed_delivery,
    });
  }
  return [...lines.values()];
}

const units = (lines: StoreStockLine[]) => lines.reduce((sum, l) => sum + l.units, 0);

export async function storeStock(ctx: AppContext, storeId: number): Promise<StoreStock> {
  const store = await findStore(ctx.db, storeId);
  if (!store) throw notFound(`Store ${storeId} not found`);
  const now = ctx.clock();
  const rows = await storeItems(ctx.db, store.city_id, now, STORE_ORDERS_PER_PRODUCT);
  const here = rows.filter((r) => r.arrived);
  const coming = rows.filter((r) => !r.arrived);
  const atStore = byProduct(here);
  const onTheWay = byProduct(coming);
  const { city_id: _cityId, ...storeFields } = store;
  return {
    store: storeFields,
    as_of: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    at_store: atStore,
    on_the_way: onTheWay,
    totals: {
      units_at_store: units(atStore),
      units_on_the_way: units(onTheWay),
      orders_at_store: here[0]?.side_orders ?? 0,
      orders_on_the_way: coming[0]?.side_orders ?? 0,
    },
  };
}
