import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import type { SupportRequest, SupportRequestDetail } from '#shared/contract/support';

// The support inbox (docs/decisions/0062): customers ask, managers and admins answer and close,
// a customer's message reopens; each side is notified; the states are kept by the database.
const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;
const onPostgres = t.database.kind === 'postgres';

const manager = await createUser(app, 'Manager');
const admin = await createUser(app, 'Admin');
const warehouse = await createUser(app, 'Warehouse Manager');
const product = await createProduct(app, { units: 1_000 });

type Auth = { auth: { authorization: string } };

async function ask(customer: TestUser, payload: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/support/requests',
    headers: customer.auth,
    payload: { subject: 'Where is my order?', message: 'It has not arrived yet.', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SupportRequest;
}

const write = (who: Auth, id: number, message: string) =>
  app.inject({
    method: 'POST',
    url: `/api/support/requests/${id}/messages`,
    headers: who.auth,
    payload: { message },
  });

const close = (who: Auth, id: number, message?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/support/requests/${id}/close`,
    headers: who.auth,
    ...(message === undefined ? {} : { payload: { message } }),
  });

async function detail(who: Auth, id: number) {
  const res = await app.inject({ url: `/api/support/requests/${id}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SupportRequestDetail;
}

async function list(who: Auth, query = '') {
  const res = await app.inject({ url: `/api/support/requests${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as SupportRequest[], next: res.headers['x-next-cursor'] as string | undefined };
}

async function notes(who: Auth) {
  const res = await app.inject({ url: '/api/notifications', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{ message: string; request_id: number | null; order_id: number | null }>;
}

describe('a support conversation', () => {
  it('goes Open -> Answered -> Open (the customer writes again) -> Closed, each side told', async () => {
    const customer = await createUser(app, 'Customer');
    const orderId = (
      await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 2 }])
    ).json().order_id as number;
    const created = await ask(customer, { subject: 'Delivery before noon', order_id: orderId });
    expect(created).toMatchObject({
      status: 'Open',
      message_count: 1,
      last_message_side: 'customer',
      closed_at: null,
    });

    // managers and admins hear of the new request, with a link to it; the warehouse does not
    for (const staff of [manager, admin]) {
      const [n] = (await notes(staff)).filter((x) => x.request_id === created.request_id);
      expect(n?.message).toContain(`New support request #${created.request_id}`);
      expect(n?.message).toContain('"Delivery before noon"');
      expect(n?.order_id).toBe(orderId);
    }
    expect((await notes(warehouse)).some((x) => x.request_id === created.request_id)).toBe(false);

    const answered = await write(manager, created.request_id, 'We will put you first on the run.');
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({
      status: 'Answered',
      message_count: 2,
      last_message_side: 'staff',
    });
    const [answerNote] = await notes(customer);
    expect(answerNote).toMatchObject({
      request_id: created.request_id,
      message: `Our team answered your support request #${created.request_id} "Delivery before noon".`,
    });

    // the customer sees the conversation; the staff member's login stays with the staff
    const seen = await detail(customer, created.request_id);
    expect(seen.messages.map((m) => [m.side, m.body, m.author_name])).toEqual([
      ['customer', 'It has not arrived yet.', seen.customer.name],
      ['staff', 'We will put you first on the run.', null],
    ]);
    expect(seen.order).toMatchObject({ order_id: orderId, status: 'Pending' });
    expect((await detail(manager, created.request_id)).messages[1]!.author_name).toBe(manager.userName);

    const replied = await write(customer, created.request_id, 'Thank you, the gate opens at 8.');
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json()).toMatchObject({ status: 'Open', message_count: 3, last_message_side: 'customer' });
    const [replyNote] = (await notes(admin)).filter((x) => x.request_id === created.request_id);
    expect(replyNote?.message).toBe(
      `${seen.customer.name} replied on support request #${created.request_id} "Delivery before noon" (it was answered, now open again).`,
    );

    const closed = await close(admin, created.request_id, 'Delivered this morning. Closing the request.');
    expect(closed.statusCode, closed.body).toBe(200);
    const done = closed.json() as SupportRequestDetail;
    expect(done).toMatchObject({ status: 'Closed', message_count: 4, closed_by_name: admin.userName });
    expect(done.closed_at).not.toBeNull();
    expect(done.messages.at(-1)).toMatchObject({
      side: 'staff',
      body: 'Delivered this morning. Closing the request.',
    });
    expect((await notes(customer))[0]!.message).toBe(
      `Your support request #${created.request_id} "Delivery before noon" was closed with a last message from our team. Write on it if you still need help.`,
    );
    // the customer reads who closed it as "our team"
    expect((await detail(customer, created.request_id)).closed_by_name).toBeNull();
  });

  it('closes without a message, refuses closing twice (409) and a staff answer on a closed request (409)', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    const closed = await close(manager, created.request_id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'Closed', message_count: 1 });
    expect((await notes(customer))[0]!.message).toBe(
      `Your support request #${created.request_id} "Where is my order?" was closed. Write on it if you still need help.`,
    );

    const again = await close(admin, created.request_id, 'once more');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `Support request #${created.request_id} is already closed` });
    const answer = await write(manager, created.request_id, 'A late answer');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      detail: `Support request #${created.request_id} is closed: it reopens when the customer writes again`,
    });
    // nothing was written by the refusals
    expect((await detail(manager, created.request_id)).message_count).toBe(1);

    // the customer writes again: open, and the staff may answer
    const reopened = await write(customer, created.request_id, 'It still has not come.');
    expect(reopened.json()).toMatchObject({ status: 'Open', closed_at: null, closed_by_name: null });
    expect((await write(manager, created.request_id, 'Sorry, checking now.')).statusCode).toBe(201);
  });

  it("keeps a customer to its own requests: another's is 404 to read and to write on", async () => {
    const owner = await createUser(app, 'Customer');
    const other = await createUser(app, 'Customer');
    const created = await ask(owner);
    const read = await app.inject({
      url: `/api/support/requests/${created.request_id}`,
      headers: other.auth,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ detail: `Support request ${created.request_id} not found` });
    const wrote = await write(other, created.request_id, 'Hello?');
    expect(wrote.statusCode).toBe(404);
    expect((await detail(owner, created.request_id)).message_count).toBe(1);
    // an unknown request, for staff too
    expect((await write(manager, 2_000_000_000, 'x')).statusCode).toBe(404);
    expect((await close(manager, 2_000_000_000)).statusCode).toBe(404);
  });

  it('lets only managers and admins close, and keeps the warehouse out of the inbox', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    const byCustomer = await close(customer, created.request_id);
    expect(byCustomer.statusCode).toBe(403);
    const read = await app.inject({
      url: `/api/support/requests/${created.request_id}`,
      headers: warehouse.auth,
    });
    expect(read.statusCode).toBe(403);
    expect((await write(warehouse, created.request_id, 'hi')).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/support/requests', headers: warehouse.auth })).statusCode).toBe(
      403,
    );
  });

  it('refuses an empty or too long message with a 422 naming the field', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    const empty = await write(customer, created.request_id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toMatch(/message/);
    const long = await write(manager, created.request_id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/message/);
  });

  it('audits each message and each change of state with its actor', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    await write(manager, created.request_id, 'Answer');
    await close(manager, created.request_id);
    const res = await db.execute<{ table_name: string; operation: string; performed_by: number | null }>(
      sql`select table_name, operation, performed_by from audit_log
          where (table_name = 'support_requests' and row_key = ${String(created.request_id)})
             or (table_name = 'support_messages' and new_row ->> 'request_id' = ${String(created.request_id)})
          order by audit_id`,
    );
    expect(res.rows.map((r) => [r.table_name, r.operation, r.performed_by])).toEqual([
      ['support_requests', 'INSERT', customer.userId],
      ['support_messages', 'INSERT', customer.userId],
      ['support_requests', 'UPDATE', customer.userId],
      ['support_messages', 'INSERT', manager.userId],
      ['support_requests', 'UPDATE', manager.userId],
      ['support_requests', 'UPDATE', manager.userId],
    ]);
  });
});

