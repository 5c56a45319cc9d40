const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO instant in the reader's time zone, e.g. "24 Nov 2026, 10:05". */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** The same without the year, for recent or near events: "24 Nov, 10:05". */
export const formatShortDateTime = (iso: string) => SHORT_DATE_TIME.format(new Date(iso));
