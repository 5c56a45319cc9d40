import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { MIGRATIONS_DIR } from '../db/migrate';

/** The committed migrations' file names, in the order migrate() applies them. */
export const MIGRATION_FILES: readonly string[] = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/**
 * Makes directories under the system's temporary one (named `prefix` and a random suffix), all
 * removed after the test file. Called at the file's top level, once per file.
 */
export function temporaryDirectories(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
