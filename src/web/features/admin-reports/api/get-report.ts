import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '#web/lib/api-client';

export type ReportQuery = Record<string, string | undefined>;
export type ReportRow = Record<string, unknown>;

/** GET /report/{name}: the report's JSON rows. */
export function useReport(name: string, query: ReportQuery) {
  return useQuery({
    queryKey: ['admin', 'report', name, query],
    queryFn: ({ signal }) => api<ReportRow[]>(`/report/${name}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same report as a CSV or PDF download (the server's file name). */
export function useDownloadReport(name: string) {
  return useMutation({
    mutationFn: ({ format, query }: { format: 'csv' | 'pdf'; query: ReportQuery }) =>
      downloadFile(`/report/${name}`, `${name}.${format}`, { ...query, format }),
  });
}
