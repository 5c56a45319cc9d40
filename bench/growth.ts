// npm run bench:growth -- [--sizes 100000,1000000,10000000] [--seconds 3] [--no-write]
//
// How cost grows with the data (issue 27 part 2): for each size, a PostgreSQL database
// `kp_growth_<size>` on the server of BENCH_POSTGRES_URL (default the local one) is seeded with the
// scale seed when it is empty (with its progress bar and time), then the main lists, details,
// dashboards, search and the two slowest reports are measured at 4 connections through the HTTP
// bench (bench/http/run-http.ts). The p99 of each endpoint at each size goes into
// docs/benchmarks.md (between the growth markers), with a chart (docs/benchmarks/growth.svg).
// Targets: lists, details, dashboards and search p99 < 50 ms at every size; reports < 200 ms for a
// month's period.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { type ScaleProgress, seedScale } from '#server/db/scale-seed';
import { hasAnyUser, seedDemoData } from '#server/db/seed';
import { arg, writeBenchmarksSection } from './docs-section';
import { type BenchRow, runHttpBench } from './http/run-http';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The endpoints measured at every size (names of bench/http/registry.ts). */
export const GROWTH_ENDPOINTS = [
  'customer orders page 1',
  'customer order detail',
  'customer dashboard',
  'staff orders page 1',
  'staff orders page 500',
  'staff orders status=Pending',
  'staff order detail',
  'manager dashboard',
  'warehouse dashboard',
  'admin dashboard: stats',
  'admin dashboard: chart data (12 months)',
  'audit log page 1',
  'staff search: customer names',
  'global search: customer name with typos (manager)',
  'global search: own order number (customer)',
  // the two slowest reports at 1M (docs/benchmarks.md): delivery performance over its default 30
  // days; truck usage over its default, the last 365 days, and over a month (the target's period)
  'admin report: delivery-performance',
  'admin report: truck-usage',
  'admin report: truck-usage (30 days)',
];

function progressLine(p: ScaleProgress): string {
  const width = 30;
  const filled = Math.round((p.done / p.total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round((p.done / p.total) * 100)).padStart(3)}%  ${(p.elapsedMs / 1000).toFixed(1).padStart(7)} s  ${p.step}`;
}

/** The database of one size, made and seeded when it is not there yet; answers its URL and seed time. */
async function databaseOf(server: string, size: number): Promise<{ url: string; seededMs?: number }> {
  const name = `kp_growth_${size}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = server.replace(/\/[^/]*$/, `/${name}`);
  const database = openPostgres(url, { statementTimeoutMs: 0 });
  try {
    await migrate(database);
    if (await hasAnyUser(database.db)) return { url };
    const now = new Date();
    await seedDemoData(database.db, { now });
    const tty = process.stdout.isTTY;
    let lastStep = '';
    const summary = await seedScale(database.db, size, {
      now,
      onProgress: (p) => {
        if (tty) process.stdout.write(`\r${progressLine(p)}\x1b[K`);
        else if (p.step !== lastStep) console.log(progressLine(p));
        lastStep = p.step;
      },
    });
    if (tty) process.stdout.write('\n');
    console.log(
      `seeded ${size.toLocaleString('en-US')} orders in ${(summary.tookMs / 1000).toFixed(1)} s; VACUUM ANALYZE…`,
    );
    await database.exec('VACUUM ANALYZE');
    return { url, seededMs: summary.tookMs };
  } finally {
    await database.close();
  }
}

type Measured = { size: number; seededMs?: number; rows: BenchRow[] };

const limitOf = (row: BenchRow) => (row.endpoint.kind === 'report' ? 200 : 50);

