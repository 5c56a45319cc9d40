import type { App, AppContext } from '#server/context';
import { crewHours, monthPeriod } from '#server/features/manager-reports/index';
import { registerReport } from '#server/http/report-route';
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
import { REPORTS } from '#shared/reports';
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
    ...REPORTS['quarterly-sales'],
    row: quarterlySalesRow,
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
    ...REPORTS['top-items'],
    row: topItemRow,
    extraQuery: { quarter: quarterFilter, limit: intString(1, 1000).optional() },
    async run(c, _user, { period, query }) {
      const chosen = query.quarter ? quarterPeriod(query.quarter) : period;
      const rows = await q.topItems(c.db, chosen, query.limit ?? 10);
      return rows.map((r, i) => ({ rank: i + 1, ...r, revenue: round(r.revenue) }));
    },
  });

  registerReport(app, ctx, {
    ...REPORTS['city-sales'],
    row: citySalesRow,
    run: async (c, _user, { period }) => share(await q.salesByCity(c.db, period)),
  });

  registerReport(app, ctx, {
    ...REPORTS['route-sales'],
    row: routeSalesRow,
    run: async (c, _user, { period }) => share(await q.salesByRoute(c.db, period)),
  });

  registerReport(app, ctx, {
    ...REPORTS['crew-hours'],
    row: crewHoursRow,
    async run(c, _user, { period }) {
      const [rows, limits] = await Promise.all([crewHours(c.db, spanOf(period)), q.crewLimits(c.db)]);
      const weeks = daysIn(period) / 7;
      const limitOf = new Map(limits.map((l) => [l.employee_id, l.weekly_hour_limit]));
      return rows.map((r) => {
        const own = limitOf.get(r.employeeId);
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
    ...REPORTS['truck-usage'],
    row: truckMonthRow,
    async run(c, _user, { period }) {
      const [used, trucks] = await Promise.all([q.truckMonths(c.db, spanOf(period)), q.allTrucks(c.db)]);
      const months = [
        ...new Set([period.from.slice(0, 7), ...used.map((u) => u.month), period.to.slice(0, 7)]),
      ].sort();
      // one lookup per truck and month (a find over every row for each was months x trucks x rows:
      // about 12 million comparisons for a year at 10M orders)
      const usedOf = new Map(used.map((u) => [`${u.month} ${u.truck_id}`, u]));
      return months.flatMap((month) => {
        const m = monthPeriod(month);
        // YYYY-MM-DD strings sort as dates: the month's days within the period
        const [, from] = [m.from, period.from].sort() as [string, string];
        const [to] = [m.to, period.to].sort() as [string];
        const available = daysIn({ from, to }) * TRUCK_HOURS_PER_DAY;
        return trucks.map((t) => {
          const u = usedOf.get(`${month} ${t.truck_id}`);
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
    ...REPORTS['customer-orders'],
    row: customerOrderRow,
    extraQuery: customerOrdersQuery,
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
