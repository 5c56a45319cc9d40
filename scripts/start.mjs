// npm start: build the web app when it is missing or older than its sources, then serve
// (the server migrates, seeds demo data on the first embedded start, and ends with one line
// saying where to open the app: docs/decisions/0067).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/web/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(built) ||
  Math.max(newestMtime('src/web'), newestMtime('src/shared'), statSync('vite.config.ts').mtimeMs) >
    statSync(built).mtimeMs;
if (stale) {
  const started = Date.now();
  // a line of its own: vite's progress on a terminal clears the line it writes on
  console.log('Building the web app…');
  // vite's own script (npx would draw its spinner over the line)
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    console.log('The web app did not build (see above).');
    process.exit(build.status ?? 1);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`Web app built in ${seconds} s`);
}
console.log('Starting the server…');

const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
