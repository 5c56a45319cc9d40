import { z } from 'zod';
import { intString, pageQuery, periodDate } from './common';

export const AUDIT_OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** GET /auditlog row (docs/product/api.md#audit-log, with its actor, key and values). */
export const auditEntrySchema = z.object({
  audit_id: z.number().int(),
  operation: z.enum(AUDIT_OPERATIONS),
  table_name: z.string(),
  performed_at: z.string(),
  performed_by: z.number().int().nullable(),
  /** The acting user's name; null for the system (seed, migrations, bulk loads). */
  actor_name: z.string().nullable(),
  row_key: z.string().nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
  /** What the row changed, as people name it: "Product Kandy Tea 500 g", "Order #45", "Truck WP-1234". */
  subject: z.string(),
  /** The admin screen that shows it (a path of the web app), or null: none. */
  link: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponse = z.array(auditEntrySchema);

export const auditListQuery = pageQuery(25, 100).extend({
  operation: z.enum(AUDIT_OPERATIONS).optional(),
  table: z
    .string()
    .regex(/^[a-z_]{1,63}$/, 'must be a table name')
    .optional(),
  /** The acting user's id. */
  actor: intString(1, 2_147_483_647).optional(),
  from: periodDate.optional(),
  to: periodDate.optional(),
  /** Text over the table name and the operation. */
  q: z.string().trim().max(100).optional(),
});

/** Totals beyond this are not counted exactly (X-Total-Count-Exact: false); docs/decisions/0020. */
export const AUDIT_COUNT_CAP = 10_000;
