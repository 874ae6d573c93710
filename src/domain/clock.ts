/**
 * The one simulator clock (gaps.md §3): sessions, throttling windows and page-link expiry all
 * read it. Tests and the control plane advance it; nothing in dms-sim sleeps on wall time
 * except a throttled call's delay, which goes through `sleep` so tests can replace it.
 */
export interface Clock {
  /** Milliseconds since the epoch, on the simulator's time line. */
  now(): number;
  /** Moves simulated time forward (no-op for a negative amount). */
  advance(ms: number): void;
  /** Waits `ms` of delay; a simulated clock advances itself instead of waiting. */
  sleep(ms: number): Promise<void>;
}

/** Wall time plus an offset the control plane can grow. */
export function systemClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      if (ms > 0) offset += ms;
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** A clock that only moves when told: for tests. `sleep` advances it and resolves at once. */
export function manualClock(start = Date.parse('2026-01-15T09:00:00.000Z')): Clock & { slept: number[] } {
  let t = start;
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
  };
}

export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}
