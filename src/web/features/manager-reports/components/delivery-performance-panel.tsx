import { Link } from 'react-router';
import type { DeliveryPerformanceRow } from '#shared/contract/manager-reports';
import { type Period, PeriodPicker } from '#web/components/ui/period-picker';
import { useReport } from '../api/get-report';
import { DeliveryPerformanceTable, performanceSummary } from './delivery-performance-table';
import { ReportCard } from './report-card';

/** portal-spec §9: the manager's panel shows the first 8 rows, with a link to all of them. */
export const PERFORMANCE_PREVIEW_ROWS = 8;

export function DeliveryPerformancePanel({
  period,
  onPeriodChange,
  allLink,
  limit,
}: {
  period: Period;
  onPeriodChange: (p: Period) => void;
  /** Where "all rows" lives; omitted on the full page. */
  allLink?: string;
  limit?: number;
}) {
  const query = { from: period.from, to: period.to };
  const report = useReport<DeliveryPerformanceRow>('delivery-performance', query);
  const rows = report.data ?? [];
  const shown = limit ? rows.slice(0, limit) : rows;
  const summary = performanceSummary(rows);
  return (
    <ReportCard
      name="delivery-performance"
      title="Delivery performance"
      description="Each order on a delivery in the period: on time, late (hours past its day) or still out."
      query={query}
      state={report}
      controls={<PeriodPicker value={period} onChange={onPeriodChange} presets={[7, 30, 90]} />}
    >
      <p className="flex flex-wrap gap-4 text-sm">
        <span className="text-emerald-700">{summary.onTime} on time</span>
        <span className="text-red-700">{summary.late} late</span>
        <span className="text-slate-600">{summary.pending} pending</span>
      </p>
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <DeliveryPerformanceTable rows={shown} />
      </div>
      {allLink && rows.length > shown.length && (
        <Link
          to={`${allLink}?from=${period.from}&to=${period.to}`}
          className="inline-block text-sm font-medium text-indigo-700 hover:underline"
        >
          View all {rows.length} rows
        </Link>
      )}
    </ReportCard>
  );
}
