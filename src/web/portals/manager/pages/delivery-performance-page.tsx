import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header';
import { lastDays } from '#web/components/ui/period-picker';
import { DeliveryPerformancePanel } from '#web/features/manager-reports/components/delivery-performance-panel';
import { parsePage } from '#web/lib/pagination';
import { paths } from '#web/lib/paths';
import { useUrlFilters } from '../use-url-filters';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every row of the delivery performance report for a period (the "all" of the reports page). */
export function DeliveryPerformancePage() {
  const { params, update } = useUrlFilters();
  const fallback = lastDays(30);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = DATE.test(from) && DATE.test(to) ? { from, to } : fallback;
  return (
    <div>
      <Link
        to={paths.manager.reports}
        className="mb-3 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to reports
      </Link>
      <PageHeader title="Delivery performance" description="Every order on a delivery in the period." />
      <DeliveryPerformancePanel
        period={period}
        onPeriodChange={(p) => update({ from: p.from, to: p.to })}
        pageSize={50}
        page={parsePage(params.get('page'))}
        onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
      />
    </div>
  );
}
