// npx tsx scripts/audit-deps.ts [--report audit.json] [--allowlist audit-allowlist.json]
//
// The supply-chain gate of CI (.ci/run; issue 24, docs/reliability.md): `npm audit --omit=dev`
// over the runtime tree, failing on every high or critical advisory that audit-allowlist.json
// does not accept. Each entry of the allow-list names one advisory (its GHSA id or URL, or npm's
// numeric id) and why it is accepted; an entry without a reason is refused. When npm audit cannot
// answer (no registry, the advisory endpoint refusing) the gate fails and says so (exit 2), except
// with `--unavailable-is-not-checked`: then it says in capitals that nothing was checked and lets
// the run go on. CI's registry (the machine's npm mirror) answers 405 to npm's advisory endpoint,
// so .ci/run passes that flag (docs/decisions/0072). `--report FILE` reads a saved
// `npm audit --json` answer instead of running npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** npm audit gave no report: the advisories were not checked. */
export class AuditUnavailable extends Error {}

/** The severities that fail the gate. */
export const BLOCKING = ['high', 'critical'] as const;

export interface Advisory {
  /** npm's numeric id of the advisory (`source`). */
  source: number | null;
  /** The advisory's page, https://github.com/advisories/GHSA-…. */
  url: string;
  title: string;
  severity: string;
  /** The vulnerable package and the versions the advisory names. */
  dependency: string;
  range: string;
  /** Where it is installed (node_modules paths). */
  nodes: string[];
}

export interface AllowEntry {
  /** GHSA id, the advisory URL, or npm's numeric id. */
  advisory: string | number;
  /** The package it concerns, for the reader. */
  package?: string;
  /** Why it is accepted: what in this project keeps the advisory from applying. */
  reason: string;
}

/** The advisories of an `npm audit --json` answer (report version 2, npm 7 and later). */
export function advisoriesOf(report: unknown): Advisory[] {
  const r = report as {
    auditReportVersion?: number;
    vulnerabilities?: Record<string, { via?: unknown[]; nodes?: string[] }>;
    error?: { summary?: string; detail?: string; code?: string };
    message?: string;
  };
  if (r === null || typeof r !== 'object' || r.auditReportVersion !== 2 || !r.vulnerabilities) {
    const why =
      r?.message ||
      [r?.error?.code, r?.error?.summary, r?.error?.detail].filter(Boolean).join(': ') ||
      'the answer is not an npm audit report (auditReportVersion 2)';
    throw new AuditUnavailable(`npm audit could not run: ${why}`);
  }
  const found = new Map<string, Advisory>();
  for (const vulnerability of Object.values(r.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      // a string names another vulnerable package (reported under its own name)
      if (typeof via !== 'object' || via === null) continue;
      const v = via as Record<string, unknown>;
      const url = String(v.url ?? '');
      const key = url || String(v.source);
      const advisory = found.get(key) ?? {
        source: typeof v.source === 'number' ? v.source : null,
        url,
        title: String(v.title ?? ''),
        severity: String(v.severity ?? 'unknown'),
        dependency: String(v.dependency ?? v.name ?? ''),
        range: String(v.range ?? ''),
        nodes: [],
      };
      for (const node of vulnerability.nodes ?? [])
        if (!advisory.nodes.includes(node)) advisory.nodes.push(node);
      found.set(key, advisory);
    }
  }
  return [...found.values()];
}

/** Checks the allow-list's shape: each entry names an advisory and gives a reason. */
export function parseAllowlist(value: unknown): AllowEntry[] {
  const list = (value as { advisories?: unknown } | null)?.advisories;
  if (!Array.isArray(list))
    throw new Error('audit-allowlist.json must be an object whose "advisories" is an array of entries');
  return list.map((entry, i) => {
    const e = entry as Partial<AllowEntry>;
    const named = typeof e.advisory === 'number' || (typeof e.advisory === 'string' && e.advisory.trim());
    if (!named)
      throw new Error(`audit-allowlist.json entry ${i}: "advisory" (GHSA id, URL or npm id) is required`);
    if (typeof e.reason !== 'string' || e.reason.trim().length < 10)
      throw new Error(
        `audit-allowlist.json entry ${i} (${e.advisory}): "reason" must say why it is accepted`,
      );
    return e as AllowEntry;
  });
}

