import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys share one server and its data, so their order is part of what a run proves: by
 * file name, always. Vitest's own order depends on its cache (failed first, then the slowest) and,
 * on a fresh clone, on file sizes: a CI run then met an order no machine here had run.
 */
class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

// End-to-end journeys in headless Chromium against the real server (see e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: ByFileName },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
