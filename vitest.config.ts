import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Two workers that each run many files in one process (no fresh process and module graph per
    // file: importing the app again cost a minute of the run). The tests keep no state in modules:
    // each builds its own simulator, server or process. On two cores the default was one worker.
    isolate: false,
    // …and a spy a failed test did not get to restore does not outlive it into the next file.
    restoreMocks: true,
    maxWorkers: 2,
    // CI (.ci/run) also asks for a JSON report to print the counts line.
    reporters: process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
  },
});
