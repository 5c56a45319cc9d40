import { z } from 'zod';
import { isRealDate } from '../dates';

/** Every non-2xx answer of the API. */
export const errorSchema = z.object({ detail: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

/** The largest value of an `integer`/`serial` column: ids beyond it cannot exist. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path or query string: decimal digits only (no `1e1`, `0x19`, `+5`, ` 7`), positive
 * and within the column's range; anything else is a 422 that names the field. Every route uses
 * this for its ids, so an id can never reach the database as something it cannot hold.
 */
export const idString = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number written in digits')
  .transform(Number)
  .pipe(z.number().max(MAX_ID, `must be at most ${MAX_ID}`));

/** An id in a JSON body: a positive integer within the column's range. */
export const idNumber = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(MAX_ID, `must be at most ${MAX_ID}`);

export const idParam = z.object({ id: idString });

/** A count or page number in a query string, with the same digits-only rule as ids. */
export const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, 'must be a whole number written in digits')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Page and page size of a paginated list; the total goes in X-Total-Count. */
export const pageQuery = (defaultSize = 10, maxSize = 100) =>
  z.object({
    page: intString(1, 1_000_000).default(1),
    page_size: intString(1, maxSize).default(defaultSize),
  });

/** A calendar date YYYY-MM-DD that exists. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD')
  .refine(isRealDate, 'is not a real date');

/** The first and last day a period may name: the years the business can have records for. */
export const FIRST_PERIOD_DATE = '2000-01-01';
export const LAST_PERIOD_DATE = '2099-12-31';

/**
 * A day that starts or ends a period (reports, charts, lists, the audit log, the planner). Far
 * outside the business's years a period is no question anyone asks, and the arithmetic around it
 * (the previous period of a chart, months counted back) left the database's date range: the
 * answer was PostgreSQL's own message. Every from/to goes through this one rule.
 */
export const periodDate = isoDate.refine(
  (d) => d >= FIRST_PERIOD_DATE && d <= LAST_PERIOD_DATE,
  `must be between ${FIRST_PERIOD_DATE} and ${LAST_PERIOD_DATE}`,
);

/** A period filter (inclusive calendar days); each report or list picks its own default. */
export const periodQuery = z.object({
  from: periodDate.optional(),
  to: periodDate.optional(),
});
export type PeriodQuery = z.infer<typeof periodQuery>;

/** How a report answers: JSON rows (default), CSV (RFC 4180) or PDF. */
export const reportFormat = z.enum(['json', 'csv', 'pdf']);
export type ReportFormat = z.infer<typeof reportFormat>;

/** An instant in ISO 8601 with its time zone (`Z` or an offset), e.g. 2030-03-04T09:00:00+05:30. */
export const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO date-time with a time zone, e.g. 2030-03-04T09:00:00+05:30',
});

/** What `decimal()` registers about a field: the decimals its column keeps. */
export const decimalFields = z.registry<{ scale: number }>();

/**
 * A non-whole number the database keeps in a `numeric(p, scale)` column. The column rounds to
 * `scale` decimals before its CHECK runs, so a bound checked on the double that was sent is not
 * the bound the database checks: 0.04 passes `positive()`, is stored as 0.0 and fails the
 * column's CHECK (> 0) as a 500. Here the bounds hold for the value the column will store, and a
 * value with more decimals than the column keeps is refused rather than rounded in silence.
 * Every non-whole number of every request is one of these (src/server/decimal-fields.test.ts).
 *
 * `field` prefixes the messages (`capacity must be ...`) for contracts that name the field in
 * them; the handler names the field in the detail either way. `above`: the bound `min` is
 * excluded (`> 0`).
 */
export function decimal(o: {
  scale: 1 | 2 | 3;
  min: number;
  above?: boolean;
  max: number;
  maxText?: string;
  field?: string;
}) {
  const p = o.field ? `${o.field} ` : '';
  const stored = (n: number) => Number(n.toFixed(o.scale));
  // float noise (0.1 + 0.2, a sum computed by a client) is not a decimal too many; anything
  // bigger is (the same millionth of the last decimal the rule before allowed)
  const fits = (n: number) =>
    Math.abs(n - stored(n)) <= Math.max(8 * Number.EPSILON * Math.abs(n), 1e-6 * 10 ** -o.scale);
  const base = z.number({ error: `${p}must be a number` });
  const bounded = o.above
    ? base.gt(o.min, `${p}must be more than ${o.min}`)
    : base.min(o.min, `${p}must be at least ${o.min}`);
  return (
    bounded
      .max(o.max, `${p}must be at most ${o.maxText ?? o.max}`)
      .refine(fits, `${p}must have at most ${o.scale} decimal${o.scale === 1 ? '' : 's'}`)
      // a value above the bound that the column would round onto it (1e-300 -> 0.00)
      .refine(
        (n) => !o.above || n <= o.min || !fits(n) || stored(n) > o.min,
        `${p}must be at least ${(o.min + 10 ** -o.scale).toFixed(o.scale)}`,
      )
      .register(decimalFields, { scale: o.scale })
  );
}

/** Space in the train/truck unit (numeric(10, 2) columns): more than 0, at most two decimals. */
export const spaceAmount = decimal({ scale: 2, min: 0, above: true, max: 99_999_999, maxText: '99,999,999' });
