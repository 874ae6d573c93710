import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, isCommonDateTime } from './formats';
import { ajvFormats } from './lazy';

const full = ajvFormats().default.get('date-time', 'full') as { validate: (s: string) => boolean };
const fast = dateTimeFormat().validate as (s: string) => boolean;

const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
const two = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((x) => String(x).padStart(2, '0'));
/** Mostly `valid`, now and then one of `edges`. */
const mostly = <T>(valid: fc.Arbitrary<T>, edges: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: edges, weight: 1 });
/**
 * Date-times of the common shape, mostly valid, with each part now and then at or past its limits
 * (days 00 and 28–32 of every month, leap years by the 4/100/400 rules, hour 24, minute and second
 * 60, zones up to ±24:60, fractions of 1–20 digits): the fast path's every check is reached.
 */
const commonShape = fc
  .tuple(
    fc.oneof(fc.constantFrom('2000', '1900', '2024', '2100', '2023', '0000', '1600'), digits(4)),
    mostly(two(1, 12), fc.constantFrom('00', '13')),
    fc.oneof(two(1, 28), fc.constantFrom('29', '30', '31'), fc.constantFrom('00', '32')),
    mostly(two(0, 23), fc.constantFrom('24', '29')),
    mostly(two(0, 59), fc.constantFrom('60', '99')),
    mostly(two(0, 59), fc.constantFrom('60', '61')),
    fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{1,20}$/), fc.constantFrom('.999999999', '.999999999999999', '.9999999999999999999')),
    fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), mostly(two(0, 23), fc.constantFrom('24', '99')), mostly(two(0, 59), fc.constantFrom('60', '99'))).map(([s, h, m]) => `${s}${h}:${m}`)),
  )
  .map(([y, mo, d, h, mi, s, f, tz]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${f}${tz}`);
/** Strings near that shape: other separators and zones, missing parts. */
const nearShape = fc
  .tuple(commonShape, fc.constantFrom('t', ' ', 'x', 'TT', ''), fc.constantFrom('z', '', '+', 'ZZ', '+01', '-0130'))
  .map(([s, sep, tz]) => s.slice(0, 10) + sep + s.slice(11).replace(/(Z|[+-]\d\d:\d\d)$/, tz));

describe('date-time format', () => {
  it('judges as ajv-formats full date-time does, and its fast path accepts only what that accepts', () => {
    let common = 0;
    fc.assert(
      fc.property(fc.oneof(commonShape, commonShape, nearShape, fc.string(), fc.stringMatching(/^[\d:T.Z+-]{0,30}$/)), (s) => {
        expect(fast(s), s).toBe(full.validate(s));
        if (isCommonDateTime(s)) {
          common++;
          expect(full.validate(s), s).toBe(true);
        }
      }),
      { numRuns: 20_000 },
    );
    // The fast path itself was tried, not only ajv-formats: about 1,970 of the 20,000 draws take it
    // (1,870–2,050 over eight runs), so half that is far out of chance's reach (σ ≈ 45).
    expect(common).toBeGreaterThan(1_000);
  });

  it('takes the common shape on the fast path and leaves the rest to ajv-formats', () => {
    for (const s of ['2019-05-06T08:31:23.403Z', '2000-02-29T00:00:00Z', '2024-12-31T23:59:59+14:00', '2019-05-06T08:31:23-05:30', '2019-01-01T00:00:59.999999999Z']) {
      expect(isCommonDateTime(s), s).toBe(true);
      expect(fast(s), s).toBe(true);
    }
    // Valid, but not the common shape: ajv-formats decides (a leap second, a space, a time zone without minutes).
    for (const s of ['2016-12-31T23:59:60Z', '2019-05-06 08:31:23Z', '2019-05-06T08:31:23+01', '2019-05-06t08:31:23z']) {
      expect(isCommonDateTime(s), s).toBe(false);
      expect(fast(s), s).toBe(true);
    }
    // Seconds that ajv-formats reads as 60 (15 nines and more round up): refused, as it refuses them.
    for (const s of ['1900-02-29T00:00:00Z', '2019-02-29T00:00:00Z', '2019-04-31T00:00:00Z', '2019-01-00T00:00:00Z', '2019-00-01T00:00:00Z', '2019-13-01T00:00:00Z', '2019-01-01T24:00:00Z', '2019-01-01T00:60:00Z', '2019-01-01T00:00:60Z', '2019-01-01T00:00:00', '2019-01-01T00:00:00+24:00', '2019-01-01T00:00:00+00:60', '2019-01-01', '2019-01-01T00:00:59.999999999999999Z']) {
      expect(fast(s), s).toBe(false);
    }
  });
});
