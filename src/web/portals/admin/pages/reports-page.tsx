import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { PageHeader } from '#web/components/ui/page-header';
import { Select } from '#web/components/ui/select';
import { ReportViewer } from '#web/features/admin-reports/components/report-viewer';
import { CATEGORIES, reportsFor } from '#web/features/admin-reports/report-catalog';

// the admin portal reads every family today; the table decides (docs/decisions/0061)
const REPORTS = reportsFor('admin');
const SHOWN = CATEGORIES.filter((c) => REPORTS.some((r) => r.category === c));

/** /admin/reports: the report center, one report open at a time (?report=name). */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const spec = REPORTS.find((r) => r.name === params.get('report')) ?? REPORTS[0];
  if (!spec) {
    return (
      <div className="space-y-4">
        <PageHeader title="Report Center" />
        <Card>
          <EmptyState icon={Lock} title="No report is open to your role" />
        </Card>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <PageHeader
        title="Report Center"
        description="Every report from the live data, for any period, as CSV or PDF."
      />
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <Select
          label="Report"
          containerClassName="lg:hidden"
          value={spec.name}
          onChange={(e) => setParams({ report: e.target.value })}
        >
          {SHOWN.map((category) => (
            <optgroup key={category} label={category}>
              {REPORTS.filter((r) => r.category === category).map((r) => (
                <option key={r.name} value={r.name}>
                  {r.title}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <nav aria-label="Reports" className="hidden space-y-4 lg:block">
          {SHOWN.map((category) => (
            <div key={category}>
              <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {category}
              </h2>
              <ul className="mt-1 space-y-0.5">
                {REPORTS.filter((r) => r.category === category).map((r) => (
                  <li key={r.name}>
                    <button
                      type="button"
                      aria-current={r.name === spec.name ? 'page' : undefined}
                      onClick={() => setParams({ report: r.name })}
                      className={clsx(
                        'w-full rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600',
                        r.name === spec.name
                          ? 'bg-indigo-50 font-medium text-indigo-700'
                          : 'text-slate-700 hover:bg-slate-100',
                      )}
                    >
                      {r.title}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <ReportViewer key={spec.name} spec={spec} />
      </div>
    </div>
  );
}
