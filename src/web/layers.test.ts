import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web's rooms import one way (decision 0043): app and portals compose features, features
// use components and lib, components and lib stand alone. A feature never reaches into
// another feature or back up into the app that composes it.
const WEB = dirname(fileURLToPath(import.meta.url));

type Room = 'app' | 'portals' | 'features' | 'components' | 'lib' | 'root';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The room and, inside features, the feature a web file belongs to. */
function placeOf(file: string): { room: Room; feature?: string } {
  const [first, second] = relative(WEB, file).split('/');
  if (first === 'features') return { room: 'features', feature: second };
  if (first === 'app' || first === 'portals' || first === 'components' || first === 'lib')
    return { room: first };
  return { room: 'root' };
}

/** Every web file imported by `file`, through `#web/...` or a relative path. */
function webImports(file: string): string[] {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(
    (m) => m[1] ?? '',
  );
  return specifiers.flatMap((spec) => {
    if (spec.startsWith('#web/')) return [join(WEB, spec.slice('#web/'.length))];
    if (spec.startsWith('.')) return [resolve(dirname(file), spec)];
    return [];
  });
}

const ALLOWED: Record<Room, readonly Room[]> = {
  root: ['app', 'portals', 'features', 'components', 'lib', 'root'],
  app: ['app', 'portals', 'features', 'components', 'lib', 'root'],
  portals: ['app', 'portals', 'features', 'components', 'lib', 'root'],
  features: ['features', 'components', 'lib', 'root'],
  components: ['components', 'lib', 'root'],
  lib: ['lib', 'root'],
};

/** True when a file in `from`'s place may not import `target`. */
function crossesLayers(file: string, target: string): boolean {
  const from = placeOf(file);
  const to = placeOf(target);
  const otherFeature = from.room === 'features' && to.room === 'features' && to.feature !== from.feature;
  return !ALLOWED[from.room].includes(to.room) || otherFeature;
}

describe('web layers', () => {
  const files = sourceFiles(WEB);

  it('finds the web sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('imports only downwards: app/portals -> features -> components -> lib', () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const target of webImports(file)) {
        if (crossesLayers(file, target)) wrong.push(`${relative(WEB, file)} -> ${relative(WEB, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells a wrong import from a right one', () => {
    const at = (path: string) => join(WEB, path);
    expect(crossesLayers(at('features/orders/api/get-orders.ts'), at('app/router.tsx'))).toBe(true);
    expect(crossesLayers(at('features/orders/api/get-orders.ts'), at('portals/customer/x.tsx'))).toBe(true);
    expect(crossesLayers(at('features/orders/components/a.tsx'), at('features/search/b.ts'))).toBe(true);
    expect(crossesLayers(at('lib/session.tsx'), at('features/auth/c.ts'))).toBe(true);
    expect(crossesLayers(at('components/ui/button.tsx'), at('features/orders/d.ts'))).toBe(true);
    expect(crossesLayers(at('features/orders/components/a.tsx'), at('features/orders/api/e.ts'))).toBe(false);
    expect(crossesLayers(at('portals/manager/f.tsx'), at('features/orders/g.tsx'))).toBe(false);
    expect(crossesLayers(at('app/router.tsx'), at('portals/manager/h.tsx'))).toBe(false);
    expect(crossesLayers(at('features/orders/i.tsx'), at('lib/paths.ts'))).toBe(false);
  });
});
