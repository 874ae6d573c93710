/**
 * Before any test file, and again before each rerun in watch mode: brings dist/cli.mjs up to date
 * (scripts/build.mjs, which skips a build when nothing it reads changed), so that the tests that
 * start the command line run what `npm start` would run from the sources they test
 * (test/helpers/cli-command.ts).
 */
import type { TestProject } from 'vitest/node';
import { builtServer } from '../scripts/build.mjs';

export default async function setup(project: TestProject): Promise<void> {
  await builtServer();
  project.onTestsRerun(async () => void (await builtServer()));
}
