import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import { STOCK_LOW_BELOW } from '#shared/constants';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';

type Totals = Pick<
  WarehouseStats,
  'total_products' | 'total_units' | 'low_stock_items' | 'out_of_stock_items'
>;

/** Counts over the product table (dozens of rows, whatever the number of orders). */
export async function stockTotals(db: Executor): Promise<Totals> {
  const res = await db.execute<Totals>(sql`
    select count(*)::int as total_products,
           coalesce(sum(available_units), 0)::float8 as total_units,
           count(*) filter (where available_units < ${STOCK_LOW_BELOW})::int as low_stock_items,
           count(*) filter (where available_units = 0)::int as out_of_stock_items
      from products`);
  return res.rows[0]!;
}

/** The newest ledger movements: a backward walk of the primary key, never a scan of the ledger. */
export async function recentMovements(db: Executor, limit: number) {
  const res = await db.execute<WarehouseStats['recent_updates'][number]>(sql`
    select m.movement_id::int as movement_id, p.product_id, p.name as product_name, p.category,
           ${isoTimestamp('m.created_at')} as last_updated, m.balance_after as available_units,
           m.delta, m.reason
      from (select * from stock_movements order by movement_id desc limit ${limit}) m
      join products p using (product_id)
     order by m.movement_id desc`);
  return res.rows;
}

export async function categoryDistribution(db: Executor) {
  const res = await db.execute<WarehouseStats['category_distribution'][number]>(sql`
    select category, count(*)::int as product_count, coalesce(sum(available_units), 0)::float8 as total_units
      from products group by category order by total_units desc, category`);
  return res.rows;
}

/** Units issued and received per business day up to `today`, newest first, from the daily rollup. */
export async function stockTrend(db: Executor, today: string, days: number) {
  const res = await db.execute<WarehouseStats['stock_trend'][number]>(sql`
    select to_char(g.day, 'YYYY-MM-DD') as date,
           coalesce(d.issued_units, 0)::int as issued_units,
           coalesce(d.received_units, 0)::int as received_units
      from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') g(day)
      left join (select movement_date, sum(issued_units) as issued_units, sum(received_units) as received_units
                   from stock_daily
                  where movement_date between ${today}::date - ${days - 1}::int and ${today}::date
                  group by movement_date) d on d.movement_date = g.day::date
     order by g.day desc`);
  return res.rows;
}
