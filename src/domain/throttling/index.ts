/**
 * Burst limits (gaps.md §4), on fixed windows of the simulator clock.
 * - Authentication (endpoint 1): per user name + domain name, 1-minute window. From half the
 *   limit every call is delayed; once the whole burst is spent, calls fail until the window ends.
 * - API (every other call): per tenant, 5-minute window; over the limit calls are delayed, never refused.
 */
import { BoundedStore } from '../bounded-store';
import type { Clock } from '../clock';
import { apiError } from '../errors';

export const AUTH_WINDOW_MS = 60_000;
export const API_WINDOW_MS = 5 * 60_000;
/**
 * Counters kept per window (chosen, issue 18): a key's counter expires with its window, and beyond
 * this many live keys the least recently counted one is dropped (it starts again from zero).
 */
export const MAX_COUNTED_KEYS = 10_000;
/** Longest user name a login may send (chosen; the spec shows none): longer is INVALID_DATA, counted nowhere. */
export const MAX_USERNAME_LENGTH = 255;

/** More than `max` characters (code points), without walking a text far over it. */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  let n = 0;
  for (const _ of text) if (++n > max) return true;
  return false;
}

export interface BurstDecision {
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Milliseconds to delay this call (0: none). */
  delayMs: number;
  /** True when the call must be refused (authentication burst spent). */
  refused: boolean;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export class FixedWindowCounter {
  private readonly windows: BoundedStore<string, { start: number; count: number }>;

  constructor(private readonly clock: Clock, private readonly windowMs: number, maxKeys = MAX_COUNTED_KEYS) {
    this.windows = new BoundedStore(clock, maxKeys);
  }

  /** Keys with a live counter (at most `maxKeys`). */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one call for `key` and returns the count in the current window, and when it resets. */
  hit(key: string): { count: number; resetInMs: number } {
    const now = this.clock.now();
    const start = now - (now % this.windowMs);
    let w = this.windows.get(key);
    if (!w || w.start !== start) w = { start, count: 0 };
    w.count += 1;
    // Set again: the most recently counted key, expiring with its window.
    this.windows.set(key, w, start + this.windowMs);
    return { count: w.count, resetInMs: start + this.windowMs - now };
  }

  /** Takes back one call counted for `key` (none when it has none; a past window's count is read by no one). */
  uncount(key: string): void {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  /** The count of `key` in the current window, without counting a call (0 when it has none). */
  peek(key: string): number {
    const now = this.clock.now();
    const w = this.windows.get(key);
    return w && w.start === now - (now % this.windowMs) ? w.count : 0;
  }
}

export interface ThrottleSettings {
  throttling: boolean;
  throttleDelayMs: number;
}

export class Throttle {
  private readonly auth: FixedWindowCounter;
  private readonly api: FixedWindowCounter;

  constructor(clock: Clock, private readonly settings: ThrottleSettings, maxKeys = MAX_COUNTED_KEYS) {
    this.auth = new FixedWindowCounter(clock, AUTH_WINDOW_MS, maxKeys);
    this.api = new FixedWindowCounter(clock, API_WINDOW_MS, maxKeys);
  }

  /** Live login counters (user name + domain), at most `maxKeys`. */
  get authKeys(): number {
    return this.auth.size;
  }

  /** One login attempt by `username` at `domain`; a user name over MAX_USERNAME_LENGTH is INVALID_DATA and counts nothing. */
  authCall(username: string, domain: string, limit: number): BurstDecision {
    if (longerThan(username, MAX_USERNAME_LENGTH)) throw apiError('valueTooLong', 'username', MAX_USERNAME_LENGTH);
    const { count, resetInMs } = this.auth.hit(`${username.trim().toLowerCase()}\u0000${domain}`);
    // Throttling off (--no-throttle, for benchmarks) neither delays nor refuses.
    const refused = this.settings.throttling && count > limit;
    const delayed = !refused && count > Math.floor(limit / 2);
    return { limit, remaining: Math.max(0, limit - count), delayMs: this.delay(delayed), refused, resetInMs };
  }

  /** One API call to `tenantId`. */
  apiCall(tenantId: number, limit: number): BurstDecision {
    const { count, resetInMs } = this.api.hit(String(tenantId));
    return { limit, remaining: Math.max(0, limit - count), delayMs: this.delay(count > limit), refused: false, resetInMs };
  }

  /** Takes back a call `apiCall` counted for `tenantId` in the current window (one the service would have refused before counting it). */
  apiUncount(tenantId: number): void {
    this.api.uncount(String(tenantId));
  }

  /** Where `tenantId`'s API window stands, without counting a call (answers that count none still report it). */
  apiStanding(tenantId: number, limit: number): { limit: number; remaining: number } {
    return { limit, remaining: Math.max(0, limit - this.api.peek(String(tenantId))) };
  }

  private delay(delayed: boolean): number {
    return delayed && this.settings.throttling ? this.settings.throttleDelayMs : 0;
  }
}
