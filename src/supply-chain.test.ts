import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Advisory, advisoriesOf, judge, parseAllowlist } from '../scripts/audit-deps';

// Issue 24, suite 8 (docs/reliability.md): every runtime dependency runs on Node 20, and the CI
// gate over `npm audit --omit=dev` (scripts/audit-deps.ts, run by .ci/run) reads npm's answer
// and the allow-list as it should.
const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const semver = require('semver') as {
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
};

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string } | string[];
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

/** The packages `npm ci --omit=dev` installs: the lockfile's entries not marked dev. */
const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);

/**
 * Each Node 20 minor from 20.0 up to the one running (or 20.20, the newest line at the time of
 * writing), and the running version itself when it is a 20: a range satisfied by all of them is
 * satisfied by Node 20 as the project's `engines` (>=20) promises it.
 */
const NODE_20 = (() => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const last = major === 20 ? minor : 20;
  const versions = Array.from({ length: last + 1 }, (_, m) => `20.${m}.0`);
  if (major === 20) versions.push(process.versions.node);
  return versions;
})();

/** The engines.node of an installed package (its own package.json), else the lockfile's copy. */
function nodeRange(path: string, entry: LockEntry): string | undefined {
  const file = join(root, path, 'package.json');
  const engines = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { engines?: unknown }).engines
    : entry.engines;
  // the old array form (["node >= 0.8"]) is no constraint npm checks
  return engines && !Array.isArray(engines) ? (engines as { node?: string }).node : undefined;
}

describe('engines: every runtime dependency runs on Node 20', () => {
  it('the project itself says Node 20 and later', () => {
    expect(NODE_20.every((v) => semver.satisfies(v, manifest.engines.node))).toBe(true);
  });

  it('reads the whole runtime tree of the lockfile', () => {
    expect(runtime.length).toBeGreaterThan(100);
    const paths = new Set(runtime.map(([path]) => path));
    for (const name of Object.keys(manifest.dependencies))
      expect(paths, name).toContain(`node_modules/${name}`);
  });

  it("each one's engines.node range is satisfied by every Node 20", () => {
    const wrong: string[] = [];
    let constrained = 0;
    for (const [path, entry] of runtime) {
      const range = nodeRange(path, entry);
      if (range === undefined) continue;
      constrained++;
      if (!semver.validRange(range)) {
        wrong.push(`${path}@${entry.version}: engines.node '${range}' is no valid range`);
        continue;
      }
      const refused = NODE_20.filter((v) => !semver.satisfies(v, range));
      if (refused.length > 0)
        wrong.push(`${path}@${entry.version}: engines.node '${range}' refuses Node ${refused.join(', ')}`);
    }
    expect(wrong).toEqual([]);
    expect(constrained).toBeGreaterThan(50);
  });
});

/** An `npm audit --json` answer (report version 2) with the given advisories on one package each. */
function report(vias: Array<Partial<Advisory> & { name: string }>) {
  const vulnerabilities: Record<string, unknown> = {};
  for (const v of vias) {
    vulnerabilities[v.name] = {
      name: v.name,
      severity: v.severity,
      isDirect: false,
      via: [
        {
          source: v.source,
          name: v.name,
          dependency: v.name,
          title: v.title ?? 'A flaw',
          url: v.url,
          severity: v.severity,
          range: '<1.2.3',
        },
      ],
      effects: ['parent'],
      range: '<1.2.3',
      nodes: [`node_modules/${v.name}`],
      fixAvailable: true,
    };
  }
  // the parent is reported too, its `via` naming the vulnerable package by name only
  vulnerabilities.parent = { name: 'parent', severity: 'high', via: vias.map((v) => v.name), nodes: [] };
  return { auditReportVersion: 2, vulnerabilities, metadata: {} };
}

describe('the npm audit gate (scripts/audit-deps.ts)', () => {
  const high = {
    name: 'left',
    severity: 'high',
    source: 1001,
    url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
  };
  const critical = {
    name: 'right',
    severity: 'critical',
    source: 1002,
    url: 'https://github.com/advisories/GHSA-2222-3333-4444',
  };
  const moderate = {
    name: 'middle',
    severity: 'moderate',
    source: 1003,
    url: 'https://github.com/advisories/GHSA-5555-6666-7777',
  };

  it('fails on each high or critical advisory not in the allow-list, never on a moderate one', () => {
    const advisories = advisoriesOf(report([high, critical, moderate]));
    expect(advisories.map((a) => [a.dependency, a.severity, a.nodes])).toEqual([
      ['left', 'high', ['node_modules/left']],
      ['right', 'critical', ['node_modules/right']],
      ['middle', 'moderate', ['node_modules/middle']],
    ]);
    const verdict = judge(advisories, []);
    expect(verdict.refused.map((a) => a.source)).toEqual([1001, 1002]);
    expect(verdict.lower.map((a) => a.source)).toEqual([1003]);
  });

  it('accepts an advisory the allow-list names by GHSA id, URL or npm id, and says which entries are unused', () => {
    const advisories = advisoriesOf(report([high, critical]));
    for (const advisory of ['ghsa-aaaa-bbbb-cccc', high.url, 1001, '1001']) {
      const verdict = judge(advisories, [{ advisory, reason: 'Not reachable: we never call it.' }]);
      expect(
        verdict.refused.map((a) => a.source),
        String(advisory),
      ).toEqual([1002]);
      expect(verdict.accepted.map((a) => a.advisory.source)).toEqual([1001]);
    }
    const stale = { advisory: 'GHSA-9999-9999-9999', reason: 'Fixed upstream long ago.' };
    expect(judge(advisories, [stale]).unused).toEqual([stale]);
  });

  it('the allow-list must give a reason per entry; the committed one parses', () => {
    expect(() => parseAllowlist({ advisories: [{ advisory: 'GHSA-aaaa-bbbb-cccc' }] })).toThrow(/reason/);
    expect(() => parseAllowlist({ advisories: [{ reason: 'Because it is fine.' }] })).toThrow(/advisory/);
    expect(() => parseAllowlist([])).toThrow(/"advisories"/);
    const committed = JSON.parse(readFileSync(join(root, 'audit-allowlist.json'), 'utf8'));
    expect(Array.isArray(parseAllowlist(committed))).toBe(true);
  });

  it('an answer that is no audit report (no registry, an endpoint error) fails, naming the cause', () => {
    expect(() =>
      advisoriesOf({
        message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        statusCode: 405,
      }),
    ).toThrow(/npm audit could not run: 405 Method Not Allowed/);
    expect(() => advisoriesOf({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND' } })).toThrow(
      /could not run: ENOTFOUND: getaddrinfo/,
    );
    expect(() => advisoriesOf(null)).toThrow(/could not run/);
    expect(advisoriesOf({ auditReportVersion: 2, vulnerabilities: {} })).toEqual([]);
  });
});
