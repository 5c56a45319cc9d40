import type { App, AppContext } from '#server/context';
import { crewHours, monthPeriod } from '#server/features/manager-reports/index';
import { PDF_ROW_CAP, registerReport } from '#server/http/report-route';
import { ASSISTANT_WEEKLY_HOURS, DRIVER_WEEKLY_HOURS, TRUCK_HOURS_PER_DAY } from '#shared/constants';
import {
  CUSTOMER_ORDERS_DEFAULT_LIMIT,
  citySalesRow,
  crewHoursRow,
  customerOrderRow,
  customerOrdersQuery,
  quarterFilter,
  quarterlySalesRow,
  routeSalesRow,
  topItemRow,
  truckMonthRow,
} from '#shared/contract/admin-reports';
import { intString } from '#shared/contract/common';
import * as q from './admin-reports.queries';
import { daysIn, quarterPeriod, round, spanOf } from './period';

const share = <T extends { total_revenue: number }>(rows: T[]) => {
  const total = rows.reduce((s, r) => s + r.total_revenue, 0);
  return rows.map((r) => ({
    ...r,
    total_revenue: round(r.total_revenue),
    percent: total > 0 ? round((r.total_revenue / total) * 100, 1) : 0,
  }));
};

/** The six business reports the management needs (docs/product/business-rules.md#reports). */
export function registerBusinessReports(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    name: 'quarterly-sales',
    title: 'Quarterly Sales',
    description:
      'Value and volume of the orders placed in each calendar quarter of the period and not cancelled: orders, units, train space, goods revenue at the captured prices, delivery fees.',
    permission: 'reports:financial',
    row: quarterlySalesRow,
    columns: [
      { key: 'quarter', label: 'Quarter' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'space', label: 'Train space', kind: 'number', total: 'sum' },
      { key: 'goods_revenue', label: 'Goods', kind: 'money', total: 'sum' },
      { key: 'delivery_fees', label: 'Delivery fees', kind: 'money', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'avg_order_value', label: 'Average order', kind: 'money' },
    ],
    async run(c, _user, { period }) {
      const rows = await q.salesByQuarter(c.db, period);
      return rows.map((r) => {
        const total = r.goods_revenue + r.delivery_fees;
        return {
          ...r,
          space: round(r.space, 3),
          goods_revenue: round(r.goods_revenue),
          delivery_fees: round(r.delivery_fees),
          total_revenue: round(total),
          avg_order_value: r.orders ? round(total / r.orders) : 0,
        };
      });
    },
  });

  registerReport(app, ctx, {
    name: 'top-items',
    title: 'Most Ordered Items',
    description:
      'The products ordered most (units) in `quarter` (YYYY-Qn) or in the period, orders not cancelled; `limit` rows (default 10).',
    permission: 'reports:financial',
    row: topItemRow,
    extraQuery: { quarter: quarterFilter, limit: intString(1, 1000).optional() },
    columns: [
      { key: 'rank', label: 'Rank', kind: 'int' },
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'revenue', label: 'Revenue', kind: 'money', total: 'sum' },
    ],
    async run(c, _user, { period, query }) {
      const chosen = query.quarter ? quarterPeriod(query.quarter) : period;
      const rows = await q.topItems(c.db, chosen, query.limit ?? 10);
      return rows.map((r, i) => ({ rank: i + 1, ...r, revenue: round(r.revenue) }));
    },
  });

  registerReport(app, ctx, {
    name: 'city-sales',
    title: 'Sales by City',
    description:
      'Orders, units and revenue (goods + delivery fee) per destination city, orders placed in the period and not cancelled.',
    permission: 'reports:financial',
    row: citySalesRow,
    columns: [
      { key: 'city', label: 'City' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
    run: async (c, _user, { period }) => share(await q.salesByCity(c.db, period)),
  });

  registerReport(app, ctx, {
    name: 'route-sales',
    title: 'Sales by Route',
    description:
      'Orders, units and revenue (goods + delivery fee) per truck route, orders placed in the period and not cancelled.',
    permission: 'reports:financial',
    row: routeSalesRow,
    columns: [
      { key: 'route', label: 'Route' },
      { key: 'city', label: 'Store city' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
    run: async (c, _user, { period }) => share(await q.salesByRoute(c.db, period)),
  });

  registerReport(app, ctx, {
    name: 'crew-hours',
    title: 'Driver and Assistant Working Hours',
    description:
      'Scheduled hours of every driver and assistant on the deliveries starting in the period (default the last 30 days), with the average per week against their weekly limit.',
    permission: 'reports:operations',
    row: crewHoursRow,
    defaultDays: 29,
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'employee_type', label: 'Role' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int', total: 'sum' },
      { key: 'total_hours', label: 'Hours', kind: 'hours', total: 'sum' },
      { key: 'avg_hours_per_week', label: 'Hours / week', kind: 'hours' },
      { key: 'weekly_hour_limit', label: 'Weekly limit', kind: 'hours' },
    ],
    async run(c, _user, { period }) {
      const [rows, limits] = await Promise.all([crewHours(c.db, spanOf(period)), q.crewLimits(c.db)]);
      const weeks = daysIn(period) / 7;
      return rows.map((r) => {
        const own = limits.find((l) => l.employee_id === r.employeeId)?.weekly_hour_limit;
        return {
          employee_id: r.employeeId,
          name: r.name,
          employee_type: r.employee_type,
          deliveries: r.deliveries,
          total_hours: r.totalHours,
          avg_hours_per_week: round(r.totalHours / weeks),
          weekly_hour_limit:
            own ?? (r.employee_type === 'Driver' ? DRIVER_WEEKLY_HOURS : ASSISTANT_WEEKLY_HOURS),
        };
      });
    },
  });

  registerReport(app, ctx, {
    name: 'truck-usage',
    title: 'Truck Usage per Month',
    description: `Each truck in each month of the period: deliveries, scheduled hours, and their share of the hours it could run (${TRUCK_HOURS_PER_DAY} h a day, the month's days within the period).`,
    permission: 'reports:operations',
    row: truckMonthRow,
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'plate_number', label: 'Truck' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int', total: 'sum' },
      { key: 'hours_used', label: 'Hours used', kind: 'hours', total: 'sum' },
      { key: 'hours_available', label: 'Hours available', kind: 'hours', total: 'sum' },
      { key: 'usage_percent', label: 'Usage', kind: 'percent', total: 'avg' },
    ],
    async run(c, _user, { period }) {
      const [used, trucks] = await Promise.all([q.truckMonths(c.db, spanOf(period)), q.allTrucks(c.db)]);
      const months = [
        ...new Set([period.from.slice(0, 7), ...used.map((u) => u.month), period.to.slice(0, 7)]),
      ].sort();
      return months.flatMap((month) => {
        const m = monthPeriod(month);
        // YYYY-MM-DD strings sort as dates: the month's days within the period
        const [, from] = [m.from, period.from].sort() as [string, string];
        const [to] = [m.to, period.to].sort() as [string];
        const available = daysIn({ from, to }) * TRUCK_HOURS_PER_DAY;
        return trucks.map((t) => {
          const u = used.find((x) => x.month === month && x.truck_id === t.truck_id);
          const hours = round(u?.hours_used ?? 0);
          return {
            month,
            truck_id: t.truck_id,
            plate_number: t.plate_number,
            deliveries: u?.deliveries ?? 0,
            hours_used: hours,
            hours_available: available,
            usage_percent: available > 0 ? round((hours / available) * 100, 1) : 0,
          };
        });
      });
    },
  });

  registerReport(app, ctx, {
    name: 'customer-orders',
    title: 'Customer Order History',
    description: `Orders placed in the period, newest first, of \`customer_id\` when given: status, items, total, and the truck delivery that carries each (truck, driver, departure, delivery time). JSON and the CSV hold up to \`limit\` orders (default ${CUSTOMER_ORDERS_DEFAULT_LIMIT}, at most 5,000); the PDF the first ${PDF_ROW_CAP} of them, with the totals of all.`,
    permission: 'reports:operations',
    row: customerOrderRow,
    extraQuery: customerOrdersQuery,
    columns: [
      { key: 'order_id', label: 'Order', kind: 'int' },
      { key: 'customer_name', label: 'Customer' },
      { key: 'order_date', label: 'Ordered', kind: 'datetime' },
      { key: 'schedule_date', label: 'Requested', kind: 'date' },
      { key: 'status', label: 'Status' },
      { key: 'items', label: 'Items', kind: 'int', total: 'sum' },
      { key: 'order_total', label: 'Total', kind: 'money', total: 'sum' },
      { key: 'plate_number', label: 'Truck' },
      { key: 'driver_name', label: 'Driver' },
      { key: 'delivery_date_time', label: 'Truck leaves', kind: 'datetime' },
      { key: 'delivered_at', label: 'Delivered', kind: 'datetime' },
    ],
    async run(c, _user, { period, query }) {
      const rows = await q.customerOrders(
        c.db,
        spanOf(period),
        query.customer_id,
        query.limit ?? CUSTOMER_ORDERS_DEFAULT_LIMIT,
      );
      return rows.map((r) => ({ ...r, order_total: round(r.order_total) }));
    },
  });
}
