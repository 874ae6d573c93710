/**
 * The dms-sim command line as the tests start it: the built server, `node dist/cli.mjs` (what
 * `npm start` runs), which test/global-setup.ts brings up to date before any test file runs.
 * Plain `node` on the bundle starts about a second sooner than `node --import tsx src/cli.ts`,
 * which transforms every module again in each process; the tests start some fifty of them.
 */
export { SERVER_BUNDLE as CLI } from '../../scripts/build.mjs';
