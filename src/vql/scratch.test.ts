import { describe, expect, it } from 'vitest';
import { freeScratch, giveBackScratch, scratchCopy, scratchMarks, scratchWords } from './scratch';

describe('scratch marks', () => {
  it('gives zeroed marks, re-using memory given back (zeroed again) for a length it holds', () => {
    const a = scratchMarks(1000);
    expect(a.length).toBe(1000);
    expect(a.every((v) => v === 0)).toBe(true);
    a.fill(1);
    const before = freeScratch();
    giveBackScratch(a);
    expect(freeScratch()).toBe(before + 1);
    const b = scratchMarks(1001);
    expect(b.buffer).toBe(a.buffer);
    expect(b.length).toBe(1001);
    expect(b.every((v) => v === 0)).toBe(true);
    expect(freeScratch()).toBe(before);
  });

  it('keeps memory given back twice once, and leaves other arrays and far smaller uses alone', () => {
    const a = scratchMarks(4096);
    const before = freeScratch();
    giveBackScratch(a);
    giveBackScratch(a);
    expect(freeScratch()).toBe(before + 1);
    giveBackScratch(new Uint8Array(4096));
    giveBackScratch(undefined);
    expect(freeScratch()).toBe(before + 1);
    // A use of far less than the memory holds takes new memory (a 4 KB array is not lent for 10 bytes).
    expect(scratchMarks(10).buffer).not.toBe(a.buffer);
    expect(scratchMarks(4000).buffer).toBe(a.buffer);
  });
});

describe('scratch copies', () => {
  it('copy words exactly into pool memory, which goes back like any scratch array (even memory left dirty by its last user)', () => {
    const dirty = scratchWords(300);
    dirty.fill(0xffffffff);
    giveBackScratch(dirty);
    const words = Uint32Array.from({ length: 300 }, (_, i) => (i * 2654435761) >>> 0);
    const copy = scratchCopy(words.subarray(10, 290));
    expect(copy.buffer, 'the memory just given back').toBe(dirty.buffer);
    expect([...copy]).toEqual([...words.subarray(10, 290)]);
    expect(copy.length).toBe(280);
    const before = freeScratch();
    giveBackScratch(copy);
    expect(freeScratch()).toBe(before + 1);
  });
});