const ghsa = (text: string) => /GHSA(-[0-9a-z]{4}){3}/i.exec(text)?.[0]?.toUpperCase() ?? null;

/** Whether the entry names the advisory (by npm id, URL or GHSA id). */
export function names(entry: AllowEntry, advisory: Advisory): boolean {
  if (typeof entry.advisory === 'number') return entry.advisory === advisory.source;
  const text = entry.advisory.trim();
  if (/^\d+$/.test(text)) return Number(text) === advisory.source;
  const id = ghsa(text);
  if (id) return id === ghsa(advisory.url);
  return text === advisory.url;
}

export interface Verdict {
  /** High and critical advisories no entry accepts: the gate fails on any. */
  refused: Advisory[];
  /** High and critical advisories an entry accepts, with it. */
  accepted: Array<{ advisory: Advisory; entry: AllowEntry }>;
  /** Advisories below high (reported, never failing). */
  lower: Advisory[];
  /** Entries that name no advisory of this report (the advisory was fixed: remove them). */
  unused: AllowEntry[];
}

export function judge(advisories: Advisory[], allowlist: AllowEntry[]): Verdict {
  const verdict: Verdict = { refused: [], accepted: [], lower: [], unused: [] };
  for (const advisory of advisories) {
    if (!(BLOCKING as readonly string[]).includes(advisory.severity)) {
      verdict.lower.push(advisory);
      continue;
    }
    const entry = allowlist.find((e) => names(e, advisory));
    if (entry) verdict.accepted.push({ advisory, entry });
    else verdict.refused.push(advisory);
  }
  verdict.unused = allowlist.filter((e) => !advisories.some((a) => names(e, a)));
  return verdict;
}

const describe = (a: Advisory) =>
  `${a.severity.toUpperCase()} ${a.dependency} ${a.range}: ${a.title}\n    ${a.url || `npm advisory ${a.source}`}` +
  (a.nodes.length ? `\n    installed at ${a.nodes.join(', ')}` : '');

function runNpmAudit(): unknown {
  const res = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 180_000,
  });
  if (res.error) throw new AuditUnavailable(`npm audit could not run: ${res.error.message}`);
  // npm audit exits 1 when it finds advisories: the JSON says which, so the exit code is not read
  try {
    return JSON.parse(res.stdout);
  } catch {
    const said = `${res.stderr}`.trim().split('\n').slice(-3).join(' / ');
    throw new AuditUnavailable(`npm audit could not run (exit ${res.status}): ${said || 'no JSON answer'}`);
  }
}

function main(argv: string[]): number {
  const option = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const allowFile = resolve(option('--allowlist') ?? 'audit-allowlist.json');
  const reportFile = option('--report');
  try {
    const allowlist = parseAllowlist(JSON.parse(readFileSync(allowFile, 'utf8')));
    const report = reportFile ? JSON.parse(readFileSync(reportFile, 'utf8')) : runNpmAudit();
    const advisories = advisoriesOf(report);
    const verdict = judge(advisories, allowlist);
    for (const a of verdict.lower) console.log(`-- below the gate: ${describe(a)}`);
    for (const { advisory, entry } of verdict.accepted)
      console.log(`-- accepted by audit-allowlist.json: ${describe(advisory)}\n    because: ${entry.reason}`);
    for (const e of verdict.unused)
      console.log(
        `-- audit-allowlist.json names ${e.advisory}, which npm audit no longer reports: remove it`,
      );
    if (verdict.refused.length > 0) {
      console.error(
        `== npm audit --omit=dev: ${verdict.refused.length} high or critical advisory(ies) not in audit-allowlist.json:`,
      );
      for (const a of verdict.refused) console.error(`  ${describe(a)}`);
      console.error(
        'Upgrade the package, or add the advisory to audit-allowlist.json with the reason it does not apply.',
      );
      return 1;
    }
    console.log(
      `== npm audit --omit=dev: no high or critical advisory outside the allow-list (${advisories.length} advisory(ies) in all, ${verdict.accepted.length} accepted)`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AuditUnavailable && argv.includes('--unavailable-is-not-checked')) {
      console.error(`== SUPPLY-CHAIN GATE NOT CHECKED: ${error.message}`);
      return 0;
    }
    console.error(`== supply-chain gate failed: ${(error as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
