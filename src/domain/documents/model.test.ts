import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type StoredDocument, createdAt, dayOf, documentNumberOf, modifiedAt, momentOf, msOfDay, numberOf, ownNumber } from './model';

/** The dates of the ECMAScript time range: ±100,000,000 days around 1970. */
const MAX_MS = 8.64e15;

describe('a moment kept as a day and a millisecond in it', () => {
  it('splits and joins back to the same millisecond, the millisecond within its day', () => {
    fc.assert(fc.property(fc.integer({ min: -MAX_MS, max: MAX_MS }), (ms) => {
      const day = dayOf(ms);
      const inDay = msOfDay(ms);
      expect(momentOf(day, inDay)).toBe(ms);
      expect(inDay).toBeGreaterThanOrEqual(0);
      expect(inDay).toBeLessThan(86_400_000);
      expect(Number.isInteger(day)).toBe(true);
    }), { numRuns: 2000 });
  });

  it('keeps days and milliseconds of real dates small integers, before 1970 too', () => {
    const at = Date.parse('2026-11-27T14:42:16.123Z');
    expect([dayOf(at), msOfDay(at)]).toEqual([20_784, 52_936_123]);
    const before = Date.parse('1969-12-31T23:59:59.999Z');
    expect([dayOf(before), msOfDay(before)]).toEqual([-1, 86_399_999]);
    expect(new Date(momentOf(20_784, 52_936_123)).toISOString()).toBe('2026-11-27T14:42:16.123Z');
  });

  it('keeps what is not a date of ECMAScript’s range as it is, unwrapped (NaN, a clock moved past it)', () => {
    for (const ms of [Number.NaN, 1e20, -1e20]) {
      expect(new Date(momentOf(dayOf(ms), msOfDay(ms))).getTime()).toBeNaN();
    }
    expect(dayOf(1e20)).toBe(Math.floor(1e20 / 86_400_000));
  });

  it('reads a document or version date from its two fields', () => {
    const version = { createdDay: 20_419, createdMs: 1, modifiedDay: 20_420, modifiedMs: 2 };
    expect(createdAt(version)).toBe(20_419 * 86_400_000 + 1);
    expect(modifiedAt(version)).toBe(20_420 * 86_400_000 + 2);
  });
});

describe('a document number', () => {
  it('is the one the service assigns unless the document has its own', () => {
    expect(documentNumberOf(42)).toBe('DOC-000042');
    expect(numberOf({ id: 42, documentNumber: undefined } as StoredDocument)).toBe('DOC-000042');
    expect(numberOf({ id: 42, documentNumber: 'PROMO-0101' } as StoredDocument)).toBe('PROMO-0101');
    expect([ownNumber(42, 'DOC-000042'), ownNumber(42, 'PROMO-0101'), ownNumber(42, undefined)]).toEqual([undefined, 'PROMO-0101', undefined]);
  });
});
