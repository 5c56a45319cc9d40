import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { openPostgres } from '#server/db/client';
import { crewScene } from '#server/test/crew-factories';
import { createUser } from '#server/test/factories';
import { createTestApp, TEST_JWT_SECRET } from '#server/test/harness';

// Two server instances on one database: an event written through one reaches an event stream
// held open by the other (LISTEN/NOTIFY on PostgreSQL; in-process on PGlite).
const first = await createTestApp();
const { database } = first;
const second = await (async () => {
  if (database.kind === 'pglite') return { db: database.db, listen: database.listen, close: async () => {} };
  const schema = (await database.db.execute<{ s: string }>(sql`select current_schema() as s`)).rows[0]!.s;
  const other = openPostgres(process.env.TEST_DATABASE_URL!, { searchPath: schema, max: 4 });
  return { db: other.db, listen: other.listen, close: other.close };
})();
const otherApp = await buildApp({ db: second.db, listen: second.listen, jwtSecret: TEST_JWT_SECRET });
await otherApp.listen({ port: 0, host: '127.0.0.1' });
afterAll(async () => {
  await otherApp.close();
  await second.close();
});
const base = (() => {
  const address = otherApp.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
})();

/** Opens /api/events on the second instance and collects its events until closed. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (match: (e: (typeof events)[number]) => boolean, ms = 5_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
  };
  return {
    events,
    waitFor,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

describe(`GET /api/events across two server instances (${database.kind})`, () => {
  it('pushes a notification and a delivery change written through the other instance, only to their recipient', async () => {
    const s = await crewScene(first.app, { orderCount: 1 });
    const assistant = await openStream(s.assistant.token);
    const customer = await openStream(s.orders[0]!.customer.token);
    const bystander = await openStream(s.driver.token);
    await assistant.waitFor((e) => e.event === 'ready');
    await customer.waitFor((e) => e.event === 'ready');
    await bystander.waitFor((e) => e.event === 'ready');

    // the driver starts the delivery through the first instance
    const started = await first.app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.driver.auth,
    });
    expect(started.statusCode, started.body).toBe(200);

    const note = await assistant.waitFor((e) => e.event === 'notification');
    expect(note.data).toMatchObject({ kind: 'notification', type: 'Info', delivery_id: s.deliveryId });
    const change = await assistant.waitFor((e) => e.event === 'delivery');
    expect(change.data).toMatchObject({ delivery_id: s.deliveryId, status: 'In Transit' });
    const order = await customer.waitFor((e) => e.event === 'order');
    expect(order.data).toMatchObject({ order_id: s.orders[0]!.orderId, status: 'In Transit' });
    await customer.waitFor((e) => e.event === 'notification');
    // recipients' ids stay on the server
    expect(Object.keys(note.data)).not.toContain('employee_id');
    // the driver's own stream hears the delivery change but not the assistant's notification
    await bystander.waitFor((e) => e.event === 'delivery');
    expect(bystander.events.filter((e) => e.event === 'notification')).toEqual([]);
    expect(customer.events.filter((e) => e.event === 'delivery')).toEqual([]);
    await Promise.all([assistant.close(), customer.close(), bystander.close()]);
  });

  it('pushes a support request to the managers and admins, and its answer to its customer only', async () => {
    const manager = await createUser(first.app, 'Manager');
    const customer = await createUser(first.app, 'Customer');
    const other = await createUser(first.app, 'Customer');
    const staff = await openStream(manager.token);
    const own = await openStream(customer.token);
    const stranger = await openStream(other.token);
    for (const s of [staff, own, stranger]) await s.waitFor((e) => e.event === 'ready');

    const asked = await first.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: customer.auth,
      payload: { subject: 'Invoice copy', message: 'Please send it again.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().request_id as number;
    const note = await staff.waitFor((e) => e.event === 'notification' && e.data.request_id === requestId);
    expect(note.data).toMatchObject({ kind: 'notification', type: 'Info', request_id: requestId });
    await staff.waitFor((e) => e.event === 'support' && e.data.request_id === requestId);

    const answered = await first.app.inject({
      method: 'POST',
      url: `/api/support/requests/${requestId}/messages`,
      headers: manager.auth,
      payload: { message: 'Sent to your email.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    await own.waitFor((e) => e.event === 'notification' && e.data.request_id === requestId);
    const change = await own.waitFor((e) => e.event === 'support' && e.data.status === 'Answered');
    expect(change.data).toMatchObject({ kind: 'support', request_id: requestId });
    expect(stranger.events.filter((e) => e.event === 'support' || e.event === 'notification')).toEqual([]);
    await Promise.all([staff.close(), own.close(), stranger.close()]);
  });

  it('refuses a stream without a valid token', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Not authenticated' });
  });
});
