import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's floors import one way (docs/architecture.md, docs/decisions/0076). From the top:
// composition (app, main, config, seeding, tests and their helpers) wires everything; features use
// one another only through a feature's public module `features/<name>/index.ts`, never in a
// cycle; plumbing is four rooms in a fixed order (http > workers > db > lib); the pure domain
// rules (`domain/`) sit under the plumbing, and `src/shared` under everything. Pure: no app import.
const SERVER = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(SERVER, '..');

/** The floors, lowest first: a file imports its own floor or a lower one. */
const FLOORS = ['shared', 'domain', 'lib', 'db', 'workers', 'http', 'features', 'composition'] as const;
type Floor = (typeof FLOORS)[number] | 'web' | 'outside';

interface Place {
  floor: Floor;
  /** Inside features: the feature's folder name. */
  feature?: string;
  /** Inside a feature: whether this is its public module (index.ts). */
  isPublic?: boolean;
}

/**
 * The floor of a path relative to src/server without its extension (`features/orders/index`),
 * or of a path outside it (`../shared/dates`). Tests (`*.test`), seeds (`*.seed`, `db/seed*`)
 * and the test helpers (`test/`) compose the app, so they are on the top floor wherever they are.
 * `context.ts` holds only the types of what features are handed (AppContext, App); it imports
 * plumbing and is the http room's, so every feature may name it.
 */
function placeOf(path: string): Place {
  if (path.startsWith('../shared/')) return { floor: 'shared' };
  if (path.startsWith('../web/')) return { floor: 'web' };
  if (path.startsWith('../')) return { floor: 'outside' };
  const parts = path.split('/');
  const [first = '', second] = parts;
  const base = parts.at(-1) ?? '';
  if (/\.(test|seed)$/.test(base) || first === 'test' || (first === 'db' && second?.startsWith('seed'))) {
    return { floor: 'composition' };
  }
  if (parts.length === 1) return { floor: first === 'context' ? 'http' : 'composition' };
  if (first === 'features') {
    const isPublic = parts.length === 2 || (parts.length === 3 && base === 'index');
    return { floor: 'features', feature: second, isPublic };
  }
  if (first === 'domain' || first === 'lib' || first === 'db' || first === 'workers' || first === 'http') {
    return { floor: first };
  }
  return { floor: 'composition' };
}

const rank = (floor: Floor) => FLOORS.indexOf(floor as (typeof FLOORS)[number]);

/** Why a file at `from` may not import `to` (both as placeOf takes them), or undefined when it may. */
function crossing(from: string, to: string): string | undefined {
  const a = placeOf(from);
  const b = placeOf(to);
  // a test may read the web to hold the two sides to one statement (report-families.test.ts)
  if (b.floor === 'web' && !from.endsWith('.test')) return 'the server never imports the web';
  if (a.floor === 'composition') return undefined;
  if (b.floor === 'outside') return 'only composition imports files outside src';
  if (rank(b.floor) > rank(a.floor)) return `up from ${a.floor} to ${b.floor}`;
  if (a.floor === 'features' && b.floor === 'features' && a.feature !== b.feature && !b.isPublic) {
    return `into a private file of feature ${b.feature} (use features/${b.feature}/index.ts)`;
  }
  return undefined;
}

/** Every cycle among the features (each as a path that ends where it starts), by depth-first search. */
function featureCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      cycles.push([...path.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    path.push(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of [...edges.keys()].sort()) visit(node);
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The path placeOf takes: relative to src/server, without the extension. */
const serverPath = (file: string) => relative(SERVER, file).replace(/\.(ts|js|mjs)$/, '');

/**
 * Every import and re-export of `file` that names a file of the repository: the aliases of
 * package.json "imports" (`#server/*`, `#shared/*`, `#web/*`) and relative paths; static,
 * type-only and dynamic alike, and what a worker thread's `.mjs` entry loads with `tsImport()`.
 */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport|\btsImport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  return specifiers.flatMap((spec) => {
    if (spec.startsWith('#server/')) return [serverPath(join(SERVER, spec.slice('#server/'.length)))];
    if (spec.startsWith('#shared/')) return [serverPath(join(SRC, 'shared', spec.slice('#shared/'.length)))];
    if (spec.startsWith('#web/')) return [serverPath(join(SRC, 'web', spec.slice('#web/'.length)))];
    if (spec.startsWith('.')) return [serverPath(resolve(dirname(file), spec))];
    return [];
  });
}

/** The wrong imports of a set of files ({ path: text }), and the feature graph they make. */
function check(files: ReadonlyMap<string, string>): { wrong: string[]; cycles: string[][] } {
  const wrong: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const from = serverPath(file);
    const a = placeOf(from);
    for (const to of importsOf(file, text)) {
      const why = crossing(from, to);
      if (why) wrong.push(`${from} -> ${to}: ${why}`);
      const b = placeOf(to);
      if (
        a.floor === 'features' &&
        b.floor === 'features' &&
        a.feature &&
        b.feature &&
        a.feature !== b.feature
      ) {
        const out = edges.get(a.feature) ?? new Set<string>();
        out.add(b.feature);
        edges.set(a.feature, out);
      }
    }
  }
  return { wrong, cycles: featureCycles(edges) };
}

