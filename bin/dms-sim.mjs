#!/usr/bin/env node
/**
 * `npx dms-sim [command] [flags]` (serve, fixtures, contract: src/cli.ts): the CLI as `npm start` runs it, from any folder. Builds the server
 * if an input changed (scripts/build.mjs, skipped otherwise), then runs dist/cli.mjs with the Node
 * options of `npm start` (package.json, the one place they are written) and the flags given here.
 * The built-in default world is found beside the package, whatever the current folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.trim().split(/\s+/);
if (start[0] !== 'node' || start.at(-1) !== 'dist/cli.mjs') {
  console.error(`dms-sim: npm start is not "node [OPTIONS] dist/cli.mjs": ${start.join(' ')}`);
  process.exit(1);
}
// An installed package (a tarball or git install, under node_modules) runs the build its `prepare`
// made; a checkout rebuilds when an input changed.
const installed = root.split(/[\\/]/).includes('node_modules') && existsSync(join(root, 'dist', 'cli.mjs'));
if (!installed) {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const child = spawn(process.execPath, [...start.slice(1, -1), join(root, 'dist', 'cli.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
