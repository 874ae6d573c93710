/**
 * The rows of one tenant's usage log, stored by column in a ring: numbers in Float64Arrays, text
 * as references to shared strings, and the execution id (a UUID, unique to the row) packed into
 * 16 bytes when it is one, so that it is not a string of its own on the heap. A row costs ~110
 * bytes plus its text, and the ring holds no object per row, so a busy simulator's log neither
 * grows the heap nor feeds the garbage collector (kept as row objects, 100,000 rows took ~35 MB
 * and were a third of peak RSS under load). Past the row capacity or the byte budget, the oldest
 * rows go first (issue 18: a log of long client-sent ids reached 1.6 GB).
 *
 * The ring's slots are blocks of BLOCK_ROWS rows, a block added when the rows fill those made: the
 * log of a quiet tenant (or one whose byte budget keeps few rows) stays small, and a busy one does
 * not copy what it holds to grow (grown by doubling, the copies cost ~1 µs a request while a log
 * filled under load, and each copy was garbage for a full collection). Only rows that the byte
 * budget thinned before smaller ones filled the ring are laid out again.
 *
 * A row's fields are written and read one by one, by name (not in a loop over the columns' names):
 * every row is pushed on the path of every request, and a field read by a computed name costs a
 * generic lookup each (issue 19: ~2.5 µs a row in loops, under the bench's list varied).
 */
import type { UsageRow } from './index';
import { packUuid, unpackUuid, UUID_BYTES, UUID_CHARS } from './uuid-bytes';

/** The number columns, in the order they are stored (NaN: none). */
const NUMBER_NAMES = ['time', 'userId', 'burstRemaining', 'delayMs', 'durationMs'] as const;
const NUMBERS = NUMBER_NAMES.length;
/** The text columns of a row (each bounded when recorded: index.ts), in the order they are stored. */
export const TEXTS = ['executionId', 'truncatedSessionId', 'method', 'endpoint', 'version', 'responseStatus', 'clientId', 'referenceId'] as const;
type TextColumn = (typeof TEXTS)[number];
const TEXT_COUNT = TEXTS.length;

/** Text repeated from row to row (endpoints, session prefixes, ids of clients) is stored once. */
const INTERNED_MAX = 4096;
/** (chosen) Rows a block of the ring holds (a power of two). */
const BLOCK_ROWS = 2048;
const BLOCK_SHIFT = Math.log2(BLOCK_ROWS);
/** What a row costs besides its text: its numbers and the text references (bytes, rounded up). */
export const ROW_FIXED_BYTES = NUMBERS * 8 + TEXT_COUNT * 8;

const len = (s: string | undefined): number => (s === undefined ? 0 : s.length);
const numberOr = (v: number | undefined): number => (v === undefined ? Number.NaN : v);

/** The UTF-16 units of a row's text, all its text columns together. */
export function textUnits(row: Partial<Record<TextColumn, string | undefined>>): number {
  return len(row.executionId) + len(row.truncatedSessionId) + len(row.method) + len(row.endpoint) + len(row.version) + len(row.responseStatus) + len(row.clientId) + len(row.referenceId);
}

/** The bytes a row's text is counted for: two per UTF-16 unit, as if none of it were shared (an upper bound). */
export function rowBytes(row: Partial<Record<TextColumn, string | undefined>>): number {
  return ROW_FIXED_BYTES + 2 * textUnits(row);
}

/** BLOCK_ROWS rows (fewer in a ring smaller than a block): their numbers, texts and packed execution ids. */
interface Block {
  numbers: Float64Array;
  /** TEXT_COUNT a row, in the order of TEXTS; a row whose execution id is in `uuids` has none here. */
  texts: (string | undefined)[];
  uuids: Uint8Array;
}

const blockOf = (rows: number): Block => ({
  numbers: new Float64Array(rows * NUMBERS),
  texts: new Array<string | undefined>(rows * TEXT_COUNT).fill(undefined),
  uuids: new Uint8Array(rows * UUID_BYTES),
});

export class UsageRing {
  private size = 0;
  /** Slot of the oldest row. */
  private head = 0;
  private used = 0;
  /** Rows the blocks made so far hold (the ring wraps there): a block is added when they are full. */
  private slots = 0;
  private blocks: Block[] = [];
  private readonly interned = new Map<string, string>();

