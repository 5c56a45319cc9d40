import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadApi } from '../../bench/http/load';
import { heavyRun } from '../../bench/http/run-http';
import { HEAVY_WORK_LIMITS } from './http/heavy-work';

// The HTTP bench's reports (heavy work, src/server/http/heavy-work.ts): a run from more connections
// than one user may have comes from several users, within what the processes admit, so the bench
// measures the reports and not the admission's refusals.
describe('the HTTP bench: a report at many connections', () => {
  const { kinds, perUser } = HEAVY_WORK_LIMITS;

  it('stays within what one user and the processes admit, and replays the SQL as the processes run it', () => {
    for (const workers of [1, 2, 4]) {
      for (const connections of [1, 4, 16, 64, 256]) {
        const run = heavyRun(connections, workers);
        // each process and user at most half its limit (a turn comes back when the socket says so)
        expect(run.api).toBe(
          Math.min(connections, workers * (kinds.report.running + kinds.report.queued / 2)),
        );
        expect(run.users * (perUser / 2)).toBeGreaterThanOrEqual(run.api);
        expect((run.users - 1) * (perUser / 2)).toBeLessThan(run.api);
        expect(run.sqlCallers).toBe(Math.min(connections, workers * kinds.report.running));
      }
    }
    // the bench's defaults (2 processes, 64 connections): 28 connections from 14 users, SQL by 4
    expect(heavyRun(64, 2)).toEqual({ api: 28, users: 14, sqlCallers: 4 });
  });

  it('sends one token per connection, the tokens in turn', async () => {
    const seen = new Map<string, Set<number>>();
    const server = createServer((req, res) => {
      const token = req.headers.authorization ?? 'none';
      const ports = seen.get(token) ?? new Set<number>();
      ports.add(req.socket.remotePort!);
      seen.set(token, ports);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const tokens = ['a', 'b', 'c'];
      const measured = await loadApi(`http://127.0.0.1:${port}/`, tokens, 12, 1, 240);
      expect(measured.errors).toBe(0);
      expect(measured.total).toBeGreaterThanOrEqual(240);
      // each token from 4 connections of its own, never from another's
      expect([...seen.keys()].sort()).toEqual(['Bearer a', 'Bearer b', 'Bearer c']);
      for (const ports of seen.values()) expect(ports.size).toBe(4);
      const all = [...seen.values()].flatMap((ports) => [...ports]);
      expect(new Set(all).size).toBe(12);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
