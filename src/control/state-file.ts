/**
 * `--state-file PATH`: a snapshot written atomically (a crash mid-write never leaves a corrupt
 * file): to a temporary file in the same folder, flushed to disk (fsync), then renamed over the old
 * one (rename is atomic within a file system), then the folder is flushed (best effort) so that the
 * rename itself survives a crash.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function writeAtomically(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
  try {
    const dir = openSync(dirname(path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Some platforms cannot fsync a folder; the file itself is complete either way.
  }
}

/** The parsed state file, or undefined when there is none. Throws when it is there but not JSON. */
export function readStateFile(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`the state file ${path} is not a dms-sim snapshot: ${(e as Error).message}`);
  }
}
