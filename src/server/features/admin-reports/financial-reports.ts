import type { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { registerReport } from '#server/http/report-route';
import { RawJson } from '#server/http/serializer';
import { NEAR_FULL_PERCENT } from '#shared/constants';
import { employeeWorkloadRow, revenueAnalysisRow, trainCapacityRow } from '#shared/contract/admin-reports';
import { REPORTS } from '#shared/reports';
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
    ...REPORTS['revenue-analysis'],
    row: revenueAnalysisRow,
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
    ...REPORTS['train-capacity-utilization'],
    row: trainCapacityRow,
    run: async (c, _user, { period }) => trainCapacityRows(await q.tripsInSpan(c.db, spanOf(period))),
    // the JSON rows written by PostgreSQL as the contract's writer would write `run`'s (decision 0051)
    json: async (c, _user, { period }) => new RawJson(await q.trainCapacityJson(c.db, spanOf(period))),
  });

  registerReport(app, ctx, {
    ...REPORTS['employee-workload'],
    row: employeeWorkloadRow,
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
