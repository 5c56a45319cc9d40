// Admin endpoints over HTTP (issue 11): p50/p95/p99 at 4 connections against a running server.
//   BENCH_URL=http://127.0.0.1:8111 [BENCH_REQUESTS=200] npx tsx bench/admin-http.ts
// The server should hold the scale data (`npm run seed -- --scale 1000000` on PostgreSQL).
const base = process.env.BENCH_URL ?? 'http://127.0.0.1:8000';
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const CONNECTIONS = 4;

const ENDPOINTS: Array<[name: string, path: string]> = [
  ['admin-stats', '/api/dashboard/admin-stats'],
  ['admin-chart-data (12 months)', '/api/dashboard/admin-chart-data'],
  ['admin-alerts', '/api/dashboard/admin-alerts'],
  ['users page 1', '/api/users?page=1&page_size=20'],
  ['roles', '/api/roles'],
  ['auditlog page 1', '/api/auditlog?page=1&page_size=25'],
  ['auditlog UPDATE on orders', '/api/auditlog?operation=UPDATE&table=orders'],
  ['report revenue-analysis (1 y)', '/api/report/revenue-analysis'],
  ['report quarterly-sales (3 y)', '/api/report/quarterly-sales?from=2023-11-01'],
  ['report top-items (1 quarter)', '/api/report/top-items?quarter=2026-Q2'],
  ['report city-sales (1 y)', '/api/report/city-sales'],
  ['report route-sales (1 y)', '/api/report/route-sales'],
  ['report crew-hours (30 d)', '/api/report/crew-hours'],
  ['report truck-usage (1 y)', '/api/report/truck-usage'],
  ['report employee-workload (30 d)', '/api/report/employee-workload'],
  ['report train-capacity (60 d)', '/api/report/train-capacity-utilization'],
  ['report customer-orders (1 customer, 1 y)', '/api/report/customer-orders?customer_id=1'],
];

async function token(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=admin&password=demo-password',
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(path: string, auth: string) {
  const times: number[] = [];
  let left = 1;
  const worker = async () => {
    while (left-- > 0) {
      const t = performance.now();
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${auth}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await worker(); // warm-up of one request outside the figures
  times.length = 0;
  left = requests;
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), p99: pct(times, 0.99) };
}

const auth = await token();
console.log(`| endpoint | p50 | p95 | p99 |\n|---|---|---|---|`);
for (const [name, path] of ENDPOINTS) {
  const r = await measure(path, auth);
  console.log(`| ${name} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.p99.toFixed(0)} ms |`);
}

export {};
