/**
 * What one document store keeps beyond its state, each through the one cache door
 * (`domain/cache`: least recently used out, bounded by entries and by estimated bytes), with the
 * bounds in one table. The store's rows and records (bounded) and users' visible documents are kept by
 * its RowCache (row-cache.ts). Used by domain methods only:
 * - `lists`: endpoint 21's whole answers (list-cache.ts);
 * - `retrieves`: endpoint 22's answers, per document address (retrieve.ts);
 * - `fileText`: a file's lower-case searchable text, for list content search and query FIND alike;
 * - `thumbnail`, `rendition`: a version's generated PNG and PDF.
 * Kept values are shared: nobody may modify one (their owners freeze them).
 */
import { BoundedCache, type CacheBounds, jsonSize, NO_STAMP, SLOT_BYTES } from '../cache';
import { textOf, type StoredFile } from './files';
import type { ListResult } from './listing';
import type { DocumentVersion } from './model';
import type { DocumentRecord } from './records';

const MiB = 1024 * 1024;

/** (chosen) The bounds of each cache of one store: entries, and estimated bytes. */
export const STORE_CACHE_BOUNDS = {
  /** Whole list answers (bytes: about their JSON; their records' heap is ~2.5 times that, and the HTTP layer keeps their bytes too). */
  lists: { entries: 32, bytes: 8 * MiB },
  /** Whole retrieve answers, per document address (bytes: about their JSON). */
  retrieves: { entries: 256, bytes: 8 * MiB },
  /** Lower-case file texts (bytes: two a character). */
  fileTexts: { entries: 100_000, bytes: 64 * MiB },
  /** Generated thumbnails and renditions, each (bytes: their own). */
  derivedFiles: { entries: 1024, bytes: 16 * MiB },
} as const;

/** A kept list answer and what it was computed under beyond the cache's stamp. */
export interface KeptList {
  result: ListResult;
  /** The user's named-lists revision for a named filter (list-cache.ts). */
  lists: number | undefined;
}

/** A kept retrieve answer: built from `record` (the store's record of the document then). */
export interface KeptRetrieve<A extends object = object> {
  record: DocumentRecord;
  answer: A;
}

/** The estimated bytes of a list answer: about its JSON (its records), which the HTTP layer keeps encoded with it. */
function listBytes(kept: KeptList): number {
  let n = 64;
  for (const r of kept.result.rows) n += jsonSize(r.record) + 16;
  return n;
}

/**
 * Bounds of whole answers, kept from their second request on (cache/doorkeeper.ts: a one-off answer
 * dies young), measured by `sizeOf` only then (most varied requests' answers are never kept).
 */
const answers = <V>(b: { entries: number; bytes: number }, sizeOf: (v: V) => number): CacheBounds<string, V> => ({ ...b, sizeOf, admit: 'second use' });

export class StoreCache {
  readonly lists = new BoundedCache<string, KeptList>(answers(STORE_CACHE_BOUNDS.lists, listBytes));
  readonly retrieves = new BoundedCache<string, KeptRetrieve>(answers(STORE_CACHE_BOUNDS.retrieves, (k) => jsonSize(k.answer)));
  private readonly texts = new BoundedCache<StoredFile, string>({ ...STORE_CACHE_BOUNDS.fileTexts, sizeOf: (t) => SLOT_BYTES + 2 * t.length });
  private readonly thumbnails = new BoundedCache<DocumentVersion, Uint8Array>({ ...STORE_CACHE_BOUNDS.derivedFiles, sizeOf: (png) => png.byteLength });
  private readonly renditions = new BoundedCache<DocumentVersion, StoredFile>({ ...STORE_CACHE_BOUNDS.derivedFiles, sizeOf: (f) => f.bytes.byteLength });

  /** How many values each cache holds now (tests). */
  get sizes(): Record<'lists' | 'retrieves' | 'fileTexts' | 'thumbnails' | 'renditions', number> {
    return {
      lists: this.lists.size, retrieves: this.retrieves.size,
      fileTexts: this.texts.size, thumbnails: this.thumbnails.size, renditions: this.renditions.size,
    };
  }

  /** The lower-case searchable text of a file (files never change). */
  fileText(file: StoredFile): string {
    return this.texts.answer(file, NO_STAMP, () => textOf(file).toLowerCase());
  }

  /** A version's thumbnail, `make()` once while kept (deterministic: the same bytes again). */
  thumbnail(version: DocumentVersion, make: () => Uint8Array): Uint8Array {
    return this.thumbnails.answer(version, NO_STAMP, make);
  }

  /** A version's generated rendition, `make()` once while kept (deterministic: the same bytes again). */
  rendition(version: DocumentVersion, make: () => StoredFile): StoredFile {
    return this.renditions.answer(version, NO_STAMP, make);
  }
}
