/**
 * The one simulator clock (gaps.md §3): sessions, throttling windows, page-link expiry and
 * document dates all read it. Tests and the control plane move it (`advance`, `set`) or stop it
 * (`freeze`); nothing in dms-sim sleeps on wall time except a throttled or delayed call, which
 * goes through `sleep` so that tests can replace it.
 */
export interface Clock {
  /** Milliseconds since the epoch, on the simulator's time line. */
  now(): number;
  /** Moves simulated time forward (no-op for a negative amount). */
  advance(ms: number): void;
  /** Waits `ms` of delay; a simulated clock advances itself instead of waiting. */
  sleep(ms: number): Promise<void>;
  /** Sets simulated time to `ms` (backwards too); a frozen clock stays frozen there. */
  set(ms: number): void;
  /** Stops simulated time where it is (only `advance`, `set` and `sleep` move it then). */
  freeze(): void;
  /** Lets simulated time run on from where it stands. */
  unfreeze(): void;
  readonly frozen: boolean;
  /** Back to the clock as made: its start (manual) or wall time (system), not frozen. */
  reset(): void;
}

/** Wall time plus an offset the control plane can move; frozen, it stands still until unfrozen. */
export function systemClock(): Clock {
  let offset = 0;
  /** The time it stands at while frozen. */
  let stopped: number | undefined;
  return {
    now: () => stopped ?? Date.now() + offset,
    advance: (ms) => {
      if (!(ms > 0)) return;
      if (stopped !== undefined) stopped += ms;
      else offset += ms;
    },
    sleep: (ms) =>
      new Promise((resolve) =>
        setTimeout(() => {
          // A frozen clock does not move by itself: the delay moves it, as it would have.
          if (stopped !== undefined && ms > 0) stopped += ms;
          resolve();
        }, ms),
      ),
    set: (ms) => {
      if (stopped !== undefined) stopped = ms;
      else offset = ms - Date.now();
    },
    freeze: () => {
      stopped ??= Date.now() + offset;
    },
    unfreeze: () => {
      if (stopped === undefined) return;
      offset = stopped - Date.now();
      stopped = undefined;
    },
    get frozen() {
      return stopped !== undefined;
    },
    reset: () => {
      offset = 0;
      stopped = undefined;
    },
  };
}

/**
 * A clock that only moves when told: for tests. `sleep` advances it and resolves at once. It is
 * always frozen in the sense that wall time does not move it; `frozen` reports what the control
 * plane was told (`freeze`/`unfreeze`), which changes nothing else.
 */
export function manualClock(start = Date.parse('2026-01-15T09:00:00.000Z')): Clock & { slept: number[] } {
  let t = start;
  let frozen = false;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    advance: (ms) => {
      if (ms > 0) t += ms;
    },
    sleep: async (ms) => {
      slept.push(ms);
      if (ms > 0) t += ms;
    },
    set: (ms) => {
      t = ms;
    },
    freeze: () => {
      frozen = true;
    },
    unfreeze: () => {
      frozen = false;
    },
    get frozen() {
      return frozen;
    },
    reset: () => {
      t = start;
      frozen = false;
    },
  };
}

/** The ms of 10000-01-01T00:00:00Z: from there on, toISOString writes a six-digit, signed year. */
const YEAR_10000 = 253_402_300_800_000;
const MS_PER_DAY = 86_400_000;
const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, written out by arithmetic for whole ms in years 1970–9999 (about
 * 3× faster: a record holds three such dates, issue 19), through Date otherwise (before 1970,
 * fractions, years past 9999, invalid values: the same text, or the same RangeError). A property
 * test holds the two equal.
 */
export function isoMillis(ms: number): string {
  if (!(ms >= 0 && ms < YEAR_10000) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / MS_PER_DAY);
  let rest = ms - days * MS_PER_DAY;
  // The civil date of a day number (H. Hinnant's days_from_civil, inverted), in 400-year eras from 0000-03-01.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
