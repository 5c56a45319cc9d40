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
  // on a terminal the result ends the same line; elsewhere (a log file) each is a line of its own
  process.stdout.write(process.stdout.isTTY ? 'Building the web app… ' : 'Building the web app…\n');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('\nThe web app did not build (see above).');
    process.exit(build.status ?? 1);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(process.stdout.isTTY ? `done in ${seconds} s` : `Built the web app in ${seconds} s`);
}
console.log('Starting the server…');

const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
