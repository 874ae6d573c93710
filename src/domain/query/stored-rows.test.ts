/**
 * A stored result's rows are pool memory given back when the result goes (vql/kept-rows.ts): under
 * churn (more results than the store keeps, each pushing out the least recently used), the memory
 * of results gone is reused by new ones, and every result still kept pages exactly as at first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BufferPool } from '../../buffer-pool';
import { GENERATED_ADMIN, GENERATED_TENANT, generateFixtures, writeFixtures } from '../../fixtures/generate';
import { loadFixtures } from '../../fixtures/load';
import { SlotRows } from '../../vql/kept-rows';
import { FrameRows } from '../../vql/rowlist';
import { scratchBuffersMade } from '../../vql/scratch';
import { manualClock } from '../clock';
import { createWorld } from '../world';
import { callerIn } from './caller';
import { MAX_STORED_RESULTS } from './choices';
import { promoWorld } from './test-world';

const dir = mkdtempSync(join(tmpdir(), 'dms-sim-stored-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stored results under churn', () => {
  // Memory given back to a pool is filled with 0xA5 first: a list read after its release shows it
  // at once (a page of wrong rows), not only once its memory is handed out again.
  beforeEach(() => {
    const giveBack = BufferPool.prototype.giveBack;
    vi.spyOn(BufferPool.prototype, 'giveBack').mockImplementation(function (this: BufferPool, buffer: ArrayBufferLike) {
      if (this.holds(buffer)) new Uint8Array(buffer).fill(0xa5);
      giveBack.call(this, buffer);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('page exactly while kept, through more than the store holds; results pushed out expire and their memory is reused', () => {
    const pw = promoWorld();
    const admin = pw.admin();
    const queries = pw.world.queries;
    const ids = (a: { data: Record<string, unknown>[] }) => a.data.map((r) => r.id as number);
    const text = (k: number) => `SELECT id FROM documents WHERE id > ${100 + (k % 25)} ORDER BY id ${k % 2 ? 'DESC' : 'ASC'} PAGESIZE 3`;
    const all = (k: number) => {
      const first = queries.run(admin, text(k));
      const rows = [...ids(first)];
      for (let off = 3; off < first.total!; off += 3) rows.push(...ids(queries.page(admin, first.queryId!, { pagesize: 3, pageoffset: off })));
      return rows;
    };
    // Each text's rows on one page (no PAGESIZE: no stored result), then the same through its pages.
    const expected = Array.from({ length: 50 }, (_, k) => ids(queries.run(admin, text(k).replace(/ PAGESIZE \d+$/, ''))));
    for (let k = 0; k < 50; k++) expect(all(k)).toEqual(expected[k]);
    expect(expected[0].slice(0, 4)).toEqual([101, 102, 103, 104]);
    expect(expected[1].slice(0, 2)).toEqual([...expected[1]].sort((a, b) => b - a).slice(0, 2));
    expect(new Set(expected.map((r) => r.length)).size, 'the texts find lists of different lengths').toBeGreaterThan(5);

    const held = queries.run(admin, text(7));
    const first = queries.run(admin, text(8));
    const madeBefore = scratchBuffersMade();
    for (let k = 0; k < 3 * MAX_STORED_RESULTS; k++) {
      const a = queries.run(admin, text(k));
      expect(ids(a)).toEqual(expected[k % 50].slice(0, 3));
      if (k % 50 === 0) {
        // `held` is taken often enough to stay among the most recent: each of its pages is as at first.
        const pages = [0, 3, 6].map((off) => ids(queries.page(admin, held.queryId!, { pagesize: 3, pageoffset: off })));
        expect(pages.flat()).toEqual(expected[7].slice(0, 9));
      }
    }
    expect(() => queries.page(admin, first.queryId!, { pagesize: 3, pageoffset: 3 }), 'pushed out long ago').toThrow();
    // Each query stored a list of its own; once the store was full, each took the memory of the one it pushed out.
    expect(scratchBuffersMade() - madeBefore, 'new memory for the first MAX_STORED_RESULTS lists only').toBeLessThanOrEqual(MAX_STORED_RESULTS + 10);
  });

  it('of 1,200 documents (lists kept as slots or as a cut bitset, windows of SKIP and MAXROWS, FIND) page exactly under churn; one-page answers give their memory back at once', () => {
    writeFixtures(dir, generateFixtures({ documents: 1200, seed: 3 }));
    const world = createWorld(loadFixtures(dir), manualClock());
    const tenant = world.tenants.byDnsName(GENERATED_TENANT)!;
    const admin = callerIn(world, tenant, world.users.byUsername(GENERATED_ADMIN)!);
    const queries = world.queries;
    const ids = (a: { data: Record<string, unknown>[] }) => a.data.map((r) => r.id as number);
    const texts = Array.from({ length: 40 }, (_, k) => [
      `SELECT id FROM documents WHERE id IN (${2 + k}, ${600 + k}, ${1100 + k}, ${1190 - k}) PAGESIZE 2`,
      `SELECT id FROM documents WHERE id > ${k * 20} ORDER BY name__v DESC SKIP ${k} MAXROWS ${100 + 7 * k} PAGESIZE 9`,
      `SELECT id FROM documents WHERE id BETWEEN ${k * 25} AND ${k * 25 + 300} ORDER BY id DESC PAGESIZE 11`,
      `SELECT id FROM documents FIND ('${['lorem', 'vero', 'sed', 'qui', 'aut'][k % 5]}') ORDER BY id PAGESIZE 5`,
    ][k % 4]);
    const pageSizeOf = (text: string) => Number(/ PAGESIZE (\d+)$/.exec(text)![1]);
    /** The rows of a first answer and of every page after it. */
    const paged = (first: ReturnType<typeof queries.run>) => {
      const rows = [...ids(first)];
      for (let off = first.size; first.queryId && off < first.total!; off += first.limit!) {
        rows.push(...ids(queries.page(admin, first.queryId, { pagesize: first.limit, pageoffset: off })));
      }
      return rows;
    };
    const all = (text: string) => paged(queries.run(admin, text));
    // Each text's rows on one page (no PAGESIZE: no stored result), then the same through its pages.
    const expected = texts.map((t) => ids(queries.run(admin, t.replace(/ PAGESIZE \d+$/, ''))));
    texts.forEach((t, i) => expect(all(t), t).toEqual(expected[i]));
    expect(expected.filter((r) => r.length > 20).length, 'most texts find several pages').toBeGreaterThan(20);
    expect(expected[0]).toEqual([2, 600, 1100, 1190]);

    const slots = vi.spyOn(SlotRows.prototype, 'release');
    const bitsets = vi.spyOn(FrameRows.prototype, 'release');
    const held = texts.map((t) => queries.run(admin, t)).slice(0, 8);
    for (let k = 0; k < 3 * MAX_STORED_RESULTS; k++) {
      const i = k % texts.length;
      expect(ids(queries.run(admin, texts[i])), texts[i]).toEqual(expected[i].slice(0, pageSizeOf(texts[i])));
      if (k % 100 === 0) {
        for (const [j, h] of held.entries()) expect(paged(h), texts[j]).toEqual(expected[j]);
      }
    }
    expect(slots.mock.calls.length, 'lists kept as slots were stored and released').toBeGreaterThan(100);
    expect(bitsets.mock.calls.length, 'lists kept as a cut bitset were stored and released').toBeGreaterThan(100);

    // Answers on one page store nothing: their lists' memory goes back to the pool at once.
    const made = scratchBuffersMade();
    for (let k = 0; k < 300; k++) {
      const a = queries.run(admin, `SELECT id FROM documents WHERE id BETWEEN ${3 + k} AND ${5 + k} OR id = ${900 + k}`);
      expect([a.queryId, ids(a)]).toEqual([undefined, [3 + k, 4 + k, 5 + k, 900 + k]]);
    }
    expect(scratchBuffersMade() - made).toBeLessThanOrEqual(5);
  });
});
