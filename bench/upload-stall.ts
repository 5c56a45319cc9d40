// npm run bench:upload: do big uploads stall the other requests?
// Starts the server as its own process (embedded PGlite in a fresh DATA_DIR, seeded with the
// demo data; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL instead, which must be
// empty or seeded), then keeps BENCH_PROBES (4) connections asking for a customer's order list
// while orders with attachments are uploaded, and prints the latency of those requests (p50,
// p99, max) with no upload, during an over-limit order (10 x 10 MB, refused at 25 MB) and
// during BENCH_UPLOADS (4) concurrent orders at the limit (2 x 10 MB + 5 MB each), and the
// server's resident memory. BENCH_SERVER_DIR runs another checkout's server (a before/after).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '#server/test/pg-cluster';
import { multipartStream, postStream } from '#server/test/upload-helpers';

const PROBES = Number(process.env.BENCH_PROBES ?? 4);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 4);
const BASELINE_MS = 5_000;
const MB = 1024 * 1024;

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const cwd = resolve(process.env.BENCH_SERVER_DIR ?? '.');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) {
    env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    env.JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env,
    stdio: 'inherit',
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
};

/** PROBES keep-alive connections asking in a loop until stopped; returns every latency (ms). */
function probe(port: number, path: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: PROBES });
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const once = () =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
      req.end();
    });
  const loops = Array.from({ length: PROBES }, async () => {
    while (running) await once();
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return { latencies, errors };
    },
  };
}

function summary(label: string, latencies: number[], errors: number, seconds: number, rss: string) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `| ${label} | ${seconds.toFixed(1)} s | ${sorted.length} | ${f(at(0.5))} | ${f(at(0.99))} | ${f(sorted.at(-1) ?? NaN)} | ${errors} | ${rss} |`,
  );
}

/** Runs `work` while probing; prints the probe latencies and the server's memory. */
async function phase(
  label: string,
  port: number,
  pid: number,
  auth: Record<string, string>,
  work: () => Promise<string>,
) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const p = probe(port, '/api/orders?page=1&page_size=10', auth);
  const started = performance.now();
  const outcome = await work();
  const { latencies, errors } = await p.stop();
  clearInterval(sampler);
  summary(
    `${label} (${outcome})`,
    latencies,
    errors,
    (performance.now() - started) / 1000,
    `${before} -> ${peak} MB`,
  );
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kandypack-bench-upload-'));
  const server = await startServer(port, dataDir);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'customer', password: 'demo-password' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const profile = (await (await fetch(`${base}/api/auth/profile`, { headers: auth })).json()) as {
      customer_id: number;
    };
    const products = (await (await fetch(`${base}/api/products`, { headers: auth })).json()) as Array<{
      product_id: number;
      available_units: number;
    }>;
    const product = products.find((p) => p.available_units > 100)!;
    const payload = JSON.stringify({
      scheduleDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      items: [{ productID: product.product_id, quantity: 1 }],
      deliveryAddress: '5 Lake Road, Kandy',
    });
    const upload = async (sizes: number[]) => {
      const body = multipartStream(
        payload,
        sizes.map((size, i) => ({ filename: `scan-${i}.pdf`, type: 'application/pdf', size })),
      );
      const res = await postStream(
        port,
        `/api/customers/${profile.customer_id}/orders`,
        { ...auth, 'content-type': body.contentType },
        body.stream,
      );
      return res.status;
    };

    console.log(`\nupload stall: ${PROBES} connections asking GET /api/orders (a customer's list) meanwhile`);
    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`);
    console.log('| while | took | requests | p50 | p99 | max | errors | server RSS |');
    console.log('|---|---|---|---|---|---|---|---|');
    const pid = server.pid!;
    await phase('no upload', port, pid, auth, async () => {
      await new Promise((r) => setTimeout(r, BASELINE_MS));
      return 'idle';
    });
    await phase(
      '1 order with 10 x 10 MB',
      port,
      pid,
      auth,
      async () => `HTTP ${await upload(Array(10).fill(10 * MB))}`,
    );
    await phase(`${UPLOADS} orders at once, 25 MB each`, port, pid, auth, async () => {
      const statuses = await Promise.all(
        Array.from({ length: UPLOADS }, () => upload([10 * MB, 10 * MB, 5 * MB])),
      );
      return `HTTP ${[...new Set(statuses)].join(', ')}`;
    });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
