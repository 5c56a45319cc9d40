import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../src/server/test/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the built app on a fresh embedded database (seeded with the demo data on first start). */
export async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'kandypack-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
