/**
 * The project's folder (the one with package.json, fixtures/ and spec/), found from this module's
 * own address: the same answer whether the code runs from src/ through tsx or from the build's
 * single file in dist/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'spec'))) return dir;
    if (dirname(dir) === dir) throw new Error(`dms-sim: no project folder (package.json and spec/) above ${start}`);
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
