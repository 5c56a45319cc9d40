import type { ReactNode } from 'react';
import { formatMoney } from '#shared/constants';
import { isNumericKind, type ReportCellKind } from '#shared/reports';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { formatDate, formatDateTime } from '#web/lib/format';

const BADGE_TONES: Record<string, BadgeTone> = {
  full: 'danger',
  'near full': 'warning',
  'on schedule': 'success',
  'on time': 'success',
  late: 'danger',
  pending: 'warning',
  // delivery performance: the order left that run with items not delivered; a run that delivered nothing
  failed: 'danger',
  'partly delivered': 'warning',
  critical: 'danger',
  warning: 'warning',
  out_of_stock: 'danger',
  'out of stock': 'danger',
  'low stock': 'warning',
  'in stock': 'success',
  delivered: 'success',
  'in transit': 'info',
  scheduled: 'info',
  cancelled: 'danger',
  wholesale: 'purple',
  retail: 'brand',
};

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure written for a person: money with $, percentages, hours, dates in Colombo time. */
export function formatCell(kind: ReportCellKind | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'percent':
      return `${NUMBER.format(Number(value))} %`;
    case 'fraction':
      return `${NUMBER.format(Number(value) * 100)} %`;
    case 'hours':
      return `${NUMBER.format(Number(value))} h`;
    case 'int':
    case 'number':
      return NUMBER.format(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    default:
      return String(value);
  }
}

export function ReportCell({ kind, value }: { kind?: ReportCellKind; value: unknown }): ReactNode {
  if (kind === 'badge' && value !== null && value !== undefined) {
    return <Badge tone={BADGE_TONES[String(value).toLowerCase()] ?? 'neutral'}>{String(value)}</Badge>;
  }
  return formatCell(kind, value);
}

export const isNumeric = isNumericKind;
