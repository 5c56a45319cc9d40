// One measurement: autocannon against the API, or the same statements through `pg`, both at a
// given concurrency for a given time; requests per second and latency percentiles.
import autocannon from 'autocannon';
import pg from 'pg';
import { preparedName } from '#server/db/prepared';
import type { Statement } from './capture';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  /** What the errors were: status codes other than 2xx, connection errors, timeouts. */
  errorKinds?: string;
}

export async function loadApi(
  url: string,
  /** The bearer token; null: none (a public endpoint). */
  token: string | null,
  connections: number,
  seconds: number,
  /** A fixed number of requests instead of a duration (the smoke test: each run answers once). */
  amount?: number,
): Promise<Measured> {
  const result = await autocannon({
    url,
    connections,
    // a fixed amount ends at autocannon's next sample: every 100 ms, not its default 1 s (the
    // smoke test's 125 runs took a second each, whatever their requests cost)
    ...(amount ? { amount, sampleInt: 100 } : { duration: seconds }),
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    timeout: 30,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  const codes = Object.entries(
    (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {},
  )
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, v]) => `${v.count} x ${code}`);
  if (result.errors) codes.push(`${result.errors} errors`);
  if (result.timeouts) codes.push(`${result.timeouts} timeouts`);
  return {
    errorKinds: codes.join(', '),
    // requests.average is per sample; with 100 ms samples the rate is the total over the run
    rps: amount ? result.requests.total / Math.max(result.duration, 0.001) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    total: result.requests.total,
  };
}

/**
 * `callers` loops, each replaying the endpoint's statements on a pooled connection, one set after
 * another. The statements go unnamed (parsed and planned on every run, as a client sending them
 * ad hoc would) unless `prepared`: then those the server prepares (db/prepared.ts) are sent under
 * the same names, as the server sends them. `warm`: before the clock starts, every connection of
 * the pool is opened and runs the statements once (the server's pool is open and warm too).
 */
export async function loadSql(
  url: string,
  statements: Statement[],
  callers: number,
  poolSize: number,
  seconds: number,
  prepared = false,
  warm = false,
): Promise<Measured> {
  const configs = statements.map((s) => ({
    text: s.text,
    values: s.values,
    name: prepared ? preparedName(s.text) : undefined,
  }));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  if (warm) {
    await Promise.all(
      Array.from({ length: Math.min(callers, poolSize) }, async () => {
        const client = await pool.connect();
        try {
          for (const c of configs) await client.query(c);
        } catch {
          await client.query('rollback').catch(() => undefined);
        } finally {
          client.release();
        }
      }),
    );
  }
  const latencies: number[] = [];
  let errors = 0;
  let lastError = '';
  const until = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        for (const c of configs) await client.query(c);
      } catch (err) {
        errors += 1;
        lastError = err instanceof Error ? err.message : String(err);
        await client.query('rollback').catch(() => undefined);
      } finally {
        client.release();
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: callers }, caller));
  const took = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / took,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    total: latencies.length,
    errorKinds: lastError,
  };
}
