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
import { type Candidates, giveBackCandidates, NONE } from './candidates';
import { intersect } from './intersect';
import { firstWhere, keyCompare, sortedOf } from './sorted';
import { compareKeys, rank, type Key } from './values';
import type { Row } from './catalog';

export type Probe = (frame: Frame) => Candidates | undefined;

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
  // One key's run (`=`, an IN's value): ties go by slot (keyCompare), so its slots ascend.
  const ascending = low !== undefined && high !== undefined && low.inclusive && high.inclusive && compareKeys(low.key, high.key) === 0;
  return hi > lo ? { size: hi - lo, runs: [{ perm, lo, hi, ascending }], exact: true } : NONE;
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
