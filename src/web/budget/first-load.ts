// What each route of the web app downloads on a first visit, gzipped, against its budget
// (docs/decisions/0085). vite.config.ts measures every production build with it, prints the table
// and fails the build (so `npm test`, which builds for its end-to-end journeys) when a route is over.
import { gzipSync } from 'node:zlib';

/** Kilobytes as Vite prints them: 1,000 bytes. */
export const KB = 1000;

/** A chunk of the build: its file, the modules in it, the chunks it imports statically. */
export interface BuiltChunk {
  file: string;
  /** Module ids relative to src/web ('app/router.tsx'), or 'virtual:…' for generated ones. */
  modules: readonly string[];
  imports: readonly string[];
  /** Gzipped size in bytes. */
  gzip: number;
}

export interface RouteBudget {
  route: string;
  /** The modules whose chunks the route loads (lazy imports it makes on first load, charts included). */
  modules: readonly string[];
  /** The target: at most this many gzipped bytes of JavaScript (issue 27). */
  limit: number;
  /**
   * Where the target is not met yet: the size the route may not grow past meanwhile (today's
   * measure and a little room), and why (docs/decisions/0085). The build fails past it.
   */
  ceiling?: { bytes: number; why: string };
}

// The entry and the landing messages in English (the other languages' are the same size or less).
const LANDING = ['index.html', 'virtual:catalogue/en/landing'];
// What a sign-in page loads beside the entry (router.tsx: signInScreen): its own messages only.
const SIGN_IN = [...LANDING, 'virtual:catalogue/en/signin'];
// What every portal loads beside the entry (router.tsx: lazyScreen): the data layer, the sign-in
// and portal messages with their formatters, the layout, the portal and its home's charts.
const portal = (name: string, ...homeExtras: string[]) => [
  ...SIGN_IN,
  'app/query-provider.tsx',
  'i18n/format.ts',
  'virtual:catalogue/en/app',
  'app/layout/portal-layout.tsx',
  `portals/${name}/${name}-portal.tsx`,
  ...homeExtras,
];

/** Issue 27: the landing page, the sign-in pages, each portal's home with its charts. */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { route: '/', modules: LANDING, limit: 100 * KB },
  {
    route: '/login',
    modules: [...SIGN_IN, 'features/auth/components/staff-login-page.tsx'],
    limit: 120 * KB,
  },
  {
    route: '/customer/login',
    modules: [...SIGN_IN, 'features/auth/components/customer-login-page.tsx'],
    limit: 120 * KB,
  },
  { route: '/customer', modules: portal('customer'), limit: 250 * KB },
  {
    route: '/admin',
    modules: portal('admin', 'features/admin-dashboard/components/revenue-chart.tsx'),
    limit: 250 * KB,
  },
  { route: '/manager', modules: portal('manager'), limit: 250 * KB },
  {
    route: '/warehouse',
    modules: portal(
      'warehouse',
      'features/warehouse-dashboard/components/category-chart.tsx',
      'features/warehouse-dashboard/components/stock-trend-chart.tsx',
    ),
    limit: 250 * KB,
  },
  { route: '/assistant', modules: portal('assistant'), limit: 250 * KB },
];

export interface RouteLoad {
  route: string;
  files: string[];
  bytes: number;
  limit: number;
  ceiling?: RouteBudget['ceiling'];
}

/** The chunks a route downloads: those holding its modules and everything they import statically. */
export function routeLoad(chunks: readonly BuiltChunk[], budget: RouteBudget): RouteLoad {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`${budget.route}: the build has no chunk ${file}`);
    files.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const module of budget.modules) {
    const holder = chunks.find((c) => c.modules.includes(module));
    if (!holder)
      throw new Error(
        `${budget.route}: no chunk of the build holds ${module} (renamed? update first-load.ts)`,
      );
    visit(holder.file);
  }
  const list = [...files].sort();
  return {
    route: budget.route,
    files: list,
    bytes: list.reduce((sum, f) => sum + (byFile.get(f)?.gzip ?? 0), 0),
    limit: budget.limit,
    ...(budget.ceiling ? { ceiling: budget.ceiling } : {}),
  };
}

export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(typeof code === 'string' ? Buffer.from(code) : code).length;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} kB`;

/** 'ok', 'over target' (within its ceiling: the gap is known and may not grow) or 'OVER BUDGET'. */
export function verdict(load: RouteLoad): 'ok' | 'over target' | 'OVER BUDGET' {
  if (load.bytes <= load.limit) return 'ok';
  return load.ceiling && load.bytes <= load.ceiling.bytes ? 'over target' : 'OVER BUDGET';
}

/** The table `npm run build` prints: each route's first-load JavaScript against its budget. */
export function firstLoadReport(loads: readonly RouteLoad[]): string {
  const width = Math.max(...loads.map((l) => l.route.length));
  const rows = loads.map((l) => {
    const ceiling = l.ceiling ? ` (may not pass ${kb(l.ceiling.bytes)}: ${l.ceiling.why})` : '';
    return (
      `  ${l.route.padEnd(width)}  ${kb(l.bytes).padStart(10)} of ${kb(l.limit).padStart(9)}` +
      `  ${verdict(l)}${verdict(l) === 'ok' ? '' : ceiling}  [${l.files.length} chunks]`
    );
  });
  return ['First-load JavaScript per route, gzipped (docs/decisions/0085):', ...rows].join('\n');
}

/** The routes that fail the build: over their target with no ceiling, or over their ceiling. */
export function overBudget(loads: readonly RouteLoad[]): RouteLoad[] {
  return loads.filter((l) => verdict(l) === 'OVER BUDGET');
}
