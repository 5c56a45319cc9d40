import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import type { Period } from '#server/http/report-route';

export type ProductSalesRow = {
  product_id: number;
  product_name: string;
  category: string;
  unit_price: number;
  available_units: number;
  units: number;
  revenue: number;
  order_count: number;
};

/**
 * Every product with its sales in the period (business days, inclusive) from the daily sales
 * rollup: one row per product and day, so a year is a few thousand rows at any order volume.
 * Cancelled orders are not sales.
 */
export async function productSales(db: Executor, period: Period): Promise<ProductSalesRow[]> {
  const res = await db.execute<ProductSalesRow>(sql`
    select p.product_id, p.name as product_name, p.category, p.unit_price::float8 as unit_price,
           p.available_units,
           coalesce(s.units, 0)::int as units, coalesce(s.revenue, 0)::float8 as revenue,
           coalesce(s.order_count, 0)::int as order_count
      from products p
      left join (select product_id, sum(units) as units, sum(revenue) as revenue, sum(order_count) as order_count
                   from product_sales_daily
                  where sales_date between ${period.from}::date and ${period.to}::date
                  group by product_id) s on s.product_id = p.product_id`);
  return res.rows;
}
