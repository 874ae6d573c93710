import { describe, expect, it } from 'vitest';
import { digits, isCalendarDate } from './calendar-date';

describe('digits', () => {
  it('reads n digits at i as a number, -1 when one is not a digit', () => {
    expect(digits('2024-02-29', 0, 4)).toBe(2024);
    expect(digits('2024-02-29', 5, 2)).toBe(2);
    expect(digits('2024-02-29', 3, 2)).toBe(-1);
    expect(digits('09', 0, 2)).toBe(9);
  });
});

describe('isCalendarDate', () => {
  it('agrees with Date.UTC on every day of four years (a leap year, a century, a 400th, a common year)', () => {
    for (const year of [2024, 1900, 2000, 2023]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const d = new Date(Date.UTC(year, month - 1, day));
          const real = month >= 1 && month <= 12 && day >= 1 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
          expect(isCalendarDate(year, month, day), `${year}-${month}-${day}`).toBe(real);
        }
      }
    }
    expect(isCalendarDate(-1, 1, 1)).toBe(false);
  });
});
