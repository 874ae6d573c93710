/**
 * The dms-sim command line as the tests start it: the built server, `node dist/cli.mjs` (what
 * `npm start` runs), which test/global-setup.ts brings up to date before any test file runs.
 * Plain `node` on the bundle starts about a second sooner than `node --import tsx src/cli.ts`,
 * which transforms every module again in each process; the tests start some fifty of them.
 */
import { fileURLToPath } from 'node:url';

/** The repository root, the working folder of every process started with {@link cliArgs}. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built command line, dist/cli.mjs. */
export const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));

/** Node's arguments to run `dms-sim ARGS…`: spawn(process.execPath, cliArgs(...)). */
export function cliArgs(...args: string[]): string[] {
  return [CLI, ...args];
}
