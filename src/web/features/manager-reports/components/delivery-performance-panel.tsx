import { Link } from 'react-router';
import type { DeliveryPerformanceRow, DeliveryPerformanceSummaryRow } from '#shared/contract/manager-reports';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { type Period, PeriodPicker } from '#web/components/ui/period-picker';
import { useReport } from '../api/get-report';
import { DeliveryPerformanceTable } from './delivery-performance-table';
import { ReportCard } from './report-card';

/**
 * The manager's panel shows the first 8 rows, with a link to all of them (docs/product/portals.md#manager).
 */
export const PERFORMANCE_PREVIEW_ROWS = 8;

const TONE = {
  'On Time': 'text-emerald-700',
  Late: 'text-red-700',
  Pending: 'text-slate-600',
  Failed: 'text-red-700',
  'Partly delivered': 'text-amber-700',
} as const;

export interface DeliveryPerformancePanelProps {
  period: Period;
  onPeriodChange: (p: Period) => void;
  pageSize: number;
  /** Paged (the full list) or the first rows with a link to `allLink`. */
  page?: number;
  onPageChange?: (page: number) => void;
  allLink?: string;
}

/** The delivery performance report: totals per status from the summary report, then the rows. */
export function DeliveryPerformancePanel({
  period,
  onPeriodChange,
  pageSize,
  page = 1,
  onPageChange,
  allLink,
}: DeliveryPerformancePanelProps) {
  const query = { from: period.from, to: period.to };
  const rowsQuery = { ...query, limit: String(pageSize), offset: String((page - 1) * pageSize) };
  const summary = useReport<DeliveryPerformanceSummaryRow>('delivery-performance-summary', query);
  const report = useReport<DeliveryPerformanceRow>('delivery-performance', rowsQuery);
  const total = (summary.data ?? []).reduce((s, r) => s + r.orders, 0);
  return (
    <ReportCard
      name="delivery-performance"
      title="Delivery performance"
      description="Each order on a delivery in the period: on time, late (hours past its day), still out, or failed / partly delivered on that run."
      query={query}
      state={report}
      controls={<PeriodPicker value={period} onChange={onPeriodChange} presets={[7, 30, 90]} />}
    >
      {summary.data && (
        <p className="flex flex-wrap gap-4 text-sm">
          {summary.data.map((s) => (
            <span key={s.performance_status} className={TONE[s.performance_status]}>
              {s.orders} {s.performance_status.toLowerCase()} ({s.percent}%)
            </span>
          ))}
        </p>
      )}
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <DeliveryPerformanceTable rows={report.data ?? []} />
      </div>
      {onPageChange ? (
        <PaginationBar page={page} pageSize={pageSize} total={total} onPageChange={onPageChange} />
      ) : (
        allLink &&
        total > pageSize && (
          <Link
            to={`${allLink}?from=${period.from}&to=${period.to}`}
            className="inline-block text-sm font-medium text-indigo-700 hover:underline"
          >
            View all {total} rows
          </Link>
        )
      )}
    </ReportCard>
  );
}
