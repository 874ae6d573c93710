import { describe, expect, it } from 'vitest';
import { keptSlotOf, withKeptSlot } from './kept-slot';

describe('a kept slot', () => {
  it('is empty when given, holds what it is set to, and is the same slot on every read', () => {
    const answer = withKeptSlot({ size: 1, rows: [{ id: 7 }] });
    const slot = keptSlotOf(answer)!;
    expect(slot.value).toBeUndefined();
    slot.value = 'text';
    expect(keptSlotOf(answer)).toBe(slot);
    expect(keptSlotOf(answer)!.value).toBe('text');
    expect(keptSlotOf({ size: 1 })).toBeUndefined();
  });

  it('is invisible to JSON, copies, key lists and equality, and stays writable once the answer is frozen', () => {
    const answer = Object.freeze(withKeptSlot({ size: 1, rows: [{ id: 7 }] }));
    keptSlotOf(answer)!.value = { body: true };
    expect(JSON.stringify(answer)).toBe('{"size":1,"rows":[{"id":7}]}');
    expect(Object.keys(answer)).toEqual(['size', 'rows']);
    expect(keptSlotOf({ ...answer })).toBeUndefined();
    expect(answer).toStrictEqual({ size: 1, rows: [{ id: 7 }] });
    expect(keptSlotOf(answer)!.value).toEqual({ body: true });
  });
});
