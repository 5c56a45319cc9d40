import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';

// Who confirmed a delivered item, as the order's receipts and the crew's calls both show it.

/** A person's name from an `employees` row aliased `alias`, or null. */
export const personName = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

/** Who confirmed: the crew member's name behind the login, else the login name. */
export const confirmerName = sql`coalesce(${personName('ce')}, cu.user_name)`;

/** The joins confirmerName reads, from `item_confirmations c`. */
export const confirmationJoins = sql`left join users cu on cu.user_id = c.confirmed_by
  left join employees ce on ce.employee_id = cu.employee_id`;

/** Proof of delivery for the order detail: one receipt per recipient and signature. */
export async function findReceipts(db: Executor, orderId: number) {
  const res = await db.execute<{
    recipient_name: string | null;
    signature: string | null;
    confirmed_by: string | null;
    confirmed_at: string;
    products: string[];
  }>(
    sql`select c.recipient_name, c.signature, min(${confirmerName}) as confirmed_by,
          ${isoTimestamp('max(c.confirmed_at)')} as confirmed_at,
          array_agg(p.name order by p.name) as products
        from item_confirmations c
        join products p on p.product_id = c.product_id
        ${confirmationJoins}
        where c.order_id = ${orderId}
        group by c.recipient_name, c.signature
        order by max(c.confirmed_at)`,
  );
  return res.rows;
}
