import { can, type Permission } from '#shared/permissions';
import {
  REPORT_CATEGORIES,
  REPORT_DEFAULT_DAYS,
  REPORTS as REPORT_METADATA,
  type ReportCategory,
  type ReportCellKind,
  type ReportMeta,
} from '#shared/reports';
import type { Portal } from '#shared/roles';

export interface ReportColumnSpec {
  key: string;
  label: string;
  kind?: ReportCellKind;
}

/** A report as the report center shows it: read from its one statement, src/shared/reports.ts. */
export interface ReportSpec {
  name: string;
  title: string;
  /** The report family the server checks (src/shared/permissions.ts, docs/decisions/0061). */
  permission: Permission;
  category: ReportCategory;
  description: string;
  columns: readonly ReportColumnSpec[];
  /** A bar chart of `y` per `x` (summed when several rows share an x), the first `limit` bars. */
  chart?: { x: string; y: string; label: string; kind?: ReportCellKind; series?: string };
  /** Days back and ahead of the period the center opens with. */
  days: number;
  ahead?: number;
  /** Filters beyond the period the center offers. */
  extra?: 'quarter' | 'customer' | 'none';
  /** The period does not apply (a report about now). */
  noPeriod?: boolean;
  /** JSON rows asked for on screen (the CSV download holds every row; the PDF the first 250 and the totals of all). */
  limit?: number;
}

/** The center's view of a report: the columns it shows, with their screen headers and kinds. */
function specOf(meta: ReportMeta, center: NonNullable<ReportMeta['center']>): ReportSpec {
  const columns = (center.columns ?? meta.columns.map((c) => c.key)).map((shown) => {
    const own = typeof shown === 'string' ? { key: shown } : shown;
    const column = meta.columns.find((c) => c.key === own.key);
    if (!column) throw new Error(`report ${meta.name}: the center shows ${own.key}, not a column`);
    return { key: column.key, label: own.label ?? column.label, kind: own.kind ?? column.kind };
  });
  const filters = meta.filters ?? [];
  return {
    name: meta.name,
    title: center.title ?? meta.title,
    permission: meta.permission,
    category: center.category,
    description: center.summary,
    columns,
    chart: center.chart,
    days: center.days ?? meta.defaultDays ?? REPORT_DEFAULT_DAYS,
    ahead: meta.defaultDaysAhead,
    extra: filters.includes('quarter') ? 'quarter' : filters.includes('customer_id') ? 'customer' : undefined,
    noPeriod: meta.noPeriod,
    limit: center.limit,
  };
}

/** The report center's reports: every entry with a `center`, in the order the metadata lists them. */
export function centerReports(metadata: Readonly<Record<string, ReportMeta>>): readonly ReportSpec[] {
  return Object.values(metadata).flatMap((meta) => (meta.center ? [specOf(meta, meta.center)] : []));
}

/**
 * The report center (/admin/reports: docs/product/portals.md#admin, docs/product/business-rules.md#reports),
 * read from the reports' one statement (src/shared/reports.ts).
 */
export const REPORTS = centerReports(REPORT_METADATA);

export const CATEGORIES = REPORT_CATEGORIES;

/** The reports a portal may read, by the permission table the server enforces. */
export function reportsFor(portal: Portal): readonly ReportSpec[] {
  return REPORTS.filter((r) => can(portal, r.permission));
}
