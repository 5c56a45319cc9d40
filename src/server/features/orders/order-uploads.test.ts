import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createProduct, createUser, daysFromNow, multipart, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { filesUnder, multipartStream, postStream } from '#server/test/upload-helpers';
import { moveAttachmentsToFiles } from './order-attachments';

const { app } = await createTestApp();
const db = app.ctx.db;
const store = app.ctx.files;
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const MB = 1024 * 1024;

async function orderPayload(units = 100) {
  const product = await createProduct(app, { units });
  return {
    product,
    payload: JSON.stringify({
      scheduleDate: daysFromNow(12),
      items: [{ productID: product.productId, quantity: 1 }],
    }),
  };
}

function sendMultipart(user: TestUser, body: ReturnType<typeof multipart>) {
  return app.inject({
    method: 'POST',
    url: `/api/customers/${user.customerId}/orders`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

const pdf = (filename: string, data = Buffer.from('%PDF-1.4 test')) => ({
  name: 'files',
  filename,
  data,
  type: 'application/pdf',
});

const orderCount = async (customerId: number | null) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where customer_id = ${customerId}`,
    )
  ).rows[0]!.n;

describe('uploads are streamed to disk', () => {
  it('writes a file to disk while the request is still arriving, and keeps it whole', async () => {
    const customer = await createUser(app, 'Customer');
    const { payload } = await orderPayload();
    const size = 8 * MB;
    const onDisk = () => filesUnder(store.root).reduce((n, f) => n + statSync(join(store.root, f)).size, 0);
    const onDiskBefore = onDisk();
    let onDiskMidway = -1;
    const body = multipartStream(
      payload,
      [{ filename: 'scan.pdf', type: 'application/pdf', size }],
      async (sent) => {
        if (sent === 5 * MB) {
          // the request is not complete yet (the sender waits here): what arrived must reach the
          // disk, not stay in memory. Polled rather than a fixed sleep, so a loaded machine only waits longer.
          for (let waited = 0; waited < 15_000 && onDisk() - onDiskBefore <= 4 * MB; waited += 50) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          onDiskMidway = onDisk() - onDiskBefore;
        }
      },
    );
    const res = await postStream(
      port,
      `/api/customers/${customer.customerId}/orders`,
      { ...customer.auth, 'content-type': body.contentType },
      body.stream,
    );
    expect(res.status).toBe(201);
    expect(onDiskMidway).toBeGreaterThan(4 * MB);
    const row = (
      await db.execute<{ storage_key: string; size_bytes: number; in_db: boolean }>(
        sql`select storage_key, size_bytes, data is not null as in_db from order_attachments where order_id = ${res.body.order_id as number}`,
      )
    ).rows[0]!;
    expect(row).toMatchObject({ size_bytes: size, in_db: false });
    expect(statSync(store.path(row.storage_key)).size).toBe(size);
    expect(filesUnder(join(store.root, 'tmp'))).toEqual([]);
  });

  it('refuses files past the per-order total with 413, leaving no order and no file', async () => {
    const customer = await createUser(app, 'Customer');
    const { payload } = await orderPayload();
    const before = filesUnder(store.root).length;
    const body = multipartStream(payload, [
      { filename: 'a.pdf', type: 'application/pdf', size: 9 * MB },
      { filename: 'b.pdf', type: 'application/pdf', size: 9 * MB },
      { filename: 'c.pdf', type: 'application/pdf', size: 9 * MB },
    ]);
    const res = await postStream(
      port,
      `/api/customers/${customer.customerId}/orders`,
      { ...customer.auth, 'content-type': body.contentType },
      body.stream,
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Files too large together: at most 25 MB of attachments per order' });
    expect(await orderCount(customer.customerId)).toBe(0);
    expect(filesUnder(store.root).length).toBe(before);
  });

  it('removes the files of an order that is refused after they arrived (stock, validation)', async () => {
    const customer = await createUser(app, 'Customer');
    const before = filesUnder(store.root).length;
    const { product } = await orderPayload(1);
    const tooMany = JSON.stringify({
      scheduleDate: daysFromNow(12),
      items: [{ productID: product.productId, quantity: 5 }],
    });
    const refused = await sendMultipart(customer, multipart({ payload: tooMany }, [pdf('po.pdf')]));
    expect(refused.statusCode).toBe(409);
    const invalid = await sendMultipart(customer, multipart({ payload: '{"items":[]}' }, [pdf('po.pdf')]));
    expect(invalid.statusCode).toBe(422);
    // removed by the onResponse hook, which runs just after the answer is sent
    await vi.waitFor(() => expect(filesUnder(store.root).length).toBe(before));
  });
});

describe('malformed uploads are 4xx { detail }', () => {
  it('multipart without a boundary, a broken body, a payload over 1 MB, a file name with a NUL', async () => {
    const customer = await createUser(app, 'Customer');
    const url = `/api/customers/${customer.customerId}/orders`;
    const noBoundary = await app.inject({
      method: 'POST',
      url,
      headers: { ...customer.auth, 'content-type': 'multipart/form-data' },
      payload: 'hello',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ detail: 'Malformed multipart body: Multipart: Boundary not found' });
    const broken = await app.inject({
      method: 'POST',
      url,
      headers: { ...customer.auth, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"a":',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(typeof broken.json().detail).toBe('string');
    const { payload } = await orderPayload();
    const padded = JSON.stringify({ ...JSON.parse(payload), specialInstructions: 'x'.repeat(1024 * 1024) });
    const big = await sendMultipart(customer, multipart({ payload: padded }, []));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'payload: the order fields are larger than 1 MB' });
    const nul = await sendMultipart(customer, multipart({ payload }, [pdf('bad\u0000name.pdf')]));
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toEqual({ detail: "files: the file name 'bad?name.pdf' contains control characters" });
    expect(await orderCount(customer.customerId)).toBe(0);
  });
});

describe('downloads', () => {
  it('a file with a non-ASCII name downloads under its name (RFC 6266)', async () => {
    const customer = await createUser(app, 'Customer');
    const { payload } = await orderPayload();
    const data = Buffer.from('%PDF-1.4 кириллица');
    const res = await sendMultipart(customer, multipart({ payload }, [pdf('файл.pdf', data)]));
    expect(res.statusCode).toBe(201);
    const detail = (
      await app.inject({ url: `/api/orders/${res.json().order_id}`, headers: customer.auth })
    ).json();
    expect(detail.attachments[0].file_name).toBe('файл.pdf');
    const file = await app.inject({
      url: `/api/orders/${res.json().order_id}/attachments/${detail.attachments[0].attachment_id}`,
      headers: customer.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      "attachment; filename=____.pdf; filename*=UTF-8''%D1%84%D0%B0%D0%B9%D0%BB.pdf",
    );
    expect(file.headers['content-length']).toBe(String(data.length));
    expect(file.rawPayload.equals(data)).toBe(true);
  });

  it('attachments stored in the database before files keep downloading, and move to files', async () => {
    const customer = await createUser(app, 'Customer');
    const { product } = await orderPayload();
    const order = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.customerId}/orders`,
      headers: customer.auth,
      payload: { scheduleDate: daysFromNow(12), items: [{ productID: product.productId, quantity: 1 }] },
    });
    const orderId = order.json().order_id as number;
    const data = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const inserted = await db.execute<{ attachment_id: number }>(
      sql`insert into order_attachments (order_id, file_name, content_type, size_bytes, data)
          values (${orderId}, 'old scan.png', 'image/png', ${data.length}, ${data}) returning attachment_id`,
    );
    const url = `/api/orders/${orderId}/attachments/${inserted.rows[0]!.attachment_id}`;
    const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const fromDatabase = await app.inject({ url, headers: customer.auth });
    expect(fromDatabase.statusCode).toBe(200);
    expect(digest(fromDatabase.rawPayload)).toBe(digest(data));
    expect(await moveAttachmentsToFiles(db, store)).toBe(1);
    const row = (
      await db.execute<{ storage_key: string | null; in_db: boolean }>(
        sql`select storage_key, data is not null as in_db from order_attachments where attachment_id = ${inserted.rows[0]!.attachment_id}`,
      )
    ).rows[0]!;
    expect(row.in_db).toBe(false);
    expect(statSync(store.path(row.storage_key!)).size).toBe(data.length);
    const fromFile = await app.inject({ url, headers: customer.auth });
    expect(fromFile.headers['content-type']).toBe('image/png');
    expect(digest(fromFile.rawPayload)).toBe(digest(data));
    expect(await moveAttachmentsToFiles(db, store)).toBe(0);
  });
});
