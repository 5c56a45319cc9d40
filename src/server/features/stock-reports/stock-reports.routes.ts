import type { App, AppContext } from '#server/context';
import { registerReport } from '#server/http/report-route';
import { currentStockRowSchema, productPerformanceRowSchema } from '#shared/contract/stock-reports';
import { reportStockLabel } from '#shared/stock';
import { productSales } from './stock-reports.queries';

const byName = (a: { product_name: string }, b: { product_name: string }) =>
  a.product_name.localeCompare(b.product_name);

export function registerStockReportRoutes(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    name: 'product-performance',
    title: 'Product Performance',
    description:
      'Units sold, revenue and orders per product in the period (orders not cancelled, by order date), with the stock status now.',
    permission: 'reports:stock',
    row: productPerformanceRowSchema,
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'unit_price', label: 'Unit price', kind: 'money' },
      { key: 'total_quantity_sold', label: 'Units sold', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'order_count', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'available_units', label: 'Available units', kind: 'int', total: 'sum' },
      { key: 'stock_status', label: 'Stock status' },
    ],
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
    name: 'current-stock',
    title: 'Current Stock',
    description:
      'Units available at the Kandy warehouse now, their value at the current price, and the units sold in the period.',
    permission: 'reports:stock',
    row: currentStockRowSchema,
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'current_stock', label: 'Current stock', kind: 'int', total: 'sum' },
      { key: 'unit_price', label: 'Unit price', kind: 'money' },
      { key: 'stock_value', label: 'Stock value', kind: 'money', total: 'sum' },
      { key: 'total_quantity_sold', label: 'Units sold', kind: 'int', total: 'sum' },
      { key: 'stock_status', label: 'Stock status' },
    ],
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
