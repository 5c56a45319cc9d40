import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { DATABASE_UNREACHABLE, isConnectionError } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** What drizzle throws: its own message quoting the statement and values, the driver's error as cause. */
const wrapped = (cause: Error, params = '') =>
  Object.assign(new Error(`Failed query: select 1\nparams: ${params}`), { cause });

describe('isConnectionError (decision 0070)', () => {
  it('knows the ways a database is down, restarting or cut off', () => {
    const aggregate = new AggregateError(
      [
        withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
      ],
      '',
    );
    const down = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      aggregate,
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection because of crash of another server process', '57P02'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout expired'),
    ];
    for (const error of down) {
      expect(isConnectionError(error), error.message).toBe(true);
      expect(isConnectionError(wrapped(error)), `wrapped: ${error.message}`).toBe(true);
    }
  });

  it('leaves refused statements and everything else alone', () => {
    const other = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('deadlock detected', '40P01'),
      new Error('boom'),
      // a value that quotes the words: the wrapper's message is not the socket's
      wrapped(withCode('value too long', '22001'), 'Connection terminated unexpectedly'),
    ];
    for (const error of other) expect(isConnectionError(error), error.message).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});

describe('the answer to a connection error', () => {
  it('is a 503 with the detail and Retry-After, logged as a warning', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (l: string) => lines.push(l) } } });
    registerErrorHandler(app);
    app.get('/down', async () => {
      throw wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'secret-value');
    });
    const res = await app.inject({ url: '/down' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ detail: DATABASE_UNREACHABLE });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 40, msg: 'database not reachable', err: { code: 'ECONNREFUSED' } });
    // the driver's message only: drizzle's would quote the statement's values
    expect(lines[0]).not.toContain('secret-value');
  });
});
