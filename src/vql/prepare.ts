/**
 * FIND's kept text indexes outside a FIND query (issue 19): built ahead, in steps (the warm-up after
 * start; endpoint 21's search building its own in the background), and read for another search
 * than FIND's (endpoint 21: every term in one of some fields' texts, or in the content). Each step
 * (a `next()` of a generator) reads at most `rowsPerStep` rows, or builds one token index, so that
 * a caller can run one per turn of the event loop. `target()` is asked again after each step: when
 * its table changed in between (rows created or changed, a new configuration) the part being built
 * is given up (a search builds it then); what was kept before stays, patched as the table changes.
 */
import type { QueryTarget, Row } from './catalog';
import { CONTENT, contentReader, markFound, searchedFieldNames } from './find';
import { FieldIndex, fieldIndexesOf, keepFieldIndex } from './find-index';
import { columnOf, frameOf, type Frame } from './frame';
import { getter } from './resolve';
import { isVisible } from './scan';

/** (chosen) Rows a step reads: 8–30 ms of work on a generated world. */
export const PREPARE_ROWS_PER_STEP = 25_000;

/** A text index: its name (kept with the table as `x:<name>`, as FIND's fields are) and how it reads a row's texts. */
export interface TextField {
  readonly name: string;
  readonly get: (row: Row) => unknown;
}

/** The frame of `target()` and a test that it is still the one, at the same revision. */
function watched(target: () => QueryTarget): { frame: Frame; unchanged: () => boolean } | undefined {
  const frame = frameOf(target());
  if (!frame) return undefined;
  const revision = frame.revision;
  return { frame, unchanged: () => frameOf(target()) === frame && frame.revision === revision };
}

/**
 * Builds and keeps the index of one text field (FieldIndex) in parts, then its token index when its
 * texts are large. True once both are kept; false when the target keeps nothing (no table) or
 * its table changed before the index was kept.
 */
export function* prepareTextIndex(target: () => QueryTarget, field: TextField, rowsPerStep = PREPARE_ROWS_PER_STEP): Generator<void, boolean> {
  const w = watched(target);
  if (!w) return false;
  const { frame, unchanged } = w;
  let index = frame.get<FieldIndex | undefined>(`x:${field.name}`);
  if (!index) {
    const { rows, length } = frame;
    const builder = FieldIndex.builder(field.get, length);
    for (let from = 0; from < length; from += rowsPerStep) {
      if (from > 0) {
        yield;
        if (!unchanged()) return false;
      }
      builder.add(rows, from, Math.min(length, from + rowsPerStep));
    }
    index = frame.get<FieldIndex | undefined>(`x:${field.name}`) ?? keepFieldIndex(frame, field.name, builder.done());
    yield;
    // The index is kept (patched as the table changes); its token index is left to a search.
    if (!unchanged()) return false;
  }
  index.prepareTokens();
  return true;
}

/**
 * What a FIND over `field` (one of searchedFieldNames) would build on first use, in steps: the
 * warm-up after start (src/domain/query/warm-up.ts). False for a field FIND does not search.
 */
export function* prepareFind(target: () => QueryTarget, field: string, rowsPerStep = PREPARE_ROWS_PER_STEP): Generator<void, boolean> {
  const first = target();
  if (!searchedFieldNames(first).includes(field)) return false;
  return yield* prepareTextIndex(target, { name: field, get: getter(first, field) }, rowsPerStep);
}

/** The kept column of the rows' lowercased content (as FIND keeps it), built in parts. */
export function* prepareContent(target: () => QueryTarget, rowsPerStep = PREPARE_ROWS_PER_STEP): Generator<void, boolean> {
  const w = watched(target);
  if (!w) return false;
  const { frame, unchanged } = w;
  if (frame.columns.has(CONTENT)) return true;
  const derive = contentReader(target());
  const { rows, length } = frame;
  const values = new Array<string>(length);
  for (let from = 0; from < length; from += rowsPerStep) {
    if (from > 0) {
      yield;
      if (!unchanged()) return false;
    }
    for (let i = from; i < Math.min(length, from + rowsPerStep); i++) values[i] = derive(rows[i]);
  }
  if (!frame.columns.has(CONTENT)) frame.columns.set(CONTENT, { values, derive });
  return true;
}

/** True when the target's table keeps the indexes of these text fields (by name), and its content column when asked. */
export function textIndexesKept(target: QueryTarget, names: readonly string[], withContent: boolean): boolean {
  const frame = frameOf(target);
  return frame !== undefined && names.every((n) => frame.has(`x:${n}`)) && (!withContent || frame.columns.has(CONTENT));
}

/**
 * The rows of a table-backed target (by slot, 1 = found) the target's caller sees (`visible`) whose
 * texts hold every term (lowercase, without whitespace or U+0000): each term in one element text of
 * one of `fields` or, `withContent`, in the row's content. The indexes are the kept ones (built now
 * when missing). Undefined when the target keeps nothing (no table). Endpoint 21's search reads it
 * (src/domain/query/list-search.ts).
 */
export function rowsHoldingAll(target: QueryTarget, fields: readonly TextField[], terms: readonly string[], withContent: boolean): Uint8Array | undefined {
  const frame = frameOf(target);
  if (!frame) return undefined;
  const contents = withContent ? (columnOf(frame, CONTENT, contentReader(target)) as string[]) : undefined;
  const found = markFound(frame, fieldIndexesOf(frame, fields), contents, [terms]);
  const visible = target.visible;
  if (visible) for (let i = 0; i < found.length; i++) if (found[i] === 1 && !isVisible(visible, i)) found[i] = 0;
  return found;
}
