import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '#web/lib/api-client';

export type ReportName =
  | 'truck_usage'
  | 'driver-hours'
  | 'delivery-performance'
  | 'delivery-performance-summary';
export type ReportQuery = Record<string, string | undefined>;

/** GET /report/{name}: the report's JSON rows for a period (and filters). */
export function useReport<Row>(name: ReportName, query: ReportQuery) {
  return useQuery({
    queryKey: ['reports', name, query],
    queryFn: ({ signal }) => api<Row[]>(`/report/${name}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same report as a CSV or PDF download. */
export function useDownloadReport(name: ReportName) {
  return useMutation({
    mutationFn: ({ format, query }: { format: 'csv' | 'pdf'; query: ReportQuery }) =>
      downloadFile(`/report/${name}`, `${name}.${format}`, { ...query, format }),
  });
}