  constructor(readonly capacity: number, readonly maxBytes = Number.POSITIVE_INFINITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`usage log capacity must be a whole number ≥ 1, not ${capacity}`);
    if (!(maxBytes > ROW_FIXED_BYTES)) throw new RangeError(`usage log byte budget must exceed ${ROW_FIXED_BYTES}, not ${maxBytes}`);
  }

  get length(): number {
    return this.size;
  }

  /** Bytes the kept rows are counted for (see rowBytes); at most `maxBytes`. */
  get bytes(): number {
    return this.used;
  }

  /** Rows the ring has room for now, without making a block (tests). */
  get room(): number {
    return this.slots;
  }

  /** Adds a row (its text already bounded by the caller), dropping the oldest rows beyond the capacity or the byte budget. */
  push(row: UsageRow): void {
    const cost = rowBytes(row);
    while (this.size > 0 && (this.size >= this.capacity || this.used + cost > this.maxBytes)) this.dropOldest();
    if (cost > this.maxBytes) return;
    if (this.size === this.slots) this.grow();
    const at = (this.head + this.size) % this.slots;
    this.size++;
    this.used += cost;
    const block = this.blocks[at >>> BLOCK_SHIFT];
    const r = at & (BLOCK_ROWS - 1);
    const n = block.numbers;
    const b = r * NUMBERS;
    n[b] = numberOr(row.time);
    n[b + 1] = numberOr(row.userId);
    n[b + 2] = numberOr(row.burstRemaining);
    n[b + 3] = numberOr(row.delayMs);
    n[b + 4] = numberOr(row.durationMs);
    const t = block.texts;
    const s = r * TEXT_COUNT;
    t[s] = packUuid(row.executionId, block.uuids, r * UUID_BYTES) ? undefined : row.executionId;
    t[s + 1] = this.intern(row.truncatedSessionId);
    t[s + 2] = this.intern(row.method);
    t[s + 3] = this.intern(row.endpoint);
    t[s + 4] = this.intern(row.version);
    t[s + 5] = this.intern(row.responseStatus);
    t[s + 6] = this.intern(row.clientId);
    t[s + 7] = this.intern(row.referenceId);
  }

  /** The rows, oldest first, that `keep` accepts (by time, before the row is built). */
  rows(keep: (time: number) => boolean = () => true): UsageRow[] {
    const out: UsageRow[] = [];
    for (let i = 0; i < this.size; i++) {
      const at = (this.head + i) % this.slots;
      const { numbers, texts, uuids } = this.blocks[at >>> BLOCK_SHIFT];
      const r = at & (BLOCK_ROWS - 1);
      const b = r * NUMBERS;
      if (!keep(numbers[b])) continue;
      const row = { delayMs: 0, durationMs: 0 } as UsageRow;
      NUMBER_NAMES.forEach((c, k) => {
        const v = numbers[b + k];
        if (!Number.isNaN(v)) row[c] = v;
      });
      const s = r * TEXT_COUNT;
      TEXTS.forEach((c, k) => {
        const v = texts[s + k];
        if (v !== undefined) row[c] = v;
      });
      row.executionId ??= unpackUuid(uuids, r * UUID_BYTES);
      out.push(row);
    }
    return out;
  }

  private dropOldest(): void {
    const t = this.blocks[this.head >>> BLOCK_SHIFT].texts;
    const s = (this.head & (BLOCK_ROWS - 1)) * TEXT_COUNT;
    let units = t[s] === undefined ? UUID_CHARS : t[s]!.length;
    for (let k = 1; k < TEXT_COUNT; k++) units += len(t[s + k]);
    t.fill(undefined, s, s + TEXT_COUNT);
    this.used -= ROW_FIXED_BYTES + 2 * units;
    this.head = (this.head + 1) % this.slots;
    this.size--;
    if (this.size === 0) this.head = 0;
  }

  /**
   * Room for one more block of rows (up to the capacity): a block added after the others while the
   * oldest row is in slot 0 (nothing copied); else (the byte budget dropped rows, then smaller rows
   * filled the ring) the rows laid out again from slot 0, oldest first, into blocks made anew.
   */
  private grow(): void {
    const rows = Math.min(this.capacity, this.slots + BLOCK_ROWS);
    if (this.head === 0) {
      this.blocks.push(blockOf(rows - this.slots));
      this.slots = rows;
      return;
    }
    const blocks: Block[] = [];
    for (let from = 0; from < rows; from += BLOCK_ROWS) blocks.push(blockOf(Math.min(BLOCK_ROWS, rows - from)));
    for (let i = 0; i < this.size; i++) {
      const at = (this.head + i) % this.slots;
      const a = this.blocks[at >>> BLOCK_SHIFT];
      const b = blocks[i >>> BLOCK_SHIFT];
      const ra = at & (BLOCK_ROWS - 1);
      const rb = i & (BLOCK_ROWS - 1);
      b.numbers.set(a.numbers.subarray(ra * NUMBERS, (ra + 1) * NUMBERS), rb * NUMBERS);
      for (let k = 0; k < TEXT_COUNT; k++) b.texts[rb * TEXT_COUNT + k] = a.texts[ra * TEXT_COUNT + k];
      b.uuids.set(a.uuids.subarray(ra * UUID_BYTES, (ra + 1) * UUID_BYTES), rb * UUID_BYTES);
    }
    this.blocks = blocks;
    this.slots = rows;
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
