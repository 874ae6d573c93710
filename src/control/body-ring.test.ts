import { describe, expect, it } from 'vitest';
import { BodyRing } from './body-ring';

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

describe('BodyRing (the journal’s bodies)', () => {
  it('gives back a copy of what was put, independent of the bytes it was given', () => {
    const ring = new BodyRing(1024);
    const given = bytes(10, 1);
    const ref = ring.put(given);
    given.fill(9);
    expect(ring.read(ref)).toEqual(Buffer.from(bytes(10, 1)));
    ring.read(ref)!.fill(0); // a read is a copy: the ring keeps the body as it was
    expect(ring.read(ref)).toEqual(Buffer.from(bytes(10, 1)));
  });

  it('writes the newest over the oldest: a body written over reads as undefined, the later ones as they were', () => {
    const ring = new BodyRing(1000);
    const refs = Array.from({ length: 10 }, (_, i) => ring.put(bytes(200, i)));
    // 10 × 200 bytes in a ring of 1,000: the last five are whole
    refs.forEach((ref, i) => expect(ring.read(ref), String(i)).toEqual(i < 5 ? undefined : Buffer.from(bytes(200, i))));
  });

  it('never splits a body at the ring’s end: it goes to the start, and what lay there is gone', () => {
    const ring = new BodyRing(1000);
    const a = ring.put(bytes(240, 1));
    const b = ring.put(bytes(240, 2));
    const c = ring.put(bytes(240, 3));
    const d = ring.put(bytes(240, 4)); // 960 written: 40 left at the end
    const e = ring.put(bytes(100, 5)); // at the start, over a
    expect(e.at % 1000).toBe(0);
    expect(ring.read(a)).toBeUndefined();
    expect([b, c, d, e].map((r) => ring.read(r)?.[0])).toEqual([2, 3, 4, 5]);
    expect(ring.read(e)).toEqual(Buffer.from(bytes(100, 5)));
  });

  it('cuts a body to a quarter of the ring, and a text to its byte bound without cutting a character', () => {
    const ring = new BodyRing(400);
    expect(ring.read(ring.put(bytes(300, 7)))!.byteLength).toBe(100);
    const text = 'aé€😀z';
    expect(ring.read(ring.putText(text, 64))!.toString('utf8')).toBe(text);
    expect(ring.read(ring.putText(text, 4))!.toString('utf8')).toBe('aé'); // 'a' 1 byte, 'é' 2, '€' 3: 3 fit
    expect(ring.read(ring.putText('', 10))!.byteLength).toBe(0);
    const after = ring.put(bytes(3, 8)); // the unused end of a text's reservation is the next body's
    expect(after.at).toBe(100 + 11 + 3);
    expect(ring.read(after)).toEqual(Buffer.from(bytes(3, 8)));
  });

  it('hands out the copy of the very same body given again for re-use while it is under half a turn old', () => {
    const ring = new BodyRing(1000);
    const kept = bytes(200, 3);
    const first = ring.put(kept, 1000, true);
    expect(ring.put(kept, 1000, true)).toBe(first);
    expect(ring.put(kept)).not.toEqual(first); // not for re-use: copied
    expect(ring.put(bytes(200, 3), 1000, true)).not.toEqual(first); // equal bytes, another object: copied
    const text = 'the same answer';
    expect(ring.putText(text, 100, true)).toBe(ring.putText(text, 100, true));
    expect(ring.putText(text, 5, true)).not.toEqual(ring.putText(text, 100, true)); // another bound: another copy
    // `first` is now 620 bytes old (over half the ring): the same body is copied anew, and the new copy read whole
    const again = ring.put(kept, 1000, true);
    expect(again).not.toEqual(first);
    expect(ring.read(again)).toEqual(Buffer.from(kept));
  });

  it('remembers the last 8 bodies given for re-use: a ninth pushes out the first', () => {
    const ring = new BodyRing(100_000);
    const sources = Array.from({ length: 9 }, (_, i) => bytes(10, i));
    const refs = sources.map((b) => ring.put(b, 10, true));
    expect(ring.put(sources[8], 10, true)).toBe(refs[8]);
    expect(ring.put(sources[1], 10, true)).toBe(refs[1]);
    expect(ring.put(sources[0], 10, true)).not.toEqual(refs[0]);
    ring.forgetRecent();
    expect(ring.put(sources[8], 10, true)).not.toEqual(refs[8]);
  });

  it('refuses a ring too small to hold a body', () => {
    expect(() => new BodyRing(10)).toThrow(RangeError);
  });
});
