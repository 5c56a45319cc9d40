import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { type Column, DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { lastDays, type Period, PeriodPicker } from '#web/components/ui/period-picker';
import { Loading } from '#web/components/ui/spinner';
import { type StockReportName, useExportStockReport, useStockReport } from '../api/stock-reports';

export interface ReportPanelProps<Row> {
  name: StockReportName;
  title: string;
  description: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => number;
  /** A line of totals under the title, from the rows. */
  summary: (rows: readonly Row[]) => ReactNode;
}

/**
 * One stock report: period, table, CSV and PDF export, with the report screens' messages
 * (docs/product/portals.md#screens-in-common).
 */
export function ReportPanel<Row>({
  name,
  title,
  description,
  columns,
  rowKey,
  summary,
}: ReportPanelProps<Row>) {
  const [period, setPeriod] = useState<Period>(() => lastDays(30));
  const report = useStockReport(name, period);
  const exporter = useExportStockReport();
  const [exportMessage, setExportMessage] = useState<string | null>(null);
  const rows = (report.data ?? []) as unknown as Row[];

  const download = (format: 'csv' | 'pdf') => {
    setExportMessage(null);
    if (rows.length === 0) {
      setExportMessage('No data to export');
      return;
    }
    exporter.mutate({ name, period, format }, { onError: () => setExportMessage('Failed to export data') });
  };

  return (
    <Card>
      <CardHeader
        title={title}
        description={description}
        actions={
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => download('csv')}
              loading={exporter.isPending && exporter.variables?.format === 'csv'}
            >
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => download('pdf')}
              loading={exporter.isPending && exporter.variables?.format === 'pdf'}
            >
              Export PDF
            </Button>
          </>
        }
      />
      <div className="space-y-4 px-5 py-4">
        <PeriodPicker value={period} onChange={setPeriod} />
        {exportMessage && (
          <Alert
            variant={exportMessage === 'No data to export' ? 'warning' : 'error'}
            title={exportMessage}
            onDismiss={() => setExportMessage(null)}
          >
            {exportMessage === 'Failed to export data' ? exporter.error?.message : undefined}
          </Alert>
        )}
        {report.isError && <QueryLoadError query={report} title="Failed to load reports" />}
        {report.isPending ? (
          <Loading label="Loading the report..." />
        ) : report.data === undefined ? null : (
          <>
            <p className="text-sm text-slate-600">{summary(rows)}</p>
            <DataTable
              caption={title}
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              className="-mx-5"
              empty={
                <EmptyState
                  title="No products to report"
                  description="Add products to the inventory first."
                />
              }
            />
          </>
        )}
      </div>
    </Card>
  );
}
