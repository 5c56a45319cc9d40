import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  type BuiltChunk,
  firstLoadReport,
  gzipSize,
  overBudget,
  ROUTE_BUDGETS,
  routeLoad,
} from './src/web/budget/first-load';
import {
  type CatalogueFile,
  type CataloguePart,
  catalogueMessages,
  compileCatalogue,
} from './src/web/i18n/catalogue';

const LOCALES_DIR = fileURLToPath(new URL('./src/web/i18n/locales/', import.meta.url));

/**
 * `virtual:catalogue/<language>/<part>`: one language's messages for one part, compiled by Lingui
 * at build time (docs/decisions/0083), so the browser gets no ICU parser.
 */
export function catalogues(): Plugin {
  const prefix = 'virtual:catalogue/';
  return {
    name: 'kandypack-catalogues',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return;
      const [language, part] = id.slice(prefix.length + 1).split('/') as [string, CataloguePart];
      const read = (name: string) => {
        const file = `${LOCALES_DIR}${name}.json`;
        this.addWatchFile(file);
        return JSON.parse(readFileSync(file, 'utf8')) as CatalogueFile;
      };
      const messages = catalogueMessages(read(language), read('en'), part);
      return `export default ${JSON.stringify(compileCatalogue(messages))};`;
    },
  };
}

const WEB_ROOT = fileURLToPath(new URL('./src/web/', import.meta.url));

/**
 * Every production build measures what each route downloads on a first visit (gzipped JS), prints
 * it, and fails when a route is over its budget (src/web/budget/first-load.ts, decision 0085).
 */
function firstLoadBudget(): Plugin {
  return {
    name: 'kandypack-first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                modules: output.moduleIds.map((id) =>
                  id.startsWith('\0')
                    ? id.slice(1)
                    : id.startsWith(WEB_ROOT)
                      ? id.slice(WEB_ROOT.length)
                      : id,
                ),
                imports: output.imports,
                gzip: gzipSize(output.code),
              },
            ]
          : [],
      );
      const loads = ROUTE_BUDGETS.map((budget) => routeLoad(chunks, budget));
      this.info(`\n${firstLoadReport(loads)}`);
      const over = overBudget(loads);
      if (over.length > 0)
        this.error(
          `over the first-load budget: ${over.map((l) => l.route).join(', ')} (docs/decisions/0085)`,
        );
    },
  };
}

/** What the browser fetches as text: worth sending compressed. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest)$/;

/**
 * Beside every text file of the build, its brotli (`.br`) and gzip (`.gz`) forms, for a server
 * that sends them to a browser that accepts them (@fastify/static's `preCompressed`): the budgets
 * count gzipped bytes, and Lighthouse found the server sending the JavaScript uncompressed, three
 * times the bytes (docs/decisions/0088). Compressed once at build time, at the highest levels.
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'kandypack-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), catalogues(), firstLoadBudget(), precompressed()],
  resolve: {
    // `zod` is zod configured for the CSP (src/web/zod-setup.ts), wherever a lazy chunk imports it
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/zod-setup.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // every browser the build targets (baseline widely available) preloads modules itself; the
    // polyfill would be half a kilobyte of the landing page's budget (docs/decisions/0085)
    modulePreload: { polyfill: false },
    rollupOptions: {
      // zod ships /*#__PURE__*/ comments in places Rollup cannot use; harmless, but noisy on every start
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
        warn(warning);
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8000' } },
});
