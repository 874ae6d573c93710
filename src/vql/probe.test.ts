/** smallest(): of several probes of one AND, the fewest candidates; the others' scratch memory goes back. */
import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import type { Candidates } from './candidates';
import { smallest } from './probe';
import { freeScratch, scratchSlots } from './scratch';

const scratchCandidates = (slots: number[]): Candidates => {
  const perm = scratchSlots(slots.length);
  perm.set(slots);
  return { size: slots.length, runs: [{ perm, lo: 0, hi: slots.length }], exact: true };
};

describe('smallest', () => {
  it('answers the probe with the fewest candidates (as a superset: not exact) and gives back the others', () => {
    const frame = {} as Frame;
    const big = scratchCandidates([1, 2, 3, 4, 5]);
    const small = scratchCandidates([2, 4]);
    const middle = scratchCandidates([1, 2, 4]);
    const free = freeScratch();
    const found = smallest([() => big, undefined, () => small, () => middle, () => undefined])!(frame);
    expect(found).toEqual({ ...small, exact: false });
    expect([...found!.runs[0].perm]).toEqual([2, 4]);
    expect(freeScratch()).toBe(free + 2); // big's and middle's
  });

  it('gives back nothing that the answer reads: probes answering the same candidates', () => {
    const shared = scratchCandidates([7, 8]);
    const free = freeScratch();
    const found = smallest([() => shared, () => shared])!({} as Frame);
    expect(found!.runs[0].perm).toBe(shared.runs[0].perm);
    expect(freeScratch()).toBe(free);
  });
});
