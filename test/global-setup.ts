/**
 * Before any test file, and again before each rerun in watch mode: brings dist/cli.mjs up to date
 * (scripts/build.mjs, which skips a build when nothing it reads changed), so that the tests that
 * start the command line run what `npm start` would run from the sources they test
 * (test/helpers/cli-command.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

function build(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (built.status !== 0) throw new Error(`scripts/build.mjs failed (${built.status ?? built.signal}):\n${built.stdout}${built.stderr}`);
}

export default function setup(project: TestProject): void {
  build();
  project.onTestsRerun(build);
}
