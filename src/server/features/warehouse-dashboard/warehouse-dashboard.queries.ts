import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import { isoTimestamp } from '#server/db/sql-helpers';
import { STOCK_LOW_BELOW } from '#shared/constants';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';

/**
 * The whole dashboard in one prepared statement (decision 0049 part 3): the counts over the
 * product table (dozens of rows, whatever the number of orders), the newest ledger movements (a
 * backward walk of the primary key, never a scan of the ledger), the units per category, and the
 * units issued and received per business day up to `today`, newest first, from the daily
 * rollup. Each list is one JSON column in its order. One statement instead of four: the server's
 * profile under load spent more time sending statements (a socket write each) and handling their
 * answers than running the route; its plan is the same for every day (a range of the rollup's
 * primary key), so it is planned once per connection.
 */
export async function warehouseStats(
  db: Executor,
  today: string,
  days: number,
  recent: number,
): Promise<WarehouseStats> {
  const res = await db.execute<WarehouseStats>(
    prepared(sql`
    select t.total_products, t.total_units, t.low_stock_items, t.out_of_stock_items,
           (select coalesce(json_agg(r order by r.movement_id desc), '[]')
              from (select m.movement_id::int as movement_id, p.product_id, p.name as product_name, p.category,
                           ${isoTimestamp('m.created_at')} as last_updated, m.balance_after as available_units,
                           m.delta, m.reason
                      from (select * from stock_movements order by movement_id desc limit ${literalCount(recent)}) m
                      join products p using (product_id)) r) as recent_updates,
           (select coalesce(json_agg(c order by c.total_units desc, c.category), '[]')
              from (select category, count(*)::int as product_count,
                           coalesce(sum(available_units), 0)::float8 as total_units
                      from products group by category) c) as category_distribution,
           (select json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'),
                                              'issued_units', coalesce(d.issued_units, 0)::int,
                                              'received_units', coalesce(d.received_units, 0)::int)
                            order by g.day desc)
              from generate_series(${today}::date - ${literalCount(days - 1)}, ${today}::date, interval '1 day') g(day)
              left join (select movement_date, sum(issued_units) as issued_units,
                                sum(received_units) as received_units
                           from stock_daily
                          where movement_date between ${today}::date - ${literalCount(days - 1)} and ${today}::date
                          group by movement_date) d on d.movement_date = g.day::date) as stock_trend
      from (select count(*)::int as total_products,
                   coalesce(sum(available_units), 0)::float8 as total_units,
                   -- the levels of stockStatus() (src/shared/stock.ts), each product in one:
                   -- Low Stock from 1 to 49 units, Out of Stock at 0
                   count(*) filter (where available_units > 0
                                      and available_units < ${literalCount(STOCK_LOW_BELOW)})::int as low_stock_items,
                   count(*) filter (where available_units <= 0)::int as out_of_stock_items
              from products) t`),
  );
  return res.rows[0]!;
}
