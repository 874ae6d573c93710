/**
 * The command line of `npm run spec`'s generators: writes each generated file, or with `--check`
 * exits 1 naming those that differ from what their generator emits now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { projectRoot } from './root';

export function writeOrCheck(files: readonly (readonly [path: string, text: string])[], argv: readonly string[] = process.argv): void {
  const shown = (path: string) => relative(projectRoot, path);
  if (argv.includes('--check')) {
    const stale = files.filter(([path, text]) => readFileSync(path, 'utf8') !== text).map(([path]) => shown(path));
    console.log(stale.length === 0 ? `${files.map(([path]) => shown(path)).join(', ')}: in sync` : `out of sync: ${stale.join(', ')}: run npm run spec`);
    process.exit(stale.length === 0 ? 0 : 1);
  }
  for (const [path, text] of files) {
    writeFileSync(path, text);
    console.log(`wrote ${shown(path)}`);
  }
}
