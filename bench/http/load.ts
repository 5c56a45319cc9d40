// One measurement: autocannon against the API, or the same statements through `pg`, both at a
// given concurrency for a given time; requests per second and latency percentiles.
import autocannon from 'autocannon';
import pg from 'pg';
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
  /**
   * The bearer token; null: none (a public endpoint); several: one per connection, in turn (a
   * heavy endpoint's load from several users, run-http.ts heavyRun).
   */
  token: string | readonly string[] | null,
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
    headers:
      token === null ? {} : { authorization: `Bearer ${typeof token === 'string' ? token : token[0]}` },
    ...(typeof token === 'object' &&
      token !== null &&
      token.length > 1 && { setupClient: oneTokenEach(token) }),
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

/** autocannon's setupClient: connection n sends tokens[n mod count] on every request. */
function oneTokenEach(tokens: readonly string[]) {
  let next = 0;
  return (client: { setHeaders(headers: Record<string, string>): void }) => {
    client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });
  };
}

/**
 * `callers` loops, each replaying the endpoint's statements as the server sent them (capture.ts):
 * under the server's statement names (each connection prepares a name once, as the server's do),
 * wave after wave, each statement on a pooled connection and the statements of one wave at once
 * (the server's pool.query and Promise.all); an answer that ran in a transaction is replayed on
 * one connection, statement after statement. `unnamed`: every statement unnamed and one after
 * another on one connection, the method before issue 27 (parsed and planned on every run).
 * `warm`: before the clock starts, every connection of the pool is opened and runs the statements
 * once (the server's pool is open and warm too).
 */
export async function loadSql(
  url: string,
  statements: Statement[],
  callers: number,
  poolSize: number,
  seconds: number,
  unnamed = false,
  warm = false,
): Promise<Measured> {
  const waves: Array<Array<{ text: string; values: unknown[]; name?: string }>> = [];
  statements.forEach((s, i) => {
    const statement = { text: s.text, values: s.values, ...(s.name && !unnamed ? { name: s.name } : {}) };
    const sameWave = !unnamed && i > 0 && statements[i - 1]!.wave === s.wave;
    if (sameWave) waves.at(-1)!.push(statement);
    else waves.push([statement]);
  });
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const onOneConnection = unnamed || statements.some((st) => /^\s*begin\b/i.test(st.text));
  const replay = async () => {
    if (!onOneConnection) {
      for (const wave of waves) await Promise.all(wave.map((st) => pool.query(st)));
      return;
    }
    const client = await pool.connect();
    try {
      for (const st of waves.flat()) await client.query(st);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
  if (warm) {
    await Promise.all(
      Array.from({ length: Math.min(callers, poolSize) }, async () => {
        const client = await pool.connect();
        try {
          for (const statement of waves.flat()) await client.query(statement);
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
      try {
        await replay();
      } catch (err) {
        errors += 1;
        lastError = err instanceof Error ? err.message : String(err);
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
