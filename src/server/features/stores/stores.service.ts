import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import type { StoreStock, StoreStockLine } from '#shared/contract/stores';
import { findStore, type StoreItemRow, storeItems } from './stores.queries';

/** Items grouped per product (most units first), each with the orders it belongs to. */
function byProduct(rows: StoreItemRow[]): StoreStockLine[] {
  const lines = new Map<number, StoreStockLine>();
  for (const row of rows) {
    let line = lines.get(row.product_id);
    if (!line) {
      line = {
        product_id: row.product_id,
        product_name: row.product_name,
        category: row.category,
        units: 0,
        orders: [],
      };
      lines.set(row.product_id, line);
    }
    line.units += row.quantity;
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
    });
  }
  return [...lines.values()].sort(
    (a, b) => b.units - a.units || a.product_name.localeCompare(b.product_name),
  );
}

const units = (lines: StoreStockLine[]) => lines.reduce((sum, l) => sum + l.units, 0);
const orders = (rows: StoreItemRow[]) => new Set(rows.map((r) => r.order_id)).size;

export async function storeStock(ctx: AppContext, storeId: number): Promise<StoreStock> {
  const store = await findStore(ctx.db, storeId);
  if (!store) throw notFound(`Store ${storeId} not found`);
  const now = ctx.clock();
  const rows = await storeItems(ctx.db, store.city_id, now);
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
      orders_at_store: orders(here),
      orders_on_the_way: orders(coming),
    },
  };
}
