import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#server/test/harness';
import { withActor } from './client';
import { notify } from './listen';

const database = await openTestDatabase();
afterAll(() => database.close());

function nextMessage(received: string[], count: number, timeoutMs = 5000) {
  const started = Date.now();
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (received.length >= count) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error(`only ${received.length} message(s)`));
      else setTimeout(check, 10);
    };
    check();
  });
}

describe(`database notifications (${database.kind})`, () => {
  it('delivers a notification sent in a transaction once it commits, never one rolled back', async () => {
    const received: string[] = [];
    const stop = await database.listen('test_events', (payload) => received.push(payload));
    await withActor(database.db, null, (tx) => notify(tx, 'test_events', 'committed'));
    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'test_events', 'rolled back');
        throw new Error('abort');
      })
      .catch(() => undefined);
    await notify(database.db, 'test_events', 'second');
    await nextMessage(received, 2);
    expect(received).toEqual(['committed', 'second']);
    await stop();
    await notify(database.db, 'test_events', 'after stop');
    await database.db.execute(sql`select 1`);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual(['committed', 'second']);
  });

  it('keeps channels apart by name', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const stopA = await database.listen('chan_a', (p) => a.push(p));
    const stopB = await database.listen('chan_b', (p) => b.push(p));
    await notify(database.db, 'chan_b', 'for b');
    await nextMessage(b, 1);
    expect(a).toEqual([]);
    await stopA();
    await stopB();
  });
});
