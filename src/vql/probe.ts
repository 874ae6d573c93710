/**
 * Index probes: the candidate rows of a WHERE tree, read from kept key indexes (a frame's slots
 * sorted by a field's key, or by its LIKE text: sorted.ts) instead of a scan. `=`, IN / CONTAINS,
 * `<`, `<=`, `>`, `>=`, BETWEEN and `LIKE 'x%'` (or a LIKE without `%`) on a single-valued cached
 * field give runs of such an index; an AND takes its most selective indexed part, an OR the union
 * of its parts (when every part has one). Candidates are a superset of the matching rows: the
 * caller runs the whole compiled test on each, unless they are `exact` (a comparison, IN, BETWEEN
 * or prefix LIKE, or an OR of such: the run is exactly its matching rows) and nothing else tests.
 */
import type { Condition } from './ast';
import { chain, compileOperand, perElement } from './compile';
import { columnOf, type Change, type Frame } from './frame';
import type { Scope } from './resolve';
import { giveBackScratch, scratchSlots, scratchWords } from './scratch';
import { slotRange } from './slot-range';
import { firstWhere, keyCompare, sortedOf } from './sorted';
import { compareKeys, rank, type Key } from './values';
import type { Row } from './catalog';

/** Candidate slots: runs [lo, hi) of sorted permutations (runs may overlap for an OR; one run holds each slot once). */
export interface Candidates {
  size: number;
  runs: Array<{ perm: Int32Array; lo: number; hi: number }>;
  /** The candidates are exactly the rows that satisfy the condition (no test needed). */
  exact: boolean;
}

export type Probe = (frame: Frame) => Candidates | undefined;

const NONE: Candidates = { size: 0, runs: [], exact: true };

/** A frame's slots sorted by a column of scalar keys (kept, patched); undefined when some value is an array. */
function keyIndex(frame: Frame, sig: string, derive: (row: Row) => unknown): { perm: Int32Array; col: unknown[] } | undefined {
  const col = columnOf(frame, sig, derive);
  const flag = `scalar:${sig}`;
  let scalar = frame.get<{ ok: boolean } | undefined>(flag);
  if (!scalar) {
    const holder = { ok: !col.some((v) => Array.isArray(v)) };
    scalar = frame.keep(flag, holder, (c: Change) => {
      for (const i of c.replaced) if (Array.isArray(col[i])) holder.ok = false;
      for (let i = c.oldLength; i < c.length; i++) if (Array.isArray(col[i])) holder.ok = false;
      return true;
    });
  }
  if (!scalar.ok) return undefined;
  return { perm: sortedOf(frame, `key:${sig}`, () => keyCompare(col)), col };
}

/** Bounds in an index of the keys of `lit`'s kind (no key sorts last). */
function kindBlock(perm: Int32Array, col: readonly unknown[], lit: Key): [number, number] {
  const r = rank(lit);
  const lo = firstWhere(perm, col, 0, perm.length, (k) => k === undefined || rank(k) >= r);
  const hi = firstWhere(perm, col, lo, perm.length, (k) => k === undefined || rank(k) > r);
  return [lo, hi];
}

type Bound = { key: Key; inclusive: boolean } | undefined;

/** The run of keys of lit's kind between `low` and `high` (each optional). */
function keyRun(ix: { perm: Int32Array; col: unknown[] }, kind: Key, low: Bound, high: Bound): Candidates {
  const { perm, col } = ix;
  let [lo, hi] = kindBlock(perm, col, kind);
  if (low) lo = firstWhere(perm, col, lo, hi, (k) => (low.inclusive ? compareKeys(k, low.key) >= 0 : compareKeys(k, low.key) > 0));
  if (high) hi = firstWhere(perm, col, lo, hi, (k) => (high.inclusive ? compareKeys(k, high.key) > 0 : compareKeys(k, high.key) >= 0));
  return hi > lo ? { size: hi - lo, runs: [{ perm, lo, hi }], exact: true } : NONE;
}

/**
 * The slots in every one of `parts` (each exact), as one run. Parts that are ranges of slots (a key
 * index that is the identity: slot-range.ts) narrow the range; the others' slots are kept when in it.
 */
