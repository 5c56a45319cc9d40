import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createRole, createUser, TEST_PASSWORD, type TestUser } from '#server/test/factories';
import { createTestApp, TEST_JWT_SECRET } from '#server/test/harness';
import { EVENT_STREAMS_PER_USER } from './event-hub';

// Issue 24, probe defects 2 and 9 (docs/decisions/0069): an open event stream is held to what a
// request is held to for as long as it is open: it ends when its token expires and when its
// user is deleted, deactivated, made a former employee, has the password reset or another role;
// after it ended it receives nothing. One user holds at most EVENT_STREAMS_PER_USER streams.
// The server as it runs (users cached), on a real port: streams are read as a browser reads them.
const { app, database } = await createTestApp({ cacheUsers: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = (() => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
})();
const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

type Received = { event: string; data: Record<string, unknown> };

/** Opens /api/events and collects its events; `ended` settles when the server ends the stream. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream refused: ${res.status} ${await res.text()}`);
  const events: Received[] = [];
  let endedByServer = false;
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          endedByServer = true;
          return;
        }
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
      // aborted by the test
    }
  })();
  const waitFor = async (match: (e: Received) => boolean, ms = 10_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
  };
  /** Waits until the server ended the stream (not the test), with the reason it sent. */
  const waitEnded = async (ms = 10_000) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'open'>((r) => {
      timer = setTimeout(() => r('open'), ms);
    });
    expect(await Promise.race([ended.then(() => 'ended' as const), timeout])).toBe('ended');
    clearTimeout(timer);
    expect(endedByServer).toBe(true);
    expect(events.at(-1)).toEqual({
      event: 'end',
      data: { detail: 'Your session changed or expired; sign in again' },
    });
  };
  const stream = {
    events,
    waitFor,
    waitEnded,
    close: async () => {
      controller.abort();
      await ended;
    },
  };
  opened.push(stream);
  await waitFor((e) => e.event === 'ready');
  return stream;
}

