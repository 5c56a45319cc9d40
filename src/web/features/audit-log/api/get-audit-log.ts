import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#shared/contract/audit-log';
import { apiRaw } from '#web/lib/api-client';

export interface AuditQuery {
  page: number;
  page_size: number;
  operation?: 'INSERT' | 'UPDATE' | 'DELETE';
  table?: string;
  actor?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** GET /auditlog: a page, the total (X-Total-Count) and whether it is exact. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['admin', 'auditlog', query],
    queryFn: async ({ signal }) => {
      const response = await apiRaw('/auditlog', { query: { ...query }, signal });
      const rows = (await response.json()) as AuditEntry[];
      return {
        rows: Array.isArray(rows) ? rows : [],
        total: Number(response.headers.get('X-Total-Count') ?? 0),
        exact: response.headers.get('X-Total-Count-Exact') !== 'false',
      };
    },
    placeholderData: keepPreviousData,
  });
}
