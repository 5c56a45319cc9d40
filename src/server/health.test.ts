import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DATABASE_UNREACHABLE } from './http/errors';
import { createTestApp, TEST_JWT_SECRET } from './test/harness';

// GET /api/health says whether the database answers (decision 0070); the outage itself is in
// db/database-outage.test.ts.
const { app, database } = await createTestApp();

describe('GET /api/health', () => {
  it('says the server and the database are fine', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 with the database unreachable when select 1 fails, within its timeout', async () => {
    const timeouts: number[] = [];
    const down = await buildApp({
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      pingDatabase: async (timeoutMs) => {
        timeouts.push(timeoutMs);
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    });
    const res = await down.inject({ url: '/api/health' });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      detail: DATABASE_UNREACHABLE,
    });
    expect(timeouts).toEqual([2000]);
  });
});
