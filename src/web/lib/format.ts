import { format, isValid, parseISO } from 'date-fns';

/** '2025-03-14' or an ISO timestamp as "14 Mar 2025"; anything else as given. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy') : value;
}

/** An ISO timestamp as "14 Mar 2025, 09:30" in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : value;
}

/** An instant as the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

/** A `datetime-local` value (browser time) as an ISO instant with its zone, or null if invalid. */
export function dateTimeLocalToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A space figure: up to two decimals, grouped. */
export function formatSpace(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Today in the browser's time zone as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

const BUSINESS_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Colombo',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO instant in Colombo time, the business's clock (src/shared/dates.ts): "14 Mar 2025, 09:30". */
export function formatBusinessDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseISO(value);
  return isValid(date) ? BUSINESS_DATE_TIME.format(date) : value;
}
