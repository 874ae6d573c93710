import { describe, expect, it } from 'vitest';
import { ANSWER_BODY, slotKind, withKeptSlot } from './kept-slot';

describe('a kept slot', () => {
  it('holds its initial value, then what it is set to, and is the same slot on every read', () => {
    const answer = withKeptSlot({ size: 1, rows: [{ id: 7 }] });
    const slot = ANSWER_BODY.of(answer)!;
    expect(slot.value).toBeUndefined();
    slot.value = { body: 1 };
    expect(ANSWER_BODY.of(answer)).toBe(slot);
    expect(ANSWER_BODY.of(answer)!.value).toEqual({ body: 1 });
    expect(ANSWER_BODY.of({ size: 1 })).toBeUndefined();
  });

  it('is invisible to JSON, copies, key lists and equality, and stays writable once the owner is frozen', () => {
    const answer = Object.freeze(withKeptSlot({ size: 1, rows: [{ id: 7 }] }));
    ANSWER_BODY.of(answer)!.value = { body: true };
    expect(JSON.stringify(answer)).toBe('{"size":1,"rows":[{"id":7}]}');
    expect(Object.keys(answer)).toEqual(['size', 'rows']);
    expect(ANSWER_BODY.of({ ...answer })).toBeUndefined();
    expect(answer).toStrictEqual({ size: 1, rows: [{ id: 7 }] });
    expect(ANSWER_BODY.of(answer)!.value).toEqual({ body: true });
  });

  it('of one kind is not seen by another kind, on the same object', () => {
    const bytes = slotKind<string | null>('test bytes');
    const o = bytes.give(withKeptSlot({}), null);
    expect(bytes.of(o)!.value).toBeNull();
    expect(ANSWER_BODY.of(o)!.value).toBeUndefined();
    expect(bytes.of(withKeptSlot({}))).toBeUndefined();
  });
});
