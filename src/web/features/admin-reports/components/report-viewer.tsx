import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { DataTable } from '#web/components/ui/data-table';
import { Input } from '#web/components/ui/input';
import { lazyChart } from '#web/components/ui/lazy-chart';
import { LoadError } from '#web/components/ui/load-error';
import { type Period, PeriodPicker } from '#web/components/ui/period-picker';
import { Loading } from '#web/components/ui/spinner';
import { todayIso } from '#web/lib/format';
import { type ReportQuery, type ReportRow, useDownloadReport, useReport } from '../api/get-report';
import type { ReportSpec } from '../report-catalog';
import { formatCell, isNumeric, ReportCell } from './report-cells';

// Recharts loads once the chart is on screen (docs/decisions/0085)
const ReportChart = lazyChart(() => import('./report-chart').then((m) => m.ReportChart));

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const TOTALS_ROW: ReportRow = { __totals: true };

export function defaultPeriod(spec: ReportSpec, today = todayIso()): Period {
  const to = shift(today, spec.ahead ?? 0);
  return { from: shift(to, -spec.days), to };
}

/** One report: period and filters, chart, table and its totals, Export CSV and PDF. */
export function ReportViewer({ spec }: { spec: ReportSpec }) {
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(spec));
  const [quarter, setQuarter] = useState('');
  const [customer, setCustomer] = useState('');
  const query: ReportQuery = spec.noPeriod ? {} : { from: period.from, to: period.to };
  if (spec.extra === 'quarter' && quarter) query.quarter = quarter;
  if (spec.extra === 'customer' && /^[1-9]\d*$/.test(customer)) query.customer_id = customer;
  const report = useReport(spec.name, spec.limit ? { ...query, limit: String(spec.limit) } : query);
  const download = useDownloadReport(spec.name);
  const rows = report.data ?? [];
  const totals = spec.columns.map((c, i) =>
    i === 0
      ? 'Total'
      : isNumeric(c.kind) &&
          c.kind !== 'percent' &&
          c.kind !== 'fraction' &&
          c.key !== 'rank' &&
          !c.key.startsWith('avg') &&
          !c.key.endsWith('_id')
        ? formatCell(
            c.kind,
            rows.reduce((s, r) => s + Number(r[c.key] ?? 0), 0),
          )
        : '',
  );
  return (
    <Card className="min-w-0 overflow-hidden">
      <CardHeader title={spec.title} description={spec.description} />
      <div className="space-y-4 px-5 py-4">
        <div className="flex flex-wrap items-end gap-4">
          {spec.noPeriod ? (
            <p className="text-sm text-slate-600">About the stock now: the period does not apply.</p>
          ) : (
            <PeriodPicker value={period} onChange={setPeriod} presets={[30, 90, 365]} />
          )}
          {spec.extra === 'quarter' && (
            <Input
              label="Quarter"
              placeholder="e.g. 2026-Q3"
              value={quarter}
              onChange={(e) => setQuarter(e.target.value.toUpperCase())}
              containerClassName="w-36"
              hint="Overrides the period"
            />
          )}
          {spec.extra === 'customer' && (
            <Input
              label="Customer ID"
              inputMode="numeric"
              placeholder="All customers"
              value={customer}
              onChange={(e) => setCustomer(e.target.value.trim())}
              containerClassName="w-40"
            />
          )}
          <div className="flex gap-2 sm:ml-auto">
            {(['csv', 'pdf'] as const).map((format) => (
              <Button
                key={format}
                variant="secondary"
                size="sm"
                loading={download.isPending && download.variables?.format === format}
                onClick={() => download.mutate({ format, query })}
              >
                <FileDown aria-hidden="true" className="size-4" />
                Export {format.toUpperCase()}
              </Button>
            ))}
          </div>
        </div>
        {download.isError && (
          <Alert variant="error" onDismiss={() => download.reset()}>
            Export failed: {download.error.message}
          </Alert>
        )}
        {report.isPending ? (
          <Loading label={`Loading ${spec.title.toLowerCase()}...`} />
        ) : report.isError ? (
          <LoadError
            title="Failed to load report data"
            error={new Error(`Error: ${report.error?.message || 'Failed to load report data'}`)}
            onRetry={() => report.refetch()}
          />
        ) : rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">No data for this period.</p>
        ) : (
          <>
            <ReportChart spec={spec} rows={rows} />
            <DataTable<ReportRow>
              caption={spec.title}
              className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200"
              rows={[...rows, TOTALS_ROW]}
              rowKey={(r) => (r.__totals ? 'totals' : rows.indexOf(r))}
              columns={spec.columns.map((c, i) => ({
                header: c.label,
                align: isNumeric(c.kind) ? ('right' as const) : ('left' as const),
                className: 'whitespace-nowrap',
                cell: (r) =>
                  r.__totals ? (
                    <span className="font-semibold text-slate-900">{totals[i]}</span>
                  ) : (
                    <ReportCell kind={c.kind} value={r[c.key]} />
                  ),
              }))}
            />
            <p className="text-xs text-slate-500">
              {rows.length.toLocaleString('en-US')} row(s)
              {spec.limit && rows.length >= spec.limit
                ? ` (the first ${spec.limit}; the CSV download holds every row)`
                : ''}
              .
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
