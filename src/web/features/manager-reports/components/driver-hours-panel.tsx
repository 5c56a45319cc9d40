import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DriverHoursRow } from '#shared/contract/manager-reports';
import { DataTable } from '#web/components/ui/data-table';
import { type Period, PeriodPicker } from '#web/components/ui/period-picker';
import { useReport } from '../api/get-report';
import { ReportCard } from './report-card';

/** Driver and assistant hours over a period, busiest first within each role. */
export function DriverHoursPanel({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (p: Period) => void;
}) {
  const query = { from: period.from, to: period.to };
  const report = useReport<DriverHoursRow>('driver-hours', query);
  const rows = report.data ?? [];
  const chart = rows.filter((r) => r.totalHours > 0).slice(0, 16);
  return (
    <ReportCard
      name="driver-hours"
      title="Driver hours"
      description="Scheduled hours of drivers and assistants on deliveries starting in the period."
      query={query}
      state={report}
      controls={<PeriodPicker value={period} onChange={onPeriodChange} presets={[7, 30, 90]} />}
    >
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No drivers or assistants yet.</p>
      ) : (
        <>
          {chart.length > 0 && (
            <div className="h-64" role="img" aria-label="Hours per driver and assistant">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={chart} layout="vertical" margin={{ left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" unit=" h" tick={{ fontSize: 12 }} />
                  <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(v) => [`${v} h`, 'Hours']} />
                  <Bar dataKey="totalHours" fill="#0ea5e9" radius={[0, 4, 4, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <DataTable
            className="max-h-96 overflow-y-auto rounded-lg border border-slate-200"
            caption="Driver and assistant hours"
            rows={rows}
            rowKey={(r) => r.employeeId}
            columns={[
              { header: 'Name', cell: (r) => r.name },
              { header: 'Role', cell: (r) => r.employee_type },
              { header: 'Deliveries', cell: (r) => r.deliveries, align: 'right' },
              { header: 'Hours', cell: (r) => r.totalHours, align: 'right' },
            ]}
          />
        </>
      )}
    </ReportCard>
  );
}
