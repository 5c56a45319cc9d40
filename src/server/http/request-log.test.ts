import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

const lines: string[] = [];
const { app } = await createTestApp({
  logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
});

function entries() {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('writes exactly one line per request: method, url, status, ms and the request id', async () => {
    lines.length = 0;
    const health = await app.inject({ url: '/api/health?x=1' });
    expect(health.statusCode).toBe(200);
    const missing = await app.inject({ method: 'DELETE', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);

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

  it('keeps LOG_LEVEL: at warn, requests write nothing', async () => {
    const quiet: string[] = [];
    const { app: warnApp } = await createTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => void quiet.push(line) } },
    });
    await warnApp.inject({ url: '/api/health' });
    expect(quiet).toEqual([]);
  });
});
