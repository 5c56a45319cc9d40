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
