import type { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { registerReport } from '#server/http/report-route';
import { RawJson } from '#server/http/serializer';
import { NEAR_FULL_PERCENT } from '#shared/constants';
import { employeeWorkloadRow, revenueAnalysisRow, trainCapacityRow } from '#shared/contract/admin-reports';
import * as q from './admin-reports.queries';
import { currentWeek, round, spanOf } from './period';

/** The train-capacity-utilization rows of `tripsInSpan`'s trips: utilisation and status. */
export function trainCapacityRows(
  rows: Awaited<ReturnType<typeof q.tripsInSpan>>,
): z.infer<typeof trainCapacityRow>[] {
  return rows.map((r) => {
    const percent = r.total_capacity > 0 ? round((r.used_capacity / r.total_capacity) * 100, 1) : 0;
    return {
      ...r,
      utilization_percent: percent,
      status:
        r.total_capacity > 0 && r.used_capacity >= r.total_capacity
          ? ('Full' as const)
          : percent > NEAR_FULL_PERCENT
            ? ('Near Full' as const)
            : ('On Schedule' as const),
    };
  });
}

/**
 * The admin report center's reports (docs/product/business-rules.md#reports) that no other portal
 * registered: revenue analysis, train capacity utilisation, employee workload. (Product
 * performance, delivery performance and inventory alerts are the warehouse's and manager's,
 * reused.)
 */
export function registerFinancialReports(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    name: 'revenue-analysis',
    title: 'Revenue Analysis',
    description:
      'Orders placed in the period and not cancelled, per month and customer type: count, revenue (goods at the captured prices + delivery fee), average order value, and the customers of the type who ordered in the month.',
    permission: 'reports:financial',
    row: revenueAnalysisRow,
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'customer_type', label: 'Customer type' },
      { key: 'order_count', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'avg_order_value', label: 'Average order', kind: 'money' },
      { key: 'unique_customers', label: 'Customers', kind: 'int' },
    ],
    async run(c, _user, { period }) {
      const rows = await q.revenueByMonthAndType(c.db, period);
      return rows.map((r) => ({
        ...r,
        total_revenue: round(r.total_revenue),
        avg_order_value: r.order_count ? round(r.total_revenue / r.order_count) : 0,
      }));
    },
  });

  registerReport(app, ctx, {
    name: 'train-capacity-utilization',
    title: 'Train Capacity Utilization',
    description: `Train trips departing in the period (default: the last and next 30 days): capacity booked of total and the orders on board; above ${NEAR_FULL_PERCENT} % a trip is Near Full, with no space left Full.`,
    permission: 'reports:operations',
    row: trainCapacityRow,
    defaultDays: 60,
    defaultDaysAhead: 30,
    columns: [
      { key: 'train_trip_id', label: 'Trip', kind: 'int' },
      { key: 'train_name', label: 'Train' },
      { key: 'departure_city', label: 'From' },
      { key: 'arrival_city', label: 'To' },
      { key: 'departure_date_time', label: 'Departs', kind: 'datetime' },
      { key: 'total_capacity', label: 'Capacity', kind: 'number', total: 'sum' },
      { key: 'used_capacity', label: 'Booked', kind: 'number', total: 'sum' },
      { key: 'utilization_percent', label: 'Utilisation', kind: 'percent', total: 'avg' },
      { key: 'orders_count', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'status', label: 'Status' },
    ],
    run: async (c, _user, { period }) => trainCapacityRows(await q.tripsInSpan(c.db, spanOf(period))),
    // the JSON rows written by PostgreSQL as the contract's writer would write `run`'s (decision 0051)
    json: async (c, _user, { period }) => new RawJson(await q.trainCapacityJson(c.db, spanOf(period))),
  });

  registerReport(app, ctx, {
    name: 'employee-workload',
    title: 'Employee Workload',
    description:
      'Deliveries of every driver and assistant that start in the period (default the last 30 days): assignments, scheduled hours, average hours, assignments this week (Monday to Sunday) and the latest assignment.',
    permission: 'reports:operations',
    row: employeeWorkloadRow,
    defaultDays: 29,
    columns: [
      { key: 'first_name', label: 'First name' },
      { key: 'last_name', label: 'Last name' },
      { key: 'employee_type', label: 'Role' },
      { key: 'total_assignments', label: 'Assignments', kind: 'int', total: 'sum' },
      { key: 'total_hours', label: 'Hours', kind: 'hours', total: 'sum' },
      { key: 'avg_hours_per_assignment', label: 'Hours / assignment', kind: 'hours' },
      { key: 'assignments_this_week', label: 'This week', kind: 'int', total: 'sum' },
      { key: 'last_assignment', label: 'Latest assignment', kind: 'datetime' },
    ],
    async run(c, _user, { period }) {
      const rows = await q.workload(c.db, spanOf(period), currentWeek(c.clock()));
      return rows.map((r) => ({
        ...r,
        total_hours: round(r.total_hours),
        avg_hours_per_assignment: r.total_assignments ? round(r.total_hours / r.total_assignments) : 0,
      }));
    },
  });
}