function intersect(parts: Candidates[], n: number): Candidates {
  let lo = 0;
  let hi = n;
  let rangePerm: Int32Array | undefined;
  const rest: Candidates[] = [];
  for (const part of parts) {
    const range = part.runs.length === 1 ? slotRange(part.runs[0]) : undefined;
    if (!range) {
      rest.push(part);
      continue;
    }
    [lo, hi] = [Math.max(lo, range[0]), Math.min(hi, range[1])];
    rangePerm = part.runs[0].perm;
  }
  if (!rangePerm) return intersectSets(parts, n);
  if (hi <= lo) return NONE;
  if (rest.length === 0) return { size: hi - lo, runs: [{ perm: rangePerm, lo, hi }], exact: true };
  // Disjoint runs of one permutation (an IN's) hold each slot once; else (an OR's runs may overlap) each slot once through the bitsets.
  const others = (rest.length === 1 && disjointRuns(rest[0])) || intersectSets(rest, n);
  const slots = scratchSlots(Math.min(others.size, hi - lo));
  let size = 0;
  for (const run of others.runs) {
    for (let p = run.lo; p < run.hi; p++) {
      const i = run.perm[p];
      if (i >= lo && i < hi) slots[size++] = i;
    }
  }
  if (others !== rest[0]) giveBackCandidates(others);
  return { size, runs: [{ perm: slots.subarray(0, size), lo: 0, hi: size }], exact: true };
}

/** The part with its runs in order, when they are of one permutation and do not overlap (a run given twice counted once: `IN ('a', 'a')`); else undefined. */
function disjointRuns(part: Candidates): Candidates | undefined {
  if (part.runs.length === 1) return part;
  const perm = part.runs[0].perm;
  if (part.runs.some((r) => r.perm !== perm)) return undefined;
  const runs = [...part.runs].sort((a, b) => a.lo - b.lo || a.hi - b.hi);
  const out = [runs[0]];
  for (let k = 1; k < runs.length; k++) {
    const [prev, run] = [out[out.length - 1], runs[k]];
    if (run.lo === prev.lo && run.hi === prev.hi) continue;
    if (run.lo < prev.hi) return undefined;
    out.push(run);
  }
  return { size: out.reduce((n, r) => n + r.hi - r.lo, 0), runs: out, exact: part.exact };
}

/**
 * The slots in every one of `parts` (each exact), as one run: the smallest part's slots as a bitset,
 * narrowed by each next part, the largest read last (its slots kept once each: an OR's runs may
 * overlap). A bitset of n bits and one pass per part (not a byte per slot and a pass more).
 */
function intersectSets(parts: Candidates[], n: number): Candidates {
  const sorted = [...parts].sort((a, b) => a.size - b.size);
  const words = (n + 31) >>> 5;
  let bits = scratchWords(words);
  for (const { perm, lo, hi } of sorted[0].runs) for (let p = lo; p < hi; p++) bits[perm[p] >>> 5] |= 1 << (perm[p] & 31);
  for (let k = 1; k < sorted.length - 1; k++) {
    const next = scratchWords(words);
    for (const { perm, lo, hi } of sorted[k].runs) {
      for (let p = lo; p < hi; p++) {
        const i = perm[p];
        const bit = 1 << (i & 31);
        if ((bits[i >>> 5] & bit) !== 0) next[i >>> 5] |= bit;
      }
    }
    giveBackScratch(bits);
    bits = next;
  }
  const slots = scratchSlots(sorted[0].size);
  let size = 0;
  for (const { perm, lo, hi } of sorted[sorted.length - 1].runs) {
    for (let p = lo; p < hi; p++) {
      const i = perm[p];
      const bit = 1 << (i & 31);
      if ((bits[i >>> 5] & bit) === 0) continue;
      bits[i >>> 5] ^= bit;
      slots[size++] = i;
    }
  }
  giveBackScratch(bits);
  return { size, runs: [{ perm: slots.subarray(0, size), lo: 0, hi: size }], exact: true };
}

/**
 * Gives back the scratch memory (scratch.ts) of candidates' runs that `kept` does not read, or of
 * all of them: their user is done with them (the permutations of key indexes are not scratch, and
 * stay).
 */
export function giveBackCandidates(parts: Candidates | undefined, kept?: Candidates): void {
  if (!parts) return;
  for (const run of parts.runs) if (!kept?.runs.some((r) => r.perm.buffer === run.perm.buffer)) giveBackScratch(run.perm);
}

function union(parts: Candidates[]): Candidates {
  return { size: parts.reduce((n, p) => n + p.size, 0), runs: parts.flatMap((p) => p.runs), exact: parts.every((p) => p.exact) };
}

const isValue = (kind: string) => kind === 'string' || kind === 'number' || kind === 'boolean';

