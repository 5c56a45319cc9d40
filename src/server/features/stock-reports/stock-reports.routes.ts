import type { App, AppContext } from '#server/context';
import { registerReport } from '#server/http/report-route';
import { currentStockRowSchema, productPerformanceRowSchema } from '#shared/contract/stock-reports';
import { REPORTS } from '#shared/reports';
import { reportStockLabel } from '#shared/stock';
import { productSales } from './stock-reports.queries';

const byName = (a: { product_name: string }, b: { product_name: string }) =>
  a.product_name.localeCompare(b.product_name);

export function registerStockReportRoutes(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    ...REPORTS['product-performance'],
    row: productPerformanceRowSchema,
    async run(c, _user, { period }) {
      const rows = await productSales(c.db, period);
      return rows
        .map((r) => ({
          product_id: r.product_id,
          product_name: r.product_name,
          category: r.category,
          unit_price: r.unit_price,
          total_quantity_sold: r.units,
          total_revenue: r.revenue,
          order_count: r.order_count,
          available_units: r.available_units,
          stock_status: reportStockLabel(r.available_units),
        }))
        .sort((a, b) => b.total_revenue - a.total_revenue || byName(a, b));
    },
  });

  registerReport(app, ctx, {
    ...REPORTS['current-stock'],
    row: currentStockRowSchema,
    async run(c, _user, { period }) {
      const rows = await productSales(c.db, period);
      return rows
        .map((r) => ({
          product_id: r.product_id,
          product_name: r.product_name,
          category: r.category,
          current_stock: r.available_units,
          unit_price: r.unit_price,
          stock_value: Math.round(r.available_units * r.unit_price * 100) / 100,
          total_quantity_sold: r.units,
          stock_status: reportStockLabel(r.available_units),
        }))
        .sort((a, b) => a.category.localeCompare(b.category) || byName(a, b));
    },
  });
}
