/**
 * The Node options of `npm start` (package.json: `node [OPTIONS] dist/cli.mjs`), given to both
 * servers of the bench: dms-sim runs as users run it, and the ceiling on the same runtime settings.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function startNodeOptions(start: string = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start): string[] {
  const words = start.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/cli.mjs') throw new Error(`bench: npm start is not "node [OPTIONS] dist/cli.mjs": ${start}`);
  return words.slice(1, -1);
}

export const NODE_OPTIONS = startNodeOptions();
