// node scripts/complete-lockfile.mjs: puts every platform's optional native packages back into
// package-lock.json after `npm install` has pruned them.
//
// Why: the registry this project is built against answers 404 for the packages of other
// platforms (darwin, win32, musl, ...), so npm writes a lockfile with only this machine's
// binaries, and `npm ci` then refuses that lockfile as out of sync with package.json. The
// entries added here carry the version and the os/cpu/libc fields, read from the package name
// (the convention of biome, rollup, tailwind oxide, esbuild, ...): npm skips them on a machine
// they do not fit, and fetches them (without a stored integrity) on one they do.
// See docs/decisions/0005-lockfile-and-npm-ci.md.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
];
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'wasm32', 'x64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = os !== 'linux' ? undefined : parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc';
  return { os, cpu, libc };
}

let added = 0;
for (const entry of Object.values(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}

// npm keeps the root first and the rest in path order
const [root, ...rest] = Object.entries(packages);
rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
lock.packages = Object.fromEntries([root, ...rest]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform package(s)`);
