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

export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}