/** A customer's support request: an event every manager's and admin's stream receives. */
async function supportEvent() {
  const customer = await createUser(app, 'Customer');
  const asked = await app.inject({
    method: 'POST',
    url: '/api/support/requests',
    headers: customer.auth,
    payload: { subject: 'Invoice copy', message: 'Please send it again.' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().request_id as number;
}

/**
 * The stream ended and receives nothing after: an event published afterwards reaches a
 * bystander's open stream (so it was sent) and not the ended one.
 */
async function receivesNothingAfter(ended: Awaited<ReturnType<typeof openStream>>, bystander: TestUser) {
  const watcher = await openStream(bystander.token);
  const count = ended.events.length;
  const requestId = await supportEvent();
  await watcher.waitFor((e) => e.event === 'support' && e.data.request_id === requestId);
  expect(ended.events.length).toBe(count);
  expect(ended.events.some((e) => e.data.request_id === requestId)).toBe(false);
  await watcher.close();
}

/** The status a new stream with these headers gets (a stream that opens is let go at once). */
async function eventsWith(auth: { authorization: string }) {
  const res = await fetch(`${base}/api/events`, { headers: auth });
  if (res.status === 200) await res.body?.cancel();
  else await res.text();
  return { statusCode: res.status };
}

describe(`an open event stream ends with its token and its user (${database.kind})`, () => {
  it('ends when its token expires, and receives nothing after', async () => {
    const manager = await createUser(app, 'Manager');
    const bystander = await createUser(app, 'Manager');
    // a token that expires within three seconds, signed as the server signs its own
    const exp = Math.floor(Date.now() / 1000) + 3;
    const shortLived = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(manager.userId))
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const stream = await openStream(shortLived);
    await stream.waitEnded(10_000);
    // ended by the expiry (a timer may fire a millisecond or two early), not before it
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 25);
    await receivesNothingAfter(stream, bystander);
    // and the token opens no new one
    const again = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${shortLived}` } });
    expect(again.status).toBe(401);
  });

  it("ends when its user is deleted: a deleted manager hears no customer's order again", async () => {
    const admin = await createUser(app, 'Admin');
    const manager = await createUser(app, 'Manager');
    const bystander = await createUser(app, 'Manager');
    const stream = await openStream(manager.token);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/users/${manager.userId}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await stream.waitEnded();
    await receivesNothingAfter(stream, bystander);
    expect((await eventsWith(manager.auth)).statusCode).toBe(401);
  });

  it('ends on a role change, and reopens under the new role with the same token', async () => {
    const admin = await createUser(app, 'Admin');
    const manager = await createUser(app, 'Manager');
    const bystander = await createUser(app, 'Manager');
    await createRole(app, 'Warehouse Manager');
    const stream = await openStream(manager.token);
    const demoted = await app.inject({
      method: 'PUT',
      url: `/api/users/${manager.userId}`,
      headers: admin.auth,
      payload: { role: 'Warehouse Manager' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await stream.waitEnded();
    await receivesNothingAfter(stream, bystander);
    // re-authorised: the warehouse portal's stream does not carry the customers' support requests
    const reopened = await openStream(manager.token);
    const watcher = await openStream(bystander.token);
    const requestId = await supportEvent();
    await watcher.waitFor((e) => e.event === 'support' && e.data.request_id === requestId);
    expect(reopened.events.filter((e) => e.event === 'support')).toEqual([]);
    await Promise.all([reopened.close(), watcher.close()]);
  });

  it('ends when its user is deactivated, and when its employee record is marked former', async () => {
    const admin = await createUser(app, 'Admin');
    const bystander = await createUser(app, 'Manager');
    const manager = await createUser(app, 'Manager');
    const stream = await openStream(manager.token);
    await app.ctx.db.execute(sql`update users set is_active = false where user_id = ${manager.userId}`);
    await stream.waitEnded();
    await receivesNothingAfter(stream, bystander);
    expect((await eventsWith(manager.auth)).statusCode).toBe(401);

    const driver = await createUser(app, 'Driver');
    const crewStream = await openStream(driver.token);
    const former = await app.inject({
      method: 'PUT',
      url: `/api/employees/${driver.employeeId}`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(former.statusCode, former.body).toBe(200);
    await crewStream.waitEnded();
    expect((await eventsWith(driver.auth)).statusCode).toBe(401);
  });

  it('ends when an admin resets the password', async () => {
    const admin = await createUser(app, 'Admin');
    const manager = await createUser(app, 'Manager');
    const bystander = await createUser(app, 'Manager');
    const stream = await openStream(manager.token);
    const reset = await app.inject({
      method: 'PUT',
      url: `/api/users/${manager.userId}`,
      headers: admin.auth,
      payload: { password: 'a-brand-new-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await stream.waitEnded();
    await receivesNothingAfter(stream, bystander);
  });

  it('stays open through changes that leave its user as it was (a sign-in elsewhere)', async () => {
    const manager = await createUser(app, 'Manager');
    const stream = await openStream(manager.token);
    // a sign-in from another tab touches the users row (last_login_at): the same user still
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: manager.userName, password: TEST_PASSWORD }).toString(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const requestId = await supportEvent();
    await stream.waitFor((e) => e.event === 'support' && e.data.request_id === requestId);
    expect(stream.events.some((e) => e.event === 'end')).toBe(false);
    await stream.close();
  });
});

describe(`open event streams per user (${database.kind})`, () => {
  it(`answers 429 with Retry-After past ${EVENT_STREAMS_PER_USER} streams, and a closed one frees its slot`, async () => {
    const manager = await createUser(app, 'Manager');
    const other = await createUser(app, 'Manager');
    const streams = [];
    for (let i = 0; i < EVENT_STREAMS_PER_USER; i++) streams.push(await openStream(manager.token));

    const refused = await fetch(`${base}/api/events`, { headers: manager.auth });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      detail: `You already have ${EVENT_STREAMS_PER_USER} live update streams open (one per browser tab); close one and try again`,
    });
    // another user is not held to this one's streams
    const theirs = await openStream(other.token);

    await streams.pop()!.close();
    // the server hears the close on its own time: the slot is free once it has
    await expect
      .poll(async () => (await eventsWith(manager.auth)).statusCode, { timeout: 10_000, interval: 50 })
      .toBe(200);
    await Promise.all([...streams.map((s) => s.close()), theirs.close()]);
  });
});
