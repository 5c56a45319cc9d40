import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentStockRow, ProductPerformanceRow } from '#shared/contract/stock-reports';
import type { Period } from '#web/components/ui/period-picker';
import { api, downloadFile } from '#web/lib/api-client';

export type StockReportName = 'current-stock' | 'product-performance';
type RowOf<N extends StockReportName> = N extends 'current-stock' ? CurrentStockRow : ProductPerformanceRow;

/** GET /report/{name} for the period, as JSON rows. */
export function useStockReport<N extends StockReportName>(name: N, period: Period) {
  return useQuery({
    queryKey: ['reports', name, period] as const,
    queryFn: ({ signal }) => api<RowOf<N>[]>(`/report/${name}`, { query: { ...period }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the same report from the server as CSV or PDF (spreadsheet-safe CSV, RFC 4180). */
export function useExportStockReport() {
  return useMutation({
    mutationFn: ({
      name,
      period,
      format,
    }: {
      name: StockReportName;
      period: Period;
      format: 'csv' | 'pdf';
    }) => downloadFile(`/report/${name}`, `${name}.${format}`, { ...period, format }),
  });
}