/** The probe of a WHERE tree, or undefined when no index can narrow it (compile the condition first: this one does not check it). */
export function compileProbe(scope: Scope, c: Condition): Probe | undefined {
  switch (c.kind) {
    case 'and': {
      const parts = chain(c, 'and').map((x) => compileProbe(scope, x));
      const probes = parts.filter((p): p is Probe => p !== undefined);
      if (probes.length === 0) return undefined;
      return (frame) => {
        const found: Candidates[] = [];
        for (const p of probes) {
          const f = p(frame);
          if (f?.size === 0) return f.exact ? f : { ...f, exact: true };
          if (f) found.push(f);
        }
        if (found.length === 0) return undefined;
        // Every part exact: their intersection is exactly the AND's rows.
        const result = found.length === parts.length && found.every((f) => f.exact)
          ? intersect(found, frame.length)
          // Else the fewest candidates: the other parts still narrow them.
          : { ...found.reduce((a, b) => (b.size < a.size ? b : a)), exact: false };
        for (const f of found) giveBackCandidates(f, result);
        return result;
      };
    }
    case 'or': {
      const probes = chain(c, 'or').map((x) => compileProbe(scope, x));
      if (probes.some((p) => p === undefined)) return undefined;
      return (frame) => {
        const parts: Candidates[] = [];
        for (const p of probes) {
          const found = p!(frame);
          if (!found) return undefined;
          parts.push(found);
        }
        return union(parts);
      };
    }
    case 'compare':
    case 'in':
    case 'contains':
    case 'between':
    case 'like':
      break;
    default:
      return undefined;
  }
  const o = compileOperand(scope, c.left);
  if (o.sig === undefined || o.field.info.multiValue) return undefined;
  const keys = { sig: `k:${o.sig}`, derive: perElement(o.field.get, o.key) };
  const index = (frame: Frame) => keyIndex(frame, keys.sig, keys.derive);
  switch (c.kind) {
    case 'compare': {
      if (!isValue(c.right.kind) || c.op === '!=') return undefined;
      const lit = o.literal(c.right as Extract<typeof c.right, { kind: 'string' }>);
      const at = { key: lit, inclusive: true };
      const op = c.op;
      return (frame) => {
        const ix = index(frame);
        if (!ix) return undefined;
        switch (op) {
          case '=': return keyRun(ix, lit, at, at);
          case '<': return keyRun(ix, lit, undefined, { key: lit, inclusive: false });
          case '<=': return keyRun(ix, lit, undefined, at);
          case '>': return keyRun(ix, lit, { key: lit, inclusive: false }, undefined);
          case '>=': return keyRun(ix, lit, at, undefined);
        }
      };
    }
    case 'in':
    case 'contains': {
      if (c.values.some((v) => !isValue(v.kind))) return undefined;
      const lits = [...new Set(c.values.map((v) => o.literal(v)))];
      return (frame) => {
        const ix = index(frame);
        return ix && union(lits.map((lit) => keyRun(ix, lit, { key: lit, inclusive: true }, { key: lit, inclusive: true })));
      };
    }
    case 'between': {
      const low = o.literal(c.low);
      const high = o.literal(c.high);
      if (low === undefined || high === undefined) return () => NONE;
      return (frame) => {
        const ix = index(frame);
        return ix && keyRun(ix, low, { key: low, inclusive: true }, { key: high, inclusive: true });
      };
    }
    case 'like': {
      const pattern = o.lower ? c.pattern.toLowerCase() : c.pattern;
      const cut = pattern.indexOf('%');
      if (cut === 0 || (cut > 0 && !/^%+$/.test(pattern.slice(cut)))) return undefined;
      const texts = { sig: `t:${o.lower}:${o.sig}`, derive: perElement(o.field.get, o.text) };
      if (cut < 0) {
        const at = { key: pattern, inclusive: true };
        return (frame) => {
          const ix = keyIndex(frame, texts.sig, texts.derive);
          return ix && keyRun(ix, pattern, at, at);
        };
      }
      const prefix = pattern.slice(0, cut);
      return (frame) => {
        const ix = keyIndex(frame, texts.sig, texts.derive);
        if (!ix) return undefined;
        const { perm, col } = ix;
        const [blockLo, blockHi] = kindBlock(perm, col, prefix);
        const lo = firstWhere(perm, col, blockLo, blockHi, (k) => compareKeys(k, prefix) >= 0);
        const hi = firstWhere(perm, col, lo, blockHi, (k) => !(k as string).startsWith(prefix));
        return hi > lo ? { size: hi - lo, runs: [{ perm, lo, hi }], exact: true } : NONE;
      };
    }
  }
}

/** The probe giving the fewest candidates of several (each narrows the same rows: they are ANDed; the others' scratch memory goes back); undefined for none. */
export function smallest(probes: ReadonlyArray<Probe | undefined>): Probe | undefined {
  const some = probes.filter((p): p is Probe => p !== undefined);
  if (some.length <= 1) return some[0];
  return (frame) => {
    let best: Candidates | undefined;
    for (const p of some) {
      const found = p(frame);
      if (!found) continue;
      if (!best || found.size < best.size) {
        giveBackCandidates(best, found);
        best = found;
      } else giveBackCandidates(found, best);
    }
    return best && best.size > 0 ? { ...best, exact: false } : best;
  };
}
