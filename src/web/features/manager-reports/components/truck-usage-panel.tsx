import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TruckUsageRow } from '#shared/contract/manager-reports';
import { DataTable } from '#web/components/ui/data-table';
import { Input } from '#web/components/ui/input';
import { formatSpace } from '#web/lib/format';
import { useReport } from '../api/get-report';
import { ReportCard } from './report-card';

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** Truck usage per month: scheduled hours over the hours a truck could run. */
export function TruckUsagePanel({
  month,
  onMonthChange,
}: {
  month: string;
  onMonthChange: (m: string) => void;
}) {
  const query = { month };
  const report = useReport<TruckUsageRow>('truck_usage', query);
  const rows = report.data ?? [];
  return (
    <ReportCard
      name="truck_usage"
      title="Truck usage"
      description="Scheduled hours of each truck over 10 hours a day in the month."
      query={query}
      state={report}
      controls={
        <Input
          label="Month"
          type="month"
          value={month}
          onChange={(e) => e.target.value && onMonthChange(e.target.value)}
          containerClassName="w-44"
        />
      }
    >
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No trucks yet.</p>
      ) : (
        <>
          <div className="h-56" role="img" aria-label="Usage rate per truck">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={rows.map((r) => ({ name: r.plate_number, usage: Math.round(r.usageRate * 1000) / 10 }))}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="name"
                  interval={rows.length > 8 ? 'preserveStartEnd' : 0}
                  tick={{ fontSize: 11 }}
                />
                <YAxis unit="%" tick={{ fontSize: 12 }} width={44} />
                <Tooltip formatter={(v) => [`${v}%`, 'Usage']} />
                <Bar dataKey="usage" fill="#6366f1" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <DataTable
            className="max-h-96 overflow-y-auto rounded-lg border border-slate-200"
            caption="Truck usage"
            rows={rows}
            rowKey={(r) => r.truckId}
            columns={[
              { header: 'Truck', cell: (r) => r.plate_number, className: 'whitespace-nowrap' },
              { header: 'Store', cell: (r) => r.store_city },
              { header: 'Deliveries', cell: (r) => r.deliveries, align: 'right' },
              {
                header: 'Hours',
                cell: (r) => `${formatSpace(r.hours_used)} / ${r.hours_available}`,
                align: 'right',
              },
              { header: 'Usage', cell: (r) => percent(r.usageRate), align: 'right' },
            ]}
          />
        </>
      )}
    </ReportCard>
  );
}
