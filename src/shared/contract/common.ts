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

/** A period filter (inclusive calendar days); each report or list picks its own default. */
export const periodQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
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

/** Space in the train/truck unit: positive, at most two decimals. */
export const spaceAmount = z
  .number({ error: 'must be a number' })
  .positive('must be more than 0')
  .max(99_999_999, 'must be at most 99,999,999')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most two decimals');
