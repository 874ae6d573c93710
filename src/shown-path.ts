/**
 * A path as dms-sim shows it to a user (fixture problems, the start-up banner): relative to the
 * current folder when it lies inside it (`fixtures/default/users.yaml`), else absolute
 * (`/tmp/world/users.yaml`, not `../../tmp/world/users.yaml`).
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

export function shownPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  if (rel === '') return '.';
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? resolve(path) : rel;
}
