import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockList } from '../../block-list';
import type { IndexSource, Sorted } from './list-index';
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
import { OrderReader } from './order-reader';

/**
 * Documents with one version each whose `rank` field holds `keys[i]`, in ascending (key, id) order;
 * `ties` as the index builds it (whether two keys are equal) unless given (true: read as if they might be).
 */
function orderOf(keys: number[], ties = new Set(keys).size < keys.length): { sorted: Sorted; source: IndexSource; reads: () => number } {
  const docs = keys
    .map((k, i) => ({ id: i + 1, versions: [{ major: 1, minor: 0, fields: { rank: k } } as unknown as DocumentVersion] }) as unknown as StoredDocument)
    .sort((a, b) => (a.versions[0].fields.rank as number) - (b.versions[0].fields.rank as number) || a.id - b.id);
  let reads = 0;
  const source = {
    valueOf: (_view: MetadataView, _doc: StoredDocument, version: DocumentVersion, field: string) => {
      reads++;
      return version.fields[field];
    },
  } as unknown as IndexSource;
  return { sorted: { scope: 'latest', field: 'rank', docs: BlockList.from(docs), versions: undefined, ties }, source, reads: () => reads };
}

/** The reference: by key descending, ties by id ascending. */
const descending = (s: Sorted) =>
  s.docs.toArray().sort((a, b) => (b.versions[0].fields.rank as number) - (a.versions[0].fields.rank as number) || a.id - b.id).map((d) => d.id);

const view = {} as MetadataView;

describe('OrderReader', () => {
  it('reads a descending page of an order without ties backwards, without reading keys', () => {
    const { sorted, source, reads } = orderOf(Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000));
    expect(sorted.ties).toBe(false);
    const reader = new OrderReader(source, view, sorted);
    expect(reader.page(true, 500, 20).map((e) => e.doc.id)).toEqual(descending(sorted).slice(500, 520));
    expect(reader.page(true, 990, 20).map((e) => e.doc.id)).toEqual(descending(sorted).slice(990));
    expect(reads()).toBe(0);
  });

  it('reads a descending page of distinct keys that may have ties with about one key read a row', () => {
    const { sorted, source, reads } = orderOf(Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000), true);
    const page = new OrderReader(source, view, sorted).page(true, 500, 20).map((e) => e.doc.id);
    expect(page).toEqual(descending(sorted).slice(500, 520));
    // One key a row and two more for the first row's run (three a row before: each run's end was searched).
    expect(reads()).toBe(22);
  });

  it('reads an ascending page without reading keys', () => {
    const { sorted, source, reads } = orderOf([5, 3, 9, 1]);
    expect(new OrderReader(source, view, sorted).page(false, 1, 2).map((e) => e.doc.id)).toEqual([2, 1]);
    expect(reads()).toBe(0);
  });

  it('keeps a long run of equal keys once found: the next pages over it read one key a run', () => {
    const { sorted, source, reads } = orderOf(Array.from({ length: 3000 }, (_, i) => i % 3));
    const reader = () => new OrderReader(source, view, sorted);
    expect(reader().page(true, 10, 5).map((e) => e.doc.id)).toEqual(descending(sorted).slice(10, 15));
    const first = reads();
    expect(first).toBeGreaterThan(10); // its ends searched
    expect([...sorted.runs!.values()]).toEqual([[2000, 3000]]);
    expect(reader().page(true, 990, 20).map((e) => e.doc.id)).toEqual(descending(sorted).slice(990, 1010));
    expect(reader().page(true, 1500, 5).map((e) => e.doc.id)).toEqual(descending(sorted).slice(1500, 1505));
    expect(reads() - first).toBeLessThan(40); // keys 2, 1 and 0 each searched at most once more
    expect(reader().page(true, 500, 5).map((e) => e.doc.id)).toEqual(descending(sorted).slice(500, 505));
    expect(reads() - first).toBeLessThan(42);
  });

  it('pages descending as the reference does, runs of equal keys included (property)', () => {
    fc.assert(
      // keys from a small range (runs) or a wide one (often no ties); the flag as built, or conservatively true
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 80 }), fc.array(fc.nat(10_000), { minLength: 1, maxLength: 80 }), fc.boolean(), fc.boolean(), fc.nat(90), fc.integer({ min: 1, max: 30 }), (few, wide, useWide, mayTie, start, limit) => {
        const keys = useWide ? wide : few;
        const { sorted, source } = mayTie ? orderOf(keys, true) : orderOf(keys);
        const page = new OrderReader(source, view, sorted).page(true, start, limit).map((e) => e.doc.id);
        expect(page).toEqual(descending(sorted).slice(start, start + limit));
        // the runs it kept serve the next pages of the same order
        for (const at of [0, start >> 1, Math.max(0, keys.length - limit)]) {
          expect(new OrderReader(source, view, sorted).page(true, at, limit).map((e) => e.doc.id)).toEqual(descending(sorted).slice(at, at + limit));
        }
      }),
      { numRuns: 300 },
    );
  });
});
