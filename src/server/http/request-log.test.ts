import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/harness';

const lines: string[] = [];
const { app } = await createTestApp({
  logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
});

let address: string | undefined;
/** Listens on a free port once (real HTTP, as the server runs). */
const listening = async () => {
  address ??= await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
};

function entries() {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('writes exactly one line per request: method, url, status, ms and the request id', async () => {
    // over real HTTP, as the server runs (an injected response never reports itself finished,
    // so the query canceller would take every injected request for a client that went away)
    const address = await listening();
    lines.length = 0;
    const health = await fetch(`${address}/api/health?x=1`);
    expect(health.status).toBe(200);
    const missing = await fetch(`${address}/api/nope`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    // onResponse runs once the body is sent; a third request's line comes after any stray one
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2));
    await fetch(`${address}/api/health`);
    await vi.waitFor(() => expect(lines.some((l) => l.includes('"url":"/api/health"'))).toBe(true));
    lines.pop();

    const logged = entries();
    expect(logged).toHaveLength(2);
    const [first, second] = logged;
    expect(first).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health?x=1',
      status: 200,
    });
    expect(second).toMatchObject({ msg: 'request', method: 'DELETE', url: '/api/nope', status: 404 });
    for (const entry of logged) {
      expect(typeof entry.ms).toBe('number');
      expect(entry.ms as number).toBeGreaterThanOrEqual(0);
      expect(typeof entry.reqId).toBe('string');
    }
    expect(first?.reqId).not.toBe(second?.reqId);
    // Fastify's own "incoming request" / "request completed" lines are off
    expect(logged.map((e) => e.msg)).not.toContain('incoming request');
    expect(logged.map((e) => e.msg)).not.toContain('request completed');
  });

  it('answers the request id in X-Request-Id: a well-formed one as given, else a new one, as logged', async () => {
    const address = await listening();
    const given = 'lb-7f3a9c.42:edge_1';
    const sent = await fetch(`${address}/api/health`, { headers: { 'x-request-id': given } });
    expect(sent.headers.get('x-request-id')).toBe(given);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    // none given, or one not well formed (spaces, a quote, too long): a new UUID for each
    const made: string[] = [];
    for (const header of [undefined, 'two words', 'x"y', 'a'.repeat(129)]) {
      const res = await fetch(`${address}/api/health`, {
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id, String(header)).toMatch(uuid);
      made.push(id);
    }
    expect(new Set(made).size).toBe(made.length);
    // a refusal carries it too, and the log line names the same id
    const refused = await fetch(`${address}/api/orders`, { headers: { 'x-request-id': 'refused-1' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('refused-1');
    await vi.waitFor(() => expect(entries().some((e) => e.reqId === 'refused-1')).toBe(true));
    expect(entries().find((e) => e.reqId === given)).toMatchObject({ url: '/api/health', status: 200 });
    for (const id of made) expect(entries().some((e) => e.reqId === id)).toBe(true);
  });

  it('keeps LOG_LEVEL: at warn, requests write nothing', async () => {
    const quiet: string[] = [];
    const { app: warnApp } = await createTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => void quiet.push(line) } },
    });
    await warnApp.inject({ url: '/api/health' });
    expect(quiet).toEqual([]);
  });
});
