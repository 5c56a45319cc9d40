import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an in-memory PGlite database with every migration applied (dumpDataDir). */
    pgliteSnapshot: string;
  }
}

/**
 * Runs once per `vitest run`, before the unit+pglite project's files: migrates one embedded
 * database and keeps a copy of it, from which every test file's database starts
 * (openTestDatabase in ./harness.ts). A fresh PGlite costs about 5 s of CPU for its initdb and
 * 1.2 s for the migrations; starting from the copy about 1.7 s (decision 0079). Made anew on every
 * run, from the migrations as they are, so it is never stale.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'kandypack-pglite-'));
  const database = await openPglite();
  try {
    await migrate(database);
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    project.provide('pgliteSnapshot', file);
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
