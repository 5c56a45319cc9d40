import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { orderAttachments } from '#server/db/schema';

/** One attachment of an order, with where its content is (a file, or the bytes of an old row). */
export async function findAttachmentFile(db: Executor, orderId: number, attachmentId: number) {
  const rows = await db
    .select({
      fileName: orderAttachments.fileName,
      contentType: orderAttachments.contentType,
      sizeBytes: orderAttachments.sizeBytes,
      storageKey: orderAttachments.storageKey,
      // the bytes only for a row not yet moved to a file: a kept file is never read here
      data: sql<Buffer | null>`case when ${orderAttachments.storageKey} is null then ${orderAttachments.data} end`,
    })
    .from(orderAttachments)
    .where(
      sql`${orderAttachments.orderId} = ${orderId} and ${orderAttachments.attachmentId} = ${attachmentId}`,
    );
  return rows[0];
}

export async function insertAttachments(db: Executor, values: Array<typeof orderAttachments.$inferInsert>) {
  if (values.length > 0) await db.insert(orderAttachments).values(values);
}

/** The next attachment whose bytes are still in the database (written before migration 0002_b). */
export async function nextAttachmentInDatabase(db: Executor, afterId: number) {
  const res = await db.execute<{ attachment_id: number }>(
    sql`select attachment_id from order_attachments
        where storage_key is null and attachment_id > ${afterId} order by attachment_id limit 1`,
  );
  const id = res.rows[0]?.attachment_id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select({ data: orderAttachments.data })
    .from(orderAttachments)
    .where(sql`${orderAttachments.attachmentId} = ${id} and ${orderAttachments.storageKey} is null`);
  return { attachmentId: id, data: row?.data ?? null };
}

/** Points a row at its file and drops its bytes; false when another process moved it first. */
export async function moveAttachmentToFile(db: Executor, attachmentId: number, storageKey: string) {
  const res = await db.execute<{ attachment_id: number }>(
    sql`update order_attachments set storage_key = ${storageKey}, data = null
        where attachment_id = ${attachmentId} and storage_key is null returning attachment_id`,
  );
  return res.rows.length > 0;
}