/** A line chart of p99 against size (log scale), the worst endpoint of each kind: SVG text. */
export function growthChart(results: Measured[]): string {
  const w = 720;
  const h = 360;
  const pad = { left: 64, right: 200, top: 24, bottom: 48 };
  const kinds = ['list', 'detail', 'dashboard', 'report'] as const;
  const colors: Record<(typeof kinds)[number], string> = {
    list: '#2563eb',
    detail: '#16a34a',
    dashboard: '#d97706',
    report: '#9333ea',
  };
  const sizes = results.map((r) => r.size);
  const worst = (kind: string, m: Measured) =>
    Math.max(0, ...m.rows.filter((r) => r.endpoint.kind === kind).map((r) => r.api.p99));
  // headroom above the highest point, in whole ticks (50 ms, or 100 ms past 400)
  const highest = Math.max(200, ...results.flatMap((m) => kinds.map((k) => worst(k, m))));
  const step = highest > 400 ? 100 : 50;
  const top = (Math.floor(highest / step) + 1) * step;
  const lx = (size: number) => {
    const lo = Math.log10(Math.min(...sizes));
    const hi = Math.log10(Math.max(...sizes));
    return pad.left + (hi === lo ? 0.5 : (Math.log10(size) - lo) / (hi - lo)) * (w - pad.left - pad.right);
  };
  const ly = (ms: number) => h - pad.bottom - (ms / top) * (h - pad.top - pad.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="sans-serif" font-size="12">`,
    '<title>p99 at 4 connections against the orders in the database, worst endpoint of each kind</title>',
    `<rect width="${w}" height="${h}" fill="white"/>`,
    `<text x="${pad.left}" y="16" font-weight="bold">p99 at 4 connections against orders in the database (worst endpoint of each kind)</text>`,
  ];
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  // the targets are drawn whatever the step
  for (const ms of [...new Set([...ticks, 50, 200])].sort((a, b) => a - b)) {
    parts.push(
      `<line x1="${pad.left}" x2="${w - pad.right}" y1="${ly(ms)}" y2="${ly(ms)}" stroke="${ms === 50 || ms === 200 ? '#ef4444' : '#e5e7eb'}" stroke-dasharray="${ms === 50 || ms === 200 ? '4 3' : ''}"/>`,
      `<text x="${pad.left - 8}" y="${ly(ms) + 4}" text-anchor="end">${ms} ms</text>`,
    );
  }
  for (const size of sizes)
    parts.push(
      `<text x="${lx(size)}" y="${h - pad.bottom + 18}" text-anchor="middle">${size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`}</text>`,
    );
  parts.push(
    `<text x="${(pad.left + w - pad.right) / 2}" y="${h - 8}" text-anchor="middle">orders (log scale)</text>`,
  );
  kinds.forEach((kind, i) => {
    const points = results.map((m) => `${lx(m.size)},${ly(worst(kind, m))}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${colors[kind]}" stroke-width="2"/>`);
    for (const m of results)
      parts.push(`<circle cx="${lx(m.size)}" cy="${ly(worst(kind, m))}" r="3" fill="${colors[kind]}"/>`);
    const y = pad.top + 20 + i * 20;
    parts.push(
      `<line x1="${w - pad.right + 16}" x2="${w - pad.right + 40}" y1="${y}" y2="${y}" stroke="${colors[kind]}" stroke-width="2"/>`,
      `<text x="${w - pad.right + 46}" y="${y + 4}">${kind === 'list' ? 'lists and search' : `${kind}s`}</text>`,
    );
  });
  parts.push(
    `<text x="${w - pad.right + 16}" y="${pad.top + 110}" fill="#ef4444">dashed: targets</text>`,
    `<text x="${w - pad.right + 16}" y="${pad.top + 126}" fill="#ef4444">50 ms, reports 200 ms</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}

const START = '<!-- growth-bench:start -->';
const END = '<!-- growth-bench:end -->';

function writeReport(results: Measured[], seconds: number) {
  const sizes = results.map((r) => r.size);
  const names = [...new Set(results.flatMap((m) => m.rows.map((r) => r.endpoint.name)))];
  const cell = (m: Measured, name: string) => {
    const row = m.rows.find((r) => r.endpoint.name === name);
    if (!row) return '-';
    const miss = row.api.errors > 0 || row.api.p99 >= limitOf(row);
    return `${row.api.p99 >= 100 ? row.api.p99.toFixed(0) : row.api.p99.toFixed(1)} ms${miss ? ' **MISS**' : ''}`;
  };
  const cpu = cpus();
  const table = [
    `| endpoint | ${sizes.map((s) => `${s.toLocaleString('en-US')} orders`).join(' | ')} |`,
    `|---|${sizes.map(() => '---').join('|')}|`,
    ...names.map((name) => `| ${name} | ${results.map((m) => cell(m, name)).join(' | ')} |`),
    `| *scale seed time* | ${results.map((m) => (m.seededMs === undefined ? 'seeded earlier' : `${(m.seededMs / 1000).toFixed(0)} s`)).join(' | ')} |`,
  ].join('\n');
  const section = [
    START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} x ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; PostgreSQL, the server (1 process, pool 10) and the load generator share the machine. p99 of the API at 4 connections, ${seconds} s per run after 1 s of warm-up; **MISS** marks p99 at or above the target (50 ms, reports 200 ms) or errors.`,
    '',
    `Command: \`npm run bench:growth -- --sizes ${sizes.join(',')} --seconds ${seconds}\``,
    '',
    '![p99 against size](benchmarks/growth.svg)',
    '',
    table,
    END,
  ].join('\n');
  writeBenchmarksSection(START, END, section, '## How cost grows with the data (issue 27 part 2)');
  mkdirSync(join(ROOT, 'docs', 'benchmarks'), { recursive: true });
  writeFileSync(join(ROOT, 'docs', 'benchmarks', 'growth.svg'), growthChart(results));
}

async function main() {
  const args = process.argv.slice(2);
  const sizes = (arg(args, '--sizes') ?? '100000,1000000,10000000').split(',').map(Number);
  const seconds = Number(arg(args, '--seconds') ?? 3);
  const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const results: Measured[] = [];
  for (const size of sizes) {
    console.log(`== ${size.toLocaleString('en-US')} orders`);
    const { url, seededMs } = await databaseOf(server, size);
    const rows = await runHttpBench({
      url,
      seconds,
      connections: [4],
      only: GROWTH_ENDPOINTS.join('|'),
      skip: '(CSV)|(PDF)',
      workers: 1,
      pool: 10,
      write: false,
      warmup: 1,
    });
    results.push({ size, seededMs, rows: rows.filter((r) => GROWTH_ENDPOINTS.includes(r.endpoint.name)) });
  }
  if (!args.includes('--no-write')) writeReport(results, seconds);
  for (const m of results) {
    const misses = m.rows.filter((r) => r.api.errors > 0 || r.api.p99 >= limitOf(r));
    console.log(
      `${m.size.toLocaleString('en-US')} orders: ${m.rows.length} endpoints, ${misses.length} miss${misses.length ? `: ${misses.map((r) => r.endpoint.name).join(', ')}` : ''}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
