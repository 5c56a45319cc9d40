import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  firstLoadReport,
  gzipSize,
  KB,
  overBudget,
  ROUTE_BUDGETS,
  routeLoad,
  verdict,
} from './first-load';

const WEB = fileURLToPath(new URL('../', import.meta.url));

const chunk = (file: string, modules: string[], imports: string[], gzip: number): BuiltChunk => ({
  file,
  modules,
  imports,
  gzip,
});

// entry <- page (imports shared, which imports the entry), chart chunk only for the chart
const CHUNKS = [
  chunk('index.js', ['index.html', 'main.tsx'], [], 60 * KB),
  chunk('shared.js', ['components/ui/input.tsx'], ['index.js'], 5 * KB),
  chunk('page.js', ['features/auth/page.tsx'], ['index.js', 'shared.js'], 10 * KB),
  chunk('chart.js', ['features/x/chart.tsx'], ['index.js', 'charts-lib.js'], 1 * KB),
  chunk('charts-lib.js', ['recharts'], ['index.js'], 110 * KB),
];

describe('first-load budget', () => {
  it('counts each chunk a route loads once, its static imports included', () => {
    const load = routeLoad(CHUNKS, {
      route: '/page',
      modules: ['index.html', 'features/auth/page.tsx'],
      limit: 100 * KB,
    });
    expect(load.files).toEqual(['index.js', 'page.js', 'shared.js']);
    expect(load.bytes).toBe(75 * KB);
    expect(verdict(load)).toBe('ok');
  });

  it('a chart the route names brings its library along', () => {
    const load = routeLoad(CHUNKS, {
      route: '/home',
      modules: ['index.html', 'features/x/chart.tsx'],
      limit: 150 * KB,
    });
    expect(load.bytes).toBe(171 * KB);
    expect(overBudget([load]).map((l) => l.route)).toEqual(['/home']);
    expect(firstLoadReport([load])).toMatch(/\/home +171\.00 kB of +150\.00 kB {2}OVER BUDGET/);
  });

  it('a known gap passes under its ceiling and fails past it', () => {
    const budget = { route: '/home', modules: ['features/x/chart.tsx'], limit: 150 * KB };
    const within = routeLoad(CHUNKS, { ...budget, ceiling: { bytes: 172 * KB, why: 'charts' } });
    expect(verdict(within)).toBe('over target');
    expect(overBudget([within])).toEqual([]);
    const past = routeLoad(CHUNKS, { ...budget, ceiling: { bytes: 170 * KB, why: 'charts' } });
    expect(overBudget([past])).toEqual([past]);
  });

  it('a module no chunk holds is an error, not a smaller figure', () => {
    expect(() => routeLoad(CHUNKS, { route: '/x', modules: ['features/gone.tsx'], limit: KB })).toThrow(
      /gone\.tsx/,
    );
  });

  it('names only modules that exist, and keeps the targets of issue 27', () => {
    for (const budget of ROUTE_BUDGETS)
      for (const module of budget.modules)
        if (!module.startsWith('virtual:')) expect(existsSync(`${WEB}${module}`), module).toBe(true);
    const limit = (route: string) => ROUTE_BUDGETS.find((b) => b.route === route)?.limit;
    expect(limit('/')).toBe(100 * KB);
    expect([limit('/login'), limit('/customer/login')]).toEqual([120 * KB, 120 * KB]);
    for (const home of ['/customer', '/admin', '/manager', '/warehouse', '/assistant'])
      expect(limit(home)).toBe(250 * KB);
  });

  it('measures gzip as Vite prints it', () => {
    expect(gzipSize('a'.repeat(10_000))).toBeLessThan(100);
  });
});