describe('server layers', () => {
  const files = new Map(sourceFiles(SERVER).map((file) => [file, readFileSync(file, 'utf8')]));

  it('finds the server sources', () => {
    expect(files.size).toBeGreaterThan(200);
  });

  it('imports only downwards, into features only through their index.ts, with no feature cycle', () => {
    const { wrong, cycles } = check(files);
    expect(wrong).toEqual([]);
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('places files on their floors', () => {
    expect(placeOf('app').floor).toBe('composition');
    expect(placeOf('context').floor).toBe('http');
    expect(placeOf('db/seed').floor).toBe('composition');
    expect(placeOf('db/seed/kit').floor).toBe('composition');
    expect(placeOf('db/client').floor).toBe('db');
    expect(placeOf('features/crew/crew.seed').floor).toBe('composition');
    expect(placeOf('features/orders/orders.test').floor).toBe('composition');
    expect(placeOf('test/factories').floor).toBe('composition');
    expect(placeOf('features/orders/index')).toEqual({
      floor: 'features',
      feature: 'orders',
      isPublic: true,
    });
    expect(placeOf('features/orders')).toEqual({ floor: 'features', feature: 'orders', isPublic: true });
    expect(placeOf('features/orders/orders.queries').isPublic).toBe(false);
    expect(placeOf('domain/allocation').floor).toBe('domain');
    expect(placeOf('../shared/dates').floor).toBe('shared');
  });

  it('tells a wrong import from a right one', () => {
    // up a floor
    expect(crossing('http/authenticate', 'features/auth/auth.queries')).toMatch(/^up from http to features/);
    expect(crossing('db/client', 'http/errors')).toMatch(/^up from db to http/);
    expect(crossing('lib/csv', 'workers/pdf-pool')).toMatch(/^up/);
    expect(crossing('domain/allocation', 'lib/csv')).toMatch(/^up/);
    expect(crossing('features/orders/orders.service', 'app')).toMatch(/^up from features to composition/);
    expect(crossing('features/orders/orders.service', 'test/factories')).toMatch(/^up/);
    expect(crossing('workers/pdf-pool', 'features/orders/index')).toMatch(/^up/);
    // into another feature's private file
    expect(crossing('features/crew/crew.service', 'features/orders/order-transitions')).toMatch(/private/);
    // never the web, but from a test
    expect(crossing('app', '../web/lib/paths')).toMatch(/never imports the web/);
    expect(crossing('report-families.test', '../web/features/admin-reports/report-catalog')).toBeUndefined();
    // right ones
    expect(crossing('features/crew/crew.service', 'features/orders/index')).toBeUndefined();
    expect(crossing('features/crew/crew.service', 'features/crew/crew.queries')).toBeUndefined();
    expect(crossing('features/crew/crew.service', 'context')).toBeUndefined();
    expect(crossing('features/crew/crew.service', 'domain/roster-rules')).toBeUndefined();
    expect(crossing('http/authenticate', 'db/client')).toBeUndefined();
    expect(crossing('db/client', 'lib/errors')).toBeUndefined();
    expect(crossing('domain/start-rules', '../shared/dates')).toBeUndefined();
    expect(crossing('app', 'features/orders/orders.routes')).toBeUndefined();
    expect(crossing('features/orders/orders.test', 'features/crew/crew.queries')).toBeUndefined();
  });

  it('reads every kind of import and finds a feature cycle', () => {
    const at = (path: string) => join(SERVER, path);
    const sources = new Map([
      [
        at('features/a/a.service.ts'),
        [
          "import type { X } from '#server/features/b/index';",
          "import { y } from '../b/b.queries';",
          "export { z } from '#server/app';",
          "const later = await import('#shared/dates');",
        ].join('\n'),
      ],
      [at('features/b/b.service.ts'), "import {\n  a,\n} from '../a/index';"],
      [at('features/c/c.service.ts'), "import { b } from '#server/features/b/index';"],
      [
        at('workers/x-worker.mjs'),
        "const run = await tsImport('../features/a/a.service.ts', import.meta.url);",
      ],
    ]);
    const { wrong, cycles } = check(sources);
    expect(wrong).toEqual([
      'features/a/a.service -> features/b/b.queries: into a private file of feature b (use features/b/index.ts)',
      'features/a/a.service -> app: up from features to composition',
      'workers/x-worker -> features/a/a.service: up from workers to features',
    ]);
    expect(cycles).toEqual([['a', 'b', 'a']]);
    expect(featureCycles(new Map([['c', new Set(['b'])]]))).toEqual([]);
  });
});
