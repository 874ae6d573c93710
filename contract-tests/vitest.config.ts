/**
 * `npm run contract`: the contract suite (README.md in this folder). One file per area under
 * areas/; CONTRACT_AREA=<area>[,<area>] runs only those; CONTRACT_JUNIT=<path> adds a JUnit report.
 */
import { defineConfig } from 'vitest/config';
import { AREAS, unknownAreas } from './lib/context.js';
import { coverageFile, readEnv } from './target.js';

const env = readEnv();
const unknown = unknownAreas(env.areas ?? []);
if (unknown.length) throw new Error(`CONTRACT_AREA: unknown area ${unknown.join(', ')} (one of ${AREAS.join(', ')})`);
coverageFile();

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: env.areas ? env.areas.map((a) => `contract-tests/areas/${a}.test.ts`) : ['contract-tests/areas/*.test.ts'],
    globalSetup: ['contract-tests/global-setup.ts'],
    reporters: ['default', './contract-tests/coverage-reporter.ts', ...(env.junit ? ['junit'] : [])],
    outputFile: env.junit ? { junit: env.junit } : undefined,
    testTimeout: 120_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // The checks are network-bound; a few files at once is plenty for a tenant's burst limits.
    maxWorkers: 3,
    // Each worker runs several area files in one process (the files keep no state in modules: the
    // target and its sessions come from the global setup): a run starts 3 processes, not 9.
    isolate: false,
  },
});
