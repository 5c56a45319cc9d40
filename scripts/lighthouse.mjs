// npm run lighthouse: Lighthouse's Performance and Accessibility scores (mobile emulation, its
// default: a mid-range phone on slow 4G, simulated) for the landing page, both sign-in pages and
// every portal's home, against the built app (issue 27; the scores go into docs/benchmarks.md).
//
// It builds nothing: run `npm run build` first. It starts the built server the way `npm start`
// does (scripts/start.mjs, on a fresh embedded database with the demo data, in a temporary
// folder), signs each portal's demo account in through the API and leaves the token where the web
// keeps it (localStorage auth_token), then runs Lighthouse on each page in a Chromium of its own
// (a fresh profile: nothing cached from the page before). Not part of `npm test`: it takes minutes.
//
//   npm run lighthouse [-- --runs N] [-- --only /login,/admin] [-- --out DIR]
//
// --runs N: N runs of each page, the median Performance kept (scores move a few points from run
// to run on a busy machine); --out DIR: also writes each report (HTML and JSON) there.
// CHROMIUM_PATH overrides /usr/bin/chromium; PORT picks the server's port (default: a free one).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import chromiumFlags from './chromium-flags.json' with { type: 'json' };

const PASSWORD = 'demo-password';
const TOKEN_KEY = 'auth_token';
const TARGET = { performance: 95, accessibility: 100 };

/** What is measured: the page, and the demo account signed in first (none: signed out). */
const PAGES = [
  { path: '/', name: 'landing page' },
  { path: '/login', name: 'staff sign-in' },
  { path: '/customer/login', name: 'customer sign-in' },
  { path: '/customer', name: 'customer portal home', account: 'customer' },
  { path: '/admin', name: 'admin portal home', account: 'admin' },
  { path: '/manager', name: 'manager portal home', account: 'manager' },
  { path: '/warehouse', name: 'warehouse portal home', account: 'warehouse' },
  { path: '/assistant', name: 'crew portal home (assistant)', account: 'assistant' },
  { path: '/assistant', name: 'crew portal home (driver)', account: 'driver' },
];

const CHROME_FLAGS = ['--headless=new', ...chromiumFlags.flags];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(options.runs, 10) || 1);
const only = options.only?.split(',').map((p) => p.trim());
const pages = only ? PAGES.filter((p) => only.includes(p.path)) : PAGES;
if (pages.length === 0) throw new Error(`--only ${options.only}: no such page (${PAGES.map((p) => p.path)})`);

if (!existsSync('dist/web/index.html')) {
  console.error('No built web app in dist/web: run `npm run build` first (this script builds nothing).');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** `npm start`'s server (scripts/start.mjs) on its own port and embedded database. */
async function startServer() {
  const port = Number(process.env.PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'kandypack-lighthouse-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  // a process group of its own: start.mjs runs the server as its child, and both must stop
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

/** A demo account's token, from the API's sign-in (the form posts the same). */
async function tokenOf(origin, username) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing ${username} in: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/**
 * Stores the token in the origin's localStorage of the Chromium on `port` (playwright-core over the
 * DevTools protocol), from an answer of the API: no page of the app is opened, so nothing of it is
 * cached before Lighthouse loads it.
 */
async function storeToken(port, origin, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
    await page.close();
  } finally {
    // ends the connection only: the browser is chrome-launcher's
    await browser.close();
  }
}

/** One Lighthouse run of a page in a fresh Chromium: the report's scores and figures. */
async function audit(origin, page) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (page.account) await storeToken(chrome.port, origin, await tokenOf(origin, page.account));
    const result = await lighthouse(
      `${origin}${page.path}`,
      {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // keep the token just stored (a fresh profile: nothing else is there to reset)
        disableStorageReset: Boolean(page.account),
      },
      undefined,
    );
    if (!result) throw new Error(`${page.path}: Lighthouse gave no result`);
    const { lhr } = result;
    const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const ms = (audit) => lhr.audits[audit]?.numericValue;
    const failing = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
    if (lhr.runtimeError) return { runtimeError: lhr.runtimeError };
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: ms('cumulative-layout-shift'),
      si: ms('speed-index'),
      finalUrl: lhr.finalDisplayedUrl,
      warnings: lhr.runWarnings,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing: { performance: failing('performance'), accessibility: failing('accessibility') },
      reports: result.report,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (list, key) => [...list].sort((a, b) => a[key] - b[key])[Math.floor(list.length / 2)];
const seconds = (value) => (value === undefined ? '-' : `${(value / 1000).toFixed(1)} s`);

const { origin, stop } = await startServer();
const rows = [];
try {
  if (options.out) mkdirSync(options.out, { recursive: true });
  for (const page of pages) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      let r = await audit(origin, page);
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART): such a run has no scores
      for (let retry = 1; r.runtimeError && retry <= 2; retry += 1) {
        console.log(`  ${page.path}: ${r.runtimeError.code}, running it again`);
        r = await audit(origin, page);
      }
      if (r.runtimeError) throw new Error(`${page.path}: ${r.runtimeError.message}`);
      results.push(r);
      console.log(
        `${page.path} (${page.name}) run ${run}/${runs}: performance ${r.performance}, accessibility ${r.accessibility}` +
          ` [FCP ${seconds(r.fcp)}, LCP ${seconds(r.lcp)}, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls?.toFixed(3)}, SI ${seconds(r.si)}; benchmarkIndex ${Math.round(r.benchmarkIndex)}]`,
      );
      if (new URL(r.finalUrl).pathname !== page.path)
        console.log(`  ended on ${r.finalUrl}, not ${page.path}`);
      for (const warning of r.warnings) console.log(`  warning: ${warning}`);
      for (const category of ['performance', 'accessibility'])
        if (r.failing[category].length)
          console.log(`  ${category} audits not passed: ${r.failing[category].join(', ')}`);
      if (options.out) {
        const base = join(options.out, `${page.account ?? 'public'}${page.path.replaceAll('/', '_')}-${run}`);
        writeFileSync(`${base}.html`, r.reports[0]);
        writeFileSync(`${base}.json`, r.reports[1]);
      }
    }
    const kept = median(results, 'performance');
    rows.push({ page, ...kept, accessibility: Math.min(...results.map((r) => r.accessibility)) });
  }
} finally {
  await stop();
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(
  `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile emulation (simulated throttling), ${date} UTC, ${cpus().length} cores, ${runs} run(s) per page (median Performance, lowest Accessibility):\n`,
);
console.log('| page | account | Performance | Accessibility | FCP | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| \`${r.page.path}\` ${r.page.name} | ${r.page.account ?? '-'} | ${r.performance} | ${r.accessibility} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls?.toFixed(3)} |`,
  );
const short = rows.filter(
  (r) => r.performance < TARGET.performance || r.accessibility < TARGET.accessibility,
);
console.log(
  short.length
    ? `\nBelow the targets (Performance ${TARGET.performance}, Accessibility ${TARGET.accessibility}): ${short.map((r) => `${r.page.path} (${r.page.account ?? 'signed out'})`).join(', ')}`
    : `\nEvery page meets Performance ${TARGET.performance} and Accessibility ${TARGET.accessibility}.`,
);