describe('the database keeps the states', () => {
  it('refuses a state outside Open, Answered, Closed, and Closed without its time', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    await expect(
      db.execute(
        sql`update support_requests set status = 'Resolved' where request_id = ${created.request_id}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update support_requests set status = 'Closed' where request_id = ${created.request_id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into support_messages (request_id, author_side, body) values (${created.request_id}, 'bot', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('refuses a staff message on a closed request even past the service', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    await close(manager, created.request_id);
    await expect(
      db.execute(
        sql`insert into support_messages (request_id, author_side, body) values (${created.request_id}, 'staff', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('keeps message_count, last_message_at and the state equal to the conversation', async () => {
    const customer = await createUser(app, 'Customer');
    for (let i = 0; i < 3; i++) {
      const r = await ask(customer, { subject: `Kept ${i}` });
      if (i > 0) await write(manager, r.request_id, 'Answer');
      if (i > 1) await write(customer, r.request_id, 'Reply');
    }
    const res = await db.execute<{ mismatches: number }>(
      sql`select count(*)::int as mismatches from support_requests s
          cross join lateral (
            select count(*)::int as n, max(m.created_at) as last_at,
                   (array_agg(m.author_side order by m.created_at desc, m.message_id desc))[1] as last_side
              from support_messages m where m.request_id = s.request_id) m
          where s.message_count <> m.n or s.last_message_at <> m.last_at or s.last_message_side <> m.last_side
             or (s.status <> 'Closed' and m.n > 1 and s.status <> case m.last_side when 'staff' then 'Answered' else 'Open' end)`,
    );
    expect(res.rows[0]!.mismatches).toBe(0);
  });
});

describe('the inbox list', () => {
  it('is newest activity first, filters by state and searches by number or customer name, paged by keyset', async () => {
    const named = await createUser(app, 'Customer');
    await db.execute(
      sql`update customers set name = 'Zebrafinch Traders' where customer_id = ${named.customerId}`,
    );
    const orderId = (await placeOrderAs(app, named, [{ productID: product.productId, quantity: 1 }])).json()
      .order_id as number;
    const made: SupportRequest[] = [];
    // an hour ago, a minute apart (the sign-in tokens hold for the real time)
    const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
    for (let i = 0; i < 5; i++) {
      t.setNow(at(i));
      made.push(await ask(named, { subject: `Question ${i}`, ...(i === 2 ? { order_id: orderId } : {}) }));
    }
    // an answer to the oldest brings it to the top
    t.setNow(at(10));
    await write(manager, made[0]!.request_id, 'Answer');
    t.setNow(at(15));
    await close(manager, made[1]!.request_id);
    t.setNow(null as unknown as Date);

    const search = '?q=zebrafinch';
    const all = await list(manager, search);
    // closing is not a message: the closed one keeps its place
    expect(all.rows.map((r) => r.subject)).toEqual([
      'Question 0',
      'Question 4',
      'Question 3',
      'Question 2',
      'Question 1',
    ]);
    expect(all.next).toBeUndefined();
    expect((await list(admin, `${search}&status=Open`)).rows.map((r) => r.subject)).toEqual([
      'Question 4',
      'Question 3',
      'Question 2',
    ]);
    expect((await list(manager, `${search}&status=Answered`)).rows.map((r) => r.subject)).toEqual([
      'Question 0',
    ]);
    expect((await list(manager, `${search}&status=Closed`)).rows.map((r) => r.subject)).toEqual([
      'Question 1',
    ]);

    // by number: the request's own, or its order's
    expect((await list(manager, `?q=%23${made[3]!.request_id}`)).rows.map((r) => r.request_id)).toEqual([
      made[3]!.request_id,
    ]);
    expect((await list(manager, `?q=${orderId}`)).rows.map((r) => r.request_id)).toContain(
      made[2]!.request_id,
    );

    // pages of two by keyset, the cursor in X-Next-Cursor
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(
        manager,
        `${search}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.rows.map((r) => r.subject));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual(all.rows.map((r) => r.subject));

    // a customer's list is its own, whatever it searches
    const other = await createUser(app, 'Customer');
    await ask(other, { subject: 'Mine' });
    expect((await list(other, search)).rows.map((r) => r.subject)).toEqual(['Mine']);
    expect((await list(named, '?status=Closed')).rows.map((r) => r.subject)).toEqual(['Question 1']);
  });

  it('refuses a malformed cursor with a 422', async () => {
    const res = await app.inject({ url: '/api/support/requests?cursor=yesterday', headers: manager.auth });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/cursor/);
  });
});

describe('requests answered at once', () => {
  // Two sessions at once need PostgreSQL (PGlite runs one statement at a time).
  it.runIf(onPostgres)('two closes of one request: one closes, the other is a 409; one notice', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    const results = await Promise.all([
      close(manager, created.request_id, 'Done from the manager'),
      close(admin, created.request_id, 'Done from the admin'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const d = await detail(manager, created.request_id);
    expect(d.status).toBe('Closed');
    expect(d.messages.filter((m) => m.side === 'staff')).toHaveLength(1);
    const closedNotes = (await notes(customer)).filter((n) => n.message.includes('was closed'));
    expect(closedNotes).toHaveLength(1);
  });

  it.runIf(onPostgres)(
    'an answer racing a close: either it lands before the close, or it is refused; the state is kept',
    async () => {
      const customer = await createUser(app, 'Customer');
      for (let round = 0; round < 5; round++) {
        const created = await ask(customer);
        const [answer, closing] = await Promise.all([
          write(admin, created.request_id, 'An answer'),
          close(manager, created.request_id),
        ]);
        expect(closing.statusCode).toBe(200);
        expect([201, 409]).toContain(answer.statusCode);
        const d = await detail(manager, created.request_id);
        expect(d.status).toBe('Closed');
        expect(d.message_count).toBe(answer.statusCode === 201 ? 2 : 1);
      }
    },
  );

  it.runIf(onPostgres)('customer replies racing each other are all counted', async () => {
    const customer = await createUser(app, 'Customer');
    const created = await ask(customer);
    await write(manager, created.request_id, 'Answer');
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => write(customer, created.request_id, `Reply ${i}`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const d = await detail(manager, created.request_id);
    expect(d).toMatchObject({ status: 'Open', message_count: 8 });
    expect(d.messages).toHaveLength(8);
  });
});
