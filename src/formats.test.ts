import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, isCommonDateTime } from './formats';
import { ajvFormats } from './lazy';

const full = ajvFormats().default.get('date-time', 'full') as { validate: (s: string) => boolean };
const fast = dateTimeFormat().validate as (s: string) => boolean;

const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
/** Strings near the date-time shape: numbers in and out of range, other separators and time zones. */
const nearDateTime = fc
  .tuple(
    fc.oneof(digits(4), fc.constantFrom('2000', '1900', '2024', '2100', '0000')),
    fc.oneof(digits(2), fc.constantFrom('00', '01', '02', '12', '13')),
    fc.oneof(digits(2), fc.constantFrom('00', '28', '29', '30', '31', '32')),
    fc.constantFrom('T', 't', ' ', 'x', 'TT', ''),
    fc.oneof(digits(2), fc.constantFrom('00', '23', '24')),
    fc.oneof(digits(2), fc.constantFrom('59', '60')),
    fc.oneof(digits(2), fc.constantFrom('59', '60', '61')),
    fc.constantFrom('', '.5', '.123', '.', '.1234567'),
    fc.oneof(fc.constantFrom('Z', 'z', '', '+', 'ZZ'), fc.tuple(fc.constantFrom('+', '-'), digits(2), fc.constantFrom(':', ''), digits(2)).map((p) => p.join('')), fc.tuple(fc.constantFrom('+', '-'), digits(2)).map((p) => p.join(''))),
  )
  .map(([y, mo, d, sep, h, mi, s, f, tz]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${f}${tz}`);

describe('date-time format', () => {
  it('judges as ajv-formats full date-time does, and its fast path accepts only what that accepts', () => {
    fc.assert(
      fc.property(fc.oneof(nearDateTime, fc.string(), fc.stringMatching(/^[\d:T.Z+-]{0,30}$/)), (s) => {
        expect(fast(s), s).toBe(full.validate(s));
        if (isCommonDateTime(s)) expect(full.validate(s), s).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes the common shape on the fast path and leaves the rest to ajv-formats', () => {
    for (const s of ['2019-05-06T08:31:23.403Z', '2000-02-29T00:00:00Z', '2024-12-31T23:59:59+14:00', '2019-05-06T08:31:23-05:30']) {
      expect(isCommonDateTime(s), s).toBe(true);
      expect(fast(s), s).toBe(true);
    }
    // Valid, but not the common shape: ajv-formats decides (a leap second, a space, a time zone without minutes).
    for (const s of ['2016-12-31T23:59:60Z', '2019-05-06 08:31:23Z', '2019-05-06T08:31:23+01', '2019-05-06t08:31:23z']) {
      expect(isCommonDateTime(s), s).toBe(false);
      expect(fast(s), s).toBe(true);
    }
    for (const s of ['1900-02-29T00:00:00Z', '2019-02-29T00:00:00Z', '2019-04-31T00:00:00Z', '2019-13-01T00:00:00Z', '2019-01-01T24:00:00Z', '2019-01-01T00:60:00Z', '2019-01-01T00:00:00', '2019-01-01T00:00:00+24:00', '2019-01-01T00:00:00+00:60', '2019-01-01']) {
      expect(fast(s), s).toBe(false);
    }
  });
});
