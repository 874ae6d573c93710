/**
 * The rows of one tenant's usage log, stored by column in a ring: numbers in Float64Arrays, text
 * as references to shared strings, and the execution id (a UUID, unique to the row) packed into
 * 16 bytes when it is one, so that it is not a string of its own on the heap. A row costs ~110 bytes plus its text, and the ring holds
 * no object per row, so a busy simulator's log neither grows the heap nor feeds the garbage
 * collector (kept as row objects, 100,000 rows took ~35 MB and were a third of peak RSS under load).
 * It grows by doubling up to its row capacity; past the row capacity or the byte budget, the oldest
 * rows go first (issue 18: a log of long client-sent ids reached 1.6 GB).
 */
import type { UsageRow } from './index';
import { packUuid, unpackUuid, UUID_BYTES, UUID_CHARS } from './uuid-bytes';

const NUMBERS = ['time', 'userId', 'burstRemaining', 'delayMs', 'durationMs'] as const;
/** The text columns of a row (each bounded when recorded: index.ts). */
export const TEXTS = ['executionId', 'truncatedSessionId', 'method', 'endpoint', 'version', 'responseStatus', 'clientId', 'referenceId'] as const;
type NumberColumn = (typeof NUMBERS)[number];
type TextColumn = (typeof TEXTS)[number];

/** Text repeated from row to row (endpoints, session prefixes, ids of clients) is stored once. */
const INTERNED_MAX = 4096;
const INITIAL_ROWS = 1024;
/** What a row costs besides its text: its numbers and the text references (bytes, rounded up). */
export const ROW_FIXED_BYTES = NUMBERS.length * 8 + TEXTS.length * 8;

/** The bytes a row's text is counted for: two per UTF-16 unit, as if none of it were shared (an upper bound). */
export function rowBytes(row: Partial<Record<TextColumn, string | undefined>>): number {
  let n = ROW_FIXED_BYTES;
  for (const c of TEXTS) n += 2 * (row[c]?.length ?? 0);
  return n;
}

/**
 * A text column of `rows` slots, made at its full length like the number columns: a column grown
 * a row at a time reallocates itself over and over (the old copies, up to 800 KB each at 100,000
 * rows, garbage for a full collection).
 */
const slotsOf = (rows: number): (string | undefined)[] => new Array<string | undefined>(rows).fill(undefined);

export class UsageRing {
  private size = 0;
  /** Index of the oldest row. */
  private head = 0;
  private used = 0;
  private numbers: Record<NumberColumn, Float64Array>;
  /** The text columns; a row whose execution id is in `uuids` has none in `texts.executionId`. */
  private texts: Record<TextColumn, (string | undefined)[]>;
  private uuids: Uint8Array;
  private readonly interned = new Map<string, string>();

  constructor(readonly capacity: number, readonly maxBytes = Number.POSITIVE_INFINITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`usage log capacity must be a whole number ≥ 1, not ${capacity}`);
    if (!(maxBytes > ROW_FIXED_BYTES)) throw new RangeError(`usage log byte budget must exceed ${ROW_FIXED_BYTES}, not ${maxBytes}`);
    const rows = Math.min(INITIAL_ROWS, capacity);
    this.numbers = Object.fromEntries(NUMBERS.map((c) => [c, new Float64Array(rows)])) as Record<NumberColumn, Float64Array>;
    this.texts = Object.fromEntries(TEXTS.map((c) => [c, slotsOf(rows)])) as unknown as Record<TextColumn, (string | undefined)[]>;
    this.uuids = new Uint8Array(rows * UUID_BYTES);
  }

  get length(): number {
    return this.size;
  }

  /** Bytes the kept rows are counted for (see rowBytes); at most `maxBytes`. */
  get bytes(): number {
    return this.used;
  }

  /** Adds a row (its text already bounded by the caller), dropping the oldest rows beyond the capacity or the byte budget. */
  push(row: UsageRow): void {
    const cost = rowBytes(row);
    while (this.size > 0 && (this.size >= this.capacity || this.used + cost > this.maxBytes)) this.dropOldest();
    if (cost > this.maxBytes) return;
    if (this.size === this.numbers.time.length) this.grow();
    const at = (this.head + this.size) % this.numbers.time.length;
    this.size++;
    this.used += cost;
    for (const c of NUMBERS) this.numbers[c][at] = row[c] ?? Number.NaN;
    this.texts.executionId[at] = packUuid(row.executionId, this.uuids, at * UUID_BYTES) ? undefined : row.executionId;
    for (const c of TEXTS) if (c !== 'executionId') this.texts[c][at] = this.intern(row[c]);
  }

  /** The rows, oldest first, that `keep` accepts (by time, before the row is built). */
  rows(keep: (time: number) => boolean = () => true): UsageRow[] {
    const out: UsageRow[] = [];
    const slots = this.numbers.time.length;
    for (let i = 0; i < this.size; i++) {
      const at = (this.head + i) % slots;
      if (!keep(this.numbers.time[at])) continue;
      const row = { delayMs: 0, durationMs: 0 } as UsageRow;
      for (const c of NUMBERS) {
        const v = this.numbers[c][at];
        if (!Number.isNaN(v)) row[c] = v;
      }
      for (const c of TEXTS) {
        const v = this.texts[c][at];
        if (v !== undefined) row[c] = v;
      }
      row.executionId ??= unpackUuid(this.uuids, at * UUID_BYTES);
      out.push(row);
    }
    return out;
  }

  private dropOldest(): void {
    const at = this.head;
    const text: Partial<Record<TextColumn, string | undefined>> = {};
    for (const c of TEXTS) {
      text[c] = this.texts[c][at];
      this.texts[c][at] = undefined;
    }
    this.used -= rowBytes(text) + (text.executionId === undefined ? 2 * UUID_CHARS : 0);
    this.head = (this.head + 1) % this.numbers.time.length;
    this.size--;
    if (this.size === 0) this.head = 0;
  }

  /** Doubles the slots (up to the capacity), laying the rows out from slot 0, oldest first. */
  private grow(): void {
    const slots = this.numbers.time.length;
    const rows = Math.min(this.capacity, slots * 2);
    const order = (i: number) => (this.head + i) % slots;
    for (const c of NUMBERS) {
      const bigger = new Float64Array(rows);
      for (let i = 0; i < this.size; i++) bigger[i] = this.numbers[c][order(i)];
      this.numbers[c] = bigger;
    }
    for (const c of TEXTS) {
      const old = this.texts[c];
      const bigger = slotsOf(rows);
      for (let i = 0; i < this.size; i++) bigger[i] = old[order(i)];
      this.texts[c] = bigger;
    }
    const uuids = new Uint8Array(rows * UUID_BYTES);
    for (let i = 0; i < this.size; i++) uuids.set(this.uuids.subarray(order(i) * UUID_BYTES, (order(i) + 1) * UUID_BYTES), i * UUID_BYTES);
    this.uuids = uuids;
    this.head = 0;
  }

  private intern(s: string | undefined): string | undefined {
    if (s === undefined) return undefined;
    const known = this.interned.get(s);
    if (known !== undefined) return known;
    if (this.interned.size >= INTERNED_MAX) this.interned.clear();
    this.interned.set(s, s);
    return s;
  }
}
